"""Tokenisers for normalised text: jieba (search mode) for Chinese runs, an ASCII tokenizer with
Porter stemming for everything else. Positions are simply list order (sequential).

A `Tokeniser` owns its own `jieba.Tokenizer` (never the module-level default), loaded with the
game dictionary: the fixed game terms below plus every name, alias and term of the dataset.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

import jieba
from whoosh.lang.porter import stem

from index.normalise import normalise
from index.vocabulary import VOCABULARY

jieba.setLogLevel(logging.WARNING)

# Words jieba must never split (the dataset adds every name and alias), and words its own
# dictionary glues across a boundary (牌库里 must be 牌库/里): both from index/vocabulary.yaml.
GAME_TERMS: tuple[str, ...] = VOCABULARY.terms
REMOVED_WORDS: tuple[str, ...] = VOCABULARY.removed_words

CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff]+")
_ASCII_TOKEN = re.compile(r"\+\d+|\$\d+|[0-9a-z]+(?:'[a-z]+)?")

# The segmenters a language of corpus.languages may name (its `segmenter`): "words" cuts Latin
# text into ASCII words (Porter stems), "jieba" Chinese runs with jieba. Text is cut by script,
# whatever the reader's language; a language in another script needs a segmenter added here.
SEGMENTERS: tuple[str, ...] = ("words", "jieba")

EN_STOPWORDS = VOCABULARY.en_stopwords
ENGLISH_FORMS = VOCABULARY.english_forms  # 'tied' -> 'tie': read as the base word before stemming
ZH_STOPWORDS = VOCABULARY.zh_stopwords


# A Chinese count ('三张', '八个', '两人', '第八') beside the digits the rulebooks often use
# ('3张', '第8 个'): search mode adds the number as its own token, as the ASCII tokenizer gives.
_COUNT = re.compile(r"第?([二两三四五六七八九十]{1,3})[个张枚次堆人名分种位轮块点]?")
_DIGITS = {"二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


def chinese_count(token: str) -> str | None:
    """'三张' -> '3', '第八' -> '8', '十二' -> '12'; None for anything else (and for 一: 'a card')."""
    m = _COUNT.fullmatch(token)
    if m is None:
        return None
    digits = m.group(1)
    if "十" not in digits:
        return str(_DIGITS[digits]) if len(digits) == 1 else None
    tens, _, ones = digits.partition("十")
    if "十" in ones or (tens and tens not in _DIGITS) or (ones and ones not in _DIGITS):
        return None
    return str((_DIGITS[tens] if tens else 1) * 10 + (_DIGITS[ones] if ones else 0))


def english_words(text: str) -> list[str]:
    """Lower-case ASCII words of normalised text, unstemmed ('+1' and '$3' kept whole)."""
    return _ASCII_TOKEN.findall(text)


@lru_cache(maxsize=16384)
def english_token(word: str) -> str:
    """Index form of one ASCII word: the Porter stem of its base word ('tied' -> 'tie' -> 'tie',
    `ENGLISH_FORMS`); numbers and '+1' unchanged."""
    return word if not word.isalpha() else stem(ENGLISH_FORMS.get(word, word))


KEPT_GRAPHS = 1024  # runs whose word graph and best path a tokeniser keeps (`_GraphKeepingJieba`)


class _GraphKeepingJieba(jieba.Tokenizer):
    """jieba, keeping the word graph (`get_DAG`) and best path (`calc`) of the last KEPT_GRAPHS
    runs once its dictionary is final (`keep_graphs`): a query's runs are cut in search mode,
    then again in precise mode (its stop words, its spelling), and both modes walk the same
    path; the second cut then reads it instead of working it out again."""

    _kept = None  # sentence -> (graph, path), once the dictionary is final

    def keep_graphs(self) -> None:
        self._kept = lru_cache(maxsize=KEPT_GRAPHS)(self._graph_and_path)

    def _graph_and_path(self, sentence: str) -> tuple[dict, dict]:
        graph = super().get_DAG(sentence)
        path: dict = {}
        super().calc(sentence, graph, path)
        return graph, path

    def get_DAG(self, sentence: str) -> dict:  # noqa: N802 (jieba's name)
        return super().get_DAG(sentence) if self._kept is None else self._kept(sentence)[0]

    def calc(self, sentence: str, DAG: dict, route: dict) -> None:  # noqa: N803 (jieba's names)
        kept = None if self._kept is None else self._kept(sentence)
        if kept is not None and kept[0] is DAG:
            route.update(kept[1])  # jieba reads the path it is given, never changes it
        else:
            super().calc(sentence, DAG, route)


# A reduced base dictionary: (word, frequency) pairs and the full dictionary's total frequency.
BaseDictionary = tuple[tuple[tuple[str, int], ...], int]


@dataclass(frozen=True)
class Tokeniser:
    """Segments normalised text. `words` is the game dictionary added to jieba; `base`, when
    given, replaces jieba's 350,000-word dictionary by the part of it the corpus uses (see
    `corpus_dictionary`), which segments the corpus identically and loads ten times faster."""

    words: tuple[str, ...] = GAME_TERMS
    base: BaseDictionary | None = None
    _jieba: _GraphKeepingJieba = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        tk = _GraphKeepingJieba()
        if self.base is None:
            tk.initialize()
        else:
            entries, total = self.base
            lines = "".join(f"{w} {f}\n" for w, f in entries).encode("utf-8")
            tk.FREQ, _ = tk.gen_pfdict(io.BytesIO(lines))
            tk.total = total
            tk.initialized = True
        for w in self.words:
            if len(w) > 1 and (self.base is None or not tk.FREQ.get(w)):  # a base holds those it saw
                tk.add_word(w, freq=max(tk.suggest_freq(w, False), 1000))
        for w in REMOVED_WORDS:
            tk.del_word(w)
        if self.base is not None:
            tk.total = self.base[1]  # the full dictionary's total, so word probabilities are unchanged
        tk.keep_graphs()
        object.__setattr__(self, "_jieba", tk)

    def corpus_dictionary(self, texts: Iterable[str]) -> BaseDictionary:
        """Every dictionary word that occurs in the normalised `texts` (jieba's full mode lists
        all of them), with its frequency: enough to segment those texts exactly as now."""
        freq = self._jieba.FREQ
        found: set[str] = set()
        for text in texts:
            for run in CJK_RUN.findall(text):
                found.update(w for w in self._jieba.cut(run, cut_all=True) if freq.get(w, 0) > 0)
                found.update(run)  # single characters keep their own frequencies
        entries = tuple(sorted((w, int(freq[w])) for w in found if freq.get(w, 0) > 0))
        return entries, int(self._jieba.total)

    def dictionary(self) -> list[tuple[str, int]]:
        """Every word of jieba's dictionary (with the game words) and its count."""
        return [(w, int(f)) for w, f in self._jieba.FREQ.items() if f > 0]

    def knows(self, word: str) -> bool:
        """Whether jieba's dictionary (with the game words) holds `word`."""
        return self._jieba.FREQ.get(word, 0) > 0

    def segments(self, text: str) -> list[tuple[str, str]]:
        """Split normalised text into ('zh'|'en', run) pieces in order."""
        pieces: list[tuple[str, str]] = []
        pos = 0
        for m in CJK_RUN.finditer(text):
            if m.start() > pos:
                pieces.append(("en", text[pos : m.start()]))
            pieces.append(("zh", m.group()))
            pos = m.end()
        if pos < len(text):
            pieces.append(("en", text[pos:]))
        return pieces

    def search_tokens(self, text: str, *, stop: bool = False) -> list[str]:
        """Search-mode tokens of normalised text (long words plus their known sub-words). A
        word jieba's HMM made up (牌放 of 牌放哪, 要花) is followed by its dictionary pieces
        (牌, 放; 要, 花), so the words a player typed still match the texts."""
        out: list[str] = []
        for kind, run in self.segments(text):
            if kind == "zh":
                toks = [t for t in self._jieba.cut_for_search(run, HMM=True) if t.strip()]
                for t in toks:
                    if not (stop and t in ZH_STOPWORDS):
                        out.append(t)
                        count = chinese_count(t)
                        if count:
                            out.append(count)
                    if len(t) > 1 and not self.knows(t):
                        out += [p for p in self._jieba.cut(t, HMM=False) if not (stop and p in ZH_STOPWORDS)]
            else:
                out.extend(english_token(w) for w in english_words(run) if not (stop and w in EN_STOPWORDS))
        return out

    def exact_tokens(self, text: str) -> list[str]:
        """Precise-mode tokens (no overlaps) of normalised text, for phrase matching."""
        out: list[str] = []
        for kind, run in self.segments(text):
            if kind == "zh":
                out.extend(t for t in self._jieba.cut(run, HMM=False) if t.strip())
            else:
                out.extend(english_token(w) for w in english_words(run))
        return out

    def stop_chars(self, text: str) -> int:
        """How many characters of normalised `text` are Chinese stop words (precise-mode words in
        ZH_STOPWORDS): particles like 的, 嘅, 係咪, 㗎 that say how a question is put, not what it asks."""
        n = 0
        for kind, run in self.segments(text):
            if kind == "zh":
                n += sum(len(t) for t in self._jieba.cut(run, HMM=False) if t in ZH_STOPWORDS)
        return n

    def chinese_words(self, text: str) -> list[str]:
        """Precise-mode Chinese words only (used for spelling checks)."""
        return [
            t for kind, run in self.segments(text) if kind == "zh" for t in self._jieba.cut(run, HMM=False)
        ]


@lru_cache(maxsize=4)
def get_tokeniser(words: tuple[str, ...] = GAME_TERMS, base: BaseDictionary | None = None) -> Tokeniser:
    """A shared, read-only tokeniser for a given dictionary (jieba loads once per process)."""
    return Tokeniser(words, base)


def tokenise(text: str, words: Iterable[str] | None = None) -> list[str]:
    """Normalise `text` and return its search-mode tokens (game terms plus any extra `words`)."""
    vocab = GAME_TERMS if words is None else tuple(sorted(set(GAME_TERMS) | {normalise(w) for w in words}))
    return get_tokeniser(vocab).search_tokens(normalise(text))
