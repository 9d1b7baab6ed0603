"""Dominion game state: players' zones, supply, trash, turn counters, and the one scoring rule that
belongs to the cards themselves (:func:`victory_points`, Gardens included); every other rule lives in
``effects``, ``game`` and ``supply``.

Internally a deck's top card is the *last* list item (cheap pops); snapshots show decks top first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.snapshot import make_snapshot, player_snapshot
from engine.dominion.cards import CARDS, VICTORIES

ZONES: tuple[str, ...] = ("deck", "hand", "play", "discard", "set_aside")


@dataclass
class Player:
    name: str
    deck: list[str] = field(default_factory=list)  # top = last item
    hand: list[str] = field(default_factory=list)
    play: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)  # top = last item
    set_aside: list[str] = field(default_factory=list)
    turns: int = 0

    def zone(self, name: str) -> list[str]:
        return getattr(self, name)

    def all_cards(self) -> list[str]:
        return self.deck + self.hand + self.play + self.discard + self.set_aside

    def count(self, slug: str) -> int:
        return sum(z.count(slug) for z in (self.deck, self.hand, self.play, self.discard, self.set_aside))


def victory_points(cards: list[str]) -> int:
    """Score a player's cards: fixed VP plus Gardens worth (cards // 10) each."""
    total = 0
    gardens = 0
    for slug in cards:
        if slug in VICTORIES or slug == "curse":
            if slug == "gardens":
                gardens += 1
            else:
                total += CARDS[slug].vp
    return total + gardens * (len(cards) // 10)


@dataclass
class GameState:
    edition: str
    players: list[Player]
    supply: dict[str, int]
    kingdom: list[str]
    trash: list[str] = field(default_factory=list)
    active: int = 0
    turn: int = 0  # turns started so far, all players
    phase: str = "setup"
    actions: int = 0
    buys: int = 0
    coins: int = 0
    over: bool = False

    def total_cards(self) -> int:
        """Every card in the game (zones, trash, supply): constant in a correct game."""
        return sum(len(p.all_cards()) for p in self.players) + len(self.trash) + sum(self.supply.values())

    def empty_piles(self) -> list[str]:
        return [slug for slug, n in self.supply.items() if n == 0]

    def snapshot(self) -> dict[str, Any]:
        players = []
        for i, p in enumerate(self.players):
            mine = i == self.active and self.phase not in ("setup", "end")
            counters = {
                "actions": self.actions if mine else 0,
                "buys": self.buys if mine else 0,
                "coins": self.coins if mine else 0,
                "turns": p.turns,
                "vp": victory_points(p.all_cards()),
            }
            zones = {
                "deck": p.deck[::-1],
                "hand": list(p.hand),
                "play": list(p.play),
                "discard": list(p.discard),
                "set_aside": list(p.set_aside),
            }
            players.append(player_snapshot(p.name, zones, counters))
        active = None if self.phase in ("setup", "end") else self.active
        return make_snapshot(self.turn, self.phase, active, players, self.supply, {"trash": self.trash})
