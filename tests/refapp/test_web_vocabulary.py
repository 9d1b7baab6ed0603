"""One term per concept per script: the demo board, the interface strings and the engine's
narration call each place and thing on the table by the name of its glossary entry (垃圾牌堆,
not 废弃堆; 补充资源, not 供应区; 皇冠, not 王冠), and use none of the other words a player might
search with (those stay search aliases of the glossary entry)."""

from __future__ import annotations

import json
import re

import pytest

import engine
from corpus.model import DATASET_PATH, LANGS, load_dataset
from refapp import create_app, i18n
from refapp.vocabulary import BOARD_TERMS

ENTRIES = load_dataset(DATASET_PATH).by_id()
TERMS = {game: {key: ENTRIES[term] for key, term in keys.items()} for game, keys in BOARD_TERMS.items()}
# words an older board, interface or narration used for these places and things
FORMER_WORDS = {"废弃堆", "廢棄堆", "已打出", "供应区", "供應區", "移除区", "移除區", "场上", "場上", "王冠"}
# "in the hand" is a phrase with the hand, not a second name for it
PHRASES = {"手中"}


def is_cjk(word: str) -> bool:
    return bool(re.search(r"[\u4e00-\u9fff]", word))


def other_words(lang: str, games=tuple(TERMS), edition=None) -> set[str]:  # type: ignore[no-untyped-def]
    """Chinese words for a glossary place or thing that are not its name in `lang` and `edition`
    (the other edition's name included: a 1st-edition demo never says 移除区)."""
    terms = [term for game in games for term in TERMS[game].values()]
    names = {term.names_in(edition)[lang] for term in terms}
    edition_names = {term.names_in(e)[lang] for term in terms for e in ("1e", "2e")}
    aliases = {a for term in terms for a in term.aliases if is_cjk(a)}
    words = (aliases | FORMER_WORDS | edition_names) - PHRASES
    # a variant that merely contains a name (补充资源区) or is part of one (牌堆) is no second word
    return {w for w in words if not any(n in w or w in n for n in names)}


@pytest.fixture(scope="module")
def real_app(tmp_path_factory):
    return create_app(
        {"DATASET_PATH": str(DATASET_PATH), "REFAPP_DATA_DIR": str(tmp_path_factory.mktemp("d"))}
    )


def demos(app, game: str) -> list[tuple[str, str | None]]:  # type: ignore[no-untyped-def]
    """(id, edition) of every demonstration of `game`."""
    summaries = app.extensions["refapp"].scenarios.summaries
    return sorted((sid, s.edition) for sid, s in summaries.items() if s.game == game)


def test_every_board_term_is_a_glossary_entry_named_in_three_scripts():
    for game, terms in TERMS.items():
        for key, term in terms.items():
            assert term.kind == "term" and term.game == game, key
            assert all(term.names.get(lang) for lang in LANGS), key
    assert TERMS["dominion"]["zone.trash"].names["zh-Hans"] == "垃圾牌堆"
    assert TERMS["citadels"]["counter.crown"].names["zh-Hant"] == "皇冠"


@pytest.mark.parametrize("game", sorted(TERMS))
@pytest.mark.parametrize("lang", LANGS)
def test_the_board_labels_places_and_things_with_the_glossary_names(real_app, game, lang):
    """Both boards: the one drawn on the server (no JavaScript) and the browser player's strings."""
    client = real_app.test_client()
    seen: set[str] = set()
    for sid, edition in demos(real_app, game):
        page = client.get(f"/scenarios/{sid}", headers={"Accept-Language": lang}).get_data(as_text=True)
        strings = json.loads(page.split('id="player-strings">', 1)[1].split("</script>", 1)[0])
        for key, term in TERMS[game].items():
            assert strings[key] == term.names_in(edition)[lang], (sid, key)
        board = page[page.index("<noscript>") : page.index("</noscript>")]
        labels = re.findall(r'<div class="zone-name">([^<·]+?)(?: ·|</div>)', board)
        labels += re.findall(r'<span class="cardv[^"]*">([^<]+)<span class="n">', board)  # piles
        labels += re.findall(r"(\S+) \d+(?= ·|</span>)", board)  # counters
        seen |= {label.strip() for label in labels}
        others = other_words(lang, tuple(TERMS), edition)
        assert not [w for w in others if any(w in label for label in labels)], sid
    names = {term.names_in(e)[lang] for term in TERMS[game].values() for e in ("1e", "2e")}
    assert len(seen & names) >= 3, (game, sorted(seen)[:20])


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_interface_strings_use_no_second_word_for_a_glossary_place(lang):
    words = other_words(lang)
    found = {
        key: text for key in i18n.all_keys() if any(w in (text := i18n.translate(key, lang)) for w in words)
    }
    assert found == {}


def narration_offences(app, game: str, lang: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Every sentence of every demonstration of `game` that uses a second word for a place."""
    state = app.extensions["refapp"]
    offending: dict[str, str] = {}
    for sid, edition in demos(app, game):
        words = other_words(lang, (game,), edition)
        names = state.catalog.slug_names(game, edition)
        run = engine.run_scenario(engine.load_scenario(sid), names).to_dict()
        for ev in run["events"]:
            hits = sorted(w for w in words if w in ev["say"][lang])
            if hits:
                offending.setdefault(",".join(hits), f"{sid}: {ev['say'][lang]}")
    return offending


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_dominion_narration_uses_the_glossary_names(real_app, lang):
    assert narration_offences(real_app, "dominion", lang) == {}


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_citadels_narration_uses_the_glossary_names(real_app, lang):
    assert narration_offences(real_app, "citadels", lang) == {}
