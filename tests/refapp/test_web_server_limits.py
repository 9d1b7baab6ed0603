"""What a client cannot make the app keep or show (issue 21): metrics series, server paths in
health answers, request ids and forwarded addresses taken from the client."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st


def series(text: str, name: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(name + "{")]


def test_invented_methods_add_no_metrics_series(client):
    """Issue 21, defect 7: 2,000 invented methods added 2,029 series."""
    client.get("/healthz")
    before = series(client.get("/metrics").get_data(as_text=True), "refapp_http_requests_total")
    for i in range(200):
        client.open("/healthz", method=f"BREW{i}")
    text = client.get("/metrics").get_data(as_text=True)
    after = series(text, "refapp_http_requests_total")
    assert not any("BREW" in line for line in after)
    assert any('method="other"' in line for line in after)
    # one new series for the invented methods (route, "other", 405) and one for /metrics itself
    assert len(after) - len(before) <= 2


@given(method=st.text(min_size=1, max_size=20), status=st.integers(min_value=-1000, max_value=10_000))
@settings(max_examples=200, deadline=None)
def test_metric_label_values_come_from_fixed_sets(method, status):
    from refapp.metrics import KNOWN_METHODS, method_label, status_label

    assert method_label(method) in KNOWN_METHODS | {"other"}
    label = status_label(status)
    assert label == "other" or (label.isdigit() and len(label) == 3)


@pytest.mark.parametrize(
    ("url", "status"),
    [
        ("/" + "x" * 2_000_000, 414),
        ("/api/search?q=" + "&a=1" * 200_000, 400),
        ("/entries/dominion/" + "y" * 5000, 414),
    ],
)
def test_an_overlong_path_or_too_many_parameters_get_a_short_answer_that_does_not_echo(client, url, status):
    """Issue 21, defect 10: a 2 MB path cost 1 s of CPU and echoed a 6 MB 404 page; 10^6 query
    parameters cost 1.4 s."""
    r = client.get(url)
    assert r.status_code == status
    assert len(r.data) < 200 and b"xxxx" not in r.data and b"a=1" not in r.data and b"yyyy" not in r.data
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    if url.startswith("/api/"):
        assert r.get_json()["status"] == 400


def test_requests_within_the_limits_are_served(client):
    from refapp.request_limits import MAX_PARAMS

    assert client.get("/?x=1" + "&x=1" * (MAX_PARAMS - 1)).status_code == 200
    assert client.get("/" + "z" * 100).status_code == 404


def test_health_answers_show_no_server_paths(tmp_path, caplog):
    """Issue 21: /healthz and /readyz showed absolute server paths to the public; the log keeps
    them for operators."""
    from refapp import create_app

    missing = tmp_path / "nowhere" / "dataset.json"
    app = create_app({"DATASET_PATH": str(missing), "REFAPP_DATA_DIR": str(tmp_path / "data")})
    client = app.test_client()
    for path in ("/healthz", "/readyz", "/api/search?q=library"):
        text = client.get(path).get_data(as_text=True)
        assert str(tmp_path) not in text and "/nowhere" not in text and "/data" not in text, (path, text)
    assert client.get("/healthz").get_json()["dataset"]["error"]
    assert str(missing) in caplog.text


def environ(peer: str, **headers: str) -> dict[str, str]:
    return {"REMOTE_ADDR": peer, **{f"HTTP_{k.upper()}": v for k, v in headers.items()}}


@pytest.mark.parametrize(
    ("peer", "setting", "trusted"),
    [
        ("127.0.0.1", None, True),
        ("::1", None, True),
        ("203.0.113.9", None, False),
        ("10.1.2.3", "10.0.0.0/8", True),
        ("10.1.2.3", "127.0.0.1, bogus", False),
        ("not an address", None, False),
    ],
)
def test_forwarded_headers_are_logged_only_from_a_trusted_proxy(
    peer, setting, trusted, monkeypatch, tmp_path
):
    """Issue 21: client-sent X-Forwarded-For and X-Request-ID were logged as given."""
    from refapp.client_info import TRUSTED_ENV

    # (importing the gunicorn settings sets the metrics folder for this process: not for later tests)
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    from refapp.commands.serve_config import access_record

    if setting is None:
        monkeypatch.delenv(TRUSTED_ENV, raising=False)
    else:
        monkeypatch.setenv(TRUSTED_ENV, setting)
    env = environ(peer, x_forwarded_for="198.51.100.7", x_request_id="abc123")
    record = access_record("200 OK", env, 10, 0.01)
    assert (record["forwarded_for"] == "198.51.100.7") is trusted
    assert (record["request_id"] == "abc123") is trusted
    assert len(record["request_id"]) == 32 or trusted


@given(rid=st.text(max_size=300), xff=st.text(max_size=300))
@settings(max_examples=200, deadline=None)
def test_a_logged_request_id_is_short_and_plain_whatever_a_proxy_sends(rid, xff):
    from refapp.client_info import forwarded_for, request_id

    env = environ("127.0.0.1", x_request_id=rid, x_forwarded_for=xff)
    got = request_id(env, "127.0.0.1")
    assert got == request_id(env, "127.0.0.1")  # one id for the whole request
    assert 1 <= len(got) <= 64 and all(c.isascii() and (c.isalnum() or c in "._:-") for c in got)
    assert len(forwarded_for(env, "127.0.0.1")) <= 200 and "\n" not in forwarded_for(env, "127.0.0.1")


def test_the_app_answers_with_the_request_id_it_logs(client):
    local = {"REMOTE_ADDR": "127.0.0.1"}
    r = client.get("/healthz", headers={"X-Request-ID": "from-nginx-1"}, environ_base=local)
    assert r.headers["X-Request-ID"] == "from-nginx-1"
    r = client.get("/healthz", headers={"X-Request-ID": "<script>"}, environ_base=local)
    assert len(r.headers["X-Request-ID"]) == 32 and "<" not in r.headers["X-Request-ID"]
