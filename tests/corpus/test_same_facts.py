"""One ruling, one card text: the same facts in every script (numbers, cards named, zones)."""

from __future__ import annotations

import pytest

from corpus import facts as F
from corpus.model import load_dataset


@pytest.fixture(scope="module")
def dataset():
    return load_dataset()


@pytest.fixture(scope="module")
def dominion_names(dataset):
    return F.card_names(dataset.entries, "dominion")


def test_numbers_are_read_as_digits_and_words_in_each_script():
    assert F.numbers("Draw 3 cards; the second time, two more.", "en") == {2, 3}
    assert F.numbers("抽3张牌，第二次再抽两张，共十二张", "zh-Hans") == {2, 3, 12}
    assert F.numbers("一些玩家各拿一张", "zh-Hans") == frozenset()  # articles and words are not numbers


def test_zones_are_found_in_each_script():
    assert F.zones("Put it on your deck from your hand.", "en") == {"deck", "hand"}
    assert F.zones("从手牌放到牌库顶", "zh-Hans") == {"deck", "hand"}
    assert F.zones("The richest player hands the Abbot one gold.", "en") == frozenset()


def test_cards_are_named_by_name_or_an_alias_no_other_card_has(dominion_names):
    named = F.cards("Throne Room on a Village", "en", dominion_names)
    assert named == {"dominion/throne-room", "dominion/village"}
    assert F.cards("对村庄使用王座厅", "zh-Hans", dominion_names) >= {"dominion/village"}
    assert F.cards("gold coins", "en", dominion_names) == frozenset()  # the card is Gold, capitalised


@pytest.mark.parametrize(
    ("zh", "what"),
    [
        ("抽4张牌。", "numbers"),  # a planted different number
        ("抽3张牌，然后弃掉一张村庄。", "cards"),  # a planted card the English does not name
        ("抽3张牌放入手牌，然后把一张牌放到牌库顶。", "zones"),  # a planted zone
    ],
)
def test_a_planted_difference_is_found(dominion_names, zh, what):
    texts = {"en": "Draw 3 cards into your hand.", "zh-Hans": zh}
    found = F.compare(texts, dominion_names)
    assert any(f": {what}:" in line for line in found), found


def test_the_same_facts_compare_equal(dominion_names):
    texts = {"en": "Draw 3 cards into your hand.", "zh-Hans": "抽3张牌放入手牌。",
             "zh-Hant": "抽3張牌放入手牌。"}
    assert F.compare(texts, dominion_names) == []
