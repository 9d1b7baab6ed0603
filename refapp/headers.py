"""Security and caching headers added to every response."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Request, Response

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


def add_security_headers(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if "Cache-Control" not in response.headers:
        # Pages depend on the language cookie; let the service worker and browser revalidate.
        response.headers["Cache-Control"] = "no-cache"
    return response


def conditional(request: Request, response: Response) -> Response:
    """A weak ETag on every successful GET, and 304 Not Modified when the client already has it."""
    if request.method not in ("GET", "HEAD") or response.status_code != 200 or response.direct_passthrough:
        return response
    if "ETag" not in response.headers:
        response.add_etag(weak=True)
    return response.make_conditional(request)


def relative_location(request: Request, response: Response) -> Response:
    """Redirects to this site (e.g. werkzeug's merge of `//` in a path) name only the path:
    a Location built from the client's Host header would send the reader wherever the
    client said this server is."""
    location = response.headers.get("Location")
    if not location or not 300 <= response.status_code < 400:
        return response
    parts = urlsplit(location)
    if parts.scheme or parts.netloc:
        if parts.netloc != request.host:
            return response  # a deliberate redirect elsewhere (the app has none today)
        path = "/" + parts.path.lstrip("/")
        response.headers["Location"] = path + (f"?{parts.query}" if parts.query else "")
    return response
