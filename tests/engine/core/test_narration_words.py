"""Narration speaks the glossary: zone words equal the dataset's names, one word for a round."""

from __future__ import annotations

import pytest

from corpus.model import DATASET_PATH, load_dataset
from engine.citadels.narration import EVENTS as CITADELS_EVENTS
from engine.citadels.narration import PROMPTS as CITADELS_PROMPTS
from engine.core.narration import to_hant
from engine.dominion.narrate import WORDS as DOMINION

ZONE_ENTRIES = {
    "deck": "dominion/terms/deck",
    "hand": "dominion/terms/hand",
    "play": "dominion/terms/play-area",
    "discard": "dominion/terms/discard-pile",
    "set_aside": "dominion/terms/set-aside",
    "supply": "dominion/terms/supply",
    "trash": "dominion/terms/trash-pile",
}


@pytest.fixture(scope="module")
def names():
    if not DATASET_PATH.exists():
        pytest.skip("dataset not built")
    return {e.id: e.names for e in load_dataset().entries}


@pytest.mark.parametrize("zone", sorted(ZONE_ENTRIES))
def test_dominion_zone_words_are_the_glossary_names(names, zone):
    for lang in ("zh-Hans", "zh-Hant"):
        assert DOMINION["zones"][zone][lang] == names[ZONE_ENTRIES[zone]][lang]


def test_dominion_narration_never_uses_the_old_zone_words():
    old = ("移除区", "移除區", "供应区", "场上", "場上", "一旁")
    for section in ("events", "purposes", "prompts", "fail_reasons", "end_reasons"):
        for key, phrase in DOMINION[section].items():
            assert not [w for w in old if any(w in phrase[lang] for lang in phrase)], (section, key)


def citadels_phrases():
    return [*CITADELS_EVENTS.items(), *CITADELS_PROMPTS.items()]


def test_citadels_says_round_with_one_word():
    for key, phrase in citadels_phrases():
        if "round" in phrase["en"].lower():
            assert "轮" in phrase["zh-Hans"] and "輪" in phrase["zh-Hant"], key
        assert "局" not in phrase["zh-Hans"].replace("局面", ""), key


def test_citadels_district_deck_is_the_glossary_word(names):
    deck = names["citadels/terms/district-deck"]
    for key, phrase in citadels_phrases():
        bare = phrase["zh-Hans"].replace(deck["zh-Hans"], "")
        assert "牌堆" not in bare, key
        if "deck" in phrase["en"]:
            assert deck["zh-Hans"] in phrase["zh-Hans"] or "{deck}" in phrase["en"], key


def test_traditional_is_derived_where_not_written():
    assert CITADELS_EVENTS["round_start"]["zh-Hant"] == to_hant(CITADELS_EVENTS["round_start"]["zh-Hans"])
    assert DOMINION["events"]["reveal"]["zh-Hant"] != to_hant(DOMINION["events"]["reveal"]["zh-Hans"])  # 明示


def test_no_demo_says_the_same_line_twice_in_a_row(names):
    """A chosen card and the card taken into hand read as two lines ("keeps X" twice was one
    step said twice); the King passed over for several face-up cards is said once. A card shown
    after a card of the same name (Bandit reveals two Coppers) is two real steps."""
    import engine
    from corpus.model import load_dataset
    from refapp.catalog import Catalog

    catalog = Catalog.from_dataset(load_dataset())
    repeated = []
    for info in engine.list_scenarios():
        sc = engine.load_scenario(info.id)
        events = engine.run_scenario(sc, catalog.slug_names(sc.game, sc.edition)).to_dict()["events"]
        for a, b in zip(events, events[1:], strict=False):
            if a.get("kind") == b.get("kind") == "reveal":
                continue
            same = [lang for lang in ("en", "zh-Hans", "zh-Hant") if a["say"][lang] == b["say"][lang]]
            if same:
                repeated.append((info.id, a.get("kind"), b.get("kind"), a["say"][same[0]]))
    assert repeated == []
