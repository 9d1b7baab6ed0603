"""gunicorn settings for `refapp serve` (`--config python:refapp.commands.serve_config`).

- Access logs are JSON lines (one object per request: time, client, method, path, query,
  status, bytes, duration, user agent, the X-Request-ID nginx sets).
- /metrics aggregates over the worker processes: prometheus-client's multiprocess mode needs a
  folder for the workers' counters, set here before the app (and prometheus_client) is loaded,
  emptied at start and told when a worker exits.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import tempfile
from pathlib import Path

from gunicorn.glogging import Logger

METRICS_DIR_ENV = "PROMETHEUS_MULTIPROC_DIR"


def _metrics_dir() -> Path:
    configured = os.environ.get(METRICS_DIR_ENV)
    folder = Path(configured) if configured else Path(tempfile.mkdtemp(prefix="refapp-metrics-"))
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.db"):  # counters of an earlier run of this server
        stale.unlink(missing_ok=True)
    os.environ[METRICS_DIR_ENV] = str(folder)
    return folder


_metrics_dir()


def access_record(status: str | int, environ: dict, sent: int | None, seconds: float) -> dict:
    """The JSON object logged for one request (pure, so tests can check it)."""
    return {
        "time": _dt.datetime.now(_dt.UTC).isoformat(timespec="milliseconds"),
        "client": environ.get("REMOTE_ADDR", ""),
        "forwarded_for": environ.get("HTTP_X_FORWARDED_FOR", ""),
        "request_id": environ.get("HTTP_X_REQUEST_ID", ""),
        "method": environ.get("REQUEST_METHOD", ""),
        "path": environ.get("PATH_INFO", ""),
        "query": environ.get("QUERY_STRING", "")[:1000],
        "status": int(str(status).split(None, 1)[0]),
        "bytes": sent or 0,
        "duration_ms": round(seconds * 1000, 2),
        "user_agent": environ.get("HTTP_USER_AGENT", "")[:300],
        "pid": os.getpid(),
    }


class JsonAccessLogger(Logger):
    """gunicorn's logger, with one JSON object per line in the access log."""

    def access(self, resp, req, environ, request_time):  # type: ignore[no-untyped-def]
        if not self.access_log_enabled:
            return
        record = access_record(
            resp.status, environ, getattr(resp, "sent", None), request_time.total_seconds()
        )
        self.access_log.info(json.dumps(record, ensure_ascii=False))


logger_class = JsonAccessLogger


def child_exit(server, worker) -> None:  # type: ignore[no-untyped-def]
    """Forget a dead worker's gauges (its counters stay in the totals, as Prometheus expects)."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)
