"""One sandbox replay: situation + answers so far -> events, snapshots and the pending decision."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.decisions import Decision
from engine.core.events import Event
from engine.core.localised import Names
from engine.core.rng import ShuffleError
from engine.sandbox.games import SetupError, prepare
from engine.sandbox.labels import option_label
from engine.sandbox.replay import AnswerRefused, Budget, ListDecider, Pending, Taken
from engine.sandbox.situation import LIMITS, Limits, SituationError, answers_problems, load


class AnswersError(ValueError):
    """The answers list is malformed or too long (message names ``answers[i]``)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass
class SandboxRun:
    game: str
    edition: str | None
    players: list[str]
    events: list[Event]
    snapshots: list[dict[str, Any]]
    pending: dict[str, Any] | None
    answers: list[Taken] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return self.pending is None

    def result(self) -> dict[str, Any] | None:
        end = next((e for e in reversed(self.events) if e.kind == "game_end"), None)
        return dict(end.data) if end else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "edition": self.edition,
            "events": [e.to_dict() for e in self.events],
            "snapshots": self.snapshots,
            "pending": self.pending,
            "finished": self.finished,
            "answered": [t.to_dict() for t in self.answers],
            "result": self.result(),
        }


def pending_dict(decision: Decision, names: Names, players: list[str],
                 game: str = "citadels") -> dict[str, Any]:
    card, purpose = decision.context.get("card"), decision.context.get("purpose")
    return {
        "player": decision.player,
        "kind": decision.kind,
        "prompt": dict(decision.prompt),
        "options": list(decision.options),
        "labels": [option_label(o, names, players, card, purpose, game) for o in decision.options],
        "min": decision.min,
        "max": decision.max,
        "card": card,
        "purpose": decision.context.get("purpose"),
    }


def play(situation: Any, answers: Any, names: Names, limits: Limits = LIMITS) -> SandboxRun:
    """Replay ``situation`` with ``answers`` (deterministic: seeded).

    Raises :class:`SituationError` (bad or oversized situation), :class:`AnswersError`,
    :class:`~engine.sandbox.replay.AnswerRefused` (an answer that does not fit, with the
    engine's reason) and :class:`~engine.sandbox.replay.OverBudget`.
    """
    scenario = load(situation, limits)
    problems = answers_problems(answers, limits)
    if problems:
        raise AnswersError(problems[0].split(":", 1)[0], "; ".join(problems))
    budget = Budget(limits.cpu_seconds, limits.events)
    decider = ListDecider(answers, budget)
    try:
        prepared = prepare(scenario, decider, names)
    except SetupError as exc:
        raise SituationError("situation." + str(exc).split(":", 1)[0], str(exc)) from None
    log = prepared.log
    decider.events = lambda: len(log.events)
    log.listeners.append(lambda _event: budget.check(len(log.events)))
    players = [p.name for p in scenario.players]
    pending = None
    try:
        prepared.play()
    except Pending as stop:
        pending = pending_dict(stop.decision, names, players, scenario.game)
    except ShuffleError as exc:
        raise SituationError("situation.shuffles", f"shuffles: {exc}") from None
    used = len(decider.taken)
    if pending is None and used < len(answers):
        raise AnswerRefused(used, "nothing more is asked: the situation has reached its end")
    return SandboxRun(scenario.game, scenario.edition, players, log.events, log.snapshots, pending,
                      decider.taken)
