"""Stage 4b, rank: entries best first (`index.ranking.rank`; with a quoted phrase, only the
entries holding it), the top entry's other answering rulings placed among them, each game's
entry of a name both games use among the first shown, and near-duplicates folded into one
(`index.fold`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from index.analysis import QueryAnalysis
from index.fold import fold
from index.fusion import fuse, opinion_weight
from index.game_words import STRONG_MARGIN
from index.ranking import Scored, rank
from index.stages.answers import named_answers, other_answers, shown_after_top

if TYPE_CHECKING:
    from index.opened import OpenedIndex
    from index.stages.candidates import Candidates
    from index.stages.request import Request

SHOWN = 3  # results a reader sees at once


def rank_candidates(
    req: Request, a: QueryAnalysis, found: Candidates, o: OpenedIndex, asks: bool
) -> list[Scored]:
    """Entries best first; for a question (words besides names: `asks`, from
    `asks_besides_names`), merged with the second opinion the candidates hold (`index.fusion`),
    less its units of the other game when the query's game is known (`known_game`)."""
    hits = found.hits
    if req.phrase_tokens:
        allowed = {e for _, e, _ in hits}  # with a quoted phrase, only entries holding it
        answers = {}
        ranked = [s for s in rank(a, hits, req.filters, o.rank_tables) if s.entry in allowed]
    else:
        answers = named_answers(hits, found.names, o, found.telling)
        states = o.intents.stating(req.asked, o.units.docnum_of) if req.asked else None
        ranked = rank(a, hits, req.filters, o.rank_tables, answers, states=states)
    extra, at, ahead = other_answers(a, ranked, hits, answers, o, asks)
    ranked = ranked[:at] + extra + ranked[at:]
    if found.opinion:  # a question without a phrase: the second opinion too, of the query's game
        game = known_game(a)
        opinion = [(u, e) for u, e in found.opinion if game is None or o.entries[e]["game"] == game]
        ranked = fuse(ranked, opinion, opinion_weight(a.content_length))
    ranked = shown_after_top(ranked, ahead)
    ranked = both_games_shown(a, ranked, o.entries)
    if req.phrase_tokens:
        return ranked
    named = a.named_entries
    return fold(ranked, o.entries, o.passages.english_words, named=named, order=o.rank_tables.kind_order)


def known_game(a: QueryAnalysis) -> str | None:
    """The game the query names, or that its words point to clearly (`STRONG_MARGIN`). The second
    opinion, a plain engine's, knows no game: 'how many district cards and coins does each
    player get at the start' was answered by Dominion's starting deck through it."""
    return a.game_hint or (a.game_guess if a.game_margin >= STRONG_MARGIN else None)


def both_games_shown(
    a: QueryAnalysis, ranked: list[Scored], entries: Mapping[str, Mapping[str, Any]]
) -> list[Scored]:
    """A name both games use (小偷, 图书馆) with nothing saying which game: each game's entry of
    that name is among the first results, the lower one moved up to the last place shown."""
    if a.game_hint or a.game_guess or len(ranked) <= SHOWN:
        return ranked
    for group in a.groups:
        if len({entries[e]["game"] for e in group if e in entries}) < 2:
            continue
        top = {s.entry for s in ranked[:SHOWN]}
        for e in sorted(group - top):
            at = next((i for i, s in enumerate(ranked) if s.entry == e), None)
            if at is not None:
                ranked = (
                    ranked[: SHOWN - 1]
                    + [ranked[at]]
                    + [s for i, s in enumerate(ranked) if i >= SHOWN - 1 and i != at]
                )
    return ranked
