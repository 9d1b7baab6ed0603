"""Issue 12, defects 3 and 4: odd digits in `limit` are a 400, and an index build that cannot be
opened is refused and logged naming the file, while the last good index keeps serving and a later
good build is picked up; an index folder that becomes unreadable never gives a 500."""

from __future__ import annotations

import logging
import shutil

import pytest
from flask import Flask
from search_fixture_data import fixture_dataset

from index import IndexBrokenError, QueryError, build, open_index
from index.builder import _switch_current, index_root
from index.phrase_index import PhraseIndex
from index.query import parse_limit
from refapp import search
from refapp.views import search_api


@pytest.mark.parametrize("limit", ["²", "①", "٣", "１０", "-1", "1e1", "0x10", "101"])
def test_limits_that_are_not_plain_digits_are_refused_as_bad_input(limit):
    with pytest.raises(QueryError, match="limit"):
        parse_limit(limit)


@pytest.fixture()
def app_for(monkeypatch):
    monkeypatch.setattr(search, "CHECK_EVERY_S", 0.0)

    def make(data_dir):
        app = Flask("robust")
        app.config["REFAPP_DATA_DIR"] = str(data_dir)
        search.attach_index(app)
        app.register_blueprint(search_api.bp)
        return app.test_client()

    return make


@pytest.mark.parametrize("path", ["/api/search", "/api/suggest"])
@pytest.mark.parametrize("limit", ["²", "①"])
def test_superscript_and_circled_limits_give_400_not_500(app_for, fixture_dir, path, limit):
    r = app_for(fixture_dir).get(path, query_string={"q": "图书馆", "limit": limit})
    assert r.status_code == 400 and "limit" in r.get_json()["error"]


def _damaged_copy(good, name: str, damage) -> None:
    """A copy of the build `good` with `damage` applied, made `current`."""
    bad = good.parent / f"{good.name}-damaged-{name.replace('/', '')}"
    shutil.copytree(good, bad)
    damage(bad)
    _switch_current(index_root(good.parent.parent), bad)


def _break_json(name):
    return lambda folder: (folder / name).write_text("{not json", encoding="utf-8")


DAMAGES = {
    "meta.json": _break_json("meta.json"),
    "units.json": _break_json("units.json"),
    "entries.json": _break_json("entries.json"),
    "whoosh/": lambda folder: shutil.rmtree(folder / "whoosh"),
    "lexicon.json": lambda folder: (folder / "lexicon.json").unlink(),
}


@pytest.mark.parametrize("file", list(DAMAGES))
def test_a_build_that_cannot_be_opened_is_refused_naming_the_file(tmp_path, file):
    good = build(fixture_dataset(), tmp_path)
    _damaged_copy(good, file, DAMAGES[file])
    with pytest.raises(IndexBrokenError) as err:
        open_index(tmp_path)
    assert err.value.file == file and file in str(err.value)


@pytest.mark.parametrize("file", list(DAMAGES))
def test_a_damaged_build_swapped_in_keeps_the_last_good_index_serving(tmp_path, app_for, caplog, file):
    good = build(fixture_dataset(), tmp_path)
    client = app_for(tmp_path)
    before = client.get("/api/search", query_string={"q": "图书馆"})
    assert before.status_code == 200
    _damaged_copy(good, file, DAMAGES[file])
    with caplog.at_level(logging.ERROR):
        for _ in range(3):  # every request looks at `current`; none fails, none changes
            during = client.get("/api/search", query_string={"q": "图书馆"})
            assert during.status_code == 200 and during.get_json() == before.get_json()
    refusals = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    assert len(refusals) == 1 and file in refusals[0] and good.name in refusals[0]  # logged once
    smaller = fixture_dataset()
    smaller.entries = [e for e in smaller.entries if e.id != "dominion/library"]
    build(smaller, tmp_path)  # a later good build is picked up
    after = client.get("/api/search", query_string={"q": "图书馆"}).get_json()
    assert "dominion/library" not in {r["id"] for r in after["results"]}


def test_an_index_unopenable_at_start_is_503_then_a_good_build_is_picked_up(tmp_path, app_for, caplog):
    good = build(fixture_dataset(), tmp_path)
    _damaged_copy(good, "units.json", DAMAGES["units.json"])
    with caplog.at_level(logging.ERROR):
        client = app_for(tmp_path)
    r = client.get("/api/search", query_string={"q": "图书馆"})
    assert r.status_code == 503 and "units.json" in r.get_json()["error"]
    assert any("units.json" in rec.getMessage() for rec in caplog.records)
    build(fixture_dataset(), tmp_path)
    assert client.get("/api/search", query_string={"q": "图书馆"}).status_code == 200


def test_an_index_folder_unreadable_while_running_gives_503_not_500(tmp_path, app_for, monkeypatch):
    build(fixture_dataset(), tmp_path)
    client = app_for(tmp_path)
    assert client.get("/api/search", query_string={"q": '"图书馆"'}).status_code == 200

    def unreadable(self):
        raise PermissionError(13, "Permission denied", str(self.folder / "whoosh"))

    monkeypatch.setattr(PhraseIndex, "_searcher", unreadable)  # root ignores chmod, so simulate it
    r = client.get("/api/search", query_string={"q": '"天文台" 图书馆', "limit": "7"})
    assert r.status_code == 503 and "cannot be read" in r.get_json()["error"]
    assert client.get("/api/search", query_string={"q": "图书馆"}).status_code == 200  # no phrase: no Whoosh
