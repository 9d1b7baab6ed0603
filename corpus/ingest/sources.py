"""Read the seed texts listed in `corpus/sources/manifest.json`, verifying each file's sha256."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from corpus.errors import CorpusError


class SourceError(CorpusError):
    """A seed file is missing, altered or not listed in the manifest."""


@dataclass(frozen=True)
class SourceText:
    """One seed file: its manifest facts and its lines (index 0 holds line 1)."""

    name: str
    script: str  # zh-Hans | zh-Hant
    game: str
    edition: str | None
    lines: tuple[str, ...]

    def line(self, number: int) -> str:
        """The text of 1-based line `number`."""
        return self.lines[number - 1]

    @property
    def line_count(self) -> int:
        return len(self.lines)


def load_manifest(sources_dir: Path) -> list[dict]:
    path = Path(sources_dir) / "manifest.json"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise SourceError(f"cannot read {path}: {exc}") from exc
    files = raw.get("files")
    if not isinstance(files, list) or not files:
        raise SourceError(f"{path}: 'files' must be a non-empty list")
    return files


def split_lines(text: str) -> tuple[str, ...]:
    """Lines without their line endings; a trailing newline does not add an empty line."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return tuple(line.rstrip("\r") for line in lines)


def read_source(sources_dir: Path, item: dict) -> SourceText:
    path = Path(sources_dir) / item["file"]
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SourceError(f"seed file {item['file']} listed in the manifest cannot be read: {exc}") from exc
    digest = hashlib.sha256(data).hexdigest()
    if digest != item.get("sha256"):
        raise SourceError(
            f"seed file {item['file']} does not match its manifest sha256 "
            f"(expected {item.get('sha256')}, found {digest}); seeds must stay unchanged"
        )
    return SourceText(
        name=item["file"],
        script=item["script"],
        game=item["game"],
        edition=item.get("edition"),
        lines=split_lines(data.decode("utf-8")),
    )


def read_sources(sources_dir: Path) -> dict[str, SourceText]:
    """Every manifest file by name, checked against its sha256."""
    return {item["file"]: read_source(sources_dir, item) for item in load_manifest(sources_dir)}
