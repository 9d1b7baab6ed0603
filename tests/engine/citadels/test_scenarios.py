"""Every Citadels scenario loads, passes, and names a corpus entry and ruling that exist."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import engine
from engine.citadels import definitions as d
from engine.core.scenario import scenario_problems

CURATED = Path(__file__).resolve().parents[3] / "corpus" / "curated" / "citadels"
SCENARIOS = [info for info in engine.list_scenarios() if info.game == "citadels"]


def curated_rulings() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for path in sorted(CURATED.glob("*.yaml")):
        for entry in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            out[entry["id"]] = {r["id"] for r in entry.get("rulings", [])}
    return out


def test_no_citadels_scenario_is_malformed():
    assert [p for p in scenario_problems() if "/citadels/" in p] == []


@pytest.mark.parametrize("info", SCENARIOS, ids=[i.id for i in SCENARIOS])
def test_scenario_passes(info):
    run = engine.run_scenario(engine.load_scenario(info.id), {})
    assert run.passed, run.failures
    assert len(run.snapshots) == len(run.events)
    for e in run.events:
        for lang in ("en", "zh-Hans", "zh-Hant"):
            assert e.say[lang] and "?" not in e.say[lang], (e.kind, lang, e.say[lang])


@pytest.mark.skipif(not CURATED.is_dir(), reason="curated Citadels entries not present")
def test_scenarios_name_existing_entries_and_rulings():
    rulings = curated_rulings()
    problems = []
    for info, ref in ((i, r) for i in SCENARIOS for r in i.rulings):
        if ref.entry not in rulings:
            problems.append(f"{info.id}: entry {ref.entry} not in the curated corpus")
        elif ref.ruling is not None and ref.ruling not in rulings[ref.entry]:
            problems.append(f"{info.id}: ruling {ref.ruling} not in {ref.entry}")
    assert problems == []


def test_every_character_and_special_district_has_a_scenario():
    entries = {r.entry for info in SCENARIOS for r in info.rulings}
    characters = {f"citadels/{c.slug}" for c in d.CHARACTERS}
    specials = {f"citadels/{x.slug}" for x in d.DISTRICTS if x.colour == "special"}
    assert characters - entries == set()
    assert specials - entries == set()


def test_a_failing_expectation_is_reported_not_raised():
    scenario = engine.load_scenario("citadels-warlord-pays-cost-minus-one")
    scenario.expect = {"players": [{"counters": {"gold": 99}}, None]}
    run = engine.run_scenario(scenario, {})
    assert not run.passed
    assert run.failures == ["expect.players[0].counters.gold: expected 99, got 4"]


def test_a_script_answer_that_does_not_fit_fails_the_run():
    scenario = engine.load_scenario("citadels-warlord-pays-cost-minus-one")
    scenario.script[3].answer = "player-1:keep"
    run = engine.run_scenario(scenario, {})
    assert not run.passed
    assert "script[3]" in run.failures[0] and "player-1:castle" in run.failures[0]


def test_names_from_the_corpus_are_used_in_narration():
    names = {
        "warlord": {"en": "Warlord", "zh-Hans": "军阀", "zh-Hant": "軍閥"},
        "castle": {"en": "Castle", "zh-Hans": "城堡", "zh-Hant": "城堡"},
    }
    run = engine.run_scenario(engine.load_scenario("citadels-warlord-pays-cost-minus-one"), names)
    destroy = next(e for e in run.events if e.kind == "destroy")
    assert "Castle" in destroy.say["en"]
    assert "城堡" in destroy.say["zh-Hans"] and "城堡" in destroy.say["zh-Hant"]


def _answer_steps(scenario, answers):
    from engine.core.scenario import ScriptStep

    scenario.script = [ScriptStep(answer=a) for a in answers]
    scenario.expect = {}
    return engine.run_scenario(scenario, {})


def test_laboratory_works_once_per_turn():
    scenario = engine.load_scenario("citadels-laboratory-discard-for-gold")
    run = _answer_steps(scenario, ["laboratory", "temple", "laboratory"])
    assert not run.passed
    assert "script[2] answer 'laboratory' does not fit" in run.failures[0]
    assert "['gold', 'cards', 'income']" in run.failures[0]


def test_smithy_works_once_per_turn():
    scenario = engine.load_scenario("citadels-smithy-pay-two-draw-three")
    scenario.players[0].counters["gold"] = 6
    run = _answer_steps(scenario, ["smithy", "smithy"])
    assert not run.passed
    assert "script[1] answer 'smithy' does not fit" in run.failures[0]


def test_nearly_every_curated_ruling_has_a_scenario():
    rulings = curated_rulings()
    shown = {(r.entry, r.ruling) for info in SCENARIOS for r in info.rulings}
    every = [(entry, ruling) for entry, ids in rulings.items() for ruling in ids]
    missing = sorted(r for r in every if r not in shown)
    # the corpus grows in parallel: a ruling added after the scenarios were written is reported,
    # and coverage must stay above 95%
    assert len(missing) <= len(every) // 20, f"rulings without a scenario: {missing}"
