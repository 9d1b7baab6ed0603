"""Sandbox step speed over HTTP, side by side with the demo endpoint. Prints figures; asserts nothing.

    python scripts/bench_sandbox.py [--rounds N] [--clients C] [--no-write]
    python scripts/bench_sandbox.py [--heavy [--rounds N]] [--determinism N] [--memory N]

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

The other options print figures only (docs/perf.md's sandbox notes quote them), for the heaviest
requests a client can send (issue 21: the probe of 4 Big Money bots with five zones of 60 Silver,
a 4-player game to its end, a game past the event limit, their share links and YAML downloads):
--heavy their CPU time (in-process, the request's thread: engine, boards, JSON, gzip) and reply
bytes; --determinism N each of them N times in a row over HTTP while one CPU-heavy job per CPU
runs beside them, and whether status and body were identical every time; --memory N a gunicorn
worker's RSS before and after N of them in turn, and its peak.
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


def start_server(port: int, workers: int = 2) -> subprocess.Popen:
    from refapp.commands.web import gunicorn_argv

    argv = gunicorn_argv("127.0.0.1", port, workers, debug=False)
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


def client(port: int, work: list[tuple[str, bytes, int]], rounds: int, out: dict[str, list],
           address: str = "127.0.0.1") -> None:
    """One client (its own loopback address, as the server's per-client slots see it). A sandbox
    step refused for want of a free slot (503, or 429) is counted and sent again, as the page does;
    its time is the time until the answer that counts."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(address, 0))
    for _ in range(rounds):
        for sid, body, _n in work:
            t0 = time.perf_counter()
            _ms, status = timed(conn, "POST", "/api/sandbox", body)
            while status in (429, 503):
                out["refused"].append(status)
                time.sleep(0.01)
                _ms, status = timed(conn, "POST", "/api/sandbox", body)
            out["sandbox"].append((time.perf_counter() - t0) * 1000)
            out["status"].append(status)
            ms, status = timed(conn, "GET", f"/scenarios/{sid}.json", None)
            out["demo"].append(ms)
            out["status"].append(status)
    conn.close()


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def measure(port: int, work, rounds: int, clients: int) -> dict[str, list]:
    out: dict[str, list] = {"sandbox": [], "demo": [], "status": [], "refused": []}
    parts = [dict(sandbox=[], demo=[], status=[], refused=[]) for _ in range(clients)]
    threads = [threading.Thread(target=client, args=(port, work, rounds, parts[i], f"127.0.0.{i + 2}"))
               for i in range(clients)]
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


# --- heavy requests: cost bounded by work (issue 21) -------------------------------------------

def probe_situation(stop: object = 100) -> dict:
    """The issue's probe: 4 Big Money bots, five zones of 60 Silver each, `setup.stop: 100`."""
    zones = {z: ["silver"] * 60 for z in ("hand", "deck", "discard", "play", "set_aside")}
    return {"game": "dominion", "edition": "1e",
            "players": [{"name": f"P{i}", "zones": dict(zones)} for i in range(4)],
            "supply": {s: 60 for s in ("copper", "silver", "gold", "estate", "duchy", "province")},
            "setup": {"stop": stop, "bots": {str(i): "BM" for i in range(4)}}}


def full_game_situation(players: int = 4) -> dict:
    """Big Money bots from the usual starting decks to the game's end."""
    return {"game": "dominion", "edition": "1e",
            "players": [{"name": f"P{i}", "zones": {"deck": ["copper"] * 7 + ["estate"] * 3}}
                        for i in range(players)],
            "kingdom": ["smithy", "village", "market", "festival", "laboratory", "moat", "witch",
                        "cellar", "chapel", "mine"],
            "setup": {"stop": "game", "bots": {str(i): "BM" for i in range(players)}}}


def heavy_requests() -> list[tuple[str, str, str, bytes | None]]:
    """(label, method, path, body): the heaviest requests a client can send, by kind."""
    from refapp.sandbox_code import encode

    probe, full, endless = probe_situation(), full_game_situation(), probe_situation("game")
    endless["setup"]["max_turns"] = 200
    for player in endless["players"]:  # no money: nobody buys, the game goes on past the event limit
        player["zones"] = {zone: ["estate"] * 60 for zone in player["zones"]}
    post = [
        ("probe POST /api/sandbox (12.6 KB body)", probe, {}),
        ("probe POST, snapshots: last", probe, {"snapshots": "last"}),
        ("probe POST, boards at 40 steps", probe, {"snapshots": list(range(0, 1000, 25))}),
        ("probe to the game's end (past the event limit), snapshots: last", endless, {"snapshots": "last"}),
        ("full 4-player game POST", full, {}),
        ("full 4-player game POST, snapshots: last", full, {"snapshots": "last"}),
    ]
    out: list[tuple[str, str, str, bytes | None]] = [
        (label, "POST", "/api/sandbox", json.dumps({"situation": s, "answers": [], **extra}).encode())
        for label, s, extra in post
    ]
    for label, s in (("probe", probe), ("full game", full)):
        code = encode(s, [])
        page, download = "/sandbox?s=" + code, "/sandbox/scenario.yaml?s=" + code
        out.append((f"{label} share link GET /sandbox?s= ({len(code)} chars)", "GET", page, None))
        out.append((f"{label} GET /sandbox/scenario.yaml?s=", "GET", download, None))
    return out


def send(client, method: str, path: str, body: bytes | None, **headers: str):  # type: ignore[no-untyped-def]
    if method == "POST":
        return client.post(path, data=body, content_type="application/json", headers=headers)
    return client.get(path, headers=headers)


def heavy(rounds: int) -> list[str]:
    """CPU time (this thread: engine, snapshots, JSON, gzip) and bytes of each heavy request, in-process."""
    import gzip

    from refapp import create_app

    client = create_app({}).test_client()
    lines = [f"| heavy request | status | CPU ms (median of {rounds}) | max | reply bytes | gzip bytes |",
             "|---|---:|---:|---:|---:|---:|"]
    worst = 0.0
    for label, method, path, body in heavy_requests():
        send(client, method, path, body)  # warm: names, code paths
        cpu = []
        for _ in range(rounds):
            c0 = time.thread_time()
            r = send(client, method, path, body, **{"Accept-Encoding": "gzip"})
            cpu.append((time.thread_time() - c0) * 1000)
        packed = r.get_data()
        raw = gzip.decompress(packed) if r.headers.get("Content-Encoding") == "gzip" else packed
        worst = max(worst, statistics.median(cpu))
        lines.append(f"| {label} | {r.status_code} | {statistics.median(cpu):.0f} | {max(cpu):.0f} | "
                     f"{len(raw):,} | {len(packed):,} |")
    lines += ["", f"Worst median CPU time of a heavy request: {worst:.0f} ms (CPU time of the request's "
              "thread, in-process: engine, boards, JSON, gzip; the max column adds the noise of a shared "
              "machine)."]
    return lines


def burner(seconds: float) -> None:  # a CPU-heavy job beside the requests
    end = time.time() + seconds
    x = 0
    while time.time() < end:
        x = (x * 31 + 7) % 1_000_003


def determinism(times: int) -> list[str]:
    """The same requests `times` times in a row over HTTP (`refapp serve`'s options, 2 workers)
    while CPU-heavy jobs, one per CPU, run beside them: the status and body must never change."""
    import hashlib
    import multiprocessing

    port = free_port()
    proc = start_server(port)
    jobs = [multiprocessing.Process(target=burner, args=(600,), daemon=True)
            for _ in range(os.cpu_count() or 2)]
    for job in jobs:
        job.start()
    lines = []
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        for label, method, path, body in heavy_requests()[:4]:
            seen: dict[tuple[int, str], int] = {}
            for _ in range(times):
                headers = {"Content-Type": "application/json"} if body else {}
                conn.request(method, path, body=body, headers=headers)
                r = conn.getresponse()
                key = (r.status, hashlib.sha256(r.read()).hexdigest()[:12])
                seen[key] = seen.get(key, 0) + 1
            answers = ", ".join(f"{n} x {s} (body {h})" for (s, h), n in seen.items())
            verdict = "identical every time" if len(seen) == 1 else f"{len(seen)} DIFFERENT answers"
            lines.append(f"- {label}: {times} requests over HTTP with {len(jobs)} CPU-heavy jobs beside "
                         f"them: {verdict} ({answers}).")
        conn.close()
    finally:
        for job in jobs:
            job.terminate()
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
    return lines


def rss_mib(pid: int) -> tuple[float, float]:
    """(VmRSS, VmHWM) of a process in MiB."""
    lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    fields = dict(line.split(":", 1) for line in lines if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def memory(count: int) -> list[str]:
    """A worker's memory before and after `count` heavy sandbox requests (one gunicorn worker)."""
    port = free_port()
    proc = start_server(port, workers=1)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        timed(conn, "GET", "/healthz", None)
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
        worker = int(children[0])
        before, _ = rss_mib(worker)
        work = heavy_requests()
        statuses: dict[int, int] = {}
        for i in range(count):
            _label, method, path, body = work[i % len(work)]
            _ms, status = timed(conn, method, path, body)
            statuses[status] = statuses.get(status, 0) + 1
        after, peak = rss_mib(worker)
        time.sleep(2)
        idle, _ = rss_mib(worker)
        conn.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
    got = ", ".join(f"{n} x {s}" for s, n in sorted(statuses.items()))
    return [f"- One worker, {count} heavy sandbox requests in a row (the {len(work)} heavy requests above in "
            f"turn; answers: {got}): RSS {before:.0f} MiB before, {after:.0f} MiB after "
            f"(+{after - before:.0f} MiB), peak {peak:.0f} MiB, {idle:.0f} MiB after 2 s idle."]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--heavy", action="store_true", help="CPU time and bytes of the heaviest requests")
    ap.add_argument("--determinism", type=int, metavar="N",
                    help="the same requests N times beside CPU-heavy jobs")
    ap.add_argument("--memory", type=int, metavar="N", help="a worker's memory over N heavy requests")
    args = ap.parse_args(argv)
    if args.heavy or args.determinism or args.memory:  # figures printed only (docs/perf.md notes cite them)
        lines = []
        if args.heavy:
            lines += heavy(args.rounds)
        if args.determinism:
            lines += ["", *determinism(args.determinism)]
        if args.memory:
            lines += ["", *memory(args.memory)]
        print("\n".join(lines))
        return 0
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
        f"Non-200 responses: {bad}. Sandbox steps refused at first for want of a free replay slot "
        f"and sent again: {len(one['refused'])} with one client, {len(many['refused'])} with "
        f"{args.clients} (each client has its own loopback address; the server runs one replay at a "
        "time per worker, docs/api.md). Target: sandbox step p99 <= 50 ms with one client "
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
