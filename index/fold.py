"""Near-duplicates folded into one result (pure functions over ranked results).

An FAQ's answer is often a card's ruling said again, and a term's or a rule's ruling may say
what a card's ruling says. When both are among the first results they crowd out other answers:
one stays, at the better of the two places, and names the other in `also` ('also in ...'). An
FAQ folds into the ruling it names as its answer (`answers` in the entry's meta) wherever that
ruling is shown in the results; an FAQ whose shown answer a note corrects (`corrected`) never
takes a place of its own: the ruling it defers to is shown there instead, with the FAQ in
`also`. Two units of different kinds fold when their English texts share most of their words
(FOLD_OVERLAP, Jaccard over words of three letters or more): the more particular one stays, a
card's ruling before a term's, a rule's, an FAQ's (KIND_ORDER). Two units of one kind are two
answers unless their texts are nearly the same words (SAME_KIND_OVERLAP: the University's and
the Dragon Gate's ruling on what the Warlord pays); then the one placed first stays, or the one
the query names (of two it names, the first: 'Library and Observatory both built, how do I
draw' showed the same ruling twice).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from index.ranking import KIND_ORDER, Scored

FOLD_WINDOW = 5  # results looked at: the first three shown and the two that would move up
FOLD_OVERLAP = 0.6  # share of words two texts have in common to count as the same answer
SAME_KIND_OVERLAP = 0.8  # ... for two units of one kind (two cards' rulings said in the same words)
_WORD = re.compile(r"[a-z0-9$+]{3,}")


def words(text: str) -> frozenset[str]:
    return frozenset(_WORD.findall(text.casefold()))


def overlap(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


def unit_label(s: Scored) -> str:
    """The unit a result shows, as `also` names it: 'entry#ruling', or the entry id alone."""
    return s.unit if "#" in s.unit or s.unit != s.entry else s.entry


def fold(
    ranked: list[Scored],
    entries: Mapping[str, Mapping[str, Any]],
    words_of: Callable[[str], frozenset[str]],
    window: int = FOLD_WINDOW,
    named: frozenset[str] = frozenset(),
    order: Mapping[str, int] | None = None,
) -> list[Scored]:
    """`ranked` with near-duplicates among its first `window` folded (see the module's text).
    `words_of(unit id)` is `words` of the unit's English text; an entry the query `named` (an FAQ asked by
    its own question) is never folded away. `order`: entry id -> its kind's place in KIND_ORDER (made
    here when not given; an opened index passes the one it keeps)."""
    if len(ranked) < 2:
        return ranked
    out = list(ranked)
    if order is None:
        order = {e: KIND_ORDER.get(m.get("kind"), 9) for e, m in entries.items()}
    i = 0
    while i < min(window, len(out)):
        s = out[i]
        meta = entries.get(s.entry, {})
        faq = meta.get("kind") == "faq" and s.unit == s.entry and s.entry not in named
        target = meta.get("answers") if faq else None
        if target:
            at = next((k for k, r in enumerate(out) if r.unit == target), None)
            if at is not None:
                _absorb(out, at, i)
                continue  # out[i] is now another result
            if meta.get("corrected"):  # its shown answer is corrected: the ruling itself answers
                out[i] = Scored(target.partition("#")[0], s.score, target, s.unit_score, [s.entry])
        i += 1
    i = 0
    while i < min(window, len(out)):
        s = out[i]
        for k in range(i + 1, min(window, len(out))):
            r = out[k]
            if r.entry == s.entry:
                continue
            same_kind = order.get(r.entry, 9) == order.get(s.entry, 9)
            needed = SAME_KIND_OVERLAP if same_kind else FOLD_OVERLAP
            if overlap(words_of(s.unit), words_of(r.unit)) >= needed:
                if same_kind:  # the first placed stays, unless only the other is named
                    keep, drop = (r, s) if r.entry in named and s.entry not in named else (s, r)
                else:
                    keep, drop = (s, r) if order.get(s.entry, 9) < order.get(r.entry, 9) else (r, s)
                if drop.entry in named and not (same_kind and keep.entry in named):
                    continue
                _absorb(out, out.index(keep), out.index(drop))
                break
        else:
            i += 1
    return out


def _absorb(out: list[Scored], at: int, where: int) -> None:
    """The result at `where` leaves `out` and is named in the `also` of a copy of the one at `at`
    (the results given are not changed), which takes the better of the two places."""
    folded = out[where]
    keeper = out[at] = replace(out[at], also=[*out[at].also, unit_label(folded), *folded.also])
    out.pop(where)
    if where < at:
        out.pop(at - 1)
        out.insert(where, keeper)
