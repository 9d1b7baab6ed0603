"""Security and caching headers added to every response."""

from __future__ import annotations

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
