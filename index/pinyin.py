"""Pinyin keys for Chinese names: full pinyin, initials and per-character syllables."""

from __future__ import annotations

from functools import lru_cache

from pypinyin import Style, lazy_pinyin, load_phrases_dict, pinyin
from pypinyin.constants import PHRASES_DICT

# Readings pypinyin gets wrong for the games' names.
PHRASE_FIXES: dict[str, list[list[str]]] = {
    "重塑": [["chóng"], ["sù"]],
    "重建": [["chóng"], ["jiàn"]],
}


@lru_cache(maxsize=1)
def _ensure_fixes() -> bool:
    load_phrases_dict(PHRASE_FIXES)
    return True


def syllables(text: str) -> list[str]:
    """Tone-less syllables of Chinese text, one per character (non-Chinese chars are kept as-is)."""
    _ensure_fixes()
    out: list[str] = []
    for piece in lazy_pinyin(text, errors=lambda s: list(s)):
        out.append(piece)
    return out


def full_pinyin(text: str) -> str:
    """'图书馆' -> 'tushuguan'."""
    return "".join(syllables(text)).lower()


def initials(text: str) -> str:
    """'图书馆' -> 'tsg' (first letter of each syllable)."""
    _ensure_fixes()
    return "".join(lazy_pinyin(text, style=Style.FIRST_LETTER, errors=lambda s: list(s))).lower()


def is_common_phrase(text: str) -> bool:
    """Whether pypinyin's phrase list (about 47,000 everyday words) holds `text`: such words
    are not typos even when they sound like a card name (过往 is not 国王)."""
    return text in PHRASES_DICT


@lru_cache(maxsize=16384)
def readings(char: str) -> frozenset[str]:
    """Every tone-less reading of one character (行 -> {'xing', 'hang', ...}); itself if none."""
    _ensure_fixes()
    found = pinyin(char, style=Style.NORMAL, heteronym=True, errors=lambda s: [s])
    return frozenset(r.lower() for r in (found[0] if found else [char]))
