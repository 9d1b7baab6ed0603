"""Security and caching headers added to every response."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

from flask import Request, Response
from werkzeug.http import generate_etag, http_date, quote_etag

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}


_SECURITY_ITEMS = tuple((name.lower(), name, value) for name, value in SECURITY_HEADERS.items())
# Request headers that can turn a 200 into a 304/412 in werkzeug's make_conditional (Range is
# never served: accept_ranges stays off).
_CONDITIONAL_ENVIRON = (
    "HTTP_IF_NONE_MATCH",
    "HTTP_IF_MATCH",
    "HTTP_IF_MODIFIED_SINCE",
    "HTTP_IF_RANGE",
    "HTTP_RANGE",
)


def header_names(response: Response) -> set[str]:
    """The response's header names, lower case: one pass over werkzeug's header list (each
    `name in response.headers` for an absent name scans it and raises a KeyError inside)."""
    return {name.lower() for name, _ in response.headers}


def add_security_headers(response: Response) -> Response:
    present = header_names(response)
    for lower, name, value in _SECURITY_ITEMS:
        if lower not in present:  # a view's own value wins
            response.headers.add(name, value)
    if "cache-control" not in present:
        # Pages depend on the language cookie; let the service worker and browser revalidate.
        response.headers.add("Cache-Control", "no-cache")
    return response


_date_cache: tuple[int, str] = (0, "")


def _http_date_now() -> str:
    """werkzeug's http_date() for now, formatted once per second."""
    global _date_cache
    now = int(time.time())
    cached = _date_cache
    if cached[0] != now:
        cached = _date_cache = (now, http_date(now))
    return cached[1]


def conditional(request: Request, response: Response) -> Response:
    """A weak ETag on every successful GET, and 304 Not Modified when the client already has it."""
    if request.method not in ("GET", "HEAD") or response.status_code != 200 or response.direct_passthrough:
        return response
    present = header_names(response)
    if "etag" not in present:  # response.add_etag(weak=True), without its second look
        response.headers.add("ETag", quote_etag(generate_etag(response.get_data()), weak=True))
    environ = request.environ
    if any(environ.get(key) for key in _CONDITIONAL_ENVIRON):
        return response.make_conditional(request)
    # No validator or range in the request: what make_conditional does then, without its
    # parsing (Date, and Content-Length when werkzeug would set it).
    if "date" not in present:
        response.headers.add("Date", _http_date_now())
    if response.automatically_set_content_length and "content-length" not in present:
        length = response.calculate_content_length()
        if length is not None:
            response.headers.add("Content-Length", str(length))
    return response


def relative_location(request: Request, response: Response) -> Response:
    """Redirects to this site (e.g. werkzeug's merge of `//` in a path) name only the path:
    a Location built from the client's Host header would send the reader wherever the
    client said this server is."""
    if not 300 <= response.status_code < 400:
        return response
    location = response.headers.get("Location")
    if not location:
        return response
    parts = urlsplit(location)
    if parts.scheme or parts.netloc:
        if parts.netloc != request.host:
            return response  # a deliberate redirect elsewhere (the app has none today)
        path = "/" + parts.path.lstrip("/")
        response.headers["Location"] = path + (f"?{parts.query}" if parts.query else "")
    return response
