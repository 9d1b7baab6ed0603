"""The games the corpus holds, as data (``corpus/games.yaml``): one :class:`GameData` per game, in
display order. What an entry of a game may say (its editions, card types, whether cards cost coins,
whether a ruling may belong to one edition) is asked of this object, never decided by the game's
name; the engine's game objects take their editions from it. A pure data module: it imports no
other package of the project, so every package may import it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from corpus.yaml_files import load_yaml

GAMES_PATH = Path(__file__).resolve().parent / "games.yaml"


@dataclass(frozen=True)
class GameData:
    name: str
    editions: tuple[str, ...]
    every_edition: bool
    rulings_by_edition: bool
    card_types: frozenset[str]
    cards_cost_coins: bool
    zone_words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    key_words: frozenset[str] = frozenset()


def _load(path: Path) -> tuple[GameData, ...]:
    rows = load_yaml(path.read_text(encoding="utf-8"))
    return tuple(
        GameData(
            name=row["name"],
            editions=tuple(row["editions"]),
            every_edition=bool(row["every_edition"]),
            rulings_by_edition=bool(row["rulings_by_edition"]),
            card_types=frozenset(row["card_types"]),
            cards_cost_coins=bool(row["cards_cost_coins"]),
            zone_words={zone: tuple(words) for zone, words in (row.get("zone_words") or {}).items()},
            key_words=frozenset(row.get("key_words") or ()),
        )
        for row in rows
    )


GAME_DATA: tuple[GameData, ...] = _load(GAMES_PATH)
GAMES: tuple[str, ...] = tuple(g.name for g in GAME_DATA)
GAME_EDITIONS: dict[str, tuple[str, ...]] = {g.name: g.editions for g in GAME_DATA}
EDITIONS: tuple[str, ...] = tuple(ed for g in GAME_DATA for ed in g.editions)
_BY_NAME = {g.name: g for g in GAME_DATA}


def game_data(name: str) -> GameData | None:
    """The game called ``name``, or None for a name that is not a game."""
    return _BY_NAME.get(name)


def game_of_key(key: str) -> str | None:
    """The game an interface string's key or a tools path belongs to: the first game one of whose
    ``key_words`` is a part of it (``kingdom.title``, ``tools/kingdom/sets/2e/0/name``), else None."""
    parts = set(key.replace("/", ".").split("."))
    return next((g.name for g in GAME_DATA if parts & g.key_words), None)
