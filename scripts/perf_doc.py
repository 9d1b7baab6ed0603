"""Rewrite one "## <title>" section of docs/perf.md with fresh figures, keeping the rest.

A hand-written part of the section, starting at its `notes` heading, survives the rewrite.
"""

from __future__ import annotations

import re
from pathlib import Path


def write_section(path: Path, title: str, text: str, notes: str) -> None:
    old = path.read_text(encoding="utf-8") if path.exists() else "# Performance\n"
    heading = f"## {title}"
    section = f"{heading}\n\n{text.strip()}\n"
    if heading not in old:
        path.write_text(old.rstrip() + "\n\n" + section, encoding="utf-8")
        return
    head, rest = old.split(heading, 1)
    nxt = re.search(r"^## ", rest, flags=re.M)
    body = rest[: nxt.start()] if nxt else rest
    if notes in body:
        section += "\n" + notes + body.split(notes, 1)[1].rstrip() + "\n"
    path.write_text(head + section + ("\n" + rest[nxt.start():] if nxt else ""), encoding="utf-8")
