"""The JSON text of a search answer (`/api/search`), equal to what Flask's jsonify writes with
the app's provider (json.dumps, ensure_ascii=False, keys unsorted, compact separators) but
cheaper: of a result's ten fields only the snippet depends on the query; the rest (id, kind,
game, editions, title, ruling, also, url, scenarios) are the same every time an entry's ruling
is found with the same near-duplicates folded into it (`also`, most often none), so their JSON
is kept and reused. Encoding an answer of 15 results took ~70 us with
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

RESULT_KEYS = ("id", "kind", "game", "editions", "title", "snippet", "ruling", "also", "url", "scenarios")
ANSWER_KEYS = ("query", "lang", "total", "suggestion", "filters", "understood", "results")
MAX_FRAGMENTS = 20_000  # (entry, ruling, also) keys; today's corpus has under 1,000 (entry, ruling) pairs

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_string = json.encoder.encode_basestring  # type: ignore[attr-defined]  # the C function json.dumps uses


# (id, ruling, also) -> (the fields the text was made from, compared on every reuse; the JSON before
# the snippet '{"id":...,"title":{...},"snippet":'; the JSON after it ',"ruling":...}')
_fragments: dict[tuple[str, str | None, tuple[str, ...]], tuple[tuple, bytes, bytes]] = {}
_lock = threading.Lock()


def _all_text(values: Any) -> bool:
    return all(type(v) is str for v in values)


def _make(key: tuple, r: dict[str, Any], source: tuple) -> tuple[tuple, bytes, bytes] | None:
    """Keep the text around this result's snippet; None when a field is not text (such a
    result is written whole)."""
    rid, ruling, _ = key
    kind, game, editions, title, url, scenarios = source
    if not (
        type(rid) is str
        and (ruling is None or type(ruling) is str)
        and type(editions) is list
        and type(scenarios) is list
        and _all_text((kind, game, url))
        and _all_text(editions)
        and _all_text(scenarios)
        and _all_text(k for pair in title for k in pair)
    ):
        return None
    # json.dumps writes a dict as '{' + ','.join('"key":value') + '}': the two halves around
    # the snippet are the dicts of the fields before and after it, without their braces
    head = (_dumps({k: r[k] for k in RESULT_KEYS[:5]})[:-1] + ',"snippet":').encode()
    tail = ("," + _dumps({k: r[k] for k in RESULT_KEYS[6:]})[1:]).encode()
    made = ((kind, game, list(editions), title, url, list(scenarios)), head, tail)
    with _lock:
        if len(_fragments) >= MAX_FRAGMENTS:
            _fragments.clear()
        _fragments[key] = made
    return made


def _result_json(r: Any) -> bytes | None:
    """One result's JSON; None when it is not of the search's shape (keys in this order)."""
    if type(r) is not dict or tuple(r) != RESULT_KEYS:
        return None
    rid, kind, game, editions, title, snippet, ruling, also, url, scenarios = r.values()
    if type(snippet) is not str or type(title) is not dict or type(also) is not list or not _all_text(also):
        return None
    # title as pairs: dicts compare equal in any order, JSON does not; kept sources are text,
    # so == is exact
    source = (kind, game, editions, tuple(title.items()), url, scenarios)
    key = (rid, ruling, tuple(also))
    kept = _fragments.get(key)
    if kept is None or kept[0] != source:
        kept = _make(key, r, source)
        if kept is None:
            return _dumps(r).encode()
    return kept[1] + _string(snippet).encode() + kept[2]


def search_json(answer: dict[str, Any], dumps: Callable[[Any], str] = _dumps) -> bytes:
    """`dumps(answer)` in UTF-8 (compact json.dumps with ensure_ascii=False, or the app's
    provider doing the same), reusing kept result fragments when the answer has the search's
    shape; anything else, or what the plain encoder cannot write (a type only the provider
    knows), goes to `dumps` whole. Bytes, so that kept fragments are copied, not re-encoded."""
    results = answer.get("results")
    if tuple(answer) != ANSWER_KEYS or type(results) is not list:
        return dumps(answer).encode()
    try:
        parts = [_result_json(r) for r in results]
        if None in parts:
            return dumps(answer).encode()
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
