"""Text normalisation shared by indexing and querying.

Every piece of text, on both sides, goes through `normalise`: OpenCC Taiwan/Traditional to
canonical Simplified (character conversion `tw2s`, never the vocabulary-rewriting `tw2sp`),
Unicode NFKC (full-width to half-width), case folding, control characters and punctuation to
spaces. `normalise_with_map` does the same character by character and keeps, for every output
character, the index of the input character it came from (used to mark matches in snippets).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import opencc

# Characters that keep their meaning in game text: "+1 Action", "$3", "cost<=4" are handled by
# the query parser before normalisation, so only + and $ survive here.
_KEEP = frozenset("+$")
_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=1)
def _converter() -> opencc.OpenCC:
    return opencc.OpenCC("tw2s")


# Characters where Simplified -> Traditional -> Simplified does not come back: tw2s turns an
# already-Simplified 么 into 幺 (么 is also a Traditional variant of 幺), and s2tw writes 了望
# as 瞭望, which tw2s keeps. Folding them keeps a query and its script twin identical.
_SIMPLIFIED_FIXES = str.maketrans({"幺": "么", "瞭": "了"})


@lru_cache(maxsize=1)
def _to_traditional() -> opencc.OpenCC:
    return opencc.OpenCC("s2tw")


def to_traditional(text: str) -> str:
    """OpenCC `s2tw` (characters only), for text we generate, such as "did you mean"."""
    return _to_traditional().convert(text)


def to_simplified(text: str) -> str:
    """OpenCC `tw2s` conversion only (no folding). ASCII text converts to itself, without OpenCC's call."""
    if text.isascii():
        return text
    return _converter().convert(text).translate(_SIMPLIFIED_FIXES)


@lru_cache(maxsize=65536)
def _fold_char(ch: str) -> str:
    """Fold one already-converted character: NFKC, casefold, punctuation/controls to a space."""
    out = []
    for c in unicodedata.normalize("NFKC", ch).casefold():
        cat = unicodedata.category(c)
        if c in _KEEP or cat[0] in "LN":
            out.append(c)
        else:  # punctuation, symbols (emoji), separators, controls, marks
            out.append(" ")
    return "".join(out)


def normalise(text: str) -> str:
    """Canonical form of `text`: Simplified, half-width, case-folded, punctuation-free, single-spaced."""
    converted = to_simplified(unicodedata.normalize("NFKC", text))
    folded = "".join(map(_fold_char, converted))
    return _SPACES.sub(" ", folded).strip()


@lru_cache(maxsize=8192)
def _fold_single(ch: str) -> str:
    return _fold_char(to_simplified(ch))


@lru_cache(maxsize=4096)
def normalise_with_map(text: str) -> tuple[str, tuple[int, ...]]:
    """Character-wise normalisation (no space squeezing) and, per output char, its source index."""
    chars: list[str] = []
    origin: list[int] = []
    for i, ch in enumerate(text):
        for c in _fold_single(ch):
            chars.append(c)
            origin.append(i)
    return "".join(chars), tuple(origin)


def whole_word(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] stands as a word: no ASCII letter or digit right before or after
    it (Chinese around it, or a space, or the text's ends, are boundaries)."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    return not (before.isascii() and before.isalnum()) and not (after.isascii() and after.isalnum())
