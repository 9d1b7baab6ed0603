"""The search service: the app's opened index and `run_search(params)`, which the search API
and the HTML results page both call, so page and API render the same object.

The index is opened once when the app is created (`attach_index`), before a server forks its
workers. When `refapp build-index` switches the `current` pointer, the next request opens the
new index; the old one keeps serving until then, so no request ever sees a half-built index.
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import Any

from flask import Flask, current_app

from index import IndexMissingError, QueryError, SearchIndex, current_folder, open_index
from index.filters import FIELDS
from index.query import parse_without
from refapp.catalog import entry_url
from refapp.errors import problem
from refapp.state import scenario_map

EXTENSION = "search_index"
CHECK_EVERY_S = 1.0  # how often a request looks whether a newer build became current


class _Holder:
    """The app's open index, swapped when a newer build becomes current. A build that cannot be
    opened is refused and logged naming the file at fault; the last good index keeps serving
    until a later build opens."""

    def __init__(self, data_dir: Path, cache_size: int = 1024, logger: logging.Logger | None = None):
        self.data_dir = data_dir
        self.cache_size = cache_size
        self.logger = logger or logging.getLogger(__name__)
        self.lock = threading.Lock()
        self.index: SearchIndex | None = None
        self.error: str | None = None
        self.checked = 0.0  # monotonic time of the last look at the `current` pointer
        self.refused: Path | None = None  # a build that could not be opened
        self.reload()

    def _current(self) -> Path | None:
        try:
            return current_folder(self.data_dir)
        except OSError:
            return None

    def reload(self) -> None:
        try:
            index = open_index(self.data_dir, self.cache_size)
        except IndexMissingError as exc:
            folder = self._current()
            if folder is not None and folder != self.refused:
                kept = f"; still serving {self.index.folder.name}" if self.index else ""
                self.logger.error("search index refused: %s%s", exc, kept)
            elif folder is None and self.error is None:
                self.logger.error("search index: none under %s (%s)", self.data_dir / "index", exc)
            self.refused = folder  # not tried again until `current` changes
            if self.index is None:
                self.error = str(exc)
            return
        old = self.index
        self.index, self.error, self.refused = index, None, None
        if old is not None:
            self.logger.warning("search index switched: %s -> %s", old.folder.name, index.folder.name)

    def recover(self, failed: SearchIndex) -> SearchIndex | None:
        """`failed` could not answer (its folder vanished or became unreadable): open the
        current build again, once for all threads. Returns the index to retry with, or None."""
        with self.lock:
            if self.index is failed:
                self.refused = None
                self.reload()
            if self.index is failed or self.index is None:
                return None
            return self.index

    def get(self) -> SearchIndex | None:
        now = time.monotonic()
        if now - self.checked < CHECK_EVERY_S and (self.index is not None or self.refused is not None):
            return self.index
        self.checked = now
        folder = self._current()
        loaded = self.index.folder if self.index else None
        if self.index is not None and folder == loaded and not self.index.present():
            loaded = None  # the folder was deleted under us: open `current` again
        if folder is not None and folder != loaded and folder != self.refused:
            with self.lock:
                same = self.index is not None and self.index.folder == folder and self.index.present()
                if not same and folder != self.refused:
                    self.reload()
        return self.index


def _data_dir(app: Flask) -> Path:
    configured = app.config.get("REFAPP_DATA_DIR")
    if configured:
        return Path(configured)
    from refapp.config import data_dir

    return data_dir()


def attach_index(app: Flask) -> None:
    """Open the index (errors are reported per request, not raised).
    Config: REFAPP_DATA_DIR; SEARCH_CACHE_SIZE (answers kept per index, default 1024, 0 = off)."""
    app.extensions[EXTENSION] = _Holder(
        _data_dir(app), int(app.config.get("SEARCH_CACHE_SIZE", 1024)), app.logger
    )


def index_version(app: Flask) -> str | None:
    holder: _Holder | None = app.extensions.get(EXTENSION)
    index = holder.get() if holder else None
    return index.folder.name if index else None


def index_in_use(app: Flask) -> SearchIndex | None:
    """The index `app` answers with now, without looking for a newer build (the metrics read its
    answer cache after every request)."""
    holder: _Holder | None = app.extensions.get(EXTENSION)
    return holder.index if holder else None


def opened_index() -> SearchIndex | None:
    """The current app's opened index (a newer build once it is current), or None without one."""
    return _holder().get()


def _holder() -> _Holder:
    holder = current_app.extensions.get(EXTENSION)
    if holder is None:
        holder = _Holder(_data_dir(current_app), logger=current_app.logger)
        current_app.extensions[EXTENSION] = holder
    return holder


def _text_param(params: dict[str, Any], name: str) -> str | None:
    value = params.get(name)
    if value is None:
        return None
    if isinstance(value, list | tuple):
        value = value[0] if value else None
    return None if value is None else str(value)


def run_search(params: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """Search with request-style parameters (q, lang, game, edition, kind, type, cost, limit;
    plain and no_intent, each text or a list of texts). Returns (JSON-ready dict, HTTP status):
    200 results, 400 a message about the input, 503 when no index has been built."""
    holder = _holder()
    index = holder.get()
    if index is None:
        return problem(f"search is not available: {holder.error}", 503)
    q = _text_param(params, "q")
    if q is None or not q.strip():
        return problem("missing query: pass q=, e.g. /api/search?q=图书馆", 400)
    filters = {k: v for k in FIELDS if (v := _text_param(params, k)) not in (None, "")}
    for attempt in range(2):
        try:
            without = parse_without(params.get("plain"), params.get("no_intent"))
            lang, limit = _text_param(params, "lang"), _text_param(params, "limit")
            found = index.search(q, lang, filters, limit, without)
            break
        except QueryError as exc:
            return problem(str(exc), 400)
        except IndexMissingError as exc:  # the index folder vanished or became unreadable
            current_app.logger.error("search failed: %s", exc)
            fresh = holder.recover(index) if attempt == 0 else None
            if fresh is None:
                return problem(f"search is not available: {exc}", 503)
            index = fresh  # the current build, opened again: answer with it
    data = found.to_dict()
    smap = scenario_map(current_app._get_current_object())  # type: ignore[attr-defined]
    for r in data["results"]:
        r["url"] = entry_url(r["id"])
        r["scenarios"] = smap.for_result(r["id"], r.get("ruling"))
    return data, 200


def run_suggest(params: dict[str, Any]) -> tuple[dict[str, Any], int]:
    holder = _holder()
    index = holder.get()
    if index is None:
        return problem(f"search is not available: {holder.error}", 503)
    q = _text_param(params, "q") or ""
    try:
        found = index.suggest(q, _text_param(params, "lang"), _text_param(params, "limit"))
    except QueryError as exc:
        return problem(str(exc), 400)
    for s in found:
        s["url"] = entry_url(s["id"]) + (f"#{s['ruling']}" if s.get("ruling") else "")
    return {"query": q, "suggestions": found}, 200
