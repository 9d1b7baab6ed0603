"""One word per concept: the board's labels for places and things are the glossary's names.

The glossary (term entries in the dataset) names the places a card can be and the things on the
table: Dominion's deck, hand, play area, discard pile, set aside, trash pile and supply; Citadels'
city, district deck, bank, gold and crown. The demo board labels them with exactly those names
in each script, so what a player reads on the board is what the glossary and the search know.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.player_names import said_in
from engine.core.player_names import table as player_names
from engine.core.registry import games
from refapp import i18n
from refapp.catalog import Catalog, localised

# interface key the board uses -> the glossary entry that names it, per game (the game objects' board_terms)
BOARD_TERMS: dict[str, dict[str, str]] = {name: dict(game.board_terms) for name, game in games().items()}
BOARD_PREFIXES = ("player.", "zone.", "counter.", "phase.", "pile.", "punct.")


def glossary_names(catalog: Catalog, game: str, lang: str, edition: str | None = None) -> dict[str, str]:
    """The glossary's name for each board key of `game` in `edition`'s words (a 2nd-edition demo's
    trash is 移除区); a key only the other game names (a Citadels hand is a hand too) takes that
    game's word."""
    out: dict[str, str] = {}
    for other in [g for g in BOARD_TERMS if g != game] + [game]:
        for key, term_id in BOARD_TERMS[other].items():
            entry = catalog.get(term_id)
            if entry is not None:
                out[key] = localised(entry.names_in(edition), lang)
    return out


def board_strings(catalog: Catalog, game: str, lang: str, edition: str | None = None) -> dict[str, str]:
    """Every label the demo board needs in `lang`: interface strings, the glossary's names in
    `edition`'s words, and the example players' names ('who.<name>', `engine.core.player_names`)."""
    return {
        **i18n.client_strings(lang, BOARD_PREFIXES),
        **glossary_names(catalog, game, lang, edition),
        **{f"who.{name}": said_in(name, lang) for name in player_names()},  # 'who.Bob': 鲍勃
    }


def words_by_edition(
    catalog: Catalog, lang: str, words: Callable[..., dict[str, str]] = glossary_names
) -> dict[str, dict[str, str]]:
    """`words(catalog, game, lang, edition)` for each game (key "dominion") and each of its
    editions (key "dominion/2e"): a page that can switch edition carries them all."""
    return {
        key: words(catalog, name, lang, edition)
        for name, game in games().items()
        for key, edition in [(name, None), *((f"{name}/{ed}", ed) for ed in game.editions)]
    }
