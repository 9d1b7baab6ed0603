"""The JSON twins, validated against docs/openapi.yaml, and the headers every response carries."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from markupsafe import escape
from openapi_spec_validator import validate
from referencing import Registry, Resource

SPEC_PATH = Path(__file__).resolve().parents[2] / "docs" / "openapi.yaml"
SPEC = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))

# One live request per documented path and status.
EXAMPLES: list[tuple[str, str, int]] = [
    ("/api/entries", "/api/entries", 200),
    ("/api/entries", "/api/entries?game=dominion&edition=1e&type=action&cost=5", 200),
    ("/api/entries", "/api/entries?game=chess", 400),
    ("/entries/{id}.json", "/entries/dominion/library.json", 200),
    ("/entries/{id}.json", "/entries/citadels/assassin.json", 200),
    ("/entries/{id}.json", "/entries/dominion/nothing.json", 404),
    ("/scenarios/{id}.json", "/scenarios/dominion/library-set-aside.json", 200),
    ("/scenarios/{id}.json", "/scenarios/dominion/nothing.json", 404),
    ("/api/scenarios", "/api/scenarios", 200),
    ("/api/names", "/api/names", 200),
    ("/healthz", "/healthz", 200),
    ("/readyz", "/readyz", 200),
]


def schema_validator(spec_path: str, status: int) -> Draft202012Validator:
    response = SPEC["paths"][spec_path]["get"]["responses"][str(status)]
    ref = response["content"]["application/json"]["schema"]["$ref"]
    registry = Registry().with_resource("urn:spec", Resource.opaque(SPEC))
    return Draft202012Validator({"$ref": "urn:spec" + ref}, registry=registry)


def test_the_openapi_document_is_valid():
    validate(SPEC)


# The same, against the real app: committed dataset, the engine, an index built for the test.
REAL_EXAMPLES: list[tuple[str, str, int]] = [
    ("/api/offline-rank", "/api/offline-rank", 200),
    ("/api/search", "/api/search?q=图书馆&lang=zh-Hans", 200),
    ("/api/search", "/api/search?q=libary&lang=en", 200),
    ("/api/search", "/api/search?q=刺客&game=citadels&kind=card", 200),
    ("/api/search", "/api/search?q=", 400),
    ("/api/search", "/api/search?q=a&game=chess", 400),
    ("/api/suggest", "/api/suggest?q=li&lang=en", 200),
    ("/api/suggest", "/api/suggest?q=", 200),
    ("/api/entries", "/api/entries", 200),
    ("/api/entries", "/api/entries?game=citadels&type=character", 200),
    ("/entries/{id}.json", "/entries/dominion/library.json", 200),
    ("/api/scenarios", "/api/scenarios", 200),
    ("/api/names", "/api/names", 200),
    ("/healthz", "/healthz", 200),
    ("/readyz", "/readyz", 200),
    ("/metrics", "/metrics", 200),
    # at-the-table tools
    ("/api/offline-pack", "/api/offline-pack?lang=zh-Hant", 200),
    ("/api/offline-pack", "/api/offline-pack?lang=fr", 400),
    ("/api/offline-demos", "/api/offline-demos?lang=en", 200),
    ("/api/offline-demos", "/api/offline-demos?lang=fr", 400),
    ("/api/offline-entries", "/api/offline-entries?lang=zh-Hans", 200),
    ("/api/offline-entries", "/api/offline-entries?lang=fr", 400),
    ("/tools/setup.json", "/tools/setup.json?game=citadels&players=3", 200),
    ("/tools/setup.json", "/tools/setup.json?game=dominion&players=7", 400),
    ("/tools/kingdom.json", "/tools/kingdom.json?edition=mixed&seed=3", 200),
    ("/tools/kingdom.json", "/tools/kingdom.json?require=everything", 400),
    ("/tools/score.json", "/tools/score.json?game=dominion&p0.province=2", 200),
    ("/tools/score.json", "/tools/score.json?game=citadels&p0.city=nowhere", 400),
    ("/tools/data.json", "/tools/data.json", 200),
]


@pytest.fixture(scope="module")
def real_client(tmp_path_factory):
    import index
    from corpus.model import DATASET_PATH, load_dataset
    from refapp import create_app

    data_dir = tmp_path_factory.mktemp("real")
    index.build(load_dataset(DATASET_PATH), data_dir)
    return create_app({"DATASET_PATH": str(DATASET_PATH), "REFAPP_DATA_DIR": str(data_dir)}).test_client()


def test_every_documented_path_has_a_live_example():
    readable = {p for p, ops in SPEC["paths"].items() if "get" in ops}  # POST-only paths: their own tests
    assert {p for p, _, _ in EXAMPLES + REAL_EXAMPLES} == readable


@pytest.mark.parametrize(("spec_path", "url", "status"), REAL_EXAMPLES)
def test_real_app_responses_match_the_openapi_document(real_client, spec_path, url, status):
    r = real_client.get(url)
    assert r.status_code == status, r.get_data(as_text=True)[:300]
    if r.mimetype != "application/json":
        assert r.mimetype in SPEC["paths"][spec_path]["get"]["responses"][str(status)]["content"]
        return
    errors = sorted(schema_validator(spec_path, status).iter_errors(r.get_json()), key=str)
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]


def test_every_real_scenario_log_matches_the_openapi_document(real_client):
    ids = [s["id"] for s in real_client.get("/api/scenarios").get_json()["scenarios"]]
    assert ids
    validator = schema_validator("/scenarios/{id}.json", 200)
    for sid in ids:
        errors = list(validator.iter_errors(real_client.get(f"/scenarios/{sid}.json").get_json()))
        assert not errors, (sid, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:3]])


def test_every_json_route_of_the_app_is_documented(app):
    documented = {p.replace("{id}", "<path:entry_id>") for p in SPEC["paths"]}
    json_rules = {
        r.rule
        for r in app.url_map.iter_rules()
        if r.rule.startswith("/api/") or r.rule in ("/healthz", "/readyz", "/metrics")
    }
    assert json_rules <= {p for p in SPEC["paths"]} | documented


@pytest.mark.parametrize(("spec_path", "url", "status"), EXAMPLES)
def test_live_responses_match_the_openapi_document(client, spec_path, url, status):
    r = client.get(url)
    assert r.status_code == status
    assert r.mimetype == "application/json"
    errors = sorted(schema_validator(spec_path, status).iter_errors(r.get_json()), key=str)
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]


def test_json_keeps_chinese_readable(client):
    raw = client.get("/entries/dominion/library.json").get_data(as_text=True)
    assert "图书馆" in raw and "\\u" not in raw


def test_entry_json_cites_sources_and_permalinks(client):
    data = client.get("/entries/dominion/library.json").get_json()
    ruling = data["rulings"][0]
    assert ruling["permalink"] == "/entries/dominion/library#set-aside-not-shuffled"
    assert {"file": "000_2dfe370fb22f4214.txt", "lines": [407, 409]} in ruling["sources"]
    assert data["scenarios"] == ["dominion/library-set-aside"]


def test_scenario_json_labels_every_card_it_mentions(client, scenarios):
    data = client.get("/scenarios/dominion/library-set-aside.json").get_json()
    assert data["names"]["library"]["zh-Hant"] == "圖書館"
    assert data["names"]["silver"] == {
        "en": "silver",
        "zh-Hans": "silver",
        "zh-Hant": "silver",
    }  # not in dataset
    assert data["ruling_text"]["en"].startswith("If you shuffle")
    assert data["card_types"]["library"] == ["action"] and data["card_types"]["silver"] == []
    # the engine got names for this game's cards only, keyed by slug
    assert scenarios.names_seen["library"]["zh-Hans"] == "图书馆"
    assert "assassin" not in scenarios.names_seen


def test_scenario_runs_are_cached(client, scenarios):
    for _ in range(3):
        client.get("/scenarios/dominion/library-set-aside.json")
        client.get("/scenarios/dominion/library-set-aside")
    assert scenarios.calls == 1


def test_scenarios_by_entry_is_filled_for_the_search_area(app):
    assert app.config["SCENARIOS_BY_ENTRY"] == {"dominion/library": ["dominion/library-set-aside"]}


def test_names_rows_hold_every_entry_in_three_scripts(client):
    data = client.get("/api/names").get_json()
    rows = {row[0]: row for row in data["names"]}
    assert rows["dominion/library"][1:4] == ["Library", "图书馆", "圖書館"]
    assert "藏书馆" in rows["dominion/library"][4]
    assert len(rows) == 5


def test_healthz_reports_dataset_and_index_versions(client, tmp_path):
    data = client.get("/healthz").get_json()
    assert data["dataset"] == {"version": "fixture-1", "entries": 5, "error": None, "loaded": True}
    assert data["index"]["loaded"] is True and data["status"] == "live"


def test_healthz_is_live_but_readyz_is_503_without_a_dataset(tmp_path):
    from refapp import create_app

    app = create_app(
        {
            "DATASET_PATH": str(tmp_path / "missing.json"),
            "REFAPP_DATA_DIR": str(tmp_path),
            "SEARCH_FUNCTION": lambda p: ({}, 200),
        }
    )
    client = app.test_client()
    live = client.get("/healthz")
    assert live.status_code == 200 and live.get_json()["dataset"]["error"]
    ready = client.get("/readyz")
    assert ready.status_code == 503 and ready.get_json()["ready"] is False
    assert client.get("/").status_code == 200  # pages still render


def test_readyz_is_503_while_search_answers_503_for_want_of_an_index(tmp_path):
    """Issue 12, defect 5: /healthz said ok with "search": true while search answered 503."""
    from corpus.model import DATASET_PATH
    from refapp import create_app

    client = create_app({"DATASET_PATH": str(DATASET_PATH), "REFAPP_DATA_DIR": str(tmp_path)}).test_client()
    assert client.get("/api/search?q=library").status_code == 503
    ready = client.get("/readyz")
    assert ready.status_code == 503
    body = ready.get_json()
    assert body["index"] == {"version": None, "current": None, "loaded": False}
    assert body["dataset"]["loaded"] and body["scenarios"]["loaded"]
    assert client.get("/healthz").status_code == 200


def test_readyz_turns_ready_when_an_index_is_built_and_names_its_version(tmp_path):
    import index
    from corpus.model import DATASET_PATH, load_dataset
    from refapp import create_app

    client = create_app({"DATASET_PATH": str(DATASET_PATH), "REFAPP_DATA_DIR": str(tmp_path)}).test_client()
    assert client.get("/readyz").status_code == 503
    folder = index.build(load_dataset(DATASET_PATH), tmp_path)
    import time

    time.sleep(1.1)  # the app looks for a newer build at most once a second
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.get_json()["index"]["version"] == folder.name == ready.get_json()["index"]["current"]
    assert client.get("/api/search?q=library").status_code == 200


def test_index_version_is_read_from_the_current_pointer(tmp_path):
    from refapp.readiness import current_index_version

    (tmp_path / "index" / "v7-20260101").mkdir(parents=True)
    (tmp_path / "index" / "current").symlink_to(tmp_path / "index" / "v7-20260101")
    assert current_index_version(tmp_path) == "v7-20260101"
    assert current_index_version(tmp_path / "nowhere") is None


SECURITY = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}


@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/search?q=lib",
        "/entries/dominion/library",
        "/entries/x",
        "/scenarios/dominion/library-set-aside",
        "/api/entries",
        "/healthz",
        "/sw.js",
    ],
)
def test_every_response_has_security_headers(client, url):
    r = client.get(url)
    for name, value in SECURITY.items():
        assert r.headers.get(name) == value
    csp = r.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp


@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/search?q=lib",
        "/entries/dominion/library",
        "/scenarios/dominion/library-set-aside",
        "/offline",
        "/browse",
    ],
)
def test_pages_have_no_inline_scripts_or_handlers(client, url):
    import re

    page = client.get(url).get_data(as_text=True)
    for tag in re.findall(r"<script\b[^>]*>", page):
        assert "src=" in tag or 'type="application/json"' in tag, tag
    assert not re.search(r"\son[a-z]+=", page)
    assert "style=" not in page


def test_json_errors_for_unknown_api_paths(client):
    r = client.get("/api/nothing")
    assert r.status_code == 404 and r.get_json() == {"error": "Not Found", "status": 404}


HOSTILE_QUERIES = [
    "<script>alert(1)</script>",
    '"><svg onload=alert(1)>',
    "AND OR NOT",
    "title:*",
    "((",
    "))",
    "a*?~2^3",
    "\\",
    "'",
    '"',
    "{{7*7}}",
    "%00",
    "\u0000",
    "\ud7ff" * 3,
    "图书馆 OR 1=1",
    "🂡" * 50,
]


@pytest.mark.parametrize("query", HOSTILE_QUERIES)
def test_real_search_page_and_api_never_fail_on_hostile_queries(real_client, query):
    for url in ("/search", "/api/search", "/api/suggest"):
        r = real_client.get(url, query_string={"q": query})
        assert r.status_code in (200, 400), (url, r.status_code)
        body = r.get_data(as_text=True)
        assert "Traceback" not in body
        if url == "/search":
            assert r.mimetype == "text/html"
            assert "<script>alert" not in body and "<svg onload" not in body
        else:  # JSON may carry the query as data; it is never served as HTML
            assert r.mimetype == "application/json" and r.headers["X-Content-Type-Options"] == "nosniff"


@given(
    q=st.text(st.characters(blacklist_categories=("Cs",)), max_size=60),
    game=st.sampled_from(["", "dominion", "citadels", "x<y"]),
    kind=st.sampled_from(["", "card", "faq", "<b>"]),
)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_search_input_gives_a_page_not_an_error(real_client, q, game, kind):
    r = real_client.get("/search", query_string={"q": q, "game": game, "kind": kind})
    assert r.status_code in (200, 400)
    body = r.get_data(as_text=True)
    shown = q.strip()
    if shown:  # the query is shown back (search box, heading), always escaped
        assert str(escape(shown)) in body
    assert "<b>" not in body


@given(path=st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_entry_or_scenario_address_is_a_page_or_a_404(real_client, path):
    from urllib.parse import quote

    for prefix in ("/entries/", "/scenarios/"):
        r = real_client.get(prefix + quote(path, safe="/"))
        assert r.status_code in (200, 404, 308), (prefix, path, r.status_code)
        body = r.get_data(as_text=True)
        assert "Traceback" not in body
        if r.status_code == 308:  # a redirect stays on this site and under the same kind of page
            assert r.headers["Location"].startswith(prefix) or r.headers["Location"].startswith(
                "http://localhost" + prefix
            )
        elif r.status_code == 404 and (prefix + path).endswith(".json"):  # a page's JSON twin: a JSON error
            assert r.mimetype == "application/json" and r.get_json()["status"] == 404
        elif r.status_code == 404:
            assert r.mimetype == "text/html" and "<h1" in body


def test_a_missing_entrys_or_scenarios_json_twin_is_a_json_404(real_client):
    for path in ("/entries/x.json", "/scenarios/x.json", "/entries/.json"):
        r = real_client.get(path)
        assert r.status_code == 404 and r.mimetype == "application/json", path
        assert r.get_json()["error"] and "Traceback" not in r.get_data(as_text=True)


def test_results_page_offers_more_when_the_search_has_more(real_client):
    data = real_client.get("/api/search", query_string={"q": "牌", "lang": "zh-Hans"}).get_json()
    assert data["total"] > len(data["results"]) == 20
    page = real_client.get("/search", query_string={"q": "牌"}, headers={"Accept-Language": "en"})
    body = page.get_data(as_text=True)
    assert "Showing the first 20" in body
    more = min(data["total"], 100)
    assert f"limit={more}" in body
    page = real_client.get(
        "/search", query_string={"q": "牌", "limit": str(more)}, headers={"Accept-Language": "en"}
    )
    assert page.get_data(as_text=True).count('class="result-link"') == more


def test_every_real_entry_renders_in_three_scripts_and_its_twin_matches_the_document(real_client):
    entries = real_client.get("/api/entries").get_json()["entries"]
    assert len(entries) > 50
    validator = schema_validator("/entries/{id}.json", 200)
    for e in entries:
        data = real_client.get(f"/entries/{e['id']}.json").get_json()
        errors = list(validator.iter_errors(data))
        assert not errors, (e["id"], [f"{list(x.absolute_path)}: {x.message}" for x in errors[:3]])
        for lang in ("en", "zh-Hans", "zh-Hant"):
            r = real_client.get(f"/entries/{e['id']}", headers={"Accept-Language": lang})
            assert r.status_code == 200, (e["id"], lang)
            page = r.get_data(as_text=True)
            for ruling in data["rulings"]:
                assert f'id="{ruling["id"]}"' in page, (e["id"], ruling["id"])
            for rel in data["related"]:
                assert f'href="/entries/{rel}"' in page, (e["id"], rel)


def test_entry_json_lists_each_rulings_demonstrations(client):
    data = client.get("/entries/dominion/library.json").get_json()
    by_ruling = {r["id"]: r["scenarios"] for r in data["rulings"]}
    assert "dominion/library-set-aside" in by_ruling["set-aside-not-shuffled"]
    assert all(isinstance(v, list) for v in by_ruling.values())


API_MD = SPEC_PATH.with_name("api.md")


def test_every_example_address_in_api_md_answers(real_client):
    """Issue 12, defect 7: docs/api.md showed scenario ids with '/', a 404."""
    import re

    text = API_MD.read_text(encoding="utf-8")
    addresses = set(re.findall(r"[`\"](/(?:entries|scenarios)/[a-z0-9/-]+(?:\.json)?)[`\"]", text))
    listed = re.findall(r'"scenarios": \[([^\]]*)\]', text)[0].split('"')[1::2]
    addresses |= {f"/scenarios/{sid}.json" for sid in listed}
    assert len(addresses) >= 3, addresses
    for address in sorted(addresses):
        assert real_client.get(address).status_code == 200, address


@pytest.mark.parametrize(("url", "json"), [("/api/entries", True), ("/healthz", True), ("/", False)])
def test_405_names_the_allowed_methods(client, url, json):
    r = client.post(url)
    assert r.status_code == 405
    assert set(r.headers["Allow"].replace(" ", "").split(",")) >= {"GET", "HEAD"}
    assert (r.mimetype == "application/json") is json


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1:8000"])
def test_repeated_slashes_redirect_to_a_path_not_to_the_host_header(client, host):
    r = client.get("/entries//dominion//library", headers={"Host": host})
    assert r.status_code == 308
    assert r.headers["Location"] == "/entries/dominion/library"


def test_metrics_count_requests_by_route_and_status_and_name_the_versions(real_client):
    real_client.get("/api/search?q=library&lang=en")
    real_client.get("/api/search?q=library&lang=en")
    real_client.get("/entries/dominion/nothing.json")
    r = real_client.get("/metrics")
    assert r.status_code == 200 and r.mimetype == "text/plain"
    text = r.get_data(as_text=True)
    assert 'refapp_http_requests_total{method="GET",route="/api/search",status="200"}' in text
    assert 'status="404"' in text
    assert 'refapp_http_request_duration_seconds_bucket{le="0.05",route="/api/search"}' in text
    assert 'refapp_search_cache_lookups_total{result="hit"}' in text
    ready = real_client.get("/readyz").get_json()
    versions = f'dataset="{ready["dataset"]["version"]}",index="{ready["index"]["version"]}"'
    assert f"refapp_build_info{{{versions}}} 1.0" in text
