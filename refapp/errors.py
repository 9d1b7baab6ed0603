"""The web app's exceptions: one root, :class:`RefappError`, that every error a refapp module
raises derives from (each keeps its builtin base: a bad parameter is a ``ValueError``, a missing
demonstration a ``LookupError``). Each is turned into a clear answer where it is caught (a 400,
404, 422 or 503 with its message), never a traceback: the error pages are
``views/error_pages``, and :func:`problem` is the JSON body every refusal of the API has."""

from __future__ import annotations

from typing import Any


class RefappError(Exception):
    """The root of the web app's errors: a request or a file the app cannot use as given."""


def problem(error: str, status: int, /, **extra: Any) -> tuple[dict[str, Any], int]:
    """A refusal as JSON: ``{"error": error, "status": status, **extra}`` and the status (any
    extra field may be named, `message` too)."""
    return {"error": error, "status": status, **extra}, status
