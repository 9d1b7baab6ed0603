"""Narration and decision prompts in en, zh-Hans and zh-Hant (words: engine/citadels/narration.yaml).

Card and character names come from the corpus through ``names`` (slug -> localised name);
Traditional Chinese is the Simplified template converted with the core OpenCC helper unless the
data file writes it (engine/core/narration.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.citadels.scoring import EXTRA_PARTS
from engine.core.events import Event
from engine.core.localised import Localised, Names, join_names, name_of
from engine.core.narration import fill, fill_spaced, in_sentence, join_words, load_words
from engine.core.narration_options import OptionWords, is_choice, option_label, player_index
from engine.core.player_names import players_in, said_in

WORDS = load_words(Path(__file__).with_name("narration.yaml"))
EVENTS: dict[str, Localised] = WORDS["events"]
PROMPTS: dict[str, Localised] = WORDS["prompts"]
COLOURS: dict[str, Localised] = WORDS["colours"]
OPTIONS: dict[str, Localised] = WORDS["options"]
PHRASES: dict[str, Localised] = WORDS["phrases"]
DECISIONS: dict[str, Localised] = WORDS["decisions"]
ANSWERS: dict[str, Localised] = WORDS["answers"]
OPTION_WORDS = OptionWords(choices=OPTIONS, district_of=PHRASES["district_of"], swap=PHRASES["swap"],
                           use_card=PHRASES["use_card"])


#: The card behind an event whose ``cards`` hold something else (named through ``names``).
VIA: dict[str, str] = {
    "architect_draw": "architect",
    "bell_tower": "bell-tower",
    "laboratory": "laboratory",
    "smithy": "smithy",
    "museum": "museum",
    "park": "park",
    "lighthouse": "lighthouse",
    "lighthouse_none": "lighthouse",
    "throne_room": "throne-room",
    "ball_room_forgot": "ball-room",
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


def _option(option: str, names: Names, players: list[str], lang: str, card: str | None = None,
            purpose: str | None = None) -> str:
    """An option in words inside a sentence (the button's words; a verb phrase in lower case)."""
    label = option_label(option, names, players, OPTION_WORDS, card, purpose)[lang]
    return in_sentence(label, lang) if is_choice(option, OPTION_WORDS, card, purpose) else label



def _grouped(options: list[str], names: Names, players: list[str], lang: str) -> list[str]:
    """Districts grouped by owner ("Ben's Keep or Tavern") and exchanges by the district asked for
    ("Castle or Manor for Ben's Keep"); other options one by one."""
    groups: dict[str, list[str]] = {}
    for option in options:
        if ">" in option:
            mine, theirs = option.split(">", 1)
            groups.setdefault(">" + theirs, []).append(name_of(names, mine, lang))
        elif ":" in option and player_index(option.split(":", 1)[0], players) is not None:
            owner, slug = option.split(":", 1)
            groups.setdefault(":" + owner, []).append(name_of(names, slug, lang))
        else:
            groups.setdefault(option, [])
    said = []
    for key, members in groups.items():
        if key.startswith(">"):
            theirs = option_label(key[1:], names, players, OPTION_WORDS)[lang]
            said.append(PHRASES["swap"][lang].format(mine=join_words(members, lang, "or"), theirs=theirs))
        elif key.startswith(":"):
            who = said_in(players[player_index(key[1:], players) or 0], lang)
            said.append(PHRASES["district_of"][lang].format(who=who, d=join_words(members, lang, "or")))
        else:
            said.append(_option(key, names, players, lang))
    return said


def _options_said(decision: dict[str, Any], names: Names, players: list[str], lang: str) -> str:
    options = list(decision.get("options", []))
    card, purpose = decision.get("context", {}).get("card"), decision.get("context", {}).get("purpose")
    if any(">" in o or ":" in o for o in options):
        groups = _grouped(options, names, players, lang)
        if len(groups) > 1 and any(">" in o for o in options):
            return PHRASES["or_sep"][lang].join(groups)
        return join_words(groups, lang, "or")
    return join_words([_option(o, names, players, lang, card, purpose) for o in options], lang, "or")


def decision_template(decision: dict[str, Any]) -> Localised:
    """The sentence for a decision: by purpose, a card's own wording first."""
    context = decision.get("context", {})
    purpose, card = context.get("purpose"), context.get("card")
    return DECISIONS.get(f"{purpose} {card}") or DECISIONS.get(str(purpose)) or EVENTS["decision"]


def _decision_sentence(data: dict[str, Any]) -> Localised:
    template = decision_template(data.get("decision", {}))
    if not data.get("forced"):
        return template
    return {lang: text[:-1] + PHRASES["forced"][lang] + text[-1:] for lang, text in template.items()}


def narrate(event: Event, names: Names, players: list[str]) -> Localised:
    data = event.data
    kind = event.kind
    if kind == "abbot" and not data.get("gold"):
        kind = "abbot_nothing"
    elif kind == "setup" and data.get("scenario"):
        kind = "setup_scenario"
    elif kind == "navigate" and not data.get("gold"):
        kind = "navigate_cards"
    elif kind == "answer":
        picks = data.get("answer") or []
        kind = "answer_none" if not picks or picks == ["none"] else \
            "answer_choice" if all(is_choice(o, OPTION_WORDS, data.get("card"), data.get("purpose"))
                                   for o in picks) else "answer"
    if kind == "decision":
        template = _decision_sentence(data)
    elif kind == "answer_choice" and data.get("answer") in (["yes"], ["no"]):
        pick = data["answer"][0]
        template = ANSWERS.get(f"{data.get('purpose')} {pick}") or ANSWERS[pick]
    elif kind == "answer":
        purpose, card = data.get("purpose"), data.get("card")
        template = ANSWERS.get(f"{purpose} {card}") or ANSWERS.get(str(purpose)) or EVENTS["answer"]
    else:
        template = EVENTS.get(kind) or EVENTS["other"]

    def fields(lang: str) -> dict[str, Any]:
        said = players_in(players, lang)  # the players as a reader of `lang` calls them

        def player_name(i: Any) -> str:
            return said[i] if isinstance(i, int) and 0 <= i < len(said) else "?"

        out: dict[str, Any] = {k: v for k, v in data.items() if not isinstance(v, (list, dict))}
        out["p"] = player_name(event.player)
        out["cards"] = join_words([name_of(names, c, lang) for c in event.cards], lang) or \
            join_names(names, [], lang)
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
        for key, value in data.items():
            if isinstance(value, int) and not isinstance(value, bool):
                out[f"{key}_s"] = "s" if lang == "en" and value != 1 else ""
                out[f"{key}_are"] = ("is" if value == 1 else "are") if lang == "en" else ""
        out["cards_are"] = ("is" if len(event.cards) == 1 else "are") if lang == "en" else ""
        if event.kind == "destroy":
            first, rest = list(event.cards[:1]), list(event.cards[1:])
            out["destroyed"] = join_words([name_of(names, c, lang) for c in first], lang)
            out["under"] = PHRASES["under"][lang].format(
                rest=join_words([name_of(names, c, lang) for c in rest], lang)) if rest else ""
            by = player_name(data.get("by"))
            out["by_say"] = by if data.get("warlord") else PHRASES["armory_by"][lang].format(by=by)
        if event.kind == "crown_payment":
            out["paid_say"] = PHRASES[f"paid_{data['paid']}"][lang]
        if event.kind == "score":
            out["extras"] = sum(data.get(k, 0) for k in EXTRA_PARTS)
        if event.kind == "game_end":
            sep = PHRASES["list_sep"][lang]
            winners = [player_name(i) for i in data.get("winners", [])]
            out["winner_names"] = join_words(winners, lang) if lang == "en" else sep.join(winners)
            out["winner_say"] = PHRASES["winners" if len(winners) > 1 else "winner"][lang].format(
                winner_names=out["winner_names"])
        if event.kind == "decision":
            decision = data.get("decision", {})
            out["lo"], out["hi"] = decision.get("min", 1), decision.get("max", 1)
            out["options"] = _options_said(decision, names, players, lang)
        if event.kind == "answer":
            picks = [o for o in data.get("answer") or [] if o != "none"]
            card, purpose = data.get("card"), data.get("purpose")
            out["answer"] = join_words([_option(o, names, players, lang, card, purpose) for o in picks], lang)
        return out

    return fill_spaced(template, fields)
