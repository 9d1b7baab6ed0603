"""Fingerprinted static files, served from memory with a year-long cache."""

from __future__ import annotations

from flask import Blueprint, Response, abort, make_response

from refapp.assets import LONG_CACHE
from refapp.state import get_state

bp = Blueprint("static_files", __name__)


@bp.get("/static/<path:filename>")
def static_asset(filename: str) -> Response:
    state = get_state()
    for asset in state.assets.values():
        if asset.url == "/static/" + filename:
            response = make_response(asset.body)
            response.mimetype = asset.mimetype
            if asset.mimetype.startswith("text/") or asset.mimetype.endswith("javascript"):
                response.charset = "utf-8"
            response.headers["Cache-Control"] = LONG_CACHE
            return response
    abort(404)
