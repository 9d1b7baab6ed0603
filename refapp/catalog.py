"""Read-only views of the dataset that the pages and the API need (no search logic)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from corpus.languages import LANGS, pick
from corpus.model import EDITIONS, GAMES, KINDS, Dataset, Entry, load_dataset
from index.filters import Filters
from refapp.errors import RefappError

Localised = dict[str, str]


def entry_url(entry_id: str) -> str:
    """An entry's page address (the one place it is spelt; `refapp.views.pages` serves it)."""
    return f"/entries/{entry_id}"


class FilterError(RefappError, ValueError):
    """A browse filter had a value the dataset cannot have; `name` is the parameter."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


@dataclass
class Catalog:
    """The dataset plus the lookups built from it once at start-up."""

    dataset: Dataset
    entries: dict[str, Entry] = field(default_factory=dict)
    names: dict[str, Localised] = field(default_factory=dict)  # "<game>/<slug>" -> names

    @classmethod
    def from_dataset(cls, dataset: Dataset) -> Catalog:
        entries = dataset.by_id()
        names = {e.id: dict(e.names) for e in dataset.entries}
        return cls(dataset=dataset, entries=entries, names=names)

    @classmethod
    def load(cls, path: Path) -> Catalog:
        return cls.from_dataset(load_dataset(path))

    @property
    def version(self) -> str:
        return self.dataset.version

    def get(self, entry_id: str) -> Entry | None:
        return self.entries.get(entry_id)

    def slug_names(self, game: str, edition: str | None = None) -> dict[str, Localised]:
        """Names keyed by the engine's slug (entry id without `<game>/`) for one game's cards, in
        ``edition``'s words where that edition's rulebook names a card differently (`names_2e`)."""
        prefix = f"{game}/"
        return {
            eid[len(prefix) :]: dict(e.names_in(edition))
            for eid, e in self.entries.items()
            if eid.startswith(prefix) and "/" not in eid[len(prefix) :]
        }

    def types(self) -> list[str]:
        return sorted({t for e in self.dataset.entries for t in e.types})

    def costs(self, game: str | None = None) -> list[int]:
        return sorted({e.cost for e in self.dataset.entries if e.cost is not None and game in (None, e.game)})

    def types_by_game(self) -> dict[str, list[str]]:
        return {g: sorted({t for e in self.dataset.entries if e.game == g for t in e.types}) for g in GAMES}

    @cached_property
    def choices(self) -> dict[str, Any]:
        """The filters' choices the dataset offers (types, types by game, costs by game), made
        once: every results and browse page shows them, and the dataset does not change."""
        return {
            "types": self.types(),
            "types_by_game": self.types_by_game(),
            "costs_by_game": {game: self.costs(game) for game in GAMES},
        }

    def browse(self, filters: Filters) -> list[Entry]:
        return sorted((e for e in self.dataset.entries if matches(e, filters)), key=browse_order)


def browse_order(e: Entry) -> tuple[int, int, int, str]:
    return (
        GAMES.index(e.game) if e.game in GAMES else 99,
        KINDS.index(e.kind) if e.kind in KINDS else 99,
        e.cost if e.cost is not None else 99,
        e.names.get("en", e.id).lower(),
    )


def matches(e: Entry, f: Filters) -> bool:
    return f.admits(e.game, e.kind, e.editions, e.types, e.cost)


def parse_filters(args: dict[str, str], known_types: list[str]) -> Filters:
    """Browse's filters from query parameters: exact values only (the search box also takes
    players' spellings, index.query), an exact cost; empty values mean 'any'; bad values raise
    FilterError."""

    def pick(name: str, allowed: tuple[str, ...] | list[str]) -> str | None:
        value = (args.get(name) or "").strip()
        if not value:
            return None
        if value not in allowed:
            raise FilterError(name)
        return value

    cost_raw = (args.get("cost") or "").strip()
    cost: tuple[str, int] | None = None
    if cost_raw:
        if not cost_raw.isascii() or not cost_raw.isdigit() or len(cost_raw) > 2:
            raise FilterError("cost")
        cost = ("=", int(cost_raw))
    return Filters(
        game=pick("game", GAMES),
        edition=pick("edition", EDITIONS),
        kind=pick("kind", KINDS),
        type=pick("type", known_types),
        cost=cost,
    )


def localised(value: Localised | None, lang: str) -> str:
    """One language's text, falling back to the other languages rather than showing nothing
    (corpus.languages.pick: the language's own fallback order)."""
    return pick(value, lang)


def source_dict(s: Any) -> dict[str, Any]:
    return {"file": s.file, "lines": [s.lines[0], s.lines[1]]}


def entry_to_json(
    e: Entry, scenarios: list[str], ruling_scenarios: dict[str, list[str]] | None = None
) -> dict[str, Any]:
    """The JSON twin of an entry page: the dataset record plus links, and for each ruling the
    scenarios that demonstrate it (the page's "show me" buttons)."""
    d = asdict(e)
    d["sources"] = [source_dict(s) for s in e.sources]
    for r, rd in zip(e.rulings, d["rulings"], strict=True):
        rd["sources"] = [source_dict(s) for s in r.sources]
        rd["published"] = [p.to_dict() for p in r.published]
        rd["permalink"] = f"{entry_url(e.id)}#{r.id}"
        rd["scenarios"] = list((ruling_scenarios or {}).get(r.id, []))
    for n, nd in zip(e.notes, d["notes"], strict=True):
        nd["sources"] = [source_dict(s) for s in n.sources]
        nd["published"] = [p.to_dict() for p in n.published]
    d["url"] = entry_url(e.id)
    d["scenarios"] = list(scenarios)
    return d


def entry_summary(e: Entry, scenarios: list[str]) -> dict[str, Any]:
    return {
        "id": e.id,
        "kind": e.kind,
        "game": e.game,
        "editions": list(e.editions),
        "title": {k: e.names.get(k, "") for k in LANGS},
        "cost": e.cost,
        "types": list(e.types),
        "url": entry_url(e.id),
        "scenarios": list(scenarios),
    }


def names_index(catalog: Catalog) -> list[list[Any]]:
    """Compact rows for offline name search: [id, the name in each of LANGS (en, zh-Hans,
    zh-Hant), [aliases], game, kind]; app.js reads the names by the same LANGS."""
    return [
        [
            e.id,
            *(e.names.get(lang, "") for lang in LANGS),
            list(e.aliases),
            e.game,
            e.kind,
        ]
        for e in sorted(catalog.dataset.entries, key=browse_order)
    ]
