"""Test doubles for the areas the web app joins: scenario source and search function.

They follow the shapes in docs/architecture.md so that the web app can be tested before (and
independently of) the engine and the index.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from refapp.scenarios import ScenarioSummary

FIXTURES = Path(__file__).resolve().parent / "fixtures"
DATASET = FIXTURES / "dataset.json"


class FixtureScenarios:
    """Serves the canned runs in fixtures/scenarios.json; counts runs to check caching."""

    def __init__(self, path: Path = FIXTURES / "scenarios.json") -> None:
        self.runs = {r["id"]: r for r in json.loads(path.read_text(encoding="utf-8"))["runs"]}
        self.calls = 0
        self.names_seen: dict[str, Any] = {}

    def list_infos(self) -> list[ScenarioSummary]:
        return [
            ScenarioSummary(r["id"], r["game"], r["entry"], r["ruling"], r["title"])
            for r in self.runs.values()
        ]

    def run(self, scenario_id: str, names: dict[str, dict[str, str]]) -> dict[str, Any]:
        self.calls += 1
        self.names_seen = names
        return json.loads(json.dumps(self.runs[scenario_id]))


class FixtureSearch:
    """A search double: names containing the query, shaped like SearchResults.to_dict()."""

    def __init__(self, dataset_path: Path = DATASET, scenarios: dict[str, list[str]] | None = None) -> None:
        self.entries = json.loads(dataset_path.read_text(encoding="utf-8"))["entries"]
        self.scenarios = scenarios or {}
        self.calls: list[dict[str, str]] = []
        self.also: dict[str, list[str]] = {}  # entry id -> the units folded into its result

    def __call__(self, params: dict[str, str]) -> tuple[dict[str, Any], int]:
        self.calls.append(dict(params))
        q = params.get("q", "").strip().lower()
        if q == "((":
            return {"error": "unbalanced parenthesis"}, 400
        hits = [  # ranked in reverse dataset order, so Citadels can rank above Dominion
            e
            for e in reversed(self.entries)
            if any(q and q in v.lower() for v in [*e["names"].values(), *e["aliases"]])
            and (not params.get("game") or e["game"] == params["game"])
        ]
        return {
            "query": params.get("q", ""),
            "lang": params.get("lang", "zh-Hans"),
            "total": len(hits),
            "suggestion": "library" if q == "libary" else None,
            "results": [
                {
                    "id": e["id"],
                    "kind": e["kind"],
                    "game": e["game"],
                    "editions": e["editions"],
                    "title": e["names"],
                    "snippet": f"<mark>{e['names']['en']}</mark> <b>x</b><script>bad()</script>",
                    "ruling": e["rulings"][0]["id"] if e["rulings"] else None,
                    "also": list(self.also.get(e["id"], [])),
                    "url": f"/entries/{e['id']}",
                    "scenarios": self.scenarios.get(e["id"], []),
                }
                for e in hits
            ],
        }, 200
