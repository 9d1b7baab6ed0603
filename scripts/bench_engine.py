"""Measure the Dominion engine: games/s against pyminion 0.4.0, scenario run time, solo sanity figures.

    python scripts/bench_engine.py [--games 1000] [--solo 2000] [--write] [--against DIR]

--against DIR measures another checkout (e.g. `git worktree add /tmp/base main`) in the same
interleaved rounds: Dominion and Citadels games/s of both trees, each in a fresh subprocess.

Prints measured figures; with --write it also replaces the "## Engine" section of docs/perf.md.
pyminion is the `bench` extra (pip install pyminion==0.4.0); without it that column says so.
Nothing here asserts a time: the figures are for reading.
"""

from __future__ import annotations

import argparse
import logging
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.dominion.simulate import play_one, solo_turns  # noqa: E402

KINGDOM = [
    "cellar",
    "market",
    "militia",
    "mine",
    "moat",
    "remodel",
    "smithy",
    "village",
    "woodcutter",
    "workshop",
]
REFERENCE = {"BM": 16.8, "SmithyBM": 14.8}
PERF = ROOT / "docs" / "perf.md"


def bench_ours(games: int) -> float:
    started = time.perf_counter()
    for g in range(games):
        play_one("1e", KINGDOM, ["BM", "BM"], seed=g)
    return games / (time.perf_counter() - started)


def bench_pyminion(games: int) -> float | None:
    try:
        from pyminion.bots.examples import BigMoney
        from pyminion.expansions.base import base_set
        from pyminion.game import Game
    except ImportError:
        return None
    logging.disable(logging.CRITICAL)  # pyminion logs every step; silence it so it runs at its fastest
    try:
        started = time.perf_counter()
        for _ in range(games):
            game = Game(players=[BigMoney("a"), BigMoney("b")], expansions=[base_set], log_stdout=False)
            game.play()
        return games / (time.perf_counter() - started)
    finally:
        logging.disable(logging.NOTSET)


def bench_scenarios(rounds: int) -> tuple[int, float, float]:
    import engine

    infos = [i for i in engine.list_scenarios() if i.game == "dominion"]
    loaded = [engine.load_scenario(i.path) for i in infos]
    names = card_names()
    times = []
    for _ in range(rounds):
        for s in loaded:
            started = time.perf_counter()
            engine.run_scenario(s, names)
            times.append((time.perf_counter() - started) * 1000)
    times.sort()
    if not times:
        return 0, 0.0, 0.0
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return len(loaded), statistics.median(times), p99


def card_names() -> dict[str, dict[str, str]]:
    try:
        from corpus.model import load_dataset

        return {
            e.id.split("/", 1)[1]: dict(e.names)
            for e in load_dataset().entries
            if e.game == "dominion" and e.kind == "card"
        }
    except (OSError, ValueError, KeyError):
        return {}


def solo(bot: str, games: int) -> tuple[float, float]:
    turns = [solo_turns(bot, seed) for seed in range(games)]
    return statistics.mean(turns), statistics.stdev(turns)


RATE_CODE = {
    "dominion": (
        "import time\nfrom engine.dominion.simulate import play_one\nK={kingdom!r}\n"
        "t=time.process_time()\nfor g in range({games}): play_one('1e', K, ['BM', 'BM'], seed=g)\n"
        "print({games}/(time.process_time()-t))"
    ),
    "citadels": (
        "import time\nfrom engine.citadels.simulate import simulate\nt=time.process_time()\n"
        "simulate(players=4, games={games}, seed=0)\nprint({games}/(time.process_time()-t))"
    ),
}


def rate_in(tree: Path, game: str, games: int) -> float:
    """Games/s of ``game``'s bots in the checkout ``tree`` (a fresh interpreter; CPU time of the games,
    so a loaded machine slows both trees alike)."""
    code = RATE_CODE[game].format(kingdom=KINGDOM, games=games)
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True,
                         check=True)
    return float(out.stdout.strip())


def side_by_side(other: Path, games: dict[str, int], rounds: int = 5) -> list[str]:
    """Table rows: this checkout against ``other``, best and median of interleaved rounds."""
    rates: dict[tuple[str, str], list[float]] = {}
    for _ in range(rounds):
        for game, n in games.items():
            for label, tree in (("this", ROOT), ("other", other)):
                rates.setdefault((game, label), []).append(rate_in(tree, game, n))
    rows = []
    for game, n in games.items():
        ours, theirs = rates[(game, "this")], rates[(game, "other")]
        rows.append(
            f"| {game} bot games/s, this checkout vs {other} ({rounds} interleaved rounds of {n}) "
            f"| best {max(ours):,.0f}, median {statistics.median(ours):,.0f} "
            f"| best {max(theirs):,.0f}, median {statistics.median(theirs):,.0f} "
            f"(change of best {100 * (max(ours) / max(theirs) - 1):+.1f}%) |"
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000, help="Big Money mirror games for our engine")
    parser.add_argument("--pyminion-games", type=int, default=300)
    parser.add_argument("--solo", type=int, default=2000, help="solo games per bot")
    parser.add_argument("--scenario-rounds", type=int, default=5)
    parser.add_argument("--write", action="store_true", help="write the figures into docs/perf.md")
    parser.add_argument("--against", type=Path, default=None,
                        help="another checkout to measure side by side (Dominion and Citadels games/s)")
    args = parser.parse_args()

    # Interleave rounds so both engines see the same machine load; keep each one's best round.
    rounds = 5
    ours_rates, their_rates = [], []
    for _ in range(rounds):
        ours_rates.append(bench_ours(max(1, args.games // rounds)))
        rate = bench_pyminion(max(1, args.pyminion_games // rounds))
        if rate is not None:
            their_rates.append(rate)
    ours = max(ours_rates)
    theirs = max(their_rates) if their_rates else None
    count, p50, p99 = bench_scenarios(args.scenario_rounds)
    solos = {bot: solo(bot, args.solo) for bot in ("BM", "SmithyBM")}

    lines = [
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on "
        f"{platform.python_implementation()} {platform.python_version()} "
        "(a shared 2-core machine: figures vary with load).",
        "",
        "| measure | ours | reference |",
        "|---|---|---|",
        f"| 2-player Big Money mirror, complete games/s, best of 5 interleaved rounds ({args.games} games; "
        f"pyminion {args.pyminion_games}, its logging disabled) "
        f"| {ours:,.0f} | pyminion 0.4.0: "
        + (f"{theirs:,.0f} (ratio {ours / theirs:.1f}x; target >= 3x) |" if theirs else "not installed |"),
        f"| scenario run time, {count} Dominion scenarios x {args.scenario_rounds} (events, 3-language "
        f"narration, snapshots) | p50 {p50:.2f} ms, p99 {p99:.2f} ms | - |",
    ]
    for bot, (mean, sd) in solos.items():
        rule = "Province 8 / Gold 6-7 / Silver 3-5"
        if bot == "SmithyBM":
            rule += ", Smithy at 4-5 while < 2"
        lines.append(
            f"| {bot} solo, turns to 4 Provinces ({args.solo} games; {rule}) | mean {mean:.2f} (sd {sd:.2f}) "
            f"| {REFERENCE[bot]} (gap {mean - REFERENCE[bot]:+.2f}) |"
        )
    citadels = [rate_in(ROOT, "citadels", 60) for _ in range(3)]
    lines.append(f"| Citadels 4-bot games/s, best of 3 rounds of 60 (complete games, no log) "
                 f"| {max(citadels):,.0f} | - |")
    if args.against is not None:
        lines += side_by_side(args.against, {"dominion": max(1, args.games // 5), "citadels": 60})
    text = "\n".join(lines)
    print(text)
    if args.write:
        write_perf(text)
        print(f"\nwrote the Engine section of {PERF.relative_to(ROOT)}")


def write_perf(body: str) -> None:
    section = "## Engine\n\nFigures from `python scripts/bench_engine.py --write`.\n\n" + body + "\n"
    text = PERF.read_text(encoding="utf-8") if PERF.exists() else ""
    start = text.find("## Engine")
    if start == -1:
        text = (text.rstrip() + "\n\n" if text.strip() else "") + section
    else:
        nxt = text.find("\n## ", start + 1)
        text = text[:start] + section + (text[nxt + 1 :] if nxt != -1 else "")
    PERF.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
