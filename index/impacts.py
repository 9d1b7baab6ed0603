"""BM25 impacts: for every (field, term) the units holding it and their BM25 weight, computed
once at build time from the Whoosh index and stored beside it (`impacts.json`).

At query time scoring is then a sum over a few short lists instead of building Whoosh
matchers for each of a query's dozens of (field, term) pairs, which cost most of the search
time. Whoosh still holds the postings and answers phrase queries (positions).

Each list is stored best weight first, and a query reads at most `MAX_POSTINGS` of each: a
term that thousands of units hold adds little to any of them, so reading only its strongest
units keeps the cost of a query flat as the corpus grows (the corpus of today has fewer units
than that, so every list is read whole)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from whoosh.index import Index

from index.schema import TEXT_FIELDS

K1 = 1.2
B = 0.75
MAX_POSTINGS = 2000  # units read per (field, term) at query time, strongest first

# field -> term -> (docnums, weights)
Impacts = dict[str, dict[str, tuple[list[int], list[float]]]]


def bm25(tf: float, dl: float, avgdl: float, df: int, n: int) -> float:
    """Okapi BM25 weight of one term in one field of one document."""
    idf = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
    norm = tf + K1 * (1.0 - B + B * (dl / avgdl if avgdl else 1.0))
    return idf * tf * (K1 + 1.0) / norm


def compute_impacts(ix: Index) -> Impacts:
    """Every posting of the text fields with its BM25 weight. Field boosts are already in the
    term frequencies: Whoosh multiplies them by the field's `field_boost` when indexing."""
    out: Impacts = {}
    with ix.searcher() as s:
        reader = s.reader()
        n = reader.doc_count_all()
        for field in TEXT_FIELDS:
            avgdl = reader.field_length(field) / max(n, 1)
            table: dict[str, tuple[list[int], list[float]]] = {}
            for term in reader.field_terms(field):
                m = reader.postings(field, term)
                docs: list[int] = []
                weights: list[float] = []
                df = reader.doc_frequency(field, term)
                while m.is_active():
                    d = m.id()
                    docs.append(d)
                    weights.append(
                        round(bm25(m.weight(), reader.doc_field_length(d, field, 1), avgdl, df, n), 5)
                    )
                    m.next()
                order = sorted(range(len(docs)), key=lambda i: (-weights[i], docs[i]))
                table[term] = ([docs[i] for i in order], [weights[i] for i in order])
            out[field] = table
    return out


@dataclass(frozen=True)
class Clause:
    field: str
    term: str
    boost: float = 1.0


def score_clauses(impacts: Impacts, clauses: Iterable[Clause], depth: int = MAX_POSTINGS) -> dict[int, float]:
    """Sum of boosted BM25F weights per document for an OR of clauses (each list read to `depth`)."""
    acc: dict[int, float] = {}
    get = acc.get
    for c in clauses:
        posting = impacts.get(c.field, {}).get(c.term)
        if not posting:
            continue
        factor = c.boost
        docs, weights = posting
        for d, w in zip(docs[:depth], weights[:depth], strict=True):
            acc[d] = get(d, 0.0) + w * factor
    return acc


def doc_frequency(impacts: Impacts, field: str, term: str) -> int:
    posting = impacts.get(field, {}).get(term)
    return len(posting[0]) if posting else 0


def prefixed(impacts: Impacts, field: str, prefix: str) -> list[str]:
    return [t for t in impacts.get(field, {}) if t.startswith(prefix)]
