"""Two cards played together where players ask (issue 25): a search naming two cards offers the
pair's run, each card page lists what it is played with, any pair opens in the sandbox, and the
runs stay out of the demonstrations' lists."""

from __future__ import annotations

import re

import pytest

from corpus.model import DATASET_PATH
from refapp import create_app, pair_runs
from refapp.catalog import Catalog
from refapp.state import get_state


def no_search(params):
    return {"query": params.get("q", ""), "lang": params.get("lang", "en"), "total": 0,
            "suggestion": None, "results": []}, 200


@pytest.fixture(scope="module")
def real_app(tmp_path_factory):
    return create_app({"DATASET_PATH": str(DATASET_PATH), "SEARCH_FUNCTION": no_search,
                       "REFAPP_DATA_DIR": str(tmp_path_factory.mktemp("d"))})


@pytest.fixture(scope="module")
def client(real_app):
    return real_app.test_client()


@pytest.fixture(scope="module")
def catalog(real_app) -> Catalog:
    with real_app.app_context():
        return get_state().catalog


@pytest.mark.parametrize(("query", "pair"), [
    ("Throne Room with Feast", ("dominion/throne-room", "dominion/feast")),
    ("what happens if I throne room a feast?", ("dominion/throne-room", "dominion/feast")),
    ("金殿配宴会", ("dominion/throne-room", "dominion/feast")),
    ("王座厅和宴会", ("dominion/throne-room", "dominion/feast")),  # an alias
    ("does moat stop the witch", ("dominion/moat", "dominion/witch")),
    ("Warlord and the Great Wall", ("citadels/warlord", "citadels/great-wall")),
    ("軍閥 長城", ("citadels/warlord", "citadels/great-wall")),
])
def test_a_query_naming_two_cards_of_one_game_finds_their_pair(catalog, query, pair):
    assert pair_runs.named_pair(query, catalog) == pair


@pytest.mark.parametrize("query", ["Library", "gold market", "goldfish and villagers", "", "((", "金殿"])
def test_a_query_without_two_cards_that_meet_finds_no_pair(catalog, query):
    assert pair_runs.named_pair(query, catalog) is None


def test_only_the_game_the_search_read_offers_its_pair(catalog):
    q = "my merchant got assassinated, do I at least get the green district gold?"
    assert pair_runs.named_pair(q, catalog) == ("dominion/merchant", "dominion/gold")  # the words alone
    assert pair_runs.named_pair(q, catalog, "citadels") is None  # a Citadels question: no Dominion run
    assert pair_runs.named_pair(q, catalog, "any") == ("dominion/merchant", "dominion/gold")  # both games


def test_a_results_page_read_as_the_other_game_offers_no_run_of_the_first(tmp_path):
    def read_as_citadels(params):
        found, status = no_search(params)
        return {**found, "understood": {"game": {"value": "citadels", "source": "vocabulary"}}}, status

    app = create_app({"DATASET_PATH": str(DATASET_PATH), "SEARCH_FUNCTION": read_as_citadels,
                      "REFAPP_DATA_DIR": str(tmp_path)})
    page = app.test_client().get("/search?q=merchant+and+gold&lang=en").get_data(as_text=True)
    assert 'id="pair-run"' not in page


def test_the_search_page_offers_the_run_which_opens_at_its_star(client):
    page = client.get("/search?q=Throne+Room+with+Feast&lang=en").get_data(as_text=True)
    assert 'id="pair-run"' in page
    assert "Play Throne Room with Feast" in page
    link = re.search(r'href="(/scenarios/pair-throne-room-feast-1e\?step=(\d+)#step=\d+)"', page)
    assert link, page[:2000]
    player = client.get(link.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert 'class="hl"' in player and "★" in player
    assert "/sandbox?from=pair-throne-room-feast-1e" in page


def test_the_offer_speaks_the_readers_script(client):
    hans = client.get("/search?q=金殿配宴会&lang=zh-Hans").get_data(as_text=True)
    hant = client.get("/search?q=金殿配宴會&lang=zh-Hant").get_data(as_text=True)
    assert "金殿和宴会一起玩一遍" in hans
    assert "金殿和宴會一起玩一遍" in hant


def test_a_search_naming_one_card_offers_nothing(client):
    page = client.get("/search?q=Feast&lang=en").get_data(as_text=True)
    assert 'id="pair-run"' not in page


def test_every_pair_run_plays_as_a_demonstration_and_as_json(client):
    assert client.get("/scenarios/pair-moat-witch-small-hand-2e").status_code == 200
    body = client.get("/scenarios/pair-moat-witch-small-hand-2e.json").get_json()
    assert body["passed"] is True and body["highlight"]
    assert client.get("/scenarios/pair-no-such-pair").status_code == 404
    assert client.get("/scenarios/pair-no-such-pair.json").status_code == 404


def test_a_card_page_lists_what_it_is_played_with(client):
    page = client.get("/entries/dominion/moat?lang=en").get_data(as_text=True)
    assert 'id="pairs-with"' in page and "Played with other cards" in page
    assert "/scenarios/pair-moat-witch-small-hand-2e" in page
    assert "/scenarios/pair-throne-room-moat-2e" in page  # Moat as the other card of a class
    plain = client.get("/entries/dominion/rules/buy-phase?lang=en").get_data(as_text=True)
    assert 'id="pairs-with"' not in plain


def test_the_sandbox_opens_a_pairs_situation_at_its_star(client):
    page = client.get("/sandbox?from=pair-moat-witch-small-hand-2e")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "no such demonstration" not in text
    assert "Carol" in text  # the pair's three players, not a blank table


def test_pair_runs_are_no_entrys_demonstration_and_no_search_results_show_me(real_app, client):
    shown = real_app.config["SCENARIOS_BY_ENTRY"].values()
    assert not any(s.startswith("pair-") for ids in shown for s in ids)
    assert "pair-moat" not in client.get("/scenarios").get_data(as_text=True)
    with real_app.app_context():
        lib = get_state().scenarios
        assert len(lib.pairs) > 350 and not any(s.startswith("pair-") for s in lib.summaries)


def test_a_pair_run_is_run_once_and_kept(real_app, monkeypatch):
    with real_app.app_context():
        lib = get_state().scenarios
        calls = []
        real_run = lib.source.run
        monkeypatch.setattr(lib.source, "run", lambda sid, names: calls.append(sid) or real_run(sid, names))
        first = lib.run("pair-chapel-copper-1e")
        assert lib.run("pair-chapel-copper-1e") == first
        assert calls == ["pair-chapel-copper-1e"]


def test_the_words_a_player_reads_pass_the_display_text_contract():
    from corpus.display_contract import Field, load_taiwan_vocabulary, scan
    from corpus.glossary import load_glossary

    fields = [Field("ui", None, None, lang, f"pair_runs {key}", words, "ui")
              for key, row in pair_runs.STRINGS.items() for lang, words in row.items()]
    assert all(all(row.values()) for row in pair_runs.STRINGS.values())
    assert scan(fields, load_glossary(), load_taiwan_vocabulary()) == []
