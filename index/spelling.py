"""Typo tolerance: English words by edit distance (rapidfuzz), Chinese names by pinyin.

Pure functions over the index's vocabulary and lexicon; they return corrections, never raise.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import OSA

from index.lexicon import NameForm
from index.pinyin import readings
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


MAX_EDITS = 2  # the most `max_typos` allows (and `deletions` makes)
MAX_NEAR = 20  # the closest words weighed against each other (fewest edits, then vocabulary order)


def deletions(word: str, most: int) -> list[str]:
    """The word and the strings made by deleting up to `most` (at most 2) of its characters;
    a string may come more than once."""
    n = len(word)
    out = [word]
    if most >= 1:
        out += [word[:i] + word[i + 1 :] for i in range(n)]
    if most >= 2:
        out += [word[:i] + word[i + 1 : j] + word[j + 1 :] for i in range(n) for j in range(i + 1, n)]
    return out


class SpellingVocabulary(dict[str, int]):
    """The English vocabulary (word -> count) with its words' deletions (`deletions`, MAX_EDITS
    deep) indexed: two strings within k edits of each other (OSA: insert, delete, substitute, swap
    two neighbours) both reach one string by deleting at most k characters each, so the words
    near a word are among those sharing one of its deletions. A typo is then compared with those
    few words rather than with the whole vocabulary (a scan costs about 80 us a word)."""

    def __init__(self, counts: Mapping[str, int], common: Iterable[str] = ()):
        super().__init__(counts)
        # ordinary English words typed on purpose, never corrected ('sister', not 'silver';
        # `index.common_words`): the corpus lacks them, so they looked like typos of its words
        self.common = frozenset(common)
        self._words = tuple(self)
        by_deletion: dict[str, list[int]] = {}
        for i, w in enumerate(self._words):
            for d in deletions(w, MAX_EDITS):
                by_deletion.setdefault(d, []).append(i)
        self._by_deletion = {d: tuple(ws) for d, ws in by_deletion.items()}

    def near(self, word: str, limit: int) -> list[tuple[str, int]]:
        """(word, edits) of the MAX_NEAR vocabulary words within `limit` (<= MAX_EDITS) edits,
        fewest edits first, then in vocabulary order (as `rapidfuzz.process.extract` over it)."""
        found = {i for d in deletions(word, limit) for i in self._by_deletion.get(d, ())}
        scored = []
        for i in found:
            edits = OSA.distance(word, self._words[i], score_cutoff=limit)
            if edits <= limit:
                scored.append((edits, i))
        return [(self._words[i], edits) for edits, i in sorted(scored)[:MAX_NEAR]]


RARE_WORD = 2  # a word players wrote this often at most, and never a rules text more often...
RARE_WORD_LENGTH = 5  # ... this long at least, one edit from a name's word, is that name misspelt
# (from 4 letters, 'dock', 'cast' and 'fast' would be read as Deck, cost and Feast)


def correct_english(word: str, vocab: SpellingVocabulary) -> str | None:
    """The closest vocabulary word within `max_typos`, preferring fewer edits, then frequent
    words (names weigh most); None when `word` is known, an ordinary English word
    (`SpellingVocabulary.common`) or nothing is close. But a known word that
    is rare (a misspelling the players' questions hold, 'assasin') and one edit from a word of a
    card's or term's name is that name misspelt (`_rare_name_typo`), and so is a plural whose
    singular is (`_name_plural_typo`)."""
    limit = max_typos(word)
    if limit == 0 or not word.isalpha() or word in vocab.common:
        return None
    if word in vocab:
        return _rare_name_typo(word, vocab)
    found = vocab.near(word, limit)
    if found:
        word_out, distance = min(found, key=lambda m: (m[1], vocab[m[0]] < NAME_WEIGHT, -vocab[m[0]], m[0]))
        if vocab[word_out] >= NAME_WEIGHT:
            return word_out
        # Plain words of the rules text: only near-certain fixes, so an ordinary English word the
        # corpus lacks ('multiple') is not "corrected" into a different one ('multiply').
        if distance == 1 and len(word) >= 6 and vocab[word_out] >= 3 and not _plausible_english(word):
            return word_out
    return _name_plural_typo(word, vocab)


def _name_plural_typo(word: str, vocab: SpellingVocabulary) -> str | None:
    """A plural whose singular is a name's word misspelt inside (first and last letters kept, as
    in `_rare_name_typo`): 'mecrhants' is 'merchants', though the plural itself, written by a
    player or two, weighs as a plain word; 'sounds' is no 'rounds'. Its plural form if the
    vocabulary has it, else the name's word."""
    base = word[:-1]
    if not word.endswith("s") or base in vocab or max_typos(base) == 0:
        return None
    names = [
        (edits, w)
        for w, edits in vocab.near(base, max_typos(base))
        if vocab[w] >= NAME_WEIGHT and _ends_kept(base, w)
    ]
    if not names:
        return None
    _, right = min(names, key=lambda m: (m[0], -vocab[m[1]], m[1]))
    return right + "s" if right + "s" in vocab else right


def _rare_name_typo(word: str, vocab: SpellingVocabulary) -> str | None:
    """The name's word a rare known word misspells: one edit away, inside the word (a typo
    keeps the first and last letters: 'thorne' is 'throne', 'switch' is no 'witch', 'marker' no
    'market'), and not a word that reads as real English ('seating' is no 'setting')."""
    if vocab[word] > RARE_WORD or len(word) < RARE_WORD_LENGTH or _plausible_english(word):
        return None
    names = [
        w
        for w, edits in vocab.near(word, 1)
        if edits == 1 and vocab[w] >= NAME_WEIGHT and _ends_kept(word, w)
    ]
    return min(names, key=lambda w: (-vocab[w], w)) if names else None


def _ends_kept(typed: str, word: str) -> bool:
    """Whether `typed` keeps `word`'s first and last letters, as most typos do."""
    return (typed[0], typed[-1]) == (word[0], word[-1])


def by_length(keys: Iterable[str]) -> dict[int, tuple[str, ...]]:
    """Keys grouped by length: a word is only compared with keys it could be a few edits from."""
    out: dict[int, list[str]] = {}
    for k in keys:
        out.setdefault(len(k), []).append(k)
    return {n: tuple(sorted(ks)) for n, ks in out.items()}


def correct_pinyin(word: str, keys: Mapping[int, Sequence[str]]) -> str | None:
    """The full pinyin of a name within one edit (two from 8 letters): 'tushugaun' -> 'tushuguan'.
    `keys`: the names' pinyin by length (`by_length`); an edit changes the length by one at most."""
    if len(word) < 5 or not word.isalpha():
        return None
    limit = 1 if len(word) < 8 else 2
    near = [k for n in range(len(word) - limit, len(word) + limit + 1) for k in keys.get(n, ())]
    found = process.extract(word, near, scorer=OSA.distance, score_cutoff=limit, limit=5)
    return min(found, key=lambda m: (m[1], m[0]))[0] if found else None


_ENGLISH_ENDINGS = ("ing", "ed", "ly", "ple", "tion", "ment", "ness", "able", "ible", "ous", "ive", "ful")


def _plausible_english(word: str) -> bool:
    """A crude guess that an unknown word is a real English word rather than a typo."""
    return word.endswith(_ENGLISH_ENDINGS)


MAX_NAME_CHARS = 6  # longer names (FAQ questions) are not typo-corrected
MAX_CORRECTED_RUN = 60  # Chinese runs longer than this are not checked for typos


def pinyin_table(forms: Iterable[NameForm]) -> dict[tuple[str, str], list[NameForm]]:
    """Chinese names of 2-6 characters keyed by their first two syllables, longest first."""
    table: dict[tuple[str, str], list[NameForm]] = {}
    for f in forms:
        if f.chinese and 2 <= len(f.norm) <= MAX_NAME_CHARS and len(f.sylls) == len(f.norm):
            table.setdefault((f.sylls[0], f.sylls[1]), []).append(f)
    for names in table.values():
        names.sort(key=lambda f: (-len(f.norm), f.norm))
    return table


def sounds_like_a_name(word: str, table: Mapping[tuple[str, str], list[NameForm]]) -> bool:
    """Whether `word` (Chinese) can be read as a name of `table` (`pinyin_table`) of its length
    that it is not: the runs `correct_chinese` would weigh correcting (一元 as 医院)."""
    if len(word) < 2:
        return False
    second = readings(word[1])
    return any(
        len(f.norm) == len(word) and f.norm != word and _sounds_like(word, 0, f)
        for r in readings(word[0])
        for r2 in second
        for f in table.get((r, r2), ())
    )


def _sounds_like(run: str, i: int, f: NameForm) -> bool:
    """Whether the characters of `run` from `i` can be read as the name's syllables."""
    n = len(f.sylls)
    return i + n <= len(run) and all(f.sylls[k] in readings(run[i + k]) for k in range(n))


def word_boundaries(words: Iterable[str]) -> set[int]:
    """Offsets where a segmented run's words start and end."""
    out, pos = {0}, 0
    for w in words:
        pos += len(w)
        out.add(pos)
    return out


def correct_chinese(
    text: str,
    table: Mapping[tuple[str, str], list[NameForm]],
    is_word,
    segment,
    stop_words: frozenset[str] = frozenset(),
) -> list[Correction]:
    """Names that a run of the query's characters can be read as (any reading of each
    character), where that run is neither the name itself nor a known word and does not cut
    through one (刺课 -> 刺客, 王坐厅 -> 王座厅; but 地区的 keeps 区的, not 取得); nor is it two
    characters one of which is a stop word (等他 is 'wait for him', not 灯塔; 管了, 的交).
    `is_word(str) -> bool` asks the dictionaries; `segment(str) -> list[str]` splits a run."""
    out: list[Correction] = []
    for run in CJK_RUN.findall(text):
        if len(run) > MAX_CORRECTED_RUN:
            continue  # a pasted paragraph, not a typed name
        bounds: set[int] | None = None  # segmented only when a near-name needs checking
        i = 0
        while i < len(run) - 1:  # a name has two characters at least
            step = 1
            second = readings(run[i + 1])
            candidates = [
                f
                for r in readings(run[i])
                for r2 in second
                for f in table.get((r, r2), ())
                if _sounds_like(run, i, f)
            ]
            for f in sorted(candidates, key=lambda f: (-len(f.norm), f.norm)):
                window = run[i : i + len(f.norm)]
                if window == f.norm or any(c.norm == window for c in candidates):
                    step = len(f.norm)
                    break
                if is_word(window) or (len(window) == 2 and not stop_words.isdisjoint(window)):
                    continue  # a word; or two, one a stop word (等他)
                if bounds is None:
                    bounds = word_boundaries(segment(run))
                if i not in bounds or i + len(window) not in bounds:
                    continue
                out.append(Correction(window, f.norm, f.entry))
                step = len(f.norm)
                break
            i += step
    return out
