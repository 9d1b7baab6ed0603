"""ScenarioRun: the result of running a scenario (shape fixed in docs/architecture.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.events import Event, EventLog
from engine.core.expect import check_expectations, highlight_seqs
from engine.core.localised import Localised
from engine.core.scenario import RulingRef, Scenario, identity_dict


@dataclass
class ScenarioRun:
    id: str
    game: str
    edition: str | None
    entry: str
    ruling: str | None
    title: Localised
    events: list[Event] = field(default_factory=list)
    snapshots: list[dict[str, Any]] = field(default_factory=list)
    highlight: list[int] = field(default_factory=list)
    passed: bool = False
    failures: list[str] = field(default_factory=list)
    rulings: list[RulingRef] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            **identity_dict(self),
            "passed": self.passed,
            "failures": list(self.failures),
            "highlight": list(self.highlight),
            "events": [e.to_dict() for e in self.events],
            "snapshots": list(self.snapshots),
        }


def finish_run(scenario: Scenario, log: EventLog, errors: list[str], unused_script: int = 0,
               unused_shuffles: int = 0) -> ScenarioRun:
    """Check expectations against the log's last snapshot and build the ScenarioRun.

    ``errors`` are failures met while playing (a script answer that did not fit, a bad shuffle);
    unused script answers or fixed shuffles are failures too (the scenario did not go as written).
    """
    failures = list(errors)
    if unused_script:
        failures.append(f"script: {unused_script} answer(s) were never asked for")
    if unused_shuffles:
        failures.append(f"shuffles: {unused_shuffles} fixed shuffle outcome(s) were never used")
    final = log.snapshots[-1] if log.snapshots else {}
    seqs, expect_failures = check_expectations(scenario.expect, final, log.events)
    failures.extend(expect_failures)
    if scenario.highlight:
        seqs = highlight_seqs(scenario.highlight, log.events)
    return ScenarioRun(
        id=scenario.id,
        game=scenario.game,
        edition=scenario.edition,
        entry=scenario.entry,
        ruling=scenario.ruling,
        rulings=list(scenario.rulings),
        title=dict(scenario.title),
        events=list(log.events),
        snapshots=list(log.snapshots),
        highlight=seqs,
        passed=not failures,
        failures=failures,
    )
