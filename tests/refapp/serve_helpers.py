"""Start `refapp serve` for real on 127.0.0.1 and talk to it with plain sockets (tests only)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

REFAPP = Path(sys.executable).with_name("refapp")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(
    port: int, path: str, timeout: float = 5.0, headers: dict[str, str] | None = None
) -> tuple[int, bytes]:
    """One request; `timeout` is how long a client would wait before giving up."""
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:  # noqa: S310
            return r.status, r.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def raw(port: int, data: bytes, timeout: float = 10.0) -> bytes:
    """Send raw bytes and read the whole answer (the server closes the connection)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        out = b""
        while chunk := s.recv(65536):
            out += chunk
        return out


@dataclass
class Served:
    port: int
    log: Path
    data_dir: Path
    proc: subprocess.Popen

    def stop(self, sig: int = signal.SIGTERM) -> None:
        """Signal the master (gunicorn's graceful stop on SIGTERM)."""
        os.kill(self.proc.pid, sig)


@contextlib.contextmanager
def served(data_dir: Path, *args: str, env: dict[str, str] | None = None) -> Iterator[Served]:
    """`refapp serve` on a free port with the index under `data_dir` (built by the caller),
    until /readyz answers 200; stopped (SIGTERM, then SIGKILL) when the block ends."""
    port = free_port()
    log = data_dir / f"serve-{port}.log"
    full_env = {**os.environ, "REFAPP_DATA_DIR": str(data_dir), "HOME": str(data_dir), **(env or {})}
    full_env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [str(REFAPP), "serve", "--port", str(port), *args],
            env=full_env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        # bounded by the server's own start, not by a clock that a busy machine outruns: it makes
        # the saved pack's data before it listens (seconds of CPU); only a server that never
        # answers is given up on, after 3,000 tries
        for _ in range(3000):
            try:
                if get(port, "/readyz", timeout=2)[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
            if proc.poll() is not None:
                break
        else:
            raise AssertionError("refapp serve did not become ready: " + log.read_text()[-2000:])
        if proc.poll() is not None:
            raise AssertionError("refapp serve exited: " + log.read_text()[-2000:])
        yield Served(port, log, data_dir, proc)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)
