"""Narration and decision prompts in en, zh-Hans and zh-Hant (words: engine/citadels/narration.yaml).

Card and character names come from the corpus through ``names`` (slug -> localised name);
Traditional Chinese is the Simplified template converted with the core OpenCC helper unless the
data file writes it (engine/core/narration.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core.events import Event
from engine.core.localised import Localised, Names, join_names, name_of
from engine.core.narration import fill, load_words

WORDS = load_words(Path(__file__).with_name("narration.yaml"))
EVENTS: dict[str, Localised] = WORDS["events"]
PROMPTS: dict[str, Localised] = WORDS["prompts"]
COLOURS: dict[str, Localised] = WORDS["colours"]
OPTIONS: dict[str, Localised] = WORDS["options"]
PHRASES: dict[str, Localised] = WORDS["phrases"]

#: The card behind an event whose ``cards`` hold something else (named through ``names``).
VIA: dict[str, str] = {
    "architect_draw": "architect",
    "bell_tower": "bell-tower",
    "laboratory": "laboratory",
    "smithy": "smithy",
    "museum": "museum",
    "witch_takes_over": "witch",
    "navigate": "navigator",
    "graveyard": "graveyard",
    "queen_waits": "queen",
    "queen": "queen",
}


def prompt(key: str, names: Names | None = None, **fmt: Any) -> Localised:
    def fields(lang: str) -> dict[str, Any]:
        out = dict(fmt)
        if "character" in fmt:
            out["c"] = name_of(names or {}, fmt["character"], lang)
        return out

    return fill(PROMPTS[key], fields)


def _option(option: str, names: Names, players: list[str], lang: str) -> str:
    """An answer's option in words: a named choice, a player (``player-N``) or a card's name."""
    if option in OPTIONS:
        return OPTIONS[option][lang]
    if option.startswith("player-") and option[7:].isdigit() and int(option[7:]) < len(players):
        return players[int(option[7:])]
    return name_of(names, option, lang)


def narrate(event: Event, names: Names, players: list[str]) -> Localised:
    data = event.data
    kind = event.kind
    if kind == "abbot" and not data.get("gold"):
        kind = "abbot_nothing"
    elif kind == "setup" and data.get("scenario"):
        kind = "setup_scenario"
    elif kind == "decision" and data.get("forced"):
        kind = "decision_forced"
    elif kind == "decision" and data.get("decision", {}).get("max", 1) > 1:
        kind = "decision_several"
    template = EVENTS.get(kind) or {lang: event.kind for lang in ("en", "zh-Hans", "zh-Hant")}

    def player_name(i: Any) -> str:
        return players[i] if isinstance(i, int) and 0 <= i < len(players) else "?"

    def fields(lang: str) -> dict[str, Any]:
        out: dict[str, Any] = {k: v for k, v in data.items() if not isinstance(v, (list, dict))}
        out["p"] = player_name(event.player)
        out["cards"] = join_names(names, list(event.cards), lang)
        if "character" in data:
            out["c"] = name_of(names, data["character"], lang)
        if event.kind in VIA:
            out["via"] = name_of(names, VIA[event.kind], lang)
        other = next(
            (data[k] for k in ("target", "robber", "receiver", "to", "source", "by") if k in data), None
        )
        out["t"] = player_name(other)
        if "colour" in data and data["colour"] in COLOURS:
            out["colour"] = COLOURS[data["colour"]][lang]
        if event.kind == "destroy":
            by = player_name(data.get("by"))
            out["by_say"] = by if data.get("warlord") else PHRASES["armory_by"][lang].format(by=by)
        if event.kind == "crown_payment":
            out["paid_say"] = PHRASES[f"paid_{data['paid']}"][lang]
        if event.kind == "score":
            out["extras"] = sum(data.get(k, 0) for k in ("gilded", "museum", "wishing_well"))
        if event.kind == "game_end":
            sep = PHRASES["list_sep"][lang]
            out["winner_names"] = sep.join(player_name(i) for i in data.get("winners", []))
        if event.kind == "decision":
            decision = data.get("decision", {})
            out["lo"], out["hi"] = decision.get("min", 1), decision.get("max", 1)
            out["options"] = PHRASES["list_sep"][lang].join(
                _option(o, names, players, lang) for o in decision.get("options", []))
        if event.kind == "answer" or data.get("forced"):
            picks = data.get("answer") or ["none"]
            out["answer"] = PHRASES["list_sep"][lang].join(_option(o, names, players, lang) for o in picks)
        return out

    return fill(template, fields)
