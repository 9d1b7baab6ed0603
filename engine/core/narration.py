"""Narration templates: one data file per game, three languages, one OpenCC helper.

Each game keeps its words in ``engine/<game>/narration.yaml``: tables (``zones``, ``phases`` ...)
and templates per event kind. An entry is ``{en, zh-Hans[, zh-Hant]}``; where no Traditional
wording is written it is derived from the Simplified text with OpenCC ``s2tw`` (characters only;
:func:`to_hant`). Templates use ``str.format`` fields (``{p}`` the player, ``{cards}`` ...); a
field the event does not have shows as ``?``. The games' narrators choose the template and the
fields; the words live in the data.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import opencc

from corpus.languages import language
from corpus.yaml_files import load_yaml
from engine.core.localised import LANGS, Localised

Phrase = Mapping[str, str]  # {en, zh-Hans[, zh-Hant]}


@lru_cache(maxsize=1)
def _converter() -> opencc.OpenCC:
    return opencc.OpenCC("s2tw")


@lru_cache(maxsize=4096)
def to_hant(text: str) -> str:
    """Simplified -> Traditional characters (Taiwan standard, no vocabulary rewriting)."""
    return _converter().convert(text)


def complete(phrase: Phrase) -> Localised:
    """The phrase in every language of LANGS (zh-Hant derived from zh-Hans when not written);
    a phrase lacking another language is a KeyError naming it."""
    said = {lang: phrase[lang] for lang in LANGS if phrase.get(lang) is not None}
    if "zh-Hant" not in said and "zh-Hans" in said:
        said["zh-Hant"] = to_hant(phrase["zh-Hans"])
    return {lang: said[lang] for lang in LANGS}


def load_words(path: Path) -> dict[str, dict[str, Localised]]:
    """A game's narration file: section -> key -> phrase in every language."""
    raw = load_yaml(path.read_text(encoding="utf-8"))
    return {section: {str(k): complete(v) for k, v in entries.items()} for section, entries in raw.items()}


class _Fields(dict):
    def __missing__(self, key: str) -> str:
        return "?"


def fill(template: Localised, fields_for: Callable[[str], Mapping[str, Any]]) -> Localised:
    """Format the template in each language with that language's fields."""
    return {lang: template[lang].format_map(_Fields(fields_for(lang))) for lang in LANGS}


#: The last link of a list in each language: "A, B and C" / "A、B和C"; "A, B or C" / "A、B或C".
_CONJUNCTIONS: dict[str, dict[str, str]] = {
    "and": {"en": " and ", "zh-Hans": "和", "zh-Hant": "和"},
    "or": {"en": " or ", "zh-Hans": "或", "zh-Hant": "或"},
}


def join_words(items: list[str], lang: str, conj: str = "and") -> str:
    """A list as a sentence says it: "A, B and C" in English, "A、B和C" in Chinese."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return language(lang).list_separator.join(items[:-1]) + _CONJUNCTIONS[conj][lang] + items[-1]


def in_sentence(label: str, lang: str) -> str:
    """A button's label inside an English sentence: "Take gold" -> "take gold" (Chinese unchanged)."""
    if lang != "en" or not label or label[:2].isupper():
        return label
    return label[0].lower() + label[1:]


# a Latin word or a number next to a Han character ("交换 Ben 的", "抽 2 张", "获得 +1 行动")
_HAN_LATIN = re.compile(
    r"(?<=[\u3400-\u9fff])(?=[A-Za-z0-9]|\+\d)|(?<=[A-Za-z0-9])(?=[\u3400-\u9fff])"
)


_CJK = "\u3400-\u9fff\u3000-\u303f\uff00-\uffef"  # Han characters, CJK and full-width punctuation
_HAN_GAP = re.compile(f"(?<=[{_CJK}]) +(?=[{_CJK}])")


def spaced(text: str) -> str:
    """Chinese text spaced as it is written: a space between Han characters and a Latin name
    or a number ("交换 Ben 的要塞", "用掉 1 次行动"), none between two Chinese words
    ("抽取 教堂" -> "抽取教堂")."""
    return _HAN_LATIN.sub(" ", _HAN_GAP.sub("", text))


def fill_spaced(template: Localised, fields_for: Callable[[str], Mapping[str, Any]]) -> Localised:
    """:func:`fill`, with a space between Chinese words and Latin names in the Chinese texts."""
    said = fill(template, fields_for)
    return {lang: text if lang == "en" else spaced(text) for lang, text in said.items()}
