"""A bounded, thread-safe cache of search answers for one opened index."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping

from index.query import Filters
from index.results import SearchResults


def filters_key(filters: Mapping[str, str] | Filters | None) -> object:
    if isinstance(filters, Filters):
        return filters
    return tuple(sorted((str(k), str(v)) for k, v in (filters or {}).items()))


class ResultCache:
    """A bounded, thread-safe LRU of search answers for one opened index (a new build is a new
    SearchIndex, so answers never outlive their index). Size 0 disables it."""

    def __init__(self, size: int):
        self.size = size
        self._data: OrderedDict[object, SearchResults] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: object) -> SearchResults | None:
        if not self.size:
            return None
        with self._lock:
            found = self._data.get(key)
            if found is not None:
                self._data.move_to_end(key)
            return found

    def put(self, key: object, value: SearchResults) -> None:
        if not self.size:
            return
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.size:
                self._data.popitem(last=False)
