"""The demonstrations as data for "save for the table": /api/offline-demos holds every run of one
script, its snapshots stored as differences that the offline player (static/player.js) undoes to
exactly the snapshots the online player page embeds; /offline/player is the one page that plays
them; the pack says which demonstration shows which ruling and at which ★ step. (In Chromium with
the network off: tests/browser/test_offline_browser.py.)"""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from refapp.offline_demos import delta, packed_snapshots, undelta, unpacked_snapshots

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
LANGS = ["zh-Hans", "zh-Hant", "en"]


@pytest.fixture(scope="module")
def app(tmp_path_factory):  # type: ignore[no-untyped-def]
    from refapp import create_app

    # the shipped scenarios; no search index is needed for the demonstrations
    return create_app({"TESTING": True, "REFAPP_DATA_DIR": str(tmp_path_factory.mktemp("no-index"))})


@pytest.fixture(scope="module")
def client(app):  # type: ignore[no-untyped-def]
    return app.test_client()


@pytest.fixture(scope="module")
def demos(client) -> dict[str, dict]:
    return {lang: client.get(f"/api/offline-demos?lang={lang}").get_json() for lang in LANGS}


def online_run(app, scenario_id: str, lang: str) -> dict:  # type: ignore[no-untyped-def]
    """What the online player page embeds for this run, as the page's JSON (sorted keys)."""
    from refapp.board import client_run
    from refapp.state import get_state

    with app.test_request_context():
        run = get_state().scenarios.run(scenario_id)
        return json.loads(json.dumps(client_run(run, lang), sort_keys=True))


@pytest.mark.parametrize(
    "query",
    ["lang=fr", "lang=zh", "lang=EN", "lang=%00", "lang=" + "x" * 3000, "lang=zh-Hans%0a", "lang[]=en"],
)
def test_a_bad_lang_is_a_400_never_a_500(client, query):
    r = client.get("/api/offline-demos?" + query)
    if query == "lang[]=en":  # an unknown parameter: the reader's own script
        assert r.status_code == 200
        return
    assert r.status_code == 400 and r.is_json
    assert r.get_json()["status"] == 400 and "lang" in r.get_json()["error"]


def test_without_lang_the_readers_script_is_sent(app):
    r = app.test_client().get("/api/offline-demos", headers={"Accept-Language": "zh-TW"})  # no cookie yet
    assert r.status_code == 200 and r.get_json()["lang"] == "zh-Hant"


def test_the_data_is_served_gzipped_once_and_plainly(client):
    zipped = client.get("/api/offline-demos?lang=en", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip" and zipped.headers["Vary"] == "Accept-Encoding"
    plain = client.get("/api/offline-demos?lang=en", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers
    assert gzip.decompress(zipped.data) == plain.data
    # every demonstration and pair run of one script: 0.21 MB with 810 pair runs (was 1.75 MB of
    # pages); the whole saved pack has 3 MB per script (docs/perf.md)
    assert len(zipped.data) < 300_000


@pytest.mark.parametrize("lang", LANGS)
def test_every_demonstration_is_in_each_script_and_unpacks_to_the_online_run(app, demos, lang):
    from refapp.state import get_state

    data = demos[lang]
    with app.test_request_context():
        library = get_state().scenarios
        every = set(library.summaries) | set(library.pairs)  # pair runs too: card pages link them
    assert library.pairs and data["lang"] == lang and {d["id"] for d in data["demos"]} == every
    # the board's words per game and per edition (a 2nd-edition demo's trash is 移除区)
    assert set(data["strings"]) == {"dominion", "citadels", "dominion/1e", "dominion/2e"}
    assert data["board"]["citadels"]
    if lang != "en":
        assert data["strings"]["dominion/2e"]["zone.trash"] != data["strings"]["dominion/1e"]["zone.trash"]
    for demo in data["demos"]:
        online = online_run(app, demo["id"], lang)
        # order matters: the board draws piles and zones in key order
        got = unpacked_snapshots(demo["snapshots"])
        assert json.dumps(got) == json.dumps(online["snapshots"]), demo["id"]
        assert demo["events"] == online["events"] and demo["highlight"] == online["highlight"]
        assert demo["names"] == online["names"]
        assert demo["title"] and demo["entry_url"].startswith("/entries/")
        star = demo["star"]
        assert 0 <= star < len(demo["events"])
        if demo["highlight"]:
            assert demo["events"][star]["seq"] in demo["highlight"]


def test_the_ruling_box_is_sanitised_html_in_the_script(demos):
    with_box = [d for d in demos["zh-Hant"]["demos"] if d["ruling_html"]]
    assert len(with_box) > 300
    for d in with_box:
        assert d["ruling_html"].startswith("<p>") and "<script" not in d["ruling_html"]


def test_the_pack_says_which_demonstration_shows_a_ruling_and_its_star_step(app, client, demos):
    from refapp.state import get_state

    pack = client.get("/api/offline-pack?lang=en").get_json()
    stars = {d["id"]: d["star"] for d in demos["en"]["demos"]}
    with app.test_request_context():
        summaries = set(get_state().scenarios.summaries)  # a pair run is no result's "show me"
    assert {row[0] for row in pack["demos"]} == summaries
    for scenario_id, star, shown in pack["demos"]:
        assert star == stars[scenario_id] and shown and all(len(pair) == 2 for pair in shown)
    # the pack no longer carries what the ranking data and the saved pages hold
    assert pack["fields"] == ["id", "game", "kind", "title"] and "pinyin" not in pack


def test_the_offline_player_page_is_served_and_the_service_worker_answers_with_it(client):
    page = client.get("/offline/player?lang=en")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and 'data-offline="en"' in html and 'id="steplist"' in html
    assert "not saved on this device" in html  # said only when the demonstration is not saved
    sw = client.get("/sw.js").get_data(as_text=True)
    assert '"/offline/player"' in sw and "scenarios" in sw
    assert '"/offline/player"' not in sw.split("var PRECACHE = ")[1].split("\n")[0]  # saved, not precached


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ({"a": 1, "b": [1, 2]}, {"a": 1, "b": [1, 2, 3]}),
        ({"a": 1, "b": 2}, {"a": 1}),
        ({"a": 1}, {"a": 1, "c": None}),
        ({"a": 0}, {"a": None}),
        ({"a": None}, {"a": {"x": 1}}),
        ({"p": [{"z": [1]}, {"z": [2]}]}, {"p": [{"z": [1]}, {"z": [3]}]}),
        ({"p": [{"z": 1}]}, {"p": [{"z": 1}, {"z": 2}]}),
        ({"a": 1, "b": 2}, {"b": 2, "a": 1}),  # another key order
        ({"a": {"x": 1}}, {"a": [1]}),
        ({"a": [1]}, {"a": {"x": 1}}),
    ],
)
def test_delta_undoes_exactly(before, after):
    got = undelta(before, delta(before, after))
    assert json.dumps(got) == json.dumps(after)
    assert unpacked_snapshots(packed_snapshots([before, after, after])) == [before, after, after]


@pytest.mark.skipif(NODE is None, reason="node runs player.js's undelta outside the browser")
def test_player_js_undoes_the_patches_as_python_does(demos, tmp_path):
    source = (ROOT / "refapp" / "static" / "player.js").read_text(encoding="utf-8")
    found = re.search(r"  function undelta\(.*?\n  }\n  function unpack\(.*?\n  }\n", source, re.S)
    assert found, "player.js's undelta and unpack"
    packed = {d["id"]: d["snapshots"] for d in demos["zh-Hans"]["demos"]}
    (tmp_path / "packed.json").write_text(json.dumps(packed), encoding="utf-8")
    script = tmp_path / "undo.js"
    script.write_text(
        found.group(0)
        + """
const packed = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"));
const out = {};
for (const id of Object.keys(packed)) out[id] = unpack(packed[id]);
process.stdout.write(JSON.stringify(out));
""",
        encoding="utf-8",
    )
    done = subprocess.run(
        [NODE, str(script), str(tmp_path / "packed.json")], check=True, capture_output=True, text=True
    )
    got = json.loads(done.stdout)
    for scenario_id, snaps in packed.items():
        assert json.dumps(got[scenario_id]) == json.dumps(unpacked_snapshots(snaps)), scenario_id


@pytest.mark.parametrize("lang", LANGS)
def test_every_entry_page_is_saved_as_its_title_and_main_part_as_online(client, lang):
    from refapp.offline_entries import page_parts

    data = client.get(f"/api/offline-entries?lang={lang}").get_json()
    pack = client.get(f"/api/offline-pack?lang={lang}").get_json()
    assert data["lang"] == lang and set(data["entries"]) == {row[0] for row in pack["entries"]}
    for entry_id in ("dominion/harbinger", "citadels/assassin", "dominion/throne-room"):
        online = client.get(f"/entries/{entry_id}?lang={lang}").get_data(as_text=True)
        assert list(page_parts(online)) == data["entries"][entry_id]
    assert "&amp;" not in "".join(title for title, _ in data["entries"].values())  # titles are text


@pytest.mark.parametrize("query", ["lang=fr", "lang=%00", "lang=" + "x" * 3000])
def test_the_entries_data_refuses_a_bad_lang_with_a_400(client, query):
    r = client.get("/api/offline-entries?" + query)
    assert r.status_code == 400 and r.get_json()["status"] == 400


def test_the_offline_entry_frame_is_served_and_the_service_worker_answers_with_it(client):
    html = client.get("/offline/entry?lang=zh-Hans").get_data(as_text=True)
    assert 'data-offline="zh-Hans"' in html and "没有保存在本设备上" in html
    sw = client.get("/sw.js").get_data(as_text=True)
    assert '"/offline/entry"' in sw


@pytest.mark.parametrize("path", ["/offline/player", "/offline/entry"])
@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_the_offline_frames_are_well_formed_with_landmarks_and_labels(client, path, lang):
    import importlib.util

    spec = importlib.util.spec_from_file_location("web_html", ROOT / "tests" / "refapp" / "test_web_html.py")
    web_html = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(web_html)  # type: ignore[union-attr]
    web_html.test_pages_are_well_formed_with_landmarks_and_labels(client, f"{path}?lang={lang}", lang)
