"""Print the display-text contract's findings (corpus/display_contract.py) grouped by game and
kind: every field a player can see, in three scripts. Exit status 1 when there are findings.

    .venv/bin/python scripts/check_display_text.py [--all] [--kind KIND] [--game GAME] [--area AREA]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict

from corpus.display_contract import check_all, owner


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--all", action="store_true", help="print every finding (default: 5 a group)")
    ap.add_argument("--kind", help="only this kind of finding")
    ap.add_argument("--game", help="only this game (dominion, citadels, none)")
    ap.add_argument("--area", help="only this area (dataset, scenario, narration, ui, tools)")
    args = ap.parse_args(argv)
    fields, findings = check_all()
    findings = [
        f
        for f in findings
        if (args.kind is None or f.kind == args.kind)
        and (args.game is None or str(f.field.game).lower() == args.game)
        and (args.area is None or f.field.area == args.area)
    ]
    areas = Counter(f.area for f in fields)
    print(
        f"scanned {len(fields)} displayed fields: " + ", ".join(f"{a} {n}" for a, n in sorted(areas.items()))
    )
    groups: dict[tuple[str, str], list] = defaultdict(list)
    for f in findings:
        groups[(str(f.field.game or "-"), f.kind)].append(f)
    for (game, kind), items in sorted(groups.items()):
        owners = Counter(owner(f.field) for f in items)
        langs = Counter(f.field.lang for f in items)
        print(
            f"\n== {game} · {kind}: {len(items)}  ("
            + ", ".join(f"{o} {n}" for o, n in owners.most_common())
            + "; "
            + ", ".join(f"{lang} {n}" for lang, n in sorted(langs.items()))
            + ")"
        )
        for f in items if args.all else items[:5]:
            print(f"  [{f.field.lang}] {f.field.where}: «{f.match}» {f.detail} | {f.excerpt()}")
        if not args.all and len(items) > 5:
            print(f"  … {len(items) - 5} more (--all)")
    print(f"\n{len(findings)} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
