"""The languages the product is written in: one table of facts and the one fallback rule.

Every text of the product is a mapping keyed by these codes (``{"en": …, "zh-Hans": …}``): the
dataset, the narration files, the interface strings. Nothing else lists the languages: code that
needs them reads ``LANGS`` (the codes, in the order of the language switch) or ``LANGUAGES``
(the facts), and a text missing in one language is shown through ``pick``. The browser receives
the same facts (``browser_facts``) and its one fallback, ``Ref.loc`` in refapp/static/core.js,
follows them. ``tests/corpus/test_languages.py`` fails when another module lists languages.

Adding a language is a row here plus its texts (docs/architecture.md, "Add a language").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Language:
    """One language and what the code needs to know of it."""

    code: str  # BCP 47 key of every text mapping, URL value (?lang=, /lang/<code>) and cookie
    name: str  # its own name, on the language switch (the same in every language)
    short: str  # the switch's label on a narrow screen
    fallback: tuple[str, ...]  # after itself, where a missing text is looked for, in order
    segmenter: str  # how the index cuts its text into words: "words" (Latin) or "jieba" (Chinese)
    tags: tuple[str, ...] = ()  # lower-case spellings the search API's lang= accepts (its code too)
    primary: str = ""  # the first subtag of the Accept-Language tags that mean it ("zh" of zh-TW)
    marks: tuple[str, ...] = ()  # later subtags (script, region) that pick it among those sharing `primary`
    list_separator: str = ", "  # between the items of a list of names


LANGUAGES: tuple[Language, ...] = (
    Language("en", "English", "EN", ("zh-Hans", "zh-Hant"), "words",
             tags=("en", "en-us", "en-gb", "english"), primary="en"),
    Language("zh-Hans", "简体中文", "简体", ("zh-Hant", "en"), "jieba",
             tags=("zh-hans", "zh-cn", "zh-sg", "zh", "zh_cn"), primary="zh", list_separator="、"),
    Language("zh-Hant", "繁體中文", "繁體", ("zh-Hans", "en"), "jieba",
             tags=("zh-hant", "zh-tw", "zh-hk", "zh_tw"), primary="zh", marks=("hant", "tw", "hk", "mo"),
             list_separator="、"),
)
LANGS: tuple[str, ...] = tuple(language.code for language in LANGUAGES)
DEFAULT_LANG = "zh-Hans"  # the reader's language when nothing says otherwise
BY_CODE: dict[str, Language] = {language.code: language for language in LANGUAGES}
# the languages written in Chinese characters (the seeds' scripts; OpenCC converts between them)
CHINESE: tuple[str, ...] = tuple(language.code for language in LANGUAGES if language.segmenter == "jieba")


def language(code: str | None) -> Language:
    """The language of ``code``; the default language for a code the product does not have."""
    return BY_CODE.get(code or "", BY_CODE[DEFAULT_LANG])


def order(lang: str | None) -> tuple[str, ...]:
    """The languages to look in for a text wanted in ``lang``: itself first, then its fallback
    (an unknown ``lang`` reads as the default language)."""
    chosen = language(lang)
    return (chosen.code, *chosen.fallback)


def pick(texts: Mapping[str, str] | None, lang: str | None, keep_empty: bool = False) -> str:
    """The text of ``texts`` in ``lang``, else in the first language of its fallback that has
    one; ``""`` when none has. With ``keep_empty`` (interface strings, where a blank is
    deliberate), a language that is present with ``""`` counts as having its text."""
    if not texts:
        return ""
    for code in order(lang):
        if texts.get(code) or (keep_empty and code in texts):
            return texts[code]
    return ""


def browser_facts() -> dict[str, object]:
    """What the page scripts need (core.js): the codes and each language's lookup order."""
    orders = {code: list(order(code)) for code in LANGS}
    return {"langs": list(LANGS), "default": DEFAULT_LANG, "order": orders}


def check() -> list[str]:
    """Problems in the table above (a fallback naming an unknown language or missing one; the
    index checks the segmenters: index.tokenise.SEGMENTERS)."""
    problems = []
    for lang in LANGUAGES:
        if sorted((lang.code, *lang.fallback)) != sorted(LANGS):
            problems.append(f"{lang.code}: its fallback must name every other language once")
    if DEFAULT_LANG not in BY_CODE:
        problems.append(f"the default language {DEFAULT_LANG!r} is not in the table")
    return problems
