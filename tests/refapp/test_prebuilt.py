"""`refapp build-index` keeps in the build what a server would otherwise make at start-up (the
saved pack's demonstrations and entry pages in every script, the search's ranking data;
refapp/prebuilt.py), and a server reads them instead of making them, so a replica restarting or
rolling to a new build answers within seconds. Kept answers made by other code or from another
dataset, or damaged, are never served: the server makes its own."""

from __future__ import annotations

import errno
import gzip
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from refapp_fakes import DATASET, FixtureScenarios

import index.offline_export
import refapp.views.offline as offline_views
from index import current_folder
from refapp import create_app, prebuilt
from refapp.cli import main

LANGS = ["zh-Hans", "zh-Hant", "en"]
PARTS = sorted([*(f"demos.{lang}" for lang in LANGS), *(f"entries.{lang}" for lang in LANGS), "rank"])
URLS = {
    **{f"demos.{lang}": f"/api/offline-demos?lang={lang}" for lang in LANGS},
    **{f"entries.{lang}": f"/api/offline-entries?lang={lang}" for lang in LANGS},
    "rank": "/api/offline-rank",
}


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory) -> Path:  # type: ignore[no-untyped-def]
    """A data folder built by the command, as `make index` and the image's build do."""
    folder = tmp_path_factory.mktemp("var")
    result = CliRunner().invoke(main, ["build-index", "--data-dir", str(folder)])
    assert result.exit_code == 0, result.output
    assert "kept 7 answers" in result.output
    return folder


def kept(data_dir: Path, name: str) -> bytes:
    return gzip.decompress((current_folder(data_dir) / prebuilt.FOLDER / f"{name}.json.gz").read_bytes())


def refuse_to_make(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    def refuse(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("made at run time, though the build keeps it")

    monkeypatch.setattr(offline_views, "build_demos", refuse)
    monkeypatch.setattr(offline_views, "build_entries", refuse)
    monkeypatch.setattr(index.offline_export, "export_ranking", refuse)


def test_the_build_keeps_each_scripts_demonstrations_and_entry_pages_and_the_ranking_data(data_dir):
    meta = json.loads((current_folder(data_dir) / prebuilt.FOLDER / prebuilt.META).read_text("utf-8"))
    assert meta["parts"] == PARTS
    assert meta["code"] == prebuilt.code_digest()
    for lang in LANGS:
        demos = json.loads(kept(data_dir, f"demos.{lang}"))
        entries = json.loads(kept(data_dir, f"entries.{lang}"))
        assert demos["lang"] == entries["lang"] == lang
        assert len(demos["demos"]) > 300 and len(entries["entries"]) > 200
        assert meta["dataset"] == demos["version"] == entries["version"]
    assert json.loads(kept(data_dir, "rank"))["index"] == current_folder(data_dir).name


def test_a_server_serves_them_without_making_them(data_dir, monkeypatch):
    refuse_to_make(monkeypatch)
    app = create_app({"TESTING": True, "REFAPP_DATA_DIR": str(data_dir)})
    with app.app_context():
        offline_views.warm_saved_pack()  # what `refapp serve` does in the master before forking
        assert offline_views.rank_data() is not None
    client = app.test_client()
    for name, url in URLS.items():
        r = client.get(url, headers={"Accept-Encoding": "identity"})
        assert r.status_code == 200 and r.data == kept(data_dir, name), name
    pack = client.get("/api/offline-pack?lang=en").get_json()  # says which demonstration shows what
    assert pack["demos"] and {d[0] for d in pack["demos"]} <= {
        d["id"] for d in json.loads(kept(data_dir, "demos.en"))["demos"]
    }


@pytest.mark.parametrize("changed", ["code", "dataset"])
def test_answers_kept_by_other_code_or_from_another_dataset_are_made_again(data_dir, monkeypatch, changed):
    app = create_app({"TESTING": True, "REFAPP_DATA_DIR": str(data_dir)})
    if changed == "code":
        monkeypatch.setattr(prebuilt, "code_digest", lambda: "another-version-of-the-code")
    else:
        app.extensions["refapp"].catalog.dataset.version = "another-dataset"
    made = {"version": "made now", "lang": "en", "entries": {}}
    monkeypatch.setattr(offline_views, "build_entries", lambda state, lang: made)
    r = app.test_client().get("/api/offline-entries?lang=en", headers={"Accept-Encoding": "identity"})
    assert r.status_code == 200 and r.get_json() == made


def test_a_damaged_kept_file_is_made_again_never_a_500(data_dir, tmp_path, monkeypatch):
    import shutil

    copy = tmp_path / "var"
    shutil.copytree(data_dir, copy, symlinks=True)
    damaged = current_folder(copy) / prebuilt.FOLDER / "entries.zh-Hant.json.gz"
    damaged.write_bytes(damaged.read_bytes()[:100])
    made = {"version": "made now", "lang": "zh-Hant", "entries": {}}
    monkeypatch.setattr(offline_views, "build_entries", lambda state, lang: made)
    client = create_app({"TESTING": True, "REFAPP_DATA_DIR": str(copy)}).test_client()
    r = client.get("/api/offline-entries?lang=zh-Hant", headers={"Accept-Encoding": "identity"})
    assert r.status_code == 200 and r.get_json() == made
    r = client.get("/api/offline-entries?lang=en", headers={"Accept-Encoding": "identity"})
    assert r.data == kept(copy, "entries.en")  # the others are still read


def test_an_app_given_other_scenarios_makes_its_own_demonstrations(data_dir):
    scenarios = FixtureScenarios()
    app = create_app({
        "TESTING": True, "DATASET_PATH": str(DATASET), "SCENARIO_SOURCE": scenarios,
        "REFAPP_DATA_DIR": str(data_dir),
    })
    demos = app.test_client().get("/api/offline-demos?lang=en").get_json()["demos"]
    assert {d["id"] for d in demos} <= set(scenarios.runs)


def test_a_build_whose_answers_cannot_be_kept_says_so_in_one_line(tmp_path, monkeypatch):
    monkeypatch.setattr(offline_views, "served_parts", lambda: {"rank": (b"{}", gzip.compress(b"{}"))})

    def full(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(prebuilt, "write", full)
    result = CliRunner().invoke(main, ["build-index", "--data-dir", str(tmp_path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "No space left on device" in result.output and "makes them itself" in result.output
    assert current_folder(tmp_path) is not None  # the index itself is built and current


def test_before_forking_a_server_makes_what_a_first_visit_needs_from_the_build(data_dir, monkeypatch):
    """What gunicorn's master makes before it listens (refapp.warm): read from the build, not
    made, and every template compiled and the tools' tables made once for all workers."""
    from refapp.warm import before_fork

    refuse_to_make(monkeypatch)
    app = create_app({"TESTING": True, "REFAPP_DATA_DIR": str(data_dir)})
    before_fork(app)
    state = app.extensions["refapp"]
    assert sorted(state.extra["offline_demos"]) == sorted(state.extra["offline_entries"]) == sorted(LANGS)
    assert state.extra["offline_rank"] and "tables" in state.extra
    compiled = {name for _, name in app.jinja_env.cache.keys()}
    assert set(app.jinja_env.list_templates()) <= compiled
