"""Reading one file of a build, with failures reported as `IndexBrokenError` naming the file and
never the server's absolute path (the message reaches users in a 503)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from index.errors import IndexBrokenError
from index.tokenise import BaseDictionary


def load_json(folder: Path, name: str) -> Any:
    """One JSON file of a build; IndexBrokenError naming it when it is missing, unreadable or damaged."""
    try:
        return json.loads((folder / name).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise IndexBrokenError(folder.name, name, reason(exc, folder)) from exc


def read_lines(folder: Path, name: str) -> list[str]:
    """One text file of a build, as lines; IndexBrokenError naming it when it cannot be read."""
    try:
        return (folder / name).read_text(encoding="utf-8").splitlines()
    except (OSError, ValueError) as exc:
        raise IndexBrokenError(folder.name, name, reason(exc, folder)) from exc


def load_dictionary(folder: Path, name: str) -> BaseDictionary | None:
    """The corpus part of jieba's dictionary saved by the build (None when the build has none:
    use jieba's full one)."""
    if not (folder / name).exists():
        return None
    lines = read_lines(folder, name)
    try:
        entries = tuple((w, int(f)) for w, f in (line.rsplit(" ", 1) for line in lines[1:] if line))
        return entries, int(lines[0])
    except (ValueError, IndexError) as exc:
        raise IndexBrokenError(folder.name, name, reason(exc, folder)) from exc


def reason(exc: BaseException, folder: Path) -> str:
    """What went wrong, naming files within the build by their place in it, never by the
    server's absolute path."""
    return f"{type(exc).__name__}: {exc}".replace(str(folder), folder.name)


def culprit(exc: BaseException) -> str:
    """The file an error is about, when it says ('units.json'), else 'index files'."""
    name = getattr(exc, "filename", None)
    return Path(name).name if name else "index files"
