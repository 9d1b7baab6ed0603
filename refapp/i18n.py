"""Interface strings in every language and choosing the reader's language.

Content (names, card text, rulings) comes from the dataset; everything the interface itself
says lives in ``refapp/strings.yaml`` (one key per line, a text per language of
``corpus.languages``) so that every page can be shown in each language. The language switch's
own names (``lang.<code>``, ``lang_short.<code>``) come from ``corpus.languages``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from corpus.languages import DEFAULT_LANG as DEFAULT_LANG  # re-exported for the blueprints
from corpus.languages import LANGS, LANGUAGES, pick
from refapp.string_table import load_table

LANG_COOKIE = "lang"
STRINGS_FILE = Path(__file__).with_name("strings.yaml")

# key -> {language: text}
_TABLE: dict[str, dict[str, str]] = {
    **load_table(STRINGS_FILE),
    **{f"lang.{lang.code}": {code: lang.name for code in LANGS} for lang in LANGUAGES},
    **{f"lang_short.{lang.code}": {code: lang.short for code in LANGS} for lang in LANGUAGES},
}


@dataclass(frozen=True)
class Translator:
    """Looks interface strings up in one language."""

    lang: str

    def __call__(self, key: str, **values: object) -> str:
        return translate(key, self.lang, **values)


def translate(key: str, lang: str, **values: object) -> str:
    """The string for `key` in `lang` with `{name}` placeholders filled; unknown keys raise KeyError."""
    if values.get("n") == 1 and f"{key}.one" in _TABLE:
        key = f"{key}.one"  # English singular; the Chinese rows read the same
    text = pick(_TABLE[key], lang, keep_empty=True)
    return text.format(**values) if values else text


def has_key(key: str) -> bool:
    return key in _TABLE


def label(prefix: str, value: str, lang: str) -> str:
    """A dataset value in the reader's words: the string `prefix.value` (game.citadels -> 富饶之城),
    or the value itself when the table has no such row."""
    key = f"{prefix}.{value}"
    return translate(key, lang) if key in _TABLE else value


def all_keys() -> list[str]:
    return sorted(_TABLE)


def client_strings(lang: str, prefixes: tuple[str, ...]) -> dict[str, str]:
    """Strings the browser scripts need, for one language (keys starting with one of `prefixes`)."""
    return {k: translate(k, lang) for k in _TABLE if k.startswith(prefixes)}


def parse_accept_language(header: str | None) -> list[tuple[str, float]]:
    """`Accept-Language` as (tag, q) pairs, best first; malformed parts are skipped."""
    out: list[tuple[str, float]] = []
    for i, part in enumerate((header or "").split(",")):
        bits = [b.strip() for b in part.split(";")]
        tag = bits[0]
        if not tag or len(tag) > 35:
            continue
        q = 1.0
        for b in bits[1:]:
            if b.startswith("q="):
                try:
                    q = float(b[2:])
                except ValueError:
                    q = -1.0
        if 0.0 < q <= 1.0:
            out.append((tag, q - i * 1e-6))
    return sorted(out, key=lambda p: -p[1])


def lang_for_tag(tag: str) -> str | None:
    """Map one BCP 47 tag to one of our languages by corpus.languages' `primary` and `marks`:
    the languages of the tag's first subtag, the one whose mark (script or region) the tag
    carries, else the one without marks (zh-TW, zh-HK, zh-MO and zh-Hant → zh-Hant; zh → zh-Hans)."""
    parts = tag.lower().replace("_", "-").split("-")
    same = [lang for lang in LANGUAGES if lang.primary == parts[0]]
    marked = [lang.code for lang in same if any(p in lang.marks for p in parts[1:])]
    plain = [lang.code for lang in same if not lang.marks]
    return (marked or plain or [None])[0]


def choose_lang(query_lang: str | None, cookie_lang: str | None, accept_language: str | None) -> str:
    """Explicit choice in the URL, then the remembered cookie, then the browser's preference."""
    for candidate in (query_lang, cookie_lang):
        if candidate in LANGS:
            return candidate  # type: ignore[return-value]
    for tag, _q in parse_accept_language(accept_language):
        lang = lang_for_tag(tag)
        if lang:
            return lang
    return DEFAULT_LANG
