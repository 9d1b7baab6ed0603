"""Stage 2b, described: the cards the query describes rather than names ('the 6 cost card that
gains a card up to 5', '会偷钱的那个角色'), or whose text it quotes ('+1 card +1 action +1 buy
+$1'; `index.described`), each named by its description.
Which card a description means is scored from its words alone, read as the candidates' stage
reads a query's (in every field, with the rulebook words of players' words and each unit's
players' questions), among the units of the cards it may mean: a card scores its best unit's
score plus a tenth of each other's, as the ranking sums an entry's units."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from index.analysis import QueryAnalysis
from index.described import CardChoice, with_described
from index.game_words import one_game_implied
from index.ranking import WEIGHTS
from index.stages.clauses import query_clauses
from index.unit_scores import score_units_and_opinion

if TYPE_CHECKING:
    from collections.abc import Sequence

    from index.opened import OpenedIndex
    from index.stages.request import Request


def describe_cards(a: QueryAnalysis, req: Request, o: OpenedIndex) -> QueryAnalysis:
    """`a` with the cards it describes named, but for a description the reader took off (its
    words given as `plain=`, the chip of the results page)."""
    read = with_described(
        a,
        o.entries,
        lambda words, cards: rank_cards(words, cards, o),
        o.tables.pinyin,
        req.without.plain,
        o.card_items,
        o.cards_meant,
        req.parsed.text,
    )
    if read is a:
        return read
    read = as_named(a, read, o)
    if req.any_game:
        return read
    # a card described is a card named: it tells the game as its name would
    return read.with_guess(
        read.tokens,
        o.tables.game_words,
        one_game_implied(read.tokens, o.synonyms, o.tables.game_words),
        o.card_words,
    )


def as_named(a: QueryAnalysis, read: QueryAnalysis, o: OpenedIndex) -> QueryAnalysis:
    """`read` (`a` with the cards it describes named) with each description read as a card
    standing for it as its name would, had the player typed it there: the description's words
    leave the question's words and its length, and the card's name (in the description's
    script) takes their place. 'the 6 cost card that gains a card up to 5, does it go to my hand'
    asks 'does it go to my hand' of the Artisan, not about gaining and costs. A description
    that is the whole query is left as it is (a lookup)."""
    before = {id(m) for m in a.names}
    described = sorted((m for m in read.names if id(m) not in before), key=lambda m: m.start)
    text, at = read.text, 0
    said: list[str] = []  # the text with each description replaced by its card's name
    rest: list[str] = []  # ... by nothing
    named: list[str] = []  # the cards' names' words
    for m in described:  # its card's first name written in the description's script
        name = next(n for n in o.name_norms[m.form.entry] if n.isascii() != m.form.chinese)
        said += [text[at : m.start], f" {name} "]
        rest.append(text[at : m.start])
        named += o.tokeniser.search_tokens(name)
        at = m.end
    said.append(text[at:])
    rest.append(text[at:])
    if not "".join(rest).strip():
        return read
    words = "".join(said)
    kept = set(o.tokeniser.search_tokens(words))
    tokens = [t for t in read.tokens if t in kept]
    tokens += [t for t in dict.fromkeys(named) if t not in tokens]
    length = len(words.replace(" ", "")) - o.tokeniser.stop_chars(words)
    return replace(read, tokens=tokens, content_chars=length)


def rank_cards(words: str, cards: Sequence[str], o: OpenedIndex) -> list[tuple[str, float]]:
    """`cards` (in the index's order) scored by the normalised `words`, best first (ties in the
    order given), those the words reach. The units the words reach are read, not the cards: at
    100x the corpus a description may mean ten thousand cards."""
    tokens = o.tokeniser.search_tokens(words, stop=True) or o.tokeniser.search_tokens(words)
    if not tokens:
        return []
    plain = QueryAnalysis(words, list(dict.fromkeys(tokens)), [], [], [], [], set(), None)
    (docs, values), _ = score_units_and_opinion(o, query_clauses(plain, o), None)
    units_of = o.units.units_of
    among = (
        cards.flags if isinstance(cards, CardChoice) and cards.flags is not None else units_of.flags(cards)
    )
    numbers, firsts, stops = units_of.reached(docs)
    found = values.tolist()
    share = WEIGHTS.other_units_share
    scored = []
    for k in np.flatnonzero(among[numbers]).tolist():  # in the index's order: ties as given
        best = sorted(found[firsts[k] : stops[k]], reverse=True)
        total = best[0]
        for v in best[1:]:  # as `index.ranking` sums an entry's units, in the same order
            total += share * v
        scored.append((units_of.entry(int(numbers[k])), total))
    return sorted(scored, key=lambda cs: -cs[1])
