"""Photo lookup benchmark: top-1/top-3 per script and distortion, kingdom exact-set rate, CPU per image.

Generates card-like photos of every card (names and text from corpus/data/dataset.json, three
scripts, Debian fonts) with the distortions of scripts/card_images.py, sends each as a JPEG to
POST /api/lookup through the test client (the same decoding, scaling, OCR and matching as the
service) and prints the figures. CPU time is this process's CPU time per request.

    python scripts/bench_lookup.py [--cards N] [--distortions clean,rotate,...] [--kingdoms N]

--cards N: a seeded sample of N cards (default: all 92).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from card_images import DISTORTIONS, cards_from_dataset, jpeg_bytes, kingdom_photo, photo  # noqa: E402

from corpus.languages import DEFAULT_LANG, order  # noqa: E402

SCRIPTS = order(DEFAULT_LANG)  # every language, the default first


def pct(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))] if v else 0.0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cards", type=int, default=0, help="a seeded sample of this many cards (0: all)")
    ap.add_argument("--distortions", default=",".join(DISTORTIONS))
    ap.add_argument("--kingdoms", type=int, default=10)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()

    from engine.tables.kingdoms import kingdom_cards
    from refapp import create_app

    app = create_app({"TESTING": True})
    client = app.test_client()
    dataset = ROOT / "corpus" / "data" / "dataset.json"
    by_script = {s: cards_from_dataset(dataset, s) for s in SCRIPTS}
    ids = [c.id for c in by_script["en"]]
    if args.cards:
        ids = sorted(random.Random(args.seed).sample(ids, args.cards))
    distortions = [d for d in args.distortions.split(",") if d]

    # warm the engine (its one-off load is not a per-image cost)
    client.post("/api/lookup", data=jpeg_bytes(photo(by_script["en"][0], "clean", 0)))

    hits: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])  # top1, top3, n
    cpu: list[float] = []
    misses: list[str] = []
    for script in SCRIPTS:
        cards = {c.id: c for c in by_script[script]}
        for dist in distortions:
            for i, cid in enumerate(ids):
                card = cards[cid]
                body = jpeg_bytes(photo(card, dist, args.seed + i))
                game = cid.split("/", 1)[0]
                t0 = time.process_time()
                r = client.post(f"/api/lookup?game={game}", data=body)
                cpu.append(time.process_time() - t0)
                got = [c["id"] for c in (r.get_json() or {}).get("candidates", [])]
                h = hits[(script, dist)]
                h[0] += bool(got[:1] == [cid])
                h[1] += cid in got[:3]
                h[2] += 1
                if got[:1] != [cid]:
                    misses.append(f"{script} {dist} {cid} ({card.title}) -> {got[:1]}")

    print("Photo lookup (RapidOCR, game given, JPEG q85 uploads)")
    print(f"cards per script: {len(ids)}; distortions: {', '.join(distortions)}")
    print(f"{'script':8} {'distortion':12} {'top-1':>6} {'top-3':>6} {'n':>4}")
    for script in SCRIPTS:
        for dist in distortions:
            t1, t3, n = hits[(script, dist)]
            print(f"{script:8} {dist:12} {t1 / n:6.3f} {t3 / n:6.3f} {n:4d}")
        dist_rows = [hits[(script, d)] for d in distortions if d != "clean"]
        if dist_rows:
            t1 = sum(r[0] for r in dist_rows)
            t3, n = sum(r[1] for r in dist_rows), sum(r[2] for r in dist_rows)
            print(f"{script:8} {'(distorted)':12} {t1 / n:6.3f} {t3 / n:6.3f} {n:4d}")
    print(f"CPU per image: p50 {pct(cpu, 0.5):.2f} s, p95 {pct(cpu, 0.95):.2f} s, max {max(cpu):.2f} s "
          f"({len(cpu)} images)")

    if args.kingdoms:
        exact = 0
        kcpu: list[float] = []
        rng = random.Random(args.seed)
        for k in range(args.kingdoms):
            script = SCRIPTS[k % len(SCRIPTS)]
            cards = {c.id: c for c in by_script[script]}
            pick = rng.sample(kingdom_cards(rng.choice(["1e", "2e"])), 10)
            img = kingdom_photo([cards[f"dominion/{s}"] for s in pick], seed=k)
            t0 = time.process_time()
            r = client.post("/api/lookup?mode=kingdom", data=jpeg_bytes(img))
            kcpu.append(time.process_time() - t0)
            got = {c["id"].split("/", 1)[1] for c in (r.get_json() or {}).get("cards", [])}
            exact += got == set(pick)
            if got != set(pick):
                missing, extra = sorted(set(pick) - got), sorted(got - set(pick))
                misses.append(f"kingdom {k} {script}: missing {missing} extra {extra}")
        print(f"Kingdom photos (10 cards, 2000 px wide): exact set {exact}/{args.kingdoms} = "
              f"{exact / args.kingdoms:.2f}; CPU p50 {pct(kcpu, 0.5):.2f} s, max {max(kcpu):.2f} s")
    if misses:
        print("misses:")
        for m in misses[:60]:
            print("  " + m)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
