"""Offline search (refapp/static/ranker.js over the ranking data index/offline_export.py exports)
against the online search (index.SearchIndex), side by side in one run, on the judged queries
(tests/data/queries.yaml), the dev files and the held-out files.

For every query both rank; the figure is the share whose first result is the same (same entry
and same ruling shown). For the judged queries it also prints ruling@3 online and offline and,
with --diffs N, the judged queries whose first results differ. Dev and held-out files get their
agreement figures only (by file), never which of their queries disagree.

    python scripts/eval_offline_search.py [--diffs N] [--data-dir var --no-build]
        [--before COMMIT]  # also the figures of that commit's offline search, side by side
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

from eval_search import (  # noqa: E402
    DEVS,
    HELDOUTS,
    evaluate,
    load_heldout,
    load_queries,
    open_search_index,
    report,
)

from index.query import parse_without  # noqa: E402

RANKER_JS = ROOT / "refapp" / "static" / "ranker.js"
DRIVER = """
const fs = require("fs");
const R = require(process.argv[2]);
const data = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const queries = JSON.parse(fs.readFileSync(process.argv[4], "utf8"));
const ranker = R.open(data);
// a query's options: a chip taken off (game=any, plain=, no_intent=)
const opts = q => ({limit: 10, filters: q.filters, plain: q.plain, noIntent: q.no_intent});
const out = queries.map(q => ranker.search(q.q, opts(q)).results.map(r => [r.id, r.ruling, r.also]));
process.stdout.write(JSON.stringify(out));
"""
READING_DRIVER = """
const fs = require("fs");
const R = require(process.argv[2]);
const data = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const queries = JSON.parse(fs.readFileSync(process.argv[4], "utf8"));
const ranker = R.open(data);
const out = queries.map(q => {
  const opts = {limit: 1, filters: q.filters, plain: q.plain, noIntent: q.no_intent};
  const u = ranker.search(q.q, opts).understood;
  if (!u) return null;
  const names = u.names.map(n => [n.ids.join(" "), n.matched, n.label[q.lang] || n.ids[0]]);
  return [u.game ? [u.game.value, u.game.source] : null, names, u.intents.join(" ")];
});
process.stdout.write(JSON.stringify(out));
"""
OLD_DRIVER = """
const fs = require("fs");
const t = require(process.argv[2]);
const packs = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const queries = JSON.parse(fs.readFileSync(process.argv[4], "utf8"));
const prepared = {};
for (const lang of Object.keys(packs)) prepared[lang] = t.prepare(packs[lang]);
const out = queries.map(q => t.searchPack(prepared[q.lang], q.q, 10).map(r => [r.id, r.ruling, []]));
process.stdout.write(JSON.stringify(out));
"""


def asked(j: object) -> dict:
    """A query for a driver: its text and language, and its `options` if it has them (a chip
    taken off: filters, plain, no_intent)."""
    return {"q": j.q, "lang": j.lang, **getattr(j, "options", {})}


def run_node(node: str, driver: str, script: Path, data: object, queries: list) -> list:
    """What the driver printed for each query (JSON)."""
    with tempfile.TemporaryDirectory(prefix="eval-offline-") as tmp:
        folder = Path(tmp)
        (folder / "data.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        (folder / "queries.json").write_text(
            json.dumps([asked(j) for j in queries], ensure_ascii=False), encoding="utf-8"
        )
        (folder / "driver.js").write_text(driver, encoding="utf-8")
        done = subprocess.run(
            [
                node,
                str(folder / "driver.js"),
                str(script),
                str(folder / "data.json"),
                str(folder / "queries.json"),
            ],
            capture_output=True,
            text=True,
            timeout=1200,
        )
    if done.returncode != 0:  # what ranker.js said, not only that it failed
        raise RuntimeError(f"node exited with {done.returncode}: {done.stderr.strip()[-2000:]}")
    return json.loads(done.stdout)


def reading(understood: dict | None) -> tuple | None:
    """What the search understood of a query (its `understood`), as the chips show it: the game
    and where it came from, each name's entries and the words that named it, the intents."""
    if not understood:
        return None
    game = understood.get("game")
    return (
        (game["value"], game["source"]) if game else None,
        tuple((" ".join(n["ids"]), n["matched"], n["label"]) for n in understood["names"]),
        " ".join(i["value"] for i in understood["intents"]),
    )


def offline_readings(node: str, data: object, queries: list) -> list[tuple | None]:
    """ranker.js's readings of the queries (see `reading`)."""
    rows = run_node(node, READING_DRIVER, RANKER_JS, data, queries)
    return [
        None if row is None else (tuple(row[0]) if row[0] else None, tuple(tuple(n) for n in row[1]), row[2])
        for row in rows
    ]


class ReadingOff(NamedTuple):
    """A query searched again with one of its readings taken off, as its chip's link does."""

    q: str
    lang: str
    options: dict


def readings_off(ix, queries: list) -> list[ReadingOff]:
    """For each query, each chip of the online search's `understood`, taken off."""
    out = []
    for j in queries:
        u = ix.search(j.q, j.lang, limit=1).understood or {}
        for part in ([u["game"]] if u.get("game") else []) + u.get("names", []) + u.get("intents", []):
            w = part["without"]
            options = {"filters": {"game": w["game"]}} if "game" in w else {}
            options.update({k: w[k] for k in ("plain", "no_intent") if w.get(k)})
            out.append(ReadingOff(w["q"], j.lang, options))
    return out


def online_off(ix, r: ReadingOff):
    return ix.search(
        r.q,
        r.lang,
        filters=r.options.get("filters"),
        limit=10,
        without=parse_without(r.options.get("plain"), r.options.get("no_intent")),
    )


def offline_ranked(queries: list, node: str, data_dir: Path | None = None) -> list[list[tuple]]:
    """ranker.js's (entry, ruling) results for each query (objects with .q and .lang), on the
    ranking data of a fresh index of corpus/data/dataset.json (or the current one in `data_dir`)."""
    from index.offline_export import export_ranking

    with tempfile.TemporaryDirectory(prefix="eval-offline-index-") as scratch:
        ix = open_search_index(data_dir or Path(scratch), data_dir is None)
        try:
            data = export_ranking(ix)
        finally:
            ix.close()
    return [[(r[0], r[1]) for r in row] for row in run_node(node, DRIVER, RANKER_JS, data, queries)]


def offline_results(
    node: str, script: Path, data: object, queries: list, driver: str = DRIVER
) -> list[list[tuple]]:
    """Each query's results from a driver printing [entry, ruling, ...] rows."""
    return [[tuple(r) for r in row] for row in run_node(node, driver, script, data, queries)]


def first(row: list[tuple]) -> tuple | None:
    return (row[0][0], row[0][1] or None) if row else None


def agreement(online: list[list[tuple]], offline: list[list[tuple]]) -> tuple[float, float, int]:
    """(share with the same first result, share with the same first entry, count)."""
    n = len(online)
    same = sum(first(a) == first(b) for a, b in zip(online, offline, strict=True))
    same_entry = sum(
        (a[0][0] if a else None) == (b[0][0] if b else None) for a, b in zip(online, offline, strict=True)
    )
    return same / max(n, 1), same_entry / max(n, 1), n


def old_offline(node: str, commit: str, queries: list) -> list[list[tuple]]:
    """The offline search of an earlier commit: its table.js's searchPack over its own pack
    (refapp/offline_pack.py of that commit, run on today's dataset)."""
    import importlib.util

    from corpus.model import LANGS, load_dataset

    with tempfile.TemporaryDirectory(prefix="eval-before-") as tmp:
        folder = Path(tmp)
        for name in ("table.js", "offline_pack.py"):
            where = "refapp/static/table.js" if name == "table.js" else "refapp/offline_pack.py"
            shown = subprocess.run(
                ["git", "show", f"{commit}:{where}"], cwd=ROOT, check=True, capture_output=True
            )
            (folder / name).write_bytes(shown.stdout)
        spec = importlib.util.spec_from_file_location("old_offline_pack", folder / "offline_pack.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        dataset = load_dataset()
        packs = {lang: module.build_pack(dataset, lang) for lang in LANGS}
        return offline_results(node, folder / "table.js", packs, queries, OLD_DRIVER)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--diffs", type=int, default=0, help="print this many judged queries whose first results differ"
    )
    ap.add_argument("--data-dir", type=Path, default=None)
    ap.add_argument("--no-build", action="store_true", help="use the current index in --data-dir")
    ap.add_argument("--before", help="a commit whose offline search (table.js searchPack) to measure beside")
    ap.add_argument("--judged-only", action="store_true")
    args = ap.parse_args(argv)
    node = shutil.which("node")
    if node is None:
        print("node is needed to run ranker.js outside the browser", file=sys.stderr)
        return 2
    from index.offline_export import export_ranking

    sets = {"judged": load_queries()}
    if not args.judged_only:
        for path in (*DEVS, *HELDOUTS):  # the files there are (both lists leave out missing ones)
            sets[path.stem] = load_heldout(path)
    ix = open_search_index(args.data_dir, not args.no_build)
    data = export_ranking(ix)
    print(f"ranking data: {len(json.dumps(data, ensure_ascii=False).encode()) / 1e6:.2f} MB as JSON")
    for name, queries in sets.items():
        online = [
            [(r.id, r.ruling, r.also) for r in ix.search(j.q, j.lang, limit=10).results] for j in queries
        ]
        offline = offline_results(node, RANKER_JS, data, queries)
        same, same_entry, n = agreement(online, offline)
        top3 = sum(
            [r[:2] for r in a[:3]] == [r[:2] for r in b[:3]] for a, b in zip(online, offline, strict=True)
        )
        print(f"\n== {name}: {n} queries ==")
        print(
            f"same first result (entry and ruling): {same:.3f}; same first entry: {same_entry:.3f}; "
            f"same first three: {top3 / max(n, 1):.3f}"
        )
        online_readings = [reading(ix.search(j.q, j.lang, limit=1).understood) for j in queries]
        readings = offline_readings(node, data, queries)
        same_reading = sum(a == b for a, b in zip(online_readings, readings, strict=True))
        print(f"same reading (game, names, intents: the chips): {same_reading / max(n, 1):.3f}")
        off = readings_off(ix, queries)
        off_online = [[(r.id, r.ruling, r.also) for r in online_off(ix, r).results] for r in off]
        off_same, _, m = agreement(off_online, offline_results(node, RANKER_JS, data, off))
        off_reading = sum(
            reading(online_off(ix, r).understood) == b
            for r, b in zip(off, offline_readings(node, data, off), strict=True)
        )
        print(
            f"each chip taken off ({m} searches): same first result {off_same:.3f}, "
            f"same reading {off_reading / max(m, 1):.3f}"
        )
        if args.before:
            old = old_offline(node, args.before, queries)
            b_same, b_entry, _ = agreement(online, old)
            print(f"before ({args.before}): same first result {b_same:.3f}; same first entry {b_entry:.3f}")
        if name != "judged":
            continue  # dev and held-out files: figures only
        by_q = {id(j): row for j, row in zip(queries, offline, strict=True)}
        on_by_q = {id(j): row for j, row in zip(queries, online, strict=True)}
        print("-- online --")
        print(report(*evaluate(lambda j, m=on_by_q: m[id(j)], queries), show=0))
        print("-- offline --")
        print(report(*evaluate(lambda j, m=by_q: m[id(j)], queries), show=0))
        shown = 0
        for j, a, b in zip(queries, online, offline, strict=True):
            if shown < args.diffs and first(a) != first(b):
                print(f"  differs: {j.q!r} ({j.lang}) online {first(a)} offline {first(b)}")
                shown += 1
    ix.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
