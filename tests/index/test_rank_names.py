"""Citadels players call a character by its number in the calling order ('8号能拆主教吗', 'nobody
took rank 4'): the search reads the number as the character, as a chip showing its name, and
the number is never one of the character's own words."""

from __future__ import annotations

import pytest

from corpus.model import load_dataset
from index.lexicon import rank_forms


def named(found) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    return {n["matched"]: n["ids"] for n in found.understood["names"]}


@pytest.mark.parametrize(
    "query,lang,matched,card,label",
    [
        ("8號能拆主教的房子嗎", "zh-Hant", "8号", "citadels/warlord", "軍閥"),
        ("八号收入怎么算", "zh-Hans", "八号", "citadels/warlord", "军阀"),
        ("nobody took rank 4 this round, who gets the crown", "en", "rank 4", "citadels/king", "King"),
        ("2号角色偷谁的钱", "zh-Hans", "2号角色", "citadels/thief", "盗贼"),
    ],
)
def test_a_number_names_the_basic_games_character_of_that_rank(real, query, lang, matched, card, label):
    found = real.search(query, lang, limit=3)
    chip = next(n for n in found.understood["names"] if n["matched"] == matched)
    assert chip["ids"] == [card] and chip["label"] == label
    assert found.understood["game"]["value"] == "citadels"


def test_the_ninth_rank_has_no_basic_character_so_it_names_both(real):
    assert named(real.search("9号角色用谁", "zh-Hans"))["9号角色"] == ["citadels/artist", "citadels/queen"]


def test_a_killed_character_called_by_number_brings_the_ruling_on_that_character(real):
    found = real.search("国王被1号刀了，皇冠还给他吗", "zh-Hans", limit=3)
    assert named(found)["1号"] == ["citadels/assassin"]
    first = found.results[0]
    assert (first.id, first.ruling) == ("citadels/king", "assassinated-king-still-takes-crown")


@pytest.mark.parametrize("query", ["十四号", "14号是哪天", "12人局怎么玩", "hao"])
def test_a_longer_number_or_the_pinyin_of_the_word_names_no_character(real, query):
    assert real.search(query, "zh-Hans").understood["names"] == []


def test_rank_forms_are_search_only_and_have_no_pinyin(real):
    forms = rank_forms(load_dataset().entries)
    assert forms and all(f.called and f.alias and not f.pinyin and not f.initials for f in forms)
    assert {f.entry for f in forms if f.norm == "4号"} == {"citadels/king"}  # not the Emperor, an expansion's
    own = {f.norm for f in real.opened.lexicon.own_forms}
    assert not own & {f.norm for f in forms}
    # '8 districts' still tells the Warlord's rulings apart
    assert "8" not in real.opened.own_name_tokens["citadels/warlord"]
    assert real.suggest("8号", "zh-Hans") == []  # completions offer the entries' own names only
