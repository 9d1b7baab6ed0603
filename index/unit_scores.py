"""Units' BM25F scores for an OR of clauses, from the impact lists: a unit adds the scores of
the player questions it answers (each question is a document of the `ask` field, numbered
after the units; `questions.json` says whose)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING

from index.impacts import Clause, score_clauses

if TYPE_CHECKING:
    from index.opened import OpenedIndex


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
    get = acc.get
    for d, v in asked.items():
        u = owner[d - first]
        acc[u] = get(u, 0.0) + v
    return acc
