"""The nginx front (deploy/nginx/) as a client meets it: the rendered template in a real nginx,
in front of a stub replica on loopback. What nginx answers itself (a malformed request, a
replica that fails, a client over its limits) is a 4xx/5xx with the app's security headers and
a JSON body naming the real status; proxied answers pass through once."""

from __future__ import annotations

import http.client
import json
import re
import shutil
import socket
import sys
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from refapp.headers import SECURITY_HEADERS

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy"))

from local import Proxy, free_port  # noqa: E402

NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
pytestmark = pytest.mark.skipif(NGINX is None, reason="nginx not installed")
RATE, BURST = 20, 40  # what compose.yaml and the Containerfile set


class StubReplica(ThreadingHTTPServer):
    """Answers 200 with the app's security headers; /broken closes without an answer (nginx
    sees a failed replica); heavy routes wait until the test releases them."""

    daemon_threads = True
    request_queue_size = 256

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), StubHandler)
        self.release = threading.Event()
        self.lock = threading.Lock()
        self.waiting = 0
        self.arrived = threading.Condition(self.lock)
        self.seen: list[dict[str, str]] = []  # the path and headers of each request answered


class StubHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:  # type: ignore[no-untyped-def]
        pass

    def answer(self) -> None:
        server: StubReplica = self.server  # type: ignore[assignment]
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        if self.path.startswith("/broken"):
            self.close_connection = True
            return
        if self.path.startswith(("/api/sandbox", "/sandbox/scenario.yaml", "/sandbox?s=")):
            with server.arrived:
                server.waiting += 1
                server.arrived.notify_all()
            server.release.wait(30)
        server.seen.append({"path": self.path, **{k.lower(): v for k, v in self.headers.items()}})
        body = b'{"ok": true}'
        self.send_response(200)
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_HEAD = answer  # noqa: N815


@pytest.fixture(scope="module")
def front():
    # Not under pytest's temporary folder: every pytest run on the machine makes that 0700 again,
    # and nginx's workers run as nobody when the tests run as root.
    work = Path(tempfile.mkdtemp(prefix="refapp-nginx-test-"))
    try:
        (work / "public" / "static").mkdir(parents=True)
        (work / "public" / "static" / "app.0123abcd.css").write_text("body{}", encoding="utf-8")
        for folder in (work, work / "public", work / "public" / "static"):
            folder.chmod(0o755)
        stub = StubReplica()
        threading.Thread(target=stub.serve_forever, daemon=True).start()
        proxy = Proxy(free_port(), work, [stub.server_address[1]], RATE, BURST)
        proxy.start()
        try:
            wait_listening(proxy.port)
            yield proxy, stub
        finally:
            stub.release.set()
            proxy.stop()
            stub.shutdown()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def wait_listening(port: int) -> None:
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            threading.Event().wait(0.05)
    raise RuntimeError(f"nginx is not listening on {port}")


def raw(port: int, data: bytes, source: str = "127.0.0.1") -> bytes:
    """Send bytes as they are; everything nginx answers until it closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0)) as s:
        s.sendall(data)
        out = b""
        try:
            while chunk := s.recv(65536):
                out += chunk
        except (TimeoutError, ConnectionResetError):
            pass
    return out


def parse(answer: bytes) -> tuple[int, dict[str, list[str]], bytes]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers: dict[str, list[str]] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    return int(lines[0].split()[1]), headers, body


def closing(request_line: bytes, *headers: bytes) -> bytes:
    extra = b"".join(h + b"\r\n" for h in headers)
    return request_line + b"\r\nHost: refapp.test\r\n" + extra + b"Connection: close\r\n\r\n"


MALFORMED = {
    "a URI over 128 KB": (b"GET /" + b"a" * 140_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    "/static/../../x": (closing(b"GET /static/../../x HTTP/1.1"), 400),
    "%00 in the path": (closing(b"GET /%00 HTTP/1.1"), 400),
    "* as the target": (closing(b"GET * HTTP/1.1"), 400),
    "TRACE": (closing(b"TRACE / HTTP/1.1"), 405),
    "HTTP/9.9": (closing(b"GET / HTTP/9.9"), 505),
    "no Host header": (b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n", 400),
    "a 200 KB header": (closing(b"GET / HTTP/1.1", b"X-Big: " + b"a" * 200_000), 400),
    "a body over 64 KB": (
        closing(b"POST /api/sandbox HTTP/1.1", b"Content-Length: 100000") + b"a" * 100_000,
        413,
    ),
    "an unknown Transfer-Encoding": (closing(b"POST /api/sandbox HTTP/1.1", b"Transfer-Encoding: gzip"), 501),
}


def assert_nginx_error(answer: bytes, status: int) -> dict[str, list[str]]:
    got, headers, body = parse(answer)
    assert got == status, answer[:200]
    for name, value in SECURITY_HEADERS.items():
        assert headers.get(name.lower()) == [value], name
    assert headers["content-type"] == ["application/json"]
    assert headers["cache-control"] == ["no-store"]
    assert json.loads(body)["status"] == status
    return headers


@pytest.mark.parametrize("case", MALFORMED, ids=str)
def test_a_malformed_request_gets_its_4xx_with_the_security_headers_and_its_status_in_the_body(front, case):
    proxy, _ = front
    data, status = MALFORMED[case]
    assert_nginx_error(raw(proxy.port, data), status)


def test_a_failed_replica_gives_502_naming_502_and_when_to_come_back(front):
    proxy, _ = front
    headers = assert_nginx_error(raw(proxy.port, closing(b"GET /broken HTTP/1.1")), 502)
    assert headers["retry-after"] == ["5"]


def test_an_http_0_9_request_is_closed_without_a_headerless_answer(front):
    proxy, _ = front
    assert raw(proxy.port, b"GET /\r\n") == b""


def test_the_error_page_itself_cannot_be_asked_for(front):
    proxy, _ = front
    assert_nginx_error(raw(proxy.port, closing(b"GET /.refapp-error HTTP/1.1")), 404)


def test_a_proxied_answer_carries_each_security_header_once(front):
    proxy, _ = front
    status, headers, _ = parse(raw(proxy.port, closing(b"GET /api/search?q=x HTTP/1.1")))
    assert status == 200
    for name, value in SECURITY_HEADERS.items():
        assert headers.get(name.lower()) == [value], name


def test_a_static_file_is_served_by_nginx_with_the_headers_and_a_year_of_cache(front):
    proxy, _ = front
    status, headers, body = parse(raw(proxy.port, closing(b"GET /static/app.0123abcd.css HTTP/1.1")))
    assert (status, body) == (200, b"body{}")
    assert "immutable" in headers["cache-control"][0]
    assert headers["x-content-type-options"] == ["nosniff"]


def get(port: int, path: str, source: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def at_once(n: int, call):  # type: ignore[no-untyped-def]
    """n calls started together, one thread each; their results."""
    results: list = []
    lock = threading.Lock()

    def one() -> None:
        try:
            result = call()
        except OSError as exc:
            result = exc
        with lock:
            results.append(result)

    threads = [threading.Thread(target=one) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def test_a_client_over_its_rate_gets_429_with_the_headers_and_retry_after(front):
    proxy, _ = front
    request = closing(b"GET /api/search?q=x HTTP/1.1")
    answers = at_once(BURST + 40, lambda: raw(proxy.port, request, "127.0.9.1"))
    statuses = [parse(a)[0] for a in answers]
    assert statuses.count(200) >= BURST and statuses.count(429) >= 1, statuses
    headers = assert_nginx_error(answers[statuses.index(429)], 429)
    assert headers["retry-after"] == ["1"]


@pytest.fixture(scope="module")
def precache() -> list[str]:
    """What the service worker asks for on a first visit (sw.js's list), from the real app."""
    from refapp import create_app

    body = create_app({}).test_client().get("/sw.js").get_data(as_text=True)
    return json.loads(re.search(r"var PRECACHE = (\[.*?\]);", body).group(1))


def test_the_shell_location_is_exactly_what_the_service_worker_precaches(precache):
    template = (ROOT / "deploy" / "nginx" / "refapp.conf.template").read_text(encoding="utf-8")
    pattern = re.search(r"location ~ (\^/\(.*?\)\$) \{\n\s+limit_req zone=refapp_shell", template).group(1)
    shell = {"/" + m for m in re.fullmatch(r"\^/\((.*)\)\$", pattern).group(1).replace("\\", "").split("|")}
    pages = {url for url in precache if not url.startswith("/static/")}
    assert shell == pages | {"/sw.js", "/manifest.webmanifest"}


def first_visit(port: int, source: str, precache: list[str]) -> list[int]:
    """A phone's first visit: the page, the service worker and manifest, then the precache list
    fetched 6 at a time (a browser's connections per host)."""
    statuses = [get(port, url, source) for url in ("/", "/sw.js", "/manifest.webmanifest")]
    queue = list(precache)
    lock = threading.Lock()

    def connection() -> None:
        while True:
            with lock:
                if not queue:
                    return
                url = queue.pop()
            status = get(port, url, source)
            with lock:
                statuses.append(status)

    threads = [threading.Thread(target=connection) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses


def test_eight_phones_behind_one_address_get_no_429_on_their_first_visit(front, precache):
    proxy, _ = front
    static = Path(proxy.work) / "public"
    for url in precache:
        if url.startswith("/static/"):
            path = static / url.lstrip("/")
            path.parent.mkdir(mode=0o755, parents=True, exist_ok=True)
            path.write_text("x", encoding="utf-8")
    visits = at_once(8, lambda: first_visit(proxy.port, "127.0.9.8", precache))
    statuses = [s for visit in visits for s in visit]
    assert len(statuses) == 8 * (3 + len(precache))
    assert statuses.count(429) == 0 and set(statuses) == {200}


def hold(port: int, path: str, source: str, method: str = "GET") -> socket.socket:
    """A request sent and not yet answered (the stub holds heavy routes until released)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    head = f"{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n"
    s.sendall(head.encode() + b"{}")
    return s


def test_one_address_has_at_most_two_engine_requests_in_flight(front):
    proxy, stub = front
    stub.release.clear()
    with stub.arrived:
        stub.waiting = 0
    client = "127.0.9.20"
    held = [hold(proxy.port, "/api/sandbox", client, "POST"), hold(proxy.port, "/sandbox?s=abc", client)]
    with stub.arrived:
        assert stub.arrived.wait_for(lambda: stub.waiting == 2, timeout=10)
    try:
        for path in ("/api/sandbox", "/sandbox?s=abc", "/sandbox/scenario.yaml?s=abc"):
            answer = raw(proxy.port, closing(f"GET {path} HTTP/1.1".encode()), client)
            headers = assert_nginx_error(answer, 429)
            assert headers["retry-after"] == ["1"]
        # The same address's quick requests, and the blank sandbox page, are not held back.
        assert get(proxy.port, "/api/search?q=x", client) == 200
        assert get(proxy.port, "/sandbox", client) == 200
        # Another address still gets its engine requests through.
        other = hold(proxy.port, "/api/sandbox", "127.0.9.21", "POST")
        with stub.arrived:
            assert stub.arrived.wait_for(lambda: stub.waiting == 3, timeout=10)
        held.append(other)
    finally:
        stub.release.set()
    assert all(parse(read_all(s))[0] == 200 for s in held)


def read_all(s: socket.socket) -> bytes:
    out = b""
    with s:
        while chunk := s.recv(65536):
            out += chunk
    return out


def test_the_replica_sees_the_client_address_and_nginx_request_id_not_what_the_client_claims(front):
    proxy, stub = front
    spoofed = (b"X-Forwarded-For: 203.0.113.9", b"X-Request-ID: chosen-by-client")
    answer = raw(proxy.port, closing(b"GET /api/search?q=forwarded HTTP/1.1", *spoofed), "127.0.9.30")
    assert parse(answer)[0] == 200
    seen = next(h for h in stub.seen if h["path"] == "/api/search?q=forwarded")
    assert seen["x-forwarded-for"] == "127.0.9.30"
    assert re.fullmatch(r"[0-9a-f]{32}", seen["x-request-id"])
