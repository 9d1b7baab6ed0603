"""The kernel both games are built on: one table with its event log, deciders and shuffler.

A game's rules never touch the log or a decider directly. They call :meth:`Table.emit` after
applying a change, and :meth:`Table.decide` for every choice. ``decide`` answers a decision that
has only one possible answer without asking (logged as a ``decision`` event with ``forced: true``
and its ``answer``); every other decision is logged as a ``decision``
event (kind, player, prompt, options, min, max, context), put to the player's decider, checked
against the options (:func:`~engine.core.decisions.validate_answer`) and logged as an ``answer``
event. Scenarios can therefore assert what a player was offered (``expect.offered``).

With a :class:`~engine.core.events.NullLog` (simulations) nothing is recorded and prompts are
not built, which keeps bot games fast.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.decisions import Decider, Decision, validate_answer
from engine.core.events import EventLog, NullLog
from engine.core.localised import Localised, Names
from engine.core.rng import Shuffler


def forced_answer(kind: str, options: list[str], lo: int, hi: int) -> list[str] | None:
    """The only possible answer, or None when the player has a real choice (a yes/no always is one)."""
    if kind == "confirm":
        return None
    if kind == "order":  # an arrangement: forced only when every option is the same card
        return list(options) if len(set(options)) <= 1 else None
    if hi == 0:
        return []
    if lo == hi and (len(options) == lo or (options and len(set(options)) == 1 and lo <= len(options))):
        return list(options[:lo])
    return None


class Table:
    """Event log, deciders (one per player, or one for all), seeded shuffler and card names."""

    def __init__(
        self,
        deciders: Decider | Sequence[Decider],
        shuffler: Shuffler,
        log: EventLog | None = None,
        names: Names | None = None,
    ) -> None:
        self.deciders: Decider | list[Decider] = (
            deciders if hasattr(deciders, "decide") else list(deciders)  # type: ignore[arg-type]
        )
        self.shuffler = shuffler
        self.log = log if log is not None else NullLog()
        self.logging = self.log.enabled
        self.names: Names = names or {}
        self.decisions = 0  # decisions put to a decider (forced ones are not counted)

    def emit(self, kind: str, player: int | None = None, cards: list[str] | None = None,
             from_zone: str | None = None, to_zone: str | None = None,
             data: dict[str, Any] | None = None) -> None:
        """Record a change that has just been applied (nothing when the log is a NullLog)."""
        if self.logging:
            self.log.emit(kind, player, cards, from_zone, to_zone, data)

    def decider_for(self, player: int) -> Decider:
        deciders = self.deciders
        return deciders[player] if isinstance(deciders, list) else deciders

    def decider_view(self) -> Any:
        """What a decider receives besides the decision (Dominion bots read the game)."""
        return self

    def answer_cards(self, kind: str, picks: list[str]) -> list[str]:
        """The cards an ``answer`` event shows (its data keeps every pick): picked cards, not choices."""
        return picks if kind in ("select", "order") else []

    def decide(self, kind: str, player: int, options: list[str], lo: int, hi: int,
               context: dict[str, Any], prompt: Callable[[], Localised]) -> list[str]:
        """Put a decision to ``player``'s decider (unless forced), log it and its answer, return the picks."""
        # cheap guard first: most decisions (0..1 picks, yes/no) cannot be forced
        forced = forced_answer(kind, options, lo, hi) if (lo == hi or hi == 0) and kind != "confirm" else None
        if forced is not None:
            if self.logging:  # recorded (what was offered), but no decider is asked
                decision = Decision(kind=kind, player=player, prompt=prompt(), options=options, min=lo,
                                    max=hi, context=context)
                self.log.emit("decision", player, [], None, None,
                              {"decision": decision.to_dict(), "forced": True, "answer": forced})
            return forced
        self.decisions += 1
        if not self.logging:  # simulations: the fast path (no prompt, nothing recorded)
            decision = Decision(kind, player, {}, options, lo, hi, context)
            return validate_answer(decision, self.decider_for(player).decide(decision, self.decider_view()))
        decision = Decision(kind, player, prompt(), options, lo, hi, context)
        self.log.emit("decision", player, [], None, None, {"decision": decision.to_dict()})
        picks = validate_answer(decision, self.decider_for(player).decide(decision, self.decider_view()))
        card = context.get("card")
        self.log.emit("answer", player, self.answer_cards(kind, picks), None, None,
                      {"purpose": context.get("purpose", ""), "answer": picks,
                       **({"card": card} if card else {})})
        return picks
