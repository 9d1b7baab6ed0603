"""The index a server uses is one that exists (issue 21, defect 5): a worker forked after the
master opened a build inherits that build; when the folder was pruned (3 rebuilds, KEEP_OLD=2)
or deleted, phrase queries raised Whoosh's EmptyIndexError (678 of 1,368 answered 500) while
/readyz said ready."""

from __future__ import annotations

import shutil
import threading

import pytest

from corpus.model import DATASET_PATH, load_dataset

PHRASE = {"q": '"图书馆"', "lang": "zh-Hans"}


@pytest.fixture(scope="module")
def dataset():
    return load_dataset(DATASET_PATH)


def app_on(data_dir):
    from refapp import create_app

    return create_app({"DATASET_PATH": str(DATASET_PATH), "REFAPP_DATA_DIR": str(data_dir)})


def in_new_thread(app, path: str, params: dict[str, str] | None = None):
    """A request served by a thread that has not searched yet (as in a worker forked later):
    it opens its own Whoosh searcher."""
    out = {}

    def run() -> None:
        out["r"] = app.test_client().get(path, query_string=params or {})

    t = threading.Thread(target=run)
    t.start()
    t.join()
    return out["r"]


def test_a_build_a_server_has_open_is_not_pruned_by_later_builds(tmp_path, dataset):
    import index
    from index.builder import KEEP_OLD

    first = index.build(dataset, tmp_path)
    app = app_on(tmp_path)
    later = [index.build(dataset, tmp_path) for _ in range(KEEP_OLD + 2)]
    assert first.exists(), "the build the server opened was pruned"
    assert not later[0].exists()  # builds nobody holds are still pruned
    assert in_new_thread(app, "/api/search", PHRASE).status_code == 200


def test_a_deleted_open_folder_gives_answers_from_the_current_build(tmp_path, dataset):
    import index

    first = index.build(dataset, tmp_path)
    app = app_on(tmp_path)
    index.build(dataset, tmp_path)
    # a worker that has not looked at `current` since (it looks once a second)
    app.extensions["search_index"].checked = float("inf")
    shutil.rmtree(first)  # by hand: nothing protects a folder from rm -rf
    r = in_new_thread(app, "/api/search", PHRASE)
    assert r.status_code == 200 and r.get_json()["results"]


def test_a_deleted_current_folder_gives_a_clean_503_and_readyz_not_ready(tmp_path, dataset):
    import index

    only = index.build(dataset, tmp_path)
    app = app_on(tmp_path)
    assert app.test_client().get("/readyz").status_code == 200
    shutil.rmtree(only)
    r = in_new_thread(app, "/api/search", PHRASE)
    assert r.status_code == 503 and r.get_json()["status"] == 503
    assert str(tmp_path) not in r.get_data(as_text=True)
    ready = app.test_client().get("/readyz")
    assert ready.status_code == 503 and ready.get_json()["index"]["current"] is None
    assert app.test_client().get("/healthz").status_code == 200


def test_an_index_switch_is_logged_naming_both_builds(tmp_path, dataset, caplog):
    """Issue 21: nothing was logged when a server switched to a new build."""
    import logging

    import index

    first = index.build(dataset, tmp_path)
    app = app_on(tmp_path)
    second = index.build(dataset, tmp_path)
    app.extensions["search_index"].checked = 0.0  # its next request looks at `current`
    with caplog.at_level(logging.WARNING):
        assert app.test_client().get("/api/search", query_string=PHRASE).status_code == 200
    assert f"search index switched: {first.name} -> {second.name}" in caplog.text
