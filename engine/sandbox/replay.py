"""Answering decisions from a list: the sandbox's decider, and how a replay stops.

The sandbox replays a situation from the start with the answers given so far. Each decision the
engine asks takes the next answer; when the list runs out the replay stops with that decision
pending (:class:`Pending`); an answer that does not fit is refused with the engine's reason
(:class:`AnswerRefused`). A CPU-time budget bounds every replay (:class:`OverBudget`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from engine.core.decisions import Decision, DecisionError, validate_answer


class Pending(Exception):  # noqa: N818 - control flow, not an error
    """The answers ran out: ``decision`` is the next one the engine asks."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.describe())
        self.decision = decision


class AnswerRefused(ValueError):
    """Answer ``index`` does not fit the decision asked; ``reason`` is the engine's."""

    def __init__(self, index: int, reason: str, decision: Decision | None = None) -> None:
        super().__init__(f"answers[{index}]: {reason}")
        self.index = index
        self.reason = reason
        self.decision = decision


class OverBudget(Exception):  # noqa: N818
    """The replay used more CPU time or events than one request may."""


@dataclass
class Taken:
    """One answer used: the event count when it was given (``seq``) and what it answered."""

    seq: int
    player: int
    kind: str
    card: str | None
    purpose: str | None
    answer: list[str]

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "player": self.player, "kind": self.kind, "card": self.card,
                "purpose": self.purpose, "answer": list(self.answer)}


@dataclass
class Budget:
    """CPU seconds (this thread) and events one replay may use."""

    cpu_seconds: float
    max_events: int
    started: float = field(default_factory=time.thread_time)

    def check(self, events: int) -> None:
        if events > self.max_events:
            raise OverBudget(f"the replay passed {self.max_events} events")
        if time.thread_time() - self.started > self.cpu_seconds:
            raise OverBudget(f"the replay needed more than {self.cpu_seconds:g} s of engine time")


class ListDecider:
    """A :class:`~engine.core.decisions.Decider` answering from a list, in order."""

    def __init__(self, answers: list[Any], budget: Budget) -> None:
        self.answers = list(answers)
        self.budget = budget
        self.taken: list[Taken] = []
        self.events = lambda: 0  # set by the game glue: how many events the log holds

    def decide(self, decision: Decision, state: Any = None) -> list[str]:
        index = len(self.taken)
        self.budget.check(self.events())
        if index >= len(self.answers):
            raise Pending(decision)
        try:
            picks = validate_answer(decision, self.answers[index])
        except DecisionError as exc:
            raise AnswerRefused(index, str(exc), decision) from None
        context = decision.context
        self.taken.append(Taken(self.events(), decision.player, decision.kind, context.get("card"),
                                context.get("purpose"), list(picks)))
        return picks
