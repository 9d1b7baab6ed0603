"""Reading an interface string table: a YAML file of ``key: {en: …, zh-Hans: …, zh-Hant: …}``
rows, one key per line, every row holding a text for every language of ``corpus.languages``."""

from __future__ import annotations

from pathlib import Path

from corpus.languages import LANGS
from corpus.yaml_files import load_yaml


def load_table(path: Path) -> dict[str, dict[str, str]]:
    """The table of ``path`` in file order; a row that is not a text per language is an error
    naming the file, the key and what is wrong (raised at import: a broken table never serves)."""
    raw = load_yaml(path.read_text(encoding="utf-8")) or {}
    if not isinstance(raw, dict):
        raise ValueError(f"{path.name}: the file must map keys to rows")
    return {str(key): _row(path.name, str(key), row) for key, row in raw.items()}


def _row(file: str, key: str, row: object) -> dict[str, str]:
    if not isinstance(row, dict):
        raise ValueError(f"{file}: {key}: a row maps each language to its text ({', '.join(LANGS)})")
    if set(row) != set(LANGS):
        given = ", ".join(map(str, row))
        raise ValueError(f"{file}: {key}: the languages must be exactly {', '.join(LANGS)}, not {given}")
    if not all(isinstance(text, str) for text in row.values()):
        raise ValueError(f"{file}: {key}: every text must be a string")
    return {lang: row[lang] for lang in LANGS}
