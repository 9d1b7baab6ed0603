"""Sandbox step speed over HTTP, side by side with the demo endpoint. Prints figures; asserts nothing.

    python scripts/bench_sandbox.py [--rounds N] [--clients C] [--no-write]

Serves the app with the gunicorn options `refapp serve` uses (2 buffering gthread workers, --preload, access
log to /dev/null) on 127.0.0.1. For every shipped scenario (engine/scenarios/**), one "sandbox
step" is POST /api/sandbox with the scenario as the situation and its whole script as the answers
(the most work one tap can cost for a situation of that size: the engine replays everything);
next to it, GET /scenarios/<id>.json, the demo player's endpoint (a cached run). Requests go
interleaved, sandbox then demo, per scenario, over keep-alive connections: first one client
(a phone tapping), then C clients at once; then the same requests in-process (no network, no
queueing: the server's own time), with the CPU time each request used (what a busy machine
cannot inflate, unlike wall-clock time). Results go into the "## Sandbox" section of
docs/perf.md (other sections are kept).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import perf_doc  # noqa: E402  (scripts/ is on sys.path when a script runs)

PERF_MD = ROOT / "docs" / "perf.md"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int) -> subprocess.Popen:
    from refapp.commands.web import gunicorn_argv

    argv = gunicorn_argv("127.0.0.1", port, 2, debug=False)
    argv[0] = str(Path(sys.executable).with_name("gunicorn"))
    argv[argv.index("--access-logfile") + 1] = "/dev/null"
    proc = subprocess.Popen(argv, cwd=ROOT, env=os.environ.copy(), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def cases() -> list[tuple[str, bytes, int]]:
    """(scenario id, sandbox body, answers) for every shipped scenario."""
    from engine.core.scenario import read_yaml, scenario_paths

    out = []
    for path in scenario_paths():
        raw = read_yaml(path)
        answers = [s["answer"] if isinstance(s, dict) else s for s in raw.get("script", [])]
        situation = {k: v for k, v in raw.items() if k not in ("script", "expect", "highlight")}
        body = json.dumps({"situation": situation, "answers": answers}).encode()
        out.append((raw["id"], body, len(answers)))
    return out


def timed(conn: http.client.HTTPConnection, method: str, path: str, body: bytes | None) -> tuple[float, int]:
    headers = {"Content-Type": "application/json"} if body else {}
    t0 = time.perf_counter()
    conn.request(method, path, body=body, headers=headers)
    r = conn.getresponse()
    r.read()
    return (time.perf_counter() - t0) * 1000, r.status


def client(port: int, work: list[tuple[str, bytes, int]], rounds: int, out: dict[str, list]) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for _ in range(rounds):
        for sid, body, _n in work:
            ms, status = timed(conn, "POST", "/api/sandbox", body)
            out["sandbox"].append(ms)
            out["status"].append(status)
            ms, status = timed(conn, "GET", f"/scenarios/{sid}.json", None)
            out["demo"].append(ms)
            out["status"].append(status)
    conn.close()


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def measure(port: int, work, rounds: int, clients: int) -> dict[str, list]:
    out: dict[str, list] = {"sandbox": [], "demo": [], "status": []}
    parts = [dict(sandbox=[], demo=[], status=[]) for _ in range(clients)]
    threads = [threading.Thread(target=client, args=(port, work, rounds, parts[i])) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for part in parts:
        for k in out:
            out[k].extend(part[k])
    return out


def in_process(work, rounds: int) -> dict[str, list]:
    """The same requests through the app in this process (no network, no other clients)."""
    from refapp import create_app

    client = create_app({}).test_client()
    out: dict[str, list] = {"sandbox": [], "demo": [], "sandbox_cpu": [], "demo_cpu": []}
    headers = {"Accept-Encoding": "gzip"}
    for r in range(rounds + 1):
        for sid, body, _n in work:
            t0, c0 = time.perf_counter(), time.thread_time()
            client.post("/api/sandbox", data=body, content_type="application/json", headers=headers)
            t1, c1 = time.perf_counter(), time.thread_time()
            client.get(f"/scenarios/{sid}.json", headers=headers)
            t2, c2 = time.perf_counter(), time.thread_time()
            if r:  # the first round warms the demo cache
                out["sandbox"].append((t1 - t0) * 1000)
                out["demo"].append((t2 - t1) * 1000)
                out["sandbox_cpu"].append((c1 - c0) * 1000)
                out["demo_cpu"].append((c2 - c1) * 1000)
    return out


def row(label: str, values: list[float]) -> str:
    return (f"| {label} | {len(values)} | {statistics.median(values):.1f} | {pct(values, 90):.1f} | "
            f"{pct(values, 99):.1f} | {max(values):.1f} |")


NOTES = "### Notes on the sandbox runs"  # hand-written, kept when the figures are rewritten


def write_section(text: str) -> None:
    perf_doc.write_section(PERF_MD, "Sandbox", text, NOTES)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args(argv)
    work = cases()
    load = os.getloadavg()[0]
    port = free_port()
    proc = start_server(port)
    try:
        measure(port, work, 1, 2)  # warm-up: every demo run cached in both workers, code paths loaded
        one = measure(port, work, args.rounds, 1)
        many = measure(port, work, args.rounds, args.clients)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
    local = in_process(work, args.rounds)
    bad = sum(1 for s in one["status"] + many["status"] if s != 200)
    biggest = max(work, key=lambda w: len(w[1]))
    answers = sorted(n for _, _, n in work)
    lines = [
        f"Measured by `python scripts/bench_sandbox.py --rounds {args.rounds} --clients {args.clients}` on "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC ({os.cpu_count()} CPUs, {platform.python_version()}; "
        f"load average {load:.1f} at the start: a shared machine, so wall-clock figures "
        "are noisy).",
        "",
        f"{len(work)} shipped scenarios; a sandbox step replays the scenario with its whole script "
        f"({answers[len(answers) // 2]} answers median, {answers[-1]} most; largest body "
        f"{len(biggest[1])} bytes, `{biggest[0]}`). Server: gunicorn with `refapp serve`'s options, "
        "2 workers of its buffering worker class. Milliseconds per request, client side (keep-alive):",
        "",
        "| request | n | p50 | p90 | p99 | max |",
        "|---|---:|---:|---:|---:|---:|",
        row("sandbox step `POST /api/sandbox`, 1 client", one["sandbox"]),
        row("demo `GET /scenarios/<id>.json`, 1 client", one["demo"]),
        row(f"sandbox step, {args.clients} clients at once", many["sandbox"]),
        row(f"demo, {args.clients} clients at once", many["demo"]),
        row("sandbox step, in-process (Flask test client, gzip)", local["sandbox"]),
        row("demo, in-process", local["demo"]),
        row("sandbox step, in-process, CPU time of the request", local["sandbox_cpu"]),
        row("demo, in-process, CPU time of the request", local["demo_cpu"]),
        "",
        f"Non-200 responses: {bad}. Target: sandbox step p99 <= 50 ms with one client "
        f"({'met' if pct(one['sandbox'], 99) <= 50 else 'NOT met'}: {pct(one['sandbox'], 99):.1f} ms). "
        "The demo endpoint answers from the per-process run cache; the sandbox replays every time "
        "(it is stateless), so the difference is the engine's replay plus narration and snapshots.",
    ]
    text = "\n".join(lines)
    print(text)
    if not args.no_write:
        write_section(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
