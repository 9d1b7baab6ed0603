"""The source reader's work: a cited passage of a seed document in context, highlighted, as
data (the page and its JSON twin, refapp/views/sources_page.py, show the same object).

Lines A..B of a document are shown highlighted with some lines around them (`all=1`: the whole
document). A Simplified document is shown to a zh-Hant reader in Traditional characters and a
Traditional one to a zh-Hans reader in Simplified (`script=original` shows it as written); an
English reader sees it as written. A bad or out-of-range line number is a BadRequest that says
what is wrong. The page's words are `source_strings.yaml`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from corpus.citations import titles
from corpus.ingest.normalise import to_simplified, to_traditional
from corpus.languages import CHINESE, LANGS, pick
from corpus.model import SOURCES_DIR
from refapp.errors import RefappError
from refapp.state import get_state
from refapp.string_table import load_table

CONTEXT_LINES = 12  # lines shown before and after the cited passage
MAX_DIGITS = 6

STRINGS_FILE = Path(__file__).with_name("source_strings.yaml")
STRINGS: dict[str, dict[str, str]] = load_table(STRINGS_FILE)  # key -> {language: text}


def say(key: str, lang: str, **values: object) -> str:
    text = pick(STRINGS[key], lang, keep_empty=True)
    return text.format(**values) if values else text


class BadRequest(RefappError, ValueError):
    """A query parameter the page cannot use; the message is shown to the reader."""


@lru_cache(maxsize=16)
def document_lines(file: str) -> tuple[str, ...]:
    """The lines of a seed file listed in the manifest (the caller checks the name)."""
    return tuple((SOURCES_DIR / file).read_text(encoding="utf-8").splitlines())


@dataclass(frozen=True)
class Range:
    first: int
    last: int


def parse_range(args: dict[str, str], count: int, lang: str) -> Range | None:
    """`from`/`to` as a line range of a document of ``count`` lines; None when neither is given."""
    raw_from, raw_to = (args.get("from") or "").strip(), (args.get("to") or "").strip()
    if not raw_from and not raw_to:
        return None
    values = []
    for raw in (raw_from or raw_to, raw_to or raw_from):
        if not raw.isascii() or not raw.isdigit() or len(raw) > MAX_DIGITS:
            raise BadRequest(say("source.bad_lines", lang, n=count))
        values.append(int(raw))
    first, last = values
    if not 1 <= first <= last <= count:
        raise BadRequest(say("source.bad_lines", lang, n=count))
    return Range(first, last)


def shown_script(doc_script: str, lang: str, original: bool) -> str:
    if original or lang == "en" or doc_script not in CHINESE:
        return doc_script
    return lang


def convert(text: str, source_script: str, target: str) -> str:
    if source_script == target:
        return text
    return to_traditional(text) if target == "zh-Hant" else to_simplified(text)


def passage(file: str, lang: str, args: dict[str, str]) -> dict[str, Any]:
    """The page's content as data (also the JSON twin); raises BadRequest."""
    doc = get_state().docs[file]
    lines = document_lines(file)
    cited = parse_range(args, len(lines), lang)
    script_arg = (args.get("script") or "").strip()
    if script_arg not in ("", "original"):
        raise BadRequest(say("source.bad_script", lang))
    script = shown_script(doc.script, lang, script_arg == "original")
    whole = cited is None or args.get("all") == "1"
    start = 1 if whole else max(1, cited.first - CONTEXT_LINES)
    end = len(lines) if whole else min(len(lines), cited.last + CONTEXT_LINES)
    shown = [
        {
            "n": n,
            "text": convert(lines[n - 1], doc.script, script),
            "highlight": cited is not None and cited.first <= n <= cited.last,
        }
        for n in range(start, end + 1)
        if lines[n - 1].strip()
    ]
    return {
        "file": file,
        "title": {code: titles().document(file, code) for code in LANGS},
        "game": doc.game,
        "edition": doc.edition,
        "script": doc.script,
        "shown_script": script,
        "converted": script != doc.script,
        "from": cited.first if cited else None,
        "to": cited.last if cited else None,
        "whole": whole,
        "line_count": len(lines),
        "lines": shown,
    }
