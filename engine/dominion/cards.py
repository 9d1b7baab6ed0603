"""Card definitions of the Dominion base set, both editions (facts only; names come from the corpus)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from corpus.games import GAME_EDITIONS

EDITIONS: tuple[str, ...] = GAME_EDITIONS["dominion"]  # corpus/games.yaml


@dataclass(frozen=True)
class CardDef:
    slug: str
    cost: int
    types: frozenset[str]
    editions: frozenset[str]
    coins: int = 0  # treasure value
    vp: int = 0  # fixed victory points (Gardens is computed)
    basic: bool = False

    @property
    def is_action(self) -> bool:
        return "action" in self.types

    @property
    def is_treasure(self) -> bool:
        return "treasure" in self.types

    @property
    def is_victory(self) -> bool:
        return "victory" in self.types

    @property
    def is_attack(self) -> bool:
        return "attack" in self.types


BOTH = frozenset(EDITIONS)
FIRST = frozenset({"1e"})
SECOND = frozenset({"2e"})


def _card(slug: str, cost: int, types: str, editions: frozenset[str] = BOTH, **kw: int | bool) -> CardDef:
    return CardDef(slug=slug, cost=cost, types=frozenset(types.split()), editions=editions, **kw)


BASIC_CARDS: tuple[CardDef, ...] = (
    _card("copper", 0, "treasure", coins=1, basic=True),
    _card("silver", 3, "treasure", coins=2, basic=True),
    _card("gold", 6, "treasure", coins=3, basic=True),
    _card("estate", 2, "victory", vp=1, basic=True),
    _card("duchy", 5, "victory", vp=3, basic=True),
    _card("province", 8, "victory", vp=6, basic=True),
    _card("curse", 0, "curse", vp=-1, basic=True),
)

KINGDOM_CARDS: tuple[CardDef, ...] = (
    _card("adventurer", 6, "action", FIRST),
    _card("artisan", 6, "action", SECOND),
    _card("bandit", 5, "action attack", SECOND),
    _card("bureaucrat", 4, "action attack"),
    _card("cellar", 2, "action"),
    _card("chancellor", 3, "action", FIRST),
    _card("chapel", 2, "action"),
    _card("council-room", 5, "action"),
    _card("feast", 4, "action", FIRST),
    _card("festival", 5, "action"),
    _card("gardens", 4, "victory"),
    _card("harbinger", 3, "action", SECOND),
    _card("laboratory", 5, "action"),
    _card("library", 5, "action"),
    _card("market", 5, "action"),
    _card("merchant", 3, "action", SECOND),
    _card("militia", 4, "action attack"),
    _card("mine", 5, "action"),
    _card("moat", 2, "action reaction"),
    _card("moneylender", 4, "action"),
    _card("poacher", 4, "action", SECOND),
    _card("remodel", 4, "action"),
    _card("sentry", 5, "action", SECOND),
    _card("smithy", 4, "action"),
    _card("spy", 4, "action attack", FIRST),
    _card("thief", 4, "action attack", FIRST),
    _card("throne-room", 4, "action"),
    _card("vassal", 3, "action", SECOND),
    _card("village", 3, "action"),
    _card("witch", 5, "action attack"),
    _card("woodcutter", 3, "action", FIRST),
    _card("workshop", 3, "action"),
)

CARDS: dict[str, CardDef] = {c.slug: c for c in BASIC_CARDS + KINGDOM_CARDS}
BASIC_SLUGS: tuple[str, ...] = tuple(c.slug for c in BASIC_CARDS)


def kingdom_cards(edition: str) -> list[str]:
    """The kingdom card slugs of one edition, alphabetical."""
    return list(_kingdom_cards(edition))


@lru_cache(maxsize=4)
def _kingdom_cards(edition: str) -> tuple[str, ...]:
    return tuple(sorted(c.slug for c in KINGDOM_CARDS if edition in c.editions))


@lru_cache(maxsize=4)
def edition_cards(edition: str) -> frozenset[str]:
    """Every card slug usable in ``edition`` (basic + kingdom)."""
    return frozenset(BASIC_SLUGS) | frozenset(_kingdom_cards(edition))


# Lookup tables used on hot paths (plain dicts/sets of slugs).
COST: dict[str, int] = {c.slug: c.cost for c in CARDS.values()}
COINS: dict[str, int] = {c.slug: c.coins for c in CARDS.values() if c.coins}
ACTIONS: frozenset[str] = frozenset(c.slug for c in CARDS.values() if c.is_action)
TREASURES: frozenset[str] = frozenset(c.slug for c in CARDS.values() if c.is_treasure)
VICTORIES: frozenset[str] = frozenset(c.slug for c in CARDS.values() if c.is_victory)
ATTACKS: frozenset[str] = frozenset(c.slug for c in CARDS.values() if c.is_attack)
