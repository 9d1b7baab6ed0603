"""Reciprocal-rank fusion of the ranking with the second opinion (`index.stages.candidates`): each
result scores 1 / (FUSION_K + its place) and each unit of the opinion `opinion_weight` / (FUSION_K +
its place) more, to the result showing it or holding it folded (`also`), else to a result of its
own, unless its entry is shown MAX_SHOWN_PER_ENTRY times already, or the unit is the entry's own
text and the entry is shown already (that result leads to the entry's page, which opens with its
own text: a second result of it would take a place from another answer). The ranking stays first where
the opinion is silent; a ruling both put high moves up. A long question is mostly words besides
the names it holds, and asks about something other than a card's first ruling ('just bought a
smithy and still have an action left, can i play it right away'): there the opinion, which ranks
by those words, weighs more. Pure."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from index.ranking import Scored

FUSION_K = 3  # places: small, so that the first places weigh most
OPINION_WEIGHT = 0.4  # the opinion's place counts this much of the ranking's
LONG_QUESTION = 40  # characters besides spaces and stop words from which a question is long
LONG_OPINION_WEIGHT = 1.4  # ... and the opinion's place counts this much in it
MAX_SHOWN_PER_ENTRY = 2  # the opinion adds no result of an entry already shown this often


def opinion_weight(content_length: int) -> float:
    """What the opinion's places count for a query of `content_length` characters besides spaces
    and stop words (`QueryAnalysis.content_length`)."""
    return LONG_OPINION_WEIGHT if content_length >= LONG_QUESTION else OPINION_WEIGHT


def fuse(
    ranked: Sequence[Scored], opinion: Sequence[tuple[str, str]], weight: float = OPINION_WEIGHT
) -> list[Scored]:
    """`ranked` reordered by fused score (ties keep their order; a unit only the opinion has comes
    after the ranking's results of its score, scored as the result it follows)."""
    if not opinion:
        return list(ranked)
    out = list(ranked)
    fused = [1.0 / (FUSION_K + i) for i in range(len(out))]
    at: dict[str, int] = {}
    for i, s in enumerate(out):
        for unit in (s.unit, *s.also):
            at.setdefault(unit, i)
    shown = Counter(s.entry for s in out)
    for place, (unit, entry) in enumerate(opinion):
        i = at.get(unit)
        if i is None:
            if shown[entry] >= MAX_SHOWN_PER_ENTRY or (unit == entry and shown[entry]):
                continue
            shown[entry] += 1
            i = at[unit] = len(out)
            out.append(Scored(entry, 0.0, unit, 0.0))
            fused.append(0.0)
        fused[i] += weight / (FUSION_K + place)
    result: list[Scored] = []
    for i in sorted(range(len(out)), key=lambda i: -fused[i]):  # stable
        s = out[i]
        if i >= len(ranked) and result:  # the opinion's alone: the score of the result before it
            s = Scored(s.entry, result[-1].score, s.unit, s.unit_score)
        result.append(s)
    return result
