"""Safe HTML snippets: the passage in the requested script, every character escaped, the
matched terms wrapped in <mark>. Pure functions."""

from __future__ import annotations

import html
import re
from bisect import bisect_left
from collections.abc import Iterable
from functools import lru_cache

from index.normalise import normalise_with_map
from index.tokenise import english_token

WINDOW = 120  # characters of context shown
MAX_CANDIDATE_WINDOWS = 40  # windows tried around the first matches
_WORD = re.compile(r"\+\d+|[0-9a-z]+(?:'[a-z]+)?")


@lru_cache(maxsize=4096)
def _prepared(text: str) -> tuple[str, tuple[int, ...], tuple[tuple[int, int, str], ...]]:
    """The normalised text, each of its characters' index in `text`, and its English words as
    (start, end, stem) in normalised indices. Snippets come from a fixed set of passages, so
    this is cached (bounded) rather than redone for every result of every query."""
    norm, origin = normalise_with_map(text)
    return norm, origin, tuple((m.start(), m.end(), english_token(m.group())) for m in _WORD.finditer(norm))


def match_spans(text: str, terms: Iterable[str], stems: Iterable[str]) -> list[tuple[int, int]]:
    """Spans of `text` (original indices, end exclusive) matching any normalised `terms`
    (substring match, for Chinese and multi-word names) or any English word whose stem is in `stems`."""
    norm, origin, words = _prepared(text)
    spans: list[tuple[int, int]] = []
    for term in {t for t in terms if t}:  # overlapping spans are merged below
        start = norm.find(term)
        while start != -1:
            end = start + len(term)
            if term.isascii() and not _word_bounded(norm, start, end):
                start = norm.find(term, start + 1)
                continue
            spans.append((origin[start], origin[end - 1] + 1))
            start = norm.find(term, end)
    stem_set = set(stems)
    if stem_set:
        spans += [(origin[s], origin[e - 1] + 1) for s, e, stem in words if stem in stem_set]
    return _merge(spans)


def _word_bounded(norm: str, start: int, end: int) -> bool:
    before = norm[start - 1] if start > 0 else " "
    after = norm[end] if end < len(norm) else " "
    return not (before.isascii() and before.isalnum()) and not (after.isascii() and after.isalnum())


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for s, e in sorted(spans):
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((s, e))
    return merged


def _window(text: str, spans: list[tuple[int, int]], width: int) -> tuple[int, int]:
    """The `width`-character window holding the most matched characters (first match ties).
    `spans` are sorted and disjoint; each candidate window starts a little before a span."""
    if len(text) <= width:
        return 0, len(text)
    if not spans:
        return 0, width
    starts = [s for s, _ in spans]
    best, best_start = -1, 0
    for s, _ in spans[:MAX_CANDIDATE_WINDOWS]:
        start = max(0, min(s - width // 4, len(text) - width))
        lo = max(0, bisect_left(starts, start) - 1)
        hi = bisect_left(starts, start + width)
        covered = sum(max(0, min(e, start + width) - max(s2, start)) for s2, e in spans[lo:hi])
        if covered > best:
            best, best_start = covered, start
    return best_start, best_start + width


def make_snippet(text: str, terms: Iterable[str], stems: Iterable[str] = (), width: int = WINDOW) -> str:
    """Escaped excerpt of `text` around its matches, matches wrapped in <mark>…</mark>."""
    text = " ".join(text.split())
    spans = match_spans(text, terms, stems)
    lo, hi = _window(text, spans, width)
    out: list[str] = ["…" if lo > 0 else ""]
    pos = lo
    for s, e in spans:
        s, e = max(s, lo), min(e, hi)
        if s >= e:
            continue
        out.append(html.escape(text[pos:s]))
        out.append(f"<mark>{html.escape(text[s:e])}</mark>")
        pos = e
    out.append(html.escape(text[pos:hi]))
    out.append("…" if hi < len(text) else "")
    return "".join(out)
