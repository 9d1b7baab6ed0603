"""Supply set-up by player count and edition (rulebook 000 set-up; 004 for the published counts)."""

from __future__ import annotations

from engine.dominion.cards import CARDS, KINGDOM_CARDS, kingdom_cards
from engine.errors import SetupError


def victory_pile_size(players: int) -> int:
    """8 for 2 players, 12 for 3-4 (Estates/Duchies/Provinces and Gardens alike)."""
    return 8 if players <= 2 else 12


def curse_pile_size(players: int) -> int:
    """10/20/30 for 2/3/4 players (004 and the published rules; 000/002 say 30 for 3 or 4)."""
    return 10 * max(1, players - 1)


def validate_kingdom(kingdom: list[str], edition: str) -> list[str]:
    """Problems with a chosen kingdom: unknown or other-edition cards, duplicates, size."""
    allowed = set(kingdom_cards(edition))
    problems = []
    for slug in kingdom:
        if slug not in allowed:
            other = "a basic card" if slug in CARDS else (
                "not a kingdom card of " + edition if any(c.slug == slug for c in KINGDOM_CARDS)
                else "not a base-set card"
            )
            problems.append(f"kingdom: {slug!r} is {other}")
    dupes = sorted({s for s in kingdom if kingdom.count(s) > 1})
    if dupes:
        problems.append(f"kingdom: {dupes} listed more than once")
    return problems


def build_supply(players: int, edition: str, kingdom: list[str]) -> dict[str, int]:
    """Pile counts for a game: basic piles plus each kingdom pile (after starting decks are dealt)."""
    if not 1 <= players <= 4:
        raise SetupError(f"players: Dominion base set is for 2-4 players, got {players}")
    problems = validate_kingdom(kingdom, edition)
    if problems:
        raise SetupError("; ".join(problems))
    victory = victory_pile_size(players)
    supply = {
        "copper": 60 - 7 * players,
        "silver": 40,
        "gold": 30,
        "estate": victory,  # after 3 per player are dealt (24 in the box)
        "duchy": victory,
        "province": victory,
        "curse": curse_pile_size(players),
    }
    for slug in kingdom:
        supply[slug] = victory if CARDS[slug].is_victory else 10
    return supply
