"""The display glossary: one word per concept per script (`corpus/glossary/<game>.yaml`).

Each file is a list of rows (docs/curated-format.md, "Glossary"):

```yaml
- concept: trash
  edition: 2e                 # optional: 1e | 2e, limits the row to that edition's text
  en: trash
  zh-Hans: 移除
  zh-Hant: 移除
  avoid: {zh-Hans: [废置], zh-Hant: [廢置]}   # other words for it: never displayed, still searchable
```

`load_glossary()` reads every game's file; a malformed row raises `GlossaryError` naming the
file, the row and the field. A missing file is an empty glossary for that game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from corpus.errors import CorpusError
from corpus.model import GAME_EDITIONS, GAMES, LANGS
from corpus.yaml_files import load_yaml

GLOSSARY_DIR = Path(__file__).resolve().parent / "glossary"
ROW_KEYS = {"concept", "edition", "avoid", "note", *LANGS}


class GlossaryError(CorpusError, ValueError):
    """A glossary file that cannot be used; the message names file, row and field."""


@dataclass(frozen=True)
class Term:
    """One concept of one game: its displayed word per script and the words to avoid."""

    game: str
    concept: str
    words: dict[str, str]
    avoid: dict[str, tuple[str, ...]] = field(default_factory=dict)
    edition: str | None = None

    def applies_to(self, game: str | None, edition: str | None) -> bool:
        """Whether the row governs text of ``game`` in ``edition`` (None: both editions or none).
        A row limited to one edition governs only text known to be of that edition."""
        if game != self.game:
            return False
        return self.edition is None or edition == self.edition


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...] = ()

    def for_game(self, game: str) -> list[Term]:
        return [t for t in self.terms if t.game == game]

    def edition_words(self, game: str) -> list[tuple[Term, Term]]:
        """The game terms (a concept in lower case: "trash", "supply"; not a card's name) that
        each edition words its own way, as (1st-edition row, 2nd-edition row)."""
        rows = {(t.concept, t.edition): t for t in self.for_game(game)}
        return [
            (first, rows[(concept, "2e")])
            for (concept, edition), first in rows.items()
            if edition == "1e" and concept[:1].islower() and (concept, "2e") in rows
        ]


def _words(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(w, str) and w.strip() for w in value):
        raise GlossaryError(f"{where}: expected a list of non-empty words")
    return tuple(w.strip() for w in value)


def parse_rows(game: str, rows: Any, source: str) -> list[Term]:
    """The terms of one game's file (already YAML-parsed); raises GlossaryError."""
    if rows is None:
        return []
    if not isinstance(rows, list):
        raise GlossaryError(f"{source}: expected a list of rows")
    terms: list[Term] = []
    seen: set[tuple[str, str | None]] = set()
    for i, row in enumerate(rows, 1):
        where = f"{source}: row {i}"
        if not isinstance(row, dict):
            raise GlossaryError(f"{where}: expected a mapping")
        unknown = set(row) - ROW_KEYS
        if unknown:
            raise GlossaryError(f"{where}: unknown field {sorted(unknown)[0]!r}")
        concept = row.get("concept")
        if not isinstance(concept, str) or not concept.strip():
            raise GlossaryError(f"{where}: field 'concept' is required")
        where = f"{source}: row {i} ({concept})"
        edition = row.get("edition")
        if edition is not None and edition not in GAME_EDITIONS.get(game, ()):
            raise GlossaryError(f"{where}, field 'edition': {edition!r} is not an edition of {game}")
        words: dict[str, str] = {}
        for lang in LANGS:
            if lang in row:
                value = row[lang]
                if not isinstance(value, str) or not value.strip():
                    raise GlossaryError(f"{where}, field {lang!r}: expected a word")
                words[lang] = value.strip()
        avoid_raw = row.get("avoid") or {}
        if not isinstance(avoid_raw, dict) or set(avoid_raw) - set(LANGS):
            raise GlossaryError(f"{where}, field 'avoid': expected a mapping of en/zh-Hans/zh-Hant to lists")
        avoid = {lang: _words(v, f"{where}, field 'avoid.{lang}'") for lang, v in avoid_raw.items()}
        for lang, avoided in avoid.items():
            if words.get(lang) in avoided:
                raise GlossaryError(f"{where}, field 'avoid.{lang}': lists the displayed word itself")
        key = (concept, edition)
        if key in seen:
            raise GlossaryError(f"{where}: concept listed twice for the same edition")
        seen.add(key)
        terms.append(Term(game=game, concept=concept, words=words, avoid=avoid, edition=edition))
    return terms


def load_glossary(directory: Path = GLOSSARY_DIR) -> Glossary:
    terms: list[Term] = []
    for game in GAMES:
        path = Path(directory) / f"{game}.yaml"
        if not path.exists():
            continue
        try:
            rows = load_yaml(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as exc:
            raise GlossaryError(f"{path.name}: not valid YAML ({exc})") from exc
        terms.extend(parse_rows(game, rows, path.name))
    return Glossary(tuple(terms))
