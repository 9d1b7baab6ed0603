"""engine.sandbox: replays agree with the scenario runner, labels, the link code, the exported file."""

from __future__ import annotations

import pytest
import yaml
from sandbox_helpers import empty_dominion

import engine
from engine import sandbox
from engine.core.scenario import read_yaml, scenario_from_dict
from engine.sandbox.labels import option_label
from refapp.commands.engine import load_names, names_for
from refapp.sandbox_code import CodeError, decode, encode

NAMES = load_names()
INFOS = engine.list_scenarios()


def as_sandbox(path):  # type: ignore[no-untyped-def]
    raw = read_yaml(path)
    answers = [s["answer"] if isinstance(s, dict) else s for s in raw.get("script", [])]
    return {k: v for k, v in raw.items() if k not in ("script", "expect", "highlight")}, answers


@pytest.mark.parametrize("info", INFOS, ids=[i.id for i in INFOS])
def test_a_scenario_replayed_in_the_sandbox_gives_the_same_events(info):
    names = names_for(info.game, NAMES)
    run = engine.run_scenario(engine.load_scenario(info.path), names)
    if not run.passed:
        pytest.skip("the scenario itself fails; the scenario check reports it")
    situation, answers = as_sandbox(info.path)
    replay = sandbox.play(situation, answers, names)
    assert [e.to_dict() for e in replay.events] == [e.to_dict() for e in run.events]
    assert replay.snapshots == run.snapshots
    assert replay.finished
    last = sandbox.play(situation, answers, names, boards=sandbox.Boards(last=True))
    assert last.snapshots == run.snapshots[-1:]  # the board at the end, without the others


def test_each_answer_records_when_it_was_given():
    situation = empty_dominion(alice=["throne-room", "feast"])
    run = sandbox.play(situation, ["throne-room", "silver"], {})
    assert [(t.purpose, t.card, t.answer) for t in run.answers] == [
        ("play_action", None, ["throne-room"]),
        ("gain", "feast", ["silver"]),
    ]
    for taken in run.answers:  # the answer event follows right at the recorded count
        assert run.events[taken.seq].kind == "answer"
        assert run.events[taken.seq].data["answer"] == taken.answer


def test_option_labels_name_cards_players_and_choices():
    names = names_for("citadels", NAMES)
    players = ["Ann", "Ben"]
    assert option_label("keep", names, players)["zh-Hans"] == names["keep"]["zh-Hans"]
    # an example player's name as each language writes it (engine.core.player_names)
    assert option_label("player-1", names, players) == {"en": "Ben", "zh-Hans": "班恩", "zh-Hant": "班恩"}
    assert option_label("player-1:keep", names, players)["en"] == f"Ben's {names['keep']['en']}"
    assert option_label("player-1:keep", names, players)["zh-Hans"] == f"班恩的{names['keep']['zh-Hans']}"
    # a name a reader typed is theirs, in every language
    assert option_label("player-1", names, ["Ann", "Zoë"])["zh-Hans"] == "Zoë"
    swap = option_label("manor>player-0:keep", names, players)["en"]
    assert swap == f"{names['manor']['en']} for Ann's {names['keep']['en']}"
    used = option_label("armory", names, players, purpose="action")["en"]
    assert used == f"Use the {names['armory']['en']}"
    assert option_label("gold", names, players, card="navigator")["en"] == "Take 4 gold"
    assert option_label("yes", names, players)["zh-Hant"] == "是"


def test_link_code_round_trip_and_refusals():
    situation = empty_dominion(alice=["feast"] * 20)
    code = encode(situation, ["feast", ["silver"], True])
    assert decode(code) == (situation, ["feast", ["silver"], True])
    assert len(code) < 200  # compact: repeated cards cost almost nothing
    for bad in ("", "!!!", "A" * 13_000, encode(situation, [])[:-9]):
        with pytest.raises(CodeError):
            decode(bad)


def test_exported_scenario_loads_and_expects_the_board_reached():
    situation = empty_dominion(alice=["throne-room", "feast"])
    run = sandbox.play(situation, ["throne-room", "silver", "duchy", []], {})
    data = sandbox.to_scenario(situation, run)
    loaded = scenario_from_dict(yaml.safe_load(yaml.safe_dump(data, allow_unicode=True)))
    again = engine.run_scenario(loaded, {})
    assert again.passed, again.failures
    assert data["expect"]["shared"]["trash"] == ["feast"]
    assert [s["answer"] for s in data["script"]] == [["throne-room"], ["silver"], ["duchy"], []]


def test_an_unfinished_export_reports_the_open_question():
    situation = empty_dominion(alice=["throne-room", "feast"])
    run = sandbox.play(situation, ["throne-room"], {})
    data = sandbox.to_scenario(situation, run)
    assert "open question" in data["description"]["en"]
    again = engine.run_scenario(scenario_from_dict(data), {})
    assert any("ran out" in f for f in again.failures)
