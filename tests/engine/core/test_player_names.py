"""The example players' names in each language (engine.core.player_names)."""

from __future__ import annotations

import re

import pytest

import engine
from engine.core.localised import LANGS
from engine.core.player_names import said_in, table, text_in
from engine.core.scenario import SCENARIOS_DIR, load_scenario

LATIN = re.compile(r"[A-Za-z]{2,}")


def test_a_listed_name_is_written_in_each_language_and_a_typed_one_stays_as_typed():
    assert [said_in("Bob", lang) for lang in LANGS] == ["Bob", "鲍勃", "鮑伯"]
    assert said_in("Zoë", "zh-Hans") == "Zoë"
    # two characters or more: a one-character name reads as a word of the sentence (本, 安)
    assert all(len(said[lang]) >= 2 for said in table().values() for lang in LANGS if lang != "en")


def test_a_chinese_text_names_the_players_in_chinese_without_a_gap():
    assert text_in("Bob 不用展示牌，Alice 抽到 2 张", "zh-Hans") == "鲍勃不用展示牌，爱丽丝抽到 2 张"
    assert text_in("Bob reveals", "en") == "Bob reveals"
    assert text_in("Bobby 和 Ann", "zh-Hant") == "Bobby 和安妮"  # a longer word is no name


@pytest.mark.parametrize("path", sorted(SCENARIOS_DIR.rglob("*.yaml")), ids=lambda p: p.stem)
def test_every_demonstration_names_its_players_in_chinese_in_its_chinese_texts(path):
    """Every player of every demonstration has a Chinese name, and no Chinese title or
    description of it is left with one of their English names."""
    scenario = load_scenario(path)
    players = {p.name for p in scenario.players}
    assert players <= table().keys(), players - table().keys()
    for texts in (scenario.title, scenario.description or {}):
        for lang in ("zh-Hans", "zh-Hant"):
            assert not players & set(LATIN.findall(texts.get(lang, ""))), (lang, texts.get(lang))


def test_the_narration_names_the_players_in_the_readers_language():
    run = engine.run_scenario(load_scenario("moat-no-spy-reveal"))
    said = [e.say for e in run.events]
    assert any(s["zh-Hans"].startswith("鲍勃") for s in said)
    assert any(s["zh-Hant"].startswith("鮑伯") for s in said)
    assert any(s["en"].startswith("Bob") for s in said)
    assert not any("Bob" in s["zh-Hans"] or "Alice" in s["zh-Hant"] for s in said)
