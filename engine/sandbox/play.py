"""One sandbox replay: situation + answers so far -> events, snapshots and the pending decision."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.decisions import Decision
from engine.core.events import Event
from engine.core.localised import Names
from engine.core.rng import ShuffleError
from engine.sandbox.errors import AnswerRefused, AnswersError, SituationError
from engine.sandbox.games import SetupError, prepare
from engine.sandbox.labels import option_label
from engine.sandbox.replay import ALL_BOARDS, Boards, Budget, ListDecider, Pending, Taken, board_size
from engine.sandbox.situation import LIMITS, Limits, answers_problems, load


@dataclass
class SandboxRun:
    """A replay: every event, the boards asked for (``snapshots[i]`` is the board after event
    ``snapshot_seqs[i]``), the pending decision and the answers used."""

    game: str
    edition: str | None
    players: list[str]
    events: list[Event]
    snapshots: list[dict[str, Any]]
    pending: dict[str, Any] | None
    answers: list[Taken] = field(default_factory=list)
    snapshot_seqs: list[int] = field(default_factory=list)

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
            "snapshot_seqs": list(self.snapshot_seqs),
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


def play(situation: Any, answers: Any, names: Names, limits: Limits = LIMITS,
         boards: Boards = ALL_BOARDS) -> SandboxRun:
    """Replay ``situation`` with ``answers`` (deterministic: seeded), keeping the ``boards`` asked for.

    Raises a :class:`~engine.sandbox.errors.SandboxError` for what the client sent:
    :class:`SituationError` (bad or oversized situation), :class:`AnswersError`,
    :class:`AnswerRefused` (an answer that does not fit, with the engine's reason) and
    :class:`~engine.sandbox.errors.OverBudget` (more work than :class:`Limits` allow);
    :class:`~engine.sandbox.errors.TooSlow` past the wall-clock safety net. Anything else is an
    engine bug.
    """
    scenario = load(situation, limits)
    problems = answers_problems(answers, limits)
    if problems:
        raise AnswersError(problems[0].split(":", 1)[0], "; ".join(problems))
    budget = Budget(limits.events, limits.board_cards, limits.shuffled_cards, limits.wall_seconds)
    decider = ListDecider(answers, budget)
    try:
        prepared = prepare(scenario, decider, names)
    except SetupError as exc:
        raise SituationError("situation." + str(exc).split(":", 1)[0], str(exc)) from None
    log = prepared.log
    counter = _BoardCounter(prepared, budget, boards)
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
    seqs = [i for i, snap in enumerate(log.snapshots) if snap is not None]
    kept = [snap for snap in log.snapshots if snap is not None]
    last = len(log.events) - 1
    if boards.last and last >= 0 and (not seqs or seqs[-1] != last):
        seqs.append(last)
        kept.append(counter.last_board())
    return SandboxRun(scenario.game, scenario.edition, players, log.events, kept, pending,
                      decider.taken, seqs)


def _scalars(state: Any) -> dict[str, Any]:
    return {k: v for k, v in vars(state).items() if v is None or isinstance(v, (int, str))}


class _BoardCounter:
    """Makes the log keep only the boards wanted (None in place of the others) and the shuffler
    count its cards, both against the budget.

    The board after the last event is taken when the replay has stopped: the game may still have
    moved its turn marks then (whose turn, the phase) without an event, so the marks as they were
    after the last event are put back while it is taken; the cards have not moved (a board taken
    after every event agrees: tests/sandbox)."""

    def __init__(self, prepared: Any, budget: Budget, boards: Boards) -> None:
        self.log, self.state, self.budget, self.boards = prepared.log, prepared.state, budget, boards
        self.take = self.log.snapshot
        self.marks: dict[str, Any] = {}
        self.log.snapshot = self.maybe
        shuffler = prepared.shuffler
        shuffle = shuffler.shuffle

        def counted(player: int, cards: list[str]) -> list[str]:
            budget.add_shuffle(len(cards))
            return shuffle(player, cards)

        shuffler.shuffle = counted

    def board(self) -> dict[str, Any]:
        snap = self.take() if self.take is not None else {}
        self.budget.add_board(board_size(snap))
        return snap

    def maybe(self) -> dict[str, Any] | None:
        if self.boards.last:
            self.marks = _scalars(self.state)
        return self.board() if self.boards.wanted(len(self.log.events) - 1) else None  # logged first

    def last_board(self) -> dict[str, Any]:
        now = _scalars(self.state)
        try:
            for key, value in self.marks.items():
                setattr(self.state, key, value)
            return self.board()
        finally:
            for key, value in now.items():
                setattr(self.state, key, value)
