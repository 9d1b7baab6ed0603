"""Indexes built once per test session: the small fixture dataset, and the real dataset when
corpus/data/dataset.json exists."""

from __future__ import annotations

from pathlib import Path

import pytest
from search_fixture_data import fixture_dataset

from corpus.model import DATASET_PATH, load_dataset
from index import build, open_index


@pytest.fixture(scope="session")
def fixture_dir(tmp_path_factory) -> Path:
    data_dir = tmp_path_factory.mktemp("fixture-index")
    build(fixture_dataset(), data_dir)
    return data_dir


@pytest.fixture(scope="session")
def fx(fixture_dir):
    return open_index(fixture_dir)


@pytest.fixture(scope="session")
def real_dir(tmp_path_factory) -> Path:
    if not DATASET_PATH.exists():
        pytest.skip("corpus/data/dataset.json not built yet")
    data_dir = tmp_path_factory.mktemp("real-index")
    build(load_dataset(DATASET_PATH), data_dir)
    return data_dir


@pytest.fixture(scope="session")
def real(real_dir):
    return open_index(real_dir)
