"""In-browser OCR for the photo lookup: is tesseract.js (WebAssembly, npm) good and fast enough?

Runs tesseract.js 5 in Debian's Chromium (390x844) on card photos made by scripts/card_images.py,
matches what it reads with the service's own matcher (refapp/lookup_match.py, the game given) and
prints top-1 per script and image kind, the time per image, and the sizes a saved pack would hold.

The phone profile is this machine's CPU slowed x4. The DevTools protocol's CPU throttle
(Emulation.setCPUThrottlingRate) slows a page's main thread but not its dedicated workers, and
tesseract.js always reads in a worker: the script measures that first (a spin loop in the page and
in a worker, each with and without the throttle), then reads every image unthrottled and reports
the phone-profile time as 4 x the measured time.

    make lookup-ocr-js     # npm install tesseract.js and its language data into var/npm
    python scripts/bench_lookup_browser.py [--sample N] [--throttle 4] [--npm var/npm/node_modules]

Image kinds: "photo" (the whole card on the table, clean), "photo-rotate" (turned up to ±15°),
"title" (the title band as the crop step cuts it, clean), "title-blur" (the same cut from a
blurred photo, JPEG 40).
"""

from __future__ import annotations

import argparse
import base64
import functools
import http.server
import random
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from card_images import CARD_W, cards_from_dataset, jpeg_bytes, photo, render_card  # noqa: E402

from corpus.languages import DEFAULT_LANG, order  # noqa: E402

SCRIPTS = order(DEFAULT_LANG)  # every language, the default first
OCR_LANGS = "chi_sim+chi_tra+eng"  # a card may be in any script: every language at once
DATA = {"chi_sim": "chi_sim", "chi_tra": "chi_tra", "eng": "eng"}
KINDS = ("photo", "photo-rotate", "title", "title-blur")

PAGE = """<!doctype html><meta charset="utf-8"><title>ocr</title><script src="/tesseract.min.js"></script>"""

INIT = """async (langs) => {
  const t0 = performance.now();
  window.w = await Tesseract.createWorker(langs.split('+'), 1, {
    workerPath: '/worker.min.js', corePath: '/core', langPath: '/lang', workerBlobURL: false,
    cacheMethod: 'none', gzip: true});
  return performance.now() - t0;
}"""

SPIN = "let x = 0; for (let i = 0; i < 2e8; i++) x += i % 7;"
SPIN_MAIN = f"() => {{ const t0 = performance.now(); {SPIN} return performance.now() - t0; }}"
SPIN_BODY = ("onmessage = () => { const t0 = performance.now(); " + SPIN
             + " postMessage(performance.now() - t0); }")
SPIN_WORKER = ("() => new Promise(done => { const w = new Worker(URL.createObjectURL(new Blob(["
               f"'{SPIN_BODY}'"
               "]))); w.onmessage = e => { done(e.data); w.terminate(); }; w.postMessage(0); })")

READ = """async (url) => {
  const t0 = performance.now();
  const r = await window.w.recognize(url, {}, {blocks: true});
  const ms = performance.now() - t0;
  const lines = [];
  for (const b of (r.data.blocks || [])) for (const p of b.paragraphs) for (const l of p.lines)
    lines.push({text: l.text.trim(), h: l.bbox.y1 - l.bbox.y0, x: (l.bbox.x0 + l.bbox.x1) / 2,
                y: (l.bbox.y0 + l.bbox.y1) / 2, w: l.bbox.x1 - l.bbox.x0});
  return {ms, lines};
}"""


def title_cut(card, seed: int, blurred: bool) -> bytes:  # type: ignore[no-untyped-def]
    from PIL import ImageFilter

    img = render_card(card, random.Random(f"{card.id}|{seed}"))
    band = img.crop((16, 16, CARD_W - 16, 104))
    if blurred:
        band = band.filter(ImageFilter.GaussianBlur(1.5))
        return jpeg_bytes(band, 40)
    return jpeg_bytes(band, 90)


def image(card, kind: str, seed: int) -> bytes:  # type: ignore[no-untyped-def]
    if kind == "photo":
        return jpeg_bytes(photo(card, "clean", seed))
    if kind == "photo-rotate":
        return jpeg_bytes(photo(card, "rotate", seed))
    return title_cut(card, seed, kind == "title-blur")


def serve(root: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *a, **k: None  # type: ignore[attr-defined]
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


def pack(npm: Path, www: Path) -> dict[str, int]:
    """Lay out what the page would ship (symlinks) and return each part's size in bytes."""
    core = npm / "tesseract.js-core"
    (www / "core").mkdir()
    (www / "lang").mkdir()
    sizes: dict[str, int] = {}
    for name in ("tesseract.min.js", "worker.min.js"):
        (www / name).symlink_to(npm / "tesseract.js" / "dist" / name)
        sizes[name] = (npm / "tesseract.js" / "dist" / name).stat().st_size
    for name in ("tesseract-core-simd-lstm.wasm.js", "tesseract-core-lstm.wasm.js"):
        (www / "core" / name).symlink_to(core / name)
    sizes["core (simd-lstm .wasm.js)"] = (core / "tesseract-core-simd-lstm.wasm.js").stat().st_size
    for lang in DATA:
        src = npm / "@tesseract.js-data" / lang / "4.0.0_best_int" / f"{lang}.traineddata.gz"
        (www / "lang" / f"{lang}.traineddata.gz").symlink_to(src)
        sizes[f"{lang}.traineddata.gz (best_int)"] = src.stat().st_size
    (www / "index.html").write_text(PAGE, encoding="utf-8")
    return sizes


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--npm", default=str(ROOT / "var" / "npm" / "node_modules"))
    ap.add_argument("--sample", type=int, default=8, help="cards per script")
    ap.add_argument("--throttle", type=float, default=4.0)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    npm = Path(args.npm)
    if not (npm / "tesseract.js").is_dir():
        print(f"no tesseract.js under {npm}: run `make lookup-ocr-js`", file=sys.stderr)
        return 2

    from playwright.sync_api import sync_playwright

    from refapp import create_app, lookup_reply
    from refapp.lookup_match import rank
    from refapp.lookup_ocr import TextLine

    app = create_app({"TESTING": True})
    with app.app_context():
        names, texts = lookup_reply.lookup_names()
    by_script = {s: {c.id: c for c in cards_from_dataset(ROOT / "corpus" / "data" / "dataset.json", s)}
                 for s in SCRIPTS}
    ids = sorted(random.Random(args.seed).sample(sorted(by_script["en"]), args.sample))

    with tempfile.TemporaryDirectory() as tmp:
        www = Path(tmp)
        sizes = pack(npm, www)
        httpd, url = serve(www)
        hits: dict[tuple[str, str], list[int]] = {}
        times: dict[str, list[float]] = {}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            ctx = browser.new_context(viewport={"width": 390, "height": 844})
            page = ctx.new_page()
            page.goto(url + "/index.html")
            cdp = ctx.new_cdp_session(page)
            spin = {}
            for rate in (1.0, args.throttle):
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                spin[rate] = (page.evaluate(SPIN_MAIN), page.evaluate(SPIN_WORKER))
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
            print(f"CDP throttle x{args.throttle:g}: a spin loop in the page {spin[1.0][0]:.0f} -> "
                  f"{spin[args.throttle][0]:.0f} ms, in a worker {spin[1.0][1]:.0f} -> "
                  f"{spin[args.throttle][1]:.0f} ms")
            init_ms = page.evaluate(INIT, OCR_LANGS)
            print(f"worker start with {OCR_LANGS} (load and set up the languages): {init_ms / 1000:.1f} s")
            for script in SCRIPTS:
                for kind in KINDS:
                    h = hits.setdefault((script, kind), [0, 0])
                    for i, cid in enumerate(ids):
                        body = image(by_script[script][cid], kind, args.seed + i)
                        data_url = "data:image/jpeg;base64," + base64.b64encode(body).decode()
                        got = page.evaluate(READ, data_url)
                        times.setdefault(kind, []).append(got["ms"] / 1000)
                        lines = [TextLine(ln["text"], 0.9, ln["h"], ln["x"], ln["y"], ln["w"])
                                 for ln in got["lines"] if ln["text"]]
                        ranked = rank(lines, names, cid.split("/", 1)[0], texts=texts)
                        h[0] += bool(ranked and ranked[0].entry_id == cid)
                        h[1] += 1
            browser.close()
        httpd.shutdown()

    total = sum(sizes.values())
    print("Sizes (bytes):")
    for k, v in sizes.items():
        print(f"  {k}: {v:,}")
    print(f"  total to save for offline lookup: {total:,} ({total / 2**20:.1f} MiB)")
    print(f"top-1 with tesseract.js ({OCR_LANGS}), our matcher, game given; {len(ids)} cards per script:")
    print(f"{'script':8} " + " ".join(f"{k:>13}" for k in KINDS))
    for script in SCRIPTS:
        row = [hits[(script, k)][0] / hits[(script, k)][1] for k in KINDS]
        print(f"{script:8} " + " ".join(f"{v:13.3f}" for v in row))

    def pct(v: list[float], q: float) -> float:
        v = sorted(v)
        return v[min(len(v) - 1, int(round(q * (len(v) - 1))))]

    k = args.throttle
    for kind, v in times.items():
        print(f"time per image, {kind}: measured p50 {pct(v, 0.5):.2f} s, p95 {pct(v, 0.95):.2f} s; "
              f"phone profile (x{k:g}) p50 {k * pct(v, 0.5):.2f} s, p95 {k * pct(v, 0.95):.2f} s "
              f"({len(v)} images)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
