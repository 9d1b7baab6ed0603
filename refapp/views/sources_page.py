"""The source reader: a cited passage of a seed document in context, highlighted, and the
helpers the source line of an entry page uses (document titles, links, published citations,
the aliases shown in the reader's script).

`GET /sources/<file>?from=A&to=B` shows lines A..B highlighted with some lines around them
(`all=1`: the whole document); `/sources/<file>.json` is its JSON twin. A Simplified document is
shown to a zh-Hant reader in Traditional characters and a Traditional one to a zh-Hans reader
in Simplified (`script=original` shows it as written); an English reader sees it as written.
An unknown file is a 404; a bad or out-of-range line number a 400 that says what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from flask import Blueprint, abort, g, render_template, request

from corpus.aliases import displayed_aliases
from corpus.citations import published_url, titles
from corpus.ingest.normalise import to_simplified, to_traditional
from corpus.languages import CHINESE, LANGS, language, pick
from corpus.model import SOURCES_DIR, Entry, Published, Source
from refapp import i18n
from refapp.errors import RefappError
from refapp.state import get_state

bp = Blueprint("sources_page", __name__)

CONTEXT_LINES = 12  # lines shown before and after the cited passage
MAX_DIGITS = 6

# the page's own words: key -> {language: text} (every language of corpus.languages.LANGS)
STRINGS: dict[str, dict[str, str]] = {
    "source.whole": {
        "en": "The whole document",
        "zh-Hans": "查看全文",
        "zh-Hant": "查看全文",
    },
    "source.passage": {
        "en": "Only the cited passage",
        "zh-Hans": "只看引用段落",
        "zh-Hant": "只看引用段落",
    },
    "source.original": {
        "en": "As written (Simplified)",
        "zh-Hans": "原文（繁体）",
        "zh-Hant": "原文（簡體）",
    },
    "source.converted": {
        "en": "In your script",
        "zh-Hans": "简体显示",
        "zh-Hant": "繁體顯示",
    },
    "source.converted_note": {
        "en": "",
        "zh-Hans": "原文为繁体，这里以简体显示。",
        "zh-Hant": "原文為簡體，這裡以繁體顯示。",
    },
    "source.cited": {
        "en": "Cited passage",
        "zh-Hans": "引用段落",
        "zh-Hant": "引用段落",
    },
    "source.bad_lines": {
        "en": "The line numbers must be whole numbers from 1 to {n}, the first not after the last.",
        "zh-Hans": "行号须为 1 到 {n} 之间的整数，且起始行不能在结束行之后。",
        "zh-Hant": "行號須為 1 到 {n} 之間的整數，且起始行不能在結束行之後。",
    },
    "source.bad_script": {
        "en": "The script can only be “original”.",
        "zh-Hans": "显示方式只能是“original”（原文）。",
        "zh-Hant": "顯示方式只能是「original」（原文）。",
    },
}


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


def bad_request(message: str, as_json: bool) -> Any:
    if as_json:
        return {"error": "Bad Request", "status": 400, "message": message}, 400
    title = i18n.translate("error.400.title", g.lang)
    return render_template("error.html", title=title, body=message, page="error"), 400


@bp.get("/sources/<path:name>")
def source(name: str) -> Any:
    as_json = name.endswith(".json")
    file = name[: -len(".json")] if as_json else name
    state = get_state()
    if file not in state.docs or not (SOURCES_DIR / file).is_file():
        abort(404)
    try:
        data = passage(file, g.lang, request.args.to_dict())
    except BadRequest as exc:
        return bad_request(str(exc), as_json)
    if as_json:
        return data
    return render_template("source.html", doc=data, s=lambda key, **v: say(key, g.lang, **v), page="source")


# --- the source line of entry pages --------------------------------------------------------------


def source_url(s: Source, **extra: str) -> str:
    a, b = s.lines
    query = f"from={a}&to={b}" + "".join(f"&{k}={v}" for k, v in extra.items())
    return f"/sources/{s.file}?{query}#L{a}"


def reader_sources(sources: list[Source], lang: str) -> list[Source]:
    """The seed copies a reader is sent to: those in the reader's script when there are any
    (a zh-Hant reader reads the Traditional rulebook, not its Simplified copies), else all;
    one link per document."""
    docs = get_state().docs
    unique = list(dict.fromkeys(sources))
    if lang in CHINESE:
        own = [s for s in unique if docs.get(s.file) and docs[s.file].script == lang]
        if own:
            return own
    return unique


def published_title(p: Published, lang: str) -> str:
    return titles().published_title(p, lang)


def shown_aliases(e: Entry, lang: str) -> list[str]:
    return displayed_aliases(e.aliases, lang, e.names)


@bp.app_context_processor
def citation_helpers() -> dict[str, Any]:
    lang = getattr(g, "lang", i18n.DEFAULT_LANG)
    return {
        "source_title": lambda file: titles().document(file, lang),
        "source_url": source_url,
        "reader_sources": lambda sources: reader_sources(list(sources), lang),
        "published_title": lambda p: published_title(p, lang),
        "published_url": published_url,
        "shown_aliases": lambda e: shown_aliases(e, lang),
        "alias_separator": language(lang).list_separator,
    }
