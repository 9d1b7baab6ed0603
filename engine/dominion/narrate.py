"""Narration of Dominion events in en / zh-Hans / zh-Hant (words: engine/dominion/narration.yaml).

The narrator picks the template for each event kind and fills in its fields; card names come
from ``names``. Pure functions.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from corpus.yaml_files import load_yaml
from engine.core.events import Event
from engine.core.localised import LANGS, Localised, Names, name_of
from engine.core.narration import fill_spaced, join_words, load_words
from engine.core.narration_options import OptionWords
from engine.core.player_names import players_in

WORDS = load_words(Path(__file__).with_name("narration.yaml"))
EVENTS: dict[str, Localised] = WORDS["events"]
COUNTERS = ("actions", "buys", "coins")
OPTION_WORDS = OptionWords(choices=WORDS["options"])

_CARD_MENTION = re.compile(r"\[([a-z-]+)\]")
#: edition -> language -> (word, that edition's word), longest first (edition_words.yaml)
EDITION_WORDS: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {
    edition: {lang: tuple(pairs.items()) for lang, pairs in by_lang.items()}
    for edition, by_lang in load_yaml(
        Path(__file__).with_name("edition_words.yaml").read_text(encoding="utf-8")
    ).items()
}


def word(section: str, key: str | None, lang: str, names: Names | None = None) -> str:
    """A phrase of the data file in ``lang``; ``[slug]`` mentions become the card's name."""
    row = WORDS[section].get(key or "")
    text = row[lang] if row else str(key)
    return _CARD_MENTION.sub(lambda m: name_of(names or {}, m.group(1), lang), text)


def template_key(event: Event) -> str:
    """Which template narrates this event (a kind, or a kind's variant)."""
    k, data = event.kind, event.data
    if k == "reveal" and data.get("empty"):
        return "reveal_empty"
    if k == "reveal" and data.get("reaction"):
        return "reveal_reaction"
    if k == "play":
        if data.get("coins") is not None:
            return "play_treasure"
        return "play_from" if event.from_zone != "hand" else "play"
    if k == "phase" and data.get("no_actions"):
        return "phase_no_actions"
    if k == "buy":
        return "buy_cost" if "cost" in data else "buy"
    if k == "gain" and event.from_zone == "trash":
        return "gain_from_trash"
    if k == "trash_failed" and data.get("reason") == "not in play":
        return "trash_failed_not_in_play"
    if k in COUNTERS:
        if k == "coins":
            return "counter_coins"
        return "counter_spend" if data.get("delta", 0) < 0 else "counter"
    if k == "decision" and data.get("forced"):
        return "decision_forced"
    return k if k in EVENTS else "other"


def _fields(event: Event, names: Names, players: list[str], lang: str) -> dict[str, Any]:
    data = event.data
    k = event.kind
    out: dict[str, Any] = {key: v for key, v in data.items() if isinstance(v, (int, str))}
    out["p"] = players[event.player] if event.player is not None and event.player < len(players) else ""
    out["cards"] = _cards(names, event.cards, lang)
    out["from"] = word("zones", event.from_zone, lang)
    out["to"] = word("zones", event.to_zone, lang)
    out["from_where"] = word("from_zone", event.from_zone, lang)
    out["to_where"] = word("into_zone", event.to_zone, lang)
    out["n"] = len(event.cards)
    out["s"] = _plural(len(event.cards), lang)
    out["it_goes"] = WORDS["phrases"]["it_goes" if len(event.cards) == 1 else "they_go"][lang]
    for key in ("coins", "cost", "buys"):
        if isinstance(data.get(key), int):
            out[f"{key}_s"] = _plural(data[key], lang)
    out["coin_s"] = out.get("coins_s", "")
    out["kind"] = k
    by = data.get("by")
    out["by"] = WORDS["phrases"]["by"][lang].format(by=name_of(names, by, lang)) if by else ""
    if k == "turn_start":
        out["num"] = data.get("player_turn")
    elif k == "phase":
        out["phase"] = word("phases", data.get("phase"), lang)
    elif k == "shuffle":
        out["count"] = data.get("count", len(event.cards))
        out["s"] = _plural(out["count"], lang)
    elif k == "resolve":
        out["nth"] = word("ordinals", str(data.get("time")), lang)
    elif k in ("gain_failed", "trash_failed"):
        out["reason"] = word("fail_reasons", data.get("reason", ""), lang, names)
    elif k in COUNTERS:
        delta = data.get("delta", 0)
        out["sign"] = f"+{delta}" if delta >= 0 else str(delta)
        out["used"] = -delta
        out["label"] = word("counters", k, lang)
        out["s"] = _plural(abs(delta), lang)
    elif k in ("decision", "answer"):
        purpose = data.get("decision", {}).get("context", {}).get("purpose") if k == "decision" else \
            data.get("purpose")
        out["what"] = word("purposes", purpose, lang, names)
        if k == "answer" or data.get("forced"):
            out["answer"] = _answer(data.get("answer", []), names, lang)
    elif k == "game_end":
        sep = WORDS["phrases"]["list_sep"][lang]
        out["reason"] = word("end_reasons", data.get("reason"), lang, names)
        out["scores"] = sep.join(f"{players[i]} {s}" for i, s in enumerate(data.get("scores", [])))
        winners = [players[w] for w in data.get("winners", [])]
        out["winners"] = sep.join(winners)
        out["winner_say"] = WORDS["phrases"]["winners" if len(winners) > 1 else "winner"][lang].format(
            winners=join_words(winners, lang))
    return out


def _plural(n: int, lang: str) -> str:
    """The English plural ending for ``n`` things (none in Chinese)."""
    return "s" if lang == "en" and n != 1 else ""


def _answer(picks: list[str], names: Names, lang: str) -> str:
    if picks in (["yes"], ["no"]):
        return word("answers", picks[0], lang)
    if not picks:
        return word("answers", "none", lang)
    return _cards(names, list(picks), lang)


NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def plural(name: str) -> str:
    """An English card name for more than one card: Estate -> Estates, Witch -> Witches,
    Smithy -> Smithies, Throne Room -> Throne Rooms."""
    if name.endswith(("s", "x", "ch", "sh")):
        return name + "es"
    if name.endswith("y") and name[-2:-1] not in "aeiou":
        return name[:-1] + "ies"
    return name + "s"


def counted(name: str, n: int, lang: str) -> str:
    """``n`` cards of one name as a sentence says them ("two Estates", "2张" and the name)."""
    if n == 1:
        return name
    if lang == "en":
        return f"{NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else n} {plural(name)}"
    return f"{n}张{name}" if lang == "zh-Hans" else f"{n}張{name}"


def _cards(names: Names, slugs: list[str], lang: str) -> str:
    """Card names as a sentence lists them, the same card counted once ("two Coppers, Estate and
    Village"; "none" for none)."""
    counts = Counter(slugs)  # in the order first seen
    said = [counted(name_of(names, s, lang), n, lang) for s, n in counts.items()]
    return join_words(said, lang) or word("answers", "none", lang)


ANSWERS: dict[str, Localised] = WORDS["answer_events"]


def template(event: Event) -> Localised:
    """The template narrating this event: an answer by its decision's purpose, else by kind."""
    if event.kind == "answer":
        purpose, picks = event.data.get("purpose"), event.data.get("answer") or []
        if picks not in (["yes"], ["no"]):
            said = ANSWERS.get(f"{purpose} none") if not picks else None
            if said or purpose in ANSWERS:
                return said or ANSWERS[str(purpose)]
    return EVENTS[template_key(event)]


def narrate(event: Event, names: Names, players: list[str]) -> Localised:
    """The event's ``say`` in the three languages."""
    return fill_spaced(template(event), lambda lang: _fields(event, names, players_in(players, lang), lang))


def in_edition(text: Localised, edition: str | None) -> Localised:
    """``text`` in the words of ``edition``'s Chinese rulebook (移除 or 废置 for trash, …)."""
    rows = EDITION_WORDS.get(edition or "")
    if not rows:
        return text
    out = dict(text)
    for lang, pairs in rows.items():
        said = out.get(lang)
        if said:
            for word_, edition_word in pairs:
                said = said.replace(word_, edition_word)
            out[lang] = said
    return out


def narrator(names: Names, players: list[str], edition: str | None = None) -> Callable[[Event], Localised]:
    """A function giving each event its ``say`` in the three languages, in ``edition``'s words."""

    def narrate_one(event: Event) -> Localised:
        return in_edition(narrate(event, names, players), edition)

    return narrate_one


__all__ = ["LANGS", "narrate", "narrator", "word"]
