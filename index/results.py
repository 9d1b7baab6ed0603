"""What a search returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Result:
    id: str
    kind: str
    game: str
    editions: list[str]
    title: dict[str, str]
    snippet: str  # safe HTML
    ruling: str | None = None  # id of the ruling the snippet comes from, if any
    score: float = 0.0
    also: list[str] = field(default_factory=list)  # near-duplicates folded in: 'entry#ruling' or an FAQ id

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "game": self.game,
            "editions": list(self.editions),
            "title": dict(self.title),
            "snippet": self.snippet,
            "ruling": self.ruling,
            "also": list(self.also),
        }


@dataclass
class SearchResults:
    query: str
    lang: str
    total: int
    suggestion: str | None
    results: list[Result] = field(default_factory=list)
    filters: dict[str, str] = field(default_factory=dict)
    understood: dict[str, Any] | None = None  # index.understood: game, names, intents

    def ids(self) -> list[str]:
        return [r.id for r in self.results]

    def to_dict(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "lang": self.lang,
            "total": self.total,
            "suggestion": self.suggestion,
            "filters": dict(self.filters),
            "understood": self.understood,
            "results": [r.to_dict() for r in self.results],
        }
