"""Requests refused before the app routes them (issue 21, defect 10): a path longer than any
address of the site, or more query parameters than any page reads. A 2 MB path cost 1 s of CPU
and came back in a 6 MB 404 page (the page's language links repeat it); 10^6 parameters cost
1.4 s to parse. The answer is a short 414 or 400 that never repeats the request.

A WSGI middleware around the Flask app, so the check costs a length and a count, under any
server (gunicorn, Flask's debug server, the test client)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from refapp.headers import SECURITY_HEADERS

MAX_PATH = 2048  # characters of the path (the site's longest address is under 200)
MAX_PARAMS = 100  # query parameters (the search reads 8)

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def refusal(environ: dict[str, Any]) -> tuple[str, str] | None:
    """(status line, reason) when the request is over a limit, else None."""
    if len(environ.get("PATH_INFO", "")) > MAX_PATH:
        return "414 URI Too Long", f"the address is longer than {MAX_PATH} characters"
    query = environ.get("QUERY_STRING", "")
    if query.count("&") >= MAX_PARAMS:  # at least MAX_PARAMS + 1 parameters
        return "400 Bad Request", f"more than {MAX_PARAMS} query parameters"
    return None


def limit_requests(app: WSGIApp) -> WSGIApp:
    def guarded(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        refused = refusal(environ)
        if refused is None:
            return app(environ, start_response)
        status, reason = refused
        if environ.get("PATH_INFO", "").startswith("/api/"):
            body = json.dumps({"error": reason, "status": int(status[:3])}).encode()
            kind = "application/json"
        else:
            body = f"{status}: {reason}.\n".encode()
            kind = "text/plain; charset=utf-8"
        headers = [("Content-Type", kind), ("Content-Length", str(len(body))), *SECURITY_HEADERS.items()]
        start_response(status, headers)
        return [body]

    return guarded
