"""The engine kernel shared by both games: every decision is logged with what was offered, a
scenario can assert the offer (expect.offered), and a run that raises fails naming the step."""

from __future__ import annotations

import copy

import pytest

import engine
from engine.citadels import building, turn
from engine.core import Decision, scenario_from_dict
from engine.core.events import EventLog
from engine.core.rng import Shuffler
from engine.core.table import Table, forced_answer
from engine.dominion import effects

NO_SECOND_TEMPLE = {
    "id": "kernel-no-second-temple",
    "game": "citadels",
    "edition": None,
    "entry": "citadels/rules/building",
    "ruling": "no-duplicate-districts",
    "title": {"en": "No second Temple", "zh-Hans": "不能再建神庙", "zh-Hant": "不能再建神廟"},
    "players": [
        {"name": "Ann", "zones": {"hand": ["temple", "market"], "city": ["temple"], "characters": ["bishop"]},
         "counters": {"gold": 4}},
        {"name": "Ben"},
    ],
    "setup": {"start": "turns", "stop": "turn"},
    "script": ["gold", "build", "end"],
    "expect": {
        "players": [{"zones": {"city": ["temple", "market"], "hand": ["temple"]}}, None],
        "offered": [{"player": 0, "purpose": "build", "excludes": ["temple"], "includes": ["market"]}],
    },
}


def run(raw: dict) -> engine.ScenarioRun:
    return engine.run_scenario(scenario_from_dict(copy.deepcopy(raw)), {})


def test_a_duplicate_district_is_not_offered_without_the_quarry():
    result = run(NO_SECOND_TEMPLE)
    assert result.passed, result.failures
    build = [e for e in result.events if e.kind == "decision"
             and e.data["decision"]["context"]["purpose"] == "build"]
    assert build and build[0].data["decision"]["options"] == ["market"]
    assert build[0].seq in result.highlight  # an offered expectation highlights the decision


def test_removing_the_no_duplicates_rule_fails_the_offered_expectation(monkeypatch):
    monkeypatch.setattr(building, "can_build_here", lambda game, seat, slug: True)
    result = run(NO_SECOND_TEMPLE)
    assert not result.passed
    assert any(f.startswith("expect.offered[0]: decision at event") and "['temple'] offered" in f
               for f in result.failures), result.failures


def test_with_the_quarry_the_duplicate_is_offered():
    raw = copy.deepcopy(NO_SECOND_TEMPLE)
    raw["players"][0]["zones"]["city"] = ["temple", "quarry"]
    raw["setup"]["settings"] = {"extra_districts": ["quarry"]}
    raw["expect"] = {"offered": [{"player": 0, "purpose": "build", "options": ["market", "temple"]}]}
    raw["script"] = ["gold", "build", "temple", "end"]
    result = run(raw)
    assert result.passed, result.failures


def test_offered_needs_a_matching_decision_and_names_what_was_offered():
    raw = copy.deepcopy(NO_SECOND_TEMPLE)
    raw["expect"] = {"offered": [{"purpose": "destroy", "excludes": ["temple"]},
                                 {"purpose": "build", "options": ["temple"]}]}
    failures = run(raw).failures
    assert "expect.offered[0]: no decision matching {'purpose': 'destroy'} was asked" in failures
    assert any("expected the options ['temple']" in f and "(offered ['market'])" in f for f in failures)


def test_the_schema_refuses_an_offered_expectation_that_checks_nothing():
    raw = copy.deepcopy(NO_SECOND_TEMPLE)
    raw["expect"]["offered"] = [{"purpose": "build"}]
    with pytest.raises(engine.ScenarioError, match="expect.offered"):
        scenario_from_dict(raw)


def test_citadels_logs_every_decision_with_options_and_answer():
    events = run(NO_SECOND_TEMPLE).events
    asked = [e for e in events if e.kind == "decision" and not e.data.get("forced")]
    answers = [e for e in events if e.kind == "answer"]
    assert len(asked) == len(answers) == 3  # the action menu three times; the build choice is forced
    first = asked[0].data["decision"]
    assert first["player"] == 0 and first["kind"] == "choose" and "gold" in first["options"]
    assert answers[0].data["answer"] == ["gold"] and answers[-1].data["answer"] == ["end"]
    forced = [e for e in events if e.data.get("forced")]
    assert forced and forced[0].data["answer"] == ["market"]


def test_a_run_that_raises_fails_naming_the_step_and_the_exception(monkeypatch):
    def broken(game, resolution):
        raise RuntimeError("boom")

    monkeypatch.setitem(effects.EFFECTS, "smithy", broken)
    s = engine.load_scenario("smithy-draw-three")
    result = engine.run_scenario(s, {})
    assert not result.passed
    failure = result.failures[0]
    assert failure.startswith("engine error at script step 1, after event ")
    assert "RuntimeError: boom" in failure and "test_core_kernel.py" in failure


def test_a_citadels_run_that_raises_fails_too(monkeypatch):
    monkeypatch.setattr(turn, "buildable", lambda game, seat: 1 / 0)
    result = run(NO_SECOND_TEMPLE)
    assert not result.passed and "ZeroDivisionError" in result.failures[0]


@pytest.mark.parametrize(
    "kind, options, lo, hi, forced",
    [
        ("select", ["a", "b"], 0, 1, None),
        ("select", ["a", "b"], 2, 2, ["a", "b"]),
        ("select", ["a", "a", "a"], 1, 1, ["a"]),
        ("select", ["a"], 0, 0, []),
        ("choose", ["end"], 1, 1, ["end"]),
        ("confirm", ["yes", "no"], 1, 1, None),
        ("order", ["a", "b"], 2, 2, None),
        ("order", ["a", "a"], 2, 2, ["a", "a"]),
    ],
)
def test_only_decisions_with_one_possible_answer_are_not_asked(kind, options, lo, hi, forced):
    assert forced_answer(kind, options, lo, hi) == forced


class Recorder:
    def __init__(self) -> None:
        self.seen: list[Decision] = []

    def decide(self, decision: Decision, state: object) -> list[str]:
        self.seen.append(decision)
        return [decision.options[-1]]


def test_the_table_asks_the_players_decider_and_logs_decision_then_answer():
    first, second = Recorder(), Recorder()
    log = EventLog()
    table = Table([first, second], Shuffler(seed=1), log)
    picks = table.decide("select", 1, ["x", "y"], 1, 1, {"purpose": "test"}, lambda: {"en": "Pick"})
    assert picks == ["y"] and not first.seen and second.seen[0].prompt == {"en": "Pick"}
    assert [e.kind for e in log.events] == ["decision", "answer"]
    assert log.events[1].data == {"purpose": "test", "answer": ["y"]} and table.decisions == 1


@pytest.mark.parametrize("game", ["dominion", "citadels"])
def test_a_list_decider_stops_the_play_with_the_pending_decision(game):
    """The what-if hook: prepare() a scenario with AnswerList and replay it answer by answer."""
    from engine.core import AnswerList, DecisionPending, game_module
    from engine.core.registry import game_names

    assert game in game_names()
    module = game_module(game)
    scenario = (engine.load_scenario("smithy-draw-three") if game == "dominion"
                else scenario_from_dict(copy.deepcopy(NO_SECOND_TEMPLE)))
    prepare = module.scenario_run.prepare if game == "dominion" else module.scenario.prepare
    with pytest.raises(DecisionPending) as pending:
        prepare(scenario, AnswerList([]), {}).play()
    first = pending.value.decision
    assert first.player == 0 and first.options
    answers = [step.answer for step in scenario.script]
    prepared = prepare(scenario, AnswerList(answers), {})
    prepared.play()  # every answer given: plays to the scenario's stop point
    assert prepared.log.events[0].kind == "setup" and len(prepared.log.snapshots) == len(prepared.log.events)
