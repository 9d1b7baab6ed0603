"""Library checks behind `refapp scenario check`: what makes a scenario able to catch a broken rule.

A scenario that passes can still prove nothing. These checks refuse the three ways that happens:
- two files with the same body (the same run under two names: one file lists several rulings);
- expectations that already hold before the first event (the run could do nothing and pass),
  unless the file says ``kind: setup`` (the ruling is the set-up itself);
- no highlighted event, or a ``highlight`` matcher that matches no event of the log.
Pure functions over loaded scenarios and their runs; the CLI prints the messages.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from engine.core.expect import check_expectations, event_matches
from engine.core.run import ScenarioRun
from engine.core.scenario import Scenario, read_yaml

#: Keys that name or describe a scenario; everything else is its body (what the engine runs).
#: ``highlight`` only marks events, so two files differing in it still make the same run.
IDENTITY_KEYS = frozenset(
    {"id", "entry", "ruling", "rulings", "aliases", "title", "description", "highlight", "kind"}
)


def body_key(raw: dict[str, Any]) -> str:
    """A canonical text of the scenario's body: equal for files that make the same run."""
    return json.dumps({k: v for k, v in raw.items() if k not in IDENTITY_KEYS}, sort_keys=True)


def duplicate_bodies(paths: Iterable[Path]) -> list[str]:
    """One message per group of files whose bodies are identical (merge them: ``rulings: [a, b]``)."""
    groups: dict[str, list[Path]] = defaultdict(list)
    for path in paths:
        raw = read_yaml(path)
        if isinstance(raw, dict):
            groups[body_key(raw)].append(path)
    return [
        f"{group[0].stem}: same body as {', '.join(p.stem for p in group[1:])} "
        "(one file may list several rulings: rulings: [a, b])"
        for group in groups.values()
        if len(group) > 1
    ]


def holds_at_setup(scenario: Scenario, run: ScenarioRun) -> bool:
    """The expectations are already met by the set-up snapshot and the set-up event alone."""
    if not run.snapshots or not run.events:
        return False
    _, failures = check_expectations(scenario.expect, run.snapshots[0], run.events[:1])
    return not failures


def run_problems(scenario: Scenario, run: ScenarioRun) -> list[str]:
    """Why a (passing or failing) run cannot show its ruling: set-up-only, nothing highlighted."""
    problems: list[str] = []
    if scenario.kind != "setup" and holds_at_setup(scenario, run):
        problems.append(
            "expect: every expectation already holds before the first event (the run could do "
            "nothing and pass); expect what the ruling changes, or mark the file kind: setup"
        )
    for i, matcher in enumerate(scenario.highlight):
        if not any(event_matches(e, matcher) for e in run.events):
            problems.append(f"highlight[{i}]: no event of the log matches {matcher}")
    if not run.highlight:
        problems.append(
            "highlight: no event is highlighted (add highlight:, or an expect.events matcher the run meets)"
        )
    return problems
