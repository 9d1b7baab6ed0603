"""The "show me" scenarios as the web app sees them: an index by entry and cached runs.

The engine is deterministic, so each scenario is run once per process and its log kept.
The engine may be absent while the project is being built; the library is then empty and
the pages say that demonstrations are unavailable instead of failing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from index.sized_cache import SizedLRU
from refapp.catalog import Catalog

RUN_CACHE_BYTES = 16 * 1024 * 1024  # packed: every run of the library (497) takes 6 MiB


class ScenarioSource(Protocol):
    """What the web app needs from the engine."""

    def list_infos(self) -> list[ScenarioSummary]: ...

    def run(self, scenario_id: str, names: dict[str, dict[str, str]]) -> dict[str, Any]: ...


@dataclass(frozen=True)
class ScenarioSummary:
    id: str
    game: str
    entry: str
    ruling: str | None
    title: dict[str, str]


class ScenarioUnavailable(LookupError):
    """No such scenario, or the engine could not run it."""


def _field(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


def summary_from_info(info: Any) -> ScenarioSummary:
    """Accept the engine's ScenarioInfo (dataclass or dict) without depending on its class."""
    title = _field(info, "title") or {}
    if isinstance(title, str):
        title = {"en": title, "zh-Hans": title, "zh-Hant": title}
    return ScenarioSummary(
        id=str(_field(info, "id")),
        game=str(_field(info, "game", "")),
        entry=str(_field(info, "entry", "")),
        ruling=_field(info, "ruling"),
        title=dict(title),
    )


def answered_faq_scenarios(catalog: Catalog, lib: ScenarioLibrary) -> dict[str, list[str]]:
    """An FAQ entry that names the ruling answering it (`extra.answer_ruling`) shows that
    ruling's demonstrations too, so "show me" is on the FAQ answer a search lands on."""
    extra_ids: dict[str, list[str]] = {}
    for entry in catalog.entries.values():
        target = (entry.extra or {}).get("answer_ruling")
        if entry.kind != "faq" or not isinstance(target, dict):
            continue
        answered = lib.for_ruling(str(target.get("entry")), str(target.get("ruling")))
        own = lib.by_entry.get(entry.id, [])
        if answered:
            extra_ids[entry.id] = own + [sid for sid in answered if sid not in own]
    return extra_ids


class EngineSource:
    """Adapter over the `engine` package's public API."""

    def __init__(self, engine_module: Any) -> None:
        self._engine = engine_module

    def list_infos(self) -> list[ScenarioSummary]:
        return [summary_from_info(i) for i in self._engine.list_scenarios()]

    def run(self, scenario_id: str, names: dict[str, dict[str, str]]) -> dict[str, Any]:
        scenario = self._engine.load_scenario(scenario_id)
        result = self._engine.run_scenario(scenario, names)
        return result.to_dict() if hasattr(result, "to_dict") else dict(result)


class EmptySource:
    def list_infos(self) -> list[ScenarioSummary]:
        return []

    def run(self, scenario_id: str, names: dict[str, dict[str, str]]) -> dict[str, Any]:
        raise ScenarioUnavailable(scenario_id)


def default_source(log: Callable[[str], None]) -> ScenarioSource:
    try:
        import engine

        if not all(hasattr(engine, n) for n in ("list_scenarios", "load_scenario", "run_scenario")):
            log("engine package has no scenario API yet; demonstrations disabled")
            return EmptySource()
        return EngineSource(engine)
    except Exception as exc:  # noqa: BLE001 - any engine failure must not stop the site
        log(f"engine unavailable ({exc!r}); demonstrations disabled")
        return EmptySource()


@dataclass
class ScenarioLibrary:
    source: ScenarioSource
    catalog: Catalog
    summaries: dict[str, ScenarioSummary] = field(default_factory=dict)
    by_entry: dict[str, list[str]] = field(default_factory=dict)
    # Runs kept per process, most recently used first, bounded by bytes (packed, a run weighs
    # 2-60 KiB); a dropped run is made again when asked for.
    _runs: SizedLRU[dict[str, Any]] = field(default_factory=lambda: SizedLRU(RUN_CACHE_BYTES, packed=True))

    @classmethod
    def build(cls, source: ScenarioSource, catalog: Catalog, log: Callable[[str], None]) -> ScenarioLibrary:
        lib = cls(source=source, catalog=catalog)
        try:
            infos = source.list_infos()
        except Exception as exc:  # noqa: BLE001
            log(f"listing scenarios failed ({exc!r}); demonstrations disabled")
            infos = []
        for s in sorted(infos, key=lambda s: s.id):
            lib.summaries[s.id] = s
            lib.by_entry.setdefault(s.entry, []).append(s.id)
        lib.by_entry.update(answered_faq_scenarios(catalog, lib))
        return lib

    def for_entry(self, entry_id: str) -> list[str]:
        return list(self.by_entry.get(entry_id, []))

    def for_ruling(self, entry_id: str, ruling_id: str) -> list[str]:
        return [sid for sid in self.by_entry.get(entry_id, []) if self.summaries[sid].ruling == ruling_id]

    def run(self, scenario_id: str) -> dict[str, Any]:
        """The scenario's log (cached); raises ScenarioUnavailable for unknown ids or engine errors."""
        summary = self.summaries.get(scenario_id)
        if summary is None:
            raise ScenarioUnavailable(scenario_id)
        cached = self._runs.get(scenario_id)
        if cached is not None:
            return cached
        names = self.catalog.slug_names(summary.game)
        try:
            result = self.source.run(scenario_id, names)
        except ScenarioUnavailable:
            raise
        except Exception as exc:  # noqa: BLE001 - engine failure becomes a friendly page
            raise ScenarioUnavailable(scenario_id) from exc
        result = decorate_run(result, summary, self.catalog)
        self._runs.put(scenario_id, result)
        return result


def decorate_run(run: dict[str, Any], summary: ScenarioSummary, catalog: Catalog) -> dict[str, Any]:
    """Add what the player needs to label the board: card names, the ruling text and its entry."""
    game = run.get("game") or summary.game
    names = catalog.slug_names(game)
    used: set[str] = set()
    for ev in run.get("events", []):
        used.update(c for c in ev.get("cards") or [] if isinstance(c, str))
    for snap in run.get("snapshots", []):
        for p in snap.get("players", []):
            for cards in (p.get("zones") or {}).values():
                used.update(c for c in cards if isinstance(c, str))
        for cards in (snap.get("shared") or {}).values():
            used.update(c for c in cards if isinstance(c, str))
        # Dominion piles are cards; Citadels piles are the district deck and the bank.
        used.update(k for k in (snap.get("piles") or {}) if k in names)
    entry_id = run.get("entry") or summary.entry
    entry = catalog.get(entry_id)
    ruling_id = run.get("ruling") or summary.ruling
    ruling = next((r for r in entry.rulings if r.id == ruling_id), None) if entry else None
    out = dict(run)
    out["names"] = {
        slug: names.get(slug, {"en": slug, "zh-Hans": slug, "zh-Hant": slug}) for slug in sorted(used)
    }
    out["card_types"] = {slug: catalog_types(catalog, game, slug) for slug in sorted(used)}
    out["entry_title"] = dict(entry.names) if entry else {}
    out["ruling_text"] = dict(ruling.text) if ruling else {}
    out["entry_url"] = f"/entries/{entry_id}" + (f"#{ruling_id}" if ruling_id else "")
    return out


def catalog_types(catalog: Catalog, game: str, slug: str) -> list[str]:
    """A card's types from the dataset (e.g. treasure, victory; Citadels district colours)."""
    e = catalog.get(f"{game}/{slug}")
    return list(e.types) if e else []
