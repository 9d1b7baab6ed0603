"""Units' BM25F scores for an OR of clauses, from the impact lists: a unit adds the scores of
the player questions it answers (each question is a document of the `ask` field, numbered
after the units; `questions.json` says whose). A unit's questions count best first with
decaying weights (the best fully, the next `QUESTION_DECAY` of its score, and so on): several
wordings of one question say it once, so a unit many wordings half-match does not outweigh the
one whose question the player asked.

Scores are numpy arrays (`index.impacts.Scores`): a query adds up a few thousand postings, and
a loop in Python over them was most of its time. Several sets of clauses are scored in one pass
(`score_units_and_opinion`, `score_named`), each set's documents numbered apart, as numpy's cost
is per call."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from index.impacts import NO_SCORES, Clause, Scores, add_up, add_up_flat, clause_parts, parts_read

if TYPE_CHECKING:
    from index.opened import OpenedIndex

QUESTION_DECAY = 0.8  # weight of a unit's next best matching question, relative to the one before


def score_units_and_opinion(
    o: OpenedIndex,
    clauses: Sequence[Clause],
    opinion_clauses: Sequence[Clause] | None,
    read: dict[Clause, tuple[np.ndarray, np.ndarray]] | None = None,
) -> tuple[Scores, Scores]:
    """In one pass: the unit scores of `clauses`, with their questions; and the second opinion's,
    the same clauses' unit documents (every field but the questions) plus `opinion_clauses`
    (each unit's questions as one text, `UNIT_QUESTIONS`), a unit's fields' sum then plus its
    questions' (as ranker.js adds them). With `opinion_clauses` None, no opinion (NO_SCORES): a
    name alone is not asked a second opinion. Each of `clauses`' lists read is kept in `read`,
    if given (`score_named` and `index.stages.answers.telling_factors` read them again)."""
    span = len(o.unit_of_doc)  # the opinion's documents are numbered from span
    read = {} if read is None else read
    doc_parts, value_parts = clause_parts(o.impacts, clauses, read=read)
    opinion_docs, opinion_values = clause_parts(o.impacts, opinion_clauses or ())
    doc_parts += [d + span for d in opinion_docs]
    value_parts += opinion_values
    summed = add_up_flat(np.concatenate(doc_parts), np.concatenate(value_parts)) if doc_parts else NO_SCORES
    cut = int(np.searchsorted(summed.docs, span))
    found, own = _with_questions(Scores(summed.docs[:cut], summed.values[:cut]), o, span)
    opinion = NO_SCORES
    if opinion_clauses is not None:
        together = _between(summed, span, 2 * span)  # each unit's questions as one text
        opinion = add_up([own.docs, together.docs], [own.values, together.values])
    return found, opinion


def score_named(
    o: OpenedIndex,
    named: Sequence[tuple[Sequence[Clause], tuple[int, int]]],
    read: dict[Clause, tuple[np.ndarray, np.ndarray]],
) -> list[Scores]:
    """For each of `named` (an entry's name clauses, lists already read into `read` by
    `score_units_and_opinion`, and its units' documents, from the first to before the second),
    those units' scores on those clauses alone, with their questions (`index.stages.answers`).
    One pass for them all, each set's documents numbered apart; a clause not in `read` has no list."""
    span = len(o.unit_of_doc)  # named set g's documents are numbered from g span
    doc_parts, value_parts = [], []
    for g, (group, (first, stop)) in enumerate(named):
        docs, values = parts_read(group, read)
        if docs:  # only the entry's units and their questions
            docs, values = np.concatenate(docs), np.concatenate(values)
            unit = o.unit_of_doc[docs]
            keep = (unit >= first) & (unit < stop)
            doc_parts.append(docs[keep] + g * span)
            value_parts.append(values[keep])
    if not doc_parts:
        return [NO_SCORES] * len(named)
    found, _ = _with_questions(add_up_flat(np.concatenate(doc_parts), np.concatenate(value_parts)), o, span)
    return [_between(found, g * span, (g + 1) * span) for g in range(len(named))]


def _between(scores: Scores, start: int, stop: int) -> Scores:
    """The scores of the documents numbered from `start` to before `stop`, numbered from 0."""
    a, b = np.searchsorted(scores.docs, [start, stop]).tolist()
    return Scores(scores.docs[a:b] - start if start else scores.docs[a:b], scores.values[a:b])


def _with_questions(summed: Scores, o: OpenedIndex, span: int) -> tuple[Scores, Scores]:
    """The units' scores with their questions added (`_add_questions`), and without: `summed`
    holds unit and question documents of groups numbered `span` apart."""
    docs, values = summed
    within = docs % span  # the document's number in its group
    question = within >= o.first_question
    if not question.any():
        return summed, summed
    unit = ~question
    own = Scores(docs[unit], values[unit])
    units = o.unit_of_doc[within[question]] + (docs[question] - within[question])  # in their groups
    return _add_questions(own, units, values[question]), own


def _add_questions(own: Scores, units: np.ndarray, values: np.ndarray) -> Scores:
    """Adds each unit's questions (`units`: whose each question is, `values`: its score) to its
    score, best first, each weighted QUESTION_DECAY times the one before (the same sums in the
    same order as ranker.js)."""
    order = _by_unit_best_first(units, values)
    units, values = units[order], values[order]
    n = len(units)
    first = np.empty(n, bool)
    first[0] = True
    np.not_equal(units[1:], units[:-1], out=first[1:])
    index = np.arange(n)
    place = index - np.maximum.accumulate(np.where(first, index, 0))  # 0 for a unit's best
    weights = _decay_weights(-(-(int(place.max()) + 1) // 64) * 64)
    weighted = values * weights[place]
    return add_up_flat(np.concatenate((own.docs, units)), np.concatenate((own.values, weighted)))


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
