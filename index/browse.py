"""Browsing: filters without text list every entry that passes, cards first, by cost then name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from index.filtering import passes
from index.ranking import KIND_ORDER, Scored
from index.results import SearchResults
from index.stages.snippets import NO_MARKS, result

if TYPE_CHECKING:
    from index.opened import OpenedIndex
    from index.stages.request import Request


def browse(req: Request, o: OpenedIndex) -> SearchResults:
    f = req.filters
    metas = [m for m in o.entries.values() if passes(m, m["editions"], f)] if not f.is_empty() else []
    metas.sort(
        key=lambda m: (
            m["game"],
            KIND_ORDER.get(m["kind"], 9),
            m["cost"] if m["cost"] is not None else 99,
            m["names"].get("en", m["id"]),
        )
    )
    results = [result(Scored(m["id"], 0.0, m["id"], 0.0), req.lang, NO_MARKS, o) for m in metas[: req.limit]]
    return SearchResults(req.query, req.lang, len(metas), None, results, f.to_dict())
