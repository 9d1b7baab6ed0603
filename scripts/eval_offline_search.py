"""Offline search (entries saved "for the table", searched by refapp/static/table.js) against the
online search index on the judged queries (tests/data/queries.yaml), side by side in one run.

Offline: the pack /api/offline-pack serves for each query's script, searched by table.js's
searchPack() under node. Online: a fresh index of corpus/data/dataset.json (as scripts/eval_search.py).

    python scripts/eval_offline_search.py [--misses N] [--query "刺客 杀 国王"]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

from eval_search import evaluate, load_queries, open_search_index, report  # noqa: E402

TABLE_JS = ROOT / "refapp" / "static" / "table.js"
DRIVER = """
const fs = require("fs");
const t = require(process.argv[2]);
const packs = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const queries = JSON.parse(fs.readFileSync(process.argv[4], "utf8"));
const prepared = {};
for (const lang of Object.keys(packs)) prepared[lang] = t.prepare(packs[lang]);
const out = queries.map(q => t.searchPack(prepared[q.lang], q.q, 10).map(r => [r.id, r.ruling]));
process.stdout.write(JSON.stringify(out));
"""


def offline_ranked(queries: list, node: str) -> list[list[tuple[str, str | None]]]:
    from corpus.model import LANGS, load_dataset
    from refapp.offline_pack import build_pack

    dataset = load_dataset()
    with tempfile.TemporaryDirectory(prefix="eval-offline-") as tmp:
        folder = Path(tmp)
        (folder / "packs.json").write_text(
            json.dumps({lang: build_pack(dataset, lang) for lang in LANGS}, ensure_ascii=False),
            encoding="utf-8",
        )
        (folder / "queries.json").write_text(
            json.dumps([{"q": j.q, "lang": j.lang} for j in queries], ensure_ascii=False), encoding="utf-8"
        )
        (folder / "driver.js").write_text(DRIVER, encoding="utf-8")
        done = subprocess.run(
            [
                node,
                str(folder / "driver.js"),
                str(TABLE_JS),
                str(folder / "packs.json"),
                str(folder / "queries.json"),
            ],
            check=True,
            capture_output=True,
            text=True,
            timeout=600,
        )
    return [[(i, r) for i, r in row] for row in json.loads(done.stdout)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--misses", type=int, default=20)
    ap.add_argument("--query", action="append", help="also print the offline top 5 for this question")
    args = ap.parse_args(argv)
    node = shutil.which("node")
    if node is None:
        print("node is needed to run table.js outside the browser", file=sys.stderr)
        return 2
    queries = load_queries()
    ranked = offline_ranked(queries, node)
    by_query = dict(zip([id(j) for j in queries], ranked, strict=True))
    off = evaluate(lambda j: by_query[id(j)], queries)
    with tempfile.TemporaryDirectory(prefix="eval-index-") as scratch:
        ix = open_search_index(Path(scratch), True)
        on = evaluate(lambda j: [(r.id, r.ruling) for r in ix.search(j.q, j.lang, limit=10).results], queries)
        ix.close()
    print(f"{len(queries)} judged queries\n\n== online (search index) ==")
    print(report(*on, show=0))
    print("\n== offline (saved entries, table.js) ==")
    print(report(*off, show=args.misses))
    if args.query:
        from eval_search import Judged

        extra = [Judged(q, "ad hoc", ("-",)) for q in args.query]
        for j, row in zip(extra, offline_ranked(extra, node), strict=True):
            print(f"\noffline top 5 for {j.q!r}: {[f'{i}#{r}' if r else i for i, r in row[:5]]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
