"""Readable labels for a decision's options, in the three scripts: the narration's own words.

Options are card/character/district slugs, named choices (``yes``, ``gold``, ``build`` …),
players (``player-1``), a player's district (``player-1:keep``) or an exchange
(``manor>player-1:keep``). The words are the games' narration files' (``options``, and for
Citadels ``district_of``, ``swap``, ``use_card``), so a button says what the narration says;
card names come from ``names`` (the corpus), player names from the situation.
"""

from __future__ import annotations

from engine.core.localised import Localised, Names
from engine.core.narration_options import option_label as _label
from engine.core.registry import get_game


def option_label(option: str, names: Names, players: list[str], card: str | None = None,
                 purpose: str | None = None, game: str = "citadels") -> Localised:
    """The option as a player reads it, in every language (``card``/``purpose``: the decision's;
    ``game`` picks the words: a Dominion "gold" is the card Gold, a Citadels "gold" takes gold)."""
    return _label(option, names, players, get_game(game).option_words, card, purpose)
