"""The generated pair runs as the web app and the checks see them: which two entries each plays."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from engine.core.registry import game_names
from engine.interactions.generate import PAIRS_DIR, pairs


@dataclass(frozen=True)
class PairInfo:
    id: str
    game: str
    edition: str | None
    cls: str  # the class id
    group: str  # the class's label
    x: str  # entry ids of the two cards
    y: str
    path: Path


@lru_cache(maxsize=4)
def pair_infos(root: Path = PAIRS_DIR) -> tuple[PairInfo, ...]:
    """Every pair run whose file exists, in class order (a class's pairs by edition then card)."""
    out = []
    for game in game_names():
        for p in pairs(game):
            path = root / game / f"{p.id}.yaml"
            if path.is_file():
                out.append(PairInfo(p.id, game, p.edition, p.cls.id, p.cls.group, f"{game}/{p.x}",
                                    f"{game}/{p.y}", path))
    return tuple(out)


def pairs_for(a: str, b: str, root: Path = PAIRS_DIR) -> list[PairInfo]:
    """The runs that play entries ``a`` and ``b`` together (either way round)."""
    return list(_by_pair(root).get(frozenset((a, b)), ()))


@lru_cache(maxsize=4)
def _by_pair(root: Path) -> dict[frozenset[str], tuple[PairInfo, ...]]:
    """`pair_infos` by the two entries they play (a results page asks for each two cards it names)."""
    out: dict[frozenset[str], list[PairInfo]] = {}
    for p in pair_infos(root):
        out.setdefault(frozenset((p.x, p.y)), []).append(p)
    return {k: tuple(v) for k, v in out.items()}
