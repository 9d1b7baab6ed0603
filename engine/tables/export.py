"""The data the browser's tools script evaluates offline, asked of the engines at build time.

Scoring is exported as the engines' answers, not as restated rules:
- Dominion: each scoring card's points (``victory_points`` of that card alone) and, for a card
  whose worth grows with the deck (Gardens), the deck size per point found by probing it;
  the winner order found by scoring tied players.
- Citadels: each district's points (``score_player`` on a one-district city), the completion,
  gilding and Museum points, the Imperial Treasury's points per gold and the Map Room's per card
  left in hand, and a table of the colour and Wishing Well bonuses (with the Haunted
  City's colour) for every combination of colours present, Haunted City (absent / usable / built
  in the last round), Wishing Well and number of other purple districts; the end size for each
  player count, game length and Bell Tower; how ties are broken (district points, then gold).
Each game object's tool facts (``games``: which evaluator the tools script uses, the defaults)
go with them. A parity test plays random cities and decks through both the engine and the browser.
"""

from __future__ import annotations

import hashlib
import json
from itertools import cycle, islice
from typing import Any

from engine.citadels import definitions as cd
from engine.citadels.scoring import score_player, winners
from engine.citadels.settings import SettingsError, make_settings
from engine.citadels.state import Built, PlayerState
from engine.dominion.cards import CARDS, EDITIONS, KINGDOM_CARDS
from engine.dominion.state import victory_points
from engine.errors import EngineError
from engine.tables.kingdoms import KINGDOM_SIZE, MAX_TRIES, REQUIREMENTS, card_tags, pool, recommended_sets
from engine.tables.score import LAST_ROUND, end_size, score_dominion, scoring_cards
from engine.tables.setup import all_setups, setup_options

#: Rule entries the score counter cites for each kind of point.
DOMINION_CITES = {
    "points": "dominion/rules/scoring-and-ties#count-whole-deck",
    "gardens": "dominion/gardens",
    "tie": "dominion/rules/scoring-and-ties#tie-fewer-turns",
}
CITADELS_CITES = {
    "districts": "citadels/rules/scoring-and-bonuses#district-costs",
    "colours": "citadels/rules/scoring-and-bonuses#five-colours-plus-three",
    "haunted": "citadels/haunted-city",
    "first": "citadels/rules/scoring-and-bonuses#first-complete-plus-four",
    "other": "citadels/rules/scoring-and-bonuses#other-complete-plus-two",
    "wishing": "citadels/wishing-well",
    "museum": "citadels/museum",
    "gilded": "citadels/artist",
    "treasury": "citadels/imperial-treasury",
    "map_room": "citadels/map-room",
    "ties": "citadels/rules/scoring-and-bonuses#ties-share-victory",
}
PROBE_CARDS = 400  # Gardens-like cards are probed for every deck size up to this
MAX_PURPLE = 30  # other purple districts counted by the bonus table (a city holds at most 30 districts)
HAUNTED = "haunted-city"
WISHING = "wishing-well"
TREASURY = "imperial-treasury"
MAP_ROOM = "map-room"


class ExportError(EngineError, RuntimeError):
    """The engine answers in a way the exported data cannot express (the tools script needs work)."""


# --------------------------------------------------------------------------- Dominion
def dominion_scoring() -> dict[str, Any]:
    fixed: dict[str, int] = {}
    per_cards: dict[str, int] = {}
    for slug in scoring_cards():
        worth = [victory_points([slug] + ["copper"] * (n - 1)) for n in range(1, PROBE_CARDS + 1)]
        if len(set(worth)) == 1:
            fixed[slug] = worth[0]
            continue
        step = next(n for n, w in enumerate(worth, start=1) if w != worth[0])
        if worth[0] != 0 or any(w != n // step for n, w in enumerate(worth, start=1)):
            raise ExportError(f"{slug}: worth by deck size is not one point per {step} cards")
        per_cards[slug] = step
    return {
        "cards": scoring_cards(),
        "fixed": fixed,
        "per_cards": per_cards,
        "winner": dominion_winner_rule(),
        "cites": DOMINION_CITES,
    }


def dominion_winner_rule() -> list[str]:
    """Most points first; then what the engine does with a tie (fewest turns, shared)."""
    def won(turns: tuple[int, int]) -> list[int]:
        players = [{"cards": {"estate": 1}, "turns": t} for t in turns]
        return score_dominion({"players": players})["winners"]

    rule = ["most_points"]
    if won((5, 4)) == [1]:
        rule.append("fewest_turns")
    elif won((5, 4)) != [0, 1]:
        raise ExportError(f"Dominion tie with different turns gives {won((5, 4))}")
    if won((4, 4)) != [0, 1]:
        raise ExportError(f"Dominion full tie gives {won((4, 4))}")
    return rule + ["shared"]


# --------------------------------------------------------------------------- Citadels
def _score(city: list[Built], completed: str | None = None) -> Any:
    player = PlayerState(name="probe", city=city, completed=completed)
    return score_player(player, LAST_ROUND)


def _score_with(slug: str, gold: int = 0, hand: int = 0) -> int:
    """The total of a one-district city whose owner ends with ``gold`` and ``hand`` cards."""
    player = PlayerState(name="probe", city=[Built(slug, 1)], gold=gold, hand=["temple"] * hand)
    return score_player(player, LAST_ROUND).total


def _colour_reps() -> dict[str, str]:
    reps: dict[str, str] = {}
    for district in cd.BASE_DISTRICTS:
        reps.setdefault(district.colour, district.slug)
    return reps


def _other_purples() -> list[str]:
    return [x.slug for x in cd.DISTRICTS if x.colour == "special" and x.slug not in (HAUNTED, WISHING)]


def bonus_index(mask: int, haunted: int, wishing: int, purple: int) -> int:
    """Position in the bonus table (the tools script computes the same index)."""
    return ((mask * 3 + haunted) * 2 + wishing) * (MAX_PURPLE + 1) + purple


def citadels_scoring() -> dict[str, Any]:
    colours = [c for c in cd.COLOURS if c != "special"]
    reps = _colour_reps()
    purples = _other_purples()
    table_colours: list[int] = []
    table_wishing: list[int] = []
    table_haunted: list[int] = []
    for mask in range(2 ** len(colours)):
        for haunted in range(3):
            for wishing in range(2):
                for purple in range(MAX_PURPLE + 1):
                    city = [Built(reps[c], 1) for bit, c in enumerate(colours) if mask >> bit & 1]
                    city += [Built(s, 1) for s in islice(cycle(purples), purple)]
                    if wishing:
                        city.append(Built(WISHING, 1))
                    if haunted:
                        city.append(Built(HAUNTED, LAST_ROUND if haunted == 2 else 1))
                    s = _score(city)
                    expected = len(table_colours)
                    if bonus_index(mask, haunted, wishing, purple) != expected:
                        raise ExportError("bonus table order")
                    table_colours.append(s.colours)
                    table_wishing.append(s.wishing_well)
                    table_haunted.append(cd.COLOURS.index(s.haunted_as) if s.haunted_as else -1)
    values = {x.slug: _score([Built(x.slug, 1)]).districts for x in cd.DISTRICTS}
    nothing = _score([]).total
    completion = {kind: _score([], kind).total - nothing for kind in ("first", "other")}
    gilded = _score([Built("temple", 1, gilded=True)]).total - _score([Built("temple", 1)]).total
    museum = _score([Built("museum", 1, under=["temple"])]).total - _score([Built("museum", 1)]).total
    treasury = _score_with(TREASURY, gold=1) - _score_with(TREASURY)
    map_room = _score_with(MAP_ROOM, hand=1) - _score_with(MAP_ROOM)
    probes = {
        "districts": winners([3, 3, 1], [3, 2, 1], [0, 0, 0]) == [0],
        "gold": winners([3, 3, 1], [2, 2, 1], [1, 4, 0]) == [1],
        "shared": winners([3, 3, 1], [2, 2, 1], [4, 4, 0]) == [0, 1],
    }
    if not all(probes.values()):
        raise ExportError(f"Citadels tie-break answers {probes}; the tools script breaks ties by "
                          "district points, then gold, and shares what is still level")
    return {
        "colours": list(cd.COLOURS),
        "income_colours": colours,
        "district_colour": {x.slug: x.colour for x in cd.DISTRICTS},
        "expansion": [x.slug for x in cd.DISTRICTS if x.expansion],
        "values": values,
        "completion": completion,
        "gilded": gilded,
        "museum": museum,
        "haunted": HAUNTED,
        "wishing": WISHING,
        "max_purple": MAX_PURPLE,
        "treasury": {"district": TREASURY, "per_gold": treasury},
        "map_room": {"district": MAP_ROOM, "per_card": map_room},
        "bonus": {"colours": table_colours, "wishing": table_wishing, "haunted_as": table_haunted},
        "end_sizes": end_sizes(),
        "ties": "districts-then-gold",
        "cites": CITADELS_CITES,
    }


def end_sizes() -> dict[str, int]:
    """``"<players>-<short 0/1>-<bell>"`` -> the city size that completes a city; bell 0: no Bell
    Tower, 1: a Bell Tower stands but its owner has not announced the shorter game, 2: announced."""
    out: dict[str, int] = {}
    for players in setup_options().citadels_players:
        for short in (False, True):
            try:
                make_settings(players, short_game=short)
            except SettingsError:
                continue
            for bell in (0, 1, 2):
                cities = [PlayerState(name=f"P{i}") for i in range(players)]
                if bell:
                    cities[0].city.append(Built("bell-tower", 1))
                out[f"{players}-{int(short)}-{bell}"] = end_size(players, short, cities, announced=bell == 2)
    return out


# --------------------------------------------------------------------------- kingdoms
def kingdom_data() -> dict[str, Any]:
    return {
        "size": KINGDOM_SIZE,
        "max_tries": MAX_TRIES,
        "requirements": list(REQUIREMENTS),
        "pools": {ed: pool(ed) for ed in (*EDITIONS, "mixed")},
        "cost": {c.slug: c.cost for c in KINGDOM_CARDS},
        "tags": card_tags(),
        "sets": {ed: recommended_sets(ed) for ed in (*EDITIONS, "mixed")},
    }


def game_facts() -> dict[str, Any]:
    """What the tools script asks of each game object: its editions and ``tools`` facts (which
    set-up and score evaluators, the form's defaults, the cite for ties)."""
    from engine.core.registry import games

    return {name: {"editions": list(game.editions), **game.tools} for name, game in games().items()}


def export_tables() -> dict[str, Any]:
    """Everything the tools need offline; ``version`` changes whenever any figure does."""
    body = {
        "setup": all_setups(),
        "dominion_score": dominion_scoring(),
        "citadels_score": citadels_scoring(),
        "kingdom": kingdom_data(),
        "dominion_cards": {slug: sorted(CARDS[slug].types) for slug in CARDS},
        "games": game_facts(),
    }
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return {"version": hashlib.sha256(text.encode()).hexdigest()[:12], **body}
