"""`refapp serve` starts gunicorn on loopback and answers with the app (no control socket)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_refapp_serve_answers_healthz(tmp_path):
    port = free_port()
    refapp_bin = Path(sys.executable).with_name("refapp")
    env = {**os.environ, "REFAPP_DATA_DIR": str(tmp_path), "HOME": str(tmp_path)}
    proc = subprocess.Popen(
        [str(refapp_bin), "serve", "--port", str(port), "--workers", "1"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        body = None
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:  # noqa: S310
                    body = json.loads(r.read().decode())
                    break
            except OSError:
                time.sleep(0.1)
        assert body is not None, "server did not answer"
        assert body["dataset"]["entries"] > 0
        assert not list(tmp_path.glob(".gunicorn*")), "gunicorn opened a control socket in HOME"
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)
