"""Per-game glue: each game's ``prepare(scenario, decider, names)`` (the kernel's hook that its own
scenario runner uses too), so a sandbox replay builds and plays the game exactly as a scenario run.

``Prepared.play()`` lets the decider's :class:`~engine.sandbox.replay.Pending`,
``AnswerRefused`` and ``OverBudget`` through.
"""

from __future__ import annotations

from engine.core.decisions import Decider
from engine.core.localised import Names
from engine.core.run import Prepared
from engine.core.scenario import Scenario
from engine.errors import SetupError


def prepare(scenario: Scenario, decider: Decider, names: Names) -> Prepared:
    """The scenario's game, ready to play, answered by ``decider``; SetupError when it cannot be built."""
    if scenario.game == "dominion":
        from engine.dominion.scenario_run import SetupFailed
        from engine.dominion.scenario_run import prepare as prepare_dominion

        try:
            return prepare_dominion(scenario, decider, names)
        except SetupFailed as exc:
            raise SetupError(str(exc)) from None
    from engine.citadels.scenario import prepare as prepare_citadels
    from engine.citadels.settings import SettingsError

    try:
        return prepare_citadels(scenario, decider, names)
    except SettingsError as exc:
        raise SetupError(f"setup.settings.{exc}") from None
