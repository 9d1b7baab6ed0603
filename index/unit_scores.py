"""Units' BM25F scores for an OR of clauses, from the impact lists: a unit adds the scores of
the player questions it answers (each question is a document of the `ask` field, numbered
after the units; `questions.json` says whose). A unit's questions count best first with
decaying weights (the best fully, the next `QUESTION_DECAY` of its score, and so on): several
wordings of one question say it once, so a unit many wordings half-match does not outweigh the
one whose question the player asked.

Scores are numpy arrays (`index.impacts.Scores`): a query adds up a few thousand postings, and
a loop in Python over them was most of its time. Several sets of clauses are scored in one pass
(`score_unit_groups`), each group's documents numbered apart, as numpy's cost is per call."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from index.impacts import Clause, Scores, add_up, add_up_flat, clause_parts

if TYPE_CHECKING:
    from index.opened import OpenedIndex

QUESTION_DECAY = 0.8  # weight of a unit's next best matching question, relative to the one before


def score_unit_groups(
    o: OpenedIndex,
    groups: Sequence[Sequence[Clause]],
    within: Sequence[tuple[int, int]] | None = None,
) -> list[Scores]:
    """Unit documents and their scores, for each group of clauses; with `within`, only the units
    numbered from its group's first to before its second document (one entry's units: their
    sums are the same, their questions' too, and the rest is never added up)."""
    if not groups:
        return []
    span = len(o.unit_of_doc)  # group g's documents are numbered from g * span
    doc_parts: list[np.ndarray] = []
    value_parts: list[np.ndarray] = []
    for g, clauses in enumerate(groups):
        docs, values = clause_parts(o.impacts, clauses)
        doc_parts.extend(d + g * span if g else d for d in docs)
        value_parts.extend(values)
    if within is None or not doc_parts:
        summed = add_up(doc_parts, value_parts)  # units' and questions' documents apart: one sum
    else:  # only each group's units: one test of the documents, then one sum
        docs, values = np.concatenate(doc_parts), np.concatenate(value_parts)
        group, (first, stop) = docs // span, np.asarray(within, np.intp).T
        unit = o.unit_of_doc[docs - group * span]
        keep = (unit >= first[group]) & (unit < stop[group])
        summed = add_up_flat(docs[keep], values[keep])
    found, _ = _with_questions(summed, o, span)
    if len(groups) == 1:
        return [found]
    cuts = np.searchsorted(found.docs, np.arange(1, len(groups)) * span).tolist()
    bounds = list(zip([0, *cuts], [*cuts, len(found.docs)], strict=True))
    return [Scores(found.docs[a:b] - g * span, found.values[a:b]) for g, (a, b) in enumerate(bounds)]


def score_units_and_opinion(
    o: OpenedIndex, clauses: Sequence[Clause], opinion_clauses: Sequence[Clause]
) -> tuple[Scores, Scores]:
    """The unit scores of `clauses` (as `score_unit_groups`), and the second opinion's: the same
    clauses' unit documents (every field but the questions) plus `opinion_clauses` (each unit's
    questions as one text, `UNIT_QUESTIONS`), added up in one pass. A unit's opinion is its
    fields' sum, then plus its questions' (as ranker.js adds them)."""
    span = len(o.unit_of_doc)  # the opinion's documents are numbered from span
    doc_parts, value_parts = clause_parts(o.impacts, clauses)
    opinion_docs, opinion_values = clause_parts(o.impacts, opinion_clauses)
    summed = add_up([*doc_parts, *(d + span for d in opinion_docs)], [*value_parts, *opinion_values])
    cut = int(np.searchsorted(summed.docs, span))
    found, own = _with_questions(Scores(summed.docs[:cut], summed.values[:cut]), o, span)
    opinion = add_up([own.docs, summed.docs[cut:] - span], [own.values, summed.values[cut:]])
    return found, opinion


def _with_questions(summed: Scores, o: OpenedIndex, span: int) -> tuple[Scores, Scores]:
    """The units' scores with their questions added (`_add_questions`), and without: `summed`
    holds unit and question documents of groups numbered `span` apart."""
    question = summed.docs % span >= o.first_question
    own = Scores(summed.docs[~question], summed.values[~question])
    if not question.any():
        return own, own
    asked = Scores(summed.docs[question], summed.values[question])
    return _add_questions(own, asked, o.unit_of_doc, span), own


def _add_questions(own: Scores, asked: Scores, unit_of_doc: np.ndarray, span: int) -> Scores:
    """Adds each unit's questions to its score, best first, each weighted QUESTION_DECAY times
    the one before (the same sums in the same order as ranker.js)."""
    group_start = asked.docs - asked.docs % span
    units = unit_of_doc[asked.docs - group_start] + group_start
    order = _by_unit_best_first(units, asked.values)
    units, values = units[order], asked.values[order]
    n = len(units)
    first = np.empty(n, bool)
    first[0] = True
    np.not_equal(units[1:], units[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    place = np.arange(n) - np.repeat(starts, np.diff(np.append(starts, n)))  # 0 for a unit's best
    weights = _decay_weights(-(-(int(place.max()) + 1) // 64) * 64)
    return add_up([own.docs, units], [own.values, values * weights[place]])


def _by_unit_best_first(units: np.ndarray, values: np.ndarray) -> np.ndarray:
    """The order putting each unit's values together, best first (as `np.lexsort((-values,
    units))`, but for equal values, whose order changes no sum): by value, then a stable sort by
    unit, of 16-bit numbers where they fit (numpy sorts those by radix, in a fraction of the time)."""
    by_value = np.argsort(-values)
    by_unit = units[by_value]
    if by_unit.max() < 1 << 16:
        by_unit = by_unit.astype(np.uint16)
    return by_value[np.argsort(by_unit, kind="stable")]


@lru_cache(maxsize=8)
def _decay_weights(count: int) -> np.ndarray:
    """`count` weights: 1, QUESTION_DECAY, its square... each the one before times
    QUESTION_DECAY (as ranker.js makes them, so the products are the same floats)."""
    return np.concatenate(([1.0], np.cumprod(np.full(count - 1, QUESTION_DECAY))))
