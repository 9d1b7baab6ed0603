"""Fingerprinted static files, served from memory (precompressed) with a year-long cache."""

from __future__ import annotations

from flask import Blueprint, Response, abort, make_response, request

from refapp.assets import LONG_CACHE
from refapp.compress import accepts_gzip
from refapp.state import get_state

bp = Blueprint("static_files", __name__)


@bp.get("/static/<path:filename>")
def static_asset(filename: str) -> Response:
    state = get_state()
    asset = state.assets_by_url.get("/static/" + filename)
    if asset is None:
        abort(404)
    packed = asset.gzipped is not None and accepts_gzip(request.headers.get("Accept-Encoding"))
    response = make_response(asset.gzipped if packed else asset.body)
    response.mimetype = asset.mimetype
    if asset.mimetype.startswith("text/") or asset.mimetype.endswith("javascript"):
        response.charset = "utf-8"
    if packed:
        response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    response.headers["Cache-Control"] = LONG_CACHE
    return response
