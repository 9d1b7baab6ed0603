"""The interaction matrix: two cards of one game, played together (classes as data in
``engine/interactions/<game>/*.yaml``, the runs generated into ``engine/pairs/<game>/``).

Public: :func:`pair_infos` (every generated pair run, with the two cards it is about),
:func:`pairs_for` (the runs that play two given entries together), ``PAIRS_DIR``.
"""

from __future__ import annotations

from engine.interactions.catalog import PairInfo, pair_infos, pairs_for
from engine.interactions.generate import PAIRS_DIR

__all__ = ["PAIRS_DIR", "PairInfo", "pair_infos", "pairs_for"]
