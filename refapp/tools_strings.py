"""Interface strings of the at-the-table tools (set-up, kingdom picker, score counter, save for
the table, sharing a ruling), in every language. Falls back to refapp.i18n for shared strings."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from corpus.languages import pick
from refapp import i18n
from refapp.string_table import load_table

STRINGS_FILE = Path(__file__).with_name("tools_strings.yaml")
# key -> {language: text}
_TABLE: dict[str, dict[str, str]] = load_table(STRINGS_FILE)


def translate(key: str, lang: str, **values: object) -> str:
    """A tools string (or a shared interface string) in ``lang`` with placeholders filled."""
    if values.get("n") == 1 and f"{key}.one" in _TABLE:
        key = f"{key}.one"  # English singular ("1 point"); the Chinese rows read the same
    row = _TABLE.get(key)
    if row is None:
        return i18n.translate(key, lang, **values)
    text = pick(row, lang, keep_empty=True)
    return text.format(**values) if values else text


@dataclass(frozen=True)
class Translator:
    lang: str

    def __call__(self, key: str, **values: object) -> str:
        return translate(key, self.lang, **values)


def client_strings(lang: str, prefixes: tuple[str, ...]) -> dict[str, str]:
    """Unfilled strings for the tools script (it fills ``{name}`` placeholders itself)."""
    return {k: translate(k, lang) for k in _TABLE if k.startswith(prefixes)}


def keys() -> list[str]:
    return sorted(_TABLE)
