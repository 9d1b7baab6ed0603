"""The one filter model of search, browse and the API: `Filters` (game, edition, kind, type and a
cost rule), its field names (`FIELDS`, which are the URL parameters too), how two sets of filters
combine, how they are written back (search JSON, URL parameters) and which entries they admit.

Parsing is elsewhere, by what is parsed: the search box and the search's URL parameters in
`index.query` (players' spellings: 领土, cost<=4), browse's parameters in `refapp.catalog`
(exact values only). Pure; no Flask."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from index.errors import QueryError

FIELDS = ("game", "edition", "kind", "type", "cost")
TEXT_FIELDS = ("game", "edition", "kind", "type")  # the fields whose value is a word
CostRule = tuple[str, int]  # (operator: <=, >=, <, >, =; a cost from 0 to 99)


def cost_ok(cost: int | None, rule: CostRule | None) -> bool:
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


@dataclass(frozen=True)
class Filters:
    """Validated filters; every field is optional (None: any)."""

    game: str | None = None
    edition: str | None = None
    kind: str | None = None
    type: str | None = None
    cost: CostRule | None = None

    def is_empty(self) -> bool:
        return not any((self.game, self.edition, self.kind, self.type, self.cost))

    def to_dict(self) -> dict[str, str]:
        """As the search answer's `filters` says them (cost as `<=4`, `=5`)."""
        out = {k: getattr(self, k) for k in TEXT_FIELDS if getattr(self, k)}
        if self.cost:
            out["cost"] = f"{self.cost[0]}{self.cost[1]}"
        return out

    def as_params(self) -> dict[str, str]:
        """As URL parameters (cost=5 for an exact cost, cost=<=4 for a bound)."""
        out = {k: getattr(self, k) for k in TEXT_FIELDS if getattr(self, k)}
        if self.cost:
            op, value = self.cost
            out["cost"] = str(value) if op == "=" else f"{op}{value}"
        return out

    def with_value(self, name: str, value: object) -> Filters:
        """These filters with one more value; the same field given twice differently is an error."""
        old = getattr(self, name)
        if old is not None and old != value:
            raise QueryError(f"{name} is given twice with different values ({old} and {value})")
        return replace(self, **{name: value})

    def merged(self, other: Filters) -> Filters:
        """These filters and `other`'s (a field both give must agree: QueryError)."""
        out = self
        for name in FIELDS:
            value = getattr(other, name)
            if value is not None:
                out = out.with_value(name, value)
        return out

    def admits(
        self, game: str, kind: str, editions: Collection[str], types: Collection[str], cost: int | None
    ) -> bool:
        """Whether an entry (or one of its rulings, with its own editions) passes."""
        return (
            (self.game is None or game == self.game)
            and (self.kind is None or kind == self.kind)
            and (self.edition is None or self.edition in editions)
            and (self.type is None or self.type in types)
            and cost_ok(cost, self.cost)
        )
