"""Dominion's turn structure, game end and scoring: the game loop on top of the rules.

Layers, read bottom-up: :mod:`engine.dominion.table` (state and primitives) ->
:mod:`engine.dominion.effects` (what each card does) -> this module (phases, buying, Cleanup,
the end of the game).
"""

from __future__ import annotations

from typing import Any

from engine.dominion.cards import ACTIONS, COST, TREASURES
from engine.dominion.effects import EFFECTS
from engine.dominion.state import victory_points
from engine.dominion.table import DominionTable, Resolution, StopRun

__all__ = ["Game", "Resolution", "StopRun"]


class Game(DominionTable):
    """A whole game: the table with every card's effect, played turn by turn."""

    effects = EFFECTS
    no_actions = False  # this turn's action phase ended for want of an Action card in hand

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

    def set_phase(self, phase: str, **why: Any) -> None:
        """Enter ``phase``; ``why`` says what ended the one before (e.g. no_actions=True)."""
        self.state.phase = phase
        if self.logging:
            self.emit("phase", self.state.active, data={"phase": phase, **why})

    def action_phase(self) -> None:
        st = self.state
        p = st.players[st.active]
        while st.actions > 0:
            playable = [c for c in p.hand if c in ACTIONS]
            if not playable:
                self.no_actions = True
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
        self.set_phase("buy", **({"no_actions": True} if self.no_actions else {}))
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
        self.no_actions = False
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
