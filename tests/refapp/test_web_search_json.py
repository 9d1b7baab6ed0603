"""refapp/search_json.py writes /api/search's JSON from kept fragments: it must equal jsonify's
text byte for byte, and never reuse a fragment whose fields changed."""

from __future__ import annotations

import json

import pytest
from flask import Flask, jsonify
from hypothesis import given, settings
from hypothesis import strategies as st

from refapp import search_json as sj


def compact(obj) -> bytes:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode()


@pytest.fixture(scope="module")
def real_app(tmp_path_factory):
    import index
    from corpus.model import DATASET_PATH, load_dataset
    from refapp import create_app

    data_dir = tmp_path_factory.mktemp("real")
    index.build(load_dataset(DATASET_PATH), data_dir)
    config = {"DATASET_PATH": str(DATASET_PATH), "REFAPP_DATA_DIR": str(data_dir), "SEARCH_CACHE_SIZE": 0}
    return create_app(config)


QUERIES = [
    ("图书馆", "zh-Hans", {}),
    ("圖書館 抓到行動牌可以跳過嗎", "zh-Hant", {}),
    ("library skip action card", "en", {}),
    ("刺客", "zh-Hans", {"game": "citadels", "kind": "card"}),
    ("libary", "en", {"limit": "100"}),
    ("a", "en", {}),
    ('"引号" <b>&amp;\\ \u2028', "zh-Hans", {}),
]


@pytest.mark.parametrize(("q", "lang", "extra"), QUERIES)
def test_api_search_body_equals_jsonify(real_app, q, lang, extra):
    assert sj._fast_provider(real_app)  # the app's jsonify is what search_json writes
    client = real_app.test_client()
    for _ in range(2):  # first made, then from kept fragments
        r = client.get("/api/search", query_string={"q": q, "lang": lang, **extra})
        assert r.status_code == 200
        with real_app.test_request_context():
            assert r.data == jsonify(r.get_json()).get_data()


def result(rid="dominion/library", ruling="set-aside", title=None, scenarios=("s1",), snippet="x"):
    return {
        "id": rid,
        "kind": "card",
        "game": "dominion",
        "editions": ["1e", "2e"],
        "title": title or {"en": "Library", "zh-Hans": "图书馆", "zh-Hant": "圖書館"},
        "snippet": snippet,
        "ruling": ruling,
        "also": [],
        "url": f"/entries/{rid}",
        "scenarios": list(scenarios),
    }


def answer(results):
    head = {"query": "q", "lang": "en", "total": len(results), "suggestion": None, "filters": {}}
    return {**head, "results": results}


def test_a_changed_field_is_not_served_from_a_kept_fragment():
    first = answer([result(title={"en": "Library"})])
    assert sj.search_json(first) == compact(first)
    renamed = answer([result(title={"en": "Bibliothek"})])  # same entry and ruling, index rebuilt
    assert sj.search_json(renamed) == compact(renamed)
    more = answer([result(title={"en": "Bibliothek"}, scenarios=("s1", "s2"))])
    assert sj.search_json(more) == compact(more)


def test_a_title_in_another_order_is_written_in_its_order():
    forwards = answer([result(title={"en": "Library", "zh-Hans": "图书馆"})])
    backwards = answer([result(title={"zh-Hans": "图书馆", "en": "Library"})])
    for a in (forwards, backwards, forwards):
        assert sj.search_json(a) == compact(a)


def test_fields_that_are_not_text_are_written_as_json_dumps_writes_them():
    odds = (result(title={"en": 1}), {**result(), "editions": [1, 2.5, True, None]}, {**result(), "kind": 1})
    for odd in odds:
        for _ in range(2):
            a = answer([{**result(), "editions": ["1", "2.5"]}, odd])
            assert sj.search_json(a) == compact(a)


def test_another_shape_is_written_whole():
    extra = answer([{**result(), "score": 1.5}])
    assert sj.search_json(extra) == compact(extra)
    assert sj.search_json({"error": "x", "status": 400}) == compact({"error": "x", "status": 400})
    missing = answer([{k: v for k, v in result().items() if k != "url"}])
    assert sj.search_json(missing) == compact(missing)


def test_a_type_only_the_provider_knows_goes_to_the_provider():
    import datetime

    odd = answer([result(title={"en": datetime.date(2026, 11, 30)})])
    app = Flask(__name__)
    with app.app_context():
        written = sj.search_json(odd, lambda obj: app.json.dumps(obj, separators=(",", ":")))
    assert b"Mon, 30 Nov 2026" in written


def test_an_app_whose_jsonify_differs_gets_jsonify():
    app = Flask(__name__)  # sort_keys and ensure_ascii on, as Flask's default
    with app.test_request_context():
        response, status = sj.search_response(answer([result()]), 200)
        assert status == 200
        assert response.get_data() == jsonify(answer([result()])).get_data()


text = st.text(max_size=12)
results = st.builds(
    result,
    rid=text,
    ruling=st.none() | text,
    title=st.dictionaries(st.sampled_from(["en", "zh-Hans", "zh-Hant"]), text, min_size=1),
    scenarios=st.lists(text, max_size=4),
    snippet=text,
)


@given(st.lists(results, max_size=6), st.lists(results, max_size=6))
@settings(deadline=None)
def test_any_answer_equals_json_dumps(first, second):
    for rs in (first, second, first):  # kept fragments meet other values under the same keys
        a = answer(rs)
        assert sj.search_json(a) == compact(a)
