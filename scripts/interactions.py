"""Write (or check) the interaction matrix: every pair run of engine/interactions/<game>/*.yaml into
engine/pairs/<game>/, titled with the dataset's card names. Prints the matrix's size per class.

    .venv/bin/python scripts/interactions.py           # write the files
    .venv/bin/python scripts/interactions.py --check   # exit 1 if a file differs from its class
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from corpus.model import load_dataset
from engine.core.registry import game_names
from engine.interactions import generate
from refapp.catalog import Catalog
from refapp.pair_runs import names_by_edition


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only compare; exit 1 on a difference")
    args = ap.parse_args(argv)
    catalog = Catalog.from_dataset(load_dataset())
    problems: list[str] = []
    for game in game_names():
        names = names_by_edition(catalog, game)
        if args.check:
            problems += generate.stale(game, names)
        else:
            generate.write_all(game, names)
        sizes = Counter(p.cls.group for p in generate.pairs(game))
        print(f"{game}: {sum(sizes.values())} pair runs")
        for group, n in sizes.items():
            print(f"  {group}: {n}")
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
