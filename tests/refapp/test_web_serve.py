"""`refapp serve` for real (gunicorn on loopback) and the start-up and build-index behaviour a
person running the service meets: idle and slow clients, overlong requests, gunicorn's own error
pages, what is named in the log, build-index on a full disk (issue 12)."""

from __future__ import annotations

import json
import logging
import shutil
import socket
import time

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from serve_helpers import get, raw, served

from refapp.cli import main


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`refapp serve --workers 1` with a built index; yields (port, log file, data folder)."""
    import index
    from corpus.model import DATASET_PATH, load_dataset

    data_dir = tmp_path_factory.mktemp("serve")
    index.build(load_dataset(DATASET_PATH), data_dir)
    with served(data_dir, "--workers", "1") as srv:
        yield srv.port, srv.log, data_dir


def test_refapp_serve_is_ready_without_a_control_socket(server):
    port, _, data_dir = server
    status, body = get(port, "/readyz")
    assert status == 200 and json.loads(body)["dataset"]["entries"] > 0
    assert not list(data_dir.glob(".gunicorn*")), "gunicorn opened a control socket in HOME"


def test_idle_and_half_sent_connections_do_not_hold_the_server(server):
    """Issue 12, defect 1: two idle connections froze 2 sync workers for ~30 s. Here one worker
    with two threads faces 12 sockets that send nothing and 12 that send half a request; a normal
    request must still be answered while a client is prepared to wait (5 s)."""
    port, _, _ = server
    idle = []
    try:
        for i in range(24):
            s = socket.create_connection(("127.0.0.1", port))
            if i % 2:
                s.sendall(b"GET /api/search?q=library HTTP/1.1\r\nHost: x\r\n")
            idle.append(s)
        time.sleep(0.3)
        for path in ("/healthz", "/api/search?q=library&lang=en", "/entries/dominion/library"):
            assert get(port, path, timeout=5)[0] == 200, path
    finally:
        for s in idle:
            s.close()


def test_a_request_that_never_completes_is_answered_408_after_seconds(server):
    from refapp.commands.serve_worker import REQUEST_TIMEOUT_S

    port, _, _ = server
    with socket.create_connection(("127.0.0.1", port), timeout=REQUEST_TIMEOUT_S + 5) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        answer = s.recv(1000)  # answered and closed by the server, not by our timeout
        assert answer.startswith(b"HTTP/1.1 408") and b"Connection: close" in answer
        assert s.recv(100) == b""


def test_a_connection_that_sends_nothing_is_closed_after_seconds(server):
    from refapp.commands.serve_worker import REQUEST_TIMEOUT_S

    port, _, _ = server
    with socket.create_connection(("127.0.0.1", port), timeout=REQUEST_TIMEOUT_S + 5) as s:
        assert s.recv(100) == b""


def test_a_body_arriving_after_its_head_is_answered_at_once(server):
    """A client that sends the head and the body of a POST in two packets (http.client and browsers
    do) is answered as soon as the body arrives: the worker once resumed its search for the head's
    end past the blank line and held such requests until its 10 s head timeout."""
    port, _, _ = server
    body = b'{"situation": {}}'
    head = (f"POST /api/sandbox HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(head)
        time.sleep(0.2)
        started = time.monotonic()
        s.sendall(body)
        answer = s.recv(65536)
        assert answer.startswith(b"HTTP/1.1 422"), answer[:80]
        assert time.monotonic() - started < 2


@pytest.mark.parametrize("chars", [10_000, 300_000])
def test_an_overlong_query_a_browser_can_send_gets_the_apps_400(server, chars):
    port, _, _ = server
    status, body = get(port, "/api/search?q=" + "a" * chars, timeout=10)
    assert status == 400 and b"too long" in body


def test_a_request_line_beyond_any_browser_gets_414_at_once(server):
    """Issue 12, defect 2: with --limit-request-line 0, 8 MiB took 5.6 s and 50 MiB killed the
    worker. The head is now capped (HEAD_LIMIT) and answered 414 with the security headers."""
    port, _, _ = server
    answer = raw(port, b"GET /api/search?q=" + b"a" * (8 * 1024 * 1024) + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 414")
    assert b"X-Content-Type-Options: nosniff" in answer and b"Content-Security-Policy:" in answer
    assert get(port, "/healthz")[0] == 200


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"NOT A REQUEST\r\n\r\n", b"400"),
        (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n", b"431"),
        (b"GET / HTTP/1.1\r\nBad Header\r\n\r\n", b"400"),
    ],
)
def test_gunicorns_own_error_pages_carry_the_security_headers(server, request_bytes, status):
    """Issue 12, defect 6."""
    from refapp.headers import SECURITY_HEADERS

    port, _, _ = server
    answer = raw(port, request_bytes)
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    assert head.startswith("HTTP/1.1 " + status.decode()), head
    for name, value in SECURITY_HEADERS.items():
        assert f"{name}: {value}" in head


def test_access_log_lines_are_json(server):
    port, log, _ = server
    get(port, "/api/search?q=library&lang=en")
    time.sleep(0.3)
    records = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    mine = [r for r in records if r["path"] == "/api/search" and r["query"] == "q=library&lang=en"]
    assert mine and mine[-1]["status"] == 200 and mine[-1]["duration_ms"] >= 0 and mine[-1]["method"] == "GET"


def test_metrics_add_up_the_workers_under_refapp_serve(server):
    port, _, _ = server
    for _ in range(3):
        get(port, "/api/search?q=library&lang=en")
    status, body = get(port, "/metrics")
    text = body.decode()
    assert status == 200
    series = 'refapp_http_requests_total{method="GET",route="/api/search",status="200"}'
    line = next(x for x in text.splitlines() if x.startswith(series))
    assert float(line.split()[-1]) >= 3
    assert 'refapp_search_cache_lookups_total{result="hit"}' in text
    assert "refapp_build_info{" in text


def test_debug_refuses_a_non_loopback_host():
    result = CliRunner().invoke(main, ["serve", "--debug", "--host", "0.0.0.0"])
    assert result.exit_code != 0 and "loopback" in result.output


def test_serve_uses_the_buffering_worker_on_loopback_without_control_socket():
    from refapp.commands.web import gunicorn_argv, is_loopback

    argv = gunicorn_argv("127.0.0.1", 8000, 2, debug=False)
    assert argv[argv.index("--worker-class") + 1] == "refapp.commands.serve_worker.BufferingWorker"
    assert "--no-control-socket" in argv and argv[argv.index("--bind") + 1] == "127.0.0.1:8000"
    assert is_loopback("::1") and is_loopback("localhost") and not is_loopback("192.168.1.2")


def test_the_scan_finds_the_head_and_a_small_body_and_nothing_before():
    from refapp.commands.serve_scan import MORE, TOO_LARGE, RequestScan

    head = b"POST /x HTTP/1.1\r\nContent-Length: 5\r\n\r\n"
    assert RequestScan(64).feed(head[:-2]) is MORE
    assert RequestScan(64).feed(head + b"ab") is MORE
    assert RequestScan(64).feed(head + b"abcdeGET") == len(head) + 5
    big = b"POST /x HTTP/1.1\r\ncontent-length: 65\r\n\r\n"
    assert RequestScan(64).feed(big) is TOO_LARGE  # the worker answers 413, no thread reads it
    scan = RequestScan(64)
    assert scan.feed(b"GET / HTTP/1.1\r\n") is MORE
    assert scan.feed(b"GET / HTTP/1.1\r\n\r\n") == 18


def chunked(body: bytes, sizes: list[int], trailer: bytes = b"") -> bytes:
    out, i = b"", 0
    for n in sizes:
        if i >= len(body):
            break
        part = body[i : i + max(1, n)]
        out += f"{len(part):x}\r\n".encode() + part + b"\r\n"
        i += len(part)
    if i < len(body):
        out += f"{len(body) - i:x};ext=1\r\n".encode() + body[i:] + b"\r\n"
    return out + b"0\r\n" + trailer + b"\r\n"


@given(
    body=st.binary(max_size=300),
    sizes=st.lists(st.integers(min_value=1, max_value=40), max_size=20),
    cuts=st.lists(st.integers(min_value=1, max_value=30), max_size=40),
    trailer=st.sampled_from([b"", b"X-Check: 1\r\n"]),
    limit=st.integers(min_value=0, max_value=400),
)
@settings(max_examples=150, deadline=None)
def test_a_chunked_body_ends_where_its_last_chunk_and_trailers_end_however_it_arrives(
    body, sizes, cuts, trailer, limit
):
    """Issue 21, defect 4: chunked bodies are read whole in the loop, never by a thread. Fed
    in any pieces, the scan finds the end of the request (not of what was pipelined after it),
    or refuses a body over the limit, and says MORE before."""
    from refapp.commands.serve_scan import MORE, TOO_LARGE, RequestScan

    head = b"POST /api/sandbox HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
    request = head + chunked(body, sizes, trailer)
    wire = request + b"GET / HTTP/1.1\r\n\r\n"
    scan, fed, found = RequestScan(limit), 0, MORE
    for cut in [*cuts, len(wire)]:
        fed = min(len(wire), fed + cut)
        found = scan.feed(wire[:fed])
        if found is not MORE:
            break
        assert fed < len(request)
    if len(body) > limit:
        assert found is TOO_LARGE
    else:
        assert found == len(request)


@pytest.mark.parametrize(
    "body",
    [b"zz\r\nab\r\n0\r\n\r\n", b"2\r\nabc\r\n0\r\n\r\n", b"1" * 2000],
)
def test_a_malformed_chunked_body_is_refused(body):
    from refapp.commands.serve_scan import BAD_CHUNKS, RequestScan

    head = b"POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
    assert RequestScan(10_000).feed(head + body) is BAD_CHUNKS


# -- start-up and build-index ---------------------------------------------------------------------


def test_a_corrupt_dataset_is_named_in_the_log(tmp_path, caplog):
    """Issue 12, defect 8."""
    from refapp import create_app

    broken = tmp_path / "dataset.json"
    broken.write_text('{"version": "x", "entries": [', encoding="utf-8")
    with caplog.at_level(logging.ERROR):
        app = create_app({"DATASET_PATH": str(broken), "REFAPP_DATA_DIR": str(tmp_path)})
    assert str(broken) in caplog.text
    assert app.test_client().get("/readyz").status_code == 503


def test_a_malformed_scenario_file_is_named_in_the_log(tmp_path, caplog, monkeypatch):
    """Issue 12, defect 8: a malformed scenario was dropped silently."""
    import engine
    import engine.core.scenario as scenario_mod
    from refapp import create_app

    root = tmp_path / "scenarios"
    (root / "dominion").mkdir(parents=True)
    for path in sorted((scenario_mod.SCENARIOS_DIR / "dominion").glob("library-*.yaml"))[:2]:
        shutil.copy(path, root / "dominion" / path.name)
    broken = root / "dominion" / "broken-one.yaml"
    broken.write_text("id: [unclosed\n", encoding="utf-8")
    real_list, real_problems = engine.list_scenarios, engine.scenario_problems
    real_paths = scenario_mod.scenario_paths
    monkeypatch.setattr(engine, "list_scenarios", lambda: real_list(root))
    monkeypatch.setattr(engine, "scenario_problems", lambda: real_problems(root))
    monkeypatch.setattr(scenario_mod, "scenario_paths", lambda r=root: real_paths(r))
    with caplog.at_level(logging.ERROR):
        app = create_app({"REFAPP_DATA_DIR": str(tmp_path)})
    assert len(app.extensions["refapp"].scenarios.summaries) == 2
    assert str(broken) in caplog.text and "scenario file skipped" in caplog.text


def test_build_index_on_a_full_disk_says_so_in_one_line_and_keeps_the_current_index(tmp_path, monkeypatch):
    """Issue 12, defect 8: a full disk gave a 44-line traceback."""
    import errno

    import index.builder

    ok = CliRunner().invoke(main, ["build-index", "--no-served", "--data-dir", str(tmp_path)])
    assert ok.exit_code == 0, ok.output
    current = (tmp_path / "index" / "current").resolve()

    def full(path, data):  # type: ignore[no-untyped-def]
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(index.builder, "_write_json", full)
    result = CliRunner().invoke(main, ["build-index", "--data-dir", str(tmp_path)])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "No space left on device" in lines[0], result.output
    assert "Traceback" not in result.output
    assert (tmp_path / "index" / "current").resolve() == current
    assert not [p for p in (tmp_path / "index").iterdir() if p.name.startswith(".building")]


def test_build_index_deletes_only_the_builds_it_made(tmp_path):
    """Issue 12, defect 8: pruning removed any folder under index/."""
    from corpus.model import DATASET_PATH, load_dataset
    from index import build
    from index.builder import KEEP_OLD

    root = tmp_path / "index"
    keepsake = root / "my-copy-of-an-old-build"
    keepsake.mkdir(parents=True)
    (keepsake / "notes.txt").write_text("kept by hand", encoding="utf-8")
    odd = root / "abc-20260101T000000-000000001-1"  # a build's name, but no meta.json
    odd.mkdir()
    dataset = load_dataset(DATASET_PATH)
    folders = [build(dataset, tmp_path) for _ in range(KEEP_OLD + 3)]
    left = {p.name for p in root.iterdir() if p.is_dir() and not p.is_symlink()}
    assert keepsake.name in left and odd.name in left
    assert {f.name for f in folders[-(KEEP_OLD + 1) :]} <= left
    assert not {f.name for f in folders[: -(KEEP_OLD + 1)]} & left


# -- memory: caches bounded by bytes (issue 12, defect 9) ------------------------------------------


@given(
    sizes=st.lists(st.integers(min_value=0, max_value=400), min_size=1, max_size=60),
    budget=st.integers(min_value=2_000, max_value=40_000),
    packed=st.booleans(),
)
@settings(max_examples=80, deadline=None)
def test_a_sized_cache_never_holds_more_bytes_than_its_budget(sizes, budget, packed):
    from index.sized_cache import SizedLRU, approx_size

    cache = SizedLRU(budget, packed=packed)
    for i, n in enumerate(sizes):
        value = {"id": i, "events": ["x" * (n % 50)] * n}
        cache.put(i, value)
        assert cache.bytes <= budget
        assert sum(approx_size(v) for v, _ in cache._data.values()) == cache.bytes
        got = cache.get(i)
        if got is not None:
            assert got == value
    assert cache.hits + cache.misses == len(sizes)


def test_a_packed_cache_returns_a_fresh_copy_and_drops_the_least_recently_used():
    import marshal

    from index.sized_cache import SizedLRU, approx_size

    run = {"events": [{"say": {"en": "x" * 100}}] * 20}
    one = approx_size(marshal.dumps(run))
    cache = SizedLRU(one * 8, packed=True)  # room for eight runs
    cache.put(0, run)
    cache.get(0)["events"].clear()  # a caller changing its copy changes nothing kept
    assert cache.get(0) == run
    for key in range(1, 9):
        cache.put(key, run)
        cache.get(0)
    assert 0 in list(cache) and 1 not in list(cache) and len(cache) == 8


@pytest.mark.parametrize("status", [0, 3])
def test_a_leaving_worker_skips_the_teardown_but_keeps_its_exit_status_and_output(status):
    """gunicorn's worker_exit hook ends the worker at once (os._exit): the status gunicorn was
    exiting with (3: the worker could not boot, which stops the master) and what the worker
    wrote are kept; its objects are not freed one by one (nothing after the hook runs)."""
    import subprocess
    import sys

    code = (
        "import atexit, sys\n"
        "from refapp.commands import serve_config\n"
        "atexit.register(lambda: print('torn down'))\n"
        "print('answered')\n"
        f"try:\n    sys.exit({status})\nfinally:\n    serve_config.worker_exit(None, None)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == status
    assert done.stdout == "answered\n"
