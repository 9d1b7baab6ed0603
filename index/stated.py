"""What kind of fact each document of a build states (a number, where a card goes, when...:
`index.vocabulary.stated_intents`), and the score factor a query's asked intents give it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from index.store import UnitStore
from index.vocabulary import intent_boosts


class StatedIntents:
    """Per document, a code into a short table of intent sets (`sets`; the last, None, states
    nothing): each ruling, and each FAQ's own answer, states what its text states."""

    def __init__(self, units: UnitStore, entries: Mapping[str, Mapping[str, Any]]):
        faq_entries = {e for e, m in entries.items() if m["kind"] == "faq"}
        n_codes = len(units.intents_table)
        self.codes = np.fromiter(
            (
                code if part == 1 or entry in faq_entries else n_codes
                for code, part, (_, entry) in zip(
                    units.intent_codes, units.part_codes, units.docnum_units.values(), strict=True
                )
            ),
            np.intp,
        )
        self.sets: list[frozenset[str] | None] = [frozenset(i) for i in units.intents_table] + [None]
        self._boosts = intent_boosts()
        self._factors: dict[tuple[str, ...], np.ndarray] = {}

    def factors(self, asked: tuple[str, ...]) -> np.ndarray:
        """Score factor by intent code (`codes[d]`) for rulings stating what `asked` asks for,
        1.0 for no change (made once per combination of intents asked, a few in a query, and a
        few dozen codes)."""
        cached = self._factors.get(asked)
        if cached is None:
            factors = []
            for stated in self.sets:
                boost = sum(self._boosts[i] for i in asked if stated and i in stated)
                factors.append(1.0 + boost if boost else 1.0)
            cached = self._factors[asked] = np.array(factors)
        return cached

    def stating(self, asked: tuple[str, ...], docnum_of: Mapping[str, int]) -> Callable[[str], bool]:
        """unit id -> whether it states a kind of fact of `asked` (`docnum_of`: unit id -> document)."""
        sets, codes = self.sets, self.codes

        def states(unit: str) -> bool:
            d = docnum_of.get(unit)
            stated = None if d is None else sets[codes[d]]
            return bool(stated) and any(i in stated for i in asked)

        return states
