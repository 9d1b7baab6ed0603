"""Building a district: the no-duplicates rule, what can be afforded, and putting it in the city.

Shared by the turn's build action and the Wizard's immediate build (seed 003 lines 161-163, 327).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.citadels import definitions as d
from engine.citadels.state import Built, TurnState

if TYPE_CHECKING:  # the rules are written against the table below them (not the game loop above)
    from engine.citadels.table import CitadelsTable as CitadelsGame


def can_build_here(game: CitadelsGame, seat: int, slug: str) -> bool:
    """No two identical districts in a city (seed 163), unless a Quarry stands (seed 533-539)."""
    p = game.state.players[seat]
    return not p.has(slug) or p.has("quarry")


def buildable(game: CitadelsGame, seat: int) -> list[str]:
    p = game.state.players[seat]
    return sorted({c for c in p.hand if d.district(c).cost <= p.gold and can_build_here(game, seat, c)})


def put_in_city(game: CitadelsGame, turn: TurnState, slug: str, source: str, counts_as_build: bool) -> None:
    s = game.state
    p = s.players[turn.player]
    cost = d.district(slug).cost
    if source == "hand":
        p.hand.remove(slug)
    game.pay_to_bank(turn.player, cost)
    p.city.append(Built(slug, s.round))
    turn.build_spent += cost
    turn.built += 1
    if counts_as_build:
        turn.builds_left -= 1
    game.emit("build", turn.player, [slug], source, "city", cost=cost)
    if slug == "bell-tower":
        game.bell_tower_built()
    game.check_completion(turn.player)
