"""Where a sandbox starts: blank, a card's "try it", or a demonstration's step ("try from here").

Each returns ``(situation, answers)``: the situation in the scenario format as JSON, and the
answers already given. Pure functions over the engine's definitions and scenario files.
"""

from __future__ import annotations

from typing import Any

from engine.citadels import definitions as cd
from engine.core.scenario import ScenarioError, find_scenario_path, read_yaml
from engine.dominion.cards import CARDS

Start = tuple[dict[str, Any], list[Any]]
NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi")
SCRIPT_FREE = ("script", "expect", "highlight", "aliases")


def blank(game: str) -> Start:
    """An empty table: Dominion 2 players with nothing anywhere; Citadels 4 players before the draft."""
    if game == "citadels":
        players = [{"name": n, "zones": {"hand": [], "city": []}, "counters": {"gold": 2}} for n in NAMES[:4]]
        return {"game": "citadels", "players": players, "setup": {"start": "draft", "stop": "round"}}, []
    players = [{"name": n, "zones": {"hand": [], "deck": [], "discard": []}} for n in NAMES[:2]]
    return {"game": "dominion", "edition": "1e", "players": players, "setup": {"stop": "turn"}}, []


def for_card(entry_id: str) -> Start | None:
    """A small situation around one card, character or district (None if the engine lacks it)."""
    game, _, slug = entry_id.partition("/")
    if game == "dominion" and slug in CARDS:
        return _dominion_card(slug)
    if game == "citadels" and cd.is_character(slug):
        return _citadels_character(slug)
    if game == "citadels" and cd.is_district(slug):
        return _citadels_district(slug)
    return None


def _dominion_card(slug: str) -> Start:
    card = CARDS[slug]
    edition = "1e" if "1e" in card.editions else "2e"
    hand = [slug, "copper", "copper", "copper", "estate"]
    deck = ["silver", "copper", "estate", "copper", "copper", "estate"]
    players = [
        {"name": NAMES[0], "zones": {"hand": hand, "deck": deck, "discard": []}},
        {"name": NAMES[1], "zones": {"hand": ["copper", "copper", "estate", "copper", "copper"],
                                     "deck": ["copper", "estate", "copper", "copper", "estate"]}},
    ]
    return {"game": "dominion", "edition": edition, "players": players, "setup": {"stop": "turn"}}, []


def _others(exclude: set[int], count: int) -> list[str]:
    """Base characters of other ranks, highest first (they play after the one being tried)."""
    return [cd.RANKS[r][0] for r in range(8, 0, -1) if r not in exclude][:count]


def _citadels_table(mine: str, hand: list[str], gold: int, settings: dict[str, Any]) -> Start:
    rank = cd.character(mine).rank
    players_n = 5 if rank == 9 else 4
    others = _others({rank, 1}, players_n - 1)  # nobody else holds the Assassin: the tried one plays
    cities = [["tavern", "market"], ["temple", "watchtower"], ["manor"], ["trading-post"]]
    hands = ["harbor", "docks", "prison", "tavern"]
    players = [{"name": NAMES[0], "zones": {"hand": hand, "city": ["castle"], "characters": [mine]},
                "counters": {"gold": gold}}]
    for i, ch in enumerate(others):
        zones = {"hand": [hands[i]], "city": cities[i], "characters": [ch]}
        players.append({"name": NAMES[i + 1], "zones": zones, "counters": {"gold": 3}})
    setup: dict[str, Any] = {"start": "turns", "from_rank": rank, "stop": "turn"}
    if settings:
        setup["settings"] = settings
    return {"game": "citadels", "players": players, "setup": setup}, []


def _character_settings(slug: str) -> dict[str, Any]:
    rank = cd.character(slug).rank
    if rank == 9:
        return {"ninth": slug}
    return {"replace": [slug]} if cd.RANKS[rank][1] == slug else {}


def _citadels_character(slug: str) -> Start:
    return _citadels_table(slug, ["palace", "church", "market"], 4, _character_settings(slug))


def _citadels_district(slug: str) -> Start:
    district = cd.district(slug)
    settings = {"extra_districts": [slug]} if district.expansion else {}
    return _citadels_table("merchant", [slug, "temple"], district.cost + 1, settings)


def from_demo(scenario_id: str, step: int | None) -> tuple[dict[str, Any], list[Any]] | None:
    """A demonstration's situation and all its scripted answers (the caller cuts them at a step)."""
    path = find_scenario_path(scenario_id) if scenario_id.replace("-", "").isalnum() else None
    if path is None:
        return None
    try:
        raw = read_yaml(path)
    except ScenarioError:
        return None
    if not isinstance(raw, dict):
        return None
    answers = [s["answer"] if isinstance(s, dict) else s for s in raw.get("script", [])]
    situation = {k: v for k, v in raw.items() if k not in SCRIPT_FREE}
    return situation, answers


def answers_before(answered: list[Any], step: int) -> int:
    """How many answers (with their ``seq``) had been given when the player showed step ``step`` (1-based)."""
    return sum(1 for a in answered if a.seq <= step - 1)


def card_facts() -> dict[str, Any]:
    """What the editor needs to place a card: Dominion editions; Citadels ranks and expansions."""
    return {
        "dominion": {slug: sorted(c.editions) for slug, c in CARDS.items()},
        "characters": {c.slug: c.rank for c in cd.CHARACTERS},
        "expansion": {c.slug: cd.RANKS[c.rank][1] == c.slug and c.rank != 9 for c in cd.CHARACTERS},
        "districts": {x.slug: x.expansion for x in cd.DISTRICTS},
        # which characters a table accepts (engine/citadels/settings.py): three players remove
        # rank 1; two players use no rank-9 character; the Queen needs this many players
        "three_player_removed_rank": 1,
        "queen_min_players": cd.QUEEN_MIN_PLAYERS,
    }
