"""`GET /metrics`: the Prometheus text of refapp/metrics.py (requests, latency, search cache,
dataset and index versions)."""

from __future__ import annotations

from flask import Blueprint, Response, current_app
from prometheus_client import CONTENT_TYPE_LATEST

from refapp.metrics import exposition

bp = Blueprint("metrics", __name__)


@bp.get("/metrics")
def metrics_page() -> Response:
    response = Response(exposition(current_app), mimetype=CONTENT_TYPE_LATEST)
    response.headers["Cache-Control"] = "no-store"
    return response
