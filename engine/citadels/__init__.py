"""Citadels (富饶之城) rules engine: characters, districts, draft, turns, scoring, bots.

Registry entry points (engine/core/registry.py): ``run(scenario, names) -> ScenarioRun``,
``simulate(players, games, seed, progress=None, **settings) -> SimulationResult`` and
``validate_scenario(scenario) -> list[str]``.
"""

from engine.citadels.scenario import run, validate_scenario
from engine.citadels.settings import GameSettings, SettingsError, make_settings
from engine.citadels.simulate import SimulationResult, simulate

__all__ = [
    "GameSettings",
    "SettingsError",
    "SimulationResult",
    "make_settings",
    "run",
    "simulate",
    "validate_scenario",
]
