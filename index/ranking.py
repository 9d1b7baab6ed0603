"""Ranking entries from scored units (pure functions over the index's read-only tables).

Units' BM25F scores are summed per entry (best unit plus a tenth of the others), then:
names the query contains lift their entry (more when the name is most of the query, most when
it is the whole query); FAQ and rules entries, named by whole questions, rise with the words
their names share with the query; a game named beside other words halves the other game's
scores, a query using only one game's vocabulary or names (行动牌, 地区; `index.game_words`)
lowers the other game's by a quarter, and an edition named so lowers what is not about it; and
when the query names two or more things, the unit that mentions all of them (the ruling about
their interaction) goes above everything else, a ruling of the card named first (the one the
question is about) before the other card's. The snippet of an entry the query names comes
from the unit that best answers the query's other words, a ruling before the card text.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from dataclasses import asdict, dataclass, field, replace
from functools import cached_property
from operator import attrgetter
from typing import Any

from index.analysis import NameMatch, QueryAnalysis
from index.filtering import passes
from index.game_words import STRONG_MARGIN
from index.query import Filters
from index.store import RULING, UnitStore


@dataclass(frozen=True)
class RankWeights:
    """Every weight of the ranking, in one record: scores are BM25F sums (index.impacts), bonuses
    are added to them, factors multiply them, shares are fractions of a bonus. Learnt on the
    judged set and the dev set (tests/data/queries.yaml, dev-2.yaml); `as_dict` is what an
    offline ranker exports."""

    name_bonus: float = 60.0  # an entry whose name the query contains
    exact_bonus: float = 40.0  # ... when the query is exactly that name
    pair_bonus: float = 120.0  # a unit naming every card of the query
    term_pair_share: float = 0.25  # ... share of it when a term is one of the things named
    ruling_pair_edge: float = 5.0  # ... a ruling rather than an entry's general text
    subject_edge: float = 30.0  # ... a ruling of the card named first (the one asked about) about the others
    subject_third_card_share: float = 0.25  # ... share of it for such a ruling that brings in a third card
    pair_unasked_share: float = 0.25  # ... share of it more for a unit naming no other card
    max_pair_cards: float = 6.0  # units naming more cards than this are lists, not interactions
    pair_pick_edge: float = 0.5  # a named card's unit naming the other things: answer score x (1 + this)
    other_units_share: float = 0.1  # weight of an entry's other matching units
    other_game_factor: float = 0.3  # an entry of the other game than the one the query names
    guessed_game_factor: float = 0.75  # the query's words and names are about the other game (行动牌, 地区)
    strong_guess_factor: float = 0.6  # ... clearly (index.game_words.STRONG_MARGIN)
    hint_name_factor: float = 0.5  # name bonus share for an entry named by a game or edition hint word
    other_edition_factor: float = 0.6  # the query names an edition this unit or entry is not about
    plain_card_factor: float = 0.25  # a card with no ability, named beside one with an ability
    ruling_snippet_share: float = 0.3  # a ruling this close to the entry's own text answers a question better
    context_name_share: float = 0.25  # name bonus share when names only set the scene (names_are_context)

    def as_dict(self) -> dict[str, float]:
        return {k: float(v) for k, v in asdict(self).items()}


WEIGHTS = RankWeights()
CONTEXT_HITS = 5  # the first hits a unit stating the fact asked for is looked for among (names_are_context)
KIND_ORDER = {"card": 0, "term": 1, "rule": 2, "faq": 3}

Hit = tuple[str, str, float]  # (unit id, entry id, score)
# entry id -> {unit id of that entry: its score on the query's words other than the entry's names}
Answers = Mapping[str, Mapping[str, float]]


@dataclass(slots=True)
class Scored:
    entry: str
    score: float
    unit: str  # the unit the snippet comes from
    unit_score: float
    also: list[str] = field(default_factory=list)  # near-duplicates folded into it (index.fold)


@dataclass(frozen=True)
class RankTables:
    entries: Mapping[str, Mapping[str, Any]]  # entry id -> meta (kind, game, editions, types, cost, names)
    units: UnitStore  # unit id -> {entry, part, ruling, editions, text, mentions}; by number too
    mentions: Callable[[str], frozenset[str]]  # unit id -> entry ids its text names
    name_words: Mapping[str, Collection[str]]  # rule/FAQ entry id -> tokens of its names
    plain: Collection[str] = frozenset()  # cards with no ability of their own (vocabulary `plain_cards`)

    @cached_property
    def cards(self) -> frozenset[str]:
        """Entry ids of the cards (characters, districts)."""
        return frozenset(e for e, meta in self.entries.items() if meta.get("kind") == "card")

    def with_ability(self, group: Collection[str]) -> bool:
        """Whether a name's entries hold a card with an ability of its own (one not in `plain`)."""
        return any(e in self.cards and e not in self.plain for e in group)

    @cached_property
    def name_word_weight(self) -> Callable[[str], float]:
        """How much a word shared with a rule's or FAQ's name says (idf over those names): a
        word many of them hold ('player', 'district') says little about which one is meant."""
        df: dict[str, int] = {}
        for words in self.name_words.values():
            for w in set(words):
                df[w] = df.get(w, 0) + 1
        n = len(self.name_words)
        weights = {w: math.log(1 + n / c) for w, c in df.items()}
        top = math.log(1 + n)
        return lambda w: weights.get(w, top)

    @cached_property
    def kind_order(self) -> dict[str, int]:
        """entry id -> its kind's place in KIND_ORDER (cards first), for ties."""
        return {e: KIND_ORDER.get(meta.get("kind"), 9) for e, meta in self.entries.items()}


def rank(
    a: QueryAnalysis,
    hits: list[Hit],
    f: Filters,
    t: RankTables,
    answers: Answers | None = None,
    w: RankWeights = WEIGHTS,
    states: Callable[[str], bool] | None = None,
) -> list[Scored]:
    """Entries best first. `answers` (for entries the query names) picks the unit that gives the
    snippet by the query's other words: '图书馆 抓到行动牌可以跳过吗' shows Library's ruling on
    setting Action cards aside, not the ruling that merely repeats the word 图书馆 most.
    `states`: whether a unit states the kind of fact the question asks for (its intents), if it
    asks one; names that are only where the question starts count less (`names_are_context`)."""
    if names_are_context(a, hits, answers, states, t):
        w = replace(w, name_bonus=w.name_bonus * w.context_name_share)
    if a.edition_hint:
        editions_of, docnum_of = t.units.editions_of, t.units.docnum_of
        hits = [
            (u, e, s if a.edition_hint in editions_of(docnum_of[u]) else s * w.other_edition_factor)
            for u, e, s in hits
        ]
    scored = _by_entry(hits, w)
    for entry, units in (answers or {}).items():
        if entry in scored:
            _pick_answer(scored[entry], units, t, w)
    own_text: set[str] = set()  # entries the query is just the name of: their own text answers
    length = a.content_length  # the query's characters besides spaces and stop words
    in_game = {e for g in this_game(a, t.entries, list(a.groups)) for e in g}
    for m in _each_name_once(a.names):  # a name said twice ('gold into another gold') counts once
        if m.form.entry not in in_game and m.form.norm != a.text:
            continue  # the other game's name: 'citadels tie break' is not asking for Dominion's ties rule
        # (but a query that is just the name asks for its entry, whatever game its words suggest: 牌堆)
        share = min(1.0, len(m.form.norm.replace(" ", "")) / length)
        # A term's name inside a longer question ('... go to my hand', 'collect money') is a
        # word of the question more than the thing asked about: its bonus is its share alone.
        term = t.entries.get(m.form.entry, {}).get("kind") == "term"
        _bonus(scored, m.form.entry, f, t, w.name_bonus * (share if term else 0.5 + 0.5 * share))
        if m.form.norm == a.text:
            _bonus(scored, m.form.entry, f, t, w.exact_bonus)
            own_text.add(_show_own_text(scored, m.form.entry, t))
    for form in a.hint_names:  # '第二版' also names the edition-changes entry, more softly
        _bonus(scored, form.entry, f, t, w.name_bonus * w.hint_name_factor)
    only_key = only_pinyin_key(a)
    for e in a.pinyin_entries:
        _bonus(scored, e, f, t, w.name_bonus)
        if len(a.groups) == 1 and only_key:
            own_text.add(_show_own_text(scored, e, t))
    _question_bonus(a, scored, t, w)
    _asked_faqs_answer_first(a, scored, hits, t)
    if a.game_hint or a.game_guess or a.edition_hint:
        guessed = w.guessed_game_factor if a.game_margin < STRONG_MARGIN else w.strong_guess_factor
        for s in scored.values():
            meta = t.entries[s.entry]
            if a.game_hint and meta["game"] != a.game_hint:
                s.score *= w.other_game_factor
            elif a.game_guess and meta["game"] != a.game_guess:
                s.score *= guessed
            if a.edition_hint and a.edition_hint not in meta["editions"]:
                s.score *= w.other_edition_factor
    things, bonus = _pair_groups(a, t, w)
    if len(things) >= 2:
        subject = _subject(a, things, t) if bonus == w.pair_bonus else frozenset()
        unit_scores = {u: s for u, _, s in hits}
        _pair_bonus(things, bonus, scored, unit_scores, f, t, answers or {}, subject, w, a.read_game)
    _plain_cards_acted_on(a, scored, t, w)
    _ruling_for_own_text(scored, hits, t, w, keep=own_text.union(answers or ()))
    if len({s.score for s in scored.values()}) == len(scored):  # no ties (most queries): by score alone
        return sorted(scored.values(), key=attrgetter("score"), reverse=True)
    order = t.kind_order  # best first; ties: cards before terms, rules and FAQs, then by id
    return [s for *_, s in sorted((-s.score, order.get(s.entry, 9), s.entry, s) for s in scored.values())]


def names_are_context(
    a: QueryAnalysis,
    hits: list[Hit],
    answers: Answers | None,
    states: Callable[[str], bool] | None,
    t: RankTables,
) -> bool:
    """Whether the cards the question names are only where it starts: it asks a kind of fact
    (does a bonus still count, where does a card go) that none of their answering units states,
    and a unit of another entry among the first hits (CONTEXT_HITS) states it. 'Finished 8
    districts, then an Armory took one: do I keep the +4?' asks the scoring rule that says the
    bonus is kept, not what the Armory may destroy."""
    if states is None or not answers:
        return False
    cards = {e: units for e, units in answers.items() if e in t.cards and units}
    if not cards:
        return False
    if any(states(max(units.items(), key=lambda kv: (kv[1], kv[0]))[0]) for units in cards.values()):
        return False
    return any(states(u) for u, e, _ in hits[:CONTEXT_HITS] if e not in cards)


def _plain_cards_acted_on(a: QueryAnalysis, scored: dict[str, Scored], t: RankTables, w: RankWeights) -> None:
    """A card with no ability of its own (a Copper, a Palace) named beside a card of the game read
    that has one is what that card acts on: 'I had an artist coin on my palace and the warlord
    destroyed it' asks about the Artist and the Warlord, and the Palace's own ruling (its cost and
    copies) answers nothing of it. Its score is multiplied by `plain_card_factor`. Beside: named
    by another name ('market' names Dominion's Market and Citadels' Market, neither beside the
    other)."""
    groups = [g & t.cards for g in this_game(a, t.entries, list(a.groups))]
    for i, g in enumerate(groups):
        if g & t.plain and any(t.with_ability(other) for other in groups[:i] + groups[i + 1 :]):
            for e in g & t.plain:
                if e in scored:
                    scored[e].score *= w.plain_card_factor


def _each_name_once(names: list[NameMatch]) -> list[NameMatch]:
    """Each (entry, name) match once, the first, in order of position: a name the question says
    twice ('gold into another gold') lifts its entry once; two names of one entry (金殿 王座厅)
    each still do."""
    seen: set[tuple[str, str]] = set()
    out = []
    for m in names:
        key = (m.form.entry, m.form.norm)
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


def only_pinyin_key(a: QueryAnalysis) -> bool:
    """Whether the query is nothing but a pinyin, initials or joined English name key ('tushuguan',
    'tsg', 'tu shu guan', 'throne room'): then the entry's own text is what it asks for. A question
    around the name ('throne room on a throne room, four times?') is answered by a ruling."""
    words = a.text.split()
    keys = set(a.pinyin_keys)
    return bool(words) and ("".join(words) in keys or all(w in keys for w in words))


def _by_entry(hits: list[Hit], w: RankWeights) -> dict[str, Scored]:
    scored: dict[str, Scored] = {}
    share = w.other_units_share  # (read once: a hundred hits a query)
    for unit_id, entry, score in hits:
        s = scored.get(entry)
        if s is None:
            scored[entry] = Scored(entry, score, unit_id, score)
        else:
            s.score += share * score
            if score > s.unit_score:
                s.unit, s.unit_score = unit_id, score
    return scored


def _ruling_for_own_text(
    scored: dict[str, Scored], hits: list[Hit], t: RankTables, w: RankWeights, keep: set[str]
) -> None:
    """A question is answered by a ruling (as `_pick_answer` does for the entries it names): an
    entry still showing its own text once ranked (the pair bonus too may pick it) shows instead
    its best ruling among the hits, an FAQ its first (the direct answer; the others add to it),
    when that scores at least `w.ruling_snippet_share` of the unit shown. An FAQ's own text is
    its whole answer; the ruling is the part asked, and the one a demonstration is linked to.
    `keep`: the entries whose unit is decided (named ones, and one the query is just the name of)."""
    is_ruling, docnum_of = t.units.is_ruling, t.units.docnum_of
    waiting = {e for e, s in scored.items() if e not in keep and not is_ruling(s.unit)}
    chosen: dict[str, tuple[int, str, float]] = {}  # entry -> (document, unit, score)
    for unit, entry, score in hits:  # best first
        if entry in waiting and is_ruling(unit):
            if entry not in chosen:
                chosen[entry] = (docnum_of[unit], unit, score)
            elif t.entries[entry]["kind"] == "faq" and docnum_of[unit] < chosen[entry][0]:
                chosen[entry] = (docnum_of[unit], unit, score)
    for entry, (_, unit, score) in chosen.items():
        s = scored[entry]
        if score >= w.ruling_snippet_share * s.unit_score:
            s.unit = unit


def _pick_answer(s: Scored, units: Mapping[str, float], t: RankTables, w: RankWeights = WEIGHTS) -> None:
    """The unit that answers best on the query's words besides the entry's names; a ruling
    wins over the entry's own text unless that scores clearly higher (the entry page shows the
    card text anyway; a question is answered by a ruling)."""
    best = max(units.items(), key=lambda kv: (kv[1], kv[0]), default=None)
    if best is None or best[1] <= 0:
        return
    unit, value = best
    is_ruling = t.units.is_ruling
    if not is_ruling(unit):
        rulings = [(v, u) for u, v in units.items() if is_ruling(u)]
        top = max(rulings, default=None)
        if top is not None and top[0] >= w.ruling_snippet_share * value:
            unit = top[1]
    s.unit = unit


def _show_own_text(scored: dict[str, Scored], entry: str, t: RankTables) -> str:
    """A query that is just the entry's name gets the entry's own text as its snippet. Returns
    the entry."""
    s = scored.get(entry)
    if s is not None and t.units.has_text_of(entry):
        s.unit = entry
    return entry


def _question_bonus(a: QueryAnalysis, scored: dict[str, Scored], t: RankTables, w: RankWeights) -> None:
    """Rules and FAQ entries are named by whole questions and phrases: the more of the
    query's words their names share, the higher they go."""
    query = {tok for tok in a.tokens if len(tok) > 1}
    if len(query) < 2:
        return
    named, weight = t.name_words, t.name_word_weight
    total = sum(weight(tok) for tok in query)
    for entry, s in scored.items():
        if entry in named:
            shared = query.intersection(named[entry])
            if len(shared) >= 2:
                s.score += w.name_bonus * (sum(weight(tok) for tok in shared) / total) ** 2


def _asked_faqs_answer_first(
    a: QueryAnalysis, scored: dict[str, Scored], hits: list[Hit], t: RankTables
) -> None:
    """An FAQ asked in its own words ('can chapel trash itself': every word is in its question
    'Can Chapel trash itself after I play it?') shows its answer, the first of its rulings the
    query reaches, not a later ruling that shares one word more ('can')."""
    query = {tok for tok in a.tokens if len(tok) > 1}
    if len(query) < 2:
        return
    # The FAQs asked first (a few of the results at most), then their rulings among the hits.
    asked = {
        e for e in scored if t.entries[e]["kind"] == "faq" and query.issubset(t.name_words.get(e, ()))
    }
    if not asked:
        return
    first: dict[str, tuple[int, str, float]] = {}
    for unit, entry, score in hits:
        if entry in asked and t.units.is_ruling(unit):
            docnum = t.units.docnum_of[unit]
            if entry not in first or docnum < first[entry][0]:
                first[entry] = (docnum, unit, score)
    for entry, (_, unit, score) in first.items():
        scored[entry].unit, scored[entry].unit_score = unit, score


def _bonus(scored: dict[str, Scored], entry: str, f: Filters, t: RankTables, bonus: float) -> None:
    meta = t.entries.get(entry)
    if meta is None or not passes(meta, meta["editions"], f):
        return
    s = scored.setdefault(entry, Scored(entry, 0.0, entry, 0.0))
    s.score += bonus


def _pair_groups(a: QueryAnalysis, t: RankTables, w: RankWeights) -> tuple[list[frozenset[str]], float]:
    """The query's names that are things in play together, and the bonus for a unit naming
    them all. Two cards (characters, districts) or more: those, the full bonus. One card beside
    terms of its game (间谍 + 洗牌): a smaller one, as a term's name is often only how the
    question is put (城市 'city' beside the Armory), and never beside a rule, whose name is a
    word of the question there ('被杀的人什么时候翻出角色卡' asks about the Assassin, not the
    components); a name of the other game only (亮出, Dominion's 'reveal', beside the Assassin)
    never pairs; nor does a card with no ability beside one that has one, what it acts on (the
    Monastery in 'an armory on my monastery, can my graveyard take it back': the ruling naming
    the Armory and the Graveyard answers)."""
    groups = this_game(a, t.entries, list(a.groups))
    if groups:  # the card a verb stands for ('bewitched': the Witch) is in play too
        groups += [g for g in a.actors if all(g.isdisjoint(x) for x in groups) and g <= t.cards]
    able = [g for g in groups if t.with_ability(g)]
    if able:
        groups = [g for g in groups if g in able or g.isdisjoint(t.cards)]
    kinds = {e: t.entries.get(e, {}) for g in groups for e in g}
    cards = [g for g in groups if any(kinds[e].get("kind") == "card" for e in g)]
    if len(cards) >= 2:
        return cards, w.pair_bonus
    if not cards:
        return groups, w.pair_bonus * w.term_pair_share
    games = {kinds[e]["game"] for e in cards[0] if kinds[e].get("kind") == "card"}
    same_game = [
        g
        for g in groups
        if any(kinds[e].get("game") in games and kinds[e].get("kind") in ("card", "term") for e in g)
    ]
    return same_game, w.pair_bonus * w.term_pair_share


def _names_each(named: frozenset[str], groups: list[frozenset[str]]) -> int:
    """How many of `groups` a unit naming `named` names something of."""
    return sum(not named.isdisjoint(g) for g in groups)


def this_game(
    a: QueryAnalysis, entries: Mapping[str, Mapping[str, Any]], groups: list[frozenset[str]]
) -> list[frozenset[str]]:
    """The names of the game the question is about, each as that game's entries: a name only the
    other game has is a word of the question, not a card in play, and Gold in 'navigator takes 4
    gold, can he still build' (a Citadels question by its words) is Citadels' gold, a term, not
    Dominion's Gold card. Only when the game is named, or guessed from the question's words
    rather than from its names alone."""
    game = a.read_game
    if game is None:
        return groups
    kept = [frozenset(e for e in g if entries.get(e, {}).get("game") == game) for g in groups]
    return [g for g in kept if g]


def _subject(a: QueryAnalysis, groups: list[frozenset[str]], t: RankTables) -> frozenset[str]:
    """The card a pair question is about: the one named first. 'Throne Room on Village', '用王座厅打
    村庄' put the acting card first; 'bishop protected from warlord', '主教的地区被军阀拆' the card
    acted on, whose ruling says what happens to it. Either way the first card's ruling about the
    other answers before the other card's rulings and a rule naming both."""
    for m in a.names:  # in order of position in the query
        if t.entries.get(m.form.entry, {}).get("kind") != "card":
            continue
        for g in groups:
            if m.form.entry in g:
                return g
    return frozenset()


def _pair_bonus(
    groups: list[frozenset[str]],
    bonus: float,
    scored: dict[str, Scored],
    unit_scores: dict[str, float],
    f: Filters,
    t: RankTables,
    answers: Answers,
    subject: frozenset[str] = frozenset(),
    w: RankWeights = WEIGHTS,
    game: str | None = None,
) -> None:
    """Units naming something from every group of the query (of three cards or more with no such
    unit, from all but one) (of `game`, the game the question is read as, if it is named or
    guessed from its words); each entry keeps its best one
    (for an entry the query names, the one answering best on the query's other words; beside
    a term only, any of its units may answer); a ruling
    of the `subject` card gains `w.subject_edge`. Only
    units the query's words found are candidates (`unit_scores`, the strongest few hundred), so
    the cost does not grow with how many units of a large corpus name both things."""
    candidates = []
    for uid in unit_scores:
        named = t.mentions(uid)
        for g in groups:
            if named.isdisjoint(g):
                break
        else:
            candidates.append(uid)
    if not candidates and len(groups) >= 3 and bonus >= w.pair_bonus:
        # three cards or more, no ruling on them all ('the assassin killed the merchant, can my
        # thief still rob him'): those naming all but one are on how they meet
        candidates = [u for u in unit_scores if _names_each(t.mentions(u), groups) == len(groups) - 1]
    best: dict[str, tuple[float, str]] = {}
    pairs_of: dict[str, list[str]] = {}
    asked = frozenset().union(*groups)
    units = t.units
    for uid in sorted(candidates):
        d = units.docnum_of[uid]  # read by number: a view would look up each field by name
        entry, ruling = units.docnum_units[d][1], units.part_codes[d] == RULING
        if not ruling and bonus < w.pair_bonus and entry in asked and entry in t.cards:
            continue  # a card's own text names its terms ('deck' on Thief): not a ruling on the two
        if not ruling and entry in t.cards and entry not in asked:
            continue  # a third card's own text naming both (the Witch's, the Thief and the King) is about it
        if game is not None and t.entries[entry]["game"] != game:
            continue  # the other game's unit naming them by its own words (Citadels' Thief, 金币)
        if len(t.mentions(uid) & t.cards) > w.max_pair_cards or not passes(
            t.entries[entry], units.editions_of(d), f
        ):
            continue  # a card list (components, recommended sets) is not about an interaction
        value = bonus + unit_scores.get(uid, 0.0)
        unasked = bool((t.mentions(uid) & t.cards) - asked - {entry})  # names a third card
        if w.pair_unasked_share and not unasked:
            value += bonus * w.pair_unasked_share  # names only what the question asks about
        if ruling:
            edge = w.subject_edge * (w.subject_third_card_share if unasked else 1.0)
            value += w.ruling_pair_edge + (edge if entry in subject else 0.0)
        pairs_of.setdefault(entry, []).append(uid)
        if value > best.get(entry, (-1.0, ""))[0]:
            best[entry] = (value, uid)
    for entry, (value, uid) in best.items():
        s = scored.setdefault(entry, Scored(entry, 0.0, uid, 0.0))
        s.score += value
        s.unit, s.unit_score = uid, value
        if entry in answers:
            # Two things in play: a unit naming both answers first, its score raised by
            # pair_pick_edge; yet any of the entry's units may answer, as the other card may be
            # only where the question starts ('mine copper to silver, can I spend it this turn'
            # is answered by where the gained card goes). A card beside a term of its game
            # (Smithy beside 'district'): the term is how the question is put; no edge.
            pool = dict(answers[entry])
            edge = 1.0 + (w.pair_pick_edge if bonus >= w.pair_bonus else 0.0)
            pool.update((u, answers[entry].get(u, 0.0) * edge) for u in pairs_of[entry])
            _pick_answer(s, pool, t, w)
