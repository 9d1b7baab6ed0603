"""What `make deploy-test` sends while it breaks the cluster: ordinary clients, health probes,
one address with heavy sandbox requests, slow bodies, slow readers, a table of phones behind one
address, and a memory sampler. Every loop stops at a deadline and after a bounded count; every
connection is to 127.0.0.1 (any 127.x.y.z source address is this machine)."""

from __future__ import annotations

import http.client
import json
import os
import re
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

QUERIES = ["图书馆", "library", "刺客", "assassin", "cost<=4 action", "王冠", "moat", "盗贼", "witch", "建筑"]


@dataclass
class Tally:
    """Statuses, latencies and problems of one group of clients."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)

    def add(self, status: int, seconds: float, problem: str | None = None) -> None:
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1
            self.latencies.append(seconds)
            if problem:
                self.failures.append(problem)

    def percentile(self, q: float) -> float:
        """The q-quantile latency in seconds (0 with no sample)."""
        lat = sorted(self.latencies)
        return lat[min(len(lat) - 1, int(q * len(lat)))] if lat else 0.0

    def summary(self) -> str:
        return (
            f"{len(self.latencies)} requests, statuses {dict(sorted(self.statuses.items()))}, "
            f"p50 {self.percentile(0.5) * 1000:.0f} ms, p99 {self.percentile(0.99) * 1000:.0f} ms, "
            f"max {max(self.latencies, default=0) * 1000:.0f} ms"
        )


def request(
    port: int,
    method: str,
    path: str,
    source: str,
    body: bytes | None = None,
    timeout: float = 30.0,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        conn.request(method, path, body, headers or {})
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()


def expected_answers(port: int) -> dict[str, list[str]]:
    """The top result ids for each query, asked before the load (every later answer must match)."""
    out = {}
    for q in QUERIES:
        status, _, body = request(port, "GET", f"/api/search?q={quote(q)}&lang=zh-Hans&limit=5", "127.0.0.1")
        assert status == 200, (q, status)
        out[q] = [r["id"] for r in json.loads(body)["results"]]
    return out


def search_client(port: int, source: str, per_second: float, until: float, expected, tally: Tally) -> None:  # type: ignore[no-untyped-def]
    """An ordinary reader within the rate limit: searches, each answer checked."""
    for i in range(int((until - time.monotonic()) * per_second) + 1):
        if time.monotonic() >= until:
            return
        q = QUERIES[i % len(QUERIES)]
        started = time.monotonic()
        problem = None
        try:
            status, _, body = request(port, "GET", f"/api/search?q={quote(q)}&lang=zh-Hans&limit=5", source)
            if status != 200:
                problem = f"search {q}: HTTP {status} {body[:120]!r}"
            elif [r["id"] for r in json.loads(body)["results"]] != expected[q]:
                problem = f"search {q}: different results"
        except (OSError, ValueError) as exc:
            status, problem = 0, f"search {q}: {exc!r}"
        took = time.monotonic() - started
        tally.add(status, took, problem)
        time.sleep(max(0.0, 1.0 / per_second - took))


def health_probe(
    port: int, source: str, until: float, tally: Tally, up: Callable[[], bool], every: float = 0.25
) -> None:
    """/healthz as an orchestrator's liveness probe asks it (3 s timeout), while `up()` says the
    target should answer (a replica being killed or restarted is not probed)."""
    for _ in range(int((until - time.monotonic()) / every) + 1):
        if time.monotonic() >= until:
            return
        if up():
            started = time.monotonic()
            problem = None
            try:
                status, _, _ = request(port, "GET", "/healthz", source, timeout=3.0)
                if status != 200:
                    problem = f"healthz on {port}: HTTP {status}"
            except OSError as exc:
                status, problem = 0, f"healthz on {port}: {exc!r}"
            if up():  # a probe that overlapped a kill or a stop says nothing about the replica
                tally.add(status, time.monotonic() - started, problem)
        time.sleep(every)


def heavy_sandbox_body() -> bytes:
    """A valid request that makes the engine work hard (issue 21): 4 Big Money bots, five zones of
    60 Silver each, 100 turns (about 12.5 KB)."""
    zones = {z: ["silver"] * 60 for z in ("hand", "deck", "discard", "play", "set_aside")}
    situation = {
        "game": "dominion",
        "edition": "1e",
        "players": [{"name": f"Bot {i + 1}", "zones": zones} for i in range(4)],
        "setup": {"stop": 100, "bots": {str(i): "BM" for i in range(4)}},
    }
    return json.dumps({"situation": situation, "answers": []}).encode()


def heavy_sender(
    port: int, source: str, until: float, tally: Tally, share: list[str], cap: int = 400
) -> None:
    """One thread of the heavy client: POST /api/sandbox with the heavy body, and once a share
    code is known, GET /sandbox?s=<code> (the heavy link). After a 429 it waits 0.1 s."""
    body = heavy_sandbox_body()
    for i in range(cap):
        if time.monotonic() >= until:
            return
        started = time.monotonic()
        try:
            if share and i % 2:
                status, _, _ = request(port, "GET", f"/sandbox?s={share[0]}", source)
            else:
                status, _, answer = request(
                    port, "POST", "/api/sandbox", source, body, headers={"Content-Type": "application/json"}
                )
                if status == 200 and not share:
                    share.append(json.loads(answer)["code"])
        except (OSError, ValueError):
            status = 0
        tally.add(status, time.monotonic() - started)
        if status == 429:
            time.sleep(0.1)


def slow_chunked_body(port: int, source: str, until: float, tally: Tally) -> None:
    """POST /api/sandbox with Transfer-Encoding: chunked at one byte a second, until the deadline
    or until the server gives up on it (what it answers is recorded; 0 = closed silently)."""
    started = time.monotonic()
    status = -1
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2, source_address=(source, 0)) as s:
            s.settimeout(1.0)  # each turn: one byte, then up to a second waiting for an answer
            s.sendall(
                b"POST /api/sandbox HTTP/1.1\r\nHost: refapp\r\nContent-Type: application/json\r\n"
                b"Transfer-Encoding: chunked\r\n\r\n"
            )
            for _ in range(int(until - time.monotonic()) + 1):
                if time.monotonic() >= until:
                    break
                try:
                    s.sendall(b"1\r\n{\r\n")
                except OSError:
                    status = _answer_status(s)
                    break
                try:
                    answer = s.recv(256)
                except TimeoutError:
                    continue
                status = int(answer.split()[1]) if answer.startswith(b"HTTP/") else 0
                break
    except OSError:
        status = 0
    tally.add(status, time.monotonic() - started)


def _answer_status(s: socket.socket) -> int:
    try:
        answer = s.recv(256)
    except OSError:
        return 0
    return int(answer.split()[1]) if answer.startswith(b"HTTP/") else 0


def slow_reader(port: int, source: str, until: float, tally: Tally, per_second: int = 16_384) -> None:
    """Asks for a large answer (the heavy sandbox reply, about 5 MB) and reads it at 16 KB a
    second with a 4 KB receive buffer, until the deadline or the end of the answer."""
    body = heavy_sandbox_body()
    started = time.monotonic()
    received = 0
    try:
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.bind((source, 0))
        s.settimeout(15)
        s.connect(("127.0.0.1", port))
        with s:
            s.sendall(
                b"POST /api/sandbox HTTP/1.1\r\nHost: refapp\r\nContent-Type: application/json\r\n"
                + f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
                + body
            )
            while time.monotonic() < until:
                chunk = s.recv(per_second // 4)
                if not chunk:
                    break
                received += len(chunk)
                time.sleep(0.25)
    except OSError:
        pass
    tally.add(200 if received else 0, time.monotonic() - started)


def precache_list(port: int) -> list[str]:
    """The URLs the service worker stores on a first visit (its PRECACHE list)."""
    _, _, body = request(port, "GET", "/sw.js", "127.0.0.1")
    return json.loads(re.search(rb"var PRECACHE = (\[.*?\]);", body).group(1))


def page_assets(port: int) -> list[str]:
    _, _, page = request(port, "GET", "/", "127.0.0.1")
    return sorted(set(re.findall(r'(?:href|src)="(/static/[^"]+)"', page.decode())))


def phone_first_visit(port: int, source: str, urls: list[str], tally: Tally, limited: Tally) -> None:
    """A phone's first visit: the page, its assets, the service worker and the manifest, then
    the precache list, 6 at a time (a browser's connections per host). A 429 goes to `limited`."""

    def one(url: str) -> None:
        started = time.monotonic()
        try:
            status, _, _ = request(port, "GET", url, source)
        except OSError as exc:
            tally.add(0, time.monotonic() - started, f"phone {url}: {exc!r}")
            return
        took = time.monotonic() - started
        if status == 429:
            limited.add(status, took, url)
        else:
            tally.add(status, took, None if status == 200 else f"phone {url}: HTTP {status}")

    queue = list(urls)
    lock = threading.Lock()

    def connection() -> None:
        while True:
            with lock:
                if not queue:
                    return
                url = queue.pop(0)
            one(url)

    threads = [threading.Thread(target=connection, daemon=True) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)


def process_tree_memory(pid: int) -> tuple[int, int]:
    """(PSS, RSS) in bytes of a process and its children: PSS shares each page among the
    processes that map it, so the sum is close to what a container's memory limit counts."""
    pids = [pid]
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            children = Path(f"/proc/{pid}/task/{task}/children").read_text().split()
            pids += [int(c) for c in children]
    except OSError:
        return 0, 0
    pss = rss = 0
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    pss += int(line.split()[1]) * 1024
                elif line.startswith("Rss:"):
                    rss += int(line.split()[1]) * 1024
        except OSError:
            continue
    return pss, rss


def memory_sampler(
    pids: Callable[[], dict[str, int]], until: float, peaks: dict[str, tuple[int, int]]
) -> None:
    """Every 0.5 s, each replica's (PSS, RSS); keeps the peak of each."""
    for _ in range(int((until - time.monotonic()) / 0.5) + 1):
        if time.monotonic() >= until:
            return
        for name, pid in pids().items():
            pss, rss = process_tree_memory(pid)
            old = peaks.get(name, (0, 0))
            peaks[name] = (max(old[0], pss), max(old[1], rss))
        time.sleep(0.5)
