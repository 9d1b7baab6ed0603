"""gzip for text responses when the client accepts it."""

from __future__ import annotations

import gzip

from flask import Request, Response

MIN_SIZE = 512
_COMPRESSIBLE = (
    "text/",
    "application/json",
    "application/javascript",
    "application/manifest+json",
    "image/svg+xml",
    "application/yaml",
)


def accepts_gzip(header: str | None) -> bool:
    for part in (header or "").split(","):
        bits = [b.strip() for b in part.split(";")]
        if bits[0].lower() in ("gzip", "*"):
            return not any(b.replace(" ", "") in ("q=0", "q=0.0", "q=0.00", "q=0.000") for b in bits[1:])
    return False


def gzip_response(request: Request, response: Response) -> Response:
    headers = response.headers
    names = {name.lower() for name, _ in headers}  # one pass (an absent name raises inside werkzeug)
    if "vary" in names:
        response.vary.add("Accept-Encoding")
    else:
        headers.add("Vary", "Accept-Encoding")  # what vary.add writes on an empty Vary
    if (
        not accepts_gzip(request.environ.get("HTTP_ACCEPT_ENCODING"))  # first: the cheapest "no"
        or request.method == "HEAD"
        or response.direct_passthrough
        or response.status_code < 200
        or response.status_code in (204, 304)
        or not (response.mimetype or "").startswith(_COMPRESSIBLE)
        or "content-encoding" in names
    ):
        return response
    data = response.get_data()
    if len(data) < MIN_SIZE:
        return response
    response.set_data(gzip.compress(data, compresslevel=6, mtime=0))
    headers["Content-Encoding"] = "gzip"
    return response  # ETags are weak (headers.conditional), so they hold for both encodings
