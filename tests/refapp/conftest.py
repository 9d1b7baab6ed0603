from __future__ import annotations

import pytest
from refapp_fakes import DATASET, FixtureScenarios, FixtureSearch

from refapp import create_app


@pytest.fixture
def scenarios() -> FixtureScenarios:
    return FixtureScenarios()


@pytest.fixture
def search(scenarios: FixtureScenarios) -> FixtureSearch:
    by_entry: dict[str, list[str]] = {}
    for info in scenarios.list_infos():
        by_entry.setdefault(info.entry, []).append(info.id)
    return FixtureSearch(scenarios=by_entry)


@pytest.fixture
def app(scenarios: FixtureScenarios, search: FixtureSearch, tmp_path):
    return create_app(
        {
            "TESTING": True,
            "DATASET_PATH": str(DATASET),
            "SCENARIO_SOURCE": scenarios,
            "SEARCH_FUNCTION": search,
            "REFAPP_DATA_DIR": str(tmp_path),
        }
    )


@pytest.fixture
def client(app):
    return app.test_client()
