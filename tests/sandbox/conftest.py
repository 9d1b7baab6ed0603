"""The real app (committed dataset, engine scenarios) without a search index: the sandbox needs neither."""

from __future__ import annotations

import pytest

from corpus.model import DATASET_PATH
from refapp import create_app


@pytest.fixture(autouse=True)
def stopped_clock(monkeypatch):  # type: ignore[no-untyped-def]
    """No sandbox test depends on time: the wall-clock safety net's clock stands still (the tests
    of the safety net give their own clock or a deadline already past)."""
    from engine.sandbox import replay

    monkeypatch.setattr(replay, "CLOCK", lambda: 0.0)


@pytest.fixture(scope="session")
def sandbox_app(tmp_path_factory):  # type: ignore[no-untyped-def]
    data_dir = tmp_path_factory.mktemp("d")
    return create_app({"DATASET_PATH": str(DATASET_PATH), "REFAPP_DATA_DIR": str(data_dir)})


@pytest.fixture
def client(sandbox_app):  # type: ignore[no-untyped-def]
    return sandbox_app.test_client()
