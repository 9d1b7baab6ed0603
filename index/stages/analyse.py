"""Stage 2, analyse: the request's text read by `index.analysis.analyse` (names in any script,
pinyin and initials, typos, game and edition words), with the words the reader took off as
names read as plain words (`plain=`), and the game guessed from its words, the rulebook words
its everyday words stand for (买 is a player's word for Dominion's 购买) and its names; with
game=any, no game at all. Each step returns a new record."""

from __future__ import annotations

from typing import TYPE_CHECKING

from index.analysis import QueryAnalysis, analyse
from index.game_words import one_game_implied
from index.understood import read_as_plain

if TYPE_CHECKING:
    from index.opened import OpenedIndex
    from index.stages.request import Request


def analyse_request(req: Request, o: OpenedIndex) -> QueryAnalysis:
    a = analyse(req.norm, o.tables, o.tokeniser)
    if req.without.plain:  # words the reader took off as names (a chip of the results page)
        a = read_as_plain(a, req.without.plain, o.tables.pinyin)
    if req.any_game:
        return a.without_game()
    return a.with_guess(
        a.tokens,
        o.tables.game_words,
        one_game_implied(a.tokens, o.synonyms, o.tables.game_words),
        o.card_words,
    )
