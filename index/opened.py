"""`OpenedIndex`: the files of one build loaded into the read-only tables a search works with
(`open_build`). What stays on disk: unit texts and impact lists (`index.store`, memory-mapped)
and the phrase field (`index.phrase_index`); in memory: each unit's id, entry and one-byte
codes, the names, the word tables, and what is derived from them once per build."""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np

from corpus.languages import LANGS
from index import index_format as fmt
from index.analysis import Tables, build_tables
from index.build_files import load_dictionary, load_json, read_lines
from index.described import CardsMeant, PlusItem, plus_items
from index.errors import IndexMissingError
from index.game_words import compile_game_words, load_game_words, load_weak_game_words
from index.lexicon import Lexicon, NameForm
from index.normalise import normalise
from index.passages import Passages
from index.phrase_index import PhraseIndex
from index.ranking import RankTables
from index.spelling import pinyin_table
from index.stated import StatedIntents
from index.store import FrozenSets, Impacts, Interner, UnitStore
from index.synonyms import compile_table, load_rows
from index.tokenise import Tokeniser, get_tokeniser
from index.vocabulary import VOCABULARY

MENTION_CACHE = 65536  # units whose named entries are kept in memory once a query touched them
COMMON_SHARE = 0.2  # tokens in more than this share of units are dropped from long queries


@dataclass(frozen=True)
class OpenedIndex:
    """One build, opened read-only. Safe to share between threads."""

    folder: Path
    held: BinaryIO  # meta.json with a shared lock: the build is never pruned while this process uses it
    meta: Mapping[str, Any]
    tokeniser: Tokeniser
    lexicon: Lexicon
    entries: Mapping[str, dict[str, Any]]  # entry id -> metadata (entries.json)
    units: UnitStore
    impacts: Impacts
    question_of: array  # question document - first_question -> its unit's document
    unit_of_doc: np.ndarray  # document -> its unit's document (a unit's is its own), intp
    synonyms: Mapping[str, tuple[str, ...]]  # players' everyday word -> rulebook words
    tables: Tables  # what `index.analysis` reads a query with
    intents: StatedIntents
    expansions: Mapping[str, tuple[str, ...]]  # card or term entry -> tokens of its names
    name_norms: Mapping[str, list[str]]  # entry -> every name and alias, normalised
    own_name_tokens: Mapping[str, frozenset[str]]  # entry -> tokens of its names and aliases
    name_words: Mapping[str, tuple[str, ...]]  # rule or FAQ entry -> words of its names
    common_tokens: frozenset[str]  # in so many units that they cannot tell them apart
    pinyin_terms: list[str]  # the pinyin field's terms, sorted
    first_question: int  # the document number of the first question (numbered after the units)
    rank_tables: RankTables
    passages: Passages
    phrases: PhraseIndex
    card_items: Mapping[str, frozenset[PlusItem]]  # card -> the '+N thing' items of its text
    card_words: Mapping[str, frozenset[str]]  # card -> the words of its text, in every script
    cards_meant: CardsMeant  # the cards a description may mean (index.described)


def open_build(folder: Path) -> OpenedIndex:
    """Load `folder`; IndexMissingError when it was built by another version of this program,
    IndexBrokenError (or the OSError, ValueError... of the file at fault) when it is damaged."""
    held = fmt.hold_build(folder)
    meta = load_json(folder, fmt.META)
    if meta.get("format") != fmt.INDEX_FORMAT:
        raise IndexMissingError(
            f"the search index {folder.name} was built by another version of this program; "
            "run `refapp build-index`"
        )
    tokeniser = _tokeniser(folder)
    share = Interner()  # names, ids and tokens repeat: one string object each
    lexicon = Lexicon.from_json(share.deep(load_json(folder, fmt.LEXICON)))
    entries = {e["id"]: e for e in share.deep(load_json(folder, fmt.ENTRIES))}
    units = UnitStore(folder)
    synonyms, tables = _word_tables(folder, lexicon, tokeniser)
    name_norms = _name_norms(lexicon.own_forms)
    name_words = _name_words(lexicon.own_forms, entries, tokeniser, share)
    question_of = array("I", load_json(folder, fmt.QUESTIONS))
    impacts = Impacts(folder)
    mentions = lru_cache(maxsize=MENTION_CACHE)(lambda unit_id: frozenset(units[unit_id]["mentions"]))
    passages = Passages(units, entries)
    return OpenedIndex(
        folder=folder,
        held=held,
        meta=meta,
        tokeniser=tokeniser,
        lexicon=lexicon,
        entries=entries,
        units=units,
        impacts=impacts,
        question_of=question_of,
        unit_of_doc=np.concatenate((np.arange(len(units), dtype=np.intp), np.asarray(question_of, np.intp))),
        synonyms=synonyms,
        tables=tables,
        intents=StatedIntents(units, entries),
        expansions=_expansions(entries, tokeniser, share),
        name_norms=name_norms,
        own_name_tokens=_own_name_tokens(name_norms, tokeniser, share),
        name_words=name_words,
        common_tokens=_common_tokens(impacts, len(units)),
        pinyin_terms=impacts["pinyin"].terms if "pinyin" in impacts else [],
        first_question=len(units),
        rank_tables=RankTables(entries, units, mentions, name_words, VOCABULARY.plain_cards & entries.keys()),
        passages=passages,
        phrases=PhraseIndex(folder, len(units.docnum_units)),
        card_items=_card_items(entries, passages),
        card_words=_card_words(entries, passages, tokeniser, share),
        cards_meant=CardsMeant(entries, units.units_of.flags),
    )


def _card_items(entries: Mapping[str, dict[str, Any]], passages: Passages) -> dict[str, frozenset[PlusItem]]:
    """Each card's '+N thing' items, from its English text ('+1 Card, +1 Action, +1 Buy and +$1')."""
    out = {}
    for e, meta in entries.items():
        if meta["kind"] == "card":
            items = frozenset(item for item, _, _ in plus_items(normalise(passages.passage(e, "en"))))
            if items:
                out[e] = items
    return out


def _card_words(
    entries: Mapping[str, dict[str, Any]], passages: Passages, tok: Tokeniser, share: Interner
) -> dict[str, frozenset[str]]:
    """Each card's words: the tokens of its text in every script (what
    `index.game_words.without_cards_own_words` reads)."""
    out = {}
    for e, meta in entries.items():
        if meta["kind"] == "card":
            texts = {normalise(passages.passage(e, lang)) for lang in LANGS}  # zh-Hant's mostly zh-Hans's
            out[e] = frozenset(share(t) for text in texts for t in tok.search_tokens(text))
    return out


def _tokeniser(folder: Path) -> Tokeniser:
    """The build's tokeniser: its saved words, the synonym and game-word tables' words too (in
    case the build predates a table change), and its slice of jieba's dictionary."""
    saved = {line.split(" ")[0] for line in read_lines(folder, fmt.USERDICT) if line.strip()}
    words = tuple(sorted(saved | fmt.query_words()))
    return get_tokeniser(words, load_dictionary(folder, fmt.DICTIONARY))


def _word_tables(
    folder: Path, lexicon: Lexicon, tokeniser: Tokeniser
) -> tuple[Mapping[str, tuple[str, ...]], Tables]:
    """The synonyms and the tables a query is analysed with. Everyday words and one game's
    words are looked up as whole query tokens (precise mode)."""

    def word_token(w: str) -> list[str]:
        return tokeniser.exact_tokens(normalise(w))

    def word_search_tokens(w: str) -> list[str]:
        return tokeniser.search_tokens(normalise(w))

    synonyms = compile_table(load_rows(), word_token, word_search_tokens)
    tables = build_tables(
        lexicon.forms,
        load_json(folder, fmt.VOCAB),
        load_json(folder, fmt.COMMON_WORDS),
        pinyin_table(lexicon.forms),
        compile_game_words(load_game_words(), word_token, load_weak_game_words()),
        {k[0]: c for c, ws in VOCABULARY.actors.items() for w in ws if len(k := word_token(w)) == 1},
    )
    return synonyms, tables


def _expansions(
    entries: Mapping[str, dict[str, Any]], tok: Tokeniser, share: Interner
) -> dict[str, tuple[str, ...]]:
    """Other names of card and term entries a query names (移除 -> 废置, trash); aliases of
    rules and FAQs are whole phrases and would flood the query."""
    return {
        e["id"]: tuple(
            dict.fromkeys(share(t) for n in e["names"].values() for t in tok.search_tokens(normalise(n)))
        )
        for e in entries.values()
        if e["kind"] in ("card", "term")
    }


def _name_norms(forms: tuple[NameForm, ...]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for form in forms:
        out.setdefault(form.entry, []).append(form.norm)
    return out


def _own_name_tokens(name_norms: Mapping[str, list[str]], tok: Tokeniser, share: Interner) -> FrozenSets:
    """Entry -> the tokens of its names (held as tuples of shared strings)."""
    return FrozenSets(
        {
            entry: tuple({share(t): None for norm in norms for t in tok.search_tokens(norm)})
            for entry, norms in name_norms.items()
        }
    )


def _name_words(
    forms: tuple[NameForm, ...], entries: Mapping[str, dict[str, Any]], tok: Tokeniser, share: Interner
) -> dict[str, tuple[str, ...]]:
    """Rule and FAQ entry -> the words of its names besides stop words (tuples: ranking only
    counts how many of a query's words each holds)."""
    words: dict[str, dict[str, None]] = {}
    for form in forms:
        entry = entries.get(form.entry)
        if entry and entry["kind"] in ("faq", "rule"):
            words.setdefault(form.entry, {}).update(
                (share(t), None) for t in tok.search_tokens(form.norm, stop=True) if len(t) > 1
            )
    return {e: tuple(w) for e, w in words.items()}


def _common_tokens(impacts: Impacts, unit_count: int) -> frozenset[str]:
    """Tokens in more than COMMON_SHARE of the units (dropped from long queries)."""
    limit = COMMON_SHARE * unit_count
    fields = [impacts[f] for f in ("body", "ruling", "name") if f in impacts]
    return frozenset(t for field in fields for t in field.more_than(limit))
