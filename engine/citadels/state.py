"""Citadels game state: players, cities, the district deck, the bank and the round in progress."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.citadels import definitions as d
from engine.citadels.settings import GameSettings
from engine.core.snapshot import make_snapshot, player_snapshot


@dataclass
class Built:
    """A district in a city."""

    slug: str
    round_built: int
    gilded: bool = False  # the Artist put one of his gold on it
    under: list[str] = field(default_factory=list)  # cards placed under the Museum

    @property
    def info(self) -> d.District:
        return d.district(self.slug)


@dataclass
class PlayerState:
    name: str
    gold: int = 0
    hand: list[str] = field(default_factory=list)
    city: list[Built] = field(default_factory=list)
    characters: list[str] = field(default_factory=list)  # characters held this round
    completed: str | None = None  # completion bonus earned: "first" (+4) or "other" (+2)
    final_score: int | None = None  # set when the game is scored

    def has(self, slug: str) -> bool:
        return any(b.slug == slug for b in self.city)

    def built(self, slug: str) -> Built | None:
        return next((b for b in self.city if b.slug == slug), None)


@dataclass
class RoundState:
    """What the current round has fixed so far."""

    face_up: list[str] = field(default_factory=list)
    face_down: list[str] = field(default_factory=list)
    pool: list[str] = field(default_factory=list)  # characters being passed in the draft
    killed: str | None = None
    robbed: str | None = None
    robber: int | None = None  # player who used the Thief's ability
    bewitched: str | None = None
    witch: int | None = None  # player who cast the Witch's spell
    revealed: list[str] = field(default_factory=list)
    tax_receiver: int | None = None  # player using the Tax Collector's ability this round
    tax_debtors: list[int] = field(default_factory=list)  # built before the Tax Collector was revealed
    queen_waiting: list[int] = field(default_factory=list)  # Queen players paid when the dead King shows
    heir: int | None = None  # the assassinated King's player: crowned at the end of the round


@dataclass
class TurnState:
    """The turn being played: who acts as which character and what they have done."""

    player: int
    character: str  # whose abilities are used (the bewitched character for the Witch)
    gathered: bool = False
    builds_left: int = 1
    built: int = 0
    build_spent: int = 0  # gold paid to build this turn (Alchemist)
    ability_used: bool = False
    income_used: bool = False
    used_districts: list[str] = field(default_factory=list)  # once-per-turn purple abilities used
    gather_only: bool = False  # assassinated Hospital owner / bewitched player: gather, then end
    ended: bool = False


@dataclass
class GameState:
    settings: GameSettings
    players: list[PlayerState]
    deck: list[str]  # top first
    bank: int
    crown: int = 0
    round: int = 0
    phase: str = "setup"
    active: int | None = None
    drawn: list[str] = field(default_factory=list)  # drawn, not yet kept or returned
    round_state: RoundState = field(default_factory=RoundState)
    turn: TurnState | None = None
    end_triggered: bool = False
    last_round: bool = False  # this round is the game's last
    bell_tower_owner: int | None = None  # who announced the Bell Tower's end (None: not announced)
    total_districts: int = 0  # cards in the game, for the conservation check
    total_gold: int = 0

    # --- derived facts -------------------------------------------------------------
    @property
    def end_size(self) -> int:
        """City size that completes a city now (one less while an announced Bell Tower stands)."""
        size = self.settings.end_districts
        if self.bell_tower_owner is not None and any(p.has("bell-tower") for p in self.players):
            size -= 1
        return size

    def is_complete(self, seat: int) -> bool:
        return len(self.players[seat].city) >= self.end_size

    def holder(self, character: str) -> int | None:
        for seat, p in enumerate(self.players):
            if character in p.characters:
                return seat
        return None

    def district_count(self) -> int:
        cards = len(self.deck) + len(self.drawn)
        for p in self.players:
            cards += len(p.hand) + sum(1 + len(b.under) for b in p.city)
        return cards

    def gold_count(self) -> int:
        return self.bank + sum(p.gold + sum(1 for b in p.city if b.gilded) for p in self.players)

    # --- snapshot ---------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        players = []
        for seat, p in enumerate(self.players):
            players.append(
                player_snapshot(
                    p.name,
                    {"hand": p.hand, "city": [b.slug for b in p.city], "characters": p.characters},
                    {
                        "gold": p.gold,
                        "score": city_points(p) if p.final_score is None else p.final_score,
                        "crown": int(seat == self.crown),
                        "gilded": sum(1 for b in p.city if b.gilded),
                        "museum": sum(len(b.under) for b in p.city),
                    },
                )
            )
        rs = self.round_state
        shared = {"drawn": self.drawn, "face_up": rs.face_up, "revealed": rs.revealed}
        if rs.killed:
            shared["killed"] = [rs.killed]
        if rs.robbed:
            shared["robbed"] = [rs.robbed]
        if rs.bewitched:
            shared["bewitched"] = [rs.bewitched]
        return make_snapshot(
            turn=self.round,
            phase=self.phase,
            active=self.active,
            players=players,
            piles={"deck": len(self.deck), "bank": self.bank, "face_down": len(rs.face_down)},
            shared=shared,
        )


def city_points(p: PlayerState) -> int:
    """Points the districts alone are worth now (the ``score`` counter until the final scoring)."""
    return sum(b.info.value + (1 if b.gilded else 0) for b in p.city)
