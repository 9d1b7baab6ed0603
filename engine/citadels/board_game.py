"""Citadels as one object (:class:`~engine.core.board_game.BoardGame`): its facts and hooks.

Not the game loop (that is :class:`engine.citadels.game.CitadelsGame`): this is what the sandbox,
the tools and the web app ask of Citadels instead of comparing its name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.citadels import definitions as cd
from engine.citadels.narration import OPTION_WORDS
from engine.core.board_game import (
    PLAYER_NAMES,
    BoardGame,
    Params,
    Start,
    param_choice,
    param_flag,
    param_int,
    param_number,
    score_players,
)
from engine.core.decisions import Decider
from engine.core.localised import Names
from engine.core.run import Prepared
from engine.core.scenario import Scenario
from engine.errors import SetupError

#: The other players' cities and hands around a tried card.
TRY_CITIES = (("tavern", "market"), ("temple", "watchtower"), ("manor",), ("trading-post",))
TRY_HANDS = ("harbor", "docks", "prison", "tavern")
#: The rank the three-player game removes (engine/citadels/settings.py); the sandbox editor needs it.
THREE_PLAYER_REMOVED_RANK = 1


class CitadelsBoardGame(BoardGame):
    name = "citadels"
    package = "engine.citadels"
    card_kinds = ("character", "district")
    zones = ("hand", "city", "characters")
    counters = ("gold",)
    board_terms = {
        "zone.city": "citadels/terms/city",
        "pile.deck": "citadels/terms/district-deck",
        "pile.bank": "citadels/terms/bank",
        "counter.gold": "citadels/terms/gold",
        "counter.crown": "citadels/terms/crown",
    }
    #: the board counts rounds; its piles (district deck, bank) are named by pile.<slug>
    board = {"turn": "player.round", "piles": "player.piles", "pile_words": True}
    sandbox_players = (2, 8)
    sandbox_editor = {"table": "draft", "player_counters": ["gold"], "turn_counters": [],
                      "stops": ["turn", "round", "game"], "targets": [], "ninth": ["queen", "artist"]}
    sandbox_caps = {"hand": "citadels_hand", "city": "citadels_city"}
    shared_cap = 100  # the district deck may be shared whole
    option_words = OPTION_WORDS
    #: the set-up is looked up by players, rank-9 character and game length; the score adds a city
    tools = {"setup": "by_options", "score": "city", "players": 4, "tie_cite": "ties"}
    rule_modules = (
        "engine/citadels/abilities.py",
        "engine/citadels/building.py",
        "engine/citadels/scoring.py",
        "engine/citadels/draft.py",
        "engine/citadels/turn.py",
    )
    rule_tests = ("tests/engine/citadels/test_rules.py", "tests/engine/citadels/test_random_games.py",
                  "tests/engine/citadels/test_acting_player.py")

    def prepare(self, scenario: Scenario, decider: Decider, names: Names) -> Prepared:
        from engine.citadels.scenario import prepare
        from engine.citadels.settings import SettingsError

        try:
            return prepare(scenario, decider, names)
        except SettingsError as exc:
            raise SetupError(f"setup.settings.{exc}") from None

    def sandbox_blank(self) -> Start:
        """Four players before the draft, two gold each, stopping after a round."""
        players = [{"name": n, "zones": {"hand": [], "city": []}, "counters": {"gold": 2}}
                   for n in PLAYER_NAMES[:4]]
        return {"game": self.name, "players": players, "setup": {"start": "draft", "stop": "round"}}, []

    def sandbox_for(self, slug: str) -> Start | None:
        """A character tried in its own turn, or a district in the Merchant's hand with gold to build it."""
        if cd.is_character(slug):
            return self._table(slug, ["palace", "church", "market"], 4, _character_settings(slug))
        if cd.is_district(slug):
            district = cd.district(slug)
            settings = {"extra_districts": [slug]} if district.expansion else {}
            return self._table("merchant", [slug, "temple"], district.cost + 1, settings)
        return None

    def _table(self, mine: str, hand: list[str], gold: int, settings: dict[str, Any]) -> Start:
        rank = cd.character(mine).rank
        players_n = 5 if rank == 9 else 4
        others = _others({rank, 1}, players_n - 1)  # nobody else holds the Assassin: the tried one plays
        zones = {"hand": hand, "city": ["castle"], "characters": [mine]}
        players = [{"name": PLAYER_NAMES[0], "zones": zones, "counters": {"gold": gold}}]
        for i, ch in enumerate(others):
            zones = {"hand": [TRY_HANDS[i]], "city": list(TRY_CITIES[i]), "characters": [ch]}
            players.append({"name": PLAYER_NAMES[i + 1], "zones": zones, "counters": {"gold": 3}})
        setup: dict[str, Any] = {"start": "turns", "from_rank": rank, "stop": "turn"}
        if settings:
            setup["settings"] = settings
        return {"game": self.name, "players": players, "setup": setup}, []

    def sandbox_facts(self) -> dict[str, Any]:
        """Ranks, which characters replace a base one, the expansion districts, and which characters a
        table accepts (engine/citadels/settings.py: three players remove rank 1; two players use no
        rank-9 character; the Queen needs this many players)."""
        return {
            "characters": {c.slug: c.rank for c in cd.CHARACTERS},
            "expansion": {c.slug: cd.RANKS[c.rank][1] == c.slug and c.rank != 9 for c in cd.CHARACTERS},
            "districts": {x.slug: x.expansion for x in cd.DISTRICTS},
            "three_player_removed_rank": THREE_PLAYER_REMOVED_RANK,
            "queen_min_players": cd.QUEEN_MIN_PLAYERS,
        }

    def simulate_options(self, players: str, edition: str, kingdom: Callable[[], list[str] | None],
                         ) -> dict[str, Any]:
        """A player count (or as many players as names listed)."""
        return {"players": int(players) if players.strip().isdigit() else len(players.split(","))}

    # ------------------------------------------------------------------ the tools
    def setup_request(self, params: Params) -> dict[str, Any]:
        ninth = params.get("ninth") or None
        return {"game": self.name, "players": param_int(params, "players", self.tools["players"], 0, 99),
                "short_game": param_flag(params, "short"), "ninth": None if ninth == "none" else ninth}

    def setup(self, request: dict[str, Any]) -> dict[str, Any]:
        from engine.tables.setup import citadels_setup

        return citadels_setup(request["players"], request["short_game"], request["ninth"])

    def score_request(self, params: Params, players: int) -> dict[str, Any]:
        def read(prefix: str, fields: dict[str, str]) -> dict[str, Any]:
            player: dict[str, Any] = {"name": fields.pop("name", "")}
            for key in ("city", "late", "gilded"):
                values = ",".join(params.getlist(prefix + key)).split(",")
                player[{"late": "last_round"}.get(key, key)] = [x for x in values if x]
            player["completed"] = fields.get("done") or "auto"
            for key in ("museum", "gold", "hand"):  # gold: the Imperial Treasury and ties; hand: the Map Room
                if fields.get(key):
                    player[key] = param_number(f"{prefix}{key}", fields[key])
            return player

        request = {"game": self.name, "players": score_players(params, players, read),
                   "short_game": param_flag(params, "short")}
        request["bell_tower_announced"] = param_choice(params, "bell", ("1", "0"), "1") == "1"
        return request

    def score(self, request: dict[str, Any]) -> dict[str, Any]:
        from engine.tables.score import score_citadels

        return score_citadels(request)

    def setup_table(self) -> dict[str, Any]:
        from engine.tables.setup import citadels_setups

        return citadels_setups()


def _others(exclude: set[int], count: int) -> list[str]:
    """Base characters of other ranks, highest first (they play after the one being tried)."""
    return [cd.RANKS[r][0] for r in range(8, 0, -1) if r not in exclude][:count]


def _character_settings(slug: str) -> dict[str, Any]:
    rank = cd.character(slug).rank
    if rank == 9:
        return {"ninth": slug}
    return {"replace": [slug]} if cd.RANKS[rank][1] == slug else {}


BOARD_GAME = CitadelsBoardGame()
