"""Search speed and footprint, ours next to the obvious peer (stock jieba ChineseAnalyzer +
Whoosh defaults over the same corpus). Prints measured figures; asserts nothing.

    python scripts/bench_search.py [--rounds N] [--http-seconds S] [--no-http] [--no-write]

Measures, for each engine: index build time, in-process query latency p50/p99 over the judged
queries (tests/data/queries.yaml), hit@3 on them, process start to first answered query and
resident memory after it (in a fresh subprocess); then over HTTP: gunicorn with 2 workers
(--preload, --no-control-socket; also with the worker class and threads `refapp serve` uses) and
`wrk -c32` on 127.0.0.1, requests/s, p50 and p99. Results
go into the "## Search" section of docs/perf.md (other sections are kept).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from eval_search import evaluate, load_queries, report  # noqa: E402

PERF_MD = ROOT / "docs" / "perf.md"
PY = sys.executable


# -- the peer: what you get from the libraries' defaults -------------------------------------
def build_peer(dataset_path: Path, folder: Path) -> None:
    """One document per entry: names + every text, analysed by jieba's stock ChineseAnalyzer."""
    from jieba.analyse import ChineseAnalyzer
    from whoosh import index as wi
    from whoosh.fields import ID, TEXT, Schema

    from corpus.model import load_dataset

    ds = load_dataset(dataset_path)
    schema = Schema(
        id=ID(stored=True, unique=True),
        name=TEXT(analyzer=ChineseAnalyzer()),
        body=TEXT(analyzer=ChineseAnalyzer()),
    )
    folder.mkdir(parents=True, exist_ok=True)
    ix = wi.create_in(str(folder), schema)
    w = ix.writer()
    for e in ds.entries:
        names = " ".join([*e.names.values(), *e.aliases])
        texts = [e.text, e.text_2e or {}, e.edition_changes or {}] + [r.text for r in e.rulings]
        body = "\n".join(v for t in texts for v in t.values())
        w.add_document(id=e.id, name=names, body=body)
    w.commit()


class PeerSearch:
    def __init__(self, folder: Path):
        from whoosh import index as wi
        from whoosh.qparser import MultifieldParser

        self.ix = wi.open_dir(str(folder))
        self.parser = MultifieldParser(["name", "body"], self.ix.schema)

    def search(self, q: str, limit: int = 10) -> list[str]:
        try:
            parsed = self.parser.parse(q)
        except Exception:  # noqa: BLE001 - the peer's parser errors count as no results
            return []
        with self.ix.searcher() as s:
            return [h["id"] for h in s.search(parsed, limit=limit)]


# -- measurements ------------------------------------------------------------------------------
def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def latency(run, queries, rounds: int) -> tuple[float, float]:
    for j in queries:  # warm-up
        run(j)
    times = []
    for _ in range(rounds):
        for j in queries:
            t = time.perf_counter()
            run(j)
            times.append((time.perf_counter() - t) * 1000)
    return percentile(times, 50), percentile(times, 99)


STARTUP = r"""
import sys, time, json
t0 = float(sys.argv[1])
sys.path.insert(0, sys.argv[3])
if sys.argv[2] == "ours":
    from index import open_index
    ix = open_index(sys.argv[4], cache_size=0); ix.search("图书馆 天文台")
else:
    from bench_search import PeerSearch
    PeerSearch(sys.argv[4]).search("图书馆 天文台")
t1 = time.time()
rss = [l for l in open("/proc/self/status") if l.startswith("VmRSS")][0].split()[1]
print(json.dumps({"first_answer_s": t1 - t0, "rss_mib": int(rss) / 1024}))
"""


def startup(kind: str, folder: Path) -> dict:
    t0 = time.time()
    out = subprocess.run(
        [PY, "-c", STARTUP, repr(t0), kind, str(ROOT / "scripts"), str(folder)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


# -- HTTP ---------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ours_app():  # gunicorn entry: the product app when it starts, else a minimal app with our blueprint
    data_dir = os.environ["BENCH_DATA_DIR"]
    cache = int(os.environ.get("BENCH_CACHE", "0"))
    try:
        if os.environ.get("BENCH_MINIMAL"):
            raise RuntimeError("minimal app asked for")
        from refapp import create_app

        return create_app({"REFAPP_DATA_DIR": data_dir, "SEARCH_CACHE_SIZE": cache})
    except Exception:  # noqa: BLE001
        from flask import Flask

        from refapp import api_search

        app = Flask("bench-search")
        app.json.ensure_ascii = False
        app.config["REFAPP_DATA_DIR"] = data_dir
        app.config["SEARCH_CACHE_SIZE"] = cache
        api_search.init_app(app)
        return app


def peer_app():
    from flask import Flask, jsonify, request

    peer = PeerSearch(Path(os.environ["BENCH_PEER_DIR"]))
    app = Flask("bench-peer")

    @app.get("/api/search")
    def search():  # type: ignore[no-untyped-def]
        return jsonify({"results": peer.search(request.args.get("q", ""))})

    return app


def _rss_of_children(pid: int) -> list[float]:
    out = []
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        status = Path(f"/proc/{child}/status").read_text()
        out.append(int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024)
    return out


def median_run(results: list[dict]) -> dict:
    """The run with the median requests/s (its own p99 and memory), plus the spread."""
    ordered = sorted(results, key=lambda r: r["rps"])
    mid = dict(ordered[len(ordered) // 2])
    mid["rps_range"] = (ordered[0]["rps"], ordered[-1]["rps"])
    mid["non_2xx"] = sum(r["non_2xx"] for r in results)
    return mid


def serve_options() -> list[str]:
    """The options `refapp serve` runs gunicorn with (worker class, threads, preload, access log,
    timeout), without the address, worker count and app, which the bench sets itself."""
    from refapp.commands.web import gunicorn_argv

    argv = gunicorn_argv("127.0.0.1", 8000, 2, debug=False)[1:-1]
    out: list[str] = []
    i = 0
    while i < len(argv):
        takes_value = i + 1 < len(argv) and not argv[i + 1].startswith("--")
        if argv[i] not in ("--bind", "--workers", "--no-control-socket"):
            out += argv[i : i + 2] if takes_value else argv[i : i + 1]
        i += 2 if takes_value else 1
    return out


def http_run(app_spec: str, env: dict, queries, seconds: int, extra: list[str] | None = None) -> dict:
    port = free_port()
    gunicorn = str(Path(PY).with_name("gunicorn"))
    cmd = [
        gunicorn,
        "--workers",
        "2",
        "--preload",
        "--no-control-socket",
        "--bind",
        f"127.0.0.1:{port}",
        "--chdir",
        str(ROOT / "scripts"),
        "--log-level",
        "warning",
        *(extra or []),
        app_spec,
    ]
    proc = subprocess.Popen(
        cmd, env={**os.environ, **env}, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.1)
        paths = [f"/api/search?q={quote(j.q)}&lang={j.lang}" for j in queries]
        lua = Path(tempfile.mkstemp(suffix=".lua")[1])
        lua.write_text(
            "local paths = {" + ",".join(json.dumps(p) for p in paths) + "}\n"
            "local i = 0\nrequest = function()\n  i = i % #paths + 1\n"
            "  return wrk.format('GET', paths[i])\nend\n",
            encoding="utf-8",
        )
        wrk_cmd = [
            "wrk",
            "-t2",
            "-c32",
            f"-d{seconds}s",
            "--latency",
            "-s",
            str(lua),
            f"http://127.0.0.1:{port}",
        ]
        out = subprocess.run(wrk_cmd, capture_output=True, text=True, check=True).stdout
        rss = _rss_of_children(proc.pid)
        lua.unlink()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    p50 = re.search(r"50%\s+([\d.]+)(us|ms|s)", out)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "rps": rps,
        "p99_ms": float(p99.group(1)) * scale[p99.group(2)],
        "p50_ms": float(p50.group(1)) * scale[p50.group(2)],
        "worker_rss_mib": rss,
        "non_2xx": int(non2xx.group(1)) if non2xx else 0,
        "command": " ".join(wrk_cmd[:-3]) + " <queries.lua> URL",
    }


# -- report ---------------------------------------------------------------------------------------
def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}x" if b else "n/a"


NOTES = "### Notes"  # a hand-written part of the section, kept when the figures are rewritten


def write_section(text: str) -> None:
    old = PERF_MD.read_text(encoding="utf-8") if PERF_MD.exists() else "# Performance\n"
    section = "## Search\n\n" + text.strip() + "\n"
    if "## Search" in old:
        head, rest = old.split("## Search", 1)
        nxt = re.search(r"^## ", rest, flags=re.M)
        tail = rest[nxt.start() :] if nxt else ""
        body = rest[: nxt.start()] if nxt else rest
        if NOTES in body:
            section += "\n" + NOTES + body.split(NOTES, 1)[1].rstrip() + "\n"
        new = head + section + ("\n" + tail if tail else "")
    else:
        new = old.rstrip() + "\n\n" + section
    PERF_MD.write_text(new, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--http-seconds", type=int, default=10)
    ap.add_argument("--no-http", action="store_true")
    ap.add_argument("--http-runs", type=int, default=3, help="HTTP runs per server; the median is shown")
    ap.add_argument("--no-write", action="store_true", help="do not update docs/perf.md")
    args = ap.parse_args(argv)

    from corpus.model import DATASET_PATH, load_dataset
    from index import build, open_index

    queries = load_queries()
    work = Path(tempfile.mkdtemp(prefix="bench-search-"))
    try:
        t = time.perf_counter()
        folder = build(load_dataset(DATASET_PATH), work / "ours")
        ours_build = time.perf_counter() - t
        t = time.perf_counter()
        build_peer(DATASET_PATH, work / "peer")
        peer_build = time.perf_counter() - t

        ours = open_index(work / "ours", cache_size=0)  # every query a full search
        peer = PeerSearch(work / "peer")
        o_scores, o_groups, o_misses = evaluate(
            lambda j: [(r.id, r.ruling) for r in ours.search(j.q, j.lang, limit=10).results], queries
        )
        p_scores, _, _ = evaluate(lambda j: peer.search(j.q), queries)
        o_p50, o_p99 = latency(lambda j: ours.search(j.q, j.lang, limit=10), queries, args.rounds)
        p_p50, p_p99 = latency(lambda j: peer.search(j.q), queries, args.rounds)
        o_start = startup("ours", work / "ours")
        p_start = startup("peer", work / "peer")

        n = len(queries)
        rows = [
            (
                "hit@3 (judged queries)",
                f"{o_scores.hit3 / n:.3f}",
                f"{p_scores.hit3 / n:.3f}",
                ratio(o_scores.hit3, p_scores.hit3),
            ),
            (
                "hit@1",
                f"{o_scores.hit1 / n:.3f}",
                f"{p_scores.hit1 / n:.3f}",
                ratio(o_scores.hit1, p_scores.hit1),
            ),
            ("MRR", f"{o_scores.rr / n:.3f}", f"{p_scores.rr / n:.3f}", ratio(o_scores.rr, p_scores.rr)),
            ("in-process p50 (ms)", f"{o_p50:.2f}", f"{p_p50:.2f}", ratio(o_p50, p_p50)),
            ("in-process p99 (ms)", f"{o_p99:.2f}", f"{p_p99:.2f}", ratio(o_p99, p_p99)),
            ("index build (s)", f"{ours_build:.2f}", f"{peer_build:.2f}", ratio(ours_build, peer_build)),
            (
                "start to first answer (s)",
                f"{o_start['first_answer_s']:.2f}",
                f"{p_start['first_answer_s']:.2f}",
                ratio(o_start["first_answer_s"], p_start["first_answer_s"]),
            ),
            (
                "RSS after first answer (MiB)",
                f"{o_start['rss_mib']:.0f}",
                f"{p_start['rss_mib']:.0f}",
                ratio(o_start["rss_mib"], p_start["rss_mib"]),
            ),
        ]
        http_note = ""
        if not args.no_http and shutil.which("wrk"):
            env = {
                "BENCH_DATA_DIR": str(work / "ours"),
                "BENCH_PEER_DIR": str(work / "peer"),
                "PYTHONPATH": f"{ROOT}:{ROOT / 'scripts'}",
            }
            runs: dict[str, list[dict]] = {"ours": [], "cached": [], "minimal": [], "serve": [], "peer": []}
            serve_opts = serve_options()
            for _ in range(args.http_runs):  # interleaved, so load from other jobs hits all alike
                runs["ours"].append(
                    http_run(
                        "bench_search:ours_app()", {**env, "BENCH_CACHE": "0"}, queries, args.http_seconds
                    )
                )
                runs["cached"].append(
                    http_run(
                        "bench_search:ours_app()", {**env, "BENCH_CACHE": "1024"}, queries, args.http_seconds
                    )
                )
                runs["minimal"].append(
                    http_run(
                        "bench_search:ours_app()",
                        {**env, "BENCH_CACHE": "0", "BENCH_MINIMAL": "1"},
                        queries,
                        args.http_seconds,
                    )
                )
                if serve_opts:
                    runs["serve"].append(
                        http_run(
                            "bench_search:ours_app()",
                            {**env, "BENCH_CACHE": "0"},
                            queries,
                            args.http_seconds,
                            serve_opts,
                        )
                    )
                runs["peer"].append(http_run("bench_search:peer_app()", env, queries, args.http_seconds))
            o_http, c_http, m_http, p_http = (
                median_run(runs[k]) for k in ("ours", "cached", "minimal", "peer")
            )
            labelled = [("", o_http), (", answer cache on", c_http), (", search blueprint only", m_http)]
            if runs["serve"]:
                labelled.append((", refapp serve's options", median_run(runs["serve"])))
            for label, h in labelled:
                rows += [
                    (
                        f"HTTP requests/s{label} (median; range)",
                        f"{h['rps']:.0f} ({h['rps_range'][0]:.0f}-{h['rps_range'][1]:.0f})",
                        f"{p_http['rps']:.0f} ({p_http['rps_range'][0]:.0f}-{p_http['rps_range'][1]:.0f})",
                        ratio(h["rps"], p_http["rps"]),
                    ),
                    (
                        f"HTTP p99 (ms){label}",
                        f"{h['p99_ms']:.1f}",
                        f"{p_http['p99_ms']:.1f}",
                        ratio(h["p99_ms"], p_http["p99_ms"]),
                    ),
                    (
                        f"HTTP p50 (ms){label}; 32 connections / (requests/s)",
                        f"{h['p50_ms']:.1f}; {32000 / h['rps']:.1f}",
                        f"{p_http['p50_ms']:.1f}; {32000 / p_http['rps']:.1f}",
                        "",
                    ),
                ]
            rows += [
                (
                    "worker RSS (MiB)",
                    "/".join(f"{r:.0f}" for r in c_http["worker_rss_mib"]),
                    "/".join(f"{r:.0f}" for r in p_http["worker_rss_mib"]),
                    "",
                ),
                (
                    "non-2xx responses",
                    str(o_http["non_2xx"] + c_http["non_2xx"] + m_http["non_2xx"]),
                    str(p_http["non_2xx"]),
                    "",
                ),
            ]
            http_note = (
                f"HTTP: `{o_http['command']}` against `gunicorn --workers 2 --preload --no-control-socket` "
                "serving `/api/search` (ours: `refapp.create_app()` when it starts, else a minimal app with "
                'the search blueprint; "search blueprint only" rows use that minimal app on purpose, to show '
                "the web app's own per-request cost (security headers, gzip); peer: a bare Flask endpoint "
                "returning only ids over the peer index), cycling through "
                f"the judged queries; {args.http_runs} interleaved runs per server, the median shown. "
                "Unlabelled HTTP rows run with the answer cache off "
                "(SEARCH_CACHE_SIZE=0), so every request is a full search; with the cache on, wrk's cycle "
                "of judged queries is answered mostly from the cache: that shows the repeated-query path, "
                "not first-time queries. The \"refapp serve's options\" rows run the same app with "
                f"the options `refapp serve` passes to gunicorn (`{' '.join(serve_opts)}`; access log "
                "to /dev/null), answer cache off. The p50 rows set the measured median beside "
                "Little's law (32 connections / throughput): with 32 connections on 2 workers, "
                "a request mostly waits for the others ahead of it.\n"
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)

    width = max(len(r[0]) for r in rows)
    lines = [f"{'measure':<{width}}  {'ours':>10}  {'peer':>10}  {'ours/peer':>9}"]
    lines += [f"{a:<{width}}  {b:>10}  {c:>10}  {d:>9}" for a, b, c, d in rows]
    cpus = os.cpu_count()
    print(f"index {folder.name}; {len(queries)} judged queries; {args.rounds} rounds; {cpus} CPUs (shared)")
    print("\n".join(lines))
    if not args.no_write:
        table = ["| measure | ours | peer | ours/peer |", "|---|---:|---:|---:|"]
        table += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        write_section(
            f"Measured by `python scripts/bench_search.py` on {when} "
            f"({cpus} CPUs shared with other jobs, so figures are noisy), dataset index "
            f"`{folder.name}`, {len(queries)} judged queries from `tests/data/queries.yaml`.\n\n"
            "Peer = stock `jieba.analyse.ChineseAnalyzer` + Whoosh defaults (`MultifieldParser` over "
            "names and all texts, one document per entry).\n\n"
            + "\n".join(table)
            + "\n\n"
            + http_note
            + "\nQuality per group of judged queries (`python scripts/eval_search.py`):\n\n```\n"
            + report(o_scores, o_groups, o_misses)
            + "\n```\n"
            + "\nTargets (issue 3): p99 < 5 ms in process; start to first answer < 1.5 s; "
            "worker RSS < 200 MiB; HTTP >= 1,000 requests/s with p99 < 20 ms.\n"
        )
        print(f"\nwritten to {PERF_MD.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
