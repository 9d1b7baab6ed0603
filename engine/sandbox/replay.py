"""Answering decisions from a list, the work budget of one replay, and how a replay stops.

The sandbox replays a situation from the start with the answers given so far. Each decision the
engine asks takes the next answer; when the list runs out the replay stops with that decision
pending (:class:`Pending`); an answer that does not fit is refused with the engine's reason
(:class:`~engine.sandbox.errors.AnswerRefused`).

A :class:`Budget` bounds every replay by its work, counted as the replay goes: events, the
cards on the boards (snapshots) it keeps, and the cards it shuffles. Counts, not clocks: the same
request always stops at the same place with the same :class:`~engine.sandbox.errors.OverBudget`.
A wall-clock deadline far above what any replay within those counts needs is only a safety net
(:class:`~engine.sandbox.errors.TooSlow`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.decisions import Decision, DecisionError, validate_answer
from engine.errors import ControlFlow
from engine.sandbox.errors import AnswerRefused, OverBudget, TooSlow


class Pending(ControlFlow):  # noqa: N818 - control flow, not an error
    """The answers ran out: ``decision`` is the next one the engine asks."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.describe())
        self.decision = decision


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


def board_size(value: Any) -> int:
    """How many cards, piles and counters a board (snapshot) holds: its size in the reply."""
    if isinstance(value, dict):
        return sum(board_size(v) if isinstance(v, (dict, list)) else 1 for v in value.values())
    if isinstance(value, list):
        return sum(board_size(v) if isinstance(v, (dict, list)) else 1 for v in value)
    return 1


CLOCK: Callable[[], float] = time.monotonic  # the safety net's clock (tests/sandbox stop it)


@dataclass
class Budget:
    """The work one replay may do; each ``add_*`` raises OverBudget as soon as a count passes its limit."""

    max_events: int
    max_board_cards: int
    max_shuffled: int
    wall_seconds: float
    clock: Callable[[], float] | None = None  # default: CLOCK
    board_cards: int = 0
    shuffled: int = 0
    deadline: float = field(init=False)

    def __post_init__(self) -> None:
        if self.clock is None:
            self.clock = CLOCK
        self.deadline = self.clock() + self.wall_seconds

    def check(self, events: int) -> None:
        """After each event and before each decision."""
        if events > self.max_events:
            raise OverBudget("events", self.max_events,
                             f"the replay passed {self.max_events:,} events; stop it sooner (setup.stop)")
        if self.clock() > self.deadline:  # type: ignore[misc] - set in __post_init__
            raise TooSlow(f"the replay took more than {self.wall_seconds:g} s")

    def add_board(self, cards: int) -> None:
        self.board_cards += cards
        if self.board_cards > self.max_board_cards:
            raise OverBudget("boards", self.max_board_cards,
                             f"the boards of this replay would hold more than {self.max_board_cards:,} "
                             "cards; ask for fewer boards (snapshots: \"last\" or a list of steps) "
                             "or stop it sooner (setup.stop)")

    def add_shuffle(self, cards: int) -> None:
        self.shuffled += cards
        if self.shuffled > self.max_shuffled:
            raise OverBudget("shuffles", self.max_shuffled,
                             f"the replay would shuffle more than {self.max_shuffled:,} cards; "
                             "stop it sooner (setup.stop) or use smaller decks")


@dataclass(frozen=True)
class Boards:
    """Which boards (snapshots) a replay keeps: after each event from ``since`` on (the default),
    only after the last event (``last``), or after the listed events (``at``)."""

    since: int = 0
    last: bool = False
    at: frozenset[int] | None = None

    def wanted(self, seq: int) -> bool:
        """Whether the board after event ``seq`` is kept while playing (the last one is added at the end)."""
        if self.at is not None:
            return seq in self.at
        return not self.last and seq >= self.since


ALL_BOARDS = Boards()


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
