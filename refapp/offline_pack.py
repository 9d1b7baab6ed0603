"""'Save for the table': the list of entries of one script that saving stores, compact.

What offline search ranks with is the ranking data (/api/offline-rank, index.offline_export);
what a result shows is the entry's saved page and the unit's passage (the pack's ``texts``, added
by the route). The pack's rows only name the entries to save and their titles: the names,
aliases, pinyin keys, texts, rulings and notes it once carried for the old offline search are in
the ranking data and the saved pages already.

Pure functions over the dataset; the route lives in :mod:`refapp.views.offline`.
"""

from __future__ import annotations

from typing import Any

from corpus.model import LANGS, Dataset
from refapp.catalog import localised

PACK_FIELDS = ["id", "game", "kind", "title"]


def entry_row(e: Any, lang: str) -> list[Any]:
    """[id, game, kind, title in ``lang``]."""
    return [e.id, e.game, e.kind, localised(e.names, lang)]


def build_pack(dataset: Dataset, lang: str) -> dict[str, Any]:
    """The offline pack for ``lang`` (one of corpus.model.LANGS)."""
    if lang not in LANGS:
        raise ValueError(f"lang: {lang!r} is not one of {list(LANGS)}")
    return {
        "version": dataset.version,
        "lang": lang,
        "fields": PACK_FIELDS,
        "entries": [entry_row(e, lang) for e in sorted(dataset.entries, key=lambda e: e.id)],
    }
