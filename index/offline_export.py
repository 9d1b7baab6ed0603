"""The search's own ranking data, exported for the browser's offline ranker
(`refapp/static/ranker.js`): the same dictionary, word tables, per-term impact lists and unit
columns an opened index ranks with (`index.opened`), as plain JSON, so that offline search runs the same
stages on the same numbers (one implementation of the ranking: its data and constants come
from here, never restated in JavaScript).

Floats are exported as Python computes them (JSON keeps every bit), and the logarithms the
segmenter adds are computed here, so the browser only adds and compares. Pure functions over an
opened index; `index` knows nothing of Flask.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from index import described, fusion, index_format, opened, passages, ranking, suggest, unit_scores
from index.analysis import EDITION_WORDS, GAME_WORDS, NUMERALS, SENTENCE_STOPWORDS
from index.fold import FOLD_OVERLAP, FOLD_WINDOW, SAME_KIND_OVERLAP
from index.game_words import CARD_NAME_WEIGHT, MARGIN, OTHER_NAME_WEIGHT, STRONG_MARGIN, WORD_WEIGHT
from index.impacts import MAX_POSTINGS
from index.pinyin import readings
from index.query import EDITION_VALUES, GAME_VALUES, KIND_VALUES, MAX_PLAIN, MAX_QUERY_CHARS, TYPE_VALUES
from index.schema import TEXT_FIELDS, UNIT_QUESTIONS
from index.snippet import WINDOW
from index.spelling import (
    MAX_CORRECTED_RUN,
    MAX_NAME_CHARS,
    NAME_WEIGHT,
    RARE_WORD,
    RARE_WORD_LENGTH,
    sounds_like_a_name,
)
from index.stages import answers, candidates, clauses, rank
from index.tokenise import EN_STOPWORDS, ZH_STOPWORDS
from index.vocabulary import VOCABULARY

if TYPE_CHECKING:
    from index.opened import OpenedIndex
    from index.searcher import SearchIndex

FORMAT = 1
# The modules of the search whose numeric constants (upper-case names) the offline ranker reads.
SEARCH_MODULES = (
    described,
    index_format,
    opened,
    passages,
    clauses,
    candidates,
    answers,
    rank,
    fusion,
    suggest,
    unit_scores,
)
# Code points whose characters a query may hold: CJK (with extension A) and compatibility ideographs.
CJK_RANGES = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF))


def _cjk_chars() -> list[str]:
    return [chr(c) for lo, hi in CJK_RANGES for c in range(lo, hi + 1)]


def _simplified_map() -> dict[str, str]:
    """Character -> its canonical Simplified form where normalisation changes it (OpenCC tw2s per
    character, with the fixes of `index.normalise`)."""
    from index.normalise import to_simplified

    chars = _cjk_chars()
    converted = to_simplified("\n".join(chars)).split("\n")
    return {c: s for c, s in zip(chars, converted, strict=True) if s != c}


def _hmm(simplified: dict[str, str]) -> dict[str, Any]:
    """jieba's HMM for words its dictionary lacks (start, transition and emission log
    probabilities), emissions for the characters it reads (U+4E00-U+9FD5) that a normalised
    query can hold (not those normalisation turns into others)."""
    from jieba.finalseg import prob_emit, prob_start, prob_trans

    def kept(c: str) -> bool:
        return "\u4e00" <= c <= "\u9fd5" and c not in simplified

    return {
        "start": dict(prob_start.P),
        "trans": {s: dict(t) for s, t in prob_trans.P.items()},
        "emit": {s: {c: p for c, p in e.items() if kept(c)} for s, e in prob_emit.P.items()},
    }


def _readings(syllables: set[str], simplified: dict[str, str]) -> dict[str, list[str]]:
    """Character -> its readings that are syllables of some name (the only ones the typo check of
    `index.spelling.correct_chinese` can use), for the characters of the main CJK block a
    normalised query can hold; characters with none are left out."""
    out = {}
    for c in _cjk_chars():
        if not "\u4e00" <= c <= "\u9fff" or c in simplified:
            continue
        rs = sorted(r for r in readings(c) if r in syllables)
        if rs:
            out[c] = rs
    return out


def _homophone_phrases(ix: OpenedIndex, chars: dict[str, list[str]]) -> list[str]:
    """Everyday words (pypinyin's phrase list) that sound like a name the typo check may read:
    `is_word` is only asked of a run that sounds like a name, so these are all it needs."""
    from pypinyin.constants import PHRASES_DICT

    table = ix.tables.pinyin_by_sylls
    typed = (p for p in PHRASES_DICT if len(p) >= 2 and p[0] in chars and p[1] in chars)
    return sorted(p for p in typed if sounds_like_a_name(p, table))


def _constants() -> dict[str, float | int]:
    found = {
        n: v
        for module in SEARCH_MODULES
        for n, v in vars(module).items()
        if n.isupper() and isinstance(v, int | float) and not isinstance(v, bool)
    }
    out: dict[str, float | int] = dict(sorted(found.items()))
    out.update(
        MAX_POSTINGS=MAX_POSTINGS,
        CONTEXT_HITS=ranking.CONTEXT_HITS,
        FOLD_WINDOW=FOLD_WINDOW,
        FOLD_OVERLAP=FOLD_OVERLAP,
        SAME_KIND_OVERLAP=SAME_KIND_OVERLAP,
        WORD_WEIGHT=WORD_WEIGHT,
        CARD_NAME_WEIGHT=CARD_NAME_WEIGHT,
        SENTENCE_STOPWORDS=SENTENCE_STOPWORDS,
        OTHER_NAME_WEIGHT=OTHER_NAME_WEIGHT,
        MARGIN=MARGIN,
        STRONG_MARGIN=STRONG_MARGIN,
        NAME_WEIGHT=NAME_WEIGHT,
        RARE_WORD=RARE_WORD,
        RARE_WORD_LENGTH=RARE_WORD_LENGTH,
        MAX_NAME_CHARS=MAX_NAME_CHARS,
        MAX_CORRECTED_RUN=MAX_CORRECTED_RUN,
        MAX_QUERY_CHARS=MAX_QUERY_CHARS,
        MAX_PLAIN=MAX_PLAIN,
        SNIPPET_WINDOW=WINDOW,
    )
    return out


def _tokeniser(ix: OpenedIndex, simplified: dict[str, str]) -> dict[str, Any]:
    jb = ix.tokeniser._jieba  # noqa: SLF001 - the very dictionary queries are segmented with
    logtotal = math.log(jb.total)
    known = {w: math.log(f) - logtotal for w, f in jb.FREQ.items() if f}
    return {
        "logp": known,  # word -> log(freq) - log(total), as jieba's route adds them
        "prefixes": sorted(w for w, f in jb.FREQ.items() if not f),  # in the trie, not words
        "unknown": math.log(1) - logtotal,
        "hmm": _hmm(simplified),
        "stop_en": sorted(EN_STOPWORDS),
        "stop_zh": sorted(ZH_STOPWORDS),
    }


def export_ranking(search_index: SearchIndex) -> dict[str, Any]:
    """Everything `SearchIndex.search` ranks with, as JSON-ready data (no texts: see
    `export_texts`)."""
    ix = search_index.opened
    forms = ix.lexicon.forms
    form_no = {id(f): i for i, f in enumerate(forms)}
    units = ix.units
    docs = list(units.docnum_units.values())
    syllables = {s for f in forms for s in f.sylls}
    simplified = _simplified_map()
    chars = _readings(syllables, simplified)
    impacts = {
        field: {
            t: [p[0][:MAX_POSTINGS].tolist(), p[1][:MAX_POSTINGS].tolist()]
            for t in ix.impacts[field].terms
            for p in [ix.impacts[field].head(t, MAX_POSTINGS)]
            if p
        }
        for field in (*TEXT_FIELDS, UNIT_QUESTIONS)
        if field in ix.impacts
    }
    word_ids: dict[str, int] = {}
    fold_words = []
    for uid, _ in docs:
        fold_words.append(
            sorted(word_ids.setdefault(w, len(word_ids)) for w in ix.passages.english_words(uid))
        )
    return {
        "format": FORMAT,
        "version": ix.meta.get("version") or ix.folder.name,
        "consts": _constants(),
        "weights": ranking.WEIGHTS.as_dict(),  # index.ranking.RankWeights, by field name
        "fields": list(TEXT_FIELDS),
        "unit_questions": UNIT_QUESTIONS,  # the field of each unit's questions together (the opinion)
        "tok": _tokeniser(ix, simplified),
        "simplified": simplified,
        "readings": chars,
        "phrases": sorted(set(_homophone_phrases(ix, chars)) | ix.tables.everyday_chinese),
        "forms": [
            [f.entry, f.norm, int(f.chinese), f.pinyin, f.initials, list(f.sylls), int(f.other_game_word),
             int(f.alias)]
            for f in forms
        ],
        "by_sylls": [
            [a, b, [form_no[id(f)] for f in fs]] for (a, b), fs in ix.tables.pinyin_by_sylls.items()
        ],
        "pinyin": {k: sorted(v) for k, v in ix.tables.pinyin.items()},
        "vocab_pairs": list(ix.tables.vocab.items()),  # in order: typo ties go to the first listed
        "common_words": sorted(ix.tables.vocab.common),  # ordinary English words never corrected
        "game_words": {k: list(v) for k, v in ix.tables.game_words.items()},
        "actors": dict(ix.tables.actors),  # token -> the card whose deed it names
        "plain_cards": sorted(ix.rank_tables.plain),  # cards with no ability of their own
        "described": _described_words(),  # the words of a card described rather than named
        "clause_break": described.CLAUSE_BREAK.pattern,  # where a clause of the query as typed ends
        "zh_cost": described.ZH_COST.pattern,  # a cost said in a Chinese description (5块, 3费), not a limit
        "card_items": {e: sorted(items) for e, items in ix.card_items.items()},  # its '+N thing' items
        "card_words": {e: sorted(words) for e, words in ix.card_words.items()},  # the words of its text
        "numerals": "".join(sorted(NUMERALS)),  # what a number is written with (index.analysis.inside_number)
        "english_forms": VOCABULARY.english_forms,  # 'tied' -> 'tie', before stemming
        "word_names": sorted(VOCABULARY.word_names),  # English names that are everyday words too
        "word_names_after": sorted(VOCABULARY.word_names_after),  # ... after these words
        "game_names": list(GAME_WORDS.items()),
        "edition_names": list(EDITION_WORDS.items()),
        "pleasantries": list(VOCABULARY.pleasantries),
        "filters": {"game": GAME_VALUES, "edition": EDITION_VALUES, "kind": KIND_VALUES, "type": TYPE_VALUES},
        "synonyms": {k: list(v) for k, v in ix.synonyms.items()},
        "intents": [  # name, boost, asking words, groups of words asking it together
            [i.name, i.boost, list(i.ask), [list(g) for g in i.ask_together]] for i in VOCABULARY.intents
        ],
        "intent_sets": [sorted(s) if s is not None else None for s in ix.intents.sets],
        "intent_codes": ix.intents.codes.tolist(),
        "common": sorted(ix.common_tokens),
        "expansions": {e: list(v) for e, v in ix.expansions.items()},
        "own_names": {e: sorted(v) for e, v in ix.own_name_tokens.items()},
        "name_words": {e: list(v) for e, v in ix.name_words.items()},
        "name_norms": ix.name_norms,
        "entries": [
            {
                k: m[k]
                for k in ("id", "kind", "game", "editions", "names", "cost", "types", "answers", "corrected")
                if k in m
            }
            for m in ix.entries.values()
        ],
        "units": [
            [
                uid,
                entry,
                units.part_codes[d],
                units[uid]["ruling"],
                list(units.editions_of(d)),
                sorted(units[uid]["mentions"]),
                int(bool(units[uid]["text"])),
            ]
            for d, (uid, entry) in enumerate(docs)
        ],
        "parts": list(_parts()),
        "question_of": list(ix.question_of),
        "impacts": impacts,
        "pinyin_terms": list(ix.pinyin_terms),
        "fold_words": fold_words,
        "fold_word_list": list(word_ids),
    }


def _described_words() -> dict[str, Any]:
    """`VOCABULARY.described` as JSON: word lists sorted, mappings of word -> list."""
    return {
        name: sorted(value) if isinstance(value, frozenset) else {k: list(v) for k, v in value.items()}
        for name, value in vars(VOCABULARY.described).items()
    }


def _parts() -> tuple[str, ...]:
    from index.store import PARTS

    return tuple(PARTS)


def export_texts(search_index: SearchIndex, lang: str) -> list[str]:
    """Each unit's passage in `lang`, in document order: what offline snippets are cut from
    (`index.passages`)."""
    o = search_index.opened
    return [o.passages.passage(uid, lang) for uid, _ in o.units.docnum_units.values()]
