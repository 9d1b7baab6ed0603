"""The snapshot protocol shared by every game (see docs/architecture.md, "Scenario runs").

snapshot = {turn, phase, active, players: [{name, zones: {zone: [slug]}, counters: {name: int}}],
piles: {slug: count}, shared: {zone: [slug]}}
"""

from __future__ import annotations

from typing import Any, Protocol


class Snapshottable(Protocol):
    def snapshot(self) -> dict[str, Any]: ...


def make_snapshot(
    turn: int,
    phase: str,
    active: int | None,
    players: list[dict[str, Any]],
    piles: dict[str, int],
    shared: dict[str, list[str]],
) -> dict[str, Any]:
    return {
        "turn": turn,
        "phase": phase,
        "active": active,
        "players": players,
        "piles": dict(piles),
        "shared": {zone: list(cards) for zone, cards in shared.items()},
    }


def player_snapshot(name: str, zones: dict[str, list[str]], counters: dict[str, int]) -> dict[str, Any]:
    return {
        "name": name,
        "zones": {zone: list(cards) for zone, cards in zones.items()},
        "counters": dict(counters),
    }
