"""Game registry: game name -> engine module exposing run(scenario, names) and simulate(...)."""

from __future__ import annotations

import importlib
from types import ModuleType

from engine.errors import EngineError

GAME_MODULES: dict[str, str] = {
    "dominion": "engine.dominion",
    "citadels": "engine.citadels",
}


class UnknownGameError(EngineError, ValueError):
    """No engine module for this game (unknown name, or its module is not importable)."""


def game_module(game: str) -> ModuleType:
    """The engine module for ``game``; raises UnknownGameError with the reason."""
    try:
        name = GAME_MODULES[game]
    except KeyError:
        raise UnknownGameError(f"game: {game!r} is not one of {sorted(GAME_MODULES)}") from None
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        raise UnknownGameError(f"game: the {game} engine ({name}) cannot be imported: {exc}") from None
    for entry_point in ("run", "simulate"):
        if not callable(getattr(module, entry_point, None)):
            raise UnknownGameError(f"game: {name} does not expose {entry_point}()")
    return module
