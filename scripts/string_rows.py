"""Rewrite positional rows of an interface string table as rows keyed by language, in place.

    python scripts/string_rows.py refapp/tools_strings.yaml [refapp/strings.yaml ...]

A row written the old way, ``key: [en text, zh-Hans text, zh-Hant text]`` (one text per
language in the order of corpus.languages.LANGS), becomes ``key: {en: …, zh-Hans: …, zh-Hant: …}``
on the same line; rows already keyed by language, comments and the order of the file are kept.
For merging a branch that still appends positional rows; prints how many rows it rewrote.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from corpus.languages import LANGS  # noqa: E402


def keyed_row(line: str) -> str | None:
    """The line rewritten when it is a positional row; None when it is anything else."""
    if not line.strip() or line.lstrip().startswith("#"):
        return None
    parsed = yaml.safe_load(line)
    if not isinstance(parsed, dict) or len(parsed) != 1:
        return None
    (key, texts), = parsed.items()
    if not isinstance(texts, list):
        return None
    if len(texts) != len(LANGS):
        raise SystemExit(f"{key}: {len(texts)} texts, but the languages are {', '.join(LANGS)}")
    comment = _comment(line, parsed)
    row = dict(zip(LANGS, texts, strict=True))
    out = yaml.safe_dump({key: row}, default_flow_style=True, allow_unicode=True, width=10**9,
                         sort_keys=False).strip()[1:-1]
    assert yaml.safe_load(out) == {key: row}, out
    return out + comment


def _comment(line: str, parsed: object) -> str:
    """The line's trailing comment, if it has one (a ' #' inside a quoted text is not one)."""
    cut = line.rfind(" #")
    if cut <= 0:
        return ""
    try:
        return "  " + line[cut:].strip() if yaml.safe_load(line[:cut]) == parsed else ""
    except yaml.YAMLError:
        return ""


def rewrite(path: Path) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    done = 0
    for i, line in enumerate(lines):
        new = keyed_row(line)
        if new is not None:
            lines[i], done = new, done + 1
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return done


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(f"{name}: {rewrite(Path(name))} positional rows rewritten")
