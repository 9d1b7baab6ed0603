"""The `understood` object of a search answer: the game and where it came from, the names, the
intent, each with the query that searches without it."""

from __future__ import annotations


def test_a_game_guessed_from_the_vocabulary_can_be_taken_off(real):
    found = real.search("witch bewitched the king who gets the crown", "en")
    u = found.understood
    assert u["game"]["value"] == "citadels" and u["game"]["source"] == "vocabulary"
    assert u["names"][0]["ids"] == ["citadels/witch", "dominion/witch"]
    assert [i["value"] for i in u["intents"]] == ["target"]
    off = real.search(u["game"]["remove"], "en")
    assert off.understood["game"] is None  # game:any: no guess
    assert {"citadels/witch", "dominion/witch"} <= set(off.ids()[:3])  # both games' Witch again


def test_a_filter_chip_removes_the_filter_and_a_name_chip_the_name(real):
    u = real.search("女巫 game:citadels").understood
    assert u["game"] == {"value": "citadels", "source": "filter", "remove": "女巫"}
    u = real.search("金殿 村庄 几个行动").understood
    assert [n["matched"] for n in u["names"]][:2] == ["金殿", "村庄"]
    without_village = real.search(u["names"][1]["remove"])
    assert "dominion/village" not in {e for g in without_village.understood["names"] for e in g["ids"]}
    assert u["intents"][0]["value"] == "number"
    assert "几" not in u["intents"][0]["remove"]


def test_the_api_answer_carries_it(real):
    data = real.search("图书馆 建造地区之前").to_dict()
    assert list(data)[-2:] == ["understood", "results"]
    assert data["understood"]["game"]["source"] == "vocabulary"
