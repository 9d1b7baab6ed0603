"""Where a sandbox starts: blank, a card's "try it", or a demonstration's step ("try from here").

Each returns ``(situation, answers)``: the situation in the scenario format as JSON, and the
answers already given. The games' own starts are hooks of their objects (engine/<game>/board_game.py);
here only the dispatch and the demonstrations' files.
"""

from __future__ import annotations

from typing import Any

from engine.core.board_game import PLAYER_NAMES as NAMES
from engine.core.board_game import Start
from engine.core.registry import games, get_game
from engine.core.scenario import ScenarioError, find_scenario_path, read_yaml

__all__ = ["NAMES", "Start", "answers_before", "blank", "for_card", "from_demo"]
SCRIPT_FREE = ("script", "expect", "highlight", "aliases")


def blank(game: str) -> Start:
    """An empty table (the game object's ``sandbox_blank``)."""
    return get_game(game).sandbox_blank()


def for_card(entry_id: str) -> Start | None:
    """A small situation around one card, character or district (None if the engine lacks it)."""
    game, _, slug = entry_id.partition("/")
    found = games().get(game)
    return found.sandbox_for(slug) if found is not None else None


def from_demo(scenario_id: str, step: int | None) -> tuple[dict[str, Any], list[Any]] | None:
    """A demonstration's situation and all its scripted answers (the caller cuts them at a step)."""
    path = find_scenario_path(scenario_id) if scenario_id.replace("-", "").isalnum() else None
    if path is None:
        return None
    try:
        raw = read_yaml(path)
    except ScenarioError:
        return None
    if not isinstance(raw, dict):
        return None
    answers = [s["answer"] if isinstance(s, dict) else s for s in raw.get("script", [])]
    situation = {k: v for k, v in raw.items() if k not in SCRIPT_FREE}
    return situation, answers


def answers_before(answered: list[Any], step: int) -> int:
    """How many answers (with their ``seq``) had been given when the player showed step ``step`` (1-based)."""
    return sum(1 for a in answered if a.seq <= step - 1)
