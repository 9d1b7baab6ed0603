"""Serving figures for docs/deploy.md, measured side by side in one run. Asserts nothing.

    python scripts/bench_serve.py [--seconds S] [--skip-models] [--skip-capacity] [--skip-memory]
                                  [--baseline REF [--rounds N]]

1. Worker models: `refapp serve`'s gunicorn options with 2 workers, varying only the worker
   class and threads (the old sync workers, and the buffering worker with 1, 2 and 4 threads),
   under `wrk -t2 -c32` over a mixed load: the judged search queries, entry pages, scenario
   logs. requests/s, p50, p99, and whether 8 idle sockets stall a request.
2. Capacity of one replica (`refapp serve --workers 2`): wrk at 1, 2, 4, 8, 16 and 32
   connections; the highest requests/s whose p99 stays under 50 ms.
3. Worker memory (issue 12, defect 9): one worker after 3,000 distinct limit=100 searches plus
   every scenario page and log, resident set size.
4. With `--baseline REF`: uncached /api/search of this tree beside REF's (a git worktree with its
   own index), in rounds that alternate which goes first, each under bench_search.py's gunicorn
   options and under the tree's own `refapp serve` options: requests/s and the workers' CPU time
   per request (utime + stime from /proc). On a shared machine requests/s swings with other jobs;
   CPU time per request swings much less, so both are printed per round, with the medians of the
   per-round ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from eval_search import load_queries  # noqa: E402

from corpus.languages import LANGS  # noqa: E402
from refapp.commands.web import THREADS, gunicorn_argv  # noqa: E402

BIN = Path(sys.executable).parent
BUFFERING = "refapp.commands.serve_worker.BufferingWorker"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(port: int, path: str, timeout: float = 30) -> bytes:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=timeout) as r:  # noqa: S310
        return r.read()


def start(argv: list[str], data_dir: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    argv = [a if a != "127.0.0.1:PORT" else f"127.0.0.1:{port}" for a in argv]
    env = {**os.environ, "REFAPP_DATA_DIR": data_dir, "PROMETHEUS_MULTIPROC_DIR": tempfile.mkdtemp()}
    quiet = subprocess.DEVNULL
    proc = subprocess.Popen(argv, env=env, stdout=quiet, stderr=quiet, start_new_session=True)
    deadline = time.time() + 90
    while time.time() < deadline:
        try:
            fetch(port, "/readyz", timeout=2)
            return proc, port
        except OSError:
            time.sleep(0.2)
    stop(proc)
    raise RuntimeError("server did not start: " + " ".join(argv))


def stop(proc: subprocess.Popen) -> None:
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


def worker_rss(proc: subprocess.Popen) -> list[float]:
    out = []
    for child in Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split():
        status = Path(f"/proc/{child}/status").read_text()
        out.append(int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024)
    return out


def mixed_paths(port: int) -> list[str]:
    """60 % search (the judged queries), 20 % entry pages, 20 % scenario logs, shuffled."""
    rnd = random.Random(7)
    searches = [f"/api/search?q={quote(j.q)}&lang={j.lang}" for j in load_queries()]
    entries = [f"/entries/{e['id']}" for e in json.loads(fetch(port, "/api/entries"))["entries"]]
    scenarios = [s["url"] + ".json" for s in json.loads(fetch(port, "/api/scenarios"))["scenarios"]]
    paths = searches + rnd.sample(entries, min(len(entries), len(searches) // 3))
    paths += rnd.sample(scenarios, min(len(scenarios), len(searches) // 3))
    rnd.shuffle(paths)
    return paths


def wrk(port: int, paths: list[str], seconds: int, connections: int) -> dict:
    lua = Path(tempfile.mkstemp(suffix=".lua")[1])
    lua.write_text(
        "local paths = {" + ",".join(json.dumps(p) for p in paths) + "}\nlocal i = 0\n"
        "request = function()\n  i = i % #paths + 1\n  return wrk.format('GET', paths[i])\nend\n",
        encoding="utf-8",
    )
    cmd = ["wrk", f"-t{min(2, connections)}", f"-c{connections}", f"-d{seconds}s", "--latency"]
    cmd += ["-s", str(lua), f"http://127.0.0.1:{port}"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    lua.unlink()
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}
    p50, p99 = (re.search(rf"{q}%\s+([\d.]+)(us|ms|s)", out) for q in ("50", "99"))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "p50": float(p50.group(1)) * scale[p50.group(2)],
        "p99": float(p99.group(1)) * scale[p99.group(2)],
        "non2xx": int(non2xx.group(1)) if non2xx else 0,
    }


def stalls_with_idle_sockets(port: int, n: int = 8) -> str:
    socks = [socket.create_connection(("127.0.0.1", port)) for _ in range(n)]
    for s in socks[1::2]:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    time.sleep(0.3)
    started = time.monotonic()
    try:
        fetch(port, "/healthz", timeout=5)
        answer = f"answered in {(time.monotonic() - started) * 1000:.0f} ms"
    except OSError:
        answer = "no answer within 5 s"
    for s in socks:
        s.close()
    return answer


def serve_argv(worker_class: str, threads: int, workers: int = 2) -> list[str]:
    """`refapp serve`'s gunicorn command line with another worker class, threads or workers."""
    argv = gunicorn_argv("127.0.0.1", 0, workers, debug=False)
    argv[argv.index("--bind") + 1] = "127.0.0.1:PORT"
    argv[argv.index("--worker-class") + 1] = worker_class
    argv[argv.index("--threads") + 1] = str(threads)
    argv[argv.index("--access-logfile") + 1] = "/dev/null"
    return [str(BIN / "gunicorn"), *argv[1:]]


def models(data_dir: str, seconds: int) -> None:
    print(f"## Worker models (2 workers, wrk -t2 -c32 -d{seconds}s, mixed load; best of 2 runs)")
    print("| worker | req/s | p50 ms | p99 ms | non-2xx | 8 idle/half-sent sockets |")
    print("|---|---|---|---|---|---|")
    configs = [("sync", 1), *((BUFFERING, t) for t in (1, 2, 4))]
    for worker_class, threads in configs:
        proc, port = start(serve_argv(worker_class, threads), data_dir)
        try:
            paths = mixed_paths(port)
            wrk(port, paths, 2, 8)  # warm the caches
            best = max((wrk(port, paths, seconds, 32) for _ in range(2)), key=lambda r: r["rps"])
            idle = stalls_with_idle_sockets(port)
        finally:
            stop(proc)
        name = "sync" if worker_class == "sync" else f"buffering, {threads} thread{'s' * (threads > 1)}"
        figures = f"{best['rps']:.0f} | {best['p50']:.1f} | {best['p99']:.1f} | {best['non2xx']}"
        print(f"| {name} | {figures} | {idle} |")


def capacity(data_dir: str, seconds: int) -> None:
    print(f"\n## One replica (`refapp serve --workers 2`, {THREADS} threads), wrk -d{seconds}s, mixed load")
    print("| connections | req/s | p50 ms | p99 ms |")
    print("|---|---|---|---|")
    proc, port = start(serve_argv(BUFFERING, THREADS), data_dir)
    best = None
    try:
        paths = mixed_paths(port)
        wrk(port, paths, 2, 8)
        for c in (1, 2, 4, 8, 16, 32):
            r = wrk(port, paths, seconds, c)
            print(f"| {c} | {r['rps']:.0f} | {r['p50']:.1f} | {r['p99']:.1f} |")
            if r["p99"] < 50 and (best is None or r["rps"] > best["rps"]):
                best = {**r, "c": c}
        rss = worker_rss(proc)
    finally:
        stop(proc)
    if best:
        print(f"\ncapacity at p99 < 50 ms: {best['rps']:.0f} req/s ({best['c']} connections); "
              f"worker RSS {', '.join(f'{m:.0f}' for m in rss)} MiB")


def memory(data_dir: str) -> None:
    print("\n## Worker memory (1 worker): 3,000 distinct limit=100 searches + every scenario page and log")
    proc, port = start(serve_argv(BUFFERING, THREADS, workers=1), data_dir)
    try:
        start_rss = worker_rss(proc)[0]
        scenarios = [s["url"] for s in json.loads(fetch(port, "/api/scenarios"))["scenarios"]]
        for url in scenarios:
            fetch(port, url)
            fetch(port, url + ".json")
        after_scenarios = worker_rss(proc)[0]
        names = [w for row in json.loads(fetch(port, "/api/names"))["names"] for w in row[1:4] if w]
        rnd = random.Random(1)
        for _ in range(3000):
            q = " ".join(rnd.sample(names, 2))
            lang = rnd.choice(LANGS)
            try:
                fetch(port, f"/api/search?q={quote(q)}&limit=100&lang={lang}")
            except urllib.error.HTTPError:
                pass
        end_rss = worker_rss(proc)[0]
    finally:
        stop(proc)
    print(f"worker RSS: {start_rss:.0f} MiB ready, {after_scenarios:.0f} MiB after {len(scenarios)} "
          "scenarios "
          f"(page + log each), {end_rss:.0f} MiB after 3,000 distinct limit=100 searches")


def _serve_options(root: Path) -> list[str]:
    """A tree's own `refapp serve` gunicorn options, without address, workers and app (its code,
    run in that tree); the access log goes to /dev/null."""
    code = (
        "import json, sys; sys.path.insert(0, '.'); from refapp.commands.web import gunicorn_argv; "
        "print(json.dumps(gunicorn_argv('127.0.0.1', 8000, 2, debug=False)[1:-1]))"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    argv, out, i = json.loads(run.stdout), [], 0
    while i < len(argv):
        takes_value = i + 1 < len(argv) and not argv[i + 1].startswith("--")
        if argv[i] not in ("--bind", "--workers", "--no-control-socket"):
            out += argv[i : i + 2] if takes_value else argv[i : i + 1]
        i += 2 if takes_value else 1
    return ["/dev/null" if a == "-" else a for a in out]


def _workers_cpu_s(pid: int) -> float:
    """CPU seconds of the master's workers: the live ones', and those of workers that exited and
    were reaped (the master's cutime and cstime). Without the latter a worker replaced after
    --max-requests took its CPU with it, and the CPU per request came out negative."""
    def stat(p: str) -> list[str]:
        return Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()

    master = stat(str(pid))
    total = int(master[13]) + int(master[14])  # cutime, cstime: reaped workers
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        fields = stat(child)
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def _uncached_run(root: Path, data_dir: str, options: list[str], paths: list[str], seconds: int) -> dict:
    """bench_search.py's server (`bench_search:ours_app()` of that tree, answer cache off, 2
    workers, --preload) with extra gunicorn options; wrk -t2 -c32 over the judged queries."""
    port = free_port()
    argv = [str(BIN / "gunicorn"), "--workers", "2", "--preload", "--no-control-socket"]
    argv += ["--bind", f"127.0.0.1:{port}", "--chdir", str(root / "scripts"), "--log-level", "warning"]
    argv += [*options, "bench_search:ours_app()"]
    env = {
        **os.environ,
        "BENCH_DATA_DIR": data_dir,
        "BENCH_CACHE": "0",
        "PYTHONPATH": f"{root}:{root / 'scripts'}",
        "PROMETHEUS_MULTIPROC_DIR": tempfile.mkdtemp(prefix="bench-serve-metrics-"),
    }
    if not options:
        env.pop("PROMETHEUS_MULTIPROC_DIR")
    quiet = subprocess.DEVNULL
    proc = subprocess.Popen(argv, env=env, cwd=root, stdout=quiet, stderr=quiet, start_new_session=True)
    try:
        deadline = time.time() + 90
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.2)
        wrk(port, paths, 2, 2)  # each worker's first answers (lazy loads) out of the figures
        before = _workers_cpu_s(proc.pid)
        r = wrk(port, paths, seconds, 32)
        r["cpu_us"] = (_workers_cpu_s(proc.pid) - before) / max(r["rps"] * seconds, 1) * 1e6
    finally:
        stop(proc)
    return r


def side_by_side(ref: str, rounds: int, seconds: int) -> None:
    from statistics import median

    from bench_search import BUILD_IN_TREE

    work = Path(tempfile.mkdtemp(prefix="bench-serve-base-"))
    tree, base_data, ours_data = work / "tree", str(work / "base-data"), str(work / "ours-data")
    quiet = {"check": True, "capture_output": True}
    subprocess.run(["git", "worktree", "add", "--detach", str(tree), ref], cwd=ROOT, **quiet)
    try:
        subprocess.run([sys.executable, "-c", BUILD_IN_TREE, base_data], cwd=tree, **quiet)
        subprocess.run([sys.executable, "-c", BUILD_IN_TREE, ours_data], cwd=ROOT, **quiet)
        paths = [f"/api/search?q={quote(j.q)}&lang={j.lang}" for j in load_queries()]
        sides = {"ours": (ROOT, ours_data), ref: (tree, base_data)}
        print(f"\n## Uncached /api/search beside {ref} (wrk -c32 -d{seconds}s, judged queries, cache off)")
        print("| options | round | ours req/s | base req/s | ratio | ours CPU us/req | base CPU us/req "
              "| ratio |")
        print("|---|---|---|---|---|---|---|---|")
        for label in ("bench_search.py's", "each tree's refapp serve"):
            own = label != "bench_search.py's"
            options = {k: (_serve_options(root) if own else []) for k, (root, _) in sides.items()}
            ratios, cpu_ratios = [], []
            for i in range(rounds):
                order = ["ours", ref] if i % 2 else [ref, "ours"]
                got = {k: _uncached_run(sides[k][0], sides[k][1], options[k], paths, seconds) for k in order}
                o, b = got["ours"], got[ref]
                ratios.append(o["rps"] / b["rps"])
                cpu_ratios.append(b["cpu_us"] / o["cpu_us"])
                print(f"| {label} | {i + 1} | {o['rps']:.0f} | {b['rps']:.0f} | {ratios[-1]:.3f} | "
                      f"{o['cpu_us']:.0f} | {b['cpu_us']:.0f} | {cpu_ratios[-1]:.3f} |", flush=True)
            print(f"| {label} | median | | | {median(ratios):.3f} | | | {median(cpu_ratios):.3f} |")
        print("(ratio: ours / base for req/s; base / ours for CPU per request: above 1 means ours is ahead)")
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True)
        shutil.rmtree(work, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=10)
    ap.add_argument("--skip-models", action="store_true")
    ap.add_argument("--skip-capacity", action="store_true")
    ap.add_argument("--skip-memory", action="store_true")
    ap.add_argument("--baseline", default="", help="git ref to compare uncached /api/search with (section 4)")
    ap.add_argument("--rounds", type=int, default=4, help="alternating rounds per option set (--baseline)")
    args = ap.parse_args()
    if not shutil.which("wrk") and not (args.skip_models and args.skip_capacity and not args.baseline):
        print("wrk is not installed (apt-get install wrk)")
        return 1
    data_dir = tempfile.mkdtemp(prefix="bench-serve-")
    build = [str(BIN / "refapp"), "build-index", "--data-dir", data_dir]
    subprocess.run(build, check=True, capture_output=True)
    print(f"machine: {os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} at start")
    if not args.skip_models:
        models(data_dir, args.seconds)
    if not args.skip_capacity:
        capacity(data_dir, args.seconds)
    if not args.skip_memory:
        memory(data_dir)
    if args.baseline:
        side_by_side(args.baseline, args.rounds, args.seconds)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    shutil.rmtree(data_dir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
