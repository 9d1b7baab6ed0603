"""Per-game glue: build a scenario's game with the sandbox's decider and play it until it stops.

Each ``prepare_<game>`` returns a :class:`Prepared`: the event log (narrated, with a snapshot
after every event) and ``play()``, which plays until the situation's stop point or the end of
the game. ``play()`` lets the decider's
:class:`~engine.sandbox.replay.Pending`, ``AnswerRefused`` and ``OverBudget`` through.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.events import EventLog
from engine.core.localised import Names
from engine.core.rng import Shuffler
from engine.core.scenario import Scenario
from engine.sandbox.replay import ListDecider


class SetupError(ValueError):
    """The situation validated but the game could not be built from it (message names the field)."""


@dataclass
class Prepared:
    log: EventLog
    play: Callable[[], None]
    state: Any


def prepare_dominion(scenario: Scenario, decider: ListDecider, names: Names) -> Prepared:
    from engine.dominion.bots import make_bot
    from engine.dominion.game import Game, StopRun
    from engine.dominion.narrate import narrator
    from engine.dominion.setup import scenario_state

    try:
        state = scenario_state(scenario, Shuffler(seed=scenario.seed))
    except (ValueError, KeyError) as exc:
        raise SetupError(f"setup: {exc}") from None
    players = [p.name for p in scenario.players]
    log = EventLog(narrate=narrator(names, players), snapshot=state.snapshot)
    setup = scenario.setup
    bots = {int(k): make_bot(v) for k, v in setup.get("bots", {}).items()}
    stop = setup.get("stop", "turn")
    game = Game(state, [bots.get(i, decider) for i in range(len(players))],
                Shuffler(seed=scenario.seed, fixed=list(scenario.shuffles)), log, names,
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

    return Prepared(log, play, state)


def prepare_citadels(scenario: Scenario, decider: ListDecider, names: Names) -> Prepared:
    from engine.citadels.game import CitadelsGame
    from engine.citadels.narration import narrate
    from engine.citadels.scenario import build_state
    from engine.citadels.settings import SettingsError, settings_from_dict

    setup = scenario.setup
    try:
        settings = settings_from_dict(setup.get("settings", {}), len(scenario.players))
    except SettingsError as exc:
        raise SetupError(f"setup.settings.{exc}") from None
    state = build_state(scenario, settings)
    player_names = [p.name for p in state.players]
    log = EventLog(narrate=lambda e: narrate(e, names, player_names), snapshot=state.snapshot)
    start = setup.get("start", "draft")
    game = CitadelsGame(state, decider, Shuffler(seed=scenario.seed, fixed=list(scenario.shuffles)), log,
                        stop=setup.get("stop", "round"), names=names)

    def play() -> None:
        if start == "game":
            game.setup(crown_by_draw=setup.get("crown") == "draw")
            game.play("draft")
            return
        game.emit("setup", None, players=len(state.players), deck=len(state.deck), bank=state.bank,
                  scenario=True)
        game.play(start, from_rank=setup.get("from_rank", 1))

    return Prepared(log, play, state)


PREPARE: dict[str, Callable[[Scenario, ListDecider, Names], Prepared]] = {
    "dominion": prepare_dominion,
    "citadels": prepare_citadels,
}
