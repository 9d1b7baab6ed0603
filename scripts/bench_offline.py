"""Offline search figures (benchmark, not a test): the time one offline query takes in Chromium
on the phone profile (390x844, CPU slowed 4x through CDP Emulation.setCPUThrottlingRate) over the
judged queries, and the size of what "save for the table" stores, compressed, by part.

The app runs on a loopback server with a fresh index; the browser is Debian's Chromium.

    python scripts/bench_offline.py [--rounds 1] [--throttle 4] [--before COMMIT]
        [--langs zh-Hans,zh-Hant,en] [--against ../other-checkout] [--no-timing]

--against DIR also measures the saved pack of another checkout (its app in its own interpreter
over the same index), script by script, in the same run.

--before COMMIT also measures that commit's offline search (its table.js searchPack over its
own pack, refapp/offline_pack.py of that commit on today's dataset) in the same browser, and the
size of what it saved (its pack, the entry pages, the tools), side by side.
"""

from __future__ import annotations

import argparse
import gzip
import sys
import tempfile
import threading
import urllib.request
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"]
TIMES = """async ([queries, rounds]) => {
  await (await fetch('/api/offline-rank')).arrayBuffer();  // a fresh index's server makes it once
  const t0 = performance.now();
  const data = await (await fetch('/api/offline-rank')).json();
  const t1 = performance.now();
  const ranker = RefRanker.open(data);
  const t2 = performance.now();
  const times = [];
  for (let r = 0; r < rounds; r++) for (const q of queries) {
    const a = performance.now(); ranker.search(q, { limit: 20 }); times.push(performance.now() - a);
  }
  return { load: t1 - t0, open: t2 - t1, times };
}"""


OLD_TIMES = """async ([queries, rounds, pack]) => {
  const t0 = performance.now();
  const entries = RefTable.prepare(pack);
  const t1 = performance.now();
  const times = [];
  for (let r = 0; r < rounds; r++) for (const q of queries) {
    const a = performance.now(); RefTable.searchPack(entries, q, 30); times.push(performance.now() - a);
  }
  return { load: 0, open: t1 - t0, times };
}"""


def old_code(commit: str) -> tuple[str, dict]:
    """That commit's table.js and the zh-Hans pack its offline_pack.py builds from today's dataset."""
    import importlib.util
    import subprocess

    from corpus.model import load_dataset

    def show(path: str) -> bytes:
        return subprocess.run(
            ["git", "show", f"{commit}:{path}"], cwd=ROOT, check=True, capture_output=True
        ).stdout

    with tempfile.TemporaryDirectory(prefix="bench-before-") as tmp:
        (Path(tmp) / "offline_pack.py").write_bytes(show("refapp/offline_pack.py"))
        spec = importlib.util.spec_from_file_location("old_offline_pack", Path(tmp) / "offline_pack.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)  # type: ignore[union-attr]
        pack = module.build_pack(load_dataset(), "zh-Hans")
    return show("refapp/static/table.js").decode("utf-8"), pack


def percentiles(times: list[float]) -> str:
    times = sorted(times)

    def pct(q: float) -> float:
        return times[min(len(times) - 1, int(q * len(times)))]

    return f"p50 {pct(0.5):.1f} ms  p95 {pct(0.95):.1f} ms  p99 {pct(0.99):.1f} ms  max {times[-1]:.1f} ms"


def serve(data_dir: Path):  # type: ignore[no-untyped-def]
    from werkzeug.serving import make_server

    from refapp import create_app

    server = make_server("127.0.0.1", 0, create_app({"REFAPP_DATA_DIR": str(data_dir)}), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def fetch(url: str, lang: str = "") -> bytes:
    """The body as sent uncompressed; ``lang``: as a reader of that script asks (its cookie)."""
    headers = {"Accept-Encoding": "identity"} | ({"Cookie": f"lang={lang}"} if lang else {})
    req = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(req, timeout=60) as r:  # noqa: S310 - loopback
        return r.read()


def gz(body: bytes) -> int:
    return len(gzip.compress(body, compresslevel=6, mtime=0))


TOOLS = ("/tools", "/tools/setup", "/tools/kingdom", "/tools/score", "/tools/data.json", "/api/names")


def sizes(base: str, lang: str) -> dict[str, int]:
    """Compressed bytes of each part the saved pack stores (as the server sends them gzipped).
    A server without /api/offline-demos or /api/offline-entries (before the demonstrations and
    entry pages became data) is measured as what its saving stored: whole pages (and the list of
    demonstrations)."""
    import json
    import urllib.error

    def fetch_in(url: str) -> bytes:  # pages in the script saved, as its reader's cookie asks
        return fetch(url, lang)

    pack = fetch_in(f"{base}/api/offline-pack?lang={lang}")
    entries = [row[0] for row in json.loads(pack)["entries"]]
    parts = {
        "ranking data (/api/offline-rank)": gz(fetch_in(f"{base}/api/offline-rank")),
        f"entries and passages (/api/offline-pack?lang={lang})": gz(pack),
    }
    try:
        pages = fetch_in(f"{base}/api/offline-entries?lang={lang}")
        n = len(json.loads(pages)["entries"])
        parts[f"entry pages as data (/api/offline-entries?lang={lang}, {n})"] = gz(pages)
        parts["the offline entry frame (/offline/entry)"] = gz(fetch_in(f"{base}/offline/entry"))
    except urllib.error.HTTPError:
        parts[f"entry pages ({len(entries)})"] = sum(gz(fetch_in(f"{base}/entries/{e}")) for e in entries)
    try:
        demos = fetch_in(f"{base}/api/offline-demos?lang={lang}")
        n = len(json.loads(demos)["demos"])
        parts[f"demonstrations as data (/api/offline-demos?lang={lang}, {n})"] = gz(demos)
        parts["the offline player page (/offline/player)"] = gz(fetch_in(f"{base}/offline/player"))
    except urllib.error.HTTPError:
        listed = fetch_in(f"{base}/api/scenarios")
        scenarios = [s["id"] for s in json.loads(listed)["scenarios"]]
        parts[f"demonstration pages ({len(scenarios)}) and their list"] = gz(listed) + sum(
            gz(fetch_in(f"{base}/scenarios/{s}")) for s in scenarios
        )
    parts["tools and names"] = sum(gz(fetch_in(base + p)) for p in TOOLS)
    return parts


def serve_other(code: Path, data_dir: Path):  # type: ignore[no-untyped-def]
    """Another checkout's app (``code``: a worktree, e.g. main) on a loopback port, in its own
    interpreter, over the same index folder: its pack measured in the same run."""
    import socket
    import subprocess
    import time

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    program = (
        "from werkzeug.serving import run_simple; from refapp import create_app; "
        f"app = create_app({{'REFAPP_DATA_DIR': {str(data_dir)!r}}}); "
        f"run_simple('127.0.0.1', {port}, app, threaded=True)"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", program],
        cwd=code,
        env={"PYTHONPATH": str(code), "PATH": "/usr/bin:/bin"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            fetch(base + "/healthz")
            return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"{code}: the app did not start")


def print_sizes(label: str, parts: dict[str, int]) -> None:
    print(f"saved pack ({label}), compressed:")
    for name, n in parts.items():
        print(f"  {name}: {n / 1e6:.3f} MB")
    print(f"  total: {sum(parts.values()) / 1e6:.3f} MB")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--throttle", type=float, default=4.0)
    ap.add_argument("--lang", default="zh-Hans")
    ap.add_argument("--before", help="a commit whose offline search to measure beside")
    ap.add_argument("--langs", default="zh-Hans,zh-Hant,en", help="the scripts whose saved pack to measure")
    ap.add_argument("--against", type=Path, help="another checkout: its saved pack beside")
    ap.add_argument("--no-timing", action="store_true", help="sizes only")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    import index
    from corpus.model import load_dataset

    judged = [
        str(j["q"]) for j in yaml.safe_load((ROOT / "tests/data/queries.yaml").read_text(encoding="utf-8"))
    ]
    with tempfile.TemporaryDirectory(prefix="bench-offline-") as tmp:
        index.build(load_dataset(), Path(tmp))
        server = serve(Path(tmp))
        base = f"http://127.0.0.1:{server.server_port}"
        try:
            got = {"times": [0.0], "load": 0, "open": 0}
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
                page = ctx.new_page()
                page.goto(base + "/offline")
                page.wait_for_selector("#pack-results", state="attached")
                cdp = ctx.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
                if not args.no_timing:
                    got = page.evaluate(TIMES, [judged, args.rounds])
                before = None
                if args.before:
                    import json

                    code, old_pack = old_code(args.before)
                    old = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
                    old_page = old.new_page()
                    old_page.goto(base + "/offline")
                    old_page.wait_for_selector("#pack-results", state="attached")
                    old_page.add_script_tag(content=code)
                    old.new_cdp_session(old_page).send(
                        "Emulation.setCPUThrottlingRate", {"rate": args.throttle}
                    )
                    before = old_page.evaluate(OLD_TIMES, [judged, args.rounds, old_pack])
                    old_bytes = json.dumps(old_pack, ensure_ascii=False, separators=(",", ":")).encode()
                browser.close()
            langs = args.langs.split(",")
            parts = {lang: sizes(base, lang) for lang in langs}
            other = {}
            if args.against:
                proc, other_base = serve_other(args.against.resolve(), Path(tmp))
                try:
                    other = {lang: sizes(other_base, lang) for lang in langs}
                finally:
                    proc.terminate()
                    proc.wait(timeout=10)
        finally:
            server.shutdown()
    print(f"offline query in Chromium, phone profile, CPU x{args.throttle:g}: {len(got['times'])} queries")
    print(f"  now:    {percentiles(got['times'])}")
    print(
        f"          once per page: load the kept data {got['load']:.0f} ms (read and parse), "
        f"prepare {got['open']:.0f} ms"
    )
    if before:
        print(f"  before: {percentiles(before['times'])}")
        print(f"          once per page: prepare {before['open']:.0f} ms")
    for lang in langs:
        if lang in other:
            print_sizes(f"{lang}, {args.against}", other[lang])
        print_sizes(f"{lang}, this checkout", parts[lang])
    if before:
        kept = ("entry pages", "tools and names")
        old_total = gz(old_bytes) + sum(n for name, n in parts[args.lang].items() if name.startswith(kept))
        print(
            f"before ({args.before}): pack {gz(old_bytes) / 1e6:.2f} MB, with the entry pages and tools "
            f"{old_total / 1e6:.2f} MB (no ranking data, no demonstrations)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
