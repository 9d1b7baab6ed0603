"""Decision prompts in three languages (words: engine/dominion/narration.yaml; pure functions)."""

from __future__ import annotations

from typing import Any

from engine.core.localised import LANGS, Localised, Names, name_of
from engine.core.player_names import said_in
from engine.dominion.narrate import WORDS

PROMPTS = WORDS["prompts"]  # purpose -> {en, zh-Hans, zh-Hant}; {card} the asking card, {x} a context value

_CARD_KEYS = ("attack", "drawn", "revealed")


def prompt_for(purpose: str, card: str | None, context: dict[str, Any], names: Names,
               players: list[str] | None = None) -> Localised:
    """The decision's prompt in three languages; ``players`` names the player a context ``target`` means."""
    templates = PROMPTS.get(purpose) or {lang: purpose for lang in LANGS}
    out = {}
    for lang in LANGS:
        template = templates[lang]
        values = {k: v for k, v in context.items() if isinstance(v, (int, str))}
        for key in _CARD_KEYS:
            if key in values:
                values[key] = name_of(names, str(values[key]), lang)
        if "target" in values:
            target = int(values["target"])
            in_range = players and target < len(players)
            values["target"] = said_in(players[target], lang) if in_range else target + 1
        values["card"] = name_of(names, card, lang) if card else ""
        values["copper"] = name_of(names, "copper", lang)
        try:
            out[lang] = template.format(**values)
        except (KeyError, IndexError):
            out[lang] = template
    return out
