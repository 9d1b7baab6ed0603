"""Running a Dominion scenario: build the game (``prepare``), play it scripted (``run``)."""

from __future__ import annotations

from engine.core.decisions import Decider
from engine.core.events import EventLog
from engine.core.localised import Names
from engine.core.rng import Shuffler
from engine.core.run import Prepared, ScenarioRun, finish_run, play_scripted
from engine.core.scenario import Scenario
from engine.core.script import ScriptedDecider
from engine.dominion.bots import make_bot
from engine.dominion.game import Game, StopRun
from engine.dominion.narrate import narrator
from engine.dominion.setup import scenario_state
from engine.errors import EngineError


class SetupFailed(EngineError, ValueError):
    """The scenario validated but its state could not be built (message names the field)."""


def prepare(scenario: Scenario, decider: Decider, names: Names) -> Prepared:
    """The scenario's game with ``decider`` answering for every player not given a bot in ``setup.bots``."""
    try:
        state = scenario_state(scenario, Shuffler(seed=scenario.seed))
    except (ValueError, KeyError) as exc:
        raise SetupFailed(f"setup: {exc}") from None
    shuffler = Shuffler(seed=scenario.seed, fixed=list(scenario.shuffles))
    players = [p.name for p in scenario.players]
    log = EventLog(narrate=narrator(names, players, state.edition), snapshot=state.snapshot)
    setup = scenario.setup
    bots = {int(k): make_bot(v) for k, v in setup.get("bots", {}).items()}
    stop = setup.get("stop", "turn")
    game = Game(state, [bots.get(i, decider) for i in range(len(players))], shuffler, log, names,
                stop=stop if stop in ("card", "action", "buy") else None)
    if isinstance(stop, int):
        turns = stop
    else:
        turns = setup.get("max_turns", 60) * len(players) if stop == "game" else 1

    def play() -> None:
        log.emit("setup", None, [], data={"edition": state.edition, "kingdom": state.kingdom})
        try:
            ended = game.take_turn(begin=False, start_phase=state.phase)
            played = 1
            while not ended and played < turns:
                ended = game.take_turn()
                played += 1
        except StopRun:
            pass

    return Prepared(log, shuffler, state, play)


def run(scenario: Scenario, names: Names) -> ScenarioRun:
    script = ScriptedDecider(scenario.script)
    try:
        prepared = prepare(scenario, script, names)
    except SetupFailed as exc:
        return finish_run(scenario, EventLog(), [str(exc)])
    return play_scripted(scenario, prepared, script)
