"""One term per concept per script: the demo board, the interface strings and the engine's
narration call each place a card can be by the name of its glossary entry (垃圾牌堆, not
废弃堆; 补充资源, not 供应区), and use none of the other words a player might search with."""

from __future__ import annotations

import re

import pytest

import engine
from corpus.model import DATASET_PATH, LANGS, load_dataset
from refapp import create_app, i18n
from refapp.vocabulary import ZONE_TERMS

DATASET = load_dataset(DATASET_PATH)
GLOSSARY = {zone: DATASET.by_id()[term] for zone, term in ZONE_TERMS.items()}
# words an older board, interface or narration used for these places
FORMER_WORDS = {"废弃堆", "廢棄堆", "已打出", "供应区", "供應區", "移除区", "移除區", "场上", "場上"}
# "in the hand" is a phrase with the hand, not a second name for it
PHRASES = {"手中"}


def is_cjk(word: str) -> bool:
    return bool(re.search(r"[\u4e00-\u9fff]", word))


def other_words(lang: str) -> set[str]:
    """Chinese words for a glossary place that are not its name in `lang` (its search aliases,
    which the search keeps, and the words the board used before)."""
    names = {term.names[lang] for term in GLOSSARY.values()}
    words = ({a for term in GLOSSARY.values() for a in term.aliases if is_cjk(a)} | FORMER_WORDS) - PHRASES
    # a variant that merely contains a name (补充资源区) or is part of one is no second word
    return {w for w in words if not any(n in w or w in n for n in names)}


@pytest.fixture(scope="module")
def real_app(tmp_path_factory):
    return create_app(
        {"DATASET_PATH": str(DATASET_PATH), "REFAPP_DATA_DIR": str(tmp_path_factory.mktemp("d"))}
    )


def test_every_zone_has_a_glossary_entry_in_three_scripts():
    for zone, term in GLOSSARY.items():
        assert term.kind == "term", zone
        assert all(term.names.get(lang) for lang in LANGS), zone
    assert GLOSSARY["trash"].names["zh-Hans"] == "垃圾牌堆"


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_labels_zones_with_the_glossary_names(real_app, lang):
    """Both boards: the one drawn on the server (no JavaScript) and the browser player's strings."""
    client = real_app.test_client()
    state = real_app.extensions["refapp"]
    seen: set[str] = set()
    for sid, summary in state.scenarios.summaries.items():
        if summary.game != "dominion":
            continue
        page = client.get(f"/scenarios/{sid}", headers={"Accept-Language": lang}).get_data(as_text=True)
        strings = page.split('id="player-strings">', 1)[1].split("</script>", 1)[0]
        for zone, term in GLOSSARY.items():
            assert f'"zone.{zone}": "{term.names[lang]}"' in strings, (sid, zone)
        labels = re.findall(r'<div class="zone-name">([^<·]+?) ·', page)
        labels += re.findall(r'<div class="zone-name">([^<]+)</div>', page)  # the supply
        seen |= {label.strip() for label in labels}
        assert not [w for w in other_words(lang) if w in " ".join(labels)], sid
    names = {term.names[lang] for term in GLOSSARY.values()}
    assert {GLOSSARY[z].names[lang] for z in ("deck", "hand", "play", "discard", "supply")} <= seen
    assert seen & names


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_interface_strings_use_no_second_word_for_a_glossary_place(lang):
    words = other_words(lang)
    found = {
        key: text
        for key in i18n.all_keys()
        if any(w in (text := i18n.translate(key, lang)) for w in words)
    }
    assert found == {}


# NARRATION NOT YET ALIGNED: helper `kernel` owns engine/dominion/narrate.py and is moving its
# zone words to the glossary names (场上 -> 游戏区域, 供应区 -> 补充资源, 放置一旁 -> 旁置, ...).
# strict: the day the narration is aligned this test passes and the mark must go.
@pytest.mark.xfail(strict=True, reason="engine narration still uses 场上/供应/放置一旁 (kernel's part)")
@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_engine_narration_uses_the_glossary_names_for_places(real_app, lang):
    """Every sentence of every Dominion demonstration (helper `kernel` owns the narration)."""
    state = real_app.extensions["refapp"]
    words = other_words(lang)
    offending: dict[str, str] = {}
    for sid, summary in state.scenarios.summaries.items():
        if summary.game != "dominion":
            continue
        run = engine.run_scenario(engine.load_scenario(sid), state.catalog.slug_names("dominion"))
        for ev in run.events:
            say = ev.say[lang] if isinstance(ev.say, dict) else ev.to_dict()["say"][lang]
            hits = [w for w in words if w in say]
            if hits:
                offending.setdefault(",".join(sorted(hits)), f"{sid}: {say}")
    assert offending == {}
