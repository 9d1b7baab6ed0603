"""Script conversion (OpenCC) and folding of text for matching.

Conversions used:
- `to_simplified`: Taiwan Traditional -> Simplified (`tw2s`, character and variant conversion only;
  `tw2sp` would also rewrite Taiwan vocabulary into mainland words, which changes game terms).
- `to_traditional`: Simplified -> Traditional with Taiwan character forms (`s2tw`, not `s2twp`).
- `fold`: a matching key only (never displayed): Simplified, full-width folded to ASCII, lower
  case, punctuation and whitespace removed.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import opencc


@lru_cache(maxsize=4)
def _converter(config: str) -> opencc.OpenCC:
    return opencc.OpenCC(config)


def to_simplified(text: str) -> str:
    return _converter("tw2s").convert(text)


# Characters after which a Simplified 只 is the measure word 隻 ("一只猫"); everywhere else in
# rules text it is the adverb "only" (只能, 最多只, 但是只有), which stays 只.
_MEASURE_BEFORE = set("一两二三四五六七八九十几每半某这那哪")


def to_traditional(text: str) -> str:
    """OpenCC s2tw, then undo its one known slip in rules text: after 是/多 it reads the adverb
    只 ("only") as the measure word 隻 (但是只能 -> 但是隻能, 最多只能 -> 最多隻能)."""
    converted = _converter("s2tw").convert(text)
    if len(converted) != len(text) or "隻" not in converted:
        return converted
    chars = list(converted)
    for i, (src, out) in enumerate(zip(text, converted, strict=True)):
        if src == "只" and out == "隻" and not (i and text[i - 1] in _MEASURE_BEFORE):
            chars[i] = "只"
    return "".join(chars)


def is_word_char(ch: str) -> bool:
    """Letters, digits and CJK ideographs: the characters that carry meaning for matching."""
    cat = unicodedata.category(ch)
    return cat[0] in "LN"


def fold_char(ch: str) -> str:
    """Width-fold and lower-case one character (NFKC maps full-width forms to ASCII)."""
    return unicodedata.normalize("NFKC", ch).lower()


def to_simplified_same_length(text: str) -> str:
    """`to_simplified`, guaranteed to keep the length (falls back to per-character conversion)."""
    converted = to_simplified(text)
    if len(converted) == len(text):
        return converted
    out = []
    for ch in text:
        c = to_simplified(ch)
        out.append(c if len(c) == 1 else ch)
    return "".join(out)


def fold(text: str) -> str:
    """The matching key of `text`: Simplified, width-folded, lower case, word characters only."""
    simplified = to_simplified_same_length(text)
    return "".join(f for ch in simplified if is_word_char(ch) for f in fold_char(ch))


def fold_with_index(text: str) -> tuple[str, tuple[int, ...]]:
    """`fold(text)` plus, for every folded character, its index in `text`."""
    simplified = to_simplified_same_length(text)
    chars: list[str] = []
    index: list[int] = []
    for i, ch in enumerate(simplified):
        if not is_word_char(ch):
            continue
        for f in fold_char(ch):
            chars.append(f)
            index.append(i)
    return "".join(chars), tuple(index)


def is_cjk(ch: str) -> bool:
    """CJK ideographs, CJK punctuation and full-width forms."""
    code = ord(ch)
    return (
        0x3000 <= code <= 0x303F
        or 0x3400 <= code <= 0x9FFF
        or 0xF900 <= code <= 0xFAFF
        or 0xFF00 <= code <= 0xFFEF
        or 0x2014 <= code <= 0x201D  # — ‘ ’ “ ”
        or code == 0x2026  # …
    )


def tidy_chinese(text: str) -> str:
    """Remove spaces between two CJK characters (YAML line folding inserts a space there; seed 003
    has stray ones mid-line). A line break is a paragraph break and stays (without the spaces
    around it)."""
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            j = i
            while j < len(text) and text[j].isspace():
                j += 1
            if out and j < len(text) and is_cjk(out[-1]) and is_cjk(text[j]):
                if "\n" in text[i:j]:
                    out.append("\n" * min(2, text.count("\n", i, j)))
                i = j
                continue
            out.append(text[i:j])
            i = j
            continue
        out.append(ch)
        i += 1
    return "".join(out)
