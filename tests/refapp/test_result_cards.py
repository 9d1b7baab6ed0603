"""What a result card shows (refapp.result_cards): its names in other scripts once each, the
editions where its game shows them, the answer's address and its demonstration."""

from __future__ import annotations

from refapp.result_cards import result_card
from refapp.scenarios import ScenarioSummary

LIBRARY = {
    "id": "dominion/library",
    "url": "/entries/dominion/library",
    "title": {"en": "Library", "zh-Hans": "图书馆", "zh-Hant": "圖書館"},
    "kind": "card",
    "game": "dominion",
    "editions": ["1e", "2e"],
    "cost": 5,
    "snippet": "<mark>Library</mark> sets <b>aside</b>",
    "ruling": "set-aside-not-shuffled",
    "scenarios": ["dominion/library-set-aside"],
}
DEMO = ScenarioSummary(
    id="dominion/library-set-aside",
    game="dominion",
    entry="dominion/library",
    ruling="set-aside-not-shuffled",
    title={"en": "Library skips an Action", "zh-Hans": "图书馆跳过行动牌", "zh-Hant": "圖書館跳過行動牌"},
)


def card(r=LIBRARY, lang="en", others=("zh-Hant", "zh-Hans", "en"), summaries=None):
    shown = {DEMO.id: DEMO} if summaries is None else summaries
    return result_card(r, lang, others, shown, lambda sid: f"/d/{sid}")


def test_a_name_the_same_in_two_scripts_is_shown_once_in_the_order_given():
    assert card().other_names == (("zh-Hant", "圖書館"),)  # 图书馆 is the same name in other characters
    assert card(others=("zh-Hans", "zh-Hant")).other_names == (("zh-Hans", "图书馆"),)
    assert card(lang="zh-Hans").other_names == (("en", "Library"),)


def test_rules_and_faqs_show_no_other_names():
    assert card({**LIBRARY, "kind": "rule"}).other_names is None


def test_editions_are_badges_for_dominion_and_follow_the_game_for_citadels():
    dominion = card()
    assert dominion.edition_badges and not dominion.editions_inline
    citadels = card({**LIBRARY, "game": "citadels", "editions": ["classic"]})
    assert citadels.editions_inline and not citadels.edition_badges


def test_the_answer_opens_the_entry_at_its_ruling_and_only_marks_survive_in_the_snippet():
    c = card()
    assert c.answer_url == "/entries/dominion/library?r=set-aside-not-shuffled#set-aside-not-shuffled"
    assert c.ruling and str(c.snippet) == "<mark>Library</mark> sets aside"
    plain = card({**LIBRARY, "ruling": None, "snippet": None})
    assert plain.answer_url == "/entries/dominion/library" and plain.snippet is None and not plain.ruling


def test_show_me_names_the_demonstration_only_when_it_shows_another_ruling():
    own = card().show_me
    assert own.url == "/d/dominion/library-set-aside" and own.title is None
    other = card({**LIBRARY, "ruling": "no-draw-at-seven"}).show_me
    assert other.title == "Library skips an Action" and "Library skips an Action" in other.label
    assert card(summaries={}).show_me is None  # a demonstration that is not there is not offered


NAMES = {
    "citadels/dragon-gate": {"en": "Dragon Gate", "zh-Hans": "巨龙门", "zh-Hant": "巨龍門"},
    "citadels/faq/warlord-cost": {"en": "What does the Warlord pay?", "zh-Hans": "军阀付多少？"},
    "citadels/university": {"en": "University", "zh-Hans": "大学"},
}
UNIVERSITY = {
    **LIBRARY,
    "id": "citadels/university",
    "url": "/entries/citadels/university",
    "ruling": "warlord-pays-five",
    "also": [
        "citadels/faq/warlord-cost",
        "citadels/dragon-gate#warlord-pays-five",
        "citadels/dragon-gate#other",
    ],
}


def test_what_was_folded_into_a_result_is_a_link_to_each_other_entry_once_in_the_readers_script():
    c = result_card(UNIVERSITY, "zh-Hans", ("en",), {}, entry_names=NAMES)
    assert [(a.title, a.url) for a in c.also] == [
        ("军阀付多少？", "/entries/citadels/faq/warlord-cost"),
        ("巨龙门", "/entries/citadels/dragon-gate?r=warlord-pays-five#warlord-pays-five"),
    ]
    own = {**UNIVERSITY, "also": ["citadels/university#other", "citadels/gone#x"]}  # its own, or unknown
    assert result_card(own, "en", ("zh-Hans",), {}, entry_names=NAMES).also == ()
    assert card().also == ()  # nothing folded
