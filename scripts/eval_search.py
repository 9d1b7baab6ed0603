"""Measure search quality on the judged queries: the dev set (tests/data/queries.yaml, used while
tuning) and the held-out sets: tests/data/heldout-1.yaml (frozen before it was first run, but no
longer independent: vocabulary rows, question-bank copies and fixes were made after its misses were
read; see docs/perf.md), tests/data/heldout-2.yaml and tests/data/heldout-3.yaml (each frozen before
anyone ran it; their misses are never printed, only their figures by group).

The dev files (tests/data/dev-2.yaml to dev-23.yaml, in the held-out format) are tuned
on: their misses are printed like the judged set's. Prints, per group: hit@1, hit@3 and MRR (the
expected entry), ruling@1 and ruling@3 (a result among the top k is a ruling that answers the question: same
entry, same ruling), then the misses.
Builds a fresh index of corpus/data/dataset.json in a temporary folder (or uses --data-dir's
current index with --no-build).

    python scripts/eval_search.py [--queries FILE] [--dev FILE ...] [--heldout FILE ...] [--group G]
                                  [--data-dir DIR --no-build]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "tests" / "data" / "queries.yaml"
HELDOUT_1 = ROOT / "tests" / "data" / "heldout-1.yaml"  # contaminated: see docs/perf.md
HELDOUT_2 = ROOT / "tests" / "data" / "heldout-2.yaml"
HELDOUT_3 = ROOT / "tests" / "data" / "heldout-3.yaml"  # frozen 2026-12-05, after dev-13
HELDOUTS = [p for p in (HELDOUT_1, HELDOUT_2, HELDOUT_3) if p.exists()]
HELDOUT = HELDOUTS[-1]  # the newest held-out file
# Fresh dev questions (held-out format), tuned on: every tests/data/dev-<n>.yaml in order of n; each
# file's head says who wrote it and how (dev-12 as heldout-2 was written, dev-24 mainland chat...).
DEVS = sorted(
    (ROOT / "tests" / "data").glob("dev-*.yaml"), key=lambda p: int(re.fullmatch(r"dev-(\d+)", p.stem)[1])
)


@dataclass(frozen=True)
class Judged:
    q: str
    group: str
    expect: tuple[str, ...]  # acceptable entry ids, best first
    all: bool = False
    lang: str = "zh-Hans"
    ruling: str | None = None  # queries.yaml: the ruling (of expect[0]) that answers
    answers: tuple[str, ...] = ()  # heldout-N.yaml: '<entry>#<ruling>' units, or a bare FAQ entry id
    consequence: bool = False  # marked '# consequence' in its file: asks what follows from a situation

    def units(self) -> tuple[str, ...]:
        """The answering units: '<entry>#<ruling>' or a bare entry id (any ruling of it)."""
        if self.answers:
            return self.answers
        return (f"{self.expect[0]}#{self.ruling}",) if self.ruling else ()

    def subgroups(self) -> tuple[str, ...]:
        """A held-out question's finer groups, figures only: its game ('heldout-3 en citadels')
        and, if marked so, 'heldout-3 en consequence'."""
        if not self.group.startswith("heldout"):
            return ()
        games = {e.split("/", 1)[0] for e in self.expect}
        out = (f"{self.group} {games.pop()}",) if len(games) == 1 else ()
        return out + ((f"{self.group} consequence",) if self.consequence else ())


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


def load_heldout(path: Path = HELDOUT) -> list[Judged]:
    """Held-out questions, grouped by file and language; the expected entries are the
    answers' entries in order. Groups are named after the file: 'heldout-2 zh-Hans' (and, for a
    held-out file, by game and kind too: `Judged.subgroups`)."""
    text = path.read_text(encoding="utf-8")
    raw = yaml.safe_load(text)
    marked = [line.rstrip().endswith("# consequence") for line in text.splitlines() if line.startswith("- ")]
    out = []
    for r, consequence in zip(raw, marked if len(marked) == len(raw) else [False] * len(raw), strict=True):
        answers = tuple(r["answers"])
        entries = tuple(dict.fromkeys(a.partition("#")[0] for a in answers))
        group = f"{path.stem} {r['lang']}"
        out.append(
            Judged(
                str(r["q"]),
                group,
                entries,
                lang=r["lang"],
                answers=answers,
                consequence=consequence,
            )
        )
    return out


def freeze_commit(path: Path = HELDOUT) -> str:
    """The commit that added the held-out file (its freezing), or '?' outside a git checkout."""
    try:
        out = subprocess.run(
            ["git", "log", "--follow", "--diff-filter=A", "--format=%h", "--", str(path.relative_to(ROOT))],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError, ValueError):
        return "?"
    return out[-1] if out else "?"


# What a search callable returns: entry ids best first, or (entry id, ruling id or None) pairs,
# or (entry id, ruling id or None, also) where `also` names the near-duplicates folded into that
# result ('entry#ruling' or an FAQ id; index.fold): the result shows them ("also in ..."), so
# they count at its place.
Ranked = list[str] | list[tuple]
Position = tuple[tuple[str, str | None], ...]  # a result's (entry, ruling) units, its own first


def positions(ranked: Ranked) -> list[Position]:
    out = []
    for r in ranked:
        if isinstance(r, str):
            out.append(((r, None),))
            continue
        folded = [(e, ru or None) for e, _, ru in (a.partition("#") for a in (r[2] if len(r) > 2 else ()))]
        out.append(((r[0], r[1]), *folded))
    return out


def unit_matches(unit: str, entry: str, ruling: str | None) -> bool:
    want_entry, _, want_ruling = unit.partition("#")
    return want_entry == entry and (not want_ruling or want_ruling == ruling)


def ruling_hit(j: Judged, pos: list[Position], k: int = 3) -> bool:
    """A result among the top k is an answering unit (that entry showing that ruling)."""
    return any(unit_matches(u, e, r) for p in pos[:k] for e, r in p for u in j.units())


def hit_at(j: Judged, pos: list[Position], k: int) -> bool:
    if j.all:
        top = {e for p in pos[: max(k, len(j.expect))] for e, _ in p}
        return all(e in top for e in j.expect)
    return any(e in j.expect for p in pos[:k] for e, _ in p)


def reciprocal_rank(j: Judged, pos: list[Position]) -> float:
    for i, p in enumerate(pos, 1):
        if any(e in j.expect for e, _ in p):
            return 1.0 / i
    return 0.0


@dataclass
class Scores:
    n: int = 0
    hit1: int = 0
    hit3: int = 0
    rr: float = 0.0
    with_ruling: int = 0
    ruling1: int = 0
    ruling3: int = 0

    def add(self, j: Judged, ranked: Ranked) -> None:
        pos = positions(ranked)
        self.n += 1
        self.hit1 += hit_at(j, pos, 1)
        self.hit3 += hit_at(j, pos, 3)
        self.rr += reciprocal_rank(j, pos)
        if j.units():
            self.with_ruling += 1
            self.ruling1 += ruling_hit(j, pos, 1)
            self.ruling3 += ruling_hit(j, pos, 3)

    def rates(self) -> dict[str, float | None]:
        n, w = max(self.n, 1), self.with_ruling
        return {
            "hit@1": self.hit1 / n,
            "hit@3": self.hit3 / n,
            "MRR": self.rr / n,
            "ruling@1": self.ruling1 / w if w else None,
            "ruling@3": self.ruling3 / w if w else None,
        }

    def line(self, name: str) -> str:
        r = self.rates()
        ruling = (
            f"{r['ruling@1']:>8.3f} {r['ruling@3']:>8.3f} {f'({self.with_ruling})':>6}"
            if self.with_ruling
            else f"{'-':>8} {'-':>8} {'':>6}"
        )
        return f"{name:<18} {self.n:>4} {r['hit@1']:>7.3f} {r['hit@3']:>7.3f} {r['MRR']:>7.3f} {ruling}"


HEAD = (
    f"{'group':<18} {'n':>4} {'hit@1':>7} {'hit@3':>7} {'MRR':>7} {'ruling@1':>8} {'ruling@3':>8} {'(n)':>6}"
)


def evaluate(search: Callable[[Judged], Ranked], queries: list[Judged]) -> tuple[Scores, dict, list]:
    """Run every judged query through `search` (returns ranked entry ids, or (id, ruling) pairs)."""
    overall = Scores()
    groups: dict[str, Scores] = defaultdict(Scores)
    misses = []
    for j in queries:
        ranked = search(j)
        overall.add(j, ranked)
        for g in (j.group, *j.subgroups()):
            groups[g].add(j, ranked)
        pos = positions(ranked)
        if not hit_at(j, pos, 3):
            misses.append((j, [p[0][0] for p in pos[:3]]))
        elif j.units() and ranked and not isinstance(ranked[0], str) and not ruling_hit(j, pos):
            misses.append((j, [f"{p[0][0]}#{p[0][1]}" for p in pos[:3]]))
    return overall, dict(groups), misses


def report(overall: Scores, groups: dict, misses: list, show: int = 50, title: str = "overall") -> str:
    lines = [HEAD, overall.line(title)]
    lines += [groups[g].line(g) for g in groups]
    if misses and show:
        lines.append(f"\nmisses at 3, or no answering ruling in the top 3 ({len(misses)}):")
        for j, top in misses[:show]:
            want = list(j.units()) or list(j.expect)
            lines.append(f"  [{j.group}] {j.q!r} expected {want[:3]} got {top}")
    return "\n".join(lines)


def open_search_index(data_dir: Path | None, build_fresh: bool):
    from corpus.model import load_dataset
    from index import build, open_index

    if data_dir is None:
        data_dir = Path(tempfile.mkdtemp(prefix="eval-index-"))
    if build_fresh:
        build(load_dataset(), data_dir)
    return open_index(data_dir, cache_size=0)


def ranked_of(ix, limit: int = 10) -> Callable[[Judged], Ranked]:
    return lambda j: [(r.id, r.ruling, r.also) for r in ix.search(j.q, j.lang, limit=limit).results]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--queries", type=Path, default=QUERIES)
    ap.add_argument("--heldout", type=Path, action="append", help="held-out file(s); default: all of them")
    ap.add_argument(
        "--dev", type=Path, action="append", help="dev files (held-out format); default: dev-2 to dev-23"
    )
    ap.add_argument("--data-dir", type=Path, default=None)
    ap.add_argument("--no-build", action="store_true", help="use the current index in --data-dir")
    ap.add_argument("--misses", type=int, default=50)
    ap.add_argument("--group", action="append", help="only queries of this group (repeatable)")
    ap.add_argument(
        "--tuning",
        action="store_true",
        help="judged and dev sets only: held-out questions are neither run nor printed (use while tuning)",
    )
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="eval-index-") as scratch:  # a fresh build is removed after
        fresh = args.data_dir is None or not args.no_build
        ix = open_search_index(Path(scratch) if fresh else args.data_dir, fresh)
        search = ranked_of(ix)
        print(f"index {ix.folder.name}")
        sets = [(f"judged ({args.queries.name})", load_queries(args.queries))]
        sets += [(f"dev ({path.name})", load_heldout(path)) for path in args.dev or DEVS]
        if not args.tuning:
            sets += [
                (f"held-out ({path.name}, frozen at {freeze_commit(path)})", load_heldout(path))
                for path in args.heldout or HELDOUTS
            ]
        for name, queries in sets:
            queries = [j for j in queries if not args.group or j.group in args.group]
            if not queries:
                continue
            overall, groups, misses = evaluate(search, queries)
            print(f"\n== {name}: {len(queries)} queries")
            # a held-out question's miss is never printed: reading it is how a held-out set gets tuned on
            shown = 0 if name.startswith("held-out") else args.misses
            print(report(overall, groups, misses, shown))
        ix.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
