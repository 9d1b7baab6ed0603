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
class KingdomCard:
    card: Candidate
    sure: bool  # read at least KINGDOM_MIN close; otherwise the best card left, marked for a fix
    choices: list[Candidate]  # other cards this title may be (for the tap-to-fix), best first


@dataclass(frozen=True)
class Unread:
    read: str  # a title-sized line that named no card left
    choices: list[Candidate]


@dataclass(frozen=True)
class KingdomRead:
    cards: list[KingdomCard]  # in table order (rows top to bottom, left to right)
    unread: list[Unread]


@dataclass(frozen=True)
class Piece:
    """One title as read: a line, or two neighbouring lines of one row (a title split in two)."""
    text: str  # normalised
    shown: str
    parts: frozenset[int]  # indices of the lines it is made of
    height: float
    x: float
    y: float


def pieces(lines: list[TextLine]) -> list[Piece]:
    """Every line, and every pair of lines that sit side by side on one row with at most a
    glyph's gap between them (the OCR may find "Throne" and "Room" as two boxes)."""
    out = [Piece(normalise(ln.text), ln.text, frozenset({i}), ln.height, ln.x, ln.y)
           for i, ln in enumerate(lines)]
    for i, a in enumerate(lines):
        for j, b in enumerate(lines):
            if i == j or a.x >= b.x or not a.width or not b.width:
                continue
            h = max(a.height, b.height)
            gap = (b.x - b.width / 2) - (a.x + a.width / 2)
            one_row = abs(a.y - b.y) <= 0.5 * h and min(a.height, b.height) >= 0.7 * h
            if one_row and -0.3 * h <= gap <= 1.2 * h:
                sep = " " if a.text.isascii() and b.text.isascii() else ""
                out.append(Piece(normalise(a.text + b.text), a.text + sep + b.text, frozenset({i, j}),
                                 h, (a.x + b.x) / 2, (a.y + b.y) / 2))
    return [p for p in out if p.text]


KINGDOM_GUESS = 0.5  # a title-sized line this close to a card not yet found is taken, marked unsure
CHOICES = 3


def _scores(piece: Piece, names: tuple[Name, ...]) -> dict[str, tuple[float, Name]]:
    best: dict[str, tuple[float, Name]] = {}
    for n in names:
        sc = similarity(piece.text, n.text)
        if sc > best.get(n.entry_id, (-1.0, n))[0]:
            best[n.entry_id] = (sc, n)
    return best


def kingdom(lines: list[TextLine], names: tuple[Name, ...], allowed: set[str], size: int = 10,
            editions: dict[str, set[str]] | None = None) -> KingdomRead:
    """The cards of a photo of a kingdom: at most ``size`` distinct cards of ``allowed``.

    First every title read at least ``KINGDOM_MIN`` close takes its card (best first; a card and a
    line are used once). Then, while cards are missing, each title-sized line left over takes the
    closest card not yet found if it is at least ``KINGDOM_GUESS`` close, marked unsure; a card of
    the edition the sure cards share wins a near tie (``editions``: edition -> its card ids). Lines
    still left that look like titles are returned as unread, each with the likeliest cards left.
    """
    names = tuple(n for n in names if n.entry_id in allowed)
    all_pieces = pieces(lines)
    scored = [(p, _scores(p, names)) for p in all_pieces]
    ranked = sorted(((sc, p, n) for p, by in scored for sc, n in by.values() if sc >= KINGDOM_MIN),
                    key=lambda t: (-t[0], len(t[1].parts)))
    used: set[int] = set()
    found: dict[str, tuple[KingdomCard, Piece]] = {}
    for sc, p, n in ranked:
        if len(found) >= size:
            break
        if n.entry_id in found or p.parts & used:
            continue
        used |= p.parts
        found[n.entry_id] = (KingdomCard(Candidate(n.entry_id, n.game, round(sc, 3), p.shown), True, []), p)
    heights = [p.height for _, p in found.values()]
    title = median(heights) if heights else max((ln.height for ln in lines), default=0.0)

    def title_sized(p: Piece) -> bool:
        return bool(title) and 0.75 * title <= p.height <= 1.5 * title and len(p.shown) <= 24

    edition = None
    if editions and found:
        fits = [ed for ed, ids in editions.items() if set(found) <= ids]
        edition = editions[fits[0]] if len(fits) == 1 else None

    def choices(by: dict[str, tuple[float, Name]]) -> list[Candidate]:
        left = [(sc + (0.02 if edition and eid in edition else 0.0), sc, n)
                for eid, (sc, n) in by.items() if eid not in found]
        left.sort(key=lambda t: (-t[0], t[2].entry_id))
        return [Candidate(n.entry_id, n.game, round(sc, 3), "") for _, sc, n in left[:CHOICES]]

    def again(by: dict[str, tuple[float, Name]]) -> bool:  # a second sight of a card found
        return any(by[eid][0] >= KINGDOM_MIN for eid in found if eid in by)

    leftovers = [(p, by) for p, by in scored
                 if len(p.parts) == 1 and not p.parts & used and title_sized(p) and not again(by)]
    guesses = []
    for p, by in leftovers:
        opts = choices(by)
        if opts and opts[0].score >= KINGDOM_GUESS:
            guesses.append((opts[0].score, p, opts))
    unread: list[Unread] = []
    for _, p, opts in sorted(guesses, key=lambda t: -t[0]):
        if len(found) >= size or p.parts & used:
            continue
        opts = choices(_scores(p, names))  # cards taken since may have left the list
        if not opts or opts[0].score < KINGDOM_GUESS:
            continue
        used |= p.parts
        best = Candidate(opts[0].entry_id, opts[0].game, opts[0].score, p.shown)
        found[best.entry_id] = (KingdomCard(best, False, opts[1:]), p)
    for p, by in leftovers:
        if not p.parts & used:
            unread.append(Unread(p.shown, choices(by)))
    chosen = list(found.values())
    row = title * 3 if title else 1.0
    chosen.sort(key=lambda cp: (round(cp[1].y / row), cp[1].x))
    return KingdomRead([c for c, _ in chosen], unread[: max(0, size - len(chosen))])
