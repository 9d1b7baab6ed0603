"""Search API: `GET /api/search` and `GET /api/suggest` (the search itself: refapp/search.py)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request

from index.query import WITHOUT_PARAMS
from refapp.search import run_search, run_suggest
from refapp.search_json import search_response

bp = Blueprint("search_api", __name__)


@bp.get("/api/search")
def api_search():  # type: ignore[no-untyped-def]
    params: dict[str, Any] = request.args.to_dict()
    params.update({k: request.args.getlist(k) for k in WITHOUT_PARAMS if k in request.args})
    data, status = run_search(params)
    return search_response(data, status)


@bp.get("/api/suggest")
def api_suggest():  # type: ignore[no-untyped-def]
    data, status = run_suggest(request.args.to_dict())
    return jsonify(data), status
