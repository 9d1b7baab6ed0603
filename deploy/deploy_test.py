"""`make deploy-test`: nginx + 3 refapp replicas on loopback, tested as production would be.

1. 50 idle or slow (one header line a second) connections against the proxy must not delay a
   normal request by more than 100 ms (median over 30 requests, before and during).
2. One client beyond its rate gets 429 with Retry-After; clients within it get no 429.
3. A bounded load through the proxy (virtual clients, each from its own loopback address and
   within the rate limit); meanwhile one replica is killed with SIGKILL and restarted, and a new
   index is rolled across the replicas (one switched in place, one restarted on it). Every
   answer is checked; 0 failed requests.
Prints its figures; exits 1 when a check fails.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent))

from local import (  # noqa: E402
    BIN,
    Proxy,
    Replica,
    build_artifact,
    free_port,
    get,
    install_index,
    wait_ready,
    work_folder,
)

QUERIES = ["图书馆", "library", "刺客", "assassin", "cost<=4 action", "王冠", "moat", "盗贼", "witch", "建筑"]
RATE, BURST = 20, 40  # per client: requests per second, and the burst above it


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)

    def add(self, status: int, seconds: float, problem: str | None) -> None:
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1
            self.latencies.append(seconds)
            if problem:
                self.failures.append(problem)


def expected_answers(port: int) -> dict[str, list[str]]:
    """The top result ids for each query, asked before the load (every later answer must match)."""
    out = {}
    for q in QUERIES:
        status, _, body = get(port, f"/api/search?q={quote(q)}&lang=zh-Hans&limit=5")
        assert status == 200, (q, status)
        out[q] = [r["id"] for r in json.loads(body)["results"]]
    return out


def client_loop(port: int, source: str, per_second: float, until: float, expected, tally: Tally) -> None:
    i = 0
    while time.monotonic() < until:
        q = QUERIES[i % len(QUERIES)]
        i += 1
        started = time.monotonic()
        problem = None
        try:
            status, _, body = get(port, f"/api/search?q={quote(q)}&lang=zh-Hans&limit=5", source=source)
            if status != 200:
                problem = f"{q}: HTTP {status} {body[:120]!r}"
            elif [r["id"] for r in json.loads(body)["results"]] != expected[q]:
                problem = f"{q}: different results"
        except (OSError, ValueError) as exc:
            status, problem = 0, f"{q}: {exc!r}"
        took = time.monotonic() - started
        tally.add(status, took, problem)
        time.sleep(max(0.0, 1.0 / per_second - took))


def median_ms(port: int, n: int = 30) -> tuple[float, float]:
    times = []
    for _ in range(n):
        started = time.monotonic()
        status, _, _ = get(port, "/api/search?q=library&lang=en")
        assert status == 200
        times.append((time.monotonic() - started) * 1000)
        time.sleep(0.02)
    return statistics.median(times), max(times)


def slow_clients(port: int, n: int, stop: threading.Event) -> list[socket.socket]:
    """n/2 connections that send nothing, n/2 that send one header line a second, forever."""
    socks = []
    for i in range(n):
        s = socket.create_connection(("127.0.0.1", port), source_address=(f"127.0.2.{i + 1}", 0))
        if i % 2:
            s.sendall(b"GET /api/search?q=library HTTP/1.1\r\nHost: x\r\n")
        socks.append(s)

    def drip() -> None:
        while not stop.wait(1.0):
            for s in socks[1::2]:
                try:
                    s.sendall(b"X-Slow: 1\r\n")
                except OSError:
                    pass

    threading.Thread(target=drip, daemon=True).start()
    return socks


def check_idle(port: int) -> tuple[bool, str]:
    base, base_max = median_ms(port)
    stop = threading.Event()
    socks = slow_clients(port, 50, stop)
    try:
        time.sleep(0.5)
        during, during_max = median_ms(port)
    finally:
        stop.set()
        for s in socks:
            s.close()
    delay = during - base
    return delay <= 100, (
        f"50 idle/slow connections: median {base:.1f} ms before, {during:.1f} ms during "
        f"(max {base_max:.1f} / {during_max:.1f} ms); delay {delay:+.1f} ms (limit 100 ms)"
    )


def check_rate_limit(port: int) -> tuple[bool, str]:
    results: list[tuple[int, dict]] = []
    lock = threading.Lock()

    def hit() -> None:
        status, headers, _ = get(port, "/api/search?q=library&lang=en", source="127.0.3.1")
        with lock:
            results.append((status, headers))

    threads = [threading.Thread(target=hit) for _ in range(BURST + 40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    limited = [h for s, h in results if s == 429]
    ok = sum(1 for s, _ in results if s == 200)
    with_retry = all(h.get("retry-after") for h in limited)
    other_client = get(port, "/api/search?q=library&lang=en", source="127.0.3.2")[0]
    good = bool(limited) and with_retry and ok >= BURST and other_client == 200
    return good, (
        f"rate limit ({RATE}/s, burst {BURST}): {len(results)} requests at once from one client -> "
        f"{ok} x 200, {len(limited)} x 429 (Retry-After on all: {with_retry}); another client meanwhile: "
        f"{other_client}"
    )


def run(args: argparse.Namespace) -> int:
    with work_folder(keep=args.keep) as work:
        return run_in(work, args)


def run_in(work: Path, args: argparse.Namespace) -> int:
    replicas: list[Replica] = []
    proxy = None
    figures: list[str] = []
    passed = True
    try:
        v1 = build_artifact(work, "artifact-1")
        v2 = build_artifact(work, "artifact-2")  # the next release's index, built once, rolled out later
        export = [str(BIN / "refapp"), "export-static", str(work / "public")]
        subprocess.run(export, check=True, capture_output=True)
        for dirpath, _, _ in os.walk(work / "public"):
            os.chmod(dirpath, 0o755)
        for i in range(args.replicas):
            r = Replica(f"r{i + 1}", free_port(), work / f"replica-{i + 1}", work / f"replica-{i + 1}.log")
            install_index(v1, r.data_dir)
            r.start()
            replicas.append(r)
        for r in replicas:
            wait_ready(r.port)
        proxy = Proxy(free_port(), work, [r.port for r in replicas], RATE, BURST)
        proxy.start()
        wait_ready(proxy.port)

        status, headers, _ = get(proxy.port, next(iter(_static_urls(replicas[0].port))))
        static_ok = status == 200 and "immutable" in headers.get("cache-control", "")
        static_ok = static_ok and headers.get("x-content-type-options") == "nosniff"
        figures.append(f"static file from nginx: {status}, Cache-Control {headers.get('cache-control')!r}")
        passed &= static_ok

        ok, line = check_idle(proxy.port)
        figures.append(line)
        passed &= ok
        ok, line = check_rate_limit(proxy.port)
        figures.append(line)
        passed &= ok
        time.sleep(1.5)  # let the limited client's bucket refill

        ok, lines = load_with_faults(proxy.port, replicas, v2, args)
        figures += lines
        passed &= ok
    finally:
        if proxy:
            proxy.stop()
        for r in replicas:
            r.stop()
    print("deploy-test: " + ("PASS" if passed else "FAIL"))
    for line in figures:
        print("  " + line)
    if not passed:
        print_logs(work)
        if args.keep:
            print(f"  logs kept in {work}")
    return 0 if passed else 1


def print_logs(work: Path, lines: int = 15) -> None:
    """The end of every log, for a failed run (the folder itself is removed)."""
    for log in sorted(work.glob("*.log")):
        tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:]
        print(f"  --- {log.name} (last {len(tail)} lines)")
        for line in tail:
            print("    " + line[:300])


def _static_urls(port: int) -> list[str]:
    import re

    _, _, page = get(port, "/")
    return re.findall(r'(/static/[^"]+\.css)"', page.decode())


def restart_on(replica: Replica, build: Path) -> None:
    install_index(build, replica.data_dir)
    replica.start()


def load_with_faults(port, replicas, v2, args) -> tuple[bool, list[str]]:  # type: ignore[no-untyped-def]
    expected = expected_answers(port)
    tally = Tally()
    started = time.monotonic()
    until = started + args.seconds
    threads = [
        threading.Thread(
            target=client_loop,
            args=(port, f"127.0.1.{i + 1}", args.per_client, until, expected, tally),
            daemon=True,
        )
        for i in range(args.clients)
    ]
    for t in threads:
        t.start()
    events = []

    def at(fraction: float, what: str, action) -> None:  # type: ignore[no-untyped-def]
        time.sleep(max(0.0, started + args.seconds * fraction - time.monotonic()))
        action()
        events.append(f"{time.monotonic() - started:.1f} s: {what}")

    victim, first, last = replicas[1], replicas[0], replicas[-1]
    at(0.15, f"kill -9 {victim.name}", victim.kill9)
    at(0.30, f"{victim.name} restarted on the new index", lambda: restart_on(victim, v2))
    at(0.45, f"{first.name} switched to the new index in place", lambda: install_index(v2, first.data_dir))
    at(0.60, f"{last.name} stopped gracefully (SIGTERM)", last.stop)
    at(0.65, f"{last.name} restarted on the new index", lambda: restart_on(last, v2))
    for t in threads:
        t.join()
    elapsed = time.monotonic() - started
    versions = {r.name: wait_ready(r.port)["index"]["version"] for r in replicas}
    rolled = all(v == v2.name for v in versions.values())
    lat = sorted(tally.latencies)
    p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000  # noqa: E731
    lines = [
        f"load: {len(lat)} requests from {args.clients} clients in {elapsed:.1f} s "
        f"({len(lat) / elapsed:.0f} req/s), statuses {dict(sorted(tally.statuses.items()))}, "
        f"p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, max {lat[-1] * 1000:.0f} ms",
        *events,
        f"failed requests: {len(tally.failures)}" + (f", first: {tally.failures[:3]}" * bool(tally.failures)),
        f"index after the roll: {versions} -> all on the new build: {rolled}",
    ]
    return not tally.failures and rolled, lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--replicas", type=int, default=3)
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--per-client", type=float, default=10.0, help="requests per second per client")
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder (logs, data)")
    return run(ap.parse_args())


if __name__ == "__main__":
    sys.exit(main())
