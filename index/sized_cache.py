"""A thread-safe LRU bounded by bytes (and entries), for answers kept in a server's memory.

Counting entries does not bound memory: one search answer with 100 results weighs about
110 KiB, one with 3 results a few KiB, and a scenario run 10-200 KiB. Each value is weighed
once, when it is stored (`approx_size`, about 1 ms for the largest search answer).
"""

from __future__ import annotations

import dataclasses
import marshal
import sys
import threading
from collections import OrderedDict
from typing import Generic, TypeVar

V = TypeVar("V")


def approx_size(obj: object) -> int:
    """Bytes held by `obj` and everything it refers to (dicts, sequences, sets, dataclasses,
    plain objects), each object counted once."""
    seen: set[int] = set()
    stack = [obj]
    total = 0
    while stack:
        o = stack.pop()
        if id(o) in seen:
            continue
        seen.add(id(o))
        total += sys.getsizeof(o)
        if isinstance(o, dict):
            stack.extend(o.keys())
            stack.extend(o.values())
        elif isinstance(o, list | tuple | set | frozenset):
            stack.extend(o)
        elif dataclasses.is_dataclass(o) and not isinstance(o, type):
            stack.extend(getattr(o, f.name) for f in dataclasses.fields(o))
        elif hasattr(o, "__dict__") and not isinstance(o, type):
            stack.append(vars(o))
    return total


class SizedLRU(Generic[V]):
    """Least recently used values go first once `max_bytes` (or `max_items`) is passed.
    A value larger than a quarter of the budget is not kept. Counts hits and misses.

    With `packed=True` values (plain data: dicts, lists, strings, numbers) are kept as
    `marshal` bytes and rebuilt on each hit: 3-10 times smaller, and one block per value
    instead of thousands of small objects pinning the allocator's arenas; each hit returns a
    fresh copy. A value marshal cannot write is not kept."""

    def __init__(self, max_bytes: int, max_items: int = 100_000, packed: bool = False):
        self.max_bytes = max_bytes
        self.max_items = max_items
        self.packed = packed
        self.bytes = 0
        self.hits = 0
        self.misses = 0
        self._data: OrderedDict[object, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._data)

    def __iter__(self):  # type: ignore[no-untyped-def]
        """The keys, least recently used first."""
        with self._lock:
            return iter(list(self._data))

    def get(self, key: object) -> V | None:
        with self._lock:
            found = self._data.get(key)
            if found is None:
                self.misses += 1
                return None
            self.hits += 1
            self._data.move_to_end(key)
        return marshal.loads(found[0]) if self.packed else found[0]  # type: ignore[arg-type]

    def put(self, key: object, value: V) -> None:
        if self.max_bytes <= 0 or self.max_items <= 0:
            return
        if self.packed:
            try:
                value = marshal.dumps(value)  # type: ignore[assignment]
            except ValueError:
                return
        size = approx_size(value)
        if size > self.max_bytes // 4:
            return
        with self._lock:
            old = self._data.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            self._data[key] = (value, size)
            self.bytes += size
            while self._data and (self.bytes > self.max_bytes or len(self._data) > self.max_items):
                _, (_, dropped) = self._data.popitem(last=False)
                self.bytes -= dropped
