"""Stage 4a, answers: which units of the entries a question names answer what it asks
(`named_answers`: their scores with the entry's own names counting a fifth, so the snippet comes
mostly from what the rest of the question asks, and the rulings holding the question's telling
words weighing more: `telling_factors`), and other rulings of the top entry answering nearly as
well as the one it shows, each its own result (`other_answers`)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from index.analysis import QueryAnalysis
from index.impacts import Clause, Scores
from index.ranking import Answers, Hit, Scored, this_game
from index.store import RULING

if TYPE_CHECKING:
    from index.opened import OpenedIndex

MAX_ANSWERED = 4  # named entries whose snippet is chosen by the query's other words
OWN_NAME_DISCOUNT = 0.8  # ... where the entry's own names count a fifth (every unit of it is about it)
EXTRA_SHARE = 0.6  # another ruling of the top entry scoring this close to the shown one is its own result
MAX_EXTRA = 2  # ... at most this many
LEAD_EXTRA_SHARE = 0.3  # ... or this close, if that share of the entry's score still passes the next entry's
UNNAMED_EXTRA_SHARE = 0.5  # ... when the question does not name the entry
UNNAMED_LEAD = 1.3  # ... and only when that entry is this far ahead of the next
TELLING_WEIGHT = 0.3  # a named entry's ruling scores 1 + this x its telling words' weight (`telling_factors`)
TELLING_MIN_CHARS = 16  # ... in a question this long at least (content characters: a question, not a name)
TELLING_MIN_RULINGS = 2  # ... and of an entry with this many rulings at least
# Fields whose documents may be a ruling or a player question asked of one: `telling_factors`
# reads only these ('body', 'name' and 'pinyin' are an entry's own unit's, never a ruling's).
TELLING_FIELDS = frozenset({"ruling", "ask", "owner"})


def name_clauses(a: QueryAnalysis, clauses: list[Clause], o: OpenedIndex) -> list[tuple[str, list[Clause]]]:
    """For each entry the query names, when it has other words besides: the clauses of the
    entry's own names (and the pinyin field's), which `named_answers` counts a fifth. Scored in
    the candidates' pass (`index.stages.candidates`)."""
    named = a.named_entries
    if not named or a.text in {m.form.norm for m in a.names}:
        return []
    at: dict[str, list[int]] = {}  # term -> where its clauses are (the pinyin field's: every entry's)
    for i, c in enumerate(clauses):
        at.setdefault("" if c.field == "pinyin" else c.term, []).append(i)
    pinyin = at.get("", [])
    out = []
    for entry in sorted(named):
        if entry in o.units.units_of:
            own = [i for t in o.own_name_tokens.get(entry, ()) if t in at for i in at[t]]
            out.append((entry, [clauses[i] for i in sorted(own + pinyin)]))  # in the clauses' order
    return out


def answered(hits: list[Hit], named: Sequence[tuple[str, list[Clause]]]) -> list[tuple[str, list[Clause]]]:
    """The entries of `named` (entry, its name clauses) whose snippet the question's other words
    choose (`named_answers`): the first MAX_ANSWERED among the hits, in order of their best unit's
    score. (In order of id, '礦場換來的金幣 這回合可以…' lost Mine behind the entries named by
    金币 and 回合.)"""
    groups = dict(named)
    first = dict.fromkeys(e for _, e, _ in hits if e in groups)  # hits: best first
    return [(e, groups[e]) for e in list(first)[:MAX_ANSWERED]]


def named_answers(
    hits: list[Hit],
    names: Mapping[str, Scores],
    o: OpenedIndex,
    telling: Mapping[str, Mapping[str, float]] | None = None,
) -> Answers:
    """For each entry of `names` (those `answered` chose, in its order): its units' scores with
    the entry's own names (`names`, from `name_clauses`) counting a fifth, then each times its
    factor in `telling` (`telling_factors`), if any."""
    if not names:
        return {}
    asked = [(entry, {u: v for u, e, v in hits if e == entry}) for entry in names]
    docnum_of, docnum_units = o.units.docnum_of, o.units.docnum_units
    for entry, units in asked:
        wanted = {docnum_of[u] for u in units}
        name_part = names[entry]
        for d, v in zip(name_part.docs.tolist(), name_part.values.tolist(), strict=True):
            if d in wanted:
                units[docnum_units[d][0]] -= OWN_NAME_DISCOUNT * v
        for u, factor in (telling or {}).get(entry, {}).items():
            if u in units:
                units[u] *= factor
    return dict(asked)


def asks_telling(a: QueryAnalysis) -> bool:
    """The question is long enough for its words to tell a named entry's rulings apart
    (`telling_factors`): 'mine turned my copper into silver, can i spend that silver this turn',
    not 'mine silver'."""
    return a.content_length >= TELLING_MIN_CHARS


def telling_factors(
    read: Mapping[Clause, tuple[np.ndarray, Any]],
    named: Sequence[tuple[str, Sequence[Clause]]],
    o: OpenedIndex,
) -> dict[str, dict[str, float]]:
    """For each named entry with TELLING_MIN_RULINGS rulings or more, what each of its rulings'
    score is multiplied by: 1 + TELLING_WEIGHT x the sum, over the question's words (besides the
    entry's own names: `named` holds its name clauses) that the ruling or a player question it
    answers holds, of log(rulings / rulings holding the word), times the word's clause boost
    (at most 1: a synonym's less). Among Mine's rulings, 'silver' and 'copper' are in most, so
    they tell little; 'spend' only in the one saying the gained card is in hand, so it tells which
    ruling 'can i spend that silver this turn' asks about. `read` holds each clause's list
    (`index.unit_scores.score_units_and_opinion`). Only rulings the words reach are listed."""
    if not named or not read:
        return {}
    terms: dict[str, int] = {}  # word -> its number
    boosts: list[float] = []  # by word: its largest clause boost, at most 1
    doc_parts, numbers = [], []
    for (field, word, boost), (docs, _) in read.items():
        if field not in TELLING_FIELDS:
            continue
        t = terms.get(word)
        if t is None:
            t = terms[word] = len(boosts)
            boosts.append(min(1.0, boost))
        elif boost > boosts[t]:
            boosts[t] = min(1.0, boost)
        doc_parts.append(docs)
        numbers.append(t)
    if not doc_parts:
        return {}
    parts, docnum_units = o.units.part_codes, o.units.docnum_units
    owner = np.full(len(parts), -1, np.intp)  # unit document -> which named entry's it is
    counts = []  # by named entry: its rulings
    for g, (entry, _) in enumerate(named):
        first, stop = o.units.units_of.span(entry)
        counts.append(parts.count(RULING, first, stop))
        if counts[-1] >= TELLING_MIN_RULINGS:
            owner[first:stop] = g
    unit = o.unit_of_doc[np.concatenate(doc_parts)]  # a player question's: the unit it is asked of
    whose = owner[unit]
    at = np.flatnonzero((whose >= 0) & o.units.ruling_flags[unit])
    term = np.repeat(np.array(numbers, np.intp), [len(d) for d in doc_parts])[at]
    span = len(parts)
    keys = np.unique((whose[at] * len(terms) + term) * span + unit[at]).tolist()  # (entry, word, ruling)
    holders: list[dict[int, list[int]]] = [{} for _ in named]  # by entry: word -> the rulings holding it
    for k in keys:
        gt, u = divmod(k, span)
        g, t = divmod(gt, len(terms))
        holders[g].setdefault(t, []).append(u)
    out: dict[str, dict[str, float]] = {}
    for g, (entry, group) in enumerate(named):
        if counts[g] < TELLING_MIN_RULINGS:
            continue
        own = {terms[c.term] for c in group if c.field != "pinyin" and c.term in terms}  # its names' words
        told: dict[int, float] = {}
        for t in sorted(holders[g]):  # in the order the words were first read
            if t in own:
                continue
            held = holders[g][t]
            w = math.log(counts[g] / len(held)) * boosts[t]
            for u in held:
                told[u] = told.get(u, 0.0) + w
        out[entry] = {docnum_units[u][0]: 1.0 + TELLING_WEIGHT * w for u, w in told.items() if w}
    return out


def asks_besides_names(a: QueryAnalysis, o: OpenedIndex) -> bool:
    """The query has words besides the names of the entries it names, or the pinyin keys it is
    read as: it asks something of them (a name alone shows the entry; so does a card's text
    quoted alone, '+2 cards +1 action', read as the card's name: `index.described`)."""
    if any(m.form.norm == a.text for m in a.names):
        return False
    own = {t for e in a.named_entries for t in o.own_name_tokens.get(e, ())}
    return any(t not in own and not any(t in k for k in a.pinyin_keys) for t in a.tokens)


def other_answers(
    a: QueryAnalysis,
    ranked: list[Scored],
    hits: list[Hit],
    answers: Mapping[str, Mapping[str, float]],
    o: OpenedIndex,
    asks: bool,
) -> tuple[list[Scored], int, list[Scored]]:
    """Other rulings of the top entry that answer the question nearly as well as the one it
    shows, each as its own result ('地窖 弃完牌先摸吗' may be answered by two of Cellar's
    rulings), and where they go: right after it when the question names the entry, else
    after the second entry (one at most), so another entry that may be the one meant keeps
    its place. Right after it only when a card is named, by a name no other entry bears,
    and no other thing is named. Only for a question with words besides names (`asks`, from
    `asks_besides_names`): a name alone shows the entry.

    Third, for such a card named by a name only it bears (in either game: 图书馆 names both
    Libraries, and the other game's keeps its place), its rulings less close (LEAD_EXTRA_SHARE)
    whose share of the best one's score, as a share of the card's own score, still passes the
    next entry's: a card far ahead of every other entry answers before them with its second
    ruling too (the Chancellor asked whether one may look through the deck before deciding: its
    ruling on looking scores 0.59 of the one on deciding, and the Chancellor five times the next
    entry). They go right after the card once the second opinion is merged (`shown_after_top`),
    so that they never pass the ruling it shows."""
    if not ranked or not asks:
        return [], 0, []
    top = ranked[0]
    named = a.named_entries
    # Things in play: cards of the question's game (a term, or a name only the other game has, is
    # a word of the question: 'navigator takes 4 gold, can he still build').
    groups = this_game(a, o.entries, list(a.groups))
    cards = [g for g in groups if any(o.entries.get(e, {}).get("kind") == "card" for e in g)]
    alone = _named_alone(top.entry, groups, a)
    if top.entry in answers and alone and o.entries[top.entry]["kind"] == "card" and len(cards) < 2:
        scores, share, most, at = answers[top.entry], EXTRA_SHARE, MAX_EXTRA, 1
    elif (
        len(a.tokens) >= 2
        and len(ranked) >= 2
        and top.score >= UNNAMED_LEAD * ranked[1].score
        and (not named or top.entry in named)
    ):
        scores = answers.get(top.entry) or {u: v for u, e, v in hits if e == top.entry}
        share, most, at = UNNAMED_EXTRA_SHARE, 1, 2
    else:
        return [], 0, []
    rulings = {u: v for u, v in scores.items() if v > 0 and o.units.is_ruling(u)}
    if not rulings:
        return [], 0, []
    best = max(rulings.values())
    ordered = sorted(((v, u) for u, v in rulings.items() if u != top.unit), reverse=True)
    others = [(v, u) for v, u in ordered if v >= share * best][:most]
    ahead: list[tuple[float, str]] = []
    # ... of a card named by a name of its own: a name both games use leaves room for the other's card
    if at == 1 and _named_alone(top.entry, a.groups, a) and len(ranked) >= 2:
        # the next entry's score, that a ruling's share of the card's must pass
        bar = max(LEAD_EXTRA_SHARE * best, best * ranked[1].score / top.score) if top.score > 0 else math.inf
        ahead = [(v, u) for v, u in ordered if share * best > v > bar][: most - len(others)]
    return (
        [Scored(top.entry, top.score, u, v) for v, u in others],
        at,
        [Scored(top.entry, top.score, u, v) for v, u in ahead],
    )


def _named_alone(entry: str, groups: Sequence[frozenset[str]], a: QueryAnalysis) -> bool:
    """Whether one of `groups` (the entries each name of the query names), or the pinyin the query
    is read as, names `entry` alone."""
    return any(g == {entry} for g in groups) or a.pinyin_entries == {entry}


def shown_after_top(ranked: list[Scored], ahead: list[Scored]) -> list[Scored]:
    """`ranked` with `ahead` (`other_answers`' third list, rulings of one entry) right after
    that entry's first result, moved up if they are lower; one above it stays where it is."""
    if not ahead:
        return ranked
    entry = ahead[0].entry
    at = next((i for i, s in enumerate(ranked) if s.entry == entry), None)
    if at is None:
        return ranked
    above = {s.unit for s in ranked[: at + 1]}
    moved = [s for s in ahead if s.unit not in above]
    units = {s.unit for s in moved}
    rest = [s for s in ranked[at + 1 :] if not (s.entry == entry and s.unit in units)]
    return ranked[: at + 1] + moved + rest
