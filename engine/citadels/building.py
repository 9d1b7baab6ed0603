"""Building a district: the no-duplicates rule, what can be afforded, and putting it in the city.

Shared by the turn's build action and the Wizard's immediate build (seed 003 lines 161-163, 327).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.citadels import definitions as d
from engine.citadels.state import Built, TurnState

if TYPE_CHECKING:  # the rules are written against the table below them (not the game loop above)
    from engine.citadels.table import CitadelsTable as CitadelsGame


def duplicates(city: list[Built]) -> int:
    """How many districts of a city are copies of another district in it."""
    return len(city) - len({b.slug for b in city})


def quarry_allows_duplicate(city: list[Built]) -> bool:
    """The Quarry lets its owner hold one duplicate district at a time (published card,
    taskin-saadman/citadels-classic cards.tsv; the seed names the Quarry only in FAQ 533-539, 679-681)."""
    return any(b.slug == "quarry" for b in city) and duplicates(city) == 0


def wizard_builds_duplicates(game: CitadelsGame, seat: int) -> bool:
    """The Wizard may build districts identical to ones in his city during his whole turn, not
    only the card he takes (seed 327: the card's last clause stands on its own; the classic player
    aid lists it as a separate power)."""
    turn = game.state.turn
    return turn is not None and turn.player == seat and turn.character == "wizard"


def can_build_here(game: CitadelsGame, seat: int, slug: str) -> bool:
    """No two identical districts in a city (seed 163), unless the Wizard's turn or the Quarry
    allows this one."""
    p = game.state.players[seat]
    return not p.has(slug) or wizard_builds_duplicates(game, seat) or quarry_allows_duplicate(p.city)


def build_cost(game: CitadelsGame, seat: int, slug: str) -> int:
    """The gold ``seat`` pays to build ``slug``: its cost, one less for another purple district when
    the Factory is in the city (published card; the Warlord's price still uses the printed cost)."""
    info = d.district(slug)
    if slug != "factory" and info.colour == "special" and game.state.players[seat].has("factory"):
        return max(0, info.cost - 1)
    return info.cost


def buildable(game: CitadelsGame, seat: int) -> list[str]:
    p = game.state.players[seat]
    affordable = {c for c in p.hand if build_cost(game, seat, c) <= p.gold}
    return sorted(c for c in affordable if can_build_here(game, seat, c))


def put_in_city(game: CitadelsGame, turn: TurnState, slug: str, source: str, counts_as_build: bool) -> None:
    s = game.state
    p = s.players[turn.player]
    cost = build_cost(game, turn.player, slug)
    if source == "hand":
        p.hand.remove(slug)
    game.pay_to_bank(turn.player, cost)
    p.city.append(Built(slug, s.round))
    turn.build_spent += cost
    turn.built += 1
    if counts_as_build:
        turn.builds_left -= 1
    game.emit("build", turn.player, [slug], source, "city", cost=cost)
    if slug == "lighthouse":
        lighthouse_search(game, turn.player)
    if slug == "bell-tower" and announce_bell_tower(game, turn.player):
        game.bell_tower_built()
    game.check_completion(turn.player)


def announce_bell_tower(game: CitadelsGame, seat: int) -> bool:
    """The Bell Tower's owner *may* announce, when placing it, that seven districts end the game
    (published card, taskin-saadman/citadels-classic cards.tsv); the seed's FAQ 653-655 reads it as
    automatic. Not asked when the players left it out of a short game (seed 673-675)."""
    s = game.state
    if not s.settings.bell_tower_active:
        return False
    announced = game.confirm(seat, "bell_tower_announce", card="bell-tower", purpose="announce")
    s.bell_tower_owner = seat if announced else None  # a rebuilt Bell Tower is announced afresh
    if not announced:
        game.emit("bell_tower_silent", seat, ["bell-tower"])
    return announced


def lighthouse_search(game: CitadelsGame, seat: int) -> None:
    """Placing the Lighthouse, its owner may take one card of his choice from the district deck,
    which is then shuffled (published classic card)."""
    s = game.state
    if not s.deck:
        return
    options = sorted(set(s.deck))
    pick = game.ask("select", seat, "lighthouse", options, 0, 1, card="lighthouse", purpose="search")
    if pick:
        s.deck.remove(pick[0])
        s.players[seat].hand.append(pick[0])
    game.shuffler.rng.shuffle(s.deck)
    if pick:
        game.emit("lighthouse", seat, list(pick), "deck", "hand")
    else:
        game.emit("lighthouse_none", seat, ["lighthouse"])
