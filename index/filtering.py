"""Field filters applied to the index's entries and their rulings (pure functions); the model
and its rules are `index.filters`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from index.filters import Filters, cost_ok

__all__ = ["cost_ok", "passes"]


def passes(meta: Mapping[str, Any], editions: list[str], f: Filters) -> bool:
    """Whether an entry (or one of its rulings, with its own editions) passes the filters."""
    return f.admits(meta["game"], meta["kind"], editions, meta["types"], meta["cost"])
