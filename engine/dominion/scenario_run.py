"""Running a Dominion scenario: scripted decisions, event log with snapshots, expectations."""

from __future__ import annotations

from engine.core.decisions import Decider, DecisionError
from engine.core.events import EventLog
from engine.core.localised import Names
from engine.core.rng import ShuffleError, Shuffler
from engine.core.run import ScenarioRun, finish_run
from engine.core.scenario import Scenario
from engine.core.script import ScriptedDecider, ScriptError
from engine.dominion.bots import make_bot
from engine.dominion.game import Game, StopRun
from engine.dominion.narrate import narrator
from engine.dominion.setup import scenario_state


def run(scenario: Scenario, names: Names) -> ScenarioRun:
    shuffler = Shuffler(seed=scenario.seed, fixed=list(scenario.shuffles))
    script = ScriptedDecider(scenario.script)
    errors: list[str] = []
    try:
        state = scenario_state(scenario, Shuffler(seed=scenario.seed))
    except (ValueError, KeyError) as exc:
        state = None
        errors.append(f"setup: {exc}")
    players = [p.name for p in scenario.players]
    log = EventLog(narrate=narrator(names, players), snapshot=state.snapshot if state else None)
    if state is None:
        return finish_run(scenario, log, errors)
    setup = scenario.setup
    bots = {int(k): make_bot(v) for k, v in setup.get("bots", {}).items()}
    deciders: list[Decider] = [bots.get(i, script) for i in range(len(players))]
    stop = setup.get("stop", "turn")
    inner_stop = stop if stop in ("card", "action", "buy") else None
    game = Game(state, deciders, shuffler, log, names, stop=inner_stop)
    log.emit("setup", None, [], data={"edition": state.edition, "kingdom": state.kingdom})
    if isinstance(stop, int):
        turns = stop
    else:
        turns = setup.get("max_turns", 60) * len(players) if stop == "game" else 1
    try:
        ended = game.take_turn(begin=False, start_phase=state.phase)
        played = 1
        while not ended and played < turns:
            ended = game.take_turn()
            played += 1
    except StopRun:
        pass
    except (ScriptError, ShuffleError, DecisionError) as exc:
        errors.append(str(exc))
    return finish_run(scenario, log, errors, unused_script=len(script.remaining()),
                      unused_shuffles=shuffler.unused_fixed())
