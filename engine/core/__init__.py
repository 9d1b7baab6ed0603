"""Shared engine machinery: events, decisions, RNG, snapshots, scenarios, runner, registry."""

from engine.core.decisions import KINDS as DECISION_KINDS
from engine.core.decisions import Decider, Decision, DecisionError, validate_answer
from engine.core.events import Event, EventLog, NullLog
from engine.core.expect import check_expectations, event_matches
from engine.core.localised import LANGS, Localised, Names, join_names, localise, name_of
from engine.core.registry import GAME_OBJECTS, UnknownGameError, game_module, game_names, games, get_game
from engine.core.rng import FixedShuffle, ShuffleError, Shuffler
from engine.core.run import ScenarioRun, finish_run
from engine.core.scenario import (
    PlayerSetup,
    Scenario,
    ScenarioError,
    ScenarioInfo,
    ScriptStep,
    list_scenarios,
    load_scenario,
    scenario_from_dict,
    scenario_problems,
)
from engine.core.script import AnswerList, DecisionPending, ScriptedDecider, ScriptError
from engine.core.snapshot import Snapshottable, make_snapshot, player_snapshot
from engine.core.table import Table

__all__ = [
    "DECISION_KINDS", "Decider", "Decision", "DecisionError", "validate_answer",
    "Event", "EventLog", "NullLog", "check_expectations", "event_matches",
    "LANGS", "Localised", "Names", "join_names", "localise", "name_of",
    "GAME_OBJECTS", "UnknownGameError", "game_module", "game_names", "games", "get_game",
    "FixedShuffle", "ShuffleError", "Shuffler", "ScenarioRun", "finish_run",
    "PlayerSetup", "Scenario", "ScenarioError", "ScenarioInfo", "ScriptStep",
    "list_scenarios", "load_scenario", "scenario_from_dict", "scenario_problems",
    "AnswerList", "DecisionPending", "ScriptedDecider", "ScriptError",
    "Snapshottable", "make_snapshot", "player_snapshot", "Table",
]
