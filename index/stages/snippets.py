"""Stage 5, snippets: each result shown, with its passage in the requested script cut around
what the query asked and marked (`index.snippet`): the Chinese query words, every name of the
entries the query names in any language (移除 marks 废置 too; 金殿 marks Throne Room), the
rulebook words its everyday words stand for (跳过 marks 旁置), its phrases; and its English
stems."""

from __future__ import annotations

from typing import TYPE_CHECKING

from index.analysis import QueryAnalysis
from index.ranking import Scored
from index.results import Result
from index.snippet import Marks as Shown
from index.snippet import marked_snippet, prepare_marks
from index.synonyms import expand

if TYPE_CHECKING:
    from index.opened import OpenedIndex

Marks = tuple[list[str], list[str]]  # (terms, English stems)
NO_MARKS: Shown = prepare_marks(())


def marks(a: QueryAnalysis, phrases: list[str], o: OpenedIndex) -> Marks:
    """What to mark in snippets."""
    terms = [t for t in a.tokens if not t.isascii() and (len(t) > 1 or len(a.tokens) == 1)]
    for e in a.entries:
        terms += o.name_norms.get(e, [])
    everyday = expand(a.tokens, o.synonyms)
    terms += [t for t in everyday if not t.isascii() and len(t) > 1]
    terms += [m.form.norm for m in a.names] + phrases
    return list(dict.fromkeys(terms)), a.stems + [t for t in everyday if t.isascii() and t.isalpha()]


def shown(a: QueryAnalysis, phrases: list[str], o: OpenedIndex) -> Shown:
    """`marks`, prepared once for every snippet of the query (`index.snippet.prepare_marks`)."""
    return prepare_marks(*marks(a, phrases, o))


def result(s: Scored, lang: str, shown: Shown, o: OpenedIndex) -> Result:
    """One result: its entry, and the snippet of the unit chosen for it (`shown`: what the
    query marks, prepared)."""
    meta = o.entries[s.entry]
    d = o.units.docnum_of.get(s.unit)
    return Result(
        id=meta["id"],
        kind=meta["kind"],
        game=meta["game"],
        editions=list(meta["editions"]),
        title=dict(meta["names"]),
        snippet=marked_snippet(o.passages.passage(s.unit, lang), shown),
        ruling=None if d is None else o.units.ruling(d),
        score=round(s.score, 3),
        also=list(s.also),
    )
