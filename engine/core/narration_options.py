"""A decision's options in words, the same for the sandbox's buttons and the narration.

Options are card/character/district slugs, named choices (``yes``, ``gold``, ``build`` …),
players (``player-1``), a player's district (``player-1:keep``) or an exchange of districts
(``manor>player-1:keep``). Each game's narration file gives the named choices' words
(``options``, and ``card option`` keys for choices a card words differently) and the phrases
``district_of`` ({who}'s {d}) and ``swap`` ({mine} for {theirs}). Pure functions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.core.localised import LANGS, Localised, Names, name_of
from engine.core.narration import spaced
from engine.core.player_names import said_in


@dataclass(frozen=True)
class OptionWords:
    choices: Mapping[str, Localised] = field(default_factory=dict)  # option or "card option" -> label
    district_of: Localised = field(default_factory=lambda: {lang: "{d} ({who})" for lang in LANGS})
    swap: Localised = field(default_factory=lambda: {lang: "{mine} ⇄ {theirs}" for lang in LANGS})
    use_card: Localised | None = None  # "Use the {d}": a card offered as one of a turn's actions
    #: The purposes whose card options are verbs ("use the Armory"), not the card itself.
    use_purposes: frozenset[str] = frozenset({"action"})

    def choice(self, option: str, card: str | None = None, purpose: str | None = None) -> Localised | None:
        """The words of a named choice (the asking card's own wording first), or None. A turn's
        action menu (purpose ``action``) words its choices alike for every character: the
        Emperor's menu offers "Take 2 gold", not the "Pay 1 gold" of his payment."""
        own = self.choices.get(f"{card} {option}") if card and purpose != "action" else None
        return own or self.choices.get(option)


def player_index(option: str, players: list[str]) -> int | None:
    """N for ``player-N`` naming one of ``players``, else None."""
    number = option.removeprefix("player-")
    if number == option or not number.isdigit() or int(number) >= len(players):
        return None
    return int(number)


def is_choice(option: str, words: OptionWords, card: str | None = None, purpose: str | None = None) -> bool:
    """The option reads as a verb phrase ("Take gold", "Use the Armory"), not a card or a player."""
    if words.choice(option, card, purpose) is not None:
        return True
    return _used(option, words, purpose)


def _used(option: str, words: OptionWords, purpose: str | None) -> bool:
    return (words.use_card is not None and purpose in words.use_purposes
            and ">" not in option and ":" not in option and not option.startswith("player-"))


def option_label(option: str, names: Names, players: list[str], words: OptionWords,
                 card: str | None = None, purpose: str | None = None) -> Localised:
    """The option as a player reads it, in every language (``card``/``purpose``: the decision's)."""
    label = _said(option, names, players, words, card, purpose)
    return {lang: text if lang == "en" else spaced(text) for lang, text in label.items()}


def _said(option: str, names: Names, players: list[str], words: OptionWords,
          card: str | None, purpose: str | None) -> Localised:
    chosen = words.choice(option, card, purpose)
    if chosen:
        return dict(chosen)
    if words.use_card is not None and _used(option, words, purpose):
        use = words.use_card
        return {lang: use[lang].format(d=name_of(names, option, lang)) for lang in LANGS}
    who = player_index(option, players)
    if who is not None:
        return {lang: said_in(players[who], lang) for lang in LANGS}
    if ">" in option:
        mine, theirs = option.split(">", 1)
        other = _said(theirs, names, players, words, None, None)
        return {lang: words.swap[lang].format(mine=name_of(names, mine, lang), theirs=other[lang])
                for lang in LANGS}
    if ":" in option:
        owner, slug = option.split(":", 1)
        index = player_index(owner, players)
        owner_name = players[index] if index is not None else owner
        return {
            lang: words.district_of[lang].format(who=said_in(owner_name, lang), d=name_of(names, slug, lang))
            for lang in LANGS
        }
    return {lang: name_of(names, option, lang) for lang in LANGS}
