"""Field filters applied to entries and their rulings (pure functions)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from index.query import Filters


def cost_ok(cost: int | None, rule: tuple[str, int] | None) -> bool:
    """Whether `cost` satisfies a (operator, value) rule; entries without a cost never do."""
    if rule is None:
        return True
    if cost is None:
        return False
    op, value = rule
    return {
        "<=": cost <= value,
        ">=": cost >= value,
        "<": cost < value,
        ">": cost > value,
        "=": cost == value,
    }[op]


def passes(meta: Mapping[str, Any], editions: list[str], f: Filters) -> bool:
    """Whether an entry (or one of its rulings, with its own editions) passes the filters."""
    return (
        (f.game is None or meta["game"] == f.game)
        and (f.kind is None or meta["kind"] == f.kind)
        and (f.edition is None or f.edition in editions)
        and (f.type is None or f.type in meta["types"])
        and cost_ok(meta["cost"], f.cost)
    )
