"""The JSON text of a search answer (`/api/search`), equal to what Flask's jsonify writes with
the app's provider (json.dumps, ensure_ascii=False, keys unsorted, compact separators) but
cheaper: of a result's nine fields only the snippet depends on the query; the rest (id, kind,
game, editions, title, ruling, url, scenarios) are the same every time an entry's ruling is
found, so their JSON is kept and reused. Encoding an answer of 15 results took ~70 us with
json.dumps (docs/perf.md, Search, HTTP notes).

A kept fragment is reused only when the result's fields equal those it was made from, so a
rebuilt index (new titles, editions) or another shape of result never gets stale text: anything
else is encoded by the provider as before.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

from flask import Flask, Response, current_app, jsonify
from flask.json.provider import DefaultJSONProvider

RESULT_KEYS = ("id", "kind", "game", "editions", "title", "snippet", "ruling", "url", "scenarios")
ANSWER_KEYS = ("query", "lang", "total", "suggestion", "filters", "results")
MAX_FRAGMENTS = 20_000  # (entry, ruling) pairs; today's corpus has under 1,000

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_string = json.encoder.encode_basestring  # type: ignore[attr-defined]  # the C function json.dumps uses


class _Fragment:
    __slots__ = ("source", "head", "tail")

    def __init__(self, source: tuple, head: bytes, tail: bytes):
        self.source = source  # the fields the text was made from, compared on every reuse
        self.head = head  # '{"id":...,"title":{...},"snippet":'
        self.tail = tail  # ',"ruling":...,"url":...,"scenarios":[...]}'


_fragments: dict[tuple[str, Any], _Fragment] = {}
_lock = threading.Lock()


def _all_text(values: Any) -> bool:
    return all(type(v) is str for v in values)


def _fragment(r: dict[str, Any]) -> _Fragment | None:
    """The kept text around this result's snippet, made now if none fits; None when a field is
    not text (such a result is written whole)."""
    title = tuple(r["title"].items())  # (pairs: dicts compare equal in any order, JSON does not)
    source = (r["kind"], r["game"], r["editions"], title, r["url"], r["scenarios"])
    key = (r["id"], r["ruling"])
    kept = _fragments.get(key)
    if kept is not None and kept.source == source:  # kept sources are text, so == is exact
        return kept
    if not (
        _all_text((r["kind"], r["game"], r["url"]))
        and _all_text(r["editions"])
        and _all_text(r["scenarios"])
        and _all_text(k for pair in title for k in pair)
    ):
        return None
    # json.dumps writes a dict as '{' + ','.join('"key":value') + '}': the two halves around
    # the snippet are the dicts of the fields before and after it, without their braces
    head = (_dumps({k: r[k] for k in RESULT_KEYS[:5]})[:-1] + ',"snippet":').encode()
    tail = ("," + _dumps({k: r[k] for k in RESULT_KEYS[6:]})[1:]).encode()
    kind, game, editions, _, url, scenarios = source
    made = _Fragment((kind, game, list(editions), title, url, list(scenarios)), head, tail)
    with _lock:
        if len(_fragments) >= MAX_FRAGMENTS:
            _fragments.clear()
        _fragments[key] = made
    return made


def _plain(r: Any) -> bool:
    """A result of the expected shape (keys in order; id, snippet and ruling text)."""
    return (
        type(r) is dict
        and tuple(r) == RESULT_KEYS
        and type(r["id"]) is str
        and type(r["snippet"]) is str
        and (r["ruling"] is None or type(r["ruling"]) is str)
        and type(r["title"]) is dict
        and type(r["editions"]) is list
        and type(r["scenarios"]) is list
    )


def _result_json(r: dict[str, Any]) -> bytes:
    f = _fragment(r)
    return f.head + _string(r["snippet"]).encode() + f.tail if f else _dumps(r).encode()


def search_json(answer: dict[str, Any], dumps: Callable[[Any], str] = _dumps) -> bytes:
    """`dumps(answer)` in UTF-8 (compact json.dumps with ensure_ascii=False, or the app's
    provider doing the same), reusing kept result fragments when the answer has the search's
    shape; anything the plain encoder cannot write (a type only the provider knows) goes to
    `dumps` whole. Bytes, so that the kept fragments are copied, not re-encoded."""
    results = answer.get("results")
    if tuple(answer) != ANSWER_KEYS or type(results) is not list or not all(_plain(r) for r in results):
        return dumps(answer).encode()
    try:
        parts = [_result_json(r) for r in results]
        head = _dumps({k: answer[k] for k in ANSWER_KEYS[:-1]})
    except (TypeError, ValueError):
        return dumps(answer).encode()
    return (head[:-1] + ',"results":[').encode() + b",".join(parts) + b"]}"


def _fast_provider(app: Flask) -> bool:
    """Whether the app's jsonify writes exactly what search_json writes."""
    provider = app.json
    return (
        type(provider) is DefaultJSONProvider
        and provider.ensure_ascii is False
        and provider.sort_keys is False
        and not ((provider.compact is None and app.debug) or provider.compact is False)
    )


def search_response(answer: dict[str, Any], status: int) -> tuple[Response, int]:
    """`jsonify(answer), status` for /api/search, written by search_json when that is the same."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    if not _fast_provider(app):
        return jsonify(answer), status
    provider = app.json
    body = search_json(answer, lambda obj: provider.dumps(obj, separators=(",", ":")))
    return app.response_class(body + b"\n", mimetype=provider.mimetype), status
