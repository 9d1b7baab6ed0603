"""gunicorn settings for `refapp serve` (`--config python:refapp.commands.serve_config`).

- Access logs are JSON lines (one object per request: time, client, method, path, query,
  status, bytes, duration, user agent; X-Forwarded-For and X-Request-ID only as a trusted proxy
  sent them, `refapp/client_info.py`, else a generated request id).
- /metrics aggregates over the worker processes: prometheus-client's multiprocess mode needs a
  folder for the workers' counters, set here before the app (and prometheus_client) is loaded,
  emptied at start and told when a worker exits. A folder made here (no
  PROMETHEUS_MULTIPROC_DIR given) is removed when the process that made it exits (gunicorn's
  on_exit in the master, else at exit; forked workers leave it alone).
- A kept-alive connection is closed after REQUESTS_PER_CONNECTION answers (`pre_request`), so
  that a recycled worker's clients do not all stay on the other worker.
"""

from __future__ import annotations

import atexit
import datetime as _dt
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from gunicorn.glogging import Logger

METRICS_DIR_ENV = "PROMETHEUS_MULTIPROC_DIR"
MADE_BY_ENV = "REFAPP_METRICS_DIR_MADE_BY"  # pid of the process that made the folder (gunicorn
# imports this module twice, so the fact lives in the environment, as the folder's name does)


def remove_if_mine() -> None:
    """Remove the metrics folder if this process made it (not a forked worker, not a folder
    given in PROMETHEUS_MULTIPROC_DIR)."""
    folder = os.environ.get(METRICS_DIR_ENV)
    if folder and os.environ.get(MADE_BY_ENV) == str(os.getpid()):
        shutil.rmtree(folder, ignore_errors=True)


def _metrics_dir() -> Path:
    configured = os.environ.get(METRICS_DIR_ENV)
    if configured:
        folder = Path(configured)
    else:
        folder = Path(tempfile.mkdtemp(prefix="refapp-metrics-"))
        os.environ[MADE_BY_ENV] = str(os.getpid())
        atexit.register(remove_if_mine)
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.db"):  # counters of an earlier run of this server
        stale.unlink(missing_ok=True)
    os.environ[METRICS_DIR_ENV] = str(folder)
    return folder


def _loaded_by_gunicorn() -> bool:
    """Whether this process is gunicorn reading its settings (`refapp serve` execs it). Any other
    import (the `refapp` command registering its modules, a test) must leave the environment as it
    is: a metrics folder set for the test process would send every later app's counters there."""
    return Path(sys.argv[0]).name == "gunicorn"


if _loaded_by_gunicorn():
    _metrics_dir()


def access_record(status: str | int, environ: dict, sent: int | None, seconds: float) -> dict:
    """The JSON object logged for one request (pure, so tests can check it)."""
    # imported here: the metrics folder must be set before anything could load prometheus_client
    from refapp.client_info import forwarded_for, request_id

    return {
        "time": _dt.datetime.now(_dt.UTC).isoformat(timespec="milliseconds"),
        "client": environ.get("REMOTE_ADDR", ""),
        "forwarded_for": forwarded_for(environ),
        "request_id": request_id(environ),
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


def on_starting(server) -> None:  # type: ignore[no-untyped-def]
    """In the master, before it listens: what every worker would otherwise make on a reader's
    first visit, made once (refapp.warm; the app is preloaded). Before listening, not before
    forking: a replica restarting refuses connections meanwhile, so the proxy asks another
    replica at once instead of waiting on a socket nobody answers (a reader's 504 in deploy-test)."""
    from refapp.warm import before_fork

    before_fork(server.app.wsgi())
    _freeze_loaded()


def _freeze_loaded() -> None:
    """What is loaded now (the app, the search index, pypinyin's and jieba's tables: a quarter of
    a million objects) lives as long as the process: moved out of the garbage collector's
    generations, so the full collections a worker makes while answering no longer walk it (3%
    of a search's instructions), and the workers forked from here do not write to its pages by
    collecting it. A worker that later opens a newer build keeps the first index's frozen
    objects that are in cycles: pages it shares with the master, which holds that index anyway."""
    import gc

    gc.collect()  # nothing that is already garbage is kept
    gc.freeze()


def child_exit(server, worker) -> None:  # type: ignore[no-untyped-def]
    """Forget a dead worker's gauges (its counters stay in the totals, as Prometheus expects)."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


def on_exit(server) -> None:  # type: ignore[no-untyped-def]
    """The master stops: remove the metrics folder made for this run (the atexit hook does not
    run in gunicorn's master)."""
    remove_if_mine()


HEAVY_PATHS = ("/api/sandbox", "/sandbox")  # answers that build megabytes of objects
_libc = None


def _malloc_trim() -> None:
    """Give the heap's free pages back to the system (glibc keeps them after a big request)."""
    global _libc
    if _libc is None:
        import ctypes
        import ctypes.util

        try:
            _libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
            _libc.malloc_trim  # noqa: B018 - glibc only
        except (OSError, AttributeError):
            _libc = False
    if _libc:
        _libc.malloc_trim(0)


REQUESTS_PER_CONNECTION = 10  # answers on one kept-alive connection, the last saying Connection: close


def pre_request(worker, req) -> None:  # type: ignore[no-untyped-def]
    """A kept-alive connection is closed after REQUESTS_PER_CONNECTION answers (as nginx's
    keepalive_requests), so that connections spread again over the workers. A connection stays
    with the worker that accepted it: when one worker is recycled (--max-requests), its clients
    reconnect to the one still running while the new one starts, and the proxy's (or a
    benchmark's) kept-alive connections all ended up on one worker, the other idle: a replica
    answered with half its CPUs (scripts/bench_serve.py's uncached searches: 528 requests/s
    without a limit, 730 with 10; 5 and 2 gave 714 and 632; docs/deploy.md). Reconnecting costs
    the client a handshake every tenth request. (gunicorn's own pre_request, replaced here, only
    logged the request at debug level; the access log has it.)"""
    if req.req_number >= REQUESTS_PER_CONNECTION:
        req.force_close()


def post_request(worker, req, environ, resp) -> None:  # type: ignore[no-untyped-def]
    """After a sandbox answer, return the memory it used (issue 21, defect 2: workers went from
    189 to 325 MiB after 20 heavy requests and stayed there)."""
    if str(environ.get("PATH_INFO", "")).startswith(HEAVY_PATHS):
        _malloc_trim()


def worker_exit(server, worker) -> None:  # type: ignore[no-untyped-def]
    """A worker leaves (recycled after --max-requests, or stopped) without tearing its objects
    down one by one: the app, the index and the tables it shares with the master would each be
    freed, touching (and so copying) pages it shares, a tenth of a second of CPU per worker for
    nothing. Logs and standard streams are flushed first; the exit status is gunicorn's (0, or
    its boot and load errors, which the master reads)."""
    import logging

    leaving = sys.exc_info()[1]  # gunicorn calls this while its SystemExit is on its way out
    code = leaving.code if isinstance(leaving, SystemExit) else 0
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code if isinstance(code, int) else 0 if code is None else 1)
