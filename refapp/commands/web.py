"""`refapp serve`: the production WSGI server (gunicorn) for the web app."""

from __future__ import annotations

import ipaddress
import os
import shutil
import sys
from pathlib import Path

import click

THREADS = 2  # per worker; measured against 1 and 4 in scripts/bench_serve.py
# A worker is replaced by a fresh fork of the master (the preloaded app, shared pages) after
# this many requests, plus up to a fifth more (jitter, so workers do not restart together):
# memory a worker took for heavy requests (the sandbox) and kept is returned (issue 21,
# defect 2). Figures: docs/deploy.md, scripts/measure_worker_memory.py.
MAX_REQUESTS = 2000
MALLOC_ARENA_MAX = "2"  # glibc heaps shared by a worker's threads (default: 8 per core)


def gunicorn_argv(
    host: str, port: int, workers: int, debug: bool, max_requests: int = MAX_REQUESTS
) -> list[str]:
    """The gunicorn command line; pure so tests can check it without starting a server."""
    argv = [
        "gunicorn",
        "--no-control-socket",
        "--bind",
        f"{host}:{port}",
        "--workers",
        str(workers),
        # A gthread worker that reads each request whole in its event loop before a thread
        # sees it (refapp/commands/serve_worker.py): idle or slow clients cost a socket, not a
        # worker. --preload loads the dataset, jieba and the index once before forking, so
        # workers share those pages and start answering at once. Figures: docs/deploy.md.
        "--worker-class",
        "refapp.commands.serve_worker.BufferingWorker",
        "--threads",
        str(THREADS),
        "--preload",
        # gunicorn's parser is not limited here because the worker bounds the request head
        # (HEAD_LIMIT, a browser's longest URL): a pasted 10,000-character query gets the app's
        # clear 400, not gunicorn's 414.
        "--limit-request-line",
        "0",
        "--keep-alive",
        "5",
        "--timeout",
        "30",
        "--graceful-timeout",
        "10",
        "--max-requests",
        str(max_requests),
        "--max-requests-jitter",
        str(max_requests // 5 if max_requests else 0),
        "--config",
        "python:refapp.commands.serve_config",
        "--access-logfile",
        "-",
    ]
    if debug:
        argv += ["--reload", "--log-level", "debug"]
    argv.append("refapp:create_app()")
    return argv


def is_loopback(host: str) -> bool:
    """Whether `host` names only this machine."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="TCP port.")
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 16), help="Worker processes.")
@click.option(
    "--max-requests",
    default=MAX_REQUESTS,
    show_default=True,
    type=click.IntRange(0, 10**7),
    help="Replace a worker after this many requests, plus up to a fifth more (0: never).",
)
@click.option(
    "--debug", is_flag=True, help="Flask's development server with the debugger (never in production)."
)
def serve(host: str, port: int, workers: int, max_requests: int, debug: bool) -> None:
    """Serve the web app with gunicorn (or Flask's debug server with --debug)."""
    if debug:
        if not is_loopback(host):
            raise click.UsageError(
                f"--debug runs Flask's debugger, which executes code for whoever reaches it; "
                f"it listens on loopback only (127.0.0.1, ::1, localhost), not {host}"
            )
        from refapp import create_app

        create_app().run(host=host, port=port, debug=True)
        return
    exe = shutil.which(
        "gunicorn", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    )
    if exe is None:
        raise click.ClickException("gunicorn is not installed in this environment")
    argv = gunicorn_argv(host, port, workers, debug=False, max_requests=max_requests)
    os.environ.setdefault("MALLOC_ARENA_MAX", MALLOC_ARENA_MAX)
    click.echo(f"serving on http://{host}:{port}/", err=True)
    os.execv(exe, [exe, *argv[1:]])



def export_assets(target: Path) -> list[Path]:
    """Write every static asset under `target` at its fingerprinted URL path (and a .gz twin when
    smaller) so a proxy can serve /static/ itself; returns the files written."""
    from refapp.assets import load_assets

    written: list[Path] = []
    for asset in load_assets().values():
        path = target / asset.url.lstrip("/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(asset.body)
        written.append(path)
        if asset.gzipped is not None:
            packed = path.with_name(path.name + ".gz")
            packed.write_bytes(asset.gzipped)
            written.append(packed)
    return written


@click.command("export-static")
@click.argument("target", type=click.Path(file_okay=False, path_type=Path))
def export_static(target: Path) -> None:
    """Write the fingerprinted static files under TARGET/static/ for nginx (deploy/nginx)."""
    try:
        written = export_assets(target)
    except OSError as exc:
        where = exc.filename or target
        raise click.ClickException(f"could not write {where}: {exc.strerror or exc}") from None
    click.echo(f"wrote {len(written)} files under {target / 'static'}")


COMMANDS = [serve, export_static]
