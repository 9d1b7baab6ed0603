"""The index's vocabulary (`vocabulary.yaml`), loaded once: the game terms jieba keeps whole, stop
words, game and edition hint words, one game's words, players' everyday words and the rulebook
words they stand for (`synonyms`), question intents and the filter values of the search box.
One data file for the whole index; the modules that use a table get it from here."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import ahocorasick

from corpus.yaml_files import load_yaml

VOCABULARY_PATH = Path(__file__).with_name("vocabulary.yaml")
INTENTS = ("number", "destination", "timing", "permission", "target")
# consequences: later this turn, points, from where, a play costing an Action, with none of something,
# a card just gained used at once, what is left kept for the next turn, what was gained holding after
# what happened next; whether a thing must be done; players level at the end; doing a thing of one's
# own accord, no card saying so
INTENTS += ("again", "scoring", "source", "action_cost", "absence")
INTENTS += ("usable_now", "carry_over", "still", "obligation", "tie", "at_will")


@dataclass(frozen=True)
class SynonymRow:
    say: tuple[str, ...]  # what players type
    means: tuple[str, ...]  # the rulebooks' words for it


@dataclass(frozen=True)
class Intent:
    """A kind of answer a question asks for (`ask` words) and the words a ruling states it with."""

    name: str
    boost: float
    ask: tuple[str, ...]
    states: str  # a regular expression over a ruling's lower-case English text
    # also asked by a word of each of these groups anywhere in the query (这回合买的牌能用吗:
    # bought, use, this turn), where no one phrase of `ask` says it
    ask_together: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class DescribedWords:
    """The words that describe a card rather than name it (`index.described`)."""

    en_nouns: dict[str, tuple[str, ...]] = field(default_factory=dict)  # 'card', 'character' -> card types
    en_relatives: frozenset[str] = frozenset()  # 'that', 'which', 'with' after the noun
    en_determiners: frozenset[str] = frozenset()  # 'the', 'that' before it
    en_clause_ends: frozenset[str] = frozenset()  # words where the description ends ('does', 'can')
    en_phrase_breaks: frozenset[str] = frozenset()  # words ending a phrase before a noun ('a', 'into')
    en_colours: dict[str, tuple[str, ...]] = field(default_factory=dict)  # colour -> card types
    zh_nouns: dict[str, tuple[str, ...]] = field(default_factory=dict)  # 卡, 角色 -> card types
    zh_colours: dict[str, tuple[str, ...]] = field(default_factory=dict)  # 紫 -> card types
    zh_determiners: frozenset[str] = frozenset()  # 'that', 'this' before 张/个 (那, 这, Cantonese 𠮶)
    zh_of: frozenset[str] = frozenset()  # the particle between a description and its noun (的, Cantonese 嘅)
    plus_units: dict[str, tuple[str, ...]] = field(default_factory=dict)  # what '+N' gives -> its words


@dataclass(frozen=True)
class Vocabulary:
    terms: tuple[str, ...]
    removed_words: tuple[str, ...]
    en_stopwords: frozenset[str]
    zh_stopwords: frozenset[str]
    game_names: dict[str, str]
    editions: dict[str, str]
    game_words: dict[str, tuple[str, ...]]
    game_words_weak: dict[str, tuple[str, ...]]
    synonyms: tuple[SynonymRow, ...]
    intents: tuple[Intent, ...]
    filters: dict[str, dict[str, str]]
    actors: dict[str, tuple[str, ...]] = field(default_factory=dict)  # card id -> words naming its deed
    word_names: frozenset[str] = frozenset()  # English names that are everyday words too ('keep')
    word_names_after: frozenset[str] = frozenset()  # ... the words after which they are that word
    not_short_names: frozenset[str] = frozenset()  # words of card names never read alone as the card
    rank_names: tuple[str, ...] = ()  # patterns calling a character by its rank ('{n}号', 'rank {n}')
    english_forms: dict[str, str] = field(default_factory=dict)  # 'tied' -> 'tie', before stemming
    plain_cards: frozenset[str] = frozenset()  # card ids with no ability of their own (Copper, Palace)
    pleasantries: tuple[str, ...] = ()  # greetings and thanks around a question, longest first
    described: DescribedWords = field(default_factory=DescribedWords)


def _words(raw: object, where: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(w, str | int) for w in raw):
        raise ValueError(f"vocabulary {where}: expected a list of words")
    return tuple(str(w) for w in raw)


def _mapping(raw: object, where: str) -> dict[str, str]:
    if not isinstance(raw, dict):
        raise ValueError(f"vocabulary {where}: expected a mapping of word -> value")
    return {str(k): str(v) for k, v in raw.items()}


def parse_rows(raw: object) -> tuple[SynonymRow, ...]:
    """Synonym rows; raises ValueError naming a malformed row."""
    if not isinstance(raw, list):
        raise ValueError("synonyms: expected a list of {say: [...], means: [...]} rows")
    rows = []
    for i, r in enumerate(raw, 1):
        if not (isinstance(r, dict) and set(r) == {"say", "means"}):
            raise ValueError(f"synonyms row {i}: needs exactly the keys say and means")
        say, means = r["say"], r["means"]
        if not (isinstance(say, list) and isinstance(means, list) and say and means):
            raise ValueError(f"synonyms row {i}: say and means must be non-empty lists")
        rows.append(SynonymRow(tuple(str(w) for w in say), tuple(str(w) for w in means)))
    return tuple(rows)


def parse_game_words(raw: object) -> dict[str, tuple[str, ...]]:
    """game -> words; raises ValueError on a malformed document."""
    if not isinstance(raw, dict) or not all(isinstance(v, list) for v in raw.values()):
        raise ValueError("game words: expected a mapping of game -> list of words")
    return {str(game): tuple(str(w) for w in words) for game, words in raw.items()}


def _states(raw: object, name: str) -> str:
    try:
        re.compile(str(raw))
    except re.error as exc:
        raise ValueError(f"intent {name}: states is not a regular expression ({exc})") from exc
    return str(raw)


def parse_intents(raw: object) -> tuple[Intent, ...]:
    if not isinstance(raw, dict) or set(raw) - set(INTENTS):
        raise ValueError(f"intents: expected a mapping with some of {', '.join(INTENTS)}")
    out = []
    for name, spec in raw.items():
        if not isinstance(spec, dict) or not {"boost", "ask", "states"} <= set(spec) <= {
            "boost",
            "ask",
            "states",
            "ask_together",
        }:
            raise ValueError(f"intent {name}: needs boost, ask and states (and may have ask_together)")
        together = spec.get("ask_together") or []
        if not isinstance(together, list) or len(together) == 1:
            raise ValueError(f"intent {name}: ask_together is a list of two or more lists of words")
        groups = tuple(tuple(w.casefold() for w in _words(g, name)) for g in together)
        out.append(
            Intent(
                name,
                float(spec["boost"]),
                _words(spec["ask"], name),
                _states(spec["states"], name),
                groups,
            )
        )
    return tuple(out)


def _lists(raw: object, where: str) -> dict[str, tuple[str, ...]]:
    if not isinstance(raw, dict):
        raise ValueError(f"vocabulary {where}: expected a mapping of word -> list of values")
    return {str(k): _words(v, f"{where}.{k}") for k, v in raw.items()}


def parse_described(raw: object) -> DescribedWords:
    if not isinstance(raw, dict):
        raise ValueError("vocabulary described: expected a mapping")
    return DescribedWords(
        en_nouns=_lists(raw.get("en_nouns", {}), "described.en_nouns"),
        en_relatives=frozenset(_words(raw.get("en_relatives", []), "described.en_relatives")),
        en_determiners=frozenset(_words(raw.get("en_determiners", []), "described.en_determiners")),
        en_clause_ends=frozenset(_words(raw.get("en_clause_ends", []), "described.en_clause_ends")),
        en_phrase_breaks=frozenset(_words(raw.get("en_phrase_breaks", []), "described.en_phrase_breaks")),
        en_colours=_lists(raw.get("en_colours", {}), "described.en_colours"),
        zh_nouns=_lists(raw.get("zh_nouns", {}), "described.zh_nouns"),
        zh_colours=_lists(raw.get("zh_colours", {}), "described.zh_colours"),
        zh_determiners=frozenset(_words(raw.get("zh_determiners", []), "described.zh_determiners")),
        zh_of=frozenset(_words(raw.get("zh_of", []), "described.zh_of")),
        plus_units=_lists(raw.get("plus_units", {}), "described.plus_units"),
    )


def parse_vocabulary(raw: object) -> Vocabulary:
    if not isinstance(raw, dict):
        raise ValueError("vocabulary: expected a mapping of sections")
    stop = raw.get("stopwords") or {}
    filters = raw.get("filters") or {}
    word_names = raw.get("word_names") or {}
    return Vocabulary(
        terms=_words(raw.get("terms", []), "terms"),
        removed_words=_words(raw.get("removed_words", []), "removed_words"),
        en_stopwords=frozenset(str(stop.get("en", "")).split()),
        zh_stopwords=frozenset(str(stop.get("zh", "")).split()),
        game_names=_mapping(raw.get("game_names", {}), "game_names"),
        editions=_mapping(raw.get("editions", {}), "editions"),
        game_words=parse_game_words(raw.get("game_words", {})),
        game_words_weak=parse_game_words(raw.get("game_words_weak", {})),
        synonyms=parse_rows(raw.get("synonyms", [])),
        intents=parse_intents(raw.get("intents", {})),
        filters={str(k): _mapping(v, f"filters.{k}") for k, v in filters.items()},
        actors=parse_game_words(raw.get("actors", {})),
        word_names=frozenset(_words(word_names.get("names", []), "word_names.names")),
        word_names_after=frozenset(_words(word_names.get("after", []), "word_names.after")),
        not_short_names=frozenset(_words(raw.get("not_short_names", []), "not_short_names")),
        rank_names=_words(raw.get("rank_names", []), "rank_names"),
        english_forms=_mapping(raw.get("english_forms", {}), "english_forms"),
        plain_cards=frozenset(_words(raw.get("plain_cards", []), "plain_cards")),
        described=parse_described(raw.get("described", {})),
        pleasantries=_pleasantries(raw.get("pleasantries") or {}),
    )


def _pleasantries(raw: object) -> tuple[str, ...]:
    if not isinstance(raw, dict):
        raise ValueError("vocabulary: pleasantries is a mapping of en and zh lists")
    words = [w for lang in ("en", "zh") for w in _words(raw.get(lang, []), f"pleasantries.{lang}")]
    return tuple(sorted(dict.fromkeys(words), key=lambda w: (-len(w), w)))


@lru_cache(maxsize=4)
def load_vocabulary(path: Path = VOCABULARY_PATH) -> Vocabulary:
    return parse_vocabulary(load_yaml(path.read_text(encoding="utf-8")))


VOCABULARY = load_vocabulary()


def _pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """Chinese words as substrings, English ones as whole words (of normalised, lower-case text)."""
    parts = sorted({re.escape(w.casefold()) for w in words}, key=len, reverse=True)
    alts = [p if not p.isascii() else rf"(?<![0-9a-z]){p}(?![0-9a-z])" for p in parts]
    return re.compile("|".join(alts) or r"(?!)")


@lru_cache(maxsize=4)
def _intent_patterns(path: Path = VOCABULARY_PATH) -> tuple[tuple[str, re.Pattern, re.Pattern], ...]:
    return tuple((i.name, _pattern(i.ask), re.compile(i.states)) for i in load_vocabulary(path).intents)


_WORD_CHARS = frozenset("0123456789abcdefghijklmnopqrstuvwxyz")  # what the patterns' (?<![0-9a-z]) tests


@lru_cache(maxsize=4)
def _ask_automaton(path: Path = VOCABULARY_PATH) -> ahocorasick.Automaton | None:
    """Every intent's asking words in one automaton (word -> (its length, whether it is ASCII,
    the intents it asks)): which intents a query asks is then one pass over it in C rather
    than one search of a long alternation per intent. None when a word is empty (only the
    patterns say what that matches)."""
    intents: dict[str, list[str]] = {}
    for i in load_vocabulary(path).intents:
        for w in dict.fromkeys(w.casefold() for w in i.ask):
            intents.setdefault(w, []).append(i.name)
    if "" in intents:
        return None
    automaton = ahocorasick.Automaton()
    for w, names in intents.items():
        automaton.add_word(w, (len(w), w.isascii(), tuple(names)))
    automaton.make_automaton()
    return automaton


def _asked(norm_query: str) -> list[tuple[str, re.Pattern]]:
    """(intent, its asking pattern) for each intent whose pattern the query matches, in order."""
    automaton = _ask_automaton()
    if automaton is None:
        return [(name, ask) for name, ask, _ in _intent_patterns() if ask.search(norm_query)]
    found: set[str] = set()
    size = len(norm_query)
    for end, (length, ascii_word, names) in automaton.iter(norm_query):
        start = end + 1 - length
        if ascii_word and (
            (start > 0 and norm_query[start - 1] in _WORD_CHARS)
            or (end + 1 < size and norm_query[end + 1] in _WORD_CHARS)
        ):
            continue  # an English word inside a longer word
        found.update(names)
    return [(name, ask) for name, ask, _ in _intent_patterns() if name in found] if found else []


def asked_intents(norm_query: str) -> tuple[str, ...]:
    """The kinds of answer a normalised query asks for ('军阀拆一个要花几块' -> number). An
    intent whose every asking word lies inside a longer one of another intent is not asked:
    从哪里 asks where from (source), not where to (destination's 哪里); 要不要花 (action_cost)
    is not 要不要 (permission)."""
    asked = _asked(norm_query)
    together = _asked_together(norm_query, {name for name, _ in asked})
    if len(asked) < 2:
        return tuple(name for name, _ in asked) + together
    spans = {name: [m.span() for m in ask.finditer(norm_query)] for name, ask in asked}

    def inside(span: tuple[int, int], other: str) -> bool:
        return any(a <= span[0] and span[1] <= b and b - a > span[1] - span[0] for a, b in spans[other])

    return tuple(
        name
        for name, found in spans.items()
        if found and not all(any(inside(sp, o) for o in spans if o != name) for sp in found)
    ) + together


def _asked_together(norm_query: str, asked: set[str]) -> tuple[str, ...]:
    """The intents not asked by a phrase whose every `ask_together` group has a word in the query
    (Chinese words as substrings, English ones as whole words)."""
    return tuple(
        name
        for name, groups in _together_patterns()
        if name not in asked and all(g.search(norm_query) for g in groups)
    )


@lru_cache(maxsize=4)
def _together_patterns(path: Path = VOCABULARY_PATH) -> tuple[tuple[str, tuple[re.Pattern[str], ...]], ...]:
    """(intent, a pattern per `ask_together` group) of the intents that have such groups."""
    return tuple(
        (i.name, tuple(_pattern(g) for g in i.ask_together))
        for i in load_vocabulary(path).intents
        if i.ask_together
    )


def stated_intents(english: str) -> tuple[str, ...]:
    """The kinds of fact a ruling states, from its English text (build time)."""
    text = " ".join(english.casefold().split())
    return tuple(name for name, _, states in _intent_patterns() if states.search(text))


def intent_boosts() -> dict[str, float]:
    return {i.name: i.boost for i in VOCABULARY.intents}


def intent_ask_patterns() -> dict[str, re.Pattern[str]]:
    """intent -> the pattern of its `ask` words (to take them out of a query)."""
    return {name: ask for name, ask, _ in _intent_patterns()}
