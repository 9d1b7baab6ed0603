"""Dominion's table: the state, the card-movement primitives and the decisions card effects use.

This is the layer below the rules: :mod:`engine.dominion.effects` (what each card does) is
written against :class:`DominionTable`, and :mod:`engine.dominion.game` (the turn structure)
builds on both. Every state change is applied first and then emitted to the event log, so a
snapshot taken at any event is consistent. Decisions go through the engine kernel
(:class:`engine.core.table.Table`), which logs each one with the options offered and its answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.decisions import Decider
from engine.core.events import EventLog
from engine.core.localised import Names
from engine.core.rng import Shuffler
from engine.core.table import Table
from engine.dominion.cards import ATTACKS, COINS, COST
from engine.dominion.prompts import prompt_for
from engine.dominion.state import GameState
from engine.errors import ControlFlow


class StopRun(ControlFlow):
    """Raised to stop a scripted run at the scenario's stop point (not an error)."""


class Resolution:
    """One resolution of a played card; ``in_play`` tracks "this card" for self-trashing (Feast)."""

    __slots__ = ("slug", "in_play")

    def __init__(self, slug: str, in_play: bool) -> None:
        self.slug = slug
        self.in_play = in_play


Effect = Callable[["DominionTable", Resolution], None]


class DominionTable(Table):
    """A Dominion game's state plus the primitives: draw, reveal, gain, trash, discard, ask, attack."""

    effects: Mapping[str, Effect] = {}  # slug -> what the card does (the game loop above sets it)

    def __init__(
        self,
        state: GameState,
        deciders: Sequence[Decider],
        shuffler: Shuffler,
        log: EventLog | None = None,
        names: Names | None = None,
        stop: str | None = None,
    ) -> None:
        super().__init__(deciders, shuffler, log, names)
        self.state = state
        self.stop = stop  # None | "card" | "action" | "buy" (scenario stop points)
        self.depth = 0  # nesting of card resolutions
        self.merchants = 0  # Merchant resolutions this turn awaiting the first Silver
        # a turn picked up with a Silver already in play has had its first Silver: a Merchant
        # played now gives nothing (dominion/merchant#no-bonus-after-silver)
        self.silver_played = "silver" in state.players[state.active].play if state.players else False
        self.bought = False  # a card was bought this turn (2e: no treasures after)
        self.blocked: list[frozenset[int]] = []  # players unaffected by each Attack being resolved
        # supply piles cheapest first (ties by slug) for fast "gain a card costing up to X"
        self.by_cost = sorted((COST[s], s) for s in state.supply)

    # ----------------------------------------------------------------- decisions
    def ask(self, kind: str, player: int, purpose: str, options: list[str], lo: int, hi: int,
            card: str | None = None, **info: Any) -> list[str]:
        """Ask ``player`` a decision; forced decisions (one possible answer) are not asked."""
        if kind != "confirm" and hi > len(options):
            hi = len(options)
        if lo > hi:
            lo = hi
        context: dict[str, Any] = {"purpose": purpose}
        if card is not None:
            context["card"] = card
        context.update(info)
        return self.decide(kind, player, options, lo, hi, context, lambda: prompt_for(
            purpose, card, context, self.names, [p.name for p in self.state.players]))

    # the kernel's hooks, overridden for speed: bots are per player and read the game itself
    def decider_for(self, player: int) -> Decider:
        return self.deciders[player]  # type: ignore[index]

    def decider_view(self) -> Any:
        return self

    def confirm(self, player: int, purpose: str, card: str | None = None, **info: Any) -> bool:
        return self.ask("confirm", player, purpose, ["yes", "no"], 1, 1, card, **info) == ["yes"]

    # ----------------------------------------------------------------- card movement
    def shuffle(self, i: int) -> None:
        """Shuffle player i's discard pile into a new deck (under any cards left in the deck)."""
        p = self.state.players[i]
        order = self.shuffler.shuffle(i, p.discard)  # top first
        p.discard = []
        p.deck[:0] = order[::-1]
        if self.logging:
            self.emit("shuffle", i, order, "discard", "deck", {"count": len(order)})

    def ensure_deck(self, i: int) -> bool:
        """Shuffle if the deck is empty and a card is needed; False when no card is left anywhere."""
        p = self.state.players[i]
        if p.deck:
            return True
        if not p.discard:
            return False
        self.shuffle(i)
        return True

    def draw(self, i: int, n: int) -> list[str]:
        """Draw n cards (fewer if deck and discard run out), shuffling only when a card is needed."""
        p = self.state.players[i]
        deck, hand = p.deck, p.hand
        if len(deck) >= n:  # common case: no shuffle needed
            drawn = deck[-n:][::-1] if n else []
            del deck[len(deck) - n:]
            hand.extend(drawn)
            if self.logging and drawn:
                self.emit("draw", i, drawn, "deck", "hand")
            return drawn
        drawn = []
        batch_start = 0
        for _ in range(n):
            if not deck:
                if batch_start < len(drawn) and self.logging:
                    self.emit("draw", i, drawn[batch_start:], "deck", "hand")
                    batch_start = len(drawn)
                if not p.discard:
                    break
                self.shuffle(i)
            card = deck.pop()
            hand.append(card)
            drawn.append(card)
        if batch_start < len(drawn) and self.logging:
            self.emit("draw", i, drawn[batch_start:], "deck", "hand")
        return drawn

    def reveal_top(self, i: int, card: str | None = None, to_zone: str = "set_aside",
                   kind: str = "reveal") -> str | None:
        """Reveal the top card of the deck and move it to ``to_zone`` (shuffling if needed)."""
        if not self.ensure_deck(i):
            return None
        p = self.state.players[i]
        slug = p.deck.pop()
        p.zone(to_zone).append(slug)
        self.emit(kind, i, [slug], "deck", to_zone, {"by": card} if card else None)
        return slug

    def move(self, i: int, slug: str, from_zone: str, to_zone: str, kind: str,
             data: dict[str, Any] | None = None) -> None:
        """Move one card between player i's zones (from a list's last copy for deck/discard)."""
        p = self.state.players[i]
        source = p.zone(from_zone)
        if from_zone in ("deck", "discard") and source and source[-1] == slug:
            source.pop()
        else:
            source.remove(slug)
        target = p.zone(to_zone)
        target.append(slug)
        self.emit(kind, i, [slug], from_zone, to_zone, data)

    def discard_cards(self, i: int, cards: list[str], from_zone: str = "hand",
                      data: dict[str, Any] | None = None) -> None:
        if not cards:
            return
        p = self.state.players[i]
        source = p.zone(from_zone)
        for slug in cards:
            source.remove(slug)
        p.discard.extend(cards)
        self.emit("discard", i, cards, from_zone, "discard", data)

    def trash_cards(self, i: int, cards: list[str], from_zone: str = "hand") -> None:
        if not cards:
            return
        source = self.state.players[i].zone(from_zone)
        for slug in cards:
            source.remove(slug)
        self.state.trash.extend(cards)
        self.emit("trash", i, cards, from_zone, "trash")

    def put_on_deck(self, i: int, slug: str, from_zone: str) -> None:
        self.move(i, slug, from_zone, "deck", "put_on_deck")

    def gain(self, i: int, slug: str, to_zone: str = "discard", kind: str = "gain",
             data: dict[str, Any] | None = None) -> bool:
        """Gain a card from the supply to a zone; nothing happens if its pile is empty."""
        supply = self.state.supply
        if supply.get(slug, 0) <= 0:
            self.emit("gain_failed", i, [slug], "supply", None, {"reason": "pile empty"})
            return False
        supply[slug] -= 1
        self.state.players[i].zone(to_zone).append(slug)
        if self.logging:
            self.emit(kind, i, [slug], "supply", to_zone, data)
        return True

    def gain_from_trash(self, i: int, slug: str) -> None:
        self.state.trash.remove(slug)
        self.state.players[i].discard.append(slug)
        self.emit("gain", i, [slug], "trash", "discard")

    def gainable(self, max_cost: int, only: frozenset[str] | None = None) -> list[str]:
        """Supply piles with cards left costing at most ``max_cost`` (optionally of some cards only)."""
        supply = self.state.supply
        out = []
        for cost, slug in self.by_cost:
            if cost > max_cost:
                break
            if supply[slug] > 0 and (only is None or slug in only):
                out.append(slug)
        return out

    def add(self, counter: str, n: int, card: str | None = None) -> None:
        st = self.state
        setattr(st, counter, getattr(st, counter) + n)
        if self.logging:
            total = getattr(st, counter)
            self.emit(counter, st.active, [card] if card else [], data={"delta": n, "total": total})

    # ----------------------------------------------------------------- playing cards
    def play_action(self, slug: str, from_zone: str = "hand") -> None:
        """Move an Action card into play and resolve it once."""
        i = self.state.active
        self.move(i, slug, from_zone, "play", "play")
        self.resolve(slug)

    def resolve(self, slug: str, in_play: bool = True) -> None:
        self.run_effect(slug, Resolution(slug, in_play))
        if self.depth == 0 and self.stop == "card":
            raise StopRun

    def run_effect(self, slug: str, resolution: Resolution) -> None:
        """Resolve a played card once. An Attack first lets the others react (Moat) as it is played."""
        self.blocked.append(self.reactions(slug) if slug in ATTACKS else frozenset())
        self.depth += 1
        try:
            self.effects[slug](self, resolution)
        finally:
            self.depth -= 1
            self.blocked.pop()

    def reactions(self, card: str) -> frozenset[int]:
        """Each other player, from the attacker's left, may reveal Moat: they are then unaffected."""
        st = self.state
        n = len(st.players)
        attacker = st.active
        blocked = set()
        for k in range(1, n):
            v = (attacker + k) % n
            if "moat" in st.players[v].hand and self.confirm(v, "reveal_moat", "moat", attack=card):
                self.emit("reveal", v, ["moat"], "hand", "hand", {"reaction": True, "attack": card})
                self.emit("attack_blocked", v, [card], data={"by": "moat", "attacker": attacker})
                blocked.add(v)
        return frozenset(blocked)

    def play_treasures(self, cards: list[str]) -> None:
        st = self.state
        p = st.players[st.active]
        for slug in cards:
            p.hand.remove(slug)
            p.play.append(slug)
            gained = COINS.get(slug, 0)
            if slug == "silver" and not self.silver_played:
                self.silver_played = True
                gained += self.merchants
            st.coins += gained
            if self.logging:
                self.emit("play", st.active, [slug], "hand", "play", {"coins": gained, "total": st.coins})

    def attack(self, card: str, hit: Any) -> None:
        """Apply ``hit(victim)`` to each other player from the attacker's left, skipping Moat revealers."""
        st = self.state
        n = len(st.players)
        blocked = self.blocked[-1] if self.blocked else frozenset()
        for k in range(1, n):
            v = (st.active + k) % n
            if v not in blocked:
                hit(v)

