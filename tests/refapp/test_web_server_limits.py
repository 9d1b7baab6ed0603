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
