"""Time from navigation to the first narration on the "show me" player, on the phone profile.

The phone profile: a 390x844 screen at 3 device pixels per px, the CPU slowed 4x (Chromium's
CPU throttling, as a mid-range phone), no service worker (a fresh tab for every load), the
server on the loopback interface. "First narration" is the moment the player's sentence box
(#narration) first holds a step's sentence (not the "loading" line) and the page paints it: the
first animation frame after that, in performance.now() milliseconds after the navigation
started. The same scenarios are loaded in turn, each at its ★ step (the address a "show me"
button opens) and at the top. The machine's load average is printed beside the figures: the
machine is shared, and a loaded CPU slows every step of a page load.

Usage: python scripts/first_narration.py [--runs 20] [--cpu 4]
Prints three figures: "warm" (the page's fingerprinted scripts and styles already cached, as when
the reader taps "show me" on a results page that has settled), "cold" (nothing cached: a first
visit) and "empty page" (a page holding only a narration, opened warm: the floor that the browser,
the slowed CPU and the watcher cost any page), with the page's own share (median minus the floor).
Measured, not asserted (target on this machine: median <= 300 ms, p95 <= 600 ms). To measure
another checkout's code (e.g. the main branch, read-only), run this file with that checkout on
PYTHONPATH: `PYTHONPATH=path/to/other/checkout python scripts/first_narration.py`.
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import threading
from urllib.parse import quote

from page_weight import CHROMIUM, make_app

# the first time #narration holds a step's sentence: a MutationObserver set before any script runs
WATCH_JS = """
(() => {
  const mark = () => {
    const n = document.getElementById('narration');
    if (!n || !n.textContent.trim() || window.__firstNarration != null) return;
    let loading = '';
    try {
      loading = JSON.parse(document.getElementById('player-strings').textContent)['player.loading'] || '';
    }
    catch (e) { /* not parsed yet */ }
    if (loading && n.textContent.trim() === loading) return;
    window.__firstNarration = -1;
    // shown at the next frame the page paints (a frame waits for the render-blocking CSS)
    requestAnimationFrame(() => { window.__firstNarration = performance.now(); });
  };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true, characterData: true });
})();
"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def star_url(app, scenario_id: str) -> str:  # type: ignore[no-untyped-def]
    """The address a "show me" button opens: the demo at its ★ step (as the checkout makes it)."""
    with app.test_request_context("/"):
        try:
            from refapp.links import demo_url
        except ImportError:  # a checkout before pages.demo_url: its buttons opened step 1
            return f"/scenarios/{scenario_id}"
        return demo_url(scenario_id)


# what a page with nothing but a narration costs the same browser on the same profile: the floor
# (a new tab, the navigation's commit in a CPU-slowed renderer, the watcher above) under every figure
EMPTY_PAGE = (
    b'<!doctype html><html lang="zh-Hans"><head><meta charset="utf-8">'
    b'<meta name="viewport" content="width=device-width, initial-scale=1"><title>-</title></head>'
    b'<body><p id="narration">\xe2\x98\x85</p></body></html>'
)


def with_empty_page(app):  # type: ignore[no-untyped-def]
    """The app, plus /__empty answered outside it (the benchmark's floor; the product has no such page)."""

    def wsgi(environ, start_response):  # type: ignore[no-untyped-def]
        if environ.get("PATH_INFO") == "/__empty":
            headers = [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")]
            start_response("200 OK", headers)
            return [EMPTY_PAGE]
        return app(environ, start_response)

    return wsgi


def settle(page) -> None:  # type: ignore[no-untyped-def]
    """The reader reads the results before tapping: nothing of that page is still running."""
    page.wait_for_load_state("networkidle")
    page.evaluate("() => new Promise(r => requestIdleCallback(() => r(), {timeout: 3000}))")


def one_load(browser, base: str, path: str, cpu: float, warm: bool) -> float:  # type: ignore[no-untyped-def]
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=3, is_mobile=True,
        has_touch=True, service_workers="block", locale="zh-CN",
    )
    try:
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        cdp.send("Network.enable")
        if warm:
            page.goto(base + "/search?q=" + quote("护城河"), wait_until="load")
            settle(page)
        else:
            cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        page.add_init_script(WATCH_JS)
        page.goto(base + path, wait_until="load")
        page.wait_for_function("() => window.__firstNarration > 0", timeout=20000)
        return float(page.evaluate("() => window.__firstNarration"))
    finally:
        ctx.close()


def measure(base: str, paths: list[str], runs: int, cpu: float) -> dict[str, list[float]]:
    """Loads of each kind taken in turn (warm, cold, the empty page warm), so that the machine's load
    falls on all three alike. `warm`: the page's scripts and styles are in the browser cache (the
    reader came from a result, which loads the same fingerprinted files); `cold`: nothing cached."""
    from playwright.sync_api import sync_playwright

    out: dict[str, list[float]] = {"warm": [], "cold": [], "empty page": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"],
        )
        for i in range(runs):
            path = paths[i % len(paths)]
            out["warm"].append(one_load(browser, base, path, cpu, warm=True))
            out["cold"].append(one_load(browser, base, path, cpu, warm=False))
            out["empty page"].append(one_load(browser, base, "/__empty", cpu, warm=True))
        browser.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="page loads (cold) to time")
    parser.add_argument("--cpu", type=float, default=4.0, help="CPU slow-down of the phone profile")
    args = parser.parse_args()
    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    app = make_app()
    ids = sorted(app.extensions["refapp"].scenarios.summaries)
    citadels = [s for s in ids if s.startswith("citadels-")]
    chosen = [ids[0], citadels[len(citadels) // 2], ids[-1]]  # Dominion, Citadels, Dominion
    paths = [star_url(app, s) for s in chosen] + [f"/scenarios/{chosen[0]}"]
    server = make_server("127.0.0.1", 0, with_empty_page(app), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    os.environ.setdefault("PLAYWRIGHT_BROWSERS_PATH", "0")
    try:
        for path in paths:  # warm the server's run cache: the figure is the page's, not the engine's
            app.test_client().get(path.split("#")[0])
        load_before = os.getloadavg()[0]
        figures = measure(base, paths, args.runs, args.cpu)
        load_after = os.getloadavg()[0]
    finally:
        server.shutdown()
    print(f"first narration, phone profile (390x844, CPU x{args.cpu:g}), {args.runs} loads each of {paths}")
    floor = statistics.median(figures["empty page"])
    for kind, times in figures.items():
        share = statistics.median(times) - floor
        own = "" if kind == "empty page" else f"  page's own share (median - empty page) {share:4.0f} ms"
        print(
            f"{kind:10} median {statistics.median(times):5.0f} ms  p95 {percentile(times, 0.95):5.0f} ms  "
            f"min {min(times):5.0f} ms  max {max(times):5.0f} ms{own}"
        )
    print("target: median <= 300 ms, p95 <= 600 ms (warm and cold)")
    print("warm: scripts and styles cached, as after a search (the results page settled first);")
    print("cold: nothing cached (a first visit); empty page: only a narration, opened warm (the floor)")
    print(f"load average (1 min) {load_before:.1f} before, {load_after:.1f} after, on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
