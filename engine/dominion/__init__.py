"""Dominion base set rules engine (1st and 2nd edition): run(scenario, names) and simulate(...)."""

from engine.dominion.bots import BOTS, BigMoney, GeneralBot, SmithyBigMoney, make_bot
from engine.dominion.cards import CARDS, kingdom_cards
from engine.dominion.game import Game
from engine.dominion.scenario_run import run
from engine.dominion.setup import new_game_state, validate_scenario
from engine.dominion.simulate import SimulationResult, simulate, solo_turns
from engine.dominion.supply import SetupError, build_supply

__all__ = [
    "BOTS", "BigMoney", "GeneralBot", "SmithyBigMoney", "make_bot", "CARDS", "kingdom_cards", "Game",
    "run", "new_game_state", "validate_scenario", "SimulationResult", "simulate", "solo_turns",
    "SetupError", "build_supply",
]
