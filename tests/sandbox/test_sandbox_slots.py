"""Fair shares for the expensive sandbox routes: a few slots per process, one per client address,
refused at once (429 / 503 with Retry-After) so quick requests never wait behind heavy ones."""

from __future__ import annotations

import threading

import pytest
from sandbox_helpers import empty_dominion

import refapp.sandbox_replay as sandbox_routes
from refapp.sandbox_code import encode
from refapp.slots import Slots


def test_a_client_holds_at_most_its_share_and_everyone_at_most_the_total():
    slots = Slots(total=2, per_client=1)
    assert slots.try_take("a") is None
    assert slots.try_take("a").status == 429  # its own second request
    assert slots.try_take("b") is None
    assert slots.try_take("c").status == 503  # everyone else's
    slots.give_back("a")
    assert slots.try_take("c") is None and slots.in_use() == 2


def test_a_refused_request_holds_nothing():
    slots = Slots(total=1, per_client=1)
    with slots.slot("a") as refused:
        assert refused is None
        with slots.slot("b") as other:
            assert other is not None and other.status == 503
        assert slots.in_use() == 1
    assert slots.in_use() == 0
    with pytest.raises(RuntimeError), slots.slot("a"):
        raise RuntimeError("the view failed")
    assert slots.in_use() == 0  # given back all the same


@pytest.fixture
def blocked(sandbox_app, monkeypatch):  # type: ignore[no-untyped-def]
    """A replay that waits until the test lets it go, running in a thread (a heavy request in flight)."""
    started, release = threading.Event(), threading.Event()
    real = sandbox_routes.sandbox.play

    def slow_play(*args, **kwargs):  # type: ignore[no-untyped-def]
        started.set()
        release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(sandbox_routes.sandbox, "play", slow_play)
    results: list[int] = []

    def heavy() -> None:
        client = sandbox_app.test_client()
        r = client.post("/api/sandbox", json={"situation": empty_dominion(alice=["copper"])},
                        environ_base={"REMOTE_ADDR": "10.0.0.1"})
        results.append(r.status_code)

    thread = threading.Thread(target=heavy)
    thread.start()
    assert started.wait(30)
    yield results
    release.set()
    thread.join(30)
    assert results == [200]


def test_while_a_heavy_request_runs_the_same_client_gets_429_and_quick_routes_answer(client, blocked):
    situation = empty_dominion(alice=["copper"])
    code = encode(situation, [])
    same = {"REMOTE_ADDR": "10.0.0.1", "HTTP_X_FORWARDED_FOR": "10.9.9.9"}  # the header is not trusted
    r = client.post("/api/sandbox", json={"situation": situation}, environ_base=same)
    assert r.status_code == 429 and r.headers["Retry-After"] == "1"
    assert "one sandbox request at a time" in r.get_json()["error"]
    assert client.get("/sandbox/scenario.yaml?s=" + code, environ_base=same).status_code == 429
    assert client.get("/sandbox?s=" + code, environ_base=same).status_code == 429
    for quick in ("/healthz", "/sandbox", "/sandbox?card=dominion/witch", "/"):
        assert client.get(quick, environ_base=same).status_code == 200, quick


def test_while_the_slots_are_taken_another_client_gets_503_with_retry_after(client, blocked, sandbox_app):
    slots = sandbox_app.extensions["refapp-sandbox-slots"]
    assert slots.total == 1  # the test app: 2 threads per worker, one of them kept for quick requests
    other = {"REMOTE_ADDR": "10.0.0.2"}
    r = client.post("/api/sandbox", json={"situation": empty_dominion()}, environ_base=other)
    assert r.status_code == 503 and r.headers["Retry-After"] == "1"
    assert r.get_json()["status"] == 503 and "busy" in r.get_json()["error"]
