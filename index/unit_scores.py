"""Units' BM25F scores for an OR of clauses, from the impact lists: a unit adds the scores of
the player questions it answers (each question is a document of the `ask` field, numbered
after the units; `questions.json` says whose). A unit's questions count best first with
decaying weights (the best fully, the next `QUESTION_DECAY` of its score, and so on): several
wordings of one question say it once, so a unit many wordings half-match does not outweigh the
one whose question the player asked."""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from index.impacts import Clause, score_clauses

if TYPE_CHECKING:
    from index.opened import OpenedIndex

QUESTION_DECAY = 0.8  # weight of a unit's next best matching question, relative to the one before


def score_units(o: OpenedIndex, clauses: list[Clause], only: set[int] | None = None) -> dict[int, float]:
    """Unit document -> score (with `only`, for those units alone)."""
    acc = score_clauses(o.impacts, [c for c in clauses if c.field != "ask"], only=only)
    asked = score_clauses(
        o.impacts,
        [c for c in clauses if c.field == "ask"],
        only=None if only is None else _questions(o, only),
    )
    _add_questions(acc, asked, o.unit_of_doc)
    return acc


def _questions(o: OpenedIndex, units: set[int]) -> set[int]:
    """The question documents of `units`."""
    out: set[int] = set()
    for u in units:
        out.update(o.questions_of_unit[u])
    return out


def _add_questions(acc: dict[int, float], asked: dict[int, float], unit_of_doc: list[int]) -> None:
    """Adds each unit's questions to its score, best first, each weighted QUESTION_DECAY times
    the one before (the same sums in the same order as ranker.js). Hundreds of questions a
    query: the first of a unit is added without a multiplication by 1.0 (the same float)."""
    get = acc.get
    next_weight: dict[int, float] = {}  # unit -> the weight of its next question
    weight_of = next_weight.get
    for d, v in sorted(asked.items(), key=itemgetter(1), reverse=True):  # best question first
        u = unit_of_doc[d]
        weight = weight_of(u)
        if weight is None:
            acc[u] = get(u, 0.0) + v
            next_weight[u] = QUESTION_DECAY
        else:
            acc[u] += weight * v
            next_weight[u] = weight * QUESTION_DECAY
