"""Units' BM25F scores for an OR of clauses, from the impact lists: a unit adds the scores of
the player questions it answers (each question is a document of the `ask` field, numbered
after the units; `questions.json` says whose). A unit's questions count best first with
decaying weights (the best fully, the next `QUESTION_DECAY` of its score, and so on): several
wordings of one question say it once, so a unit many wordings half-match does not outweigh the
one whose question the player asked."""

from __future__ import annotations

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
    the one before (the same sums in the same order as ranker.js). Most units match one
    question: their score is added as it is, and only the others' are sorted."""
    by_unit: dict[int, float | list[float]] = {}
    for d, v in asked.items():
        u = unit_of_doc[d]
        held = by_unit.get(u)
        if held is None:
            by_unit[u] = v
        elif held.__class__ is float:
            by_unit[u] = [held, v]
        else:
            held.append(v)
    get = acc.get
    for u, held in by_unit.items():
        if held.__class__ is float:
            acc[u] = get(u, 0.0) + held
            continue
        held.sort(reverse=True)
        total = get(u, 0.0) + held[0]
        weight = QUESTION_DECAY
        for v in held[1:]:
            total += weight * v
            weight *= QUESTION_DECAY
        acc[u] = total
