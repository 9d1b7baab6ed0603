"""Localised strings and the card-name mapping passed into the engine.

The engine ships no copy of card names: callers pass ``names``, a mapping of slug to
``{en, zh-Hans, zh-Hant}`` taken from the corpus. Unknown slugs fall back to the slug itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from corpus.languages import LANGS as LANGS  # re-exported: the engine's texts are keyed by these
from corpus.languages import language, pick

Localised = dict[str, str]
Names = Mapping[str, Mapping[str, str]]


def name_of(names: Names, slug: str, lang: str) -> str:
    """The card's name in ``lang``; when it is missing, in the language's fallback, else the slug."""
    return pick(names.get(slug), lang) or slug


def join_names(names: Names, slugs: list[str], lang: str) -> str:
    """A readable list of card names, comma-separated in English and with 、 in Chinese."""
    if not slugs:
        return "nothing" if lang == "en" else "无"
    return language(lang).list_separator.join(name_of(names, s, lang) for s in slugs)


def localise(build: Callable[[str], str]) -> Localised:
    """Call ``build(lang)`` for every language and collect the results."""
    return {lang: build(lang) for lang in LANGS}
