"""Worker memory under heavy sandbox requests, on `refapp serve` for real. Prints figures; asserts nothing.

    python scripts/measure_worker_memory.py [--workers N] [--requests N] [--clients C] [--zones Z]

Builds an index in a temporary folder, starts `refapp serve` on 127.0.0.1 (the settings it ships
with: max_requests recycling, glibc arenas), and sends heavy `POST /api/sandbox` bodies (four
Big Money bots, Z zones of 60 Silver each per player, `setup.stop: 100`; issue 21) from C
clients at once. Reports the resident memory (RSS, from /proc) of the master and each worker:
at start, the peak seen while the requests run, after them, and after 5 s idle, plus how many
workers were recycled (new pids). The replica's total is master + workers.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ZONES = ("hand", "deck", "discard", "play", "set_aside")


def mib(values) -> str:  # type: ignore[no-untyped-def]
    return ", ".join(f"{v:.0f}" for v in values)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mib(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def pss_mib(pid: int) -> float:
    """Proportional set size: shared pages (the preloaded app) counted once across processes."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def workers_of(master: int) -> list[int]:
    try:
        out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(master)], capture_output=True, text=True)
    except OSError:
        return []
    return [int(x) for x in out.stdout.split()]


def heavy_body(zones: int) -> bytes:
    def player(i: int) -> dict:
        return {"name": f"P{i}", "zones": {z: ["silver"] * 60 for z in ZONES[:zones]}}

    situation = {
        "game": "dominion",
        "edition": "1e",
        "players": [player(i) for i in range(4)],
        "setup": {"stop": 100, "bots": {str(i): "BM" for i in range(4)}},
    }
    return json.dumps({"situation": situation}).encode()


def post(port: int, body: bytes) -> tuple[int, int]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        headers = {"Content-Type": "application/json", "Accept-Encoding": "gzip"}
        conn.request("POST", "/api/sandbox", body, headers)
        r = conn.getresponse()
        return r.status, len(r.read())
    finally:
        conn.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--requests", type=int, default=40)
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--zones", type=int, default=5, choices=range(1, 6))
    ap.add_argument("--max-requests", type=int, default=None, help="passed to refapp serve")
    args = ap.parse_args(argv)

    data_dir = Path(tempfile.mkdtemp(prefix="refapp-memory-"))
    env = {**os.environ, "REFAPP_DATA_DIR": str(data_dir), "PYTHONPATH": str(ROOT)}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    build = [sys.executable, "-m", "refapp.cli", "build-index"]
    subprocess.run(build, env=env, check=True, capture_output=True)
    port = free_port()
    refapp = Path(sys.executable).with_name("refapp")
    log = (data_dir / "serve.log").open("wb")
    proc = subprocess.Popen(
        [str(refapp), "serve", "--port", str(port), "--workers", str(args.workers)]
        + ([] if args.max_requests is None else ["--max-requests", str(args.max_requests)]),
        env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    try:
        for _ in range(300):
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                conn.request("GET", "/readyz")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                time.sleep(0.1)
        master = proc.pid
        first = workers_of(master)
        seen = set(first)
        start = {pid: rss_mib(pid) for pid in first}
        replica_start = pss_mib(master) + sum(pss_mib(pid) for pid in first)
        print(f"master {rss_mib(master):.0f} MiB; workers at start: {mib(start.values())} MiB RSS; "
              f"replica PSS {replica_start:.0f} MiB")
        body = heavy_body(args.zones)
        peak: dict[int, float] = {}
        statuses: dict[int, int] = {}
        sizes: list[int] = []
        done = threading.Event()

        replica_peak = [0.0]

        def sample() -> None:
            while not done.is_set():
                pids = workers_of(master)
                for pid in pids:
                    seen.add(pid)
                    peak[pid] = max(peak.get(pid, 0.0), rss_mib(pid))
                replica_peak[0] = max(replica_peak[0], pss_mib(master) + sum(pss_mib(pid) for pid in pids))
                time.sleep(0.05)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        todo = list(range(args.requests))
        lock = threading.Lock()

        def client() -> None:
            while True:
                with lock:
                    if not todo:
                        return
                    todo.pop()
                status, size = post(port, body)
                with lock:
                    statuses[status] = statuses.get(status, 0) + 1
                    sizes.append(size)

        started = time.monotonic()
        clients = [threading.Thread(target=client) for _ in range(args.clients)]
        for t in clients:
            t.start()
        for t in clients:
            t.join()
        took = time.monotonic() - started
        done.set()
        sampler.join()
        after = {pid: rss_mib(pid) for pid in workers_of(master)}
        time.sleep(5)
        idle = {pid: rss_mib(pid) for pid in workers_of(master)}
        print(f"body {len(body)} bytes; {args.requests} requests from {args.clients} clients in {took:.1f} s;"
              f" statuses {statuses}; answer {max(sizes, default=0) / 1e6:.2f} MB (gzip)")
        print(f"worker peak RSS: {mib(sorted(peak.values(), reverse=True))} MiB")
        print(f"workers after: {mib(after.values())} MiB; after 5 s idle: {mib(idle.values())} MiB")
        total = pss_mib(master) + sum(pss_mib(pid) for pid in idle)
        print(f"replica (master + workers, PSS): peak {replica_peak[0]:.0f} MiB, idle after {total:.0f} MiB; "
              f"workers recycled: {len(seen) - len(first)}")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
        log.close()
        subprocess.run(["rm", "-rf", str(data_dir)], check=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
