"""The build's Whoosh index of the phrase field, which answers quoted phrases: the documents
holding every phrase, words in order. Safe to share between threads: each thread gets its own
Whoosh searcher."""

from __future__ import annotations

import threading
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh import query as wq
from whoosh.searching import Searcher

from index.build_files import reason
from index.errors import IndexBrokenError
from index.index_format import WHOOSH


class PhraseIndex:
    def __init__(self, folder: Path, documents: int):
        """Open `folder`'s Whoosh index; IndexBrokenError naming `whoosh/` when it cannot be
        opened or does not hold `documents` documents (the units)."""
        self.folder = folder
        try:
            self._ix = whoosh_index.open_dir(str(folder / WHOOSH))
            if self._ix.doc_count_all() != documents:
                raise ValueError("Whoosh's documents are not the units of units.json")
        except Exception as exc:  # noqa: BLE001 - whatever Whoosh raises on a damaged folder
            raise IndexBrokenError(folder.name, f"{WHOOSH}/", reason(exc, folder)) from exc
        self._local = threading.local()

    def _searcher(self) -> Searcher:
        s = getattr(self._local, "searcher", None)
        if s is None:
            s = self._ix.searcher()
            self._local.searcher = s
        return s

    def close(self) -> None:
        """Close this thread's searcher."""
        s = getattr(self._local, "searcher", None)
        if s is not None:
            s.close()
            self._local.searcher = None

    def docs(self, phrases: list[list[str]]) -> set[int]:
        """Documents holding every quoted phrase (each a list of exact tokens) in order."""
        parts = [wq.Phrase("exact", p) if len(p) > 1 else wq.Term("exact", p[0]) for p in phrases if p]
        query = wq.And(parts) if len(parts) > 1 else parts[0]
        try:
            return set(self._searcher().docs_for_query(query))
        except Exception as exc:  # noqa: BLE001 - the folder became unreadable or vanished under
            # a running server: OSError, or Whoosh's own errors (EmptyIndexError for a thread
            # opening its searcher on a deleted folder)
            raise IndexBrokenError(self.folder.name, f"{WHOOSH}/", reason(exc, self.folder)) from exc
