"""Citadels' table: the state and the primitives every rule uses (pay, draw, ask, completion).

This is the layer below the rules: :mod:`engine.citadels.turn`, :mod:`~engine.citadels.abilities`
and :mod:`~engine.citadels.building` are written against :class:`CitadelsTable`, and
:mod:`engine.citadels.game` (rounds, draft, turns in rank order, game end) builds on them. Every
change is emitted after it is applied. Decisions go through the engine kernel
(:class:`engine.core.table.Table`), which logs each one with the options offered and its answer.
"""

from __future__ import annotations

from typing import Any

from engine.citadels import definitions as d
from engine.citadels.narration import prompt
from engine.citadels.state import GameState
from engine.core.decisions import Decider
from engine.core.events import EventLog
from engine.core.localised import Names
from engine.core.rng import Shuffler
from engine.core.table import Table


class CitadelsTable(Table):
    """A Citadels game's state, event log, the decider answering every decision and the shuffler."""

    def __init__(
        self,
        state: GameState,
        decider: Decider,
        shuffler: Shuffler,
        log: EventLog,
        stop: str = "game",
        names: Names | None = None,
    ) -> None:
        super().__init__(decider, shuffler, log, names)
        self.state = state
        self.decider = decider
        self.stop = stop  # "game", "round", "turn" or "draft": where a scenario stops

    def decider_view(self) -> Any:
        return self.state

    def answer_cards(self, kind: str, picks: list[str]) -> list[str]:
        """Only districts and characters: options such as ``player-1`` or ``gold`` are not cards."""
        return [p for p in picks if d.is_district(p) or d.is_character(p)]

    # --- plumbing ------------------------------------------------------------------------
    def emit(  # type: ignore[override]
        self,
        kind: str,
        player: int | None = None,
        cards: list[str] | None = None,
        from_zone: str | None = None,
        to_zone: str | None = None,
        **data: Any,
    ) -> None:
        """Record a change just applied; keyword arguments are the event's data."""
        if self.logging:
            self.log.emit(kind, player, cards, from_zone, to_zone, data)

    def ask(
        self,
        kind: str,
        player: int,
        key: str,
        options: list[str],
        lo: int = 1,
        hi: int = 1,
        card: str | None = None,
        purpose: str = "",
        **fmt: Any,
    ) -> list[str]:
        """Ask ``player``; a decision with exactly one possible answer is answered without asking.

        ``key`` names the prompt (engine/citadels/narration.py); ``fmt`` fills it in.
        """
        context: dict[str, Any] = {"purpose": purpose}
        if card:
            context["card"] = card
        return self.decide(kind, player, list(options), lo, hi, context,
                           lambda: prompt(key, self.names, **fmt))

    def confirm(self, player: int, key: str, card: str | None = None, purpose: str = "", **fmt: Any) -> bool:
        return self.ask("confirm", player, key, ["yes", "no"], card=card, purpose=purpose, **fmt) == ["yes"]

    def pay_from_bank(self, seat: int, amount: int) -> int:
        """Give up to ``amount`` gold from the bank (seed lines 391-393: an empty bank pays nothing)."""
        paid = max(0, min(amount, self.state.bank))
        self.state.bank -= paid
        self.state.players[seat].gold += paid
        return paid

    def pay_to_bank(self, seat: int, amount: int) -> None:
        p = self.state.players[seat]
        assert 0 <= amount <= p.gold, "callers check affordability"
        p.gold -= amount
        self.state.bank += amount

    def draw(self, n: int) -> list[str]:
        cards = self.state.deck[:n]
        del self.state.deck[:n]
        return cards

    # --- the crown --------------------------------------------------------------------------
    def move_crown(self, seat: int, cards: list[str], **data: Any) -> None:
        """Give the crown to ``seat``; when it changes hands, the Throne Room pays its owner 1 gold
        (published classic card)."""
        s = self.state
        before = s.crown
        s.crown = seat
        self.emit("crown", seat, cards, **data)
        if seat == before:
            return
        for owner, p in enumerate(s.players):
            if p.has("throne-room"):
                got = self.pay_from_bank(owner, 1)
                self.emit("throne_room", owner, ["throne-room"], gold=got)

    # --- completion (seed lines 25, 173-179, 375-381; Bell Tower 651-675) ----------------
    def check_completion(self, seat: int) -> None:
        s = self.state
        p = s.players[seat]
        if p.completed is None and len(p.city) >= s.end_size:
            p.completed = "other" if s.end_triggered else "first"
            s.end_triggered = True
            self.emit("complete", seat, size=len(p.city), bonus=p.completed)

    def bell_tower_built(self) -> None:
        """Every city at the new (smaller) size completes now; those players score +4 if first."""
        s = self.state
        if not s.settings.bell_tower_active:
            return
        self.emit("bell_tower", None, end_size=s.end_size)
        was_triggered = s.end_triggered
        for seat, p in enumerate(s.players):
            if p.completed is None and len(p.city) >= s.end_size:
                p.completed = "other" if was_triggered else "first"
                s.end_triggered = True
                self.emit("complete", seat, size=len(p.city), bonus=p.completed)


