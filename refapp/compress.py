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
    response.vary.add("Accept-Encoding")
    if (
        request.method == "HEAD"
        or response.direct_passthrough
        or response.status_code < 200
        or response.status_code in (204, 304)
        or "Content-Encoding" in response.headers
        or not (response.mimetype or "").startswith(_COMPRESSIBLE)
        or not accepts_gzip(request.headers.get("Accept-Encoding"))
    ):
        return response
    data = response.get_data()
    if len(data) < MIN_SIZE:
        return response
    response.set_data(gzip.compress(data, compresslevel=6, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    return response  # ETags are weak (headers.conditional), so they hold for both encodings
