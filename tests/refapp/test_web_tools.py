"""The tools' pages and JSON twins, the offline pack and a ruling's link preview (real dataset)."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpus.model import DATASET_PATH
from refapp import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(
        {
            "TESTING": True,
            "DATASET_PATH": str(DATASET_PATH),
            "REFAPP_DATA_DIR": str(tmp_path_factory.mktemp("data")),
        }
    )
    return app.test_client()


@pytest.mark.parametrize(
    "path",
    [
        "/tools",
        "/tools/setup",
        "/tools/setup?game=citadels&players=7&short=1",
        "/tools/kingdom?edition=mixed&seed=9",
        "/tools/kingdom?edition=1e&set=1e-first-game",
        "/tools/score?game=citadels&p0.city=temple&p1.city=manor",
    ],
)
@pytest.mark.parametrize("lang", ["zh-Hans", "en"])
def test_tool_pages_render_in_the_chosen_script(client, path, lang):
    r = client.get(path + ("&" if "?" in path else "?") + "lang=" + lang)
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert f'lang="{lang}"' in html
    assert ("At the table" in html) == (lang == "en") and ("桌边工具" in html) == (lang == "zh-Hans")


def test_setup_json_twin_gives_the_figures(client):
    body = client.get("/tools/setup.json?game=dominion&edition=1e&players=3&kingdom=gardens,witch").get_json()
    piles = {line["card"]: line["count"] for line in body["result"]["lines"] if "card" in line}
    assert piles["curse"] == 20 and piles["gardens"] == 12 and piles["witch"] == 10 and piles["copper"] == 39
    body = client.get("/tools/setup.json?game=citadels&players=5").get_json()
    aside = next(line for line in body["result"]["lines"] if line["key"] == "set_aside")
    assert (aside["face_up"], aside["face_down"]) == (1, 1)


def test_kingdom_json_is_reproducible_from_the_seed(client):
    url = "/tools/kingdom.json?edition=2e&seed=4242&require=plus_actions,plus_buy&exclude=witch"
    a, b = client.get(url).get_json(), client.get(url).get_json()
    assert a == b and len(a["result"]["cards"]) == 10 and "witch" not in a["result"]["cards"]


def test_score_json_from_form_parameters(client):
    body = client.get(
        "/tools/score.json?game=dominion&p0.name=Ann&p0.province=2&p0.gardens=1&p0.total=20"
        "&p1.name=Bo&p1.duchy=4"
    ).get_json()
    assert [p["total"] for p in body["result"]["players"]] == [14, 12] and body["result"]["winners"] == [0]
    body = client.get(
        "/tools/score.json?game=citadels&p0.city=university&p0.city=temple&p1.city=manor"
    ).get_json()
    assert body["result"]["players"][0]["total"] == 9


@pytest.mark.parametrize(
    "url",
    [
        "/tools/setup.json?game=chess",
        "/tools/setup.json?players=9",
        "/tools/setup.json?players=-1",
        "/tools/setup.json?game=dominion&kingdom=moon",
        "/tools/kingdom.json?seed=abc",
        "/tools/kingdom.json?edition=2e&set=nope",
        "/tools/kingdom.json?lock=" + ",".join(["village"] * 1) + "&exclude=village",
        "/tools/score.json?game=dominion&p0.province=x",
        "/tools/score.json?game=citadels&p0.city=nowhere&p1.city=",
        "/tools/score.json",
        "/tools/score.json?game=dominion&edition=3e&p0.estate=1",
        "/tools/setup.json?kingdom=" + "x," * 600,
    ],
)
def test_bad_parameters_get_a_clear_400(client, url):
    r = client.get(url)
    assert r.status_code == 400
    body = r.get_json()
    assert body["status"] == 400 and re.match(r"^[a-z_.0-9\[\]]+: ", body["error"])


def test_bad_parameters_on_a_page_show_the_error_not_a_500(client):
    r = client.get("/tools/setup?players=abc")
    assert r.status_code == 400 and "players" in r.get_data(as_text=True)
    assert client.get("/tools/nothing").status_code == 404


def test_data_json_is_the_engine_export(client):
    from engine.tables import export_tables

    assert client.get("/tools/data.json").get_json() == export_tables()


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "en"])
def test_offline_pack_holds_every_entry_in_one_script(client, lang):
    from corpus.model import load_dataset

    body = client.get(f"/api/offline-pack?lang={lang}").get_json()
    ids = {e.id for e in load_dataset().entries}
    assert body["lang"] == lang and {row[0] for row in body["entries"]} == ids
    assassin = next(row for row in body["entries"] if row[0] == "citadels/assassin")
    # zh-Hant: the Taiwan name
    assert assassin[3] == {"zh-Hans": "刺客", "zh-Hant": "殺手", "en": "Assassin"}[lang]
    assert client.get("/api/offline-pack?lang=fr").status_code == 400


def test_service_worker_keeps_the_tools(client):
    sw = client.get("/sw.js").get_data(as_text=True)
    for path in ("/tools/setup", "/tools/kingdom", "/tools/score", "/tools/data.json"):
        assert f'"{path}"' in sw


@pytest.mark.parametrize(("lang", "needle"), [("zh-Hans", "国王"), ("en", "King")])
def test_a_shared_ruling_previews_its_text_in_the_chosen_script(client, lang, needle):
    from corpus.model import load_dataset

    entry = next(e for e in load_dataset().entries if e.id == "citadels/rules/character-draft")
    ruling = next(r for r in entry.rulings if r.id == "king-never-face-up")
    html = client.get(f"/entries/{entry.id}?r={ruling.id}&lang={lang}").get_data(as_text=True)
    description = re.search(r'<meta property="og:description" content="([^"]*)"', html).group(1)
    assert needle in description and description.startswith(ruling.text[lang][:20].replace("'", "&#39;")[:10])
    assert re.search(r'<meta property="og:title" content="[^"]+"', html)
    assert (
        f'og:url" content="http://localhost/entries/{entry.id}?r={ruling.id}&amp;lang={lang}#{ruling.id}"'
        in html
    )
    assert f'data-url="/entries/{entry.id}?r={ruling.id}&amp;lang={lang}#{ruling.id}"' in html


KEYS = [
    "game",
    "edition",
    "players",
    "kingdom",
    "short",
    "ninth",
    "set",
    "seed",
    "exclude",
    "lock",
    "require",
    "p0.name",
    "p0.city",
    "p0.province",
    "p0.total",
    "p0.turns",
    "p0.done",
    "p0.late",
    "p0.museum",
    "p7.gardens",
]
VALUES = [
    "",
    "1",
    "2",
    "7",
    "-1",
    "99999999999",
    "dominion",
    "citadels",
    "1e",
    "2e",
    "mixed",
    "queen",
    "witch",
    "gardens,witch",
    "temple,temple",
    "museum",
    "haunted-city",
    "first",
    "x" * 300,
    "图书馆",
    "%00",
    "<b>",
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    tool=st.sampled_from(["setup", "kingdom", "score"]),
    params=st.lists(st.tuples(st.sampled_from(KEYS), st.sampled_from(VALUES)), max_size=8),
)
def test_any_parameters_give_a_result_or_a_clear_400_never_a_500(client, tool, params):
    from urllib.parse import urlencode

    r = client.get(f"/tools/{tool}.json?{urlencode(params)}")
    assert r.status_code in (200, 400)
    if r.status_code == 400:
        assert r.get_json()["error"]
    page = client.get(f"/tools/{tool}?{urlencode(params)}")
    assert page.status_code in (200, 400)


def test_citadels_score_form_asks_for_gold_and_hand_and_the_twin_scores_them(client):
    """The Imperial Treasury scores the gold left and the Map Room the cards left in hand: the
    form has both inputs and the JSON twin counts them."""
    page = client.get("/tools/score?game=citadels&p0.city=temple").get_data(as_text=True)
    assert 'name="p0.gold"' in page and 'name="p0.hand"' in page
    body = client.get(
        "/tools/score.json?game=citadels&p0.city=imperial-treasury&p0.gold=5"
        "&p1.city=map-room&p1.hand=3&p2.city=temple&p2.gold=5&p2.hand=3"
    ).get_json()
    parts = [p["parts"] for p in body["result"]["players"]]
    assert parts[0]["imperial_treasury"] == 5 and parts[1]["map_room"] == 3
    assert [p["total"] for p in body["result"]["players"]] == [4 + 5, 5 + 3, 1]


@pytest.mark.parametrize(("query", "status"), [
    ("game=citadels&edition=junk", 400),  # no game has that edition: refused, not ignored
    ("game=citadels&edition=1e", 200),  # a real edition, which a game of one edition ignores
    ("game=citadels", 200),
])
def test_the_set_up_tool_refuses_an_edition_no_game_has(client, query, status):
    r = client.get(f"/tools/setup.json?{query}")
    assert r.status_code == status
    assert ("edition" in r.get_json().get("error", "")) is (status == 400)


def test_one_point_is_said_in_the_singular():
    from refapp import tools_strings

    assert tools_strings.translate("score.points", "en", n=1) == "1 point"
    assert tools_strings.translate("score.points", "en", n=-1) == "-1 points"
    assert tools_strings.translate("score.districts_n", "en", n=1) == "1 district"
    assert tools_strings.client_strings("en", ("score.",))["score.points.one"] == "1 point"


@pytest.mark.parametrize(("query", "name"), [("", "行省"), ("&game=dominion&edition=1e", "省份")])
def test_the_score_form_names_the_cards_of_the_edition_it_shows_chosen(client, query, name):
    page = client.get(f"/tools/score?lang=zh-Hans{query}").get_data(as_text=True)
    chosen = re.search(r'<select name="edition"[^>]*>.*?<option value="(\w+)" selected', page, re.S)
    assert chosen and chosen.group(1) == ("1e" if "1e" in query else "2e")
    assert f'data-card="province">{name}<' in page and page.count('data-card="province">') >= 2
