"""Seeded randomness and fixed shuffle outcomes (scenarios)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from engine.errors import EngineError


class ShuffleError(EngineError, ValueError):
    """A fixed shuffle outcome does not match the cards being shuffled."""


@dataclass
class FixedShuffle:
    """A scripted shuffle result: ``order`` top first; ``player`` None matches any player."""

    order: list[str]
    player: int | None = None


@dataclass
class Shuffler:
    """Shuffles with fixed outcomes first (in order), then with a seeded RNG.

    ``shuffle(player, cards)`` returns the new order, top first. A fixed outcome must be an
    arrangement of exactly the cards being shuffled, else :class:`ShuffleError` shows both.
    """

    seed: int = 0
    fixed: list[FixedShuffle] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self._next_fixed = 0

    def shuffle(self, player: int, cards: list[str]) -> list[str]:
        if self._next_fixed < len(self.fixed):
            fixed = self.fixed[self._next_fixed]
            if fixed.player is not None and fixed.player != player:
                raise ShuffleError(
                    f"fixed shuffle #{self._next_fixed + 1} is for player {fixed.player} "
                    f"but player {player} shuffles {sorted(cards)}"
                )
            if Counter(fixed.order) != Counter(cards):
                raise ShuffleError(
                    f"fixed shuffle #{self._next_fixed + 1} {fixed.order} is not an arrangement of "
                    f"the cards player {player} shuffles: {sorted(cards)}"
                )
            self._next_fixed += 1
            return list(fixed.order)
        out = list(cards)
        self.rng.shuffle(out)
        return out

    def unused_fixed(self) -> int:
        return len(self.fixed) - self._next_fixed
