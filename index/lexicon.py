"""The names the index knows: every name and alias of every entry, with their normalised,
pinyin and initials keys, and whether the other game's texts use the name as a word of their own
(`other_game_word`). Built from the dataset at index time and stored with the index."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, replace
from functools import cached_property
from typing import Any

import ahocorasick

from corpus.model import Dataset, Entry
from index.normalise import normalise, whole_word
from index.pinyin import initials, syllables
from index.tokenise import CJK_RUN, GAME_TERMS
from index.vocabulary import VOCABULARY


@dataclass(frozen=True)
class NameForm:
    """One way of writing an entry's name."""

    entry: str  # entry id
    text: str  # as written in the dataset
    norm: str  # normalise(text)
    chinese: bool  # contains Chinese characters
    alias: bool  # an alias rather than one of the entry's three names
    pinyin: str  # 'tushuguan' ('' for non-Chinese forms)
    initials: str  # 'tsg'
    sylls: tuple[str, ...]  # ('tu', 'shu', 'guan')
    # The other game's texts use it too, at least 1/OWN_GAME_RATIO as often as its own game's
    # ('turn', 'points', 回合, 钱): naming it says nothing about which game is meant.
    other_game_word: bool = False
    # A way players call the entry in a question only ('8号' for the Warlord, `rank_forms`): read
    # in a query, never one of the entry's own words (its documents, mentions or completions).
    called: bool = False


OWN_GAME_RATIO = 3  # a name is its game's own word when its texts use it this many times as often


def _forms_of(entry: Entry) -> list[NameForm]:
    seen: set[str] = set()
    forms: list[NameForm] = []
    aliases = [*entry.aliases, *entry.keywords]  # search-only keywords are matched like aliases
    candidates = [(v, False) for v in entry.names.values()] + [(a, True) for a in aliases]
    for text, alias in candidates:
        if not text or not text.strip():
            continue
        norm = normalise(text)
        if not norm or norm in seen:
            continue
        seen.add(norm)
        chinese = bool(CJK_RUN.search(norm))
        zh = "".join(CJK_RUN.findall(norm)) if chinese else ""
        sylls = syllables(zh) if zh else []
        forms.append(
            NameForm(
                entry=entry.id,
                text=text,
                norm=norm,
                chinese=chinese,
                alias=alias,
                pinyin="".join(sylls).lower(),  # full_pinyin(zh), without reading zh twice
                initials=initials(zh) if zh else "",
                sylls=tuple(sylls),
            )
        )
    return forms


CHINESE_DIGITS = "〇一二三四五六七八九"


def rank_forms(entries: Iterable[Entry], patterns: Iterable[str] = VOCABULARY.rank_names) -> list[NameForm]:
    """The characters called by their number ('8号', 'rank 8'): each rank names its basic-game
    character, or, where the basic game has none (the 9th), every character of that rank. Search
    forms only: shown nowhere, and with no pinyin (typing 'hao' names no character)."""
    by_rank: dict[int, list[Entry]] = {}
    for e in entries:
        rank = e.extra.get("rank")
        if isinstance(rank, int) and "character" in e.types:
            by_rank.setdefault(rank, []).append(e)
    forms: list[NameForm] = []
    for rank, held in sorted(by_rank.items()):
        basic = [e for e in held if not e.extra.get("expansion")]
        for e in basic or held:
            for pattern in patterns:
                text = pattern.format(n=rank, zh=CHINESE_DIGITS[rank] if rank < 10 else rank)
                norm = normalise(text)
                chinese = bool(CJK_RUN.search(norm))
                forms.append(NameForm(e.id, text, norm, chinese, True, "", "", (), called=True))
    return forms


@dataclass(frozen=True)
class Lexicon:
    forms: tuple[NameForm, ...]

    @classmethod
    def from_dataset(cls, dataset: Dataset) -> Lexicon:
        forms = [f for e in dataset.entries for f in _forms_of(e)]
        texts = [(e.game, normalise(t)) for e in dataset.entries for t in _texts(e)]  # normalised once
        forms += short_forms(dataset.entries, forms, [t for _, t in texts])
        forms += rank_forms(dataset.entries)
        games = {e.id: e.game for e in dataset.entries}
        counts = texts_using(forms, texts)
        return cls(tuple(replace(f, other_game_word=_other_games_word(f, games, counts)) for f in forms))

    @cached_property
    def own_forms(self) -> tuple[NameForm, ...]:
        """The entries' own names, aliases and keywords: the forms without the ways players
        call them (`NameForm.called`). Made once: completions read it at every keystroke."""
        return tuple(f for f in self.forms if not f.called)

    def jieba_words(self) -> tuple[str, ...]:
        """The user dictionary: fixed game terms plus every Chinese name and alias (and its
        Chinese runs, so a mixed alias like 'X牌' still lands whole)."""
        words = set(GAME_TERMS)
        for f in self.forms:
            if f.chinese:
                words.update(r for r in CJK_RUN.findall(f.norm) if len(r) > 1)
        return tuple(sorted(words))

    def to_json(self) -> list[dict[str, Any]]:
        return [asdict(f) for f in self.forms]

    @classmethod
    def from_json(cls, raw: list[dict[str, Any]]) -> Lexicon:
        return cls(tuple(NameForm(**{**r, "sylls": tuple(r["sylls"])}) for r in raw))


SHORT_MIN_LETTERS = 4  # a word of a card's name this long at least may stand for the card alone


def short_forms(entries: Iterable[Entry], forms: list[NameForm], texts: Iterable[str]) -> list[NameForm]:
    """The words of cards' English names of two words or more that players say alone for the
    card ('throne' for Throne Room, 'council', 'haunted'): a word of SHORT_MIN_LETTERS letters or
    more, no stop word nor one English says alone for other things (`not_short_names` of the
    vocabulary: 'a great combo'), that no entry is named by and no other thing's name holds, and
    that no text (`texts`, normalised) or FAQ question uses except inside the card's names. (Players'
    questions are no guide: 'throne militia' and 'the wall itself' mean the cards.) A word
    of a name both games' cards bear ('throne') stands for both cards, as the name does. Search
    only: a page's "also called" row shows the dataset's aliases."""
    by_id = {e.id: e for e in entries}
    taken = {f.norm for f in forms}
    never = VOCABULARY.en_stopwords | VOCABULARY.not_short_names
    holders: dict[str, set[str]] = {}  # word -> the entries (not FAQs) a name of 2+ words of holds it
    for f in forms:
        if f.chinese or by_id[f.entry].kind == "faq" or " " not in f.norm:
            continue
        for w in f.norm.split():
            holders.setdefault(w, set()).add(f.entry)
    candidates: dict[str, list[NameForm]] = {}
    for w, held in holders.items():
        if len(w) < SHORT_MIN_LETTERS or not w.isalpha() or w in taken or w in never:
            continue
        if any(by_id[e].kind != "card" for e in held):
            continue
        if len({normalise(by_id[e].names.get("en", "")) for e in held}) != 1:
            continue  # Bell Tower and Watch Tower: 'tower' says neither
        candidates[w] = [f for f in forms if f.entry in held and not f.chinese and w in f.norm.split()]
    if not candidates:
        return []
    faq_questions = [f.norm for f in forms if by_id[f.entry].kind == "faq"]
    used = _used_outside(candidates, [*texts, *faq_questions])
    return [
        replace(f, text=w, norm=w, alias=True)
        for w, held in sorted(candidates.items())
        if w not in used
        for f in {f.entry: f for f in held}.values()  # one form an entry
    ]


def _used_outside(words: Mapping[str, list[NameForm]], texts: Iterable[str]) -> set[str]:
    """The `words` (word -> the name forms holding it) some normalised text uses as a word outside
    those names."""
    pattern = re.compile(
        r"(?<![0-9a-z])(" + "|".join(map(re.escape, sorted(words, key=len, reverse=True))) + r")(?![0-9a-z])"
    )
    used: set[str] = set()
    for norm in texts:
        for m in pattern.finditer(norm):
            w = m.group(1)
            if w in used:
                continue
            inside = any(
                s <= m.start() and m.end() <= s + len(f.norm) and whole_word(norm, s, s + len(f.norm))
                for f in words[w]
                for s in _starts(norm, f.norm)
            )
            if not inside:
                used.add(w)
    return used


def _starts(text: str, sub: str) -> list[int]:
    out, i = [], text.find(sub)
    while i != -1:
        out.append(i)
        i = text.find(sub, i + 1)
    return out


def _texts(entry: Entry) -> list[str]:
    """The entry's own texts and its rulings', every language."""
    texts = [*entry.text.values(), *(entry.text_2e or {}).values()]
    for r in entry.rulings:
        texts += r.text.values()
    return texts


def texts_using(forms: Iterable[NameForm], texts: Iterable[tuple[str, str]]) -> dict[str, dict[str, int]]:
    """form norm -> game -> how many of the (game, normalised text) pairs use that name form (an
    ASCII form as whole words). One pass over each text (Aho-Corasick), so the cost grows with
    the texts' length, not with names x texts."""
    auto = ahocorasick.Automaton()
    for norm in {f.norm for f in forms}:
        auto.add_word(norm, norm)
    if not len(auto):
        return {}
    auto.make_automaton()
    counts: dict[str, dict[str, int]] = {}
    for game, text in texts:
        found = {
            norm
            for end, norm in auto.iter(text)
            if not norm.isascii() or whole_word(text, end + 1 - len(norm), end + 1)
        }
        for norm in found:
            by_game = counts.setdefault(norm, {})
            by_game[game] = by_game.get(game, 0) + 1
    return counts


def _other_games_word(form: NameForm, games: dict[str, str], counts: dict[str, dict[str, int]]) -> bool:
    game = games[form.entry]
    by_game = counts.get(form.norm, {})
    other = max((n for g, n in by_game.items() if g != game), default=0)
    return other > 0 and by_game.get(game, 0) < OWN_GAME_RATIO * other
