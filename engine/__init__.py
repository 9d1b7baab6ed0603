"""The rules engines and their scenarios. Imports nothing from refapp, index or Flask.

Public API (docs/architecture.md): list_scenarios(), load_scenario(id_or_path),
run_scenario(scenario, names), plus the registry's game_module(game) for simulate().
"""

from __future__ import annotations

from engine.core import (
    Names,
    Scenario,
    ScenarioError,
    ScenarioInfo,
    ScenarioRun,
    game_module,
    list_scenarios,
    load_scenario,
    scenario_problems,
)


def run_scenario(scenario: Scenario, names: Names | None = None) -> ScenarioRun:
    """Run a loaded scenario through its game's engine; ``names`` maps slug -> {en, zh-Hans, zh-Hant}."""
    return game_module(scenario.game).run(scenario, names or {})


__all__ = [
    "Names", "Scenario", "ScenarioError", "ScenarioInfo", "ScenarioRun",
    "game_module", "list_scenarios", "load_scenario", "run_scenario", "scenario_problems",
]
