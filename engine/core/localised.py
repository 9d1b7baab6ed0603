"""Localised strings and the card-name mapping passed into the engine.

The engine ships no copy of card names: callers pass ``names``, a mapping of slug to
``{en, zh-Hans, zh-Hant}`` taken from the corpus. Unknown slugs fall back to the slug itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

LANGS: tuple[str, ...] = ("en", "zh-Hans", "zh-Hant")

Localised = dict[str, str]
Names = Mapping[str, Mapping[str, str]]


def name_of(names: Names, slug: str, lang: str) -> str:
    """The card's name in ``lang``; the English name, then the slug, when it is missing."""
    entry = names.get(slug)
    if not entry:
        return slug
    return entry.get(lang) or entry.get("en") or slug


def join_names(names: Names, slugs: list[str], lang: str) -> str:
    """A readable list of card names, comma-separated in English and with 、 in Chinese."""
    if not slugs:
        return "nothing" if lang == "en" else "无"
    sep = ", " if lang == "en" else "、"
    return sep.join(name_of(names, s, lang) for s in slugs)


def localise(build: Callable[[str], str]) -> Localised:
    """Call ``build(lang)`` for every language and collect the results."""
    return {lang: build(lang) for lang in LANGS}
