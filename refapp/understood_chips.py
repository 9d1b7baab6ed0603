"""The results page's "read as" chips: what the search understood of the query (the search
answer's `understood`: the game, the names, the kind of answer asked for) in the reader's words,
each a plain link that searches again without that reading ("富饶之城 · 女巫 + 商人 · 几个").
Words are data (`understood_strings.yaml`, keyed by language). No Flask here."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from corpus.languages import pick
from refapp import i18n
from refapp.string_table import load_table

STRINGS_FILE = Path(__file__).with_name("understood_strings.yaml")
STRINGS: dict[str, dict[str, str]] = load_table(STRINGS_FILE)  # every row has every language


def translate(key: str, lang: str) -> str:
    return pick(STRINGS[key], lang)


def client_strings(lang: str) -> dict[str, str]:
    """Every chip word in `lang`, for the offline page, which reads queries in the browser."""
    return {key: translate(key, lang) for key in STRINGS}


@dataclass(frozen=True)
class Chip:
    """One reading: its words, the address that searches without it, how it joins the one
    before ("" first, "·" another part, "+" another name) and a hint (or "")."""

    part: str  # game, name or intent
    label: str
    url: str
    joins: str = "·"
    hint: str = ""


def search_url(params: dict[str, Any]) -> str:
    clean = {k: v for k, v in params.items() if v not in (None, "", [])}
    return "/search" + ("?" + urlencode(clean, doseq=True) if clean else "")


def game_label(value: str, lang: str) -> str:
    if value == "any":
        return translate("understood.any_game", lang)
    return i18n.label("game", value, lang)


def chips(understood: dict[str, Any] | None, lang: str) -> list[Chip]:
    """The chips of one search answer's `understood`, in reading order: game, names, intents."""
    if not understood:
        return []
    out: list[Chip] = []
    game = understood.get("game")
    if game:
        hint = translate("understood.guessed", lang) if game.get("source") == "vocabulary" else ""
        out.append(Chip("game", game_label(game["value"], lang), search_url(game["without"]), "·", hint))
    for i, name in enumerate(understood.get("names") or []):
        out.append(Chip("name", name["label"], search_url(name["without"]), "+" if i else "·"))
    for intent in understood.get("intents") or []:
        key = f"understood.intent.{intent['value']}"
        if key in STRINGS:  # every intent has its words (tested); an id is never shown
            out.append(Chip("intent", translate(key, lang), search_url(intent["without"])))
    if out:
        out[0] = Chip(out[0].part, out[0].label, out[0].url, "", out[0].hint)
    return out
