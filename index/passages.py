"""The passages of a build: the text a unit's snippet is cut from, and its English words (what
`index.fold` compares), read from disk once and kept in a bounded cache."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from corpus.languages import pick
from index.fold import words
from index.store import UnitStore

PASSAGE_CACHE = 8192  # (unit, language) passages kept in memory once shown


class Passages:
    """`passage(unit_id, lang)` and `english_words(unit_id)`, cached; safe to share between threads."""

    def __init__(self, units: UnitStore, entries: Mapping[str, Mapping[str, Any]]):
        self._units = units
        self._entries = entries
        self.passage = lru_cache(maxsize=PASSAGE_CACHE)(self._passage)
        self.english_words = lru_cache(maxsize=PASSAGE_CACHE)(self._english_words)

    def _passage(self, unit_id: str, lang: str) -> str:
        """The text a unit's snippet is cut from, in `lang` or its fallback (else the entry's
        name); an entry id stands for the entry's first unit."""
        units = self._units
        unit = units.get(unit_id) or units[units.units_of[unit_id][0]]
        return pick(unit["text"], lang) or pick(self._entries[unit["entry"]]["names"], lang)

    def _english_words(self, unit_id: str) -> frozenset[str]:
        return words(self.passage(unit_id, "en"))
