"""Page weight and server time of the web app's page types, measured, not asserted.

For the home, results, entry and "show me" player pages and the three at-the-table tools
(set-up, kingdom picker, score counter) this prints
  - bytes transferred on a cold cache (compressed, as Chromium counts them: headers + body of
    the page and every request it makes, e.g. CSS, JS, icon, manifest, the scenario JSON),
    excluding the service worker script and what it precaches, against the 60 KB budget;
  - server time p50/p99 over N requests per page type (in-process, gzip included).

Usage: python scripts/page_weight.py [--requests 200]
Uses the committed dataset and a search index built into a temporary folder (unless
REFAPP_DATA_DIR already holds one), and Debian's Chromium at /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote

BUDGET = 60 * 1024
CHROMIUM = "/usr/bin/chromium"


def make_app():  # type: ignore[no-untyped-def]
    import index
    from corpus.model import load_dataset
    from refapp import create_app
    from refapp.config import data_dir

    folder = data_dir()
    try:
        has_index = index.current_folder(folder) is not None
    except OSError:
        has_index = False
    if not has_index:
        folder = Path(tempfile.mkdtemp(prefix="page-weight-"))
        index.build(load_dataset(), folder)
    return create_app({"REFAPP_DATA_DIR": str(folder)})


def page_urls(app) -> dict[str, str]:  # type: ignore[no-untyped-def]
    state = app.extensions["refapp"]
    scenario_ids = sorted(state.scenarios.summaries)
    entry_id = state.scenarios.summaries[scenario_ids[0]].entry if scenario_ids else "dominion/library"
    entry = state.catalog.get(entry_id) or state.catalog.dataset.entries[0]
    urls = {
        "home": "/",
        "results": "/search?q=" + quote(entry.names.get("zh-Hans", entry.id)),
        "entry": f"/entries/{entry.id}",
    }
    if scenario_ids:
        urls["player"] = f"/scenarios/{scenario_ids[0]}"
    # the at-the-table tools (each fetches /tools/data.json, the engines' exported tables)
    urls["setup"] = "/tools/setup?game=citadels&players=5"
    urls["kingdom"] = "/tools/kingdom?edition=2e&seed=2026&require=plus_actions&require=plus_buy"
    urls["score"] = "/tools/score?game=citadels&p0.city=temple&p0.city=manor&p1.city=university"
    return urls


def transferred_bytes(base: str, path: str) -> tuple[int, int]:
    """(bytes, requests) Chromium transfers for one cold page load, service worker blocked."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"],
        )
        ctx = browser.new_context(
            viewport={"width": 390, "height": 844}, service_workers="block", locale="zh-CN"
        )
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        sizes: dict[str, float] = {}
        cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
        page.goto(base + path, wait_until="networkidle")
        page.wait_for_timeout(300)
        browser.close()
    return int(sum(sizes.values())), len(sizes)


def server_times(app, path: str, n: int) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    client = app.test_client()
    headers = {"Accept-Encoding": "gzip", "Accept-Language": "zh-CN"}
    client.get(path, headers=headers)  # warm caches (scenario run, templates)
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        r = client.get(path, headers=headers)
        times.append((time.perf_counter() - t0) * 1000)
        if r.status_code != 200:
            raise SystemExit(f"{path} answered {r.status_code}")
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=200, help="requests per page type for server time")
    args = parser.parse_args()
    os.environ.setdefault("PLAYWRIGHT_BROWSERS_PATH", "0")
    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    app = make_app()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    urls = page_urls(app)
    if "player" not in urls:
        print("note: the engine lists no scenarios, so the player page is not measured")
    print(f"{'page':8} {'bytes':>8} {'reqs':>4} {'budget':>7}  {'p50 ms':>7} {'p99 ms':>7}  url")
    try:
        for name, path in urls.items():
            size, requests = transferred_bytes(base, path)
            p50, p99 = server_times(app, path, args.requests)
            verdict = "ok" if size <= BUDGET else "OVER"
            print(f"{name:8} {size:8d} {requests:4d} {verdict:>7}  {p50:7.2f} {p99:7.2f}  {path}")
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
