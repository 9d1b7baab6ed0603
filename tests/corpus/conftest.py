"""Shared fixtures: the real seeds (read once) and a writer of small curated YAML folders."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from corpus.ingest.seeds import SeedCorpus, load_seeds
from corpus.model import SOURCES_DIR


@pytest.fixture(scope="session")
def seeds() -> SeedCorpus:
    return load_seeds(SOURCES_DIR)


@pytest.fixture
def curated_dir(tmp_path: Path) -> Callable[..., Path]:
    """Write entries (or raw text) as YAML files under a fresh curated folder and return it."""

    def write(files: dict[str, list[dict] | str]) -> Path:
        root = tmp_path / "curated"
        for name, content in files.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            text = content if isinstance(content, str) else yaml.safe_dump(content, allow_unicode=True)
            path.write_text(text, encoding="utf-8")
        return root

    return write
