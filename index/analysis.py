"""Understanding a normalised query: which names it contains (in any script, as pinyin or
initials), which typos to correct, and which tokens to search. Pure functions over the
index's read-only tables."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

import ahocorasick

from index.game_words import game_evidence, guess_game, without_cards_own_words
from index.lexicon import NameForm
from index.normalise import whole_word
from index.pinyin import is_common_phrase
from index.spelling import SpellingVocabulary, by_length, correct_chinese, correct_english, correct_pinyin
from index.tokenise import EN_STOPWORDS, ZH_STOPWORDS, Tokeniser, english_words
from index.vocabulary import VOCABULARY


@dataclass(frozen=True)
class NameMatch:
    form: NameForm
    start: int
    end: int


@dataclass(frozen=True)
class QueryAnalysis:
    text: str  # normalised query after corrections
    tokens: list[str]  # search tokens (stop words dropped unless nothing else is left)
    stems: list[str]  # English tokens among them
    names: list[NameMatch]  # name forms found in the text
    pinyin_keys: list[str]  # ASCII keys to look up in the pinyin field
    pinyin_prefixes: list[str]
    pinyin_entries: set[str]  # entries named by pinyin or initials
    suggestion: str | None  # corrected query when different
    groups: list[frozenset[str]] = field(default_factory=list)  # one per distinct name: entry ids
    game_hint: str | None = None  # a game named alongside other words ('两人游戏 富饶之城')
    edition_hint: str | None = None  # an edition named alongside other words ('女巫 第二版')
    hint_names: list[NameForm] = field(default_factory=list)  # entries named by those hint words
    game_guess: str | None = None  # the game the query's words and names are about (行动牌 -> dominion)
    game_margin: float = 0.0  # how much more evidence that game has than the other (index.game_words)
    game_source: str | None = None  # what the guess rests on: 'vocabulary' (words) or 'name' (names only)
    game_word: str | None = None  # the game's name as the query said it ('富饶之城'), taken out of text
    edition_word: str | None = None  # the same for an edition ('第二版')
    actors: list[frozenset[str]] = field(default_factory=list)  # cards its verbs stand for (施法: Witch)
    content_chars: int | None = None  # characters of `text` besides spaces and stop words (None: all)

    @property
    def content_length(self) -> int:
        """What a name's share of the query is taken of: the query's characters besides spaces and
        its stop words, so that 女巫嘅回合 佢係咪可以建造㗎 weighs a name as 女巫的回合 她可以建造嗎."""
        if self.content_chars is not None:
            return max(1, self.content_chars)
        return max(1, len(self.text.replace(" ", "")))

    @property
    def read_game(self) -> str | None:
        """The game the question is read as being about: the game named, or the one guessed from
        its words (not from its names alone, which may be the other game's words too)."""
        return self.game_hint or (self.game_guess if self.game_source == "vocabulary" else None)

    @property
    def entries(self) -> set[str]:
        return {e for g in self.groups for e in g}

    @property
    def telling_groups(self) -> list[frozenset[str]]:
        """The groups whose names say which game is meant: all but those named only by words the
        other game's texts use too ('turns out', 'points', 回合; `NameForm.other_game_word`)."""
        telling = {m.form.entry for m in self.names if not m.form.other_game_word}
        told = {m.form.entry for m in self.names} - telling  # named only by such words
        return [g for g in self.groups if not g <= told] if told else self.groups

    @property
    def named_entries(self) -> frozenset[str]:
        """The entries the query names: by a name found in it, or by its pinyin."""
        return frozenset(m.form.entry for m in self.names) | self.pinyin_entries

    def with_guess(
        self,
        tokens: list[str],
        table: Mapping[str, tuple[str, float]],
        implied: list[str] | None = None,
        card_words: Mapping[str, frozenset[str]] | None = None,
    ) -> QueryAnalysis:
        """This analysis with the game guessed from `tokens`, the rulebook words they imply and
        the names that tell the game (`telling_groups`; itself when a game is named); with
        `card_words` (card -> the words of its text), not from the other game's words a named
        card's own text holds (`without_cards_own_words`)."""
        if self.game_hint is not None:
            return self
        implied = implied or []
        if card_words:
            tokens, implied = without_cards_own_words(tokens, implied, self.telling_groups, table, card_words)
        guess, margin = guess_game(game_evidence(tokens, table, self.telling_groups, implied))
        words = game_evidence(tokens, table, (), implied)
        source = None if guess is None else "vocabulary" if words else "name"
        if (guess, margin, source) == (self.game_guess, self.game_margin, self.game_source):
            return self  # no game guessed (most names alone): no new record to make
        return replace(self, game_guess=guess, game_margin=margin, game_source=source)

    def without_game(self) -> QueryAnalysis:
        """This analysis with no game named or guessed (game=any)."""
        return replace(self, game_hint=None, game_guess=None, game_source=None, game_margin=0.0)


@dataclass(frozen=True)
class Tables:
    """Read-only lookups built once per opened index."""

    forms: tuple[NameForm, ...]
    vocab: SpellingVocabulary  # English word -> count, typos looked up by their deletions
    pinyin: Mapping[str, frozenset[str]]  # full pinyin / initials / joined English name -> entry ids
    pinyin_sorted: tuple[str, ...]  # the same, sorted, for prefix look-ups
    pinyin_lengths: Mapping[int, tuple[str, ...]]  # the same by length, for typo look-ups
    pinyin_by_sylls: Mapping[tuple[str, str], list[NameForm]]  # first two syllables -> short Chinese names
    by_first: Mapping[str, tuple[NameForm, ...]]  # first character -> name forms
    names: ahocorasick.Automaton  # forms of two characters or more, found in one pass
    initials: frozenset[str] = frozenset()  # keys of `pinyin` that are only a name's initials ('gf')
    game_words: Mapping[str, tuple[str, float]] = field(default_factory=dict)  # token -> (game, weight)
    actors: Mapping[str, str] = field(default_factory=dict)  # token -> the card whose deed it names
    # everyday words of jieba's whole dictionary that sound like a name (一元, 医院): words, no
    # typos (`index.common_words.guarded_chinese`; the query's tokeniser knows only the corpus's)
    everyday_chinese: frozenset[str] = frozenset()


def forms_by_first_char(forms: tuple[NameForm, ...]) -> dict[str, tuple[NameForm, ...]]:
    table: dict[str, list[NameForm]] = {}
    for f in forms:
        if f.norm:
            table.setdefault(f.norm[0], []).append(f)
    return {k: tuple(v) for k, v in table.items()}


def plural_forms(norm: str) -> tuple[str, ...]:
    """An English name's plural as players write it, which is also its possessive without the
    apostrophe ('bishops city', 'two militias', 'witches', 'duchies', 'thieves'); none for a
    name of two letters or fewer, one that does not end in a letter, or an everyday word
    (vocabulary `word_names`: 'keeps' is the verb)."""
    if len(norm) < 3 or not norm[-1].isalpha() or not norm.isascii() or norm in VOCABULARY.word_names:
        return ()
    if norm.endswith(("s", "x", "z", "ch", "sh")):
        return (norm + "es",)
    if norm.endswith("y") and norm[-2] not in "aeiou":
        return (norm[:-1] + "ies",)
    if norm.endswith("f"):
        return (norm + "s", norm[:-1] + "ves")
    return (norm + "s",)


def names_automaton(forms: tuple[NameForm, ...]) -> ahocorasick.Automaton:
    """One Aho-Corasick automaton over the forms of two characters or more and the plurals of
    the English ones (written text -> (its length, its forms)), so finding the names in a query
    costs the same however many names there are."""
    auto = ahocorasick.Automaton()
    grouped: dict[str, list[NameForm]] = {}
    for f in forms:
        if len(f.norm) >= 2:
            grouped.setdefault(f.norm, []).append(f)
    plurals: dict[str, list[NameForm]] = {}
    for f in forms:
        if not f.chinese and len(f.norm) >= 2:
            for written in plural_forms(f.norm):
                if written not in grouped:  # a name of its own ('gardens') stays that name
                    plurals.setdefault(written, []).append(f)
    for written, fs in (grouped | plurals).items():
        auto.add_word(written, (len(written), tuple(fs)))
    if len(auto):
        auto.make_automaton()
    return auto


NUMERALS = frozenset("0123456789〇一二三四五六七八九十百两")  # what a number is written with


def inside_number(text: str, start: int, norm: str) -> bool:
    """A name that starts with a number ('4号', '2人局') read out of a longer number ('14号',
    '12人局'): not that name."""
    return start > 0 and norm[0] in NUMERALS and text[start - 1] in NUMERALS


def find_names(
    text: str, by_first: Mapping[str, tuple[NameForm, ...]], automaton: ahocorasick.Automaton
) -> list[NameMatch]:
    """Name forms occurring in `text` (`automaton`: the forms of two characters or more;
    `by_first`: by their first, for one-character forms, which count only as the whole text);
    a match inside a longer match of another name, or out of a longer number, is dropped."""
    found: list[NameMatch] = [NameMatch(f, 0, len(text)) for f in by_first.get(text, ()) if len(f.norm) == 1]
    if len(automaton):
        for last, (length, forms) in automaton.iter(text):
            start, end = last + 1 - length, last + 1
            for f in forms:
                if (f.chinese or whole_word(text, start, end)) and not inside_number(text, start, f.norm):
                    found.append(NameMatch(f, start, end))
    found.sort(key=lambda m: (m.start, -m.end, m.form.entry, m.form.norm))
    return [
        m
        for m in found
        if not any(
            o.start <= m.start and m.end <= o.end and (o.end - o.start) > (m.end - m.start) for o in found
        )
    ]


def not_as_words(
    text: str,
    names: list[NameMatch],
    word_names: frozenset[str] = VOCABULARY.word_names,
    after: frozenset[str] = VOCABULARY.word_names_after,
) -> list[NameMatch]:
    """The matches without the English names used as everyday words: 'keep' right after 'do i'
    is the verb, not the Citadels district ('do i keep the +4'); 'the keep' is the district."""
    return [m for m in names if m.form.norm not in word_names or word_before(text, m.start) not in after]


def word_before(text: str, start: int) -> str:
    """The word (letters, digits and apostrophes) right before `start`, lower-case; '' at the start."""
    words = re.findall(r"[0-9a-z']+", text[:start])
    return words[-1] if words else ""


def ascii_runs(words: list[str]) -> list[str]:
    """Words and concatenations of 2-4 consecutive words ('tu shu guan' -> 'tushuguan')."""
    out = list(words)
    for n in (2, 3, 4):
        out += ["".join(words[i : i + n]) for i in range(len(words) - n + 1)]
    return out


_PLUS_BEFORE_CJK = re.compile(r"(\+\d+) (?=[\u3400-\u9fff])")


SENTENCE_STOPWORDS = 2  # English function words that make an ASCII query a sentence (`sentence_words`)


# Names of the games beside other words say which game, not what to find; editions named beside
# other words are a preference (index/vocabulary.yaml).
# Longest first: split_hint takes the first that occurs.
GAME_WORDS: dict[str, str] = dict(sorted(VOCABULARY.game_names.items(), key=lambda kv: -len(kv[0])))
EDITION_WORDS: dict[str, str] = dict(sorted(VOCABULARY.editions.items(), key=lambda kv: -len(kv[0])))


def starts_any(ordered: tuple[str, ...], prefix: str) -> bool:
    """Whether a word of the sorted `ordered` starts with `prefix` (binary search)."""
    i = bisect_left(ordered, prefix)
    return i < len(ordered) and ordered[i].startswith(prefix)


def phrase_pattern(phrase: str) -> re.Pattern[str]:
    """Where `phrase` is in normalised text: an English one as whole words, a Chinese one anywhere."""
    escaped = re.escape(phrase)
    return re.compile(escaped if not phrase.isascii() else rf"(?<![0-9a-z]){escaped}(?![0-9a-z])")


def split_hint(norm: str, words: Mapping[str, str]) -> tuple[str, str | None, str | None]:
    """Take the first of `words` (longest first) out of a query that also says something
    else: (rest of the query, the word's value, the word)."""
    for word, value in words.items():
        if word not in norm:
            continue
        rest = " ".join(phrase_pattern(word).sub(" ", norm).split())
        if rest != norm:
            return (rest, value, word) if rest else (norm, None, None)
    return norm, None, None


PLEASANTRIES = [(p, phrase_pattern(p)) for p in VOCABULARY.pleasantries]  # longest first


def without_pleasantries(norm: str) -> str:
    """The normalised query without the greetings and thanks around it (`pleasantries` of the
    vocabulary: 'hi all, ...', '大家好，...謝謝'), as if typed alone; a query of nothing else stays."""
    out = norm
    for phrase, pattern in PLEASANTRIES:
        if phrase in out:
            out = pattern.sub(" ", out)
    return " ".join(out.split()) or norm


def analyse(norm: str, tables: Tables, tok: Tokeniser) -> QueryAnalysis:
    """What the normalised query names and asks, with no game guessed yet (`with_guess`)."""
    typed = _PLUS_BEFORE_CJK.sub(r"\1", norm)  # '+1 行动' is written '+1行动' in names
    norm, game_hint, game_word = split_hint(without_pleasantries(typed), GAME_WORDS)
    norm, edition_hint, edition_word = split_hint(norm, EDITION_WORDS)
    words = [w for w in english_words(norm) if w.isalpha()]
    keys = [k for k in ascii_runs(words) if k in tables.pinyin]
    if keys and sentence_words(words) and norm.isascii():
        keys = [k for k in keys if k not in tables.initials]
    covered = {w for k in keys for w in words if w in k}
    corrected, shown = norm, typed  # `shown`: the whole query corrected, game and edition words too
    for w in words:
        if w in covered or w in EN_STOPWORDS:
            continue
        right = correct_english(w, tables.vocab)
        if right is None and w not in tables.vocab and w not in tables.vocab.common:
            right = correct_pinyin(w, tables.pinyin_lengths)
            if right is not None and right in tables.pinyin:
                keys.append(right)
        if right:
            word = phrase_pattern(w)
            corrected, shown = word.sub(right, corrected), word.sub(right, shown)
    if corrected != norm:  # a game or edition word misspelt is one once corrected ('ciadels tie break')
        if game_hint is None:
            corrected, game_hint, game_word = split_hint(corrected, GAME_WORDS)
        if edition_hint is None:
            corrected, edition_hint, edition_word = split_hint(corrected, EDITION_WORDS)
    hint_words = {w for w in (game_word, edition_word) if w}
    hint_names = [f for w in hint_words for f in tables.by_first.get(w[0], ()) if f.norm == w]

    def is_word(w: str) -> bool:
        return tok.knows(w) or is_common_phrase(w) or w in tables.everyday_chinese

    for c in correct_chinese(corrected, tables.pinyin_by_sylls, is_word, tok.chinese_words, ZH_STOPWORDS):
        corrected, shown = corrected.replace(c.wrong, c.right), shown.replace(c.wrong, c.right)
    tokens = tok.search_tokens(corrected, stop=True) or tok.search_tokens(corrected)
    stems = [t for t in tokens if t.isascii()]
    prefixes = [
        w
        for w in words
        if len(w) >= 3 and w not in tables.vocab and w not in tables.pinyin and w not in EN_STOPWORDS
    ]
    prefixes = [w for w in prefixes if starts_any(tables.pinyin_sorted, w)]
    names = not_as_words(corrected, find_names(corrected, tables.by_first, tables.names))
    pinyin_entries = {e for k in keys for e in tables.pinyin[k]}
    return QueryAnalysis(
        text=corrected,
        tokens=list(dict.fromkeys(tokens)),
        stems=stems,
        names=names,
        pinyin_keys=keys,
        pinyin_prefixes=prefixes,
        pinyin_entries=pinyin_entries,
        suggestion=shown if shown != typed else None,
        groups=name_groups(names, keys, tables.pinyin),
        game_hint=game_hint,
        edition_hint=edition_hint,
        hint_names=hint_names,
        game_word=game_word,
        edition_word=edition_word,
        actors=[frozenset({tables.actors[t]}) for t in dict.fromkeys(tokens) if t in tables.actors],
        content_chars=len(corrected.replace(" ", "")) - tok.stop_chars(corrected),
    )


def name_groups(
    names: list[NameMatch], keys: list[str], pinyin: Mapping[str, frozenset[str]]
) -> list[frozenset[str]]:
    """One group of entry ids per distinct name found (`names`) or pinyin read (`keys`:
    `pinyin` maps each to entry ids); different names of the same entry (金殿 and throne room)
    are one group."""
    groups: dict[str, set[str]] = {}
    for m in names:
        groups.setdefault(m.form.norm, set()).add(m.form.entry)
    for k in keys:
        groups.setdefault(f"pinyin:{k}", set()).update(pinyin[k])
    return _merge_groups([frozenset(g) for g in groups.values()])


def _merge_groups(groups: list[frozenset[str]]) -> list[frozenset[str]]:
    """Groups sharing an entry are one group."""
    out: list[set[str]] = []
    for g in groups:
        hit = [o for o in out if o & g]
        new = set(g).union(*hit) if hit else set(g)
        out = [o for o in out if not (o & g)] + [new]
    return [frozenset(o) for o in out]


def initials_only(forms: Iterable[NameForm]) -> set[str]:
    """The Chinese names' initials ('tsg') that are no name's full pinyin or English name run
    together ('cike', 'throneroom')."""
    whole = {f.pinyin if f.chinese else re.sub(r"[^0-9a-z]", "", f.norm) for f in forms}
    return {f.initials for f in forms if f.chinese} - whole


def sentence_words(words: list[str]) -> bool:
    """Whether the query's ASCII words are an English sentence (SENTENCE_STOPWORDS of its
    function words or more): its short words are English ('me and my gf', 'ty'), not a name's
    initials, which a player types alone or beside Chinese ('tsg', 'gw被cike砍了')."""
    return sum(w in EN_STOPWORDS for w in words) >= SENTENCE_STOPWORDS


def build_tables(
    forms: tuple[NameForm, ...],
    vocab: Mapping[str, int],
    ordinary: Mapping[str, Iterable[str]],
    by_sylls,
    game_words: Mapping[str, tuple[str, float]] | None = None,
    actors: Mapping[str, str] | None = None,
) -> Tables:
    pinyin: dict[str, set[str]] = {}
    for f in forms:
        keys = [f.pinyin, f.initials] if f.chinese else [re.sub(r"[^0-9a-z]", "", f.norm)]
        for k in keys:
            if len(k) >= 2 and not (k in vocab and not f.chinese and " " not in f.norm):
                pinyin.setdefault(k, set()).add(f.entry)
    # Initials that are ordinary English words ('at', 'so') would hijack queries.
    pinyin = {k: v for k, v in pinyin.items() if k not in EN_STOPWORDS}
    return Tables(
        forms=forms,
        vocab=SpellingVocabulary(vocab, ordinary["en"]),
        everyday_chinese=frozenset(ordinary["zh"]),
        pinyin={k: frozenset(v) for k, v in pinyin.items()},
        initials=frozenset(initials_only(forms)) & pinyin.keys(),
        pinyin_sorted=tuple(sorted({f.pinyin for f in forms if f.chinese})),
        pinyin_lengths=by_length({f.pinyin for f in forms if f.chinese}),
        pinyin_by_sylls=by_sylls,
        by_first=forms_by_first_char(forms),
        names=names_automaton(forms),
        game_words=dict(game_words or {}),
        actors=dict(actors or {}),
    )
