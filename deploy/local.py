"""A cluster on loopback for `make deploy-test`: refapp replicas and Debian's nginx in front,
configured from deploy/nginx/ exactly as in production (only addresses and folders differ)."""

from __future__ import annotations

import atexit
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NGINX_DIR = ROOT / "deploy" / "nginx"
BIN = Path(sys.executable).parent


def render_template(text: str, **values: str) -> str:
    """What the nginx image's envsubst does with the template: ${REFAPP_...} replaced, nginx's
    own $variables left alone. A name without a value is an error, not an empty string."""
    return re.sub(r"\$\{(REFAPP_[A-Z_]+)\}", lambda m: values[m.group(1)], text)


@contextmanager
def work_folder(prefix: str = "refapp-deploy-", keep: bool = False) -> Iterator[Path]:
    """A temporary folder (builds, replicas' data, nginx's files and logs: about 30 MB) that is
    removed however the block ends: normally, by an exception, by Ctrl-C, or by SIGTERM/SIGHUP
    (turned into SystemExit so that `finally` blocks, which stop the servers, run first). atexit
    covers an exit from elsewhere. keep=True leaves it for a post-mortem."""
    path = Path(tempfile.mkdtemp(prefix=prefix))
    os.chmod(path, 0o755)  # nginx's workers (nobody when run as root) read the static files in it

    def remove() -> None:
        shutil.rmtree(path, ignore_errors=True)

    def stop(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)

    previous = {}
    if threading.current_thread() is threading.main_thread():
        for signum in (signal.SIGTERM, signal.SIGHUP):
            previous[signum] = signal.signal(signum, stop)
    if not keep:
        atexit.register(remove)
    try:
        yield path
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if not keep:
            remove()
            atexit.unregister(remove)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port: int, path: str, source: str = "127.0.0.1", timeout: float = 10.0) -> tuple[int, dict, bytes]:
    """One GET from `source` (any 127.x.y.z address is this machine): (status, headers, body)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        conn.request("GET", path)
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()


def wait_ready(port: int, seconds: float = 60.0) -> dict:
    """The server's /readyz once it answers 200. Before the server listens, a connection to its
    port (an ephemeral one, from `free_port`) may be one the kernel joins to itself, whose
    'answer' is the request read back (http.client.BadStatusLine): that is not ready either."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            status, _, body = get(port, "/readyz", timeout=2)
            if status == 200:
                return json.loads(body)
        except (OSError, http.client.HTTPException):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"nothing ready on port {port} after {seconds:.0f} s")


def build_artifact(work: Path, name: str) -> Path:
    """Build the index once (a release artifact); returns the build folder."""
    out = work / name
    cmd = [str(BIN / "refapp"), "build-index", "--data-dir", str(out)]
    subprocess.run(cmd, check=True, capture_output=True)
    return (out / "index" / "current").resolve()


def install_index(build: Path, data_dir: Path) -> None:
    """Copy a built index into a replica's data folder and make it current atomically (what a
    replica's new image or volume does); the running server picks it up within a second."""
    root = data_dir / "index"
    root.mkdir(parents=True, exist_ok=True)
    if not (root / build.name).exists():
        shutil.copytree(build, root / f".copy-{build.name}")
        (root / f".copy-{build.name}").rename(root / build.name)
    tmp = root / f".current-{os.getpid()}-{time.monotonic_ns()}"
    os.symlink(build.name, tmp)
    os.replace(tmp, root / "current")


@dataclass
class Replica:
    name: str
    port: int
    data_dir: Path
    log: Path
    proc: subprocess.Popen | None = None

    def start(self, workers: int = 1) -> None:
        env = {**os.environ, "REFAPP_DATA_DIR": str(self.data_dir), "HOME": str(self.data_dir)}
        env["PROMETHEUS_MULTIPROC_DIR"] = str(self.data_dir / "metrics")
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [str(BIN / "refapp"), "serve", "--port", str(self.port), "--workers", str(workers)],
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def kill9(self) -> None:
        """A crash: SIGKILL to the master and its workers at once."""
        if self.proc:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        """A graceful stop (what an orchestrator sends first): in-flight requests finish."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill9()


@dataclass
class Proxy:
    port: int
    work: Path
    upstreams: list[int]
    rate: int
    burst: int
    proc: subprocess.Popen | None = None
    conf: Path = field(init=False)

    def render(self) -> Path:
        """deploy/nginx/refapp.conf.template with this cluster's values, inside a main file."""
        servers = " ".join(f"server 127.0.0.1:{p} max_fails=2 fail_timeout=5s;" for p in self.upstreams)
        site = render_template(
            (NGINX_DIR / "refapp.conf.template").read_text(encoding="utf-8"),
            REFAPP_UPSTREAM_SERVERS=servers,
            REFAPP_LISTEN=f"127.0.0.1:{self.port}",
            REFAPP_STATIC_ROOT=str(self.work / "public"),
            REFAPP_RATE=str(self.rate),
            REFAPP_BURST=str(self.burst),
            REFAPP_SNIPPETS=str(NGINX_DIR),
        )
        (self.work / "refapp.conf").write_text(site, encoding="utf-8")
        temp = self.work / "nginx-temp"
        temp.mkdir(exist_ok=True)
        user = "user nobody nogroup;\n" if os.geteuid() == 0 else ""
        if user:
            shutil.chown(temp, "nobody", "nogroup")
        self.conf = self.work / "nginx.conf"
        self.conf.write_text(
            f"{user}worker_processes 1;\npid {self.work}/nginx.pid;\n"
            f"error_log {self.work}/nginx-error.log warn;\n"
            "events { worker_connections 1024; }\n"
            "http {\n  include /etc/nginx/mime.types;\n"
            f"  client_body_temp_path {temp}/body;\n  proxy_temp_path {temp}/proxy;\n"
            f"  fastcgi_temp_path {temp}/fastcgi;\n  uwsgi_temp_path {temp}/uwsgi;\n"
            f"  scgi_temp_path {temp}/scgi;\n"
            f"  include {self.work}/refapp.conf;\n}}\n",
            encoding="utf-8",
        )
        return self.conf

    def start(self) -> None:
        self.render()
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        subprocess.run([nginx, "-t", "-q", "-c", str(self.conf), "-p", str(self.work)], check=True)
        self.proc = subprocess.Popen(
            [nginx, "-c", str(self.conf), "-p", str(self.work), "-g", "daemon off;"],
            stdout=(self.work / "nginx-access.log").open("ab"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=10)
