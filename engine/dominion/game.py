"""Dominion rules: turn structure, card movement primitives, decisions, game end and scoring.

Card effects live in engine/dominion/effects.py; this module gives them the primitives
(draw, reveal, gain, trash, discard, put on deck, ask). Every state change is applied first and
then emitted to the event log, so a snapshot taken at any event is consistent.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.decisions import Decider, Decision, validate_answer
from engine.core.events import EventLog, NullLog
from engine.core.localised import Names
from engine.core.rng import Shuffler
from engine.dominion.cards import ACTIONS, ATTACKS, COINS, COST, TREASURES
from engine.dominion.prompts import prompt_for
from engine.dominion.state import GameState, victory_points


class StopRun(Exception):
    """Raised to stop a scripted run at the scenario's stop point (not an error)."""


class Resolution:
    """One resolution of a played card; ``in_play`` tracks "this card" for self-trashing (Feast)."""

    __slots__ = ("slug", "in_play")

    def __init__(self, slug: str, in_play: bool) -> None:
        self.slug = slug
        self.in_play = in_play


class Game:
    def __init__(
        self,
        state: GameState,
        deciders: Sequence[Decider],
        shuffler: Shuffler,
        log: EventLog | None = None,
        names: Names | None = None,
        stop: str | None = None,
    ) -> None:
        self.state = state
        self.deciders = list(deciders)
        self.shuffler = shuffler
        self.log = log if log is not None else NullLog()
        self.logging = self.log.enabled
        self.names = names or {}
        self.stop = stop  # None | "card" | "action" | "buy" (scenario stop points)
        self.depth = 0  # nesting of card resolutions
        self.merchants = 0  # Merchant resolutions this turn awaiting the first Silver
        self.silver_played = False
        self.bought = False  # a card was bought this turn (2e: no treasures after)
        self.decisions = 0
        self.blocked: list[frozenset[int]] = []  # players unaffected by each Attack being resolved
        # supply piles cheapest first (ties by slug) for fast "gain a card costing up to X"
        self.by_cost = sorted((COST[s], s) for s in state.supply)

    # ----------------------------------------------------------------- events & decisions
    def emit(self, kind: str, player: int | None = None, cards: list[str] | None = None,
             from_zone: str | None = None, to_zone: str | None = None,
             data: dict[str, Any] | None = None) -> None:
        if self.logging:
            self.log.emit(kind, player, cards, from_zone, to_zone, data)

    def ask(self, kind: str, player: int, purpose: str, options: list[str], lo: int, hi: int,
            card: str | None = None, **info: Any) -> list[str]:
        """Ask ``player`` a decision; forced decisions (one possible answer) are not asked."""
        if kind != "confirm" and hi > len(options):
            hi = len(options)
        if lo > hi:
            lo = hi
        if kind == "select" and (hi == 0 or (lo == hi and (lo == len(options) or len(set(options)) == 1))):
            return options[:hi]
        context: dict[str, Any] = {"purpose": purpose}
        if card is not None:
            context["card"] = card
        context.update(info)
        if self.logging:
            prompt = prompt_for(purpose, card, context, self.names, [p.name for p in self.state.players])
        else:
            prompt = {}  # bots do not read prompts; simulations skip building them
        decision = Decision(kind=kind, player=player, prompt=prompt, options=options, min=lo, max=hi,
                            context=context)
        self.decisions += 1
        if self.logging:
            self.emit("decision", player, [], data={"decision": decision.to_dict()})
        picks = self.deciders[player].decide(decision, self)
        picks = validate_answer(decision, picks)
        if self.logging:
            self.emit("answer", player, picks if kind in ("select", "order") else [],
                      data={"purpose": purpose, "answer": picks, **({"card": card} if card else {})})
        return picks

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
        from engine.dominion.effects import EFFECTS

        self.blocked.append(self.reactions(slug) if slug in ATTACKS else frozenset())
        self.depth += 1
        try:
            EFFECTS[slug](self, resolution)
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

    # ----------------------------------------------------------------- turn structure
    def begin_turn(self) -> None:
        st = self.state
        st.turn += 1
        st.players[st.active].turns += 1
        st.phase = "action"
        st.actions, st.buys, st.coins = 1, 1, 0
        self.merchants = 0
        self.silver_played = False
        self.bought = False
        if self.logging:
            turns = st.players[st.active].turns
            self.emit("turn_start", st.active, data={"turn": st.turn, "player_turn": turns})

    def set_phase(self, phase: str) -> None:
        self.state.phase = phase
        if self.logging:
            self.emit("phase", self.state.active, data={"phase": phase})

    def action_phase(self) -> None:
        st = self.state
        p = st.players[st.active]
        while st.actions > 0:
            playable = [c for c in p.hand if c in ACTIONS]
            if not playable:
                break
            choice = self.ask("select", st.active, "play_action", playable, 0, 1)
            if not choice:
                break
            st.actions -= 1
            self.emit("actions", st.active, [], data={"delta": -1, "total": st.actions})
            self.play_action(choice[0])
        if self.stop == "action":
            raise StopRun

    def buy_phase(self) -> None:
        st = self.state
        i = st.active
        p = st.players[i]
        second = st.edition == "2e"
        self.set_phase("buy")
        treasures_offered = False
        while True:
            if self.bought and st.buys <= 0:
                break
            if not (second and self.bought) and not treasures_offered:
                treasures = [c for c in p.hand if c in TREASURES]
                if treasures:
                    picks = self.ask("select", i, "play_treasures", treasures, 0, len(treasures))
                    self.play_treasures(picks)
                treasures_offered = True
            if st.buys <= 0:
                break
            options = self.gainable(st.coins)
            choice = self.ask("select", i, "buy", options, 0, 1) if options else []
            if not choice:
                break
            slug = choice[0]
            st.coins -= COST[slug]
            st.buys -= 1
            self.bought = True
            data = {"cost": COST[slug], "coins": st.coins, "buys": st.buys} if self.logging else None
            self.gain(i, slug, "discard", kind="buy", data=data)
            treasures_offered = False
        if self.stop == "buy":
            raise StopRun

    def cleanup(self) -> None:
        st = self.state
        i = st.active
        p = st.players[i]
        self.set_phase("cleanup")
        if p.play:
            cards = p.play
            p.play = []
            p.discard.extend(cards)
            if self.logging:
                self.emit("discard", i, cards, "play", "discard")
        if p.hand:
            cards = p.hand
            p.hand = []
            p.discard.extend(cards)
            if self.logging:
                self.emit("discard", i, cards, "hand", "discard")
        st.actions = st.buys = st.coins = 0
        self.draw(i, 5)

    def game_over(self) -> bool:
        supply = self.state.supply
        if supply.get("province", 1) == 0:
            return True
        if 0 not in supply.values():
            return False
        empty = 0
        for n in supply.values():
            if n == 0:
                empty += 1
        return empty >= 3

    def end_turn(self) -> bool:
        """After cleanup: check the game end; else pass the turn left. True when the game ended."""
        st = self.state
        if self.logging:
            self.emit("turn_end", st.active)
        if self.game_over():
            self.finish("provinces" if st.supply.get("province", 1) == 0 else "three_piles")
            return True
        st.active = (st.active + 1) % len(st.players)
        return False

    def take_turn(self, begin: bool = True, start_phase: str = "action") -> bool:
        if begin:
            self.begin_turn()
        if start_phase == "action":
            self.action_phase()
        self.buy_phase()
        self.cleanup()
        return self.end_turn()

    def result(self, reason: str) -> dict[str, Any]:
        """Scores, winners (most VP, then fewest turns, then shared) and turns."""
        st = self.state
        scores = [victory_points(p.all_cards()) for p in st.players]
        turns = [p.turns for p in st.players]
        best = max(scores)
        leaders = [i for i, s in enumerate(scores) if s == best]
        fewest = min(turns[i] for i in leaders)
        winners = [i for i in leaders if turns[i] == fewest]
        return {"reason": reason, "scores": scores, "turns": turns, "winners": winners}

    def finish(self, reason: str) -> dict[str, Any]:
        st = self.state
        st.over = True
        st.phase = "end"
        result = self.result(reason)
        self.emit("game_end", None, data=result)
        return result

    def play_game(self, max_turns: int = 200) -> dict[str, Any]:
        """Play turns from the current state until the game ends (or max_turns each, then scored)."""
        st = self.state
        limit = max_turns * len(st.players)
        while st.turn < limit:
            if self.take_turn():
                return self.result("provinces" if st.supply.get("province", 1) == 0 else "three_piles")
        return self.finish("turn_limit")
