"""Library checks behind `refapp scenario check`: what makes a scenario able to catch a broken rule.

A scenario that passes can still prove nothing. These checks refuse the three ways that happens:
- two files with the same body (the same run under two names: one file lists several rulings);
- expectations that already hold before the first event (the run could do nothing and pass),
  unless the file says ``kind: setup`` (the ruling is the set-up itself);
- no highlighted event, or a ``highlight`` matcher that matches no event of the log;
- a ★ (the first highlighted event, where a demo opens) that is not the ruling's event: the event
  ``highlight[0]`` names (else ``expect.events[0]``) must be one event, come first and be one the
  expectations check (:func:`star_problems`).
Pure functions over loaded scenarios and their runs; the CLI prints the messages.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from engine.core.events import Event
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
    problems.extend(star_problems(scenario, run))
    return problems


def star_matcher(scenario: Scenario) -> tuple[str, dict[str, Any]] | None:
    """The matcher naming the event the ruling is about: ``highlight[0]``, else ``expect.events[0]``
    (a file without ``highlight`` highlights its expected events, the first of them is its ★)."""
    if scenario.highlight:
        return "highlight[0]", scenario.highlight[0]
    events = scenario.expect.get("events") or []
    return ("expect.events[0]", events[0]) if events else None


def _checked_player(expect: dict[str, Any], player: int | None) -> bool:
    """The expectations look at this player's end state (zones or counters)."""
    wants = expect.get("players", [])
    return player is not None and player < len(wants) and bool(wants[player])


def is_expected(scenario: Scenario, run: ScenarioRun, event: Event) -> bool:
    """The expectations describe this event: an expected event or decision, an event of a player
    whose end state they check, a move into or out of a shared zone they check, the set-up or the
    draft of a file about the table (piles, shared zones), the end of a game whose result they check."""
    expect = scenario.expect
    seqs, _ = check_expectations(expect, run.snapshots[-1] if run.snapshots else {}, run.events)
    if event.seq in seqs or _checked_player(expect, event.player):
        return True
    table = bool(expect.get("piles") or expect.get("shared"))  # the table's state: set-up, draft
    if event.kind == "setup":
        return scenario.kind == "setup" or table
    if event.kind in ("pick", "set_aside_up", "set_aside_down"):
        return table
    if event.kind == "game_end":
        return "result" in expect
    shared = set(expect.get("shared", {}))
    return bool(shared & {event.from_zone, event.to_zone}) or (event.kind == "phase" and "phase" in expect)


def _said(event: Event) -> tuple[Any, ...]:
    """What an event says, apart from when (two such events cannot be told apart by a matcher)."""
    return (event.kind, event.player, tuple(event.cards), event.from_zone, event.to_zone,
            json.dumps(event.data, sort_keys=True, default=str))


def star_problems(scenario: Scenario, run: ScenarioRun) -> list[str]:
    """Why the ★ (the first highlighted event, where a demo opens) is not the ruling's event.

    The ruling's event is the one ``highlight[0]`` (else ``expect.events[0]``) names: it must match
    one event (or repeats of the very same event), nothing highlighted may come before it, and the
    expectations must check it.
    """
    found = star_matcher(scenario)
    if found is None or not run.highlight:
        return []
    where, matcher = found
    hits = [e for e in run.events if event_matches(e, matcher)]
    if not hits:
        return []  # reported as a highlight matching nothing
    problems = []
    point = hits[0]
    different = [e for e in hits if _said(e) != _said(point)]
    if different:
        problems.append(
            f"{where}: matches {len(hits)} different events (at {', '.join(str(e.seq) for e in hits[:6])}); "
            "name the ruling's event (cards, player or data) so that the ★ is that one event"
        )
    star = run.highlight[0]
    if star != point.seq:
        first = next(e for e in run.events if e.seq == star)
        problems.append(
            f"the ★ ({first.kind} at event {star}) comes before the ruling's event named by {where} "
            f"({point.kind} at event {point.seq}); highlight only the ruling's event and what follows it"
        )
    if not is_expected(scenario, run, point):
        problems.append(
            f"{where}: the ruling's event ({point.kind} at event {point.seq}) is not one the expectations "
            "check; the ★ must be an event the scenario's expect describes"
        )
    return problems
