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


@pytest.mark.parametrize(("names", "pair"), [
    ([["dominion/throne-room"], ["dominion/feast"]], ("dominion/throne-room", "dominion/feast")),
    ([["dominion/feast"], ["dominion/throne-room"]], ("dominion/feast", "dominion/throne-room")),  # as typed
    ([["citadels/witch", "dominion/witch"], ["dominion/moat"]], ("dominion/witch", "dominion/moat")),
    ([["citadels/warlord"], ["dominion/rules/turn"], ["citadels/great-wall"]],
     ("citadels/warlord", "citadels/great-wall")),
    # the first two cards that are played together: Gold meets neither, Moat meets Witch
    ([["dominion/gold"], ["dominion/moat"], ["dominion/witch"]], ("dominion/moat", "dominion/witch")),
])
def test_two_understood_cards_of_one_game_find_their_pair(names, pair):
    assert pair_runs.named_pair(names) == pair


@pytest.mark.parametrize("names", [
    [], [["dominion/library"]], [["dominion/throne-room"], ["dominion/throne-room"]],
    [["dominion/moat"], ["citadels/warlord"]], [["no/such"], ["dominion/feast"]],
])
def test_names_without_two_cards_that_meet_find_no_pair(names):
    assert pair_runs.named_pair(names) is None


def test_only_the_game_the_search_read_offers_its_pair():
    names = [["citadels/merchant", "dominion/merchant"], ["citadels/assassin"], ["dominion/gold"]]
    assert pair_runs.named_pair(names) == ("dominion/merchant", "dominion/gold")  # no game read
    assert pair_runs.named_pair(names, "citadels") == ("citadels/merchant", "citadels/assassin")
    assert pair_runs.named_pair(names, "any") == ("dominion/merchant", "dominion/gold")  # both games
    assert pair_runs.named_pair(names[:1] + names[2:], "citadels") is None


def understood_as(names, game=None):
    """A search function answering with these understood names (and game read)."""
    def search(params):
        found, status = no_search(params)
        read = {"game": {"value": game, "source": "vocabulary"} if game else None,
                "names": [{"ids": ids, "matched": "", "label": "", "without": {}} for ids in names],
                "intents": []}
        return {**found, "understood": read}, status
    return search


def page_for(tmp_path, search, q, lang="en"):
    app = create_app({"DATASET_PATH": str(DATASET_PATH), "SEARCH_FUNCTION": search,
                      "REFAPP_DATA_DIR": str(tmp_path)})
    return app.test_client().get("/search", query_string={"q": q, "lang": lang}).get_data(as_text=True)


def test_a_results_page_read_as_the_other_game_offers_no_run_of_the_first(tmp_path):
    names = [["citadels/merchant", "dominion/merchant"], ["dominion/gold"]]
    assert 'id="pair-run"' in page_for(tmp_path, understood_as(names), "merchant and gold")
    assert 'id="pair-run"' not in page_for(tmp_path, understood_as(names, "citadels"), "merchant and gold")


def answered_by(first: str, names):
    """A search understanding these names with no game read, whose first answer is `first`."""
    def search(params):
        found, status = understood_as(names)(params)
        game = first.split("/", 1)[0]
        card = {"id": first, "kind": "card", "game": game, "editions": [], "title": {"en": first},
                "snippet": "", "ruling": None, "also": [], "url": f"/entries/{first}", "scenarios": []}
        return {**found, "total": 1, "results": [card]}, status
    return search


def test_with_no_game_read_the_run_offered_is_of_the_first_answers_game(tmp_path):
    # '盗贼偷金币…': both games have a Thief, 金币 names Dominion's Gold, and the answer is Citadels'
    names = [["citadels/thief", "dominion/thief"], ["dominion/gold"]]
    citadels_first = page_for(tmp_path, answered_by("citadels/thief", names), "thief gold")
    assert 'id="pair-run"' not in citadels_first
    dominion_first = page_for(tmp_path, answered_by("dominion/thief", names), "thief gold")
    assert 'id="pair-run"' in dominion_first and "Play Thief with Gold" in dominion_first


def test_the_search_page_offers_the_run_which_opens_at_its_star(tmp_path, client):
    names = [["dominion/throne-room"], ["dominion/feast"]]
    page = page_for(tmp_path, understood_as(names), "Throne Room with Feast")
    assert 'id="pair-run"' in page
    assert "Play Throne Room with Feast" in page
    link = re.search(r'href="(/scenarios/pair-throne-room-feast-1e\?step=(\d+)#step=\d+)"', page)
    assert link, page[:2000]
    player = client.get(link.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert 'class="hl"' in player and "★" in player
    assert "/sandbox?from=pair-throne-room-feast-1e" in page


def test_the_offer_speaks_the_readers_script(tmp_path):
    search = understood_as([["dominion/throne-room"], ["dominion/feast"]])
    assert "金殿和宴会一起玩一遍" in page_for(tmp_path, search, "金殿配宴会", "zh-Hans")
    assert "金殿和宴會一起玩一遍" in page_for(tmp_path, search, "金殿配宴會", "zh-Hant")


def test_a_search_naming_one_card_or_none_offers_nothing(tmp_path, client):
    assert 'id="pair-run"' not in page_for(tmp_path, understood_as([["dominion/feast"]]), "Feast")
    no_names = client.get("/search?q=Throne+Room+with+Feast&lang=en").get_data(as_text=True)
    assert 'id="pair-run"' not in no_names


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
