"""Liveness and readiness: `GET /healthz` (the process answers) and `GET /readyz` (it can
serve: dataset, search index and scenarios loaded, and the build `index/current` names is
there). Both report the dataset and index versions, so a rolling update can be watched replica
by replica. They are public: they never show a server path (the log has the details)."""

from __future__ import annotations

from flask import Blueprint, jsonify

from refapp.readiness import readiness

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz():  # type: ignore[no-untyped-def]
    """Live: 200 whenever the process answers (restart it only when this fails)."""
    body = readiness()
    return jsonify({"status": "live", **body}), 200


@bp.get("/readyz")
def readyz():  # type: ignore[no-untyped-def]
    """Ready: 200 only when dataset, index and scenarios are loaded, else 503 (take it out of
    the load balancer, do not restart it)."""
    body = readiness()
    return jsonify({"status": "ready" if body["ready"] else "not ready", **body}), (
        200 if body["ready"] else 503
    )
