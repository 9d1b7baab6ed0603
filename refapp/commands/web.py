"""`refapp serve`: the production WSGI server (gunicorn) for the web app."""

from __future__ import annotations

import os
import shutil
import sys

import click


def gunicorn_argv(host: str, port: int, workers: int, debug: bool) -> list[str]:
    """The gunicorn command line; pure so tests can check it without starting a server."""
    argv = [
        "gunicorn",
        "--no-control-socket",
        "--bind",
        f"{host}:{port}",
        "--workers",
        str(workers),
        # Sync workers: on this 2-core machine gthread (4 threads) gave the same throughput with a
        # p99 of 64 ms against 28 ms (docs/perf.md); --preload loads the dataset, jieba and the
        # index once before forking, so workers share those pages and start answering at once.
        "--worker-class",
        "sync",
        "--preload",
        # gunicorn refuses request lines over 4094 bytes with its own 414 page; a pasted
        # 10,000-character query must reach the app, which answers it with a clear 400.
        "--limit-request-line",
        "0",
        "--timeout",
        "30",
        "--access-logfile",
        "-",
    ]
    if debug:
        argv += ["--reload", "--log-level", "debug"]
    argv.append("refapp:create_app()")
    return argv


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="TCP port.")
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 16), help="Worker processes.")
@click.option(
    "--debug", is_flag=True, help="Flask's development server with the debugger (never in production)."
)
def serve(host: str, port: int, workers: int, debug: bool) -> None:
    """Serve the web app with gunicorn (or Flask's debug server with --debug)."""
    if debug:
        from refapp import create_app

        create_app().run(host=host, port=port, debug=True)
        return
    exe = shutil.which(
        "gunicorn", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    )
    if exe is None:
        raise click.ClickException("gunicorn is not installed in this environment")
    argv = gunicorn_argv(host, port, workers, debug=False)
    click.echo(f"serving on http://{host}:{port}/", err=True)
    os.execv(exe, [exe, *argv[1:]])


COMMANDS = [serve]
