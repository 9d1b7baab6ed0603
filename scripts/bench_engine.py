"""Measure the Dominion engine: games/s against pyminion 0.4.0, scenario run time, solo sanity figures.

    python scripts/bench_engine.py [--games 1000] [--solo 2000] [--write]

Prints measured figures; with --write it also replaces the "## Engine" section of docs/perf.md.
pyminion is the `bench` extra (pip install pyminion==0.4.0); without it that column says so.
Nothing here asserts a time: the figures are for reading.
"""

from __future__ import annotations

import argparse
import logging
import platform
import statistics
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


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000, help="Big Money mirror games for our engine")
    parser.add_argument("--pyminion-games", type=int, default=300)
    parser.add_argument("--solo", type=int, default=2000, help="solo games per bot")
    parser.add_argument("--scenario-rounds", type=int, default=5)
    parser.add_argument("--write", action="store_true", help="write the figures into docs/perf.md")
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
