"""A bounded, thread-safe cache of search answers for one opened index."""

from __future__ import annotations

from collections.abc import Mapping

from index.query import Filters
from index.results import SearchResults
from index.sized_cache import SizedLRU

DEFAULT_MAX_BYTES = 16 * 1024 * 1024


def filters_key(filters: Mapping[str, str] | Filters | None) -> object:
    if isinstance(filters, Filters):
        return filters
    return tuple(sorted((str(k), str(v)) for k, v in (filters or {}).items()))


class ResultCache(SizedLRU[SearchResults]):
    """A bounded, thread-safe LRU of search answers for one opened index (a new build is a new
    SearchIndex, so answers never outlive their index): at most `size` answers and `max_bytes`
    bytes (16 MiB by default: about 140 answers of 100 results, thousands of short ones).
    Size 0 disables it."""

    def __init__(self, size: int, max_bytes: int = DEFAULT_MAX_BYTES):
        super().__init__(max_bytes if size else 0, max_items=size)
        self.size = size

    def get(self, key: object) -> SearchResults | None:
        return super().get(key) if self.size else None
