"""Safe HTML snippets: the passage in the requested script, every character escaped, the
matched terms wrapped in <mark>. Pure functions."""

from __future__ import annotations

import html
import re
from bisect import bisect_left
from collections.abc import Callable, Iterable
from functools import lru_cache
from itertools import accumulate, islice
from typing import NamedTuple

from index.normalise import normalise_with_map, whole_word
from index.tokenise import english_token

WINDOW = 120  # characters of context shown
MAX_CANDIDATE_WINDOWS = 40  # windows tried around the first matches
_ESCAPED = re.compile(r"[&<>\"']")  # what html.escape changes; most passages hold none
_WORD = re.compile(r"\+\d+|[0-9a-z]+(?:'[a-z]+)?")


class Prepared(NamedTuple):
    spaced: str  # the text with its runs of white space made one space
    norm: str  # ... normalised
    origin: tuple[int, ...]  # each normalised character's index in `spaced`
    by_stem: dict[str, tuple[tuple[int, int], ...]]  # English word stem -> its spans in `spaced`
    escape: Callable[[str], str]  # html.escape, or nothing to do for a passage with nothing to escape


class Marks(NamedTuple):
    """What a query marks, made once per query rather than for each of its snippets: each
    distinct term with whether it is ASCII (then matched as a whole word), and the stems."""

    terms: tuple[tuple[str, bool], ...]
    stems: frozenset[str]


def prepare_marks(terms: Iterable[str], stems: Iterable[str] = ()) -> Marks:
    return Marks(tuple((t, t.isascii()) for t in dict.fromkeys(terms) if t), frozenset(stems))


@lru_cache(maxsize=4096)
def _prepared(text: str) -> Prepared:
    """The text spaced and normalised, where each English word stem stands, and how to escape
    it. Snippets come from a fixed set of passages, so this is cached (bounded) rather than
    redone for every result of every query."""
    spaced = " ".join(text.split())
    norm, origin = normalise_with_map(spaced)
    by_stem: dict[str, list[tuple[int, int]]] = {}
    for m in _WORD.finditer(norm):
        by_stem.setdefault(english_token(m.group()), []).append((origin[m.start()], origin[m.end() - 1] + 1))
    escape = html.escape if _ESCAPED.search(spaced) else _same
    return Prepared(spaced, norm, origin, {k: tuple(v) for k, v in by_stem.items()}, escape)


def prepare(texts: Iterable[str]) -> None:
    """Prepare passages before their first snippet, as many as the cache keeps (a server does it
    before forking its workers, which then share them)."""
    for text in islice(texts, _prepared.cache_info().maxsize):
        _prepared(text)


def _spans(prepared: Prepared, marks: Marks) -> list[tuple[int, int]]:
    norm, origin = prepared.norm, prepared.origin
    spans: list[tuple[int, int]] = []
    for term, ascii_term in marks.terms:  # overlapping spans are merged below
        start = norm.find(term)
        while start != -1:
            end = start + len(term)
            if ascii_term and not whole_word(norm, start, end):
                start = norm.find(term, start + 1)
                continue
            spans.append((origin[start], origin[end - 1] + 1))
            start = norm.find(term, end)
    if marks.stems:
        by_stem = prepared.by_stem
        for stem in marks.stems:
            spans += by_stem.get(stem, ())
    return _merge(spans) if len(spans) > 1 else spans


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
    `spans` are sorted and disjoint; each candidate window starts a little before a span. What a
    window holds is the spans' total length between the first and last span it reaches (prefix
    sums), less what those two reach outside it."""
    if len(text) <= width:
        return 0, len(text)
    if not spans:
        return 0, width
    starts = [s for s, _ in spans]
    before = list(accumulate((e - s for s, e in spans), initial=0))  # length of the spans before i
    best, best_start = -1, 0
    for s, _ in spans[:MAX_CANDIDATE_WINDOWS]:
        start = max(0, min(s - width // 4, len(text) - width))
        end = start + width
        lo = max(0, bisect_left(starts, start) - 1)
        hi = bisect_left(starts, end)
        covered = 0
        if hi > lo:
            covered = before[hi] - before[lo]
            s2, e2 = spans[lo]  # only the first and the last may reach outside the window
            covered -= max(0, min(e2, start) - s2) + max(0, e2 - max(s2, end))
            if hi - 1 > lo:
                s2, e2 = spans[hi - 1]
                covered -= max(0, min(e2, start) - s2) + max(0, e2 - max(s2, end))
        if covered > best:
            best, best_start = covered, start
    return best_start, best_start + width


def _same(text: str) -> str:
    return text


def make_snippet(text: str, terms: Iterable[str], stems: Iterable[str] = (), width: int = WINDOW) -> str:
    """Escaped excerpt of `text` around its matches, matches wrapped in <mark>…</mark>."""
    return marked_snippet(text, prepare_marks(terms, stems), width)


def marked_snippet(text: str, marks: Marks, width: int = WINDOW) -> str:
    """`make_snippet` with the query's marks prepared once (`prepare_marks`)."""
    prepared = _prepared(text)
    text = prepared.spaced
    spans = _spans(prepared, marks)
    lo, hi = _window(text, spans, width)
    escape = prepared.escape
    out: list[str] = ["…" if lo > 0 else ""]
    pos = lo
    for s, e in spans:
        s, e = max(s, lo), min(e, hi)
        if s >= e:
            continue
        out.append(escape(text[pos:s]))
        out.append(f"<mark>{escape(text[s:e])}</mark>")
        pos = e
    out.append(escape(text[pos:hi]))
    out.append("…" if hi < len(text) else "")
    return "".join(out)
