"""Game registry: a game's name -> its :class:`~engine.core.board_game.BoardGame` object.

Each game's package holds one object module (``engine/<game>/board_game.py``, exposing
``BOARD_GAME``); :data:`GAME_OBJECTS` lists them, in the order pages list the games. The object
knows its engine module (``package``, exposing ``run(scenario, names)`` and ``simulate(...)``),
which :func:`game_module` returns. Objects load on first use (the game packages import the core).
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType
from typing import Any

from engine.core.board_game import BoardGame
from engine.errors import EngineError

#: The object modules of every game, in display order. Adding a game adds its module here.
GAME_OBJECTS: tuple[str, ...] = (
    "engine.dominion.board_game",
    "engine.citadels.board_game",
)


class UnknownGameError(EngineError, ValueError):
    """No engine for this game (unknown name, or its module is not importable)."""


@cache
def games() -> dict[str, BoardGame]:
    """Every game's object by name, in display order."""
    out: dict[str, BoardGame] = {}
    for module_name in GAME_OBJECTS:
        game = importlib.import_module(module_name).BOARD_GAME
        out[game.name] = game
    return out


@cache
def browser_facts() -> dict[str, dict[str, Any]]:
    """Every game's :meth:`~engine.core.board_game.BoardGame.browser` facts by name (computed once;
    do not change the answer)."""
    return {name: game.browser() for name, game in games().items()}


def game_names() -> tuple[str, ...]:
    return tuple(games())


def get_game(game: object) -> BoardGame:
    """The object of ``game``; UnknownGameError naming the choices for anything else."""
    found = games().get(game) if isinstance(game, str) else None
    if found is None:
        raise UnknownGameError(f"game: {game!r} is not one of {sorted(games())}")
    return found


def game_module(game: str) -> ModuleType:
    """The engine module for ``game``; raises UnknownGameError with the reason."""
    name = get_game(game).package
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        raise UnknownGameError(f"game: the {game} engine ({name}) cannot be imported: {exc}") from None
    for entry_point in ("run", "simulate"):
        if not callable(getattr(module, entry_point, None)):
            raise UnknownGameError(f"game: {name} does not expose {entry_point}()")
    return module
