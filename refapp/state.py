"""Everything the app loads once at start-up, kept on app.extensions["refapp"]."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask, current_app

from corpus.model import SOURCES_DIR, Dataset
from refapp.assets import Asset, assets_version, load_assets
from refapp.catalog import Catalog
from refapp.scenarios import EngineSource, ScenarioLibrary

SearchFunction = Callable[[dict[str, str]], tuple[dict[str, Any], int]]


@dataclass(frozen=True)
class SourceDoc:
    file: str
    script: str
    game: str
    edition: str | None


@dataclass
class AppState:
    catalog: Catalog
    scenarios: ScenarioLibrary
    assets: dict[str, Asset]
    assets_version: str
    docs: dict[str, SourceDoc]
    search: SearchFunction
    dataset_error: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def asset_url(self, name: str) -> str:
        return self.assets[name].url

    @property
    def assets_by_url(self) -> dict[str, Asset]:
        return self.extra.setdefault("assets_by_url", {a.url: a for a in self.assets.values()})


def load_source_docs(directory: Path = SOURCES_DIR) -> dict[str, SourceDoc]:
    try:
        manifest = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {
        f["file"]: SourceDoc(
            file=f["file"], script=f.get("script", ""), game=f.get("game", ""), edition=f.get("edition")
        )
        for f in manifest.get("files", [])
    }


def build_state(app: Flask, search: SearchFunction) -> AppState:
    error: str | None = None
    try:
        catalog = Catalog.load(Path(app.config["DATASET_PATH"]))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        error = f"{app.config['DATASET_PATH']}: {type(exc).__name__}: {exc}"
        app.logger.error("dataset could not be loaded (%s); serving an empty catalogue", error)
        catalog = Catalog.from_dataset(Dataset(version="missing", entries=[]))
    library = ScenarioLibrary.build(app.config.get("SCENARIO_SOURCE") or EngineSource(), catalog)
    assets = load_assets()
    return AppState(
        catalog=catalog,
        scenarios=library,
        assets=assets,
        assets_version=assets_version(assets),
        docs=load_source_docs(),
        search=search,
        dataset_error=error,
    )


def get_state() -> AppState:
    return current_app.extensions["refapp"]


@dataclass(frozen=True)
class ScenarioMap:
    """Scenario ids per entry and per (entry, ruling): the one map behind the `scenarios` of
    search results in the API, the results page and `refapp search`. An FAQ that names the
    ruling answering it carries that ruling's demonstrations (ScenarioLibrary does that)."""

    by_entry: dict[str, tuple[str, ...]] = field(default_factory=dict)
    by_ruling: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    # for_result's answers, made on first use (the maps never change; every search result asks)
    _answers: dict[tuple[str, str | None], tuple[str, ...]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    @classmethod
    def from_library(cls, library: ScenarioLibrary) -> ScenarioMap:
        by_ruling: dict[tuple[str, str], list[str]] = {}
        for sid, summary in library.summaries.items():
            for entry, ruling in summary.shown():  # every ruling the run demonstrates
                if ruling:
                    by_ruling.setdefault((entry, ruling), []).append(sid)
        return cls(
            {e: tuple(ids) for e, ids in library.by_entry.items()},
            {k: tuple(v) for k, v in by_ruling.items()},
        )

    def for_result(self, entry: str, ruling: str | None) -> list[str]:
        """The matched ruling's scenarios first, then the entry's others."""
        answer = self._answers.get((entry, ruling))
        if answer is None:
            first = self.by_ruling.get((entry, ruling), ()) if ruling else ()
            answer = first + tuple(s for s in self.by_entry.get(entry, ()) if s not in first)
            self._answers[(entry, ruling)] = answer
        return list(answer)


def load_scenario_map(dataset_path: Path, log: Callable[[str], None]) -> ScenarioMap:
    """The map as the web app builds it (dataset catalogue + the engine's scenarios), for the CLI."""
    try:
        catalog = Catalog.load(dataset_path)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log(f"dataset could not be loaded ({type(exc).__name__}: {exc}); no scenarios")
        return ScenarioMap()
    return ScenarioMap.from_library(ScenarioLibrary.build(EngineSource(), catalog))


def scenario_map(app: Flask) -> ScenarioMap:
    """The app's map, made once: from its scenario library, or (an app without one, as in
    tests) from the SCENARIOS_BY_ENTRY config."""
    smap = app.extensions.get("scenario_map")
    if smap is None:
        state = app.extensions.get("refapp")
        if state is not None:
            smap = ScenarioMap.from_library(state.scenarios)
        else:
            raw = app.config.get("SCENARIOS_BY_ENTRY") or {}
            smap = ScenarioMap({e: tuple(ids) for e, ids in raw.items()})
        app.extensions["scenario_map"] = smap
    return smap
