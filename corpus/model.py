"""The dataset's shape: entries, rulings and their provenance.

This module is the contract between `corpus` (which writes `corpus/data/dataset.json`),
`index` (which indexes it) and `refapp` (which renders it). Languages are BCP 47 keys
(``corpus.languages``).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from corpus.games import EDITIONS as EDITIONS  # the games' one table (re-exported)
from corpus.games import GAME_EDITIONS as GAME_EDITIONS
from corpus.games import GAMES as GAMES
from corpus.languages import LANGS as LANGS  # the languages' one table (re-exported)

KINDS: tuple[str, ...] = ("card", "rule", "faq", "term")

DATA_DIR = Path(__file__).resolve().parent / "data"
DATASET_PATH = DATA_DIR / "dataset.json"
SOURCES_DIR = Path(__file__).resolve().parent / "sources"
CURATED_DIR = Path(__file__).resolve().parent / "curated"

Localised = dict[str, str]  # keys: en, zh-Hans, zh-Hant


@dataclass(frozen=True)
class Source:
    """A line range (1-based, inclusive) of one file in corpus/sources/."""

    file: str
    lines: tuple[int, int]


@dataclass(frozen=True)
class Published:
    """A published source (not a seed) that a ruling or note rests on: a file of a public
    repository (``repo`` "owner/name" and ``path``) or a web page (``url``); ``what`` is an
    optional short English description ("2016 rulebook"). Shown on the source line, never in
    the text players read."""

    repo: str | None = None
    path: str | None = None
    url: str | None = None
    what: str | None = None

    def to_dict(self) -> dict[str, str]:
        """The JSON form: only the keys it has (``repo`` + ``path`` or ``url``, maybe ``what``)."""
        return {k: v for k, v in asdict(self).items() if v is not None}


@dataclass
class Ruling:
    """One ruling or note about an entry, in three languages, citing its sources.

    ``id`` is unique within its entry (a slug); the permalink is ``/entries/<entry id>#<ruling id>``.
    ``sources`` lists every seed copy of the passage (000, 001 and 002 for the 1st-edition
    rulebook). ``edition`` is ``1e``, ``2e`` or None when it holds for both.
    ``variants`` records readings that differ between copies after normalisation.
    """

    id: str
    text: Localised
    sources: list[Source]
    edition: str | None = None
    variants: list[dict[str, Any]] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)  # players' questions it answers: search only
    published: list[Published] = field(default_factory=list)  # published sources, shown after `sources`


@dataclass
class Note:
    """A visible note, e.g. where a seed contradicts the published rules or itself."""

    id: str
    text: Localised
    sources: list[Source] = field(default_factory=list)
    published: list[Published] = field(default_factory=list)


@dataclass
class Entry:
    id: str  # <game>/<slug>, <game>/rules/<slug>, <game>/faq/<slug>, <game>/terms/<slug>
    game: str
    kind: str
    editions: list[str]  # Dominion: subset of 1e/2e; Citadels: [classic]
    names: Localised
    aliases: list[str] = field(default_factory=list)  # other names of the thing, shown as "Also called"
    keywords: list[str] = field(default_factory=list)  # search-only phrases, never shown
    cost: int | None = None
    types: list[str] = field(default_factory=list)  # lower-case English: action, attack, ... / noble, special
    text: Localised = field(default_factory=dict)
    text_2e: Localised | None = None  # 2nd-edition wording where it changed
    edition_changes: Localised | None = None  # what changed between editions, prose
    rulings: list[Ruling] = field(default_factory=list)
    related: list[str] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    sources: list[Source] = field(default_factory=list)  # where the entry's own text comes from
    extra: dict[str, Any] = field(default_factory=dict)  # game-specific facts (e.g. citadels rank, colour)
    questions: list[str] = field(default_factory=list)  # players' questions its own text answers: search only

    def names_in(self, edition: str | None) -> Localised:
        """The names in ``edition``'s words: the 2nd edition's own names (``extra.names_2e``) where
        its rulebook renames the thing (行省, 移除区), else the entry's names."""
        own = self.extra.get("names_2e") if edition == "2e" else None
        return {**self.names, **own} if isinstance(own, dict) else self.names


@dataclass
class Dataset:
    version: str
    entries: list[Entry]
    dropped: list[dict[str, Any]] = field(default_factory=list)  # {file, lines, reason}

    def by_id(self) -> dict[str, Entry]:
        return {e.id: e for e in self.entries}


def _source(d: dict[str, Any]) -> Source:
    return Source(file=d["file"], lines=(int(d["lines"][0]), int(d["lines"][1])))


def _published(d: dict[str, Any]) -> Published:
    return Published(**{k: d.get(k) for k in ("repo", "path", "url", "what")})


def _cited(d: dict[str, Any]) -> dict[str, Any]:
    """A ruling's or note's dict with its sources and published citations as objects."""
    return {
        **d,
        "sources": [_source(s) for s in d.get("sources", [])],
        "published": [_published(p) for p in d.get("published", [])],
    }


def entry_from_dict(d: dict[str, Any]) -> Entry:
    d = dict(d)
    d["rulings"] = [Ruling(**_cited(r)) for r in d.get("rulings", [])]
    d["notes"] = [Note(**_cited(n)) for n in d.get("notes", [])]
    d["sources"] = [_source(s) for s in d.get("sources", [])]
    return Entry(**d)


def dataset_to_dict(ds: Dataset) -> dict[str, Any]:
    data = asdict(ds)
    for e, ed in zip(ds.entries, data["entries"], strict=True):
        for items, dicts in ((e.rulings, ed["rulings"]), (e.notes, ed["notes"])):
            for item, d in zip(items, dicts, strict=True):
                d["published"] = [p.to_dict() for p in item.published]
    return data


def load_dataset(path: Path = DATASET_PATH) -> Dataset:
    raw = json.loads(Path(path).read_text(encoding="utf-8"))
    return Dataset(
        version=raw["version"],
        entries=[entry_from_dict(e) for e in raw["entries"]],
        dropped=raw.get("dropped", []),
    )
