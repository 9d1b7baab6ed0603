"""Stage 3b, candidates: the units matching the query's clauses that pass the filters, with
their scores, best first (the CANDIDATES strongest). A ruling stating the kind of fact the
question asks for (a number, where a card goes, when...) scores that intent's boost more; with
quoted phrases, only the units holding them (Whoosh) match."""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from index.filtering import passes
from index.impacts import Clause
from index.ranking import Hit
from index.unit_scores import score_units

if TYPE_CHECKING:
    from index.opened import OpenedIndex
    from index.stages.request import Request

CANDIDATES = 100
PHRASE_SCORE = 10.0  # a unit holding the quoted phrase(s)


def find_candidates(req: Request, clauses: list[Clause], o: OpenedIndex) -> list[Hit]:
    """(unit id, entry id, score) of the best units, best first, ties in order of unit id."""
    acc = score_units(o, clauses)
    if req.asked:
        factors, codes = o.intents.factors(req.asked), o.intents.codes
        for d in acc:
            factor = factors[codes[d]]
            if factor is not None:
                acc[d] *= factor
    if any(req.phrase_tokens):
        allowed = o.phrases.docs(req.phrase_tokens)
        acc = {d: acc.get(d, 0.0) + PHRASE_SCORE for d in allowed}
    units = o.units.docnum_units
    f = req.filters
    if not f.is_empty():
        acc = {d: v for d, v in acc.items() if passes(o.entries[units[d][1]], o.units.editions_of(d), f)}
    chosen = acc.items()
    if len(acc) > CANDIDATES:  # the strongest (ties at the cut kept)
        cut = sorted(acc.values(), reverse=True)[CANDIDATES - 1]
        chosen = [(d, v) for d, v in chosen if v >= cut]
    found = [units[d] + (v,) for d, v in chosen]
    if len(set(map(itemgetter(2), found))) < len(found):  # ties (rare): those in order of unit id
        found.sort(key=itemgetter(0))
    found.sort(key=itemgetter(2), reverse=True)  # best first
    return found[:CANDIDATES]
