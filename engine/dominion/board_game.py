"""Dominion as one object (:class:`~engine.core.board_game.BoardGame`): its facts and hooks.

Not the game loop (that is :class:`engine.dominion.game.Game`): this is what the sandbox, the
tools and the web app ask of Dominion instead of comparing its name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.board_game import (
    PLAYER_NAMES,
    BoardGame,
    Params,
    Start,
    param_choice,
    param_flag,
    param_int,
    param_list,
    param_number,
    score_players,
)
from engine.core.decisions import Decider
from engine.core.localised import Names
from engine.core.run import Prepared
from engine.core.scenario import Scenario
from engine.dominion.cards import CARDS, EDITIONS
from engine.dominion.narrate import EDITION_WORDS, OPTION_WORDS
from engine.errors import SetupError

#: The hand and deck a card's "try it" sandbox deals around the card.
TRY_HAND = ("copper", "copper", "copper", "estate")
TRY_DECK = ("silver", "copper", "estate", "copper", "copper", "estate")
OTHER_HAND = ("copper", "copper", "estate", "copper", "copper")
OTHER_DECK = ("copper", "estate", "copper", "copper", "estate")


class DominionBoardGame(BoardGame):
    name = "dominion"
    package = "engine.dominion"
    editions = EDITIONS
    default_edition = "1e"
    card_kinds = ("card",)
    zones = ("hand", "deck", "discard", "play")
    shared_zones = ("trash",)
    counters = ("actions", "buys", "coins")
    board_terms = {
        "zone.deck": "dominion/terms/deck",
        "zone.hand": "dominion/terms/hand",
        "zone.play": "dominion/terms/play-area",
        "zone.discard": "dominion/terms/discard-pile",
        "zone.set_aside": "dominion/terms/set-aside",
        "zone.trash": "dominion/terms/trash-pile",
        "zone.supply": "dominion/terms/supply",
    }
    #: the board counts turns; its piles are the supply, named by their cards
    board = {"turn": "player.turn", "piles": "zone.supply", "pile_words": False}
    edition_badges = True  # an entry card shows each edition as a badge
    sandbox_players = (2, 4)
    sandbox_editor = {"table": "supply", "player_counters": [],
                      "turn_counters": [["actions", 1], ["buys", 1], ["coins", 0]],
                      "stops": ["card", "action", "buy", "turn", "game"],
                      "targets": [["supply", "sandbox.supply"], ["trash", "zone.trash"]]}
    option_words = OPTION_WORDS
    #: the set-up is looked up by edition and players; the score adds each card's points
    tools = {"setup": "by_edition", "score": "deck", "edition": "2e", "players": 3, "tie_cite": "points"}
    rule_modules = ("engine/dominion/effects.py",)
    rule_tests = (
        "tests/engine/dominion/test_dominion_cards.py",
        "tests/engine/dominion/test_dominion_turns.py",
        "tests/engine/dominion/test_dominion_known_bugs.py",
        "tests/engine/dominion/test_dominion_properties.py",
        "tests/engine/dominion/test_dominion_bots.py",
    )

    def in_edition(self, text: str, edition: str | None, lang: str) -> str:
        """The narration's table: the 1st edition's Chinese says 废置 for trash, the 2nd 移除."""
        for word, own in EDITION_WORDS.get(edition or "", {}).get(lang, ()):
            text = text.replace(word, own)
        return text

    def prepare(self, scenario: Scenario, decider: Decider, names: Names) -> Prepared:
        from engine.dominion.scenario_run import SetupFailed, prepare

        try:
            return prepare(scenario, decider, names)
        except SetupFailed as exc:
            raise SetupError(str(exc)) from None

    def sandbox_blank(self) -> Start:
        """Two players with nothing anywhere, stopping after a turn."""
        players = [{"name": n, "zones": {"hand": [], "deck": [], "discard": []}} for n in PLAYER_NAMES[:2]]
        return {"game": self.name, "edition": "1e", "players": players, "setup": {"stop": "turn"}}, []

    def sandbox_for(self, slug: str) -> Start | None:
        """The card in the first player's opening hand, in an edition that has it."""
        card = CARDS.get(slug)
        if card is None:
            return None
        edition = "1e" if "1e" in card.editions else "2e"
        players = [
            {"name": PLAYER_NAMES[0],
             "zones": {"hand": [slug, *TRY_HAND], "deck": list(TRY_DECK), "discard": []}},
            {"name": PLAYER_NAMES[1], "zones": {"hand": list(OTHER_HAND), "deck": list(OTHER_DECK)}},
        ]
        return {"game": self.name, "edition": edition, "players": players, "setup": {"stop": "turn"}}, []

    def sandbox_facts(self) -> dict[str, Any]:
        """Each card's editions (placing a card switches to an edition that has it)."""
        return {"editions": {slug: sorted(c.editions) for slug, c in CARDS.items()}}

    def simulate_options(self, players: str, edition: str, kingdom: Callable[[], list[str] | None],
                         ) -> dict[str, Any]:
        """Comma-separated bots, the edition and the kingdom (random when none)."""
        return {"players": [p.strip() for p in players.split(",") if p.strip()], "edition": edition,
                "kingdom": kingdom()}

    # ------------------------------------------------------------------ the tools
    def setup_request(self, params: Params) -> dict[str, Any]:
        edition = param_choice(params, "edition", EDITIONS, self.tools["edition"])
        return {"game": self.name, "edition": edition,
                "players": param_int(params, "players", self.tools["players"], 0, 99),
                "kingdom": param_list(params, "kingdom")}

    def setup(self, request: dict[str, Any]) -> dict[str, Any]:
        from engine.tables.setup import dominion_setup

        return dominion_setup(request["players"], request["edition"], list(request["kingdom"]))

    def score_request(self, params: Params, players: int) -> dict[str, Any]:
        def read(prefix: str, fields: dict[str, str]) -> dict[str, Any]:
            player: dict[str, Any] = {"name": fields.pop("name", "")}
            cards = {}
            for key, value in fields.items():
                if key in ("total", "turns"):
                    player[key] = param_number(f"{prefix}{key}", value)
                elif value != "":
                    cards[key] = param_number(f"{prefix}{key}", value)
            player["cards"] = cards
            return player

        return {"game": self.name, "players": score_players(params, players, read),
                "short_game": param_flag(params, "short")}

    def score(self, request: dict[str, Any]) -> dict[str, Any]:
        from engine.tables.score import score_dominion

        return score_dominion(request)

    def setup_table(self) -> dict[str, Any]:
        from engine.tables.setup import dominion_setups

        return dominion_setups()


BOARD_GAME = DominionBoardGame()
