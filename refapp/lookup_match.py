"""Match what the OCR read against our own card names (every script, aliases), nothing else.

Pure functions, no Flask, no OCR: lines in, ranked candidates out. A card's title is the largest
text on it, so a line's score is its name similarity weighted by its glyph size; the card text in
the text box is smaller and long, so a card named inside another card's text does not win.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from statistics import median

import opencc
from rapidfuzz import fuzz

from refapp.lookup_ocr import TextLine

KINGDOM_MIN = 0.8  # a line names a card in a kingdom photo when it is at least this close
SINGLE_MIN = 0.35  # below this a candidate is not worth showing


@dataclass(frozen=True)
class Name:
    entry_id: str
    game: str
    text: str  # normalised
    shown: str  # as printed


@dataclass(frozen=True)
class Candidate:
    entry_id: str
    game: str
    score: float  # 0..1
    read: str  # the line it was read from


@lru_cache(maxsize=1)
def _to_simplified() -> opencc.OpenCC:
    return opencc.OpenCC("t2s")


def normalise(text: str) -> str:
    """NFKC, lower case, letters only (spaces, punctuation, digits and symbols dropped), Chinese in
    Simplified characters: the OCR may read a variant (鎭 for 鎮) or the other script's character."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] == "L")
    return _to_simplified().convert(text) if not text.isascii() else text


def build_names(rows: Iterable[tuple[str, str, Iterable[str]]]) -> tuple[Name, ...]:
    """``rows``: (entry id, game, every name and alias). Empty and duplicate names are dropped."""
    out: list[Name] = []
    seen: set[tuple[str, str]] = set()
    for entry_id, game, names in rows:
        for shown in names:
            key = normalise(shown or "")
            if key and (entry_id, key) not in seen:
                seen.add((entry_id, key))
                out.append(Name(entry_id, game, key, shown))
    return tuple(out)


def similarity(read: str, name: str) -> float:
    """How well one normalised line reads as one normalised name, 0..1.

    Whole-line similarity; a line somewhat longer than the name (a cost or a stray mark read with
    the title) also scores by the best-matching part, a little lower.
    """
    if not read or not name:
        return 0.0
    whole = fuzz.ratio(read, name) / 100
    if len(read) > len(name) and len(read) <= 2 * len(name) + 2:
        whole = max(whole, 0.9 * fuzz.partial_ratio(name, read) / 100)
    return whole


CONTEXT_WEIGHT = 0.1  # how much the rest of the card (its text box) counts, to part same-named cards


def rank(lines: list[TextLine], names: tuple[Name, ...], game: str | None = None,
         limit: int = 3, texts: dict[str, str] | None = None) -> list[Candidate]:
    """Best ``limit`` entries for a photo of one card, best first.

    ``texts``: each entry's card text (all scripts, normalised). The close candidates are told
    apart by how well the other lines read as their card text (Witch and Library are cards of both
    games).
    """
    usable = [(line, normalise(line.text)) for line in lines]
    usable = [(line, t) for line, t in usable if t]
    if not usable:
        return []
    tallest = max(line.height for line, _ in usable) or 1.0
    best: dict[str, Candidate] = {}
    for line, text in usable:
        weight = 0.55 + 0.45 * min(1.0, line.height / tallest)
        for name in names:
            if game and name.game != game:
                continue
            score = similarity(text, name.text) * weight
            cur = best.get(name.entry_id)
            if cur is None or score > cur.score:
                best[name.entry_id] = Candidate(name.entry_id, name.game, round(score, 3), line.text)
    ranked = sorted(best.values(), key=lambda c: (-c.score, c.entry_id))
    if texts and ranked:
        top = ranked[0].score
        body = "".join(t for line, t in usable if line.text != ranked[0].read)[:300]
        close = [c for c in ranked if c.score >= top - CONTEXT_WEIGHT][: 2 * limit]
        if body and len(close) > 1:
            def lifted(c: Candidate) -> Candidate:
                context = fuzz.partial_ratio(body, texts.get(c.entry_id, "")) / 100 if len(body) > 3 else 0.0
                score = round(c.score + CONTEXT_WEIGHT * (context - 1), 3)
                return Candidate(c.entry_id, c.game, score, c.read)
            rest = [c for c in ranked if c not in close]
            ranked = sorted((lifted(c) for c in close), key=lambda c: (-c.score, c.entry_id)) + rest
    return [c for c in ranked if c.score >= SINGLE_MIN][:limit]


@dataclass(frozen=True)
class KingdomRead:
    cards: list[Candidate]  # in table order (rows top to bottom, left to right)
    unread: list[str]  # title-sized lines that named none of the cards


def kingdom(lines: list[TextLine], names: tuple[Name, ...], allowed: set[str], size: int = 10) -> KingdomRead:
    """Every card of ``allowed`` named by a line of a photo of several cards (at most ``size``)."""
    names = tuple(n for n in names if n.entry_id in allowed)
    found: dict[str, tuple[Candidate, TextLine]] = {}
    misses: list[TextLine] = []
    for line in lines:
        text = normalise(line.text)
        if not text:
            continue
        scored = [(similarity(text, n.text), n) for n in names]
        score, name = max(scored, key=lambda s: s[0], default=(0.0, None))
        if name is not None and score >= KINGDOM_MIN:
            cur = found.get(name.entry_id)
            if cur is None or score > cur[0].score:
                found[name.entry_id] = (Candidate(name.entry_id, name.game, round(score, 3), line.text), line)
        else:
            misses.append(line)
    chosen = sorted(found.values(), key=lambda cl: -cl[0].score)[:size]
    heights = [line.height for _, line in chosen]
    title = median(heights) if heights else 0.0
    unread = [m.text for m in misses
              if title and 0.75 * title <= m.height <= 1.5 * title and len(m.text) <= 24]
    row = title * 3 if title else 1.0
    chosen.sort(key=lambda cl: (round(cl[1].y / row), cl[1].x))
    return KingdomRead([c for c, _ in chosen], unread)
