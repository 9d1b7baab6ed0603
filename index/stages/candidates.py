"""Stage 3b, candidates: the units matching the query's clauses that pass the filters, with
their scores, best first (the CANDIDATES strongest). A ruling stating the kind of fact the
question asks for (a number, where a card goes, when...) scores that intent's boost more; with
quoted phrases, only the units holding them (Whoosh) match.

And, from the same pass, a second opinion: the OPINION_DEPTH units a plain BM25F engine would put
first, each unit one document whose players' questions are one text (`UNIT_QUESTIONS`) beside its
own fields, with no intents and no entry-level ranking. On questions nobody had tuned on, such an
engine brought an answering ruling into the top 3 where ours did not (and the reverse):
`index.fusion` merges the two lists."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from index.filtering import passes
from index.impacts import Clause, Scores
from index.ranking import Hit
from index.schema import UNIT_QUESTIONS
from index.stages.answers import answered, telling_factors
from index.unit_scores import score_named, score_units_and_opinion

if TYPE_CHECKING:
    from index.opened import OpenedIndex
    from index.stages.request import Request

CANDIDATES = 80
PHRASE_SCORE = 10.0  # a unit holding the quoted phrase(s)
OPINION_DEPTH = 10  # units of the second opinion merged with the ranking


class Candidates(NamedTuple):
    hits: list[Hit]  # (unit id, entry id, score) of the best units, best first, ties in order of unit id
    opinion: list[tuple[str, str]]  # (unit id, entry id) of the opinion's best, ties: lower document first
    names: Mapping[str, Scores]  # entry answered -> its units' scores on its names (index.stages.answers)
    telling: Mapping[str, Mapping[str, float]] = {}  # entry answered -> its rulings' factors (ibid.)


def find_candidates(
    req: Request,
    clauses: list[Clause],
    o: OpenedIndex,
    named: Sequence[tuple[str, list[Clause]]] = (),
    asks: bool = True,
    telling: bool = False,
) -> Candidates:
    """The candidates; the second opinion for a question (`asks`, words besides names: a name
    alone is not merged with one) without a quoted phrase (the query's `ask` clauses read in
    `UNIT_QUESTIONS`); and, but for a phrase, for the entries of `named` (entry, clauses) whose
    snippet the question's other words choose (`index.stages.answers.answered`), each one's
    units' scores on those clauses alone and, with `telling`, its rulings' factors for the
    question's telling words (`telling_factors`). Only those: a long message names up to eight
    entries, and scoring every one of them cost a tenth of its search."""
    opinion = asks and not req.phrase_tokens
    asked = [Clause(UNIT_QUESTIONS, c.term, c.boost) for c in clauses if c.field == "ask"]
    read: dict[Clause, tuple[np.ndarray, np.ndarray]] = {}
    (docs, values), second = score_units_and_opinion(o, clauses, asked if opinion else None, read)
    hits = _hits(req, docs, values, o)
    chosen = answered(hits, named) if named and not req.phrase_tokens else []
    names = score_named(o, [(group, o.units.units_of.span(e)) for e, group in chosen], read)
    return Candidates(
        hits,
        _opinion(req, second.docs, second.values, o) if opinion else [],
        {entry: s for (entry, _), s in zip(chosen, names, strict=True)},  # in `answered`'s order
        telling_factors(read, chosen, o) if telling else {},
    )


def _hits(req: Request, docs: np.ndarray, values: np.ndarray, o: OpenedIndex) -> list[Hit]:
    if req.asked:
        values = values * o.intents.factors(req.asked)[o.intents.codes[docs]]  # (x 1.0 is x)
    if any(req.phrase_tokens):  # only the units holding the phrases, each PHRASE_SCORE more
        allowed = np.fromiter(sorted(o.phrases.docs(req.phrase_tokens)), np.intp)
        at = np.minimum(np.searchsorted(docs, allowed), max(len(docs) - 1, 0))
        scored = docs[at] == allowed if len(docs) else np.zeros(len(allowed), bool)
        values = np.where(scored, values[at] if len(docs) else 0.0, 0.0) + PHRASE_SCORE
        docs = allowed
    units = o.units.docnum_units
    f = req.filters
    if not f.is_empty():
        entries, editions_of = o.entries, o.units.editions_of
        keep = np.array([passes(entries[units[d][1]], editions_of(d), f) for d in docs.tolist()], bool)
        docs, values = docs[keep], values[keep]
    if len(values) > CANDIDATES:  # the strongest (ties at the cut kept)
        cut = np.partition(values, len(values) - CANDIDATES)[len(values) - CANDIDATES]
        keep = values >= cut
        docs, values = docs[keep], values[keep]
    found = [units[d] + (v,) for d, v in zip(docs.tolist(), values.tolist(), strict=True)]
    if len(set(map(itemgetter(2), found))) < len(found):  # ties (rare): those in order of unit id
        found.sort(key=itemgetter(0))
    found.sort(key=itemgetter(2), reverse=True)  # best first
    return found[:CANDIDATES]


def _opinion(req: Request, docs: np.ndarray, values: np.ndarray, o: OpenedIndex) -> list[tuple[str, str]]:
    """The first OPINION_DEPTH units, best first, that pass the filters."""
    units, f = o.units.docnum_units, req.filters
    if f.is_empty() and len(values) > OPINION_DEPTH:  # only the strongest are ordered (ties at the cut kept)
        keep = values >= np.partition(values, len(values) - OPINION_DEPTH)[len(values) - OPINION_DEPTH]
        docs, values = docs[keep], values[keep]
    out: list[tuple[str, str]] = []
    for d in docs[np.lexsort((docs, -values))].tolist():  # best first; ties: lower document first
        if f.is_empty() or passes(o.entries[units[d][1]], o.units.editions_of(d), f):
            out.append(units[d][:2])
            if len(out) == OPINION_DEPTH:
                break
    return out
