"""Interface strings of the at-the-table tools (set-up, kingdom picker, score counter, save for
the table, sharing a ruling), in three scripts. Falls back to refapp.i18n for shared strings."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from corpus.model import LANGS
from refapp import i18n

STRINGS_FILE = Path(__file__).with_name("tools_strings.yaml")
# key -> (en, zh-Hans, zh-Hant)
_TABLE: dict[str, tuple[str, str, str]] = {
    key: tuple(row) for key, row in yaml.safe_load(STRINGS_FILE.read_text(encoding="utf-8")).items()
}


def translate(key: str, lang: str, **values: object) -> str:
    """A tools string (or a shared interface string) in ``lang`` with placeholders filled."""
    row = _TABLE.get(key)
    if row is None:
        return i18n.translate(key, lang, **values)
    text = row[LANGS.index(lang)] if lang in LANGS else row[LANGS.index(i18n.DEFAULT_LANG)]
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
