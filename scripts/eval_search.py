"""Measure search quality on the judged queries (tests/data/queries.yaml).

Prints hit@1, hit@3 and MRR overall and per group, then every query whose expected entry is
not in the top 3. Queries that name a `ruling` also count "ruling@3": the expected entry is in
the top 3 and its snippet comes from that ruling. Builds a fresh index of
corpus/data/dataset.json in a temporary folder (or uses --data-dir's current index with --no-build).

    python scripts/eval_search.py [--queries FILE] [--group G] [--data-dir DIR --no-build] [--misses N]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "tests" / "data" / "queries.yaml"


@dataclass(frozen=True)
class Judged:
    q: str
    group: str
    expect: tuple[str, ...]
    all: bool = False
    lang: str = "zh-Hans"
    ruling: str | None = None  # ruling id (of expect[0]) the snippet should come from


def load_queries(path: Path = QUERIES) -> list[Judged]:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [
        Judged(
            str(r["q"]),
            r["group"],
            tuple(r["expect"]),
            bool(r.get("all", False)),
            r.get("lang", "zh-Hans"),
            r.get("ruling"),
        )
        for r in raw
    ]


# What a search callable returns: entry ids best first, or (entry id, ruling id or None) pairs.
Ranked = list[str] | list[tuple[str, str | None]]


def split_ranked(ranked: Ranked) -> tuple[list[str], list[str | None]]:
    ids = [r if isinstance(r, str) else r[0] for r in ranked]
    rulings = [None if isinstance(r, str) else r[1] for r in ranked]
    return ids, rulings


def ruling_hit(j: Judged, ids: list[str], rulings: list[str | None], k: int = 3) -> bool:
    """The first expected entry is in the top k and its snippet comes from the expected ruling."""
    top = ids[:k]
    return j.expect[0] in top and rulings[top.index(j.expect[0])] == j.ruling


def hit_at(j: Judged, ranked: list[str], k: int) -> bool:
    if j.all:
        top = ranked[: max(k, len(j.expect))]
        return all(e in top for e in j.expect)
    return any(e in ranked[:k] for e in j.expect)


def reciprocal_rank(j: Judged, ranked: list[str]) -> float:
    for i, r in enumerate(ranked, 1):
        if r in j.expect:
            return 1.0 / i
    return 0.0


@dataclass
class Scores:
    n: int = 0
    hit1: int = 0
    hit3: int = 0
    rr: float = 0.0
    with_ruling: int = 0
    ruling3: int = 0

    def add(self, j: Judged, ranked: Ranked) -> None:
        ids, rulings = split_ranked(ranked)
        self.n += 1
        self.hit1 += hit_at(j, ids, 1)
        self.hit3 += hit_at(j, ids, 3)
        self.rr += reciprocal_rank(j, ids)
        if j.ruling:
            self.with_ruling += 1
            self.ruling3 += ruling_hit(j, ids, rulings)

    def line(self, name: str) -> str:
        n = max(self.n, 1)
        rul = f"{self.ruling3:>4}/{self.with_ruling:<3}" if self.with_ruling else f"{'-':>8}"
        return (
            f"{name:<12} {self.n:>4} {self.hit1 / n:>7.3f} {self.hit3 / n:>7.3f} {self.rr / n:>7.3f} {rul:>9}"
        )


def evaluate(search: Callable[[Judged], Ranked], queries: list[Judged]) -> tuple[Scores, dict, list]:
    """Run every judged query through `search` (returns ranked entry ids, or (id, ruling) pairs)."""
    overall = Scores()
    groups: dict[str, Scores] = defaultdict(Scores)
    misses = []
    for j in queries:
        ranked = search(j)
        overall.add(j, ranked)
        groups[j.group].add(j, ranked)
        ids, rulings = split_ranked(ranked)
        if not hit_at(j, ids, 3):
            misses.append((j, ids[:3]))
        elif j.ruling and ranked and not isinstance(ranked[0], str) and not ruling_hit(j, ids, rulings):
            got = rulings[ids.index(j.expect[0])]
            misses.append((j, [f"{j.expect[0]}#{got}"]))
    return overall, dict(groups), misses


def report(overall: Scores, groups: dict, misses: list, show: int = 50) -> str:
    head = f"{'group':<12} {'n':>4} {'hit@1':>7} {'hit@3':>7} {'MRR':>7} {'ruling@3':>9}"
    lines = [head, overall.line("overall")]
    lines += [groups[g].line(g) for g in groups]
    if misses:
        lines.append(f"\nmisses at 3, or the wrong ruling as snippet ({len(misses)}):")
        for j, top in misses[:show]:
            want = list(j.expect) if not j.ruling else [*j.expect, f"#{j.ruling}"]
            lines.append(f"  [{j.group}] {j.q!r} expected {want} got {top}")
    return "\n".join(lines)


def open_search_index(data_dir: Path | None, build_fresh: bool):
    from corpus.model import load_dataset
    from index import build, open_index

    if data_dir is None:
        data_dir = Path(tempfile.mkdtemp(prefix="eval-index-"))
    if build_fresh:
        build(load_dataset(), data_dir)
    return open_index(data_dir, cache_size=0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--queries", type=Path, default=QUERIES)
    ap.add_argument("--data-dir", type=Path, default=None)
    ap.add_argument("--no-build", action="store_true", help="use the current index in --data-dir")
    ap.add_argument("--misses", type=int, default=50)
    ap.add_argument("--group", action="append", help="only queries of this group (repeatable)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="eval-index-") as scratch:  # a fresh build is removed after
        fresh = args.data_dir is None or not args.no_build
        ix = open_search_index(Path(scratch) if fresh else args.data_dir, fresh)
        queries = [j for j in load_queries(args.queries) if not args.group or j.group in args.group]
        overall, groups, misses = evaluate(
            lambda j: [(r.id, r.ruling) for r in ix.search(j.q, j.lang, limit=10).results], queries
        )
        ix.close()
        print(f"index {ix.folder.name}: {len(queries)} judged queries")
        print(report(overall, groups, misses, args.misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
