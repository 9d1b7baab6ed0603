"""Units' BM25F scores for an OR of clauses, from the impact lists: a unit adds the scores of
the player questions it answers (each question is a document of the `ask` field, numbered
after the units; `questions.json` says whose). A unit's questions count best first with
decaying weights (the best fully, the next `QUESTION_DECAY` of its score, and so on): several
wordings of one question say it once, so a unit many wordings half-match does not outweigh the
one whose question the player asked."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from operator import itemgetter
from typing import TYPE_CHECKING

from index.impacts import Clause, score_clauses

if TYPE_CHECKING:
    from index.opened import OpenedIndex

QUESTION_DECAY = 0.8  # weight of a unit's next best matching question, relative to the one before


def score_units(o: OpenedIndex, clauses: list[Clause], only: set[int] | None = None) -> dict[int, float]:
    """Unit document -> score (with `only`, for those units alone)."""
    first, owner = o.first_question, o.question_of
    acc = score_clauses(o.impacts, [c for c in clauses if c.field != "ask"], only=only)
    if only is not None:  # a unit's questions are numbered together, in order of units
        only_asked = {first + q for u in only for q in range(bisect_left(owner, u), bisect_right(owner, u))}
    asked = score_clauses(
        o.impacts,
        [c for c in clauses if c.field == "ask"],
        only=only_asked if only is not None else None,
    )
    get, weight_of = acc.get, {}
    for d, v in sorted(asked.items(), key=itemgetter(1), reverse=True):  # best question first
        u = owner[d - first]
        weight = weight_of.get(u, 1.0)
        acc[u] = get(u, 0.0) + weight * v
        weight_of[u] = weight * QUESTION_DECAY
    return acc
