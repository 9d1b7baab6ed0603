"""Slow, stalled and stopping clients against `refapp serve` for real (issue 21): a chunked body
trickled a byte at a time, clients that do not read their answers, keep-alive connections
across a graceful stop. One worker with two threads, so a single held thread shows."""

from __future__ import annotations

import os
import socket
import time

import pytest
from serve_helpers import get, served

HEAD = b"POST /api/sandbox HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    import index
    from corpus.model import DATASET_PATH, load_dataset

    data_dir = tmp_path_factory.mktemp("clients")
    index.build(load_dataset(DATASET_PATH), data_dir)
    return data_dir


@pytest.fixture(scope="module")
def port(built):
    with served(built, "--workers", "1") as srv:
        yield srv.port


def read_answer(s: socket.socket) -> tuple[bytes, bytes]:
    """(head, body) of the next answer (with a Content-Length) on `s`; bytes read beyond it are
    kept for the next call."""
    buf = LEFT.pop(s.fileno(), b"")
    while b"\r\n\r\n" not in buf:
        chunk = s.recv(65536)
        if not chunk:
            return buf, b""
        buf += chunk
    head, _, body = buf.partition(b"\r\n\r\n")
    lines = head.lower().split(b"\r\n")
    length = next(int(line.split(b":", 1)[1]) for line in lines if line.startswith(b"content-length:"))
    while len(body) < length:
        body += s.recv(65536)
    LEFT[s.fileno()] = body[length:]
    return head, body[:length]


LEFT: dict[int, bytes] = {}


def test_chunked_bodies_trickled_a_byte_at_a_time_hold_no_thread_and_get_408(port):
    """Issue 21, defect 4: 8 connections sending a chunked body at 1 byte/s held all 4 threads
    for 40 s and /healthz timed out (the 10 s timeout applied to each read). Here 6 such
    connections face 2 threads; other clients are answered meanwhile, and each trickle is
    answered 408 once REQUEST_TIMEOUT_S has passed although bytes keep coming."""
    from refapp.commands.serve_worker import REQUEST_TIMEOUT_S

    trickles = [socket.create_connection(("127.0.0.1", port), timeout=2) for _ in range(6)]
    answers: dict[int, bytes] = {}
    try:
        for s in trickles:
            s.sendall(HEAD + b"Transfer-Encoding: chunked\r\n\r\n")
        for _ in range(int(REQUEST_TIMEOUT_S) + 6):  # bounded: a second a round
            for i, s in enumerate(trickles):
                if i in answers:
                    continue
                try:
                    s.sendall(b"1\r\n{\r\n")
                    s.setblocking(False)
                    answers[i] = s.recv(1000)
                except (BlockingIOError, BrokenPipeError, ConnectionResetError):
                    pass
                finally:
                    s.setblocking(True)
            if len(answers) == len(trickles):
                break
            assert get(port, "/healthz", timeout=5)[0] == 200
            time.sleep(1)
        assert len(answers) == len(trickles)
        assert all(a.startswith(b"HTTP/1.1 408") for a in answers.values()), answers
    finally:
        for s in trickles:
            s.close()


def test_a_chunked_body_over_the_limit_gets_413_and_one_within_is_answered(port):
    from refapp.commands.serve_worker import BODY_LIMIT

    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(HEAD + b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"x" * 4096
        for _ in range(BODY_LIMIT // 4096 + 2):
            try:
                s.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
            except (BrokenPipeError, ConnectionResetError):
                break
        assert s.recv(1000).startswith(b"HTTP/1.1 413")
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        body = b'{"situation": {}}'
        s.sendall(HEAD + b"Transfer-Encoding: chunked\r\n\r\n" + b"".join(
            f"{len(body[i:i + 5]):x}\r\n".encode() + body[i : i + 5] + b"\r\n" for i in range(0, len(body), 5)
        ) + b"0\r\n\r\n")
        head, _ = read_answer(s)
        assert head.startswith(b"HTTP/1.1 422")  # the app read the whole body: an empty situation


def test_clients_that_do_not_read_their_answers_hold_no_thread(port):
    """Issue 21, defect 4 (slow readers): four clients with a tiny receive window ask for a
    200 KB answer ten times over (pipelined: as many as a connection is answered) and read
    nothing; a thread used to wait on each, and /healthz timed out. Then one such client does
    read, and gets every answer."""
    from refapp.commands.serve_config import REQUESTS_PER_CONNECTION

    request = b"GET /api/offline-pack HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n"
    stalled = []
    try:
        for _ in range(4):
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
            s.settimeout(10)
            s.connect(("127.0.0.1", port))
            s.sendall(request * REQUESTS_PER_CONNECTION)
            stalled.append(s)
        time.sleep(0.5)
        for _ in range(3):
            assert get(port, "/healthz", timeout=5)[0] == 200
            assert get(port, "/api/search?q=library&lang=en", timeout=5)[0] == 200
        reader = stalled[0]
        sizes = set()
        for _ in range(REQUESTS_PER_CONNECTION):
            head, body = read_answer(reader)
            assert head.startswith(b"HTTP/1.1 200")
            sizes.add(len(body))
        assert len(sizes) == 1 and sizes.pop() > 100_000
    finally:
        for s in stalled:
            s.close()


def test_a_graceful_stop_answers_kept_alive_requests_and_closes_without_reset(built):
    """Issue 21, defect 9: requests arriving on keep-alive connections after SIGTERM were reset.
    (gunicorn closed a `Connection: close` answer's socket by waiting up to 2 s for the client
    in the event loop, so requests on other connections went unread until the worker exited.)
    Now: a request sent after SIGTERM on a kept-alive connection is answered with
    `Connection: close`, one sent while another client holds its closed connection open too,
    and an idle kept-alive connection is closed with a FIN, never a reset."""
    request = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
    with served(built, "--workers", "1") as srv:
        conns = [socket.create_connection(("127.0.0.1", srv.port), timeout=15) for _ in range(3)]
        for s in conns:
            s.sendall(request)
            assert read_answer(s)[0].startswith(b"HTTP/1.1 200")
        srv.stop()
        time.sleep(0.2)
        first, second, idle = conns
        first.sendall(request)
        head, _ = read_answer(first)
        assert head.startswith(b"HTTP/1.1 200") and b"Connection: close" in head
        time.sleep(0.8)  # `first` is closed by the server and still held open by us
        second.sendall(request)
        head, _ = read_answer(second)
        assert head.startswith(b"HTTP/1.1 200") and b"Connection: close" in head
        assert idle.recv(100) == b""  # a FIN (a reset raises ConnectionResetError)
        for s in conns:
            s.close()
        srv.proc.wait(timeout=30)


def test_the_metrics_folder_a_server_makes_is_gone_once_it_stopped(built, tmp_path):
    """Issue 21: `serve_config` made a `refapp-metrics-*` folder on every start and left it."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    with served(built, "--workers", "1", env={"TMPDIR": str(tmp)}) as srv:
        assert [p.name[:15] for p in tmp.iterdir()] == ["refapp-metrics-"]
        get(srv.port, "/metrics")
        srv.stop()
        srv.proc.wait(timeout=30)
    assert os.listdir(tmp) == []


def test_workers_are_recycled_after_max_requests_without_a_failed_request(built):
    """Issue 21, defect 2: a worker's memory grew with heavy requests and stayed. Workers are
    now replaced by a fresh fork after --max-requests (plus jitter); requests meanwhile, on new
    and kept-alive connections, are all answered."""
    import http.client
    import json

    with served(built, "--workers", "1", "--max-requests", "5") as srv:
        conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=20)
        statuses = []
        for i in range(30):
            if i % 2:
                try:
                    statuses.append(get(srv.port, "/healthz", timeout=20)[0])
                except OSError as exc:
                    pytest.fail(f"request {i} (new connection) failed: {exc!r}")
                continue
            try:
                conn.request("GET", "/api/search?q=library&lang=en")
                r = conn.getresponse()
                r.read()
                statuses.append(r.status)
                if r.getheader("Connection", "").lower() == "close":
                    conn.close()  # the worker is about to be replaced: it said so
            except (http.client.HTTPException, OSError) as exc:
                pytest.fail(f"request {i} (kept-alive connection) failed: {exc!r}")
        conn.close()
        time.sleep(0.3)
        pids = {
            json.loads(line)["pid"] for line in srv.log.read_text().splitlines() if line.startswith("{")
        }
    assert statuses == [200] * 30
    assert len(pids) >= 3  # 30 requests (and the readiness probes) at most 6 a worker


def test_serve_recycles_workers_with_jitter_by_default():
    from refapp.commands.web import MAX_REQUESTS, gunicorn_argv

    argv = gunicorn_argv("127.0.0.1", 8000, 2, debug=False)
    assert int(argv[argv.index("--max-requests") + 1]) == MAX_REQUESTS > 0
    assert int(argv[argv.index("--max-requests-jitter") + 1]) > 0


def test_a_kept_alive_connection_is_closed_after_its_tenth_answer(port):
    """Connections stay with the worker that accepted them: after a worker was recycled, every
    kept-alive client had moved to the other one and a replica answered with half its CPUs.
    A connection now says `Connection: close` on its REQUESTS_PER_CONNECTION-th answer (and
    not before), so clients reconnect and spread over the workers again."""
    import http.client

    from refapp.commands.serve_config import REQUESTS_PER_CONNECTION

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    said = []
    for _ in range(REQUESTS_PER_CONNECTION):
        conn.request("GET", "/healthz")
        r = conn.getresponse()
        r.read()
        said.append((r.status, r.getheader("Connection", "").lower()))
    conn.close()
    assert said == [(200, "keep-alive")] * (REQUESTS_PER_CONNECTION - 1) + [(200, "close")]
