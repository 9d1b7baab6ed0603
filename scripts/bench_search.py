"""Search speed and footprint, ours next to the obvious peer (stock jieba ChineseAnalyzer +
Whoosh defaults over the same corpus). Prints measured figures; asserts nothing.

    python scripts/bench_search.py [--rounds N] [--http-seconds S] [--no-http] [--no-write]
    python scripts/bench_search.py --quality-only  # the quality cells alone, ours beside the peer

Measures, for each engine: index build time, in-process query latency p50/p99 over the judged
queries (tests/data/queries.yaml), hit@3 on them, process start to first answered query and
resident memory after it (in a fresh subprocess); then over HTTP: gunicorn with 2 workers
(--preload, --no-control-socket; also with the worker class and threads `refapp serve` uses) and
`wrk -c32` on 127.0.0.1, requests/s, p50 and p99. With `--baseline REF`, REF's server runs in
the same HTTP runs and, where valgrind is installed, both trees' in-process searches are counted
in machine instructions per query (callgrind), which other jobs on the machine do not move. Results
go into the "## Search" section of docs/perf.md (other sections are kept).
"""

from __future__ import annotations

import argparse
import gc
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
import perf_doc  # noqa: E402  (scripts/ is on sys.path when a script runs)

sys.path.insert(0, str(ROOT / "scripts"))

from eval_search import (  # noqa: E402
    DEVS,
    HELDOUTS,
    evaluate,
    freeze_commit,
    load_heldout,
    load_queries,
    report,
)

PERF_MD = ROOT / "docs" / "perf.md"
PY = sys.executable


# -- the peer: Whoosh as a competent user would set it up ---------------------------------------
PEER_SYNONYM_BOOST = 0.6  # the rulebook words a player's word stands for, as ours weighs them
PEER_WORDS = "peer-words.json"  # the peer's jieba words and synonym table, beside its index


class PeerAnalysis:
    """What a competent Whoosh user configures from the data our search has, with no ranking of
    ours: texts folded to one script and case (`index.normalise`), jieba (search mode, its own
    instance) told the game terms, every name and alias and the players' words of the synonym
    table, our stop words (both languages) dropped, English stemmed by Whoosh's analyzer; and a
    query's players' words (vocabulary.yaml `synonyms`) expanded into the rulebook words they
    stand for, searched alongside at a lower boost (ours weighs them the same), its pleasantries
    left out."""

    def __init__(self, words: list[str], synonyms: dict[str, list[str]]):
        import jieba

        from index.tokenise import EN_STOPWORDS, ZH_STOPWORDS

        self.jieba = jieba.Tokenizer()
        self.jieba.initialize()
        for w in words:
            self.jieba.add_word(w, freq=20000)
        self.stop = EN_STOPWORDS | ZH_STOPWORDS
        self.synonyms = synonyms

    @classmethod
    def from_data(cls, dataset) -> tuple[PeerAnalysis, dict]:
        from index.normalise import normalise
        from index.vocabulary import VOCABULARY

        words = {normalise(w) for w in VOCABULARY.terms}
        for e in dataset.entries:
            words |= {normalise(n) for n in [*e.names.values(), *e.aliases]}
        synonyms: dict[str, list[str]] = {}
        for row in VOCABULARY.synonyms:
            for say in row.say:
                key = normalise(say)
                words.add(key)
                synonyms.setdefault(key, [])
                synonyms[key] += [normalise(m) for m in row.means if normalise(m) not in synonyms[key]]
        data = {"words": sorted(w for w in words if w and not w.isascii()), "synonyms": synonyms}
        return cls(data["words"], synonyms), data

    def tokens(self, text: str) -> list[str]:
        from index.normalise import normalise

        out = []
        for t in self.jieba.cut_for_search(normalise(text), HMM=False):
            t = re.sub(r"[^\w]", "", t).strip("_")
            if t and t not in self.stop:
                out.append(t)
        return out

    def text(self, text: str) -> str:
        return " ".join(self.tokens(text))

    def query(self, q: str) -> str:
        """The query's words, then the rulebook words its players' words stand for (boosted lower;
        multi-word ones as their words); the greetings and thanks around it left out, as ours
        leaves them (vocabulary.yaml `pleasantries`)."""
        from index.analysis import without_pleasantries
        from index.normalise import normalise

        tokens = self.tokens(without_pleasantries(normalise(q)))
        have = set(tokens)
        extra = [m for t in tokens for m in self.synonyms.get(t, ()) if m not in have]
        boosted = [f"{w}^{PEER_SYNONYM_BOOST}" for m in dict.fromkeys(extra) for w in self.tokens(m)]
        return " ".join(tokens + boosted)


def build_peer(dataset, folder: Path) -> None:
    """One document per unit, as ours (an entry's own text, and each ruling), with the entry's
    names and aliases in a boosted field and the players' questions it answers (the same data as
    ours, corpus/questions) in a field of their own. Every text is analysed by `PeerAnalysis`
    (words written space-separated; Whoosh lower-cases and stems them)."""
    from whoosh import index as wi
    from whoosh.analysis import LowercaseFilter, SpaceSeparatedTokenizer, StemFilter
    from whoosh.fields import ID, STORED, TEXT, Schema

    peer, data = PeerAnalysis.from_data(dataset)
    analyzer = SpaceSeparatedTokenizer() | LowercaseFilter() | StemFilter()
    schema = Schema(
        id=ID(stored=True, unique=True),
        entry=STORED,
        ruling=STORED,
        name=TEXT(analyzer=analyzer, field_boost=3.0),
        body=TEXT(analyzer=analyzer),
        ask=TEXT(analyzer=analyzer),
    )
    folder.mkdir(parents=True, exist_ok=True)
    (folder / PEER_WORDS).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    ix = wi.create_in(str(folder), schema)
    w = ix.writer(limitmb=256)
    for e in dataset.entries:
        names = peer.text(" ".join([*e.names.values(), *e.aliases]))
        own = [e.text, e.text_2e or {}, e.edition_changes or {}] + [n.text for n in e.notes]
        body = peer.text("\n".join(v for t in own for v in t.values()))
        asked = peer.text("\n".join(e.questions))
        w.add_document(id=e.id, entry=e.id, ruling=None, name=names, body=body, ask=asked)
        for r in e.rulings:
            text = peer.text("\n".join(r.text.values()))
            rid = f"{e.id}#{r.id}"
            w.add_document(
                id=rid, entry=e.id, ruling=r.id, name=names, body=text, ask=peer.text("\n".join(r.questions))
            )
    w.commit()


class PeerSearch:
    """Whoosh with `OrGroup` (any word may match, more matching words rank higher) over names and
    text, the query analysed and expanded by `PeerAnalysis`, and one searcher kept open for the
    process, as Whoosh's documentation recommends."""

    def __init__(self, folder: Path):
        from whoosh import index as wi
        from whoosh.qparser import MultifieldParser, OrGroup

        self.ix = wi.open_dir(str(folder))
        self.parser = MultifieldParser(["name", "body", "ask"], self.ix.schema, group=OrGroup.factory(0.9))
        self.searcher = self.ix.searcher()
        data = json.loads((folder / PEER_WORDS).read_text(encoding="utf-8"))
        self.analysis = PeerAnalysis(data["words"], data["synonyms"])

    def search(self, q: str, limit: int = 10) -> list[tuple[str, str | None]]:
        try:
            parsed = self.parser.parse(self.analysis.query(q))
        except Exception:  # noqa: BLE001 - the peer's parser errors count as no results
            return []
        return [(h["entry"], h.get("ruling")) for h in self.searcher.search(parsed, limit=limit)]


# -- synthetic corpora: more of the same vocabulary --------------------------------------------
def synthetic_dataset(dataset, factor: int, seed: int = 7):
    """`factor` times the dataset. Copy k of entry i is named after two real entries (entry i's
    name followed by entry i+k's, in each language: new cards as an expansion brings them, made
    of the corpus's own words, and never a common word by accident), and each of its rulings
    joins the first half of one real ruling of the same game to the second half of another, so
    the vocabulary and text lengths are real."""
    import random
    from dataclasses import replace

    from corpus.model import Dataset

    rng = random.Random(seed)
    rulings_of: dict[str, list] = {}
    for e in dataset.entries:
        rulings_of.setdefault(e.game, []).extend(e.rulings)

    def mix(a: dict, b: dict) -> dict:
        return {k: a[k][: len(a[k]) // 2] + b.get(k, a[k])[len(b.get(k, a[k])) // 2 :] for k in a}

    base = list(dataset.entries)
    entries = list(base)
    for k in range(1, factor):
        for i, e in enumerate(base):
            other = base[(i + k) % len(base)]
            sep = {"en": " "}
            names = {lang: f"{n}{sep.get(lang, '')}{other.names.get(lang, n)}" for lang, n in e.names.items()}
            pool = rulings_of[e.game]
            rulings = [replace(r, text=mix(rng.choice(pool).text, rng.choice(pool).text)) for r in e.rulings]
            entries.append(
                replace(
                    e,
                    id=f"{e.id}-x{k}",
                    names=names,
                    aliases=[],
                    keywords=[],
                    rulings=rulings,
                    related=[],
                    extra={},
                )
            )
    return Dataset(f"{dataset.version}-x{factor}", entries)


def folder_mib(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 2**20


# -- measurements ------------------------------------------------------------------------------
def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def latency(run, queries, rounds: int) -> tuple[float, float, float, float]:
    """p50 and p99 of wall time, then of the thread's CPU time (ms): on a machine shared with
    other jobs the wall clock also counts the time the process waits for a CPU. After the
    warm-up, what is loaded is frozen out of the garbage collector's generations, as a server
    does before it forks its workers (refapp/commands/serve_config.py), for either engine."""
    for j in queries:  # warm-up
        run(j)
    gc.collect()
    gc.freeze()
    wall, cpu = [], []
    try:
        for _ in range(rounds):
            for j in queries:
                t, c = time.perf_counter(), time.thread_time()
                run(j)
                cpu.append((time.thread_time() - c) * 1000)
                wall.append((time.perf_counter() - t) * 1000)
    finally:
        gc.unfreeze()
    return percentile(wall, 50), percentile(wall, 99), percentile(cpu, 50), percentile(cpu, 99)


STARTUP = r"""
import sys, time, json
from pathlib import Path
t0 = float(sys.argv[1])
sys.path.insert(0, sys.argv[3])
def rss():
    return int([l for l in open("/proc/self/status") if l.startswith("VmRSS")][0].split()[1]) / 1024
if sys.argv[2] == "ours":
    from index import open_index
    ix = open_index(sys.argv[4], cache_size=0); ix.search("图书馆 天文台")
    search = lambda q, lang: ix.search(q, lang, limit=10)
else:
    from bench_search import PeerSearch
    px = PeerSearch(Path(sys.argv[4])); px.search("图书馆 天文台")
    search = lambda q, lang: px.search(q)
t1 = time.time()
out = {"first_answer_s": t1 - t0, "rss_mib": rss()}
if len(sys.argv) > 5:  # then every query of the file (a worker after serving them)
    for q, lang in json.loads(Path(sys.argv[5]).read_text(encoding="utf-8")):
        search(q, lang)
    out["rss_after_mib"] = rss()
print(json.dumps(out))
"""


def startup(kind: str, folder: Path, queries=None) -> dict:
    """Start to first answer and resident memory after it, in a fresh process; with `queries`,
    also the resident memory after answering each of them once."""
    t0 = time.time()
    extra = []
    if queries:
        qfile = folder.parent / f"{folder.name}-queries.json"
        qfile.write_text(json.dumps([(j.q, j.lang) for j in queries], ensure_ascii=False), encoding="utf-8")
        extra = [str(qfile)]
    out = subprocess.run(
        [PY, "-c", STARTUP, repr(t0), kind, str(ROOT / "scripts"), str(folder), *extra],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


BUILD_SCALED = r"""
import json, resource, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[1] + "/scripts")
from corpus.model import DATASET_PATH, load_dataset
from bench_search import build_peer, synthetic_dataset
factor, kind, out = int(sys.argv[2]), sys.argv[3], Path(sys.argv[4])
ds = load_dataset(DATASET_PATH)
ds = synthetic_dataset(ds, factor) if factor > 1 else ds
def usage():
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime, own.ru_maxrss + kids.ru_maxrss
cpu0, _ = usage()
t = time.perf_counter()
if kind == "ours":
    from index import build
    folder = str(build(ds, out))
else:
    build_peer(ds, out)
    folder = str(out)
wall = time.perf_counter() - t
cpu1, peak = usage()
print(json.dumps({"folder": folder, "wall_s": wall, "cpu_s": cpu1 - cpu0, "peak_rss_mib": peak / 1024}))
"""


def build_scaled(kind: str, factor: int, out: Path) -> dict:
    """Build ours or the peer's index of the corpus at `factor` in a fresh process: wall and
    CPU time of the build alone (not making the synthetic corpus; with the process it forks to
    write Whoosh's files), the peak RSS of the process plus that of its child (the two run at
    once, so the sum bounds their peak together)."""
    res = subprocess.run(
        [PY, "-c", BUILD_SCALED, str(ROOT), str(factor), kind, str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    ).stdout
    return json.loads(res.strip().splitlines()[-1])


# -- HTTP ---------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ours_app():  # gunicorn entry: the product app, or (BENCH_MINIMAL) a minimal app with our blueprint
    data_dir = os.environ["BENCH_DATA_DIR"]
    cache = int(os.environ.get("BENCH_CACHE", "0"))
    if not os.environ.get("BENCH_MINIMAL"):  # a failing create_app fails the benchmark, never a stand-in
        from refapp import create_app

        return create_app({"REFAPP_DATA_DIR": data_dir, "SEARCH_CACHE_SIZE": cache})
    from flask import Flask

    from refapp import search
    from refapp.views import search_api

    app = Flask("bench-search")
    app.json.ensure_ascii = False
    app.config["REFAPP_DATA_DIR"] = data_dir
    app.config["SEARCH_CACHE_SIZE"] = cache
    search.attach_index(app)
    app.register_blueprint(search_api.bp)
    return app


def peer_app():
    from flask import Flask, jsonify, request

    folder = Path(os.environ["BENCH_PEER_DIR"])
    app = Flask("bench-peer")
    opened: dict[int, PeerSearch] = {}  # one searcher per worker process, opened after the fork

    @app.get("/api/search")
    def search():  # type: ignore[no-untyped-def]
        peer = opened.get(os.getpid())
        if peer is None:
            peer = opened[os.getpid()] = PeerSearch(folder)
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


def http_run(
    app_spec: str, env: dict, queries, seconds: int, extra: list[str] | None = None, root: Path = ROOT
) -> dict:
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
        str(root / "scripts"),
        "--log-level",
        "warning",
        *(extra or []),
        app_spec,
    ]
    proc = subprocess.Popen(
        cmd, env={**os.environ, **env}, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
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
    perf_doc.write_section(PERF_MD, "Search", text, NOTES)


def quality_rows(o_groups: dict, p_groups: dict) -> list[tuple[str, str, str, str]]:
    rows = []
    for g, o in o_groups.items():
        p = p_groups.get(g)
        orat, prat = o.rates(), p.rates() if p else {}
        for m in ("ruling@1", "ruling@3", "hit@3"):
            if orat.get(m) is None:
                continue
            rows.append(
                (f"{g} {m}", f"{orat[m]:.3f}", f"{prat.get(m) or 0:.3f}", ratio(orat[m], prat.get(m) or 0))
            )
    return rows


SCALE_HEAD = [
    "corpus",
    "build s (ours / peer)",
    "build CPU s",
    "build peak RSS MiB",
    "index MiB",
    "RSS MiB",
    "RSS after queries MiB",
    "first answer s",
    "p50 ms",
    "p99 ms",
    "CPU p50 ms",
    "CPU p99 ms",
]


def scale_rows(
    dataset, factors: list[int], queries, rounds: int, work: Path, peer_max: int = 0
) -> tuple[list, list]:
    """Build (wall, CPU, peak RSS of the building process), index size, RSS after the first
    answer and after every query once, and in-process latency at each size, ours beside the
    peer up to `peer_max` (above it ours alone, "-" in the peer's place); and ours's files by
    size (which part grows how)."""
    from index import open_index

    rows, parts = [], []
    for factor in factors:
        ds = synthetic_dataset(dataset, factor) if factor > 1 else dataset
        units = len(ds.entries) + sum(len(e.rulings) for e in ds.entries)
        o_b = build_scaled("ours", factor, work / f"ours-x{factor}")
        p_b = build_scaled("peer", factor, work / f"peer-x{factor}") if factor <= peer_max else None
        folder = Path(o_b["folder"])
        ours = open_index(work / f"ours-x{factor}", cache_size=0)
        o50, o99, oc50, oc99 = latency(lambda j, ix=ours: ix.search(j.q, j.lang, limit=10), queries, rounds)
        ours.close()
        del ours
        o_start = startup("ours", work / f"ours-x{factor}", queries)
        o = [o_b["wall_s"], o_b["cpu_s"], o_b["peak_rss_mib"], folder_mib(folder), o_start["rss_mib"]]
        o += [o_start["rss_after_mib"], o_start["first_answer_s"], o50, o99, oc50, oc99]
        if p_b is not None:
            peer = PeerSearch(work / f"peer-x{factor}")
            p50, p99, pc50, pc99 = latency(lambda j, px=peer: px.search(j.q), queries, rounds)
            peer.searcher.close()
            del peer
            p_start = startup("peer", work / f"peer-x{factor}", queries)
            p = [p_b["wall_s"], p_b["cpu_s"], p_b["peak_rss_mib"], folder_mib(work / f"peer-x{factor}")]
            p += [
                p_start["rss_mib"],
                p_start["rss_after_mib"],
                p_start["first_answer_s"],
                p50,
                p99,
                pc50,
                pc99,
            ]
        formats = [".1f", ".1f", ".0f", ".1f", ".0f", ".0f", ".2f", ".2f", ".2f", ".2f", ".2f"]
        cells = [
            f"{ov:{fmt}} / {format(pv, fmt) if p_b is not None else '-'}"
            for ov, pv, fmt in zip(o, p if p_b is not None else o, formats, strict=True)
        ]
        rows.append((f"{factor}x ({len(ds.entries)} entries, {units} units)", *cells))
        sizes = {p.name: folder_mib(p) if p.is_dir() else p.stat().st_size / 2**20 for p in folder.iterdir()}
        parts.append((factor, sizes))
        shutil.rmtree(work / f"ours-x{factor}", ignore_errors=True)
        shutil.rmtree(work / f"peer-x{factor}", ignore_errors=True)
    return rows, parts


BUILD_IN_TREE = (
    "import sys; sys.path.insert(0, '.'); from corpus.model import load_dataset; "
    "from index import build; build(load_dataset(), sys.argv[1])"
)


INSTRUCTIONS = r"""
import json, os, subprocess, sys
sys.path.insert(0, sys.argv[1])
from index import open_index
ix = open_index(sys.argv[2], cache_size=0)
queries = json.loads(open(sys.argv[3], encoding="utf-8").read())
for q, lang in queries:  # warm: caches filled, as in a running server
    ix.search(q, lang, limit=10)
control = ["callgrind_control", "--instr", "on", str(os.getpid())]
subprocess.run(control, check=True, capture_output=True)
for q, lang in queries:
    ix.search(q, lang, limit=10)
subprocess.run(control[:2] + ["off", str(os.getpid())], check=True, capture_output=True)
"""


def instructions_per_query(tree: Path, data_dir: Path, queries, work: Path) -> float | None:
    """Machine instructions per search (valgrind's callgrind, one pass over `queries` after a
    warm-up pass) with the index code of `tree` over the index in `data_dir`; None without
    valgrind. Unlike time, the count does not move with other jobs on the machine."""
    if not (shutil.which("valgrind") and shutil.which("callgrind_control")):
        return None
    qfile = work / "instructions-queries.json"
    qfile.write_text(json.dumps([(j.q, j.lang) for j in queries], ensure_ascii=False), encoding="utf-8")
    out = work / "callgrind.out"
    res = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            f"--callgrind-out-file={out}",
            PY,
            "-c",
            INSTRUCTIONS,
            str(tree),
            str(data_dir),
            str(qfile),
        ],
        capture_output=True,
        text=True,
        cwd=tree,
    )
    for p in work.glob("callgrind.out*"):
        p.unlink()
    found = re.search(r"Collected : (\d+)", res.stderr)
    return int(found.group(1)) / len(queries) if res.returncode == 0 and found else None


def baseline_tree(ref: str, work: Path) -> tuple[Path, Path]:
    """A checkout of `ref` (git worktree) with its own index built by its own code, so its server
    can run beside ours in the same HTTP run."""
    tree, data = work / "baseline-tree", work / "baseline-data"
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(tree), ref], cwd=ROOT, check=True, capture_output=True
    )
    subprocess.run([PY, "-c", BUILD_IN_TREE, str(data)], cwd=tree, check=True, capture_output=True)
    return tree, data


def remove_baseline_tree(tree: Path) -> None:
    subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True)


def table(head: list[str], rows: list[tuple]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" + "---:|" * (len(head) - 1)]
    return "\n".join(lines + ["| " + " | ".join(str(c) for c in r) + " |" for r in rows])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--http-seconds", type=int, default=10)
    ap.add_argument("--no-http", action="store_true")
    ap.add_argument("--http-runs", type=int, default=3, help="HTTP runs per server; the median is shown")
    ap.add_argument("--scale", default="10,100", help="synthetic corpus sizes (factors), '' for none")
    ap.add_argument("--scale-rounds", type=int, default=2)
    ap.add_argument(
        "--baseline", default="", help="git ref whose server runs beside ours over HTTP (e.g. main)"
    )
    ap.add_argument("--no-write", action="store_true", help="do not update docs/perf.md")
    ap.add_argument(
        "--quality-only",
        action="store_true",
        help="only ruling@1, ruling@3 and hit@3 per group, ours beside the peer (nothing timed or written)",
    )
    ap.add_argument(
        "--scale-only",
        action="store_true",
        help="only the synthetic corpora of --scale (and 1x), printed, nothing written",
    )
    ap.add_argument("--no-scale-peer", action="store_true", help="synthetic corpora: ours alone")
    ap.add_argument(
        "--scale-peer-max",
        type=int,
        default=10,
        help="synthetic corpora: the peer only up to this factor (its 100x build took over an hour)",
    )
    args = ap.parse_args(argv)
    peer_max = 0 if args.no_scale_peer else args.scale_peer_max

    from corpus.model import DATASET_PATH, load_dataset
    from index import build, open_index

    queries = load_queries()
    heldouts = {path: load_heldout(path) for path in HELDOUTS}  # every held-out file, side by side
    heldout = [j for qs in heldouts.values() for j in qs]
    devs = {path: load_heldout(path) for path in DEVS}  # fresh dev questions (tuned on), side by side
    dataset = load_dataset(DATASET_PATH)
    work = Path(tempfile.mkdtemp(prefix="bench-search-"))
    base_tree = base_data = None
    if args.scale_only:
        factors = [1, *(int(f) for f in args.scale.split(",") if f.strip())]
        try:
            s_rows, s_parts = scale_rows(dataset, factors, heldout, args.scale_rounds, work, peer_max)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        print(table(SCALE_HEAD, s_rows))
        part_names = sorted({k for _, sizes in s_parts for k in sizes})
        print(
            "\n"
            + table(
                ["file (MiB)"] + [f"{f}x" for f, _ in s_parts],
                [(k, *(f"{sizes.get(k, 0):.2f}" for _, sizes in s_parts)) for k in part_names],
            )
        )
        return 0
    try:
        t = time.perf_counter()
        folder = build(dataset, work / "ours")
        ours_build = time.perf_counter() - t
        t = time.perf_counter()
        build_peer(dataset, work / "peer")
        peer_build = time.perf_counter() - t

        ours = open_index(work / "ours", cache_size=0)  # every query a full search
        peer = PeerSearch(work / "peer")

        def ours_ranked(j):
            return [(r.id, r.ruling, r.also) for r in ours.search(j.q, j.lang, limit=10).results]

        o_scores, o_groups, o_misses = evaluate(ours_ranked, queries)
        p_scores, p_groups, _ = evaluate(lambda j: peer.search(j.q), queries)
        dev = {path: evaluate(ours_ranked, qs) for path, qs in devs.items()}
        peer_dev = {path: evaluate(lambda j: peer.search(j.q), qs) for path, qs in devs.items()}
        # figures by group only: a held-out question's miss is never printed
        held = {path: evaluate(ours_ranked, qs) for path, qs in heldouts.items()}
        peer_held = {path: evaluate(lambda j: peer.search(j.q), qs) for path, qs in heldouts.items()}
        if args.quality_only:  # the quality cells side by side, nothing timed, nothing written
            ours_sets, peer_sets = {**dev, **held}, {**peer_dev, **peer_held}
            rows = quality_rows({"judged": o_scores, **o_groups}, {"judged": p_scores, **p_groups})
            for path, (s_all, s_groups, _) in ours_sets.items():
                p_all, p_groups_of, _ = peer_sets[path]
                rows += quality_rows({path.stem: s_all, **s_groups}, {path.stem: p_all, **p_groups_of})
            width = max(len(r[0]) for r in rows)
            print(f"{'measure':<{width}}  {'ours':>8}  {'peer':>8}  {'ours/peer':>9}")
            print("\n".join(f"{a:<{width}}  {b:>8}  {c:>8}  {d:>9}" for a, b, c, d in rows))
            return 0
        everything = queries + heldout
        o_p50, o_p99, o_c50, o_c99 = latency(
            lambda j: ours.search(j.q, j.lang, limit=10), everything, args.rounds
        )
        p_p50, p_p99, p_c50, p_c99 = latency(lambda j: peer.search(j.q), everything, args.rounds)
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
            (
                "ruling@3 (judged queries naming one)",
                f"{o_scores.ruling3 / max(o_scores.with_ruling, 1):.3f}",
                f"{p_scores.ruling3 / max(p_scores.with_ruling, 1):.3f}",
                ratio(o_scores.ruling3, p_scores.ruling3),
            ),
        ]
        for path in devs:
            (d_scores, d_groups, _), (pd_scores, pd_groups, _) = dev[path], peer_dev[path]
            rows += quality_rows({path.stem: d_scores, **d_groups}, {path.stem: pd_scores, **pd_groups})
        for path in heldouts:
            (h_scores, h_groups, _), (ph_scores, ph_groups, _) = held[path], peer_held[path]
            rows += quality_rows({path.stem: h_scores, **h_groups}, {path.stem: ph_scores, **ph_groups})
        rows += [
            ("in-process p50 (ms)", f"{o_p50:.2f}", f"{p_p50:.2f}", ratio(o_p50, p_p50)),
            ("in-process p99 (ms)", f"{o_p99:.2f}", f"{p_p99:.2f}", ratio(o_p99, p_p99)),
            ("in-process CPU time p50 (ms)", f"{o_c50:.2f}", f"{p_c50:.2f}", ratio(o_c50, p_c50)),
            ("in-process CPU time p99 (ms)", f"{o_c99:.2f}", f"{p_c99:.2f}", ratio(o_c99, p_c99)),
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
        if args.baseline:
            base_tree, base_data = baseline_tree(args.baseline, work)
            counts = (
                instructions_per_query(ROOT, work / "ours", everything, work),
                instructions_per_query(base_tree, base_data, everything, work),
            )
            if None not in counts:
                o_instr, b_instr = counts
                rows.append(
                    (
                        f"in-process instructions per query, M (callgrind; peer column: {args.baseline})",
                        f"{o_instr / 1e6:.2f}",
                        f"{b_instr / 1e6:.2f}",
                        ratio(o_instr, b_instr),
                    )
                )
        http_note = ""
        if not args.no_http and not shutil.which("wrk"):
            http_note = "HTTP: not measured, `wrk` is not installed (`make bench` installs it).\n\n"
            print(http_note.strip(), file=sys.stderr)
        elif not args.no_http:
            env = {
                "BENCH_DATA_DIR": str(work / "ours"),
                "BENCH_PEER_DIR": str(work / "peer"),
                "PYTHONPATH": f"{ROOT}:{ROOT / 'scripts'}",
            }
            runs: dict[str, list[dict]] = {
                "ours": [],
                "cached": [],
                "minimal": [],
                "serve": [],
                "peer": [],
                "baseline": [],
            }
            serve_opts = serve_options()
            for _ in range(args.http_runs):  # interleaved, so load from other jobs hits all alike
                if base_tree is not None:
                    runs["baseline"].append(
                        http_run(
                            "bench_search:ours_app()",
                            {
                                "BENCH_DATA_DIR": str(base_data),
                                "BENCH_CACHE": "0",
                                "PYTHONPATH": f"{base_tree}:{base_tree / 'scripts'}",
                            },
                            queries,
                            args.http_seconds,
                            root=base_tree,
                        )
                    )
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
            if runs["baseline"]:
                labelled.insert(1, (f", {args.baseline} (baseline, same run)", median_run(runs["baseline"])))
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
                        f"{h['p50_ms']:.1f}; {32000 / max(h['rps'], 1e-9):.1f}",
                        f"{p_http['p50_ms']:.1f}; {32000 / max(p_http['rps'], 1e-9):.1f}",
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
                'not first-time queries. The "refapp serve\'s options" rows run the same app with '
                f"the options `refapp serve` passes to gunicorn (`{' '.join(serve_opts)}`; access log "
                "to /dev/null), answer cache off. The p50 rows set the measured median beside "
                "Little's law (32 connections / throughput): with 32 connections on 2 workers, "
                "a request mostly waits for the others ahead of it.\n"
            )
        factors = [int(f) for f in args.scale.split(",") if f.strip()]
        s_rows, s_parts = (
            scale_rows(dataset, [1, *factors], heldout, args.scale_rounds, work, peer_max)
            if factors
            else ([], [])
        )
    finally:
        if base_tree is not None:
            remove_baseline_tree(base_tree)
        shutil.rmtree(work, ignore_errors=True)

    width = max(len(r[0]) for r in rows)
    lines = [f"{'measure':<{width}}  {'ours':>10}  {'peer':>10}  {'ours/peer':>9}"]
    lines += [f"{a:<{width}}  {b:>10}  {c:>10}  {d:>9}" for a, b, c, d in rows]
    cpus = os.cpu_count()
    frozen = ", ".join(f"{path.stem} frozen at {freeze_commit(path)}" for path in heldouts)
    print(
        f"index {folder.name}; {len(queries)} judged + {len(heldout)} held-out queries ({frozen}); "
        f"{args.rounds} rounds; {cpus} CPUs (shared)"
    )
    print("\n".join(lines))
    s_head = SCALE_HEAD
    part_names = sorted({k for _, sizes in s_parts for k in sizes})
    p_head = ["file (MiB)"] + [f"{f}x" for f, _ in s_parts]
    p_rows = [(k, *(f"{sizes.get(k, 0):.2f}" for _, sizes in s_parts)) for k in part_names]
    if s_rows:
        print("\n" + table(s_head, s_rows) + "\n\n" + table(p_head, p_rows))
    if not args.no_write:
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        write_section(
            f"Measured by `python scripts/bench_search.py` on {when} "
            f"({cpus} CPUs shared with other jobs, so figures are noisy), dataset index "
            f"`{folder.name}`, {len(queries)} judged queries from `tests/data/queries.yaml`, "
            + "".join(
                f"{len(qs)} dev questions from `tests/data/{p.name}` (tuned on), " for p, qs in devs.items()
            )
            + f"and {len(heldout)} held-out questions from "
            + ", ".join(f"`tests/data/{path.name}`" for path in heldouts)
            + f" ({frozen}; their misses are not printed).\n\n"
            "Peer = Whoosh as a competent user would set it up, given everything ours is given: one "
            "document per unit (an entry's own text and each ruling, with the entry's names in a boosted "
            "field and the players' questions it answers in another), texts folded to one script and case, "
            "jieba told the game terms, names and players' words, our stop words, English stemmed; the "
            "query's players' words expanded into the rulebook words of our synonym table (boost 0.6); "
            "`MultifieldParser` with `OrGroup` (any word may match), one searcher kept open.\n\n"
            + table(["measure", "ours", "peer", "ours/peer"], rows)
            + "\n\n"
            + http_note
            + "\nQuality per group (`python scripts/eval_search.py`):\n\n```\n"
            + report(o_scores, o_groups, o_misses, 0, "judged")
            + "\n\n"
            + "".join(report(*dev[path][:2], [], 0, path.stem) + "\n\n" for path in devs)
            + "\n\n".join(report(*held[path][:2], [], 0, path.stem) for path in heldouts)
            + "\n```\n"
            + (
                "\nAs the corpus grows: synthetic corpora recombined from real ones (each copy of an "
                "entry named after two real entries, each ruling half of one real ruling and half "
                "of another of the same game), "
                "queries = the held-out questions, "
                f"{args.scale_rounds} rounds; ours / peer in each cell. Build: a fresh process "
                "building from the corpus (wall time; CPU time, user + system, with the process it "
                "forks to write Whoosh's files from 20,000 units; peak RSS of the two added). RSS: a "
                "fresh process after opening the index and its first answer, and after answering "
                "every held-out question once.\n\n"
                + table(s_head, s_rows)
                + "\n\nOur index's files by size:\n\n"
                + table(p_head, p_rows)
                + "\n"
                if s_rows
                else ""
            )
        )
        print(f"\nwritten to {PERF_MD.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
