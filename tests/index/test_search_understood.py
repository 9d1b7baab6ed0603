"""The `understood` object of a search answer: the game and where it came from, the names, the
intents, each with `without`, the parameters that search the same without that reading (the
results page's chips): game=any, plain=<word>, no_intent=<intent>."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from index import QueryError
from index.query import FIELDS, parse_without

QUERIES = Path(__file__).resolve().parents[1] / "data" / "queries.yaml"


def search(index, params: dict[str, Any], lang: str = "zh-Hans"):  # type: ignore[no-untyped-def]
    """Search with request parameters, as /api/search does."""
    filters = {k: v for k, v in params.items() if k in FIELDS}
    without = parse_without(params.get("plain"), params.get("no_intent"))
    return index.search(params["q"], lang, filters, 20, without)


def test_a_game_guessed_from_the_vocabulary_is_taken_off_with_game_any(real):
    u = real.search("witch bewitched the king who gets the crown", "en").understood
    assert u["game"]["value"] == "citadels" and u["game"]["source"] == "vocabulary"
    assert u["names"][0]["ids"] == ["citadels/witch", "dominion/witch"]
    assert [i["value"] for i in u["intents"]] == ["target"]
    assert u["game"]["without"] == {"q": "witch bewitched the king who gets the crown", "game": "any"}
    off = search(real, u["game"]["without"], "en")
    assert {"citadels/witch", "dominion/witch"} <= set(off.ids()[:3])  # both games' Witch again
    back = off.understood["game"]  # both games: a chip of its own, and taking it off guesses again
    assert back["value"] == "any" and back["without"] == {"q": "witch bewitched the king who gets the crown"}
    assert search(real, back["without"], "en").understood["game"]["value"] == "citadels"


def test_a_game_filter_chip_searches_both_games_and_a_written_filter_leaves_the_box(real):
    u = real.search("女巫 game:citadels").understood
    assert u["game"] == {"value": "citadels", "source": "filter", "without": {"q": "女巫", "game": "any"}}
    u = real.search("女巫", "zh-Hans", {"game": "citadels", "kind": "card"}).understood
    assert u["game"]["without"] == {"q": "女巫", "game": "any", "kind": "card"}
    assert u["names"][0]["without"] == {"q": "女巫", "game": "citadels", "kind": "card", "plain": ["女巫"]}
    both = search(real, u["game"]["without"])
    assert {r.game for r in both.results} == {"citadels", "dominion"}


def test_a_name_chip_reads_its_word_as_plain_words(real):
    u = real.search("金殿 村庄 几个行动").understood
    assert [n["matched"] for n in u["names"]][:2] == ["金殿", "村庄"]
    assert u["names"][1]["label"] == "村镇"  # the card's own name, not the word typed
    assert u["names"][1]["without"] == {"q": "金殿 村庄 几个行动", "plain": ["村庄"]}
    plain = search(real, u["names"][1]["without"]).understood
    named = {e for n in plain["names"] for e in n["ids"]}
    assert "dominion/village" not in named and "dominion/throne-room" in named
    assert plain["names"][0]["without"]["plain"] == ["村庄", "金殿"]  # taken off one after the other


def test_a_word_naming_several_entries_is_labelled_by_the_one_it_is_the_name_of(real):
    u = real.search("女巫施法國王 皇冠給誰", "zh-Hant").understood
    crown = next(n for n in u["names"] if n["matched"] == "皇冠")
    assert "citadels/terms/crown" in crown["ids"] and len(crown["ids"]) > 1  # the components list too
    assert crown["label"] == "皇冠"  # the term's own name, not the first entry's title
    u = real.search("請問金殿打市場 打完還剩幾個行動", "zh-Hant").understood
    action = next(n for n in u["names"] if n["matched"] == "行动")
    assert u["game"]["value"] == "dominion" and "citadels/rules/turn" in action["ids"]
    assert action["label"] == "行動階段"  # the game read's entry, not Citadels' turn


def test_pinyin_names_are_taken_off_by_their_words(real):
    u = real.search("tu shu guan").understood
    assert u["names"][0]["matched"] == "tu shu guan"
    assert u["names"][0]["without"]["plain"] == ["tu shu guan"]
    assert search(real, u["names"][0]["without"]).understood["names"] == []


def test_an_intent_chip_turns_its_boost_off(real):
    q = "图书馆 什么时候 能用"
    boosted = real.search(q)
    u = boosted.understood
    assert [i["value"] for i in u["intents"]] == ["timing", "permission"]
    off = search(real, {"q": q, "no_intent": ["timing", "permission"]})
    assert off.understood["intents"] == []
    assert off.results[0].score < boosted.results[0].score  # the stated kind of fact scores no more
    assert [r.id for r in off.results] != [r.id for r in boosted.results]
    one = search(real, u["intents"][0]["without"])
    assert [i["value"] for i in one.understood["intents"]] == ["permission"]


def test_a_tie_between_a_groups_forms_is_broken_the_same_way_every_time(real):
    # 平局 and 谁赢 both name the scoring rule; the longer, then the first in order, is shown
    assert real.search("平局谁赢").understood["names"][0]["matched"] == "平局"


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"q": "女巫 商人", "plain": "图书馆"}, "is not a word of the query"),
        ({"q": "game:citadels", "plain": "女巫"}, "this search has none"),
        ({"q": "女巫", "no_intent": "why"}, "unknown intent 'why'"),
        ({"q": "女巫", "plain": ["女巫"] * 9}, "the limit is 8"),
        ({"q": "女巫", "plain": "x" * 501}, "too long"),
        ({"q": "女巫", "plain": "!!"}, "needs a word of the query"),
        ({"q": "女巫", "plain": 3}, "plain must be text"),
    ],
)
def test_bad_readings_are_refused_with_a_message(real, params, message):
    with pytest.raises(QueryError, match=message):
        search(real, params)


def test_empty_readings_mean_none_and_change_nothing(real):
    plain = real.search("图书馆 什么时候 能用").to_dict()
    assert search(real, {"q": "图书馆 什么时候 能用", "plain": "", "no_intent": [""]}).to_dict() == plain


def test_every_chip_of_every_judged_query_searches_without_its_reading(real):
    items = yaml.safe_load(QUERIES.read_text(encoding="utf-8"))
    checked = 0
    for item in items:
        lang = item.get("lang", "zh-Hans")
        u = real.search(item["q"], lang).understood
        if not u:
            continue
        if u["game"]:
            game = search(real, u["game"]["without"], lang).understood["game"]
            assert game and game["value"] == "any", item["q"]
            checked += 1
        for n in u["names"]:
            after = search(real, n["without"], lang).understood
            assert not any(set(m["ids"]) & set(n["ids"]) for m in after["names"]), (item["q"], n)
            checked += 1
        for i in u["intents"]:
            after = search(real, i["without"], lang).understood
            assert i["value"] not in [x["value"] for x in after["intents"]], item["q"]
            checked += 1
    assert checked > 300


def test_the_api_answer_carries_it(real):
    data = real.search("图书馆 建造地区之前").to_dict()
    assert list(data)[-2:] == ["understood", "results"]
    assert data["understood"]["game"]["source"] == "vocabulary"


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("i finished 8 districts then warlord took one, do i keep the +4", False),
        ("who gets to keep the crown", False),
        ("if a card is mine can i trash it", False),
        ("the keep and the warlord", True),
        ("keep", True),
        ("mine turned my copper into silver", True),
    ],
)
def test_a_name_that_is_an_everyday_word_is_that_word_after_a_verb_or_pronoun(real, query, named):
    """'keep' after 'do i' or 'to' is the verb, not the Citadels district; 'mine' after 'card is'
    is the pronoun, not the Dominion card; at the start or after 'the' they name the card."""
    matched = {n["matched"] for n in real.search(query, "en").understood["names"]}
    assert bool(matched & {"keep", "mine"}) is named


@pytest.mark.parametrize(
    ("query", "lang", "entry", "written"),
    [
        ("warlord destroy a district in the bishops city", "en", "citadels/bishop", "bishops"),
        ("how many duchies at the end", "en", "dominion/duchy", "duchies"),
        ("do witches stack", "en", "dominion/witch", "witches"),
    ],
)
def test_an_english_plural_names_the_card_and_its_chip_takes_that_word_off(real, query, lang, entry, written):
    """Players write a card's plural, or its possessive without the apostrophe ('the bishops
    city'): the name is found, and its chip's plain= names the word as written."""
    names = [n for n in real.search(query, lang).understood["names"] if entry in n["ids"]]
    assert names and names[0]["matched"] == written, real.search(query, lang).understood["names"]
    after = search(real, names[0]["without"], lang).understood["names"]
    assert not any(entry in n["ids"] for n in after)


def test_plurals_leave_everyday_words_and_names_of_their_own_alone(real):
    """'keeps' is the verb (the everyday-word names have no plural); a plural that is a name of
    its own ('gardens') is that name."""
    def named(query: str) -> set[str]:
        return {i for n in real.search(query, "en").understood["names"] for i in n["ids"]}

    assert "citadels/keep" not in named("he keeps the crown")
    assert "citadels/keep" in named("the keep and the crown")
    assert "dominion/gardens" in named("how do gardens score")


def test_a_name_only_the_other_game_has_is_no_chip_once_the_game_is_said(real):
    # 谁赢 ('who wins') is a name of Dominion's scoring rule; in a question naming Citadels it
    # is a word of the question, as the ranking reads it (index.ranking.this_game), so no chip
    # says the search read Dominion's rule
    u = real.search("打平了 誰贏 富饒之城", "zh-Hant").understood
    assert u["game"]["value"] == "citadels"
    assert [n for n in u["names"] if not any(i.startswith("citadels/") for i in n["ids"])] == []
    assert "tie" in [i["value"] for i in u["intents"]]
    # without the game said, the same word is the rule's name
    assert real.search("誰贏", "zh-Hant").understood["names"][0]["ids"] == ["dominion/rules/scoring-and-ties"]


def test_initials_typed_alone_name_the_card_and_in_an_english_sentence_are_words(real):
    """'gf' is 工坊's initials typed alone, and 'girlfriend' in an English sentence; 'ty' is
    'thank you' there, not 庭园's initials. A full pinyin or a name stays a name in a sentence."""
    def named(query: str, lang: str) -> set[str]:
        return {i for n in real.search(query, lang).understood["names"] for i in n["ids"]}

    assert named("gf", "zh-Hans") == {"dominion/workshop"}
    assert "dominion/workshop" not in named("me and my gf are playing two player, how does it end", "en")
    assert "dominion/gardens" not in named("ty, and how do i count the points", "en")
    assert "citadels/assassin" in named("can the cike kill the king", "en")
    assert "dominion/workshop" in named("gf 能拿几块的牌", "zh-Hans")


def test_a_card_only_one_game_has_tells_the_game_over_the_other_games_words(real):
    """魔法師 is only Citadels'; 牌庫 and 棄牌堆 are Dominion's rulebook words, but players of both
    games say them: the question is not read as Dominion's, and its answer is the Magician's ruling."""
    found = real.search("魔法師丟掉的牌是放棄牌堆還是塞回牌庫？", "zh-Hant")
    assert (found.understood["game"] or {}).get("value") != "dominion"
    first = found.results[0]
    assert (first.id, first.ruling) == ("citadels/magician", "discards-face-down-to-bottom")


def test_the_usual_misspelling_of_assassinated_is_the_assassins_word(real):
    """Players write 'assasinated' as often as 'assassinated': either is the word 'assassin' to the
    search, and 'do I still get my income' is then answered by the victim's lost turn."""
    q = "my character got assasinated. do i still get to take 2 gold or collect my district income?"
    found = real.search(q, "en")
    first = found.results[0]
    assert (first.id, first.ruling) == ("citadels/assassin", "victim-skips-turn")
