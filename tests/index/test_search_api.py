"""The search API as a client sees it: GET /api/search and /api/suggest on a tiny app with the
index attached and the search blueprint, the shared run_search, and the `refapp search` /
`build-index` commands."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from flask import Flask

from index.query import MAX_QUERY_CHARS
from refapp import search
from refapp.views import search_api


@pytest.fixture(scope="module")
def client(fixture_dir):
    app = Flask("search-test")
    app.json.ensure_ascii = False
    app.config.update(
        REFAPP_DATA_DIR=str(fixture_dir), SCENARIOS_BY_ENTRY={"dominion/feast": ["dominion/feast-tr"]}
    )
    search.attach_index(app)
    app.register_blueprint(search_api.bp)
    return app.test_client()


def test_search_returns_the_agreed_shape(client):
    r = client.get("/api/search", query_string={"q": "金殿 宴会", "lang": "zh-Hant"})
    assert r.status_code == 200
    body = r.get_json()
    assert set(body) >= {"query", "lang", "total", "suggestion", "results"}
    assert body["lang"] == "zh-Hant" and body["query"] == "金殿 宴会"
    top = body["results"][0]
    assert set(top) >= {"id", "kind", "game", "editions", "title", "snippet", "url", "scenarios"}
    assert top["id"] == "dominion/feast"
    assert top["url"] == "/entries/dominion/feast"
    assert top["scenarios"] == ["dominion/feast-tr"]
    assert set(top["title"]) == {"en", "zh-Hans", "zh-Hant"}


def test_url_parameters_filter_like_the_box(client):
    by_param = client.get("/api/search", query_string={"q": "图书馆", "game": "citadels"}).get_json()
    by_box = client.get("/api/search", query_string={"q": "图书馆 game:citadels"}).get_json()
    assert (
        [r["id"] for r in by_param["results"]]
        == [r["id"] for r in by_box["results"]]
        == ["citadels/library", "citadels/observatory"]
    )
    typed = client.get(
        "/api/search", query_string={"q": "女巫", "type": "attack", "edition": "2e"}
    ).get_json()
    assert [r["id"] for r in typed["results"]] == ["dominion/witch"]


def test_a_players_post_telling_the_situation_first_is_searched_not_refused(client):
    post = (
        "so last night my buddy played a library and drew into a village. he said he had to keep it, "
        "i said you can set it aside and keep drawing. we argued for ages and nobody had the rulebook. "
        "then he also claimed the set aside cards get shuffled in if the deck runs out halfway. "
        "who is right about the library?"
    )
    assert 300 < len(post) <= MAX_QUERY_CHARS
    assert client.get("/api/search", query_string={"q": post}).status_code == 200
    r = client.get("/api/search", query_string={"q": "x" * (MAX_QUERY_CHARS + 1)})
    assert r.status_code == 400 and "too long" in r.get_json()["error"]


def test_limit_parameter(client):
    body = client.get("/api/search", query_string={"q": "library", "limit": "1"}).get_json()
    assert len(body["results"]) == 1 and body["total"] >= 2


@pytest.mark.parametrize(
    "params, fragment",
    [
        ({}, "missing query"),
        ({"q": "   "}, "missing query"),
        ({"q": "x" * 10_000}, "too long"),
        ({"q": "foo:bar"}, "unknown field"),
        ({"q": "图书馆", "lang": "fr"}, "unknown lang"),
        ({"q": "图书馆", "game": "chess"}, "unknown game"),
        ({"q": "图书馆", "limit": "0"}, "limit"),
        ({"q": "图书馆", "limit": "abc"}, "limit"),
        ({"q": "cost<=cheap"}, "cost"),
        ({"q": "game:dominion", "game": "citadels"}, "given twice"),
    ],
)
def test_bad_input_is_a_400_with_a_clear_message(client, params, fragment):
    r = client.get("/api/search", query_string=params)
    assert r.status_code == 400
    assert fragment in r.get_json()["error"]


@pytest.mark.parametrize(
    "q",
    [
        '"(*:~^',
        "AND OR NOT",
        "*:*",
        "图书馆^2~",
        "😀🎲",
        "a\x00b\x07c",
        "\u200b\u202e图书馆",
        "\\",
        "'",
        "%",
        "+",
        "~~~",
    ],
)
def test_syntax_characters_emoji_and_controls_give_200(client, q):
    r = client.get("/api/search", query_string={"q": q})
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["query"] == q and body["total"] >= len(body["results"])
    assert all(x["url"].startswith("/entries/") for x in body["results"])


def test_control_characters_do_not_hide_the_query(client):
    r = client.get("/api/search", query_string={"q": "\u200b图书馆\x07"}).get_json()
    assert {x["id"] for x in r["results"][:2]} == {"dominion/library", "citadels/library"}


def test_suggest_completes_prefix_pinyin_and_initials(client):
    for q in ["图书", "tushu", "tsg", "Lib"]:
        body = client.get("/api/suggest", query_string={"q": q, "lang": "en"}).get_json()
        assert {s["id"] for s in body["suggestions"][:2]} == {"dominion/library", "citadels/library"}, q
        assert all(s["url"] == f"/entries/{s['id']}" for s in body["suggestions"])
    assert (
        client.get("/api/suggest", query_string={"q": "ck"}).get_json()["suggestions"][0]["id"]
        == "citadels/assassin"
    )


def test_suggest_tolerates_a_typo_in_a_long_prefix(client):
    body = client.get("/api/suggest", query_string={"q": "advn", "lang": "en"}).get_json()
    assert [s["id"] for s in body["suggestions"]][:1] == ["dominion/adventurer"]


def test_suggest_completes_a_homophone_prefix(client):
    body = client.get("/api/suggest", query_string={"q": "王坐"}).get_json()
    assert [s["id"] for s in body["suggestions"]][:1] == ["dominion/throne-room"]


def test_suggest_bad_lang_and_empty_prefix(client):
    assert client.get("/api/suggest", query_string={"q": "tu", "lang": "xx"}).status_code == 400
    assert client.get("/api/suggest", query_string={"q": ""}).get_json()["suggestions"] == []


def test_missing_index_is_reported_not_raised(tmp_path):
    assert_503_until_build_index(tmp_path)


def test_cli_json_prints_exactly_what_the_api_returns(client, fixture_dir):
    from refapp.commands.search import search

    out = CliRunner().invoke(
        search, ["金殿 宴会", "--lang", "zh-Hant", "--json", "--data-dir", str(fixture_dir)]
    )
    assert out.exit_code == 0, out.output
    api = client.get("/api/search", query_string={"q": "金殿 宴会", "lang": "zh-Hant"}).get_json()
    cli = json.loads(out.output)
    for r in api["results"]:
        r["scenarios"] = []  # the CLI takes scenarios from the engine, the test app from config
    for r in cli["results"]:
        r["scenarios"] = []
    assert cli == api


def test_cli_reports_bad_queries(fixture_dir):
    from refapp.commands.search import search

    out = CliRunner().invoke(search, ["foo:bar", "--data-dir", str(fixture_dir)])
    assert out.exit_code == 1 and "unknown field" in out.output


def test_running_app_switches_to_a_new_build(tmp_path, monkeypatch):
    from search_fixture_data import fixture_dataset

    from corpus.model import Dataset
    from index import build

    monkeypatch.setattr(search, "CHECK_EVERY_S", 0.0)
    full = fixture_dataset()
    build(full, tmp_path)
    app = Flask("switch")
    app.config["REFAPP_DATA_DIR"] = str(tmp_path)
    search.attach_index(app)
    app.register_blueprint(search_api.bp)
    client = app.test_client()
    before = client.get("/api/search", query_string={"q": "图书馆"}).get_json()
    assert {r["id"] for r in before["results"]} >= {"dominion/library", "citadels/library"}
    smaller = Dataset("fixture-2", [e for e in full.entries if e.id != "dominion/library"])
    build(smaller, tmp_path)
    after = client.get("/api/search", query_string={"q": "图书馆"}).get_json()
    assert "dominion/library" not in {r["id"] for r in after["results"]}


def test_build_index_command_builds_and_switches(tmp_path):
    from search_fixture_data import fixture_dataset

    from corpus.model import dataset_to_dict
    from index import current_folder
    from refapp.commands.search import build_index

    path = tmp_path / "dataset.json"
    path.write_text(json.dumps(dataset_to_dict(fixture_dataset()), ensure_ascii=False), encoding="utf-8")
    runner = CliRunner()
    args = ["--no-served", "--dataset", str(path), "--data-dir", str(tmp_path / "var")]
    first = runner.invoke(build_index, args)
    assert first.exit_code == 0, first.output
    assert "entries" in first.output
    built = current_folder(tmp_path / "var")
    second = runner.invoke(build_index, args)
    assert second.exit_code == 0 and current_folder(tmp_path / "var") != built
    missing = runner.invoke(
        build_index, ["--dataset", str(tmp_path / "none.json"), "--data-dir", str(tmp_path)]
    )
    assert missing.exit_code != 0 and "no dataset" in missing.output


def test_an_index_from_another_version_is_reported_not_used(tmp_path, monkeypatch):
    from search_fixture_data import fixture_dataset

    from index import IndexMissingError, build, open_index

    monkeypatch.setattr(search, "CHECK_EVERY_S", 0.0)

    folder = build(fixture_dataset(), tmp_path)
    meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    (folder / "meta.json").write_text(json.dumps({**meta, "format": 0}), encoding="utf-8")
    with pytest.raises(IndexMissingError, match="another version"):
        open_index(tmp_path)
    assert_503_until_build_index(tmp_path)


def assert_503_until_build_index(data_dir):
    """The API answers 503 naming `refapp build-index`, and building fixes it without a restart."""
    from search_fixture_data import fixture_dataset

    from index import build

    app = Flask("unbuilt-index")
    app.config["REFAPP_DATA_DIR"] = str(data_dir)
    search.attach_index(app)
    app.register_blueprint(search_api.bp)
    client = app.test_client()
    r = client.get("/api/search", query_string={"q": "图书馆"})
    assert r.status_code == 503 and "build-index" in r.get_json()["error"]
    build(fixture_dataset(), data_dir)  # the fix the message asks for
    assert client.get("/api/search", query_string={"q": "图书馆"}).status_code == 200
