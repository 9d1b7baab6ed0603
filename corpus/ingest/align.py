"""Align copies of the same text (000 Traditional vs 001/002 Simplified) character by character.

Both documents are folded (`normalise.fold`: Simplified, width-folded, word characters only) and
aligned by longest common subsequence (rapidfuzz Indel opcodes). A span of one copy maps to the
span of the other that its matched characters land in; the unmatched runs inside it are the
differences between the copies ("variants"), each with both readings and their lines.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass

from rapidfuzz.distance import Indel

from corpus.ingest.document import Document
from corpus.ingest.normalise import fold_with_index, is_word_char

MIN_COVERAGE = 0.6  # share of a span's folded characters that must match for a counterpart


@dataclass(frozen=True)
class Folded:
    text: str
    index: tuple[int, ...]  # position in the document text of every folded character


@dataclass(frozen=True)
class Alignment:
    a: Document
    b: Document
    fa: Folded
    fb: Folded
    blocks: tuple[tuple[int, int, int], ...]  # matching blocks (a_start, b_start, length), folded


@dataclass(frozen=True)
class Difference:
    """One place where two copies read differently (folded comparison)."""

    a_span: tuple[int, int]  # document positions in a ([start, end); empty when a lacks text)
    b_span: tuple[int, int]
    a_text: str
    b_text: str


@dataclass(frozen=True)
class Counterpart:
    span: tuple[int, int]  # [start, end) in b's text
    coverage: float
    differences: tuple[Difference, ...]


def fold_document(doc: Document) -> Folded:
    text, index = fold_with_index(doc.text)
    return Folded(text, index)


def align(a: Document, b: Document) -> Alignment:
    fa, fb = fold_document(a), fold_document(b)
    blocks = tuple(
        (blk.a, blk.b, blk.size)
        for blk in Indel.opcodes(fa.text, fb.text).as_matching_blocks()
        if blk.size >= 2  # a lone shared character inside unrelated text is not a match
    )
    return Alignment(a, b, fa, fb, blocks)


def folded_range(folded: Folded, start: int, end: int) -> tuple[int, int]:
    """The folded characters whose document position lies in [start, end)."""
    lo, hi = bisect_left(folded.index, start), bisect_left(folded.index, end)
    return (lo, hi) if lo < hi else (0, 0)


def matched_pairs(al: Alignment, i0: int, i1: int) -> list[tuple[int, int]]:
    pairs = []
    for a0, b0, size in al.blocks:
        lo, hi = max(a0, i0), min(a0 + size, i1)
        pairs.extend((i, b0 + i - a0) for i in range(lo, hi))
    return pairs


def widen_over_punctuation(text: str, start: int, end: int, lead: int) -> tuple[int, int]:
    """Take in trailing punctuation up to the next word character, and `lead` leading marks."""
    while end < len(text) and text[end] != "\n" and not is_word_char(text[end]):
        end += 1
    while lead > 0 and start > 0 and text[start - 1] != "\n" and not is_word_char(text[start - 1]):
        start -= 1
        lead -= 1
    return start, end


def counterpart(al: Alignment, start: int, end: int) -> Counterpart | None:
    """The span of b that holds a[start:end], or None if too little of it matches.

    Unmatched characters at either edge of the span (a variant reading of its first or last
    word) are paired with as many unmatched characters of b at the same edge, never more."""
    i0, i1 = folded_range(al.fa, start, end)
    if i1 <= i0:
        return None
    pairs = matched_pairs(al, i0, i1)
    coverage = len(pairs) / (i1 - i0)
    if coverage < MIN_COVERAGE:
        return None
    (first_a, first_b), (last_a, last_b) = pairs[0], pairs[-1]
    lead_b = min(first_a - i0, first_b - matched_b_before(al, i0))
    tail_b = min(i1 - last_a - 1, matched_b_from(al, i1) - last_b - 1)
    j0, j1 = first_b - lead_b, last_b + 1 + tail_b
    found = differences(al, pairs)
    if first_a > i0:
        found.insert(0, difference_of(al, (i0, first_a), (j0, first_b)))
    if last_a + 1 < i1:
        found.append(difference_of(al, (last_a + 1, i1), (last_b + 1, j1)))
    lead = next((k for k, ch in enumerate(al.a.text[start:end]) if is_word_char(ch)), 0)
    b_start, b_end = widen_over_punctuation(al.b.text, *doc_span(al.fb, al.b.text, (j0, j1)), lead)
    return Counterpart((b_start, b_end), round(coverage, 3), tuple(found))


def matched_b_before(al: Alignment, i0: int) -> int:
    """One past the last b character matched to an a character before folded index i0."""
    ends = [b0 + min(size, i0 - a0) for a0, b0, size in al.blocks if a0 < i0]
    return max(ends, default=0)


def matched_b_from(al: Alignment, i1: int) -> int:
    """The first b character matched to an a character at or after folded index i1."""
    starts = [b0 + max(0, i1 - a0) for a0, b0, size in al.blocks if a0 + size > i1]
    return min(starts, default=len(al.fb.text))


def doc_span(folded: Folded, text: str, rng: tuple[int, int]) -> tuple[int, int]:
    """Document positions of a folded range; an empty range is the point after its predecessor."""
    lo, hi = rng
    if hi > lo:
        return folded.index[lo], folded.index[hi - 1] + 1
    point = folded.index[lo - 1] + 1 if lo > 0 else 0
    return point, point


def difference_of(al: Alignment, a_rng: tuple[int, int], b_rng: tuple[int, int]) -> Difference:
    a_span = trim_to_words(al.a.text, doc_span(al.fa, al.a.text, a_rng))
    b_span = trim_to_words(al.b.text, doc_span(al.fb, al.b.text, b_rng))
    return Difference(a_span, b_span, al.a.text[slice(*a_span)], al.b.text[slice(*b_span)])


def differences(al: Alignment, pairs: list[tuple[int, int]]) -> list[Difference]:
    """The unmatched runs between consecutive matched characters."""
    return [
        difference_of(al, (ia + 1, na), (ib + 1, nb))
        for (ia, ib), (na, nb) in zip(pairs, pairs[1:], strict=False)
        if na != ia + 1 or nb != ib + 1
    ]


def trim_to_words(text: str, span: tuple[int, int]) -> tuple[int, int]:
    """Shrink a span so that it starts and ends on word characters (empty if it has none)."""
    start, end = span
    while start < end and not is_word_char(text[start]):
        start += 1
    while end > start and not is_word_char(text[end - 1]):
        end -= 1
    return (start, end) if start < end else (span[0], span[0])


def bigram_counts(folded_texts: list[str]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for text in folded_texts:
        counts.update(text[i : i + 2] for i in range(len(text) - 1))
    return counts


def attestation(reading: str, left: str, right: str, bigrams: Counter[str]) -> int:
    """How often the seeds write this reading next to its neighbours (bigram counts)."""
    if not reading:
        return bigrams[left[-1:] + right[:1]] if left and right else 0
    return bigrams[left[-1:] + reading[:1]] + bigrams[reading[-1:] + right[:1]]
