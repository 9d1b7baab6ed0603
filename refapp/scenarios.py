"""The "show me" scenarios as the web app sees them: an index by entry and cached runs.

The engine is deterministic, so each scenario is run once per process and its log kept.
The engine is always present: its errors surface as errors (a 500 page), except a scenario
file that no longer loads, which the pages report as an unavailable demonstration.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import engine
from corpus.languages import LANGS
from index.sized_cache import SizedLRU
from refapp.board import ruling_index
from refapp.catalog import Catalog, entry_url
from refapp.errors import RefappError

RUN_CACHE_BYTES = 48 * 1024 * 1024  # packed: every run of the library and the matrix (1,206) takes 16.8 MiB


@dataclass(frozen=True)
class ScenarioSummary:
    id: str
    game: str
    entry: str
    ruling: str | None
    title: dict[str, str]
    rulings: tuple[tuple[str, str | None], ...] = ()  # every (entry, ruling) shown; [0] is entry/ruling
    aliases: tuple[str, ...] = ()  # ids of scenario files merged into this one
    edition: str | None = None  # Dominion: the edition whose words the demo speaks

    def shown(self) -> tuple[tuple[str, str | None], ...]:
        return self.rulings or ((self.entry, self.ruling),)


class ScenarioSource(Protocol):
    """What the web app needs from the engine (tests pass a canned source via SCENARIO_SOURCE)."""

    def list_infos(self) -> list[ScenarioSummary]: ...

    def run(self, scenario_id: str, names: dict[str, dict[str, str]]) -> dict[str, Any]: ...


class ScenarioUnavailable(RefappError, LookupError):
    """No such scenario, or its file no longer loads."""


def summary_from_info(info: engine.ScenarioInfo) -> ScenarioSummary:
    return ScenarioSummary(
        id=info.id,
        game=info.game,
        entry=info.entry,
        ruling=info.ruling,
        title=dict(info.title),
        rulings=tuple((r.entry, r.ruling) for r in info.rulings),
        aliases=tuple(info.aliases),
        edition=info.edition,
    )


class EngineSource:
    """The `engine` package's public API as a ScenarioSource."""

    def list_infos(self) -> list[ScenarioSummary]:
        return [summary_from_info(i) for i in engine.list_scenarios()]

    def run(self, scenario_id: str, names: dict[str, dict[str, str]]) -> dict[str, Any]:
        try:
            scenario = engine.load_scenario(scenario_id)
        except engine.ScenarioError as exc:
            raise ScenarioUnavailable(scenario_id) from exc
        return engine.run_scenario(scenario, names).to_dict()


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


@dataclass
class ScenarioLibrary:
    source: ScenarioSource
    catalog: Catalog
    summaries: dict[str, ScenarioSummary] = field(default_factory=dict)
    by_entry: dict[str, list[str]] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)  # merged copy's old id -> scenario id
    # the interaction matrix's pair runs (refapp/pair_runs.py): played and cached like the others,
    # but no entry's demonstration and no search result's "show me"
    pairs: dict[str, ScenarioSummary] = field(default_factory=dict)
    # Runs kept per process, most recently used first, bounded by bytes (packed, a run weighs
    # 2-60 KiB); a dropped run is made again when asked for.
    _runs: SizedLRU[dict[str, Any]] = field(default_factory=lambda: SizedLRU(RUN_CACHE_BYTES, packed=True))
    # Each run's ★ step (`ruling_step`), one small number per demonstration or pair run: every
    # result with a demonstration links to it, and reading it from the cache unpacks the whole run.
    _steps: dict[str, int] = field(default_factory=dict)

    @classmethod
    def build(cls, source: ScenarioSource, catalog: Catalog) -> ScenarioLibrary:
        lib = cls(source=source, catalog=catalog)
        for s in sorted(source.list_infos(), key=lambda s: s.id):
            lib.summaries[s.id] = s
            for entry_id in dict.fromkeys(e for e, _ in s.shown()):
                lib.by_entry.setdefault(entry_id, []).append(s.id)
            lib.aliases.update((a, s.id) for a in s.aliases)
        lib.by_entry.update(answered_faq_scenarios(catalog, lib))
        return lib

    def has(self, scenario_id: str) -> bool:
        """A demonstration or a pair run of that id."""
        return scenario_id in self.summaries or scenario_id in self.pairs

    def for_entry(self, entry_id: str) -> list[str]:
        return list(self.by_entry.get(entry_id, []))

    def for_ruling(self, entry_id: str, ruling_id: str) -> list[str]:
        return [
            sid for sid in self.by_entry.get(entry_id, [])
            if (entry_id, ruling_id) in self.summaries[sid].shown()
        ]

    def run(self, scenario_id: str) -> dict[str, Any]:
        """The scenario's log (cached); raises ScenarioUnavailable for unknown ids or unloadable files."""
        summary = self.summaries.get(scenario_id) or self.pairs.get(scenario_id)
        if summary is None:
            raise ScenarioUnavailable(scenario_id)
        cached = self._runs.get(scenario_id)
        if cached is not None:
            return cached
        names = self.catalog.slug_names(summary.game, summary.edition)
        result = decorate_run(self.source.run(scenario_id, names), summary, self.catalog)
        self._runs.put(scenario_id, result)
        return result

    def ruling_step(self, scenario_id: str) -> int:
        """The index of the step of the scenario's run where its ruling happens
        (`refapp.board.ruling_index`); raises ScenarioUnavailable like `run`."""
        step = self._steps.get(scenario_id)
        if step is None:
            step = self._steps[scenario_id] = ruling_index(self.run(scenario_id))
        return step


def decorate_run(run: dict[str, Any], summary: ScenarioSummary, catalog: Catalog) -> dict[str, Any]:
    """Add what the player needs to label the board: card names, the ruling text and its entry."""
    game = run.get("game") or summary.game
    names = catalog.slug_names(game, run.get("edition") or summary.edition)
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
        slug: names.get(slug, {lang: slug for lang in LANGS}) for slug in sorted(used)
    }
    out["card_types"] = {slug: catalog_types(catalog, game, slug) for slug in sorted(used)}
    out["entry_title"] = dict(entry.names) if entry else {}
    out["ruling_text"] = dict(ruling.text) if ruling else {}
    out["entry_url"] = entry_url(entry_id) + (f"#{ruling_id}" if ruling_id else "")
    return out


def catalog_types(catalog: Catalog, game: str, slug: str) -> list[str]:
    """A card's types from the dataset (e.g. treasure, victory; Citadels district colours)."""
    e = catalog.get(f"{game}/{slug}")
    return list(e.types) if e else []
