"""Per-game glue: the game object's ``prepare(scenario, decider, names)`` (the hook its own scenario
runner uses too), so a sandbox replay builds and plays the game exactly as a scenario run.

``Prepared.play()`` lets the decider's :class:`~engine.sandbox.replay.Pending`,
``AnswerRefused`` and ``OverBudget`` through.
"""

from __future__ import annotations

from engine.core.decisions import Decider
from engine.core.localised import Names
from engine.core.registry import get_game
from engine.core.run import Prepared
from engine.core.scenario import Scenario
from engine.errors import SetupError

__all__ = ["SetupError", "prepare"]


def prepare(scenario: Scenario, decider: Decider, names: Names) -> Prepared:
    """The scenario's game, ready to play, answered by ``decider``; SetupError when it cannot be built."""
    return get_game(scenario.game).prepare(scenario, decider, names)
