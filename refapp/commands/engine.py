"""`refapp scenario list|run|check` and `refapp simulate` (engine area)."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from corpus.languages import LANGS


def load_names() -> dict[str, dict[str, str]]:
    """slug -> {en, zh-Hans, zh-Hant} for every card/character/district, from the dataset.

    Keys are bare slugs (``library``) and game-qualified ones (``dominion/library``). Falls back to an
    empty mapping (slugs are shown) with a warning when the dataset is missing or unreadable.
    """
    from corpus.model import DATASET_PATH, load_dataset

    try:
        dataset = load_dataset(DATASET_PATH)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        click.echo(f"warning: card names unavailable ({exc}); narration shows slugs", err=True)
        return {}
    names: dict[str, dict[str, str]] = {}
    for entry in dataset.entries:
        parts = entry.id.split("/")
        if len(parts) == 2 and entry.names:
            names.setdefault(parts[1], dict(entry.names))
            names[entry.id] = dict(entry.names)
    return names


def names_for(game: str, names: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """The names of one game keyed by bare slug (a game's own entries win over another game's)."""
    prefix = game + "/"
    out = {k: v for k, v in names.items() if "/" not in k}
    out.update({k[len(prefix):]: v for k, v in names.items() if k.startswith(prefix)})
    return out


@click.group("scenario")
def scenario() -> None:
    """Executable rules scenarios (engine/scenarios/<game>/*.yaml)."""


def recommended_kingdoms() -> dict[str, dict[str, Any]]:
    """Named kingdom sets (id -> {edition, cards}) from the dataset's recommended-kingdoms entry."""
    from corpus.model import DATASET_PATH, load_dataset

    try:
        entry = load_dataset(DATASET_PATH).by_id().get("dominion/rules/recommended-kingdoms")
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    sets = (entry.extra.get("sets") if entry else None) or []
    return {s["id"]: s for s in sets if isinstance(s, dict) and "id" in s and "cards" in s}


def parse_kingdom(value: str | None, edition: str) -> list[str] | None:
    """--kingdom: comma-separated slugs, or the id of a recommended set (e.g. first-game)."""
    if not value:
        return None
    if "," not in value:
        sets = recommended_kingdoms()
        if value in sets:
            chosen = sets[value]
            if chosen.get("edition") not in (None, edition):
                raise click.ClickException(
                    f"kingdom: the set {value!r} is for edition {chosen['edition']}, not {edition}"
                )
            return list(chosen["cards"])
    return [k.strip() for k in value.split(",") if k.strip()]


@scenario.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list.")
def scenario_list(as_json: bool) -> None:
    """List every scenario: id, game, entry id (#ruling) and title."""
    import engine
    from engine.core import scenario_problems

    infos = engine.list_scenarios()
    if as_json:
        click.echo(json.dumps([{k: v for k, v in i.to_dict().items() if k != "path"} for i in infos],
                              ensure_ascii=False, indent=2))
    else:
        for i in infos:
            shown = " ".join(str(r) for r in i.rulings)
            click.echo(f"{i.id}\t{i.game}\t{shown}\t{i.title['en']}")
        click.echo(f"{len(infos)} scenarios", err=True)
    for problem in scenario_problems():
        click.echo(f"malformed: {problem}", err=True)


def _print_run(data: dict[str, Any], lang: str) -> None:
    click.echo(f"{data['id']} ({data['game']} {data['edition'] or ''}) — {data['title'].get(lang, '')}")
    shown = [r["entry"] + (f"#{r['ruling']}" if r["ruling"] else "") for r in data["rulings"]]
    click.echo("demonstrates " + ", ".join(shown))
    highlight = set(data["highlight"])
    for event in data["events"]:
        if event["kind"] in ("decision",):
            continue
        mark = "*" if event["seq"] in highlight else " "
        click.echo(f"{mark}{event['seq']:4d} {event['say'].get(lang, '')}")
    final = data["snapshots"][-1] if data["snapshots"] else None
    if final:
        click.echo("final state:")
        for p in final["players"]:
            zones = "; ".join(f"{z}: {', '.join(c) or '-'}" for z, c in p["zones"].items())
            counters = ", ".join(f"{k} {v}" for k, v in p["counters"].items())
            click.echo(f"  {p['name']}: {zones} [{counters}]")
        if final.get("shared"):
            for zone, cards in final["shared"].items():
                click.echo(f"  {zone}: {', '.join(cards) or '-'}")
    click.echo("PASSED" if data["passed"] else "FAILED")
    for failure in data["failures"]:
        click.echo(f"  - {failure}")


@scenario.command("run")
@click.argument("id_or_file")
@click.option("--json", "as_json", is_flag=True, help="Print the run exactly as the web player receives it.")
@click.option("--lang", default="en", type=click.Choice(LANGS),
              help="Narration language.")
def scenario_run(id_or_file: str, as_json: bool, lang: str) -> None:
    """Run one scenario: events with narration, final state, expectations."""
    import engine

    try:
        loaded = engine.load_scenario(id_or_file)
    except engine.ScenarioError as exc:
        raise click.ClickException(str(exc)) from None
    run = engine.run_scenario(loaded, names_for(loaded.game, load_names()))
    data = run.to_dict()
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        _print_run(data, lang)
    if not run.passed:
        sys.exit(1)


@scenario.command("check")
@click.option("--game", default=None, help="Only this game's scenarios.")
def scenario_check(game: str | None) -> None:
    """Run every scenario; fail on a malformed file, an unmet expectation, a copy, a run that
    could pass doing nothing (expectations hold at set-up without kind: setup), nothing highlighted
    or a ★ (the first highlighted event) that is not the ruling's event."""
    import engine
    from engine.core import scenario_problems
    from engine.core.check import duplicate_bodies, run_problems
    from engine.core.scenario import scenario_paths

    names = load_names()
    problems = scenario_problems()
    copies = duplicate_bodies(p for p in scenario_paths() if game is None or p.parent.name == game)
    failed = weak = 0
    infos = [i for i in engine.list_scenarios() if game is None or i.game == game]
    counts: dict[str, int] = {}
    for info in infos:
        loaded = engine.load_scenario(info.path)
        run = engine.run_scenario(loaded, names_for(loaded.game, names))
        counts[info.game] = counts.get(info.game, 0) + 1
        if not run.passed:
            failed += 1
            click.echo(f"FAIL {info.id}")
            for failure in run.failures:
                click.echo(f"  - {failure}")
        weaknesses = run_problems(loaded, run)
        if weaknesses:
            weak += 1
            click.echo(f"WEAK {info.id}")
            for problem in weaknesses:
                click.echo(f"  - {problem}")
    for problem in problems:
        click.echo(f"MALFORMED {problem}")
    for copy in copies:
        click.echo(f"COPY {copy}")
    summary = ", ".join(f"{g} {n}" for g, n in sorted(counts.items()))
    click.echo(f"{len(infos) - failed}/{len(infos)} scenarios passed ({summary}); {len(problems)} malformed; "
               f"{len(copies)} copies; {weak} weak (set-up only, nothing highlighted or a ★ that is not "
               "the ruling's event)")
    if failed or problems or copies or weak:
        sys.exit(1)


class GameChoice(click.Choice):
    """The registry's game names, read when click first needs them (the CLI starts without engines)."""

    def __init__(self) -> None:
        super().__init__([])

    @property  # type: ignore[override]
    def choices(self) -> tuple[str, ...]:
        from engine.core.registry import game_names

        return game_names()

    @choices.setter
    def choices(self, _value: object) -> None:
        pass


@click.command("simulate")
@click.option("--game", default=None, type=GameChoice(), help="A game's name (default: the first listed).")
@click.option("--edition", default="1e", help="Dominion: 1e or 2e.")
@click.option("--kingdom", default=None,
              help="Dominion: 10 comma-separated kingdom card slugs or a recommended set id "
                   "such as first-game (default: random).")
@click.option("--players", default="BM,SmithyBM",
              help="Dominion: comma-separated bots (BM, SmithyBM, General). Citadels: a player count.")
@click.option("--games", default=100, type=click.IntRange(1, 1_000_000))
@click.option("--seed", default=0, type=int)
@click.option("--json", "as_json", is_flag=True)
def simulate(game: str, edition: str, kingdom: str | None, players: str, games: int, seed: int,
             as_json: bool) -> None:
    """Bot games: win and tie rates and average turns, deterministic per seed."""
    from engine.core import game_module
    from engine.core.registry import UnknownGameError, game_names, get_game

    game = game or game_names()[0]
    try:
        module = game_module(game)
    except UnknownGameError as exc:
        raise click.ClickException(str(exc)) from None
    bars: list[Any] = []  # the progress bar, opened on the first finished game of a long run
    done = [0]

    def progress(n: int, total: int) -> None:
        if total < 20:
            return
        if not bars:
            bars.append(click.progressbar(length=total, label="simulating", file=sys.stderr))
            bars[0].__enter__()
        bars[0].update(n - done[0])
        done[0] = n

    try:
        options = get_game(game).simulate_options(players, edition, lambda: parse_kingdom(kingdom, edition))
        result = module.simulate(**options, games=games, seed=seed, progress=progress)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        if bars:
            bars[0].__exit__(None, None, None)
    if as_json:
        click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        click.echo(str(result))


COMMANDS = [scenario, simulate]
