"""Narration reads as words in every script: no engine id at any step of any demo or sandbox run.

Every scenario is run as `refapp scenario run` runs it (the corpus' card names), and the
sandbox is played from its blank tables and from every card's "try it" table with seeded
random answers; every narration line, decision prompt and option label is scanned for id-like
tokens (engine/core/narration_scan.py).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine import sandbox
from engine.core.narration_scan import id_like, scan_events, scan_localised
from engine.sandbox.labels import option_label
from refapp.commands.engine import load_names, names_for
from refapp.sandbox_start import blank, for_card

ROOMY = sandbox.Limits(answers=400, events=20000, board_cards=10**7, shuffled_cards=10**6)


@pytest.fixture(scope="module")
def names() -> dict[str, dict[str, str]]:
    found = load_names()
    if not found:
        pytest.skip("dataset not built")
    return found


def label_problems(where: str, decision: dict[str, Any], names, players: list[str], game: str) -> list[str]:
    context = decision.get("context") or {}
    problems: list[str] = []
    for option in decision.get("options", []):
        label = option_label(option, names, players, context.get("card"), context.get("purpose"), game)
        problems.extend(scan_localised(f"{where} option {option!r}", label))
    return problems


def test_every_step_of_every_demo_reads_as_words(names):
    problems: list[str] = []
    infos = engine.list_scenarios()
    assert len(infos) > 300
    for info in infos:
        scenario = engine.load_scenario(info.path)
        run = engine.run_scenario(scenario, names_for(scenario.game, names)).to_dict()
        problems.extend(scan_events(info.id, run["events"]))
        players = [p.name for p in scenario.players]
        for event in run["events"]:
            if event["kind"] == "decision":
                problems.extend(label_problems(f"{info.id}#{event['seq']}", event["data"]["decision"],
                                               names_for(scenario.game, names), players, scenario.game))
    assert not problems, f"{len(problems)} id-like tokens, e.g.:\n" + "\n".join(problems[:20])


def play_randomly(situation: dict[str, Any], names, seed: int, most: int = 60) -> tuple[list[str], int]:
    """Play the situation with seeded random answers; (problems, events) of the final replay."""
    rng = random.Random(seed)
    answers: list[list[str]] = []
    problems: list[str] = []
    where = f"sandbox {situation['game']} seed {seed}"
    run = sandbox.play(situation, answers, names, ROOMY)
    while run.pending is not None and len(answers) < most:
        pending = run.pending
        problems.extend(scan_localised(f"{where} prompt", pending["prompt"]))
        for option, label in zip(pending["options"], pending["labels"], strict=True):
            problems.extend(scan_localised(f"{where} option {option!r}", label))
        options = pending["options"]
        low, high = pending["min"], min(pending["max"], len(options))
        if pending["kind"] == "order":
            pick = rng.sample(options, len(options))
        else:
            pick = rng.sample(options, rng.randint(max(low, 1 if options else 0), max(high, low)))
        answers.append(pick)
        run = sandbox.play(situation, answers, names, ROOMY)
    events = [e.to_dict() for e in run.events]
    return problems + scan_events(where, events), len(events)


def sandbox_tables() -> list[tuple[str, dict[str, Any]]]:
    from engine.citadels import definitions as cd
    from engine.dominion.cards import CARDS

    tables = [("blank dominion", blank("dominion")[0]), ("blank citadels", blank("citadels")[0])]
    slugs = [f"dominion/{s}" for s in sorted(CARDS)]
    slugs += [f"citadels/{s}" for s in sorted(cd.CHARACTER_BY_SLUG)]
    slugs += [f"citadels/{s}" for s in sorted(cd.DISTRICT_BY_SLUG)]
    for entry in slugs:
        start = for_card(entry)
        if start is not None:
            tables.append((entry, start[0]))
    return tables


def test_sandbox_runs_of_each_game_read_as_words(names):
    problems: list[str] = []
    played: dict[str, int] = {}
    for i, (label, situation) in enumerate(sandbox_tables()):
        found, events = play_randomly(situation, names_for(situation["game"], names), seed=i)
        problems.extend(f"{label}: {p}" for p in found)
        played[situation["game"]] = played.get(situation["game"], 0) + events
    assert played.get("dominion", 0) > 500 and played.get("citadels", 0) > 500, played
    assert not problems, f"{len(problems)} id-like tokens, e.g.:\n" + "\n".join(problems[:20])


@pytest.mark.parametrize("planted", [
    "Ann 可以选择：castle>player-1:fortress。",
    "Ann chooses player-1:temple.",
    "Alice discards Estate from set_aside.",
    "player.supply",
    "Alice gains throne-room.",
    "Ann 摧毁 castle。",
    "Ann 的 ? 被摧毁。",
    "{p} draws a card.",
    "Ann 的神庙被摧毁; Ben 支付 0 枚金币.",
])
def test_the_scan_finds_a_planted_id(planted):
    """Ids, placeholders and (in Chinese) half-width punctuation are all found."""
    lang = "en" if planted.isascii() else "zh-Hans"
    assert id_like(planted, lang), planted


@pytest.mark.parametrize("sentence, lang", [
    ("Ann may exchange Castle or Docks for Ben's Fortress, or exchange nothing.", "en"),
    ("Ann 可以用城堡或船坞交换 Ben 的要塞，或不交换。", "zh-Hans"),
    ("Set-up: 4 players; the district deck shuffled (54 cards).", "en"),
    ("Alice enters the Clean-up phase.", "en"),
    ("Explore: take 4 gold or draw 4 district cards?", "en"),
])
def test_the_scan_passes_plain_sentences(sentence, lang):
    assert id_like(sentence, lang) == []


def test_a_demo_with_an_untranslated_option_fails_the_scan(names, monkeypatch):
    """Planted break: options said as the engine names them (as before), the Diplomat demo shows ids."""
    from engine.citadels import narration

    monkeypatch.setattr(narration, "_options_said", lambda decision, *_: "、".join(decision["options"]))
    scenario = engine.load_scenario("citadels-diplomat-after-completing")
    run = engine.run_scenario(scenario, names_for("citadels", names)).to_dict()
    problems = scan_events(scenario.id, run["events"])
    assert any("player-1" in p for p in problems)


def test_a_dominion_gold_is_the_card_and_a_citadels_gold_takes_gold(names):
    """One option id, two games: the words follow the game (the Supply's Gold is no "Take gold")."""
    dominion, citadels = names_for("dominion", names), names_for("citadels", names)
    assert option_label("gold", dominion, ["Alice"], None, "buy", "dominion") == dict(dominion["gold"])
    assert option_label("gold", citadels, ["Ann"], "king", "action", "citadels")["en"] == "Take gold"


def test_the_narration_says_an_option_as_its_button_does(names):
    """The Diplomat's decision names each exchange with the words its buttons use."""
    citadels = names_for("citadels", names)
    scenario = engine.load_scenario("citadels-diplomat-after-completing")
    run = engine.run_scenario(scenario, citadels).to_dict()
    decision = next(e for e in run["events"] if e["kind"] == "decision"
                    and e["data"]["decision"]["context"].get("purpose") == "exchange")
    answer = next(e for e in run["events"] if e["seq"] > decision["seq"] and e["kind"] == "answer")
    picked = answer["data"]["answer"][0]
    label = option_label(picked, citadels, [p.name for p in scenario.players], "diplomat", "exchange")
    for lang in ("en", "zh-Hans", "zh-Hant"):
        assert label[lang] in answer["say"][lang]
    assert decision["say"]["zh-Hans"].startswith("安妮可以用")  # Ann, as a Chinese reader reads her name
    assert "班恩的要塞" in decision["say"]["zh-Hans"] and "或不交换" in decision["say"]["zh-Hans"]
