"""ScenarioRun: the result of running a scenario (shape fixed in docs/architecture.md)."""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.decisions import DecisionError
from engine.core.events import Event, EventLog
from engine.core.expect import check_expectations, highlight_seqs
from engine.core.localised import Localised
from engine.core.rng import ShuffleError, Shuffler
from engine.core.scenario import RulingRef, Scenario, identity_dict
from engine.core.script import ScriptedDecider, ScriptError


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


@dataclass
class Prepared:
    """A scenario's game, built and ready: its log, the shuffler, the state and ``play()``.

    Each game module's ``prepare(scenario, decider, names)`` builds one; ``run`` plays it with the
    scenario's script, and the sandbox with a decider answering from a list (which may stop the
    play by raising when its answers run out: ``play`` lets every exception through).
    """

    log: EventLog
    shuffler: Shuffler
    state: Any
    play: Callable[[], None]


def engine_error(exc: BaseException, log: EventLog, script: ScriptedDecider | None = None) -> str:
    """A failure naming where the run broke: the script step, the last event and the raising line."""
    frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    where = f" ({frame.filename.rsplit('/engine/', 1)[-1]}:{frame.lineno})" if frame else ""
    last = log.events[-1] if log.events else None
    after = f"after event {last.seq} ({last.kind})" if last else "before the first event"
    step = f"at script step {script.used}, " if script is not None else ""
    return f"engine error {step}{after}: {type(exc).__name__}: {exc}{where}"


def play_scripted(scenario: Scenario, prepared: Prepared, script: ScriptedDecider) -> ScenarioRun:
    """Play a prepared scenario with its script; the error policy of every scenario run.

    A script answer that does not fit, a script that runs out and a fixed shuffle that does not fit
    fail the run with their own message; any other exception from the engine fails the run with
    :func:`engine_error` (the step, the last event, the exception and where it was raised). A run
    never raises and never passes after an exception.
    """
    errors: list[str] = []
    try:
        prepared.play()
    except (ScriptError, ShuffleError, DecisionError) as exc:
        errors.append(str(exc))
    except Exception as exc:  # noqa: BLE001 - reported as a failed run naming step and exception
        errors.append(engine_error(exc, prepared.log, script))
    return finish_run(scenario, prepared.log, errors, unused_script=len(script.remaining()),
                      unused_shuffles=prepared.shuffler.unused_fixed())
