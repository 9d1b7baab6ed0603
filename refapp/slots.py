"""Fair shares of a worker for expensive requests: a few slots per process, one client at a time.

Each worker process runs ``THREADS`` request threads (refapp/commands/web.py). The expensive
routes (the sandbox's replays) may hold at most ``total`` of them at once, fewer than the
threads, so a quick request (search, a page, /healthz) always finds a free thread; and one client
address may hold at most ``per_client`` slots. A request that finds no slot is refused at once
(waiting would hold a thread, the very thing the slots keep free): 429 when the client already
holds its share, 503 when the slots are all taken by others; both say when to try again.

The client is ``request.remote_addr``, the connection's peer: headers a client sends are not
trusted. Behind a proxy every client has the proxy's address, so there the proxy limits
connections per client (docs/deploy.md) and these slots still bound the worker.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

RETRY_AFTER_S = 1


@dataclass(frozen=True)
class Refusal:
    """Why a request found no slot: the status (429 or 503) and the message."""

    status: int
    message: str


@dataclass
class Slots:
    """At most ``total`` expensive requests at once in this process, ``per_client`` per address."""

    total: int
    per_client: int
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _used: Counter[str] = field(default_factory=Counter, repr=False)

    def try_take(self, client: str) -> Refusal | None:
        """Take a slot for ``client`` (None), or say why there is none (nothing taken)."""
        with self._lock:
            if self._used[client] >= self.per_client:
                return Refusal(429, f"one sandbox request at a time from one address (at most "
                                    f"{self.per_client} at once): try again in {RETRY_AFTER_S} s")
            if sum(self._used.values()) >= self.total:
                return Refusal(503, f"the sandbox is busy with other players' requests: try again in "
                                    f"{RETRY_AFTER_S} s")
            self._used[client] += 1
            return None

    def give_back(self, client: str) -> None:
        with self._lock:
            self._used[client] -= 1
            if self._used[client] <= 0:
                del self._used[client]

    @contextmanager
    def slot(self, client: str) -> Iterator[Refusal | None]:
        """``with slots.slot(addr) as refused:`` — ``refused`` is None while the slot is held."""
        refused = self.try_take(client)
        try:
            yield refused
        finally:
            if refused is None:
                self.give_back(client)

    def in_use(self) -> int:
        with self._lock:
            return sum(self._used.values())
