"""Everything the app loads once at start-up, kept on app.extensions["refapp"]."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask, current_app

from corpus.model import SOURCES_DIR, Dataset
from refapp.assets import Asset, assets_version, load_assets
from refapp.catalog import Catalog
from refapp.scenarios import ScenarioLibrary, default_source
from refapp.search_bridge import SearchFunction


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
    dataset_error: str | None = None
    search: SearchFunction | None = None
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


def build_state(app: Flask) -> AppState:
    error: str | None = None
    try:
        catalog = Catalog.load(Path(app.config["DATASET_PATH"]))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        error = f"{app.config['DATASET_PATH']}: {type(exc).__name__}: {exc}"
        app.logger.error("dataset could not be loaded (%s); serving an empty catalogue", error)
        catalog = Catalog.from_dataset(Dataset(version="missing", entries=[]))
    source = app.config.get("SCENARIO_SOURCE") or default_source(app.logger.warning)
    library = ScenarioLibrary.build(source, catalog, app.logger.warning)
    assets = load_assets()
    return AppState(
        catalog=catalog,
        scenarios=library,
        assets=assets,
        assets_version=assets_version(assets),
        docs=load_source_docs(),
        dataset_error=error,
    )


def get_state() -> AppState:
    return current_app.extensions["refapp"]
