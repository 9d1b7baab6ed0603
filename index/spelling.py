"""Typo tolerance: English words by edit distance (rapidfuzz), Chinese names by pinyin.

Pure functions over the index's vocabulary and lexicon; they return corrections, never raise.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from index.lexicon import NameForm
from index.pinyin import syllables
from index.tokenise import CJK_RUN

NAME_WEIGHT = 100  # vocabulary count given to words of names and aliases (see builder._english_vocab)


@dataclass(frozen=True)
class Correction:
    wrong: str  # as in the normalised query
    right: str  # replacement
    entry: str | None = None  # entry id when the correction is a name


def max_typos(word: str) -> int:
    """Edits allowed for a word of this length: none below 4 letters, 1 up to 5, else 2."""
    return 0 if len(word) < 4 else 1 if len(word) <= 5 else 2


def correct_english(word: str, vocab: Mapping[str, int]) -> str | None:
    """The closest vocabulary word within `max_typos`, preferring fewer edits, then frequent
    words (names weigh most); None when `word` is known or nothing is close."""
    limit = max_typos(word)
    if word in vocab or limit == 0 or not word.isalpha():
        return None
    found = process.extract(word, vocab.keys(), scorer=Levenshtein.distance, score_cutoff=limit, limit=20)
    if not found:
        return None
    best = min(found, key=lambda m: (m[1], -vocab[m[0]], m[0]))
    word_out, distance = best[0], best[1]
    if vocab[word_out] >= NAME_WEIGHT:
        return word_out
    # Plain words of the rules text: only near-certain fixes, so an ordinary English word the
    # corpus lacks ('multiple') is not "corrected" into a different one ('multiply').
    if distance == 1 and len(word) >= 6 and vocab[word_out] >= 3 and not _plausible_english(word):
        return word_out
    return None


_ENGLISH_ENDINGS = ("ing", "ed", "ly", "ple", "tion", "ment", "ness", "able", "ible", "ous", "ive", "ful")


def _plausible_english(word: str) -> bool:
    """A crude guess that an unknown word is a real English word rather than a typo."""
    return word.endswith(_ENGLISH_ENDINGS)


def pinyin_table(forms: Iterable[NameForm]) -> dict[tuple[str, ...], list[NameForm]]:
    """Chinese name forms of two or more characters keyed by their syllables."""
    table: dict[tuple[str, ...], list[NameForm]] = {}
    for f in forms:
        if f.chinese and len(f.sylls) >= 2 and len(f.sylls) == len(f.norm):
            table.setdefault(f.sylls, []).append(f)
    return table


def correct_chinese(text: str, table: Mapping[tuple[str, ...], list[NameForm]], is_word) -> list[Correction]:
    """Names whose pinyin equals a run of the query's characters that is neither the name itself
    nor a known word (刺课 -> 刺客, 王坐厅 -> 王座厅). `is_word(str) -> bool` asks the dictionary."""
    lengths = sorted({len(k) for k in table}, reverse=True)
    out: list[Correction] = []
    for run in CJK_RUN.findall(text):
        sylls = syllables(run)
        if len(sylls) != len(run):
            continue
        i = 0
        while i < len(run):
            step = 1
            for n in lengths:
                if i + n > len(run):
                    continue
                window = run[i : i + n]
                forms = table.get(tuple(sylls[i : i + n]))
                if not forms or any(f.norm == window for f in forms):
                    if forms:
                        step = n
                        break
                    continue
                if is_word(window):
                    continue
                right = forms[0]
                out.append(Correction(window, right.norm, right.entry))
                step = n
                break
            i += step
    return out
