"""Cards described rather than named: 'the 6 cost card that gains a card up to 5', 'the green
4-cost card that counts your cards', '那张5块、把钱币升级的卡', '会偷钱的那个角色'. A player who
does not know a card's name (or knows it in another language) says what it costs, its colour
and what it does.

A description is found by its words (`find_descriptions`): in English 'the [cost, colour] card /
one / character / district that (which, who, with) ...', in Chinese 那张…的卡 (牌, 角色, 地区…)
and …的那个角色. What it says of the card narrows the cards it may mean: a cost (6 cost, $6,
6块, 3费), a colour (green, 紫), a character or a district, and the question's game and edition.
Its other words rank those cards (`read_description`, given the scorer:
`index.stages.described.rank_cards`); the first, clearly ahead of the next (`LEAD`), is the one
described, or the only card the cost and colour leave. It is then named by the description, as
by a name (`index.analysis.NameMatch` spanning it): its rulings answer, its pairs count, and the
names inside the description are its words. A card's text quoted ('+1 card +1 action +1 buy +$1',
or in a description: 'the 5 cost card with +2 cards +1 action') is read as the one card whose text
holds every '+N thing' item of it (`plus_items`, `quoted_card`).

The words are data (`index/vocabulary.yaml`, `described`). Pure functions."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from index.analysis import NameMatch, QueryAnalysis, name_groups
from index.lexicon import NameForm
from index.normalise import normalise
from index.vocabulary import VOCABULARY

LEAD = 1.3  # the card described scores this many times the next one at least
# ... and more than this: words that reach every card weakly name none of them ('the guy who played
# it' read the Witch at 9, 'the red guy who wrecks buildings' the Bishop at 16; a card its words
# describe scores 27 and more, the Thief for 偷钱)
MIN_DESCRIBED = 20.0
MAX_CLAUSE_WORDS = 10  # English: the words after 'that' read as the description, at most
MAX_BEFORE_NOUN = 5  # English: words between 'the' and the noun ('the old 1st ed 5 cost card')
MAX_SAID_BEFORE = 6  # ... of a description with no clause after its noun ('the $2 discard x draw x card')

WORDS = VOCABULARY.described
CHARACTER = frozenset({"character"})  # what a noun naming a character says of the card
# where a clause of the query as typed ends: normalising makes these spaces, so 'the card which
# reveals until two treasures: deck ran out...' would read on past the colon
CLAUSE_BREAK = re.compile(r"[,.:;!?()\[\]，。：；！？（）、]")
_CN_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8}
_EN_CLAUSE_COST = re.compile(r"(?<![0-9a-z])cost(?:s|ing)? \$?(\d{1,2})(?![0-9])")  # 'that costs 5 and...'
_EN_COST = re.compile(
    r"(?<![+\d])\$?(\d{1,2}) ?(?:cost|costing|coins?)(?![0-9a-z])"
    r"|(?<![0-9a-z])cost(?:s|ing)? \$?(\d{1,2})(?![0-9])"
    r"|(?<![+\d])\$(\d{1,2})(?![0-9])"
)
# 5块 at the start of 那张5块…的卡, or a cost said as one (3费, 费用3): elsewhere '多付一块' is an amount;
# and never a limit the card sets ('获得一张4费以内卡的那个': the card gained costs 4 at most)
_ZH_LIMIT = "(?!以内|以下|之内|或以下|或更少)"
ZH_COST = re.compile(
    rf"^ ?(\d{{1,2}}|[一二两三四五六七八])(?:块|元|金)(?!币){_ZH_LIMIT}"
    rf"|(?<![+\d])(\d{{1,2}}|[一二两三四五六七八])费{_ZH_LIMIT}|费用(\d{{1,2}}){_ZH_LIMIT}"
)
_ZH_NOUNS = "|".join(sorted(map(re.escape, WORDS.zh_nouns), key=len, reverse=True))
_THAT = "[" + "".join(map(re.escape, sorted(WORDS.zh_determiners))) + "]"  # 那, 这 (Cantonese 𠮶)
_OF = "[" + "".join(map(re.escape, sorted(WORDS.zh_of))) + "]"  # 的 (Cantonese 嘅)
_ZH_BEFORE = re.compile(rf"{_THAT}一?[张个](?!{_ZH_NOUNS})(?P<d>.{{1,24}}?){_OF}(?P<noun>{_ZH_NOUNS})")
_ZH_AFTER = re.compile(rf"(?P<d>[^ ]{{2,16}}?){_OF}{_THAT}[张个](?P<noun>{_ZH_NOUNS})?")
# 那张5块的，… : the card left unsaid after 的 (张 counts cards), where the phrase ends
_ZH_ELIDED = re.compile(rf"{_THAT}一?张(?!{_ZH_NOUNS})(?P<d>.{{1,24}}?){_OF}(?P<noun>)(?= |$)")


_PLUS_WORDS = {w: unit for unit, ws in WORDS.plus_units.items() for w in ws}
_PLUS = re.compile(
    r"(?<![0-9a-z+])\+ ?(?:\$(\d{1,2})|(\d{1,2}) ?("
    + "|".join(sorted(map(re.escape, _PLUS_WORDS), key=len, reverse=True))
    + r")(?![a-z]))"
)
MIN_PLUS_ITEMS = 2  # '+N thing' items a quoted card text holds at least ('+2 cards +1 action')

PlusItem = tuple[int, str]  # (N, what it gives): '+2 cards' -> (2, 'card'), '+$2' -> (2, 'coin')


def plus_items(text: str) -> list[tuple[PlusItem, int, int]]:
    """The '+N thing' items of normalised `text` ('+1 card, +1 action, +1 buy and +$1'; '+2张牌，
    +1行动'), each with where it is."""
    out = []
    for m in _PLUS.finditer(text):
        coins, number, word = m.groups()
        item = (int(coins), "coin") if coins else (int(number), _PLUS_WORDS[word])
        out.append((item, m.start(), m.end()))
    return out


def quoted_card(
    text: str, card_items: Mapping[str, frozenset[PlusItem]], cards: Sequence[str]
) -> tuple[str, int, int] | None:
    """The one card of `cards` whose text holds every '+N thing' item of `text`, when it holds
    MIN_PLUS_ITEMS or more ('+2 cards +1 action' is the Laboratory's), with where they are."""
    found = plus_items(text)
    items = {item for item, _, _ in found}
    if len(items) < MIN_PLUS_ITEMS:
        return None
    holding = [e for e in cards if items <= card_items.get(e, frozenset())]
    return (holding[0], found[0][1], found[-1][2]) if len(holding) == 1 else None


def holding_items(
    text: str,
    card_items: Mapping[str, frozenset[PlusItem]],
    cards: Sequence[str],
    entries: Mapping[str, Mapping],
) -> Sequence[str]:
    """The cards of `cards` whose text holds every '+N thing' item `text` says, as its cost and
    colour narrow what a description may mean: 'the 5 cost card that gives +1 buy' is one of
    the $5 cards with +1 Buy, and no treasure is 'the treasure that gives +1 buy'. The items
    are a game's words: with a card of that game among `cards`, only its cards holding them
    are left; with none (a Citadels question), `cards` as they are."""
    items = {item for item, _, _ in plus_items(text)}
    if not items:
        return cards
    saying = {entries[e]["game"] for e in card_items}  # Dominion's: a Citadels card says none
    if not any(entries[e]["game"] in saying for e in cards):
        return cards
    return [e for e in cards if items <= card_items.get(e, frozenset())]


@dataclass(frozen=True)
class Description:
    start: int  # where it is in the normalised text
    end: int
    words: str  # what it says the card does (its text, less the cost, colour and noun)
    cost: int | None
    types: frozenset[str]  # the card's type is one of these (a colour's), when said
    noun_types: frozenset[str]  # ... and one of these (the noun's: a character, a district), when said


def _cost(text: str, pattern: re.Pattern[str]) -> int | None:
    m = pattern.search(text)
    if m is None:
        return None
    value = next(g for g in m.groups() if g)
    return int(value) if value.isdigit() else _CN_DIGITS[value]


def find_descriptions(text: str, typed: str = "") -> list[Description]:
    """The descriptions of cards in normalised `text`, in order; `typed`, the query as typed,
    tells where its clauses end (`typed_clauses`)."""
    out = _english(text, typed) + _chinese(text)
    return sorted(out, key=lambda d: d.start)


def typed_clauses(typed: str) -> tuple[str, ...]:
    """The query as typed cut where its punctuation ends a clause, each piece normalised."""
    return tuple(c for c in (normalise(piece) for piece in CLAUSE_BREAK.split(typed)) if c)


def _within_clause(text: str, start: int, clause: list[tuple[str, int]], clauses: tuple[str, ...]) -> int:
    """How many of `clause`'s words (each with where it ends in `text`) the description starting
    at `start` keeps: the most that leave it inside one of the typed `clauses`; all of them when
    no piece holds even the first (a word of it corrected since)."""
    for k in range(len(clause), 0, -1):
        said = text[start : clause[k - 1][1]]
        if any(said in c for c in clauses):
            return k
    return len(clause)


def _english(text: str, typed: str = "") -> list[Description]:
    out = []
    clauses: tuple[str, ...] | None = None  # made at the first description: most queries have none
    words = [(m.group(), m.start(), m.end()) for m in re.finditer(r"\S+", text)]
    for k, (noun, _, _) in enumerate(words):
        if noun not in WORDS.en_nouns:
            continue
        if k + 1 == len(words) or words[k + 1][0] not in WORDS.en_relatives:
            out += _before_noun(words, k)  # 'the $2 discard x draw x card'
            continue
        before_noun = range(k - 1, max(-1, k - 1 - MAX_BEFORE_NOUN), -1)
        first = next((i for i in before_noun if words[i][0] in WORDS.en_determiners), None)
        if first is None and not _opens_query(words, k, MAX_BEFORE_NOUN):
            continue
        lead = 0 if first is None else first + 1  # its first word after the determiner
        start = words[0][1] if first is None else words[first][1]
        clause = []
        for i, (w, _, end) in enumerate(words[k + 2 : k + 2 + MAX_CLAUSE_WORDS], k + 2):
            if w in WORDS.en_clause_ends and not _modal(words, i):
                break
            clause.append((w, end))
        if clause and typed:
            if clauses is None:
                clauses = typed_clauses(typed)
            clause = clause[: _within_clause(text, start, clause, clauses)]
        if not clause:
            continue
        said = " ".join([*(w for w, _, _ in words[lead:k]), noun])  # 'the [green 4 cost] card'
        described = " ".join(w for w, _ in clause)
        if _EN_COST.search(said):  # 'the 6 cost card that...'
            cost = _cost(f"{said} {described}", _EN_COST)
        else:  # 'the card that costs 6 and...'
            cost = _cost(described, _EN_CLAUSE_COST)
            described = _EN_CLAUSE_COST.sub(" ", described)
        out.append(
            Description(
                start=start,
                end=clause[-1][1],
                words=described,
                cost=cost,
                types=_types(said.split()),
                noun_types=frozenset(WORDS.en_nouns[noun]),
            )
        )
    return out


def _modal(words: Sequence[tuple[str, int, int]], i: int) -> bool:
    """Whether the clause-ending word `words[i]` says 'must' here, followed by 'to' ('the purple
    building where everyone has to thank you'): the description goes on."""
    return i + 1 < len(words) and words[i + 1][0] == "to"


def _opens_query(words: Sequence[tuple[str, int, int]], k: int, most: int) -> bool:
    """Whether the noun `words[k]` is in the phrase the query opens with, its determiner left
    off ('card that keeps flipping till you find 2 money cards', 'old card that steals'): at
    most `most` words before it, none of them one that ends a phrase ('can i gain a card that
    costs 5' asks about any card)."""
    return k <= most and not any(w in WORDS.en_phrase_breaks for w, _, _ in words[:k])


def _before_noun(words: Sequence[tuple[str, int, int]], k: int) -> list[Description]:
    """'the $2 discard x draw x card', 'the 4 cost trashing card': a description said before its
    noun (`words[k]`, MAX_SAID_BEFORE words at most after its determiner), with no clause after
    it, when it says a cost and what the card does (a cost alone, 'the 5 cost card', or words
    alone, 'the first action card', describe no one card)."""
    first = None
    for i in range(k - 1, max(-1, k - 2 - MAX_SAID_BEFORE), -1):
        if words[i][0] in WORDS.en_determiners:
            first = i
            break
        if words[i][0] in WORDS.en_phrase_breaks:  # 'split the 6 into a 2 cost card'
            return []
    if first is None and not _opens_query(words, k, MAX_SAID_BEFORE + 1):
        return []
    lead = 0 if first is None else first + 1
    said = " ".join(w for w, _, _ in words[lead : k + 1])
    if not _EN_COST.search(said):
        return []
    does = [w for w in _EN_COST.sub(" ", said).split()[:-1] if w not in _COLOURS and w not in WORDS.en_nouns]
    if not does:
        return []
    return [
        Description(
            start=words[0 if first is None else first][1],  # the determiner's, if said
            end=words[k][2],
            words=" ".join(does),
            cost=_cost(said, _EN_COST),
            types=_types(said.split()),
            noun_types=frozenset(WORDS.en_nouns[words[k][0]]),
        )
    ]


def _chinese(text: str) -> list[Description]:
    out = []
    for pattern in (_ZH_BEFORE, _ZH_AFTER, _ZH_ELIDED):
        for m in pattern.finditer(text):
            if any(d.start < m.end() and m.start() < d.end for d in out):
                continue
            described, noun = m.group("d"), m.group("noun") or ""
            out.append(
                Description(
                    start=m.start(),
                    end=m.end(),
                    words=ZH_COST.sub(" ", described),
                    cost=_cost(described, ZH_COST),
                    types=_types([c for c in WORDS.zh_colours if c in described + noun]),
                    noun_types=frozenset(WORDS.zh_nouns.get(noun, ())),
                )
            )
    return out


_COLOURS = {**WORDS.en_colours, **WORDS.zh_colours}


def _types(said: Sequence[str]) -> frozenset[str]:
    return frozenset(t for w in said if w in _COLOURS for t in _COLOURS[w])


def allowed_cards(
    d: Description, entries: Mapping[str, Mapping], game: str | None = None, edition: str | None = None
) -> list[str]:
    """The cards `d` may mean, by what it says of them and the game and edition the question is
    about (all cards when it says nothing). A colour does not narrow a character: it is the
    districts' ('the character who counts the blue districts')."""
    out = []
    colours = d.types if d.noun_types != CHARACTER else frozenset()  # a character has no colour
    for e, meta in entries.items():
        if meta.get("kind") != "card" or (game and meta.get("game") != game):
            continue
        if edition and edition not in (meta.get("editions") or ()):
            continue
        types = set(meta.get("types") or ())
        if d.cost is not None and meta.get("cost") != d.cost:
            continue
        if colours and not types & colours:
            continue
        if d.noun_types and not types & d.noun_types:
            continue
        out.append(e)
    return out


class CardChoice(tuple[str, ...]):
    """The cards a description may mean (`allowed_cards`), in the index's order, with the set of
    them (`members`) and, if made, what `flags_of` made of them (`CardsMeant`): at 100x the
    corpus they may be ten thousand, and asked of many times."""

    members: frozenset[str]
    flags: Any

    def __new__(
        cls, cards: Iterable[str], flags_of: Callable[[Iterable[str]], Any] | None = None
    ) -> CardChoice:
        self = super().__new__(cls, cards)
        self.members = frozenset(self)
        self.flags = flags_of(self) if flags_of is not None else None
        return self

    def __contains__(self, card: object) -> bool:
        return card in self.members


class CardsMeant:
    """`allowed_cards` over one index's entries, each answer kept (as a `CardChoice`, with what
    `flags_of` makes of it: `index.stages.described.rank_cards` reads which entries, by number,
    are among them): what a description says of a card (cost, colour, noun) and the game and
    edition asked about take few values, and a pass over every entry cost milliseconds at 100x
    the corpus."""

    def __init__(
        self, entries: Mapping[str, Mapping], flags_of: Callable[[Iterable[str]], Any] | None = None
    ):
        self._entries, self._flags_of = entries, flags_of
        self._meant = lru_cache(maxsize=1024)(self._allowed)

    def __call__(self, d: Description, game: str | None = None, edition: str | None = None) -> CardChoice:
        return self._meant(d.cost, d.types, d.noun_types, game, edition)

    def _allowed(
        self,
        cost: int | None,
        types: frozenset[str],
        noun_types: frozenset[str],
        game: str | None,
        edition: str | None,
    ) -> CardChoice:
        said = Description(0, 0, "", cost, types, noun_types)
        return CardChoice(allowed_cards(said, self._entries, game, edition), self._flags_of)


# (a description's words, the cards it may mean) -> those cards its words reach, best first, scored
RankCards = Callable[[str, Sequence[str]], list[tuple[str, float]]]
# (a description, the game and the edition asked about) -> the cards it may mean (`allowed_cards`)
MayMean = Callable[[Description, "str | None", "str | None"], Sequence[str]]


def read_description(d: Description, allowed: Sequence[str], rank_cards: RankCards) -> str | None:
    """The card `d` describes, or None when none is clearly meant: the only card of `allowed`
    (`allowed_cards`: those its cost and colour leave), or the first of them `rank_cards` ranks
    by its words, LEAD times the next and above MIN_DESCRIBED."""
    if len(allowed) <= 1:
        return allowed[0] if allowed else None
    if not d.words.strip():
        return None
    ranked = rank_cards(d.words, allowed)
    if not ranked or ranked[0][1] <= MIN_DESCRIBED:
        return None
    if len(ranked) > 1 and ranked[0][1] < LEAD * ranked[1][1]:
        return None
    return ranked[0][0]


def _without(cards: Sequence[str], named: set[str]) -> Sequence[str]:
    """`cards` but those in `named`, `cards` itself when it holds none of them."""
    return [e for e in cards if e not in named] if any(e in cards for e in named) else cards


def with_described(
    a: QueryAnalysis,
    entries: Mapping[str, Mapping],
    rank_cards: RankCards,
    pinyin: Mapping[str, frozenset[str]],
    plain: Sequence[str] = (),
    card_items: Mapping[str, frozenset[PlusItem]] | None = None,
    may_mean: MayMean | None = None,
    typed: str = "",
) -> QueryAnalysis:
    """`a` with each card its text describes (and does not name: a card with no ability of its
    own it names is what the card acts on, 'the one that trashes a copper for 3 coins') named by
    its description, a card of the game (named, or guessed unless no card of that game fits:
    'the purple one...' asked with Dominion's words) and edition (named) the question is about;
    and, with `card_items` (each card's '+N thing' items), the card whose text the query quotes
    ('+1 card +1 action +1 buy +$1': the Market); but for a description `plain` holds (read as
    plain words: its chip taken off). `may_mean` gives the cards a description may mean
    (`allowed_cards` over `entries` when not given; `CardsMeant` keeps its answers). `typed`, the
    query as typed, ends an English description where its clause ends ('...: deck ran out')."""
    if may_mean is None:
        may_mean = lambda d, game, edition: allowed_cards(d, entries, game, edition)  # noqa: E731
    game = a.game_hint or a.game_guess
    spans: list[tuple[str, int, int]] = []
    for d in find_descriptions(a.text, typed):
        inside = {m.form.entry for m in a.names if d.start <= m.start and m.end <= d.end}
        meant = may_mean(d, game, a.edition_hint)
        # a description naming a card is about that card ('the one i gained with workshop', 'a district
        # that the artist beautified'); a Chinese one (那张…的, set off as one) may name a card of
        # another kind than it describes (那个让军阀多付一块的紫卡: a district naming a character)
        chinese = not a.text[d.start : d.end].isascii()
        if any(
            entries.get(e, {}).get("kind") == "card"
            and e not in VOCABULARY.plain_cards
            and (e in meant or not chinese)
            for e in inside
        ):
            continue
        allowed = _without(meant, inside)
        if not allowed and game and not a.game_hint:  # a guessed game its words rule out ('purple')
            allowed = _without(may_mean(d, None, a.edition_hint), inside)
        if card_items:
            allowed = holding_items(d.words, card_items, allowed, entries)
        # a description quoting its card's text ('the 5 cost card with +2 cards +1 action'): that card
        quoted = quoted_card(d.words, card_items, allowed) if card_items else None
        card = quoted[0] if quoted else read_description(d, allowed, rank_cards)
        if card is not None:
            spans.append((card, d.start, d.end))
    named_cards = any(entries.get(e, {}).get("kind") == "card" for e in a.named_entries)
    if card_items and not named_cards and not spans:
        cards = [e for e in card_items if game is None or entries.get(e, {}).get("game") == game]
        quoted = quoted_card(a.text, card_items, cards)
        if quoted is not None:
            spans.append(quoted)
    found = []
    for card, start, end in spans:
        said = a.text[start:end]
        if card in a.named_entries or any(said in p for p in plain):  # its chip taken off
            continue
        form = NameForm(card, said, said, not said.isascii(), True, "", "", ())
        found.append(NameMatch(form, start, end))
    if not found:
        return a
    # The names inside a description are its words ('cost' in 'the 6 cost card that...'), not
    # things the question is about.
    kept = [m for m in a.names if not any(d.start <= m.start and m.end <= d.end for d in found)]
    names = sorted([*kept, *found], key=lambda m: (m.start, -m.end))
    return replace(a, names=names, groups=name_groups(names, a.pinyin_keys, pinyin))
