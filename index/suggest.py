"""Suggestions for the search box: name completions by name prefix (any script), pinyin or
initials, typos and homophones typed so far; and for a question typed in the box, the rulings
answering it best."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rapidfuzz.distance import OSA

from corpus.languages import pick
from index.errors import QueryError
from index.lexicon import NameForm
from index.normalise import normalise
from index.pinyin import readings
from index.query import parse_lang, parse_limit
from index.ranking import KIND_ORDER
from index.results import SearchResults
from index.tokenise import CJK_RUN

if TYPE_CHECKING:
    from index.opened import OpenedIndex

SUGGEST_SAID = 120  # characters of a ruling shown in an answer suggestion (was 40: cut before the answer)

Search = Callable[[str, str, int], SearchResults]  # (query, lang, limit) -> the search's answer


def suggest(
    prefix: object, lang: str | None, limit: int | str | None, o: OpenedIndex, search: Search
) -> list[dict[str, Any]]:
    """Name completions, best first; with fewer than `limit` and no name starting so, the
    rulings answering the text as a question (`search`) come first. QueryError on bad input."""
    if not isinstance(prefix, str):
        raise QueryError("the prefix must be text")
    lang = parse_lang(lang)
    count = parse_limit(limit, default=10)
    if len(prefix) > 100:
        raise QueryError("prefix is too long (the limit is 100 characters)")
    p = normalise(prefix)
    key = p.replace(" ", "")
    if not key:
        return []
    best: dict[str, tuple[int, str]] = {}
    for f in o.lexicon.own_forms:
        rank = _rank(f, p, key)
        if rank is not None and (f.entry not in best or rank < best[f.entry][0]):
            best[f.entry] = (rank, f.text)
    order = sorted(
        best.items(),
        key=lambda kv: (kv[1][0], KIND_ORDER.get(o.entries[kv[0]]["kind"], 9), len(kv[1][1]), kv[0]),
    )
    out = []
    if len(order) < count and len(key) >= 3 and not any(rank <= 1 for rank, _ in best.values()):
        out = _answers(prefix, lang, count - len(order), o, search)
    for entry, (_, matched) in order[:count]:
        meta = o.entries[entry]
        names = meta["names"]
        out.append(
            {
                "id": entry,
                "game": meta["game"],
                "kind": meta["kind"],
                "title": dict(names),
                "label": pick(names, lang) or entry,
                "matched": matched,
            }
        )
    return out


def _answers(prefix: str, lang: str, limit: int, o: OpenedIndex, search: Search) -> list[dict[str, Any]]:
    """A question typed in the box ('图书馆 跳过'): the rulings answering it best, each
    pointing at its place on the entry page (`ruling`)."""
    try:
        found = search(prefix, lang, min(limit, 3))
    except QueryError:
        return []
    out = []
    for r in found.results:
        if not r.ruling:
            continue
        text = o.units[f"{r.id}#{r.ruling}"]["text"]
        said = " ".join(pick(text, lang).split())
        name = pick(r.title, lang) or r.id
        out.append(
            {
                "id": r.id,
                "game": r.game,
                "kind": r.kind,
                "title": dict(r.title),
                # long enough to reach the answer (a ruling states the case first); the box wraps it
                "label": f"{name}: {said[:SUGGEST_SAID]}{'…' if len(said) > SUGGEST_SAID else ''}",
                "matched": prefix,
                "ruling": r.ruling,
            }
        )
    return out


def _rank(f: NameForm, p: str, key: str) -> int | None:
    """How well the name form `f` completes the normalised prefix `p` (`key`: without spaces),
    0 best; None: it does not."""
    if f.norm == p:
        return 0
    if f.norm.startswith(p):
        return 1
    if f.chinese and len(key) >= 2 and key.isascii():
        if f.pinyin.startswith(key):
            return 2
        if f.initials.startswith(key):
            return 3
    if (len(p) >= 3 or (len(p) >= 2 and not p.isascii())) and p in f.norm:
        return 4
    if len(p) >= 4 and p.isascii() and not f.chinese:
        # a typo in what is typed so far: 'advn' still completes Adventurer
        if OSA.distance(p, f.norm[: len(p)], score_cutoff=1) <= 1:
            return 5
    if f.chinese and len(key) >= 2 and CJK_RUN.fullmatch(key) and len(f.sylls) >= len(key):
        # a homophone typed so far: '王坐' still completes 王座厅
        if all(f.sylls[k] in readings(c) for k, c in enumerate(key)):
            return 5
    return None
