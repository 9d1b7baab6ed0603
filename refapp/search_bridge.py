"""The search area's module (refapp.api_search), used when it is present.

The HTML results page calls the same `run_search(params)` as `GET /api/search`, so the page
and the API always render the same object.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask

SearchFunction = Callable[[dict[str, str]], tuple[dict[str, Any], int]]


def attach_search(app: Flask, log: Callable[[str], None]) -> SearchFunction | None:
    """Register the search API blueprint and return its `run_search`, or None when it is missing."""
    injected = app.config.get("SEARCH_FUNCTION")
    if injected is not None:
        return injected
    try:
        from refapp import api_search
    except Exception as exc:  # noqa: BLE001 - the rest of the site works without search
        log(f"search module unavailable ({exc!r}); the results page will say so")
        return None
    try:
        api_search.init_app(app)
    except Exception as exc:  # noqa: BLE001 - e.g. the index was never built
        log(f"search could not start ({exc!r}); the results page will say so")
        return None
    return api_search.run_search


def index_version(app: Flask) -> str | None:
    """The search index version, if the search module can tell."""
    try:
        from refapp import api_search
    except Exception:  # noqa: BLE001
        return None
    getter = getattr(api_search, "index_version", None)
    if callable(getter):
        try:
            value = getter(app)
        except Exception:  # noqa: BLE001
            return None
        return str(value) if value is not None else None
    return None
