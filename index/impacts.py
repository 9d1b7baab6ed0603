"""BM25 impacts: for every (field, term) the units holding it and their BM25 weight, computed
once at build time from the documents' tokens and stored beside the Whoosh index (`impacts.json`).

At query time scoring is then a sum over a few short lists instead of building Whoosh
matchers for each of a query's dozens of (field, term) pairs, which cost most of the search
time. Whoosh holds the positions of the `exact` field and answers phrase queries.

Each list is stored best weight first, and a query reads at most `MAX_POSTINGS` of each: a
term that thousands of units hold adds little to any of them, so reading only its strongest
units keeps the cost of a query flat as the corpus grows (the corpus of today has fewer units
than that, so every list is read whole)."""

from __future__ import annotations

import math
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

import numpy as np
from whoosh.util.numeric import byte_to_length, length_to_byte

from index.schema import FIELD_BOOSTS, TEXT_FIELDS, UNIT_QUESTIONS

K1 = 1.2
B = 0.75
MAX_POSTINGS = 200  # units read per (field, term) at query time, strongest first

# field -> term -> (docnums, weights)
Impacts = dict[str, dict[str, tuple[list[int], list[float]]]]


def bm25(tf: float, dl: float, avgdl: float, df: int, n: int) -> float:
    """Okapi BM25 weight of one term in one field of one document."""
    idf = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
    norm = tf + K1 * (1.0 - B + B * (dl / avgdl if avgdl else 1.0))
    return idf * tf * (K1 + 1.0) / norm


def compute_impacts(
    docs: list[dict[str, str]], boosts: dict[str, float] = FIELD_BOOSTS, first: int = 0
) -> Impacts:
    """Every posting of the text fields with its BM25 weight, for `docs` in document-number
    order (each a field -> space-separated tokens mapping, as given to the Whoosh writer). The
    figures are Whoosh's own: the term weight is its frequency times the field boost, and the
    document length is the token count as Whoosh stores it (one byte, `length_to_byte`); so
    the text fields need not be written into Whoosh at all (tests compare the two). `boosts`
    names the fields to compute (a text field, or `UNIT_QUESTIONS`); `first` is the document
    number of docs[0]."""
    n = len(docs)
    out: Impacts = {}
    for field in (f for f in (*TEXT_FIELDS, UNIT_QUESTIONS) if f in boosts):
        boost = boosts[field]
        postings: dict[str, tuple[list[int], list[int]]] = {}
        lengths: list[int] = []
        for d, doc in enumerate(docs):
            text = doc.get(field)
            if not text:  # most units have half the fields (an entry's or a ruling's)
                lengths.append(0)
                continue
            tokens = text.split()
            lengths.append(len(tokens))
            for term, freq in Counter(tokens).items():
                plist = postings.get(term)
                if plist is None:
                    plist = postings[term] = ([], [])
                plist[0].append(d)
                plist[1].append(freq)
        avgdl = sum(lengths) / max(n, 1)
        # bm25() spelled out, in the same operations and order, so each weight is bit-for-bit
        # the same: the length part of its norm depends on the document only.
        length_part = [
            K1 * (1.0 - B + B * (byte_to_length(length_to_byte(x)) / avgdl if avgdl else 1.0))
            for x in lengths
        ]
        k1_plus_1 = K1 + 1.0
        table: dict[str, tuple[list[int], list[float]]] = {}
        for term, (ds, freqs) in postings.items():
            df = len(ds)
            idf = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
            scored = []
            for d, freq in zip(ds, freqs, strict=True):
                tf = freq * boost
                scored.append((-round(idf * tf * k1_plus_1 / (tf + length_part[d]), 5), d))
            scored.sort()
            table[term] = ([first + d for _, d in scored], [-w for w, _ in scored])
        out[field] = table
    return out


class Clause(NamedTuple):  # a query makes dozens: a tuple is made in a fraction of a dataclass's time
    field: str
    term: str
    boost: float = 1.0


class Scores(NamedTuple):
    """Documents (ascending, each once) and their summed scores, as two parallel arrays."""

    docs: np.ndarray  # intp
    values: np.ndarray  # float64

    def as_dict(self) -> dict[int, float]:
        return dict(zip(self.docs.tolist(), self.values.tolist(), strict=True))


NO_SCORES = Scores(np.zeros(0, np.intp), np.zeros(0))
DENSE_BINS = 128  # documents' numbers per posting up to which `add_up_flat` bins rather than sorts
DENSE_MAX = 1 << 18  # ... and at most this many bins (2 MiB of sums): a large corpus's lists are sorted


def add_up(doc_parts: Sequence[np.ndarray], value_parts: Sequence[np.ndarray]) -> Scores:
    """Sum of the parts' values per document; a document's values are added in the order of the
    parts (0.0 + the first, then each next one), the order ranker.js adds them in, so the sums
    are bit-for-bit the same. A part names each of its documents once."""
    if not doc_parts:
        return NO_SCORES
    if len(doc_parts) == 1:
        order = np.argsort(doc_parts[0], kind="stable")
        return Scores(doc_parts[0][order], value_parts[0][order])
    return add_up_flat(np.concatenate(doc_parts), np.concatenate(value_parts))


def add_up_flat(docs: np.ndarray, values: np.ndarray) -> Scores:
    """`add_up` of parts already concatenated, in order: a document may be named more than once.
    Where the documents' numbers are few beside the postings (a corpus of this size), one bin
    per number (`np.bincount`, which adds each bin's values in order from 0.0, as below) costs
    less than sorting them; in a large corpus, the sort."""
    if not len(docs):
        return NO_SCORES
    top = int(docs.max()) + 1
    if top <= min(DENSE_BINS * len(docs), DENSE_MAX):
        sums = np.bincount(docs, weights=values, minlength=top)
        seen = np.zeros(top, bool)
        seen[docs] = True
        found = np.flatnonzero(seen)
        return Scores(found, sums[found])
    order = np.argsort(docs, kind="stable")  # stable: a document's values stay in the parts' order
    ordered = docs[order]
    first = np.empty(len(ordered), bool)
    first[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    slot = np.cumsum(first) - 1
    sums = np.zeros(int(slot[-1]) + 1)
    np.add.at(sums, slot, values[order])  # in order, one value at a time
    return Scores(ordered[first], sums)


def clause_parts(
    impacts: Impacts,
    clauses: Iterable[Clause],
    depth: int = MAX_POSTINGS,
    read: dict[Clause, tuple[np.ndarray, np.ndarray]] | None = None,
) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The documents and boosted weights of each clause's list (read to `depth`), for `add_up`:
    `add_up(*clause_parts(...))` is the OR of the clauses' BM25F weights per document. With
    `read`, each clause found is kept there too (for `parts_read`)."""
    doc_parts: list[np.ndarray] = []
    value_parts: list[np.ndarray] = []
    heads: dict[str, Callable[[str, int], Any]] = {}  # field -> its list reader, looked up once
    for c in clauses:
        head = heads.get(c.field)
        if head is None:
            head = heads[c.field] = _head_reader(impacts, c.field)
        posting = head(c.term, depth)
        if posting is None:
            continue
        docs, weights = posting
        if len(docs) > depth:  # (a stored head is never longer)
            docs, weights = docs[:depth], weights[:depth]
        doc_parts.append(docs)
        value_parts.append(weights if c.boost == 1.0 else weights * c.boost)
        if read is not None:
            read[c] = (doc_parts[-1], value_parts[-1])
    return doc_parts, value_parts


def parts_read(
    clauses: Iterable[Clause], read: dict[Clause, tuple[np.ndarray, np.ndarray]]
) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """`clause_parts` of clauses read before (kept in `read`), without reading them again; a
    clause not there has no list."""
    found = [read[c] for c in clauses if c in read]
    return [d for d, _ in found], [v for _, v in found]


def _head_reader(impacts: Impacts, field: str) -> Callable[[str, int], Any]:
    """(term, depth) -> the head of its list in `field` as arrays, None when absent: a stored
    index reads only the head; an in-memory table gives the whole list (cut by the caller)."""
    table = impacts.get(field, {})
    head = getattr(table, "head", None)
    if head is not None:
        return head

    def whole(term: str, _depth: int) -> tuple[np.ndarray, np.ndarray] | None:
        found = table.get(term)
        return None if found is None else (np.asarray(found[0], np.intp), np.asarray(found[1], float))

    return whole


def prefixed(terms: list[str], prefix: str) -> list[str]:
    """The terms of the sorted list `terms` that start with `prefix` (binary search)."""
    i = bisect_left(terms, prefix)
    out = []
    while i < len(terms) and terms[i].startswith(prefix):
        out.append(terms[i])
        i += 1
    return out
