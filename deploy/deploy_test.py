"""`make deploy-test`: nginx + 3 refapp replicas on loopback, tested as production would be.

1. 50 idle or slow (one header line a second) connections against the proxy must not delay a
   normal request by more than 100 ms (median over 30 requests, before and during).
2. One client beyond its rate gets 429 with Retry-After; clients within it get no 429.
3. A bounded load through the proxy: ordinary readers (each from its own address, within the
   rate limit) and liveness probes; meanwhile one replica is killed with SIGKILL and restarted,
   a new index is rolled across the replicas (one switched in place, one stopped and restarted
   on it), one address sends heavy sandbox requests, slow chunked bodies and slow readers of a
   large answer come both through nginx and straight to a replica (as a Kubernetes Service
   reaches a pod), and 8 phones behind one address make their first visit.
Checks (exit 1 when one fails): other clients' failures 0; every /healthz probe answered (direct
to each replica that is up, and through nginx); replica memory peak (PSS of master + workers)
under the Kubernetes manifest's limit; 0 x 429 for the phones' first visits; the index roll.
Figures with a target that are not checks, because they move with what else the machine runs
(a timed check would fail a busy CI): /healthz p99 (target <= 1 s), printed as met or missed
beside the machine's load average.
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import (  # noqa: E402
    Tally,
    expected_answers,
    health_probe,
    heavy_sender,
    memory_sampler,
    page_assets,
    phone_first_visit,
    precache_list,
    search_client,
    slow_chunked_body,
    slow_reader,
)
from local import (  # noqa: E402
    BIN,
    ROOT,
    Proxy,
    Replica,
    build_artifact,
    free_port,
    get,
    install_index,
    wait_ready,
    work_folder,
)

RATE, BURST = 20, 40  # per client: requests per second, and the burst above it
HEALTH_P99_TARGET_S = 1.0
PHONES = 8


def manifest_memory_limit() -> int:
    """The container memory limit of deploy/k8s/refapp.yaml, in bytes."""
    docs = yaml.safe_load_all((ROOT / "deploy" / "k8s" / "refapp.yaml").read_text(encoding="utf-8"))
    deployment = next(d for d in docs if d and d["kind"] == "Deployment")
    limit = deployment["spec"]["template"]["spec"]["containers"][0]["resources"]["limits"]["memory"]
    number, unit = re.fullmatch(r"(\d+)(Mi|Gi)", limit).groups()
    return int(number) * {"Mi": 2**20, "Gi": 2**30}[unit]


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


def build_artifacts(work: Path) -> tuple[Path, Path]:
    """This release's index and the next one's (rolled out during the load), built side by side."""
    results: dict[str, Path] = {}
    errors: list[BaseException] = []

    def build(name: str) -> None:
        try:
            results[name] = build_artifact(work, name)
        except BaseException as exc:  # noqa: BLE001 - re-raised below, in the main thread
            errors.append(exc)

    threads = [threading.Thread(target=build, args=(name,)) for name in ("artifact-1", "artifact-2")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return results["artifact-1"], results["artifact-2"]


def run(args: argparse.Namespace) -> int:
    with work_folder(keep=args.keep) as work:
        return run_in(work, args)


def run_in(work: Path, args: argparse.Namespace) -> int:
    replicas: list[Replica] = []
    proxy = None
    figures: list[str] = []
    passed = True
    try:
        v1, v2 = build_artifacts(work)
        export = [str(BIN / "refapp"), "export-static", str(work / "public")]
        subprocess.run(export, check=True, capture_output=True)
        for dirpath, _, _ in os.walk(work / "public"):
            os.chmod(dirpath, 0o755)
        for i in range(args.replicas):
            r = Replica(f"r{i + 1}", free_port(), work / f"replica-{i + 1}", work / f"replica-{i + 1}.log")
            install_index(v1, r.data_dir)
            r.start(workers=args.workers)
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
    _, _, page = get(port, "/")
    return re.findall(r'(/static/[^"]+\.css)"', page.decode())


class Cluster:
    """Which replicas should answer now (a killed or restarting one is not probed)."""

    def __init__(self, replicas: list[Replica]) -> None:
        self.replicas = replicas
        self.lock = threading.Lock()
        self.up = {r.name: True for r in replicas}

    def is_up(self, name: str) -> bool:
        with self.lock:
            return self.up[name]

    def mark(self, name: str, up: bool) -> None:
        with self.lock:
            self.up[name] = up

    def pids(self) -> dict[str, int]:
        return {r.name: r.proc.pid for r in self.replicas if r.proc and r.proc.poll() is None}

    def restart_on(self, replica: Replica, build: Path, workers: int) -> None:
        """Start `replica` on `build`; it counts as up again once /readyz answers (in the background)."""
        install_index(build, replica.data_dir)
        replica.start(workers=workers)

        def ready() -> None:
            try:
                wait_ready(replica.port, seconds=60)
            finally:
                self.mark(replica.name, True)

        threading.Thread(target=ready, daemon=True).start()


def load_with_faults(
    port: int, replicas: list[Replica], v2: Path, args: argparse.Namespace
) -> tuple[bool, list[str]]:
    expected = expected_answers(port)
    urls = page_assets(port) + ["/sw.js", "/manifest.webmanifest"] + precache_list(port)
    cluster = Cluster(replicas)
    target = replicas[0]  # stays up: also gets slow clients straight from "inside the cluster"
    others, heavy, chunked, readers = Tally(), Tally(), Tally(), Tally()
    health_direct = {r.name: Tally() for r in replicas}
    health_proxy, phones, phones_429 = Tally(), Tally(), Tally()
    memory: dict[str, tuple[int, int]] = {}
    share: list[str] = []
    started = time.monotonic()
    until = started + args.seconds

    def thread(target_fn, *fn_args) -> threading.Thread:  # type: ignore[no-untyped-def]
        t = threading.Thread(target=target_fn, args=fn_args, daemon=True)
        t.start()
        return t

    threads = [
        thread(search_client, port, f"127.0.1.{i + 1}", args.per_client, until, expected, others)
        for i in range(args.clients)
    ]
    threads.append(thread(health_probe, port, "127.0.7.1", until, health_proxy, lambda: True))
    for r in replicas:
        threads.append(thread(health_probe, r.port, "127.0.7.2", until, health_direct[r.name],
                              lambda name=r.name: cluster.is_up(name)))
    threads.append(thread(memory_sampler, cluster.pids, until + 2, memory))
    events = []

    def at(fraction: float, what: str, action) -> None:  # type: ignore[no-untyped-def]
        time.sleep(max(0.0, started + args.seconds * fraction - time.monotonic()))
        began = time.monotonic()
        action()
        done = time.monotonic()
        took = f" (took {done - began:.1f} s)" if done - began >= 0.5 else ""
        events.append(f"{began - started:.1f} s: {what}{took}")

    def heavy_client() -> None:
        for _ in range(args.heavy):
            threads.append(thread(heavy_sender, port, "127.0.5.1", until, heavy, share))

    def slow_bodies() -> None:
        for i in range(8):
            threads.append(thread(slow_chunked_body, port, f"127.0.8.{i + 1}", until, chunked))
            if args.direct:
                threads.append(thread(slow_chunked_body, target.port, f"127.0.8.{i + 101}", until, chunked))

    def slow_readers() -> None:
        for i in range(4):
            threads.append(thread(slow_reader, port, f"127.0.9.{i + 1}", until, readers))
            if args.direct:
                threads.append(thread(slow_reader, target.port, f"127.0.9.{i + 101}", until, readers))

    def phones_visit() -> None:
        for _ in range(PHONES):
            threads.append(thread(phone_first_visit, port, "127.0.6.1", urls, phones, phones_429))

    def kill(replica: Replica) -> None:
        cluster.mark(replica.name, False)
        replica.kill9()

    def stop(replica: Replica) -> None:
        cluster.mark(replica.name, False)
        replica.stop()

    victim, first, last = replicas[1], replicas[0], replicas[-1]
    workers = args.workers
    at(0.05, f"heavy sandbox client: {args.heavy} threads from one address", heavy_client)
    at(0.10, f"16 slow chunked bodies (1 byte/s): 8 through nginx, 8 straight to {target.name}", slow_bodies)
    at(0.12, f"8 slow readers of a ~5 MB answer: 4 through nginx, 4 straight to {target.name}", slow_readers)
    at(0.15, f"kill -9 {victim.name}", lambda: kill(victim))
    at(0.30, f"{victim.name} restarted on the new index", lambda: cluster.restart_on(victim, v2, workers))
    at(0.40, f"{PHONES} phones behind one address: first visit ({len(urls)} requests each)", phones_visit)
    at(0.45, f"{first.name} switched to the new index in place", lambda: install_index(v2, first.data_dir))
    at(0.60, f"{last.name} stopped gracefully (SIGTERM)", lambda: stop(last))
    at(0.65, f"{last.name} restarted on the new index", lambda: cluster.restart_on(last, v2, workers))
    deadline = until + 90
    for t in threads:
        t.join(timeout=max(0.1, deadline - time.monotonic()))
    elapsed = time.monotonic() - started
    versions = {r.name: wait_ready(r.port)["index"]["version"] for r in replicas}
    rolled = all(v == v2.name for v in versions.values())

    failures = others.failures + phones.failures + health_proxy.failures
    direct = Tally()
    for tally in health_direct.values():
        direct.latencies += tally.latencies
        direct.failures += tally.failures
    health_p99 = max(direct.percentile(0.99), health_proxy.percentile(0.99))
    limit = manifest_memory_limit()
    peak = max((pss for pss, _ in memory.values()), default=0)
    mib = 2**20
    checks = {
        "other clients' failures": not failures,
        "/healthz answered": not direct.failures,
        "replica memory": 0 < peak < limit,
        "429s on first visits": not phones_429.latencies and len(phones.latencies) == PHONES * len(urls),
        "index roll": rolled,
    }
    lines = [
        f"load: {elapsed:.1f} s; ordinary readers ({args.clients}, each {args.per_client:g}/s): "
        + others.summary(),
        *events,
        f"heavy sandbox client (one address): {heavy.summary()}",
        f"slow chunked bodies (status when the server gave up; -1 still open at the end): "
        f"{dict(sorted(chunked.statuses.items()))}",
        f"slow readers (200 = received some of the answer): {dict(sorted(readers.statuses.items()))}",
        f"phones' first visits: {phones.summary()}; 429: {len(phones_429.latencies)} (target 0)",
        f"other clients' failures: {len(failures)} (target 0)"
        + (f", first: {failures[:3]}" if failures else ""),
        f"/healthz through nginx: {health_proxy.summary()}",
        *(f"/healthz straight to {name} while up: {t.summary()}" for name, t in health_direct.items()),
        f"/healthz p99: {health_p99 * 1000:.0f} ms (target <= {HEALTH_P99_TARGET_S * 1000:.0f} ms: "
        f"{'met' if health_p99 <= HEALTH_P99_TARGET_S else 'missed'}; a figure, not a check; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs); "
        f"direct probe failures: {len(direct.failures)}"
        + (f", first: {direct.failures[:3]}" if direct.failures else ""),
        "replica memory peak (PSS / RSS of master + workers): "
        + ", ".join(f"{n} {p / mib:.0f} / {r / mib:.0f} MiB" for n, (p, r) in sorted(memory.items()))
        + f"; limit in deploy/k8s/refapp.yaml {limit / mib:.0f} MiB",
        f"index after the roll: {versions} -> all on the new build: {rolled}",
        "checks: " + ", ".join(f"{name} {'ok' if ok else 'FAILED'}" for name, ok in checks.items()),
    ]
    return all(checks.values()), lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--replicas", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2, help="workers per replica (as in deploy/k8s)")
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--per-client", type=float, default=10.0, help="requests per second per client")
    ap.add_argument("--heavy", type=int, default=12, help="threads of the heavy sandbox client")
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder (logs, data)")
    ap.add_argument(
        "--no-direct", dest="direct", action="store_false",
        help="send slow clients through nginx only, not also straight to a replica (to tell causes apart)",
    )
    return run(ap.parse_args())


if __name__ == "__main__":
    sys.exit(main())
