"""Write every search answer for the judged queries (tests/data/queries.yaml) as JSON lines, or
compare them with a file written before a change: a refactoring that must keep search output
byte-identical is checked by writing a snapshot before it and comparing after it.

Each judged query is searched as typed in its language, and again with URL filters (a game, a
kind, a cost rule, an edition) and in the other scripts, so the filter paths are covered too;
a few filter-only searches (browse) are added. Uses the current index under --data-dir
(default var/, built with `refapp build-index`).

    python scripts/search_snapshot.py write FILE [--data-dir DIR] [--without KEY ...]
    python scripts/search_snapshot.py compare FILE [--data-dir DIR] [--without KEY ...]

--without drops a key from every answer (as `understood`, when a change is meant to alter only
that part). `compare` prints the number of answers compared and each one that differs, and
exits 1 when any differs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from corpus.languages import DEFAULT_LANG, LANGS  # noqa: E402

QUERIES = ROOT / "tests" / "data" / "queries.yaml"
FILTER_SETS: tuple[dict[str, str], ...] = (
    {},
    {"game": "dominion"},
    {"game": "citadels"},
    {"game": "any"},
    {"kind": "rule"},
    {"cost": "<=4"},
    {"edition": "2e", "type": "action"},
)
BROWSE: tuple[tuple[str, dict[str, str]], ...] = (
    ("game:citadels", {}),
    ("cost<=3", {"game": "dominion"}),
    ("kind:term", {}),
    ("", {"type": "attack"}),
    ("", {"edition": "classic", "kind": "card"}),
)


def cases() -> Iterator[tuple[str, str, dict[str, str]]]:
    items = yaml.safe_load(QUERIES.read_text(encoding="utf-8"))
    for item in items:
        lang = item.get("lang", "zh-Hans")
        for filters in FILTER_SETS:
            yield item["q"], lang, filters
        for other in sorted(set(LANGS) - {DEFAULT_LANG}):  # the search in the other scripts too
            if other != lang:
                yield item["q"], other, {}
    for q, filters in BROWSE:
        for lang in (DEFAULT_LANG, "en"):
            yield q, lang, filters


def answers(data_dir: Path, without: tuple[str, ...]) -> Iterator[tuple[str, str]]:
    from index import QueryError, open_index

    index = open_index(data_dir, cache_size=0)
    for q, lang, filters in cases():
        key = json.dumps([q, lang, filters], ensure_ascii=False)
        try:
            data: dict[str, Any] = index.search(q, lang, filters, 20).to_dict()
        except QueryError as exc:
            data = {"error": str(exc)}
        for k in without:
            data.pop(k, None)
        yield key, json.dumps(data, ensure_ascii=False, sort_keys=False)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("action", choices=("write", "compare"))
    p.add_argument("file", type=Path)
    p.add_argument("--data-dir", type=Path, default=ROOT / "var")
    p.add_argument("--without", action="append", default=[], help="drop this key from every answer")
    args = p.parse_args(argv)
    got = dict(answers(args.data_dir, tuple(args.without)))
    if args.action == "write":
        args.file.write_text("".join(f"{k}\t{v}\n" for k, v in got.items()), encoding="utf-8")
        print(f"wrote {len(got)} answers to {args.file}")
        return 0
    before = dict(
        line.rstrip("\n").split("\t", 1) for line in args.file.read_text(encoding="utf-8").splitlines()
    )
    differ = [k for k in before.keys() | got.keys() if before.get(k) != got.get(k)]
    for k in sorted(differ)[:20]:
        print(f"differs: {k}")
    print(f"compared {len(got)} answers ({len(before)} before): {len(differ)} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
