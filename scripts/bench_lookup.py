"""Photo lookup benchmark: top-1/top-3 per script and distortion, kingdom exact-set rate, CPU per image.

Generates card-like photos of every card (names and text from corpus/data/dataset.json, three
scripts, Debian fonts) with the distortions of scripts/card_images.py, sends each as a JPEG to
POST /api/lookup through the test client (the same decoding, scaling, OCR and matching as the
service) and prints the figures. CPU time is this process's CPU time per request.

    python scripts/bench_lookup.py [--sample N] [--distortions clean,rotate,...] [--kingdoms N]
        [--kingdom-distortions clean,glare,...] [--misses FILE]

--sample N (or --cards N): a seeded sample of N cards for a quick run (default: all 92).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from card_images import (  # noqa: E402
    DISTORTIONS,
    KINGDOM_DISTORTIONS,
    cards_from_dataset,
    jpeg_bytes,
    kingdom_photo,
    photo,
)

from corpus.languages import DEFAULT_LANG, order  # noqa: E402

SCRIPTS = order(DEFAULT_LANG)  # every language, the default first


def pct(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))] if v else 0.0


def report(records: list[dict]) -> list[str]:
    """Print top-1/top-3 per script and distortion and CPU per image; return the misses."""
    hits: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])  # top1, top3, n
    distortions: list[str] = []
    for rec in records:
        h = hits[(rec["script"], rec["distortion"])]
        h[0] += rec["top1"]
        h[1] += rec["top3"]
        h[2] += 1
        if rec["distortion"] not in distortions:
            distortions.append(rec["distortion"])
    cpu = [rec["cpu"] for rec in records]
    ids = {rec["id"] for rec in records}
    print("Photo lookup (RapidOCR, game given, JPEG q85 uploads)")
    print(f"cards: {len(ids)}; distortions: {', '.join(distortions)}")
    print(f"{'script':8} {'distortion':12} {'top-1':>6} {'top-3':>6} {'n':>4}")
    for script in SCRIPTS:
        for dist in distortions:
            t1, t3, n = hits[(script, dist)]
            if n:
                print(f"{script:8} {dist:12} {t1 / n:6.3f} {t3 / n:6.3f} {n:4d}")
        rows = [hits[(script, d)] for d in distortions if d != "clean" and hits[(script, d)][2]]
        if rows:
            t1, t3, n = (sum(r[k] for r in rows) for k in range(3))
            print(f"{script:8} {'(distorted)':12} {t1 / n:6.3f} {t3 / n:6.3f} {n:4d}")
    for dist in distortions:
        t1, t3, n = (sum(hits[(s, dist)][k] for s in SCRIPTS) for k in range(3))
        print(f"{'(all)':8} {dist:12} {t1 / n:6.3f} {t3 / n:6.3f} {n:4d}")
    if cpu:
        print(f"CPU per image: p50 {pct(cpu, 0.5):.2f} s, p95 {pct(cpu, 0.95):.2f} s, max {max(cpu):.2f} s "
              f"({len(cpu)} images)")
    return [f"{r['script']} {r['distortion']} {r['id']} ({r['title']}) -> {r['got']}" for r in records
            if not r["top1"]]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cards", "--sample", type=int, default=0, dest="cards",
                    help="a seeded sample of this many cards for a quick run (0: every card)")
    ap.add_argument("--distortions", default=",".join(DISTORTIONS))
    ap.add_argument("--kingdoms", type=int, default=10, help="kingdom photos per kingdom distortion")
    ap.add_argument("--kingdom-distortions", default="clean",
                    help=f"comma-separated, of {','.join(KINGDOM_DISTORTIONS)}")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--misses", help="write every miss to this file (the printout shows the first 60)")
    ap.add_argument("--log", help="append one JSON line per card photo to this file as it is read")
    ap.add_argument("--summarise", metavar="LOG", help="print the figures of a --log file and stop")
    args = ap.parse_args()
    if args.summarise:
        lines = Path(args.summarise).read_text(encoding="utf-8").splitlines()
        misses = report([json.loads(x) for x in lines if x.strip()])
        if args.misses:
            Path(args.misses).write_text("".join(m + "\n" for m in misses), encoding="utf-8")
        return 0

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

    misses: list[str] = []
    records: list[dict] = []
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    by_id = {script: {c.id: c for c in by_script[script]} for script in SCRIPTS}
    # distortion by distortion, every script of a card in turn: a run cut short has whole rows
    for dist in distortions:
        for i, cid in enumerate(ids):
            for script in SCRIPTS:
                card = by_id[script][cid]
                body = jpeg_bytes(photo(card, dist, args.seed + i))
                game = cid.split("/", 1)[0]
                t0 = time.process_time()
                r = client.post(f"/api/lookup?game={game}", data=body)
                cost = time.process_time() - t0
                got = [c["id"] for c in (r.get_json() or {}).get("candidates", [])]
                rec = {"script": script, "distortion": dist, "id": cid, "title": card.title,
                       "top1": got[:1] == [cid], "top3": cid in got[:3], "got": got[:1],
                       "cpu": round(cost, 3)}
                records.append(rec)
                if log:
                    log.write(json.dumps(rec, ensure_ascii=False) + "\n")
                    log.flush()
    if log:
        log.close()
    misses += report(records)

    if args.kingdoms:
        rng = random.Random(args.seed)
        kcpu: list[float] = []
        print("Kingdom photos (10 cards, 2000 px wide; right: all ten cards named, sure: and none "
              "marked for a fix)")
        print(f"{'distortion':12} {'right':>6} {'sure':>6} {'cards':>6} {'n':>4}")
        totals = [0, 0, 0, 0]
        for dist in [d for d in args.kingdom_distortions.split(",") if d]:
            right = sure = cards_right = 0
            for k in range(args.kingdoms):
                script = SCRIPTS[k % len(SCRIPTS)]
                cards = {c.id: c for c in by_script[script]}
                pick = rng.sample(kingdom_cards(rng.choice(["1e", "2e"])), 10)
                img = kingdom_photo([cards[f"dominion/{s}"] for s in pick], seed=k, distortion=dist)
                t0 = time.process_time()
                r = client.post("/api/lookup?mode=kingdom", data=jpeg_bytes(img))
                kcpu.append(time.process_time() - t0)
                rows = (r.get_json() or {}).get("cards", [])
                got = {c["id"].split("/", 1)[1] for c in rows}
                right += got == set(pick)
                sure += got == set(pick) and all(c["sure"] for c in rows)
                cards_right += len(got & set(pick))
                if got != set(pick):
                    missing, extra = sorted(set(pick) - got), sorted(got - set(pick))
                    misses.append(f"kingdom {dist} {k} {script}: missing {missing} extra {extra}")
            n = args.kingdoms
            print(f"{dist:12} {right / n:6.2f} {sure / n:6.2f} {cards_right / (10 * n):6.3f} {n:4d}")
            totals = [totals[0] + right, totals[1] + sure, totals[2] + cards_right, totals[3] + n]
        right, sure, cards_right, n = totals
        print(f"{'(all)':12} {right / n:6.2f} {sure / n:6.2f} {cards_right / (10 * n):6.3f} {n:4d}")
        print(f"CPU per kingdom photo: p50 {pct(kcpu, 0.5):.2f} s, p95 {pct(kcpu, 0.95):.2f} s, "
              f"max {max(kcpu):.2f} s")
    if args.misses:
        Path(args.misses).write_text("".join(m + "\n" for m in misses), encoding="utf-8")
    if misses:
        print("misses:")
        for m in misses[:60]:
            print("  " + m)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
