"""Citadels cards: the 18 characters and every district, with colours, costs and counts.

Facts come from seed 003 (``corpus/sources/003_386c33ee6a748081.txt``); ``SOURCE`` line ranges
are given next to each table. Districts the seed names only in its FAQ (the Dark City purple
districts: armory, poor-house, museum, hospital, bell-tower, quarry, wishing-well) and those it
never names (imperial-treasury, map-room, park, throne-room, factory, lighthouse, ball-room) carry the
published costs of those cards and are added to a game only through its settings.
"""

from __future__ import annotations

from dataclasses import dataclass

SOURCE = "003_386c33ee6a748081.txt"

#: District colours (lower-case English, as in the corpus ``types``).
COLOURS: tuple[str, ...] = ("noble", "religious", "trade", "military", "special")
#: The four colours that pay income; ``special`` (purple) pays none.
INCOME_COLOURS: tuple[str, ...] = ("noble", "religious", "trade", "military")


@dataclass(frozen=True)
class Character:
    slug: str
    rank: int
    expansion: bool  # False: one of the 8 base characters (seed lines 75-91)
    income: str | None = None  # colour whose districts pay this character income


@dataclass(frozen=True)
class District:
    slug: str
    colour: str
    cost: int  # gold paid to build it
    count: int  # copies in the deck
    points: int | None = None  # scored value when it differs from the cost (dragon-gate, university)
    expansion: bool = False  # True: named only in the seed's FAQ; added by a game setting

    @property
    def value(self) -> int:
        """Points at the end, also the value the Diplomat compares (seed lines 597-599)."""
        return self.points if self.points is not None else self.cost


# Seed lines 75-93 (base 8 + queen) and 313-355 (expansion characters, one per rank).
CHARACTERS: tuple[Character, ...] = (
    Character("assassin", 1, False),
    Character("thief", 2, False),
    Character("magician", 3, False),
    Character("king", 4, False, "noble"),
    Character("bishop", 5, False, "religious"),
    Character("merchant", 6, False, "trade"),
    Character("architect", 7, False),
    Character("warlord", 8, False, "military"),
    Character("queen", 9, True),
    Character("witch", 1, True),
    Character("tax-collector", 2, True),
    Character("wizard", 3, True),
    Character("emperor", 4, True, "noble"),
    Character("abbot", 5, True, "religious"),
    Character("alchemist", 6, True),  # no income: seed FAQ lines 521-523
    Character("navigator", 7, True),
    Character("diplomat", 8, True, "military"),
    Character("artist", 9, True),
)
CHARACTER_BY_SLUG: dict[str, Character] = {c.slug: c for c in CHARACTERS}
#: rank -> (base character, expansion character); rank 9 has the Queen and the Artist.
RANKS: dict[int, tuple[str, str]] = {
    1: ("assassin", "witch"),
    2: ("thief", "tax-collector"),
    3: ("magician", "wizard"),
    4: ("king", "emperor"),
    5: ("bishop", "abbot"),
    6: ("merchant", "alchemist"),
    7: ("architect", "navigator"),
    8: ("warlord", "diplomat"),
    9: ("queen", "artist"),
}

# Seed line 225: coloured districts with cost and number of copies (54 cards).
# Seed lines 227-271: the 12 special districts of the base deck (the Keep has two copies).
DISTRICTS: tuple[District, ...] = (
    District("temple", "religious", 1, 3),
    District("church", "religious", 2, 3),
    District("monastery", "religious", 3, 3),
    District("cathedral", "religious", 5, 2),
    District("watchtower", "military", 1, 3),
    District("prison", "military", 2, 3),
    District("battlefield", "military", 3, 3),
    District("fortress", "military", 5, 2),
    District("manor", "noble", 3, 5),
    District("castle", "noble", 4, 4),
    District("palace", "noble", 5, 3),
    District("tavern", "trade", 1, 5),
    District("trading-post", "trade", 2, 3),
    District("market", "trade", 2, 4),
    District("docks", "trade", 3, 3),
    District("harbor", "trade", 4, 3),
    District("town-hall", "trade", 5, 2),
    District("library", "special", 6, 1),
    District("dragon-gate", "special", 6, 1, points=8),
    District("graveyard", "special", 5, 1),
    District("haunted-city", "special", 2, 1),
    District("school-of-magic", "special", 6, 1),
    District("laboratory", "special", 5, 1),
    District("smithy", "special", 5, 1),
    District("observatory", "special", 5, 1),
    District("university", "special", 6, 1, points=8),
    District("keep", "special", 3, 2),
    District("great-wall", "special", 6, 1),
    # Seed FAQ lines 601-687 (expansion districts; costs of the published cards).
    District("armory", "special", 3, 1, expansion=True),
    District("poor-house", "special", 5, 1, expansion=True),  # classic card: 5 (2016 edition: 4)
    District("museum", "special", 4, 1, expansion=True),
    District("hospital", "special", 6, 1, expansion=True),
    District("bell-tower", "special", 5, 1, expansion=True),
    District("quarry", "special", 5, 1, expansion=True),
    District("wishing-well", "special", 5, 1, expansion=True),
    # Dark City districts the seed does not name (published classic cards).
    District("imperial-treasury", "special", 4, 1, expansion=True),
    District("map-room", "special", 5, 1, expansion=True),
    District("park", "special", 6, 1, expansion=True),
    District("throne-room", "special", 6, 1, expansion=True),
    District("factory", "special", 6, 1, expansion=True),
    District("lighthouse", "special", 3, 1, expansion=True),
    District("ball-room", "special", 6, 1, expansion=True),
)
DISTRICT_BY_SLUG: dict[str, District] = {d.slug: d for d in DISTRICTS}
BASE_DISTRICTS: tuple[District, ...] = tuple(d for d in DISTRICTS if not d.expansion)
EXPANSION_DISTRICTS: tuple[str, ...] = tuple(d.slug for d in DISTRICTS if d.expansion)

#: Seed line 45: the bank holds 30 gold (line 7's "35" is the marketing box list).
BANK_GOLD = 30
#: Seed line 97: each player starts with 2 gold and 4 districts.
START_GOLD = 2
START_HAND = 4
#: Seed line 25 / 173: the round in which a city reaches 8 districts is the last.
END_DISTRICTS = 8
#: Seed lines 209-211: the short game ends at 7.
SHORT_GAME_DISTRICTS = 7
#: Seed line 203: three players remove the Assassin and end at 10.
THREE_PLAYER_DISTRICTS = 10
#: The published variant for three players: each plays two characters; the game ends at 8.
THREE_PLAYER_VARIANTS: tuple[str, ...] = ("two-characters", "one-character")
#: Published classic rules: the Queen is used with five or more players only.
QUEEN_MIN_PLAYERS = 5
#: Eight players need the rank-9 character (nine characters for eight seats plus one face down).
MAX_PLAYERS = 8

# Seed lines 105-141: set-aside characters per player count for the 8-character game.
# players -> (face up, face down). 2 players use their own procedure (lines 187-199).
SET_ASIDE: dict[int, tuple[int, int]] = {3: (2, 1), 4: (2, 1), 5: (1, 1), 6: (0, 1), 7: (0, 1)}


def base_deck() -> list[str]:
    """The 66 base district cards (54 coloured + 12 special), in a fixed order."""
    return [d.slug for d in BASE_DISTRICTS for _ in range(d.count)]


def character(slug: str) -> Character:
    return CHARACTER_BY_SLUG[slug]


def district(slug: str) -> District:
    return DISTRICT_BY_SLUG[slug]


def is_character(slug: str) -> bool:
    return slug in CHARACTER_BY_SLUG


def is_district(slug: str) -> bool:
    return slug in DISTRICT_BY_SLUG
