"""The scenario loader refuses malformed files naming field and problem; scripts must fit decisions."""

import copy

import pytest
import yaml

from engine.core import (
    Decision,
    Event,
    ScenarioError,
    ScriptedDecider,
    ScriptError,
    ScriptStep,
    check_expectations,
    game_module,
    load_scenario,
    scenario_from_dict,
)
from engine.core.registry import UnknownGameError

VALID = {
    "id": "core-test",
    "game": "dominion",
    "edition": "1e",
    "entry": "dominion/smithy",
    "ruling": "draw-three",
    "title": {"en": "Smithy", "zh-Hans": "铁匠铺", "zh-Hant": "鐵匠鋪"},
    "players": [
        {"name": "A", "zones": {"hand": ["smithy"], "deck": ["copper", "copper", "copper"]}},
        {"name": "B"},
    ],
    "setup": {"stop": "action"},
    "script": ["smithy"],
    "expect": {"players": [{"zones": {"hand": ["copper", "copper", "copper"]}}]},
}


def broken(**changes):
    raw = copy.deepcopy(VALID)
    for path, value in changes.items():
        target = raw
        keys = path.split("__")
        for k in keys[:-1]:
            target = target[int(k)] if k.isdigit() else target[k]
        last = keys[-1]
        if value is KeyError:
            del target[last]
        elif last.isdigit():
            target[int(last)] = value
        else:
            target[last] = value
    return raw


def refusal(raw) -> str:
    with pytest.raises(ScenarioError) as err:
        scenario_from_dict(raw)
    return str(err.value)


def test_a_valid_scenario_loads():
    s = scenario_from_dict(copy.deepcopy(VALID))
    assert s.entry == "dominion/smithy" and s.players[0].zones["deck"] == ["copper"] * 3


@pytest.mark.parametrize(
    "changes, field, problem",
    [
        ({"entry": KeyError}, "rulings", "missing (or give entry + ruling for a single ruling)"),
        ({"rulings": ["dominion/smithy#draw-three"]}, "rulings", "either rulings or entry + ruling"),
        ({"title__zh-Hant": KeyError}, "title", "zh-Hant"),
        ({"game": "chess"}, "game", "chess"),
        ({"edition": "3e"}, "edition", "3e"),
        ({"players__0__zones__hand": ["Smithy"]}, "players[0].zones.hand[0]", "Smithy"),
        ({"players__0__zones__hand": "smithy"}, "players[0].zones.hand", "not of type 'array'"),
        ({"script__0": 5}, "script[0]", "5"),
        ({"surprise": 1}, "(top level)", "surprise"),
        ({"supply": {"curse": -1}}, "supply.curse", "-1"),
    ],
)
def test_schema_problems_name_the_field_and_the_problem(changes, field, problem):
    message = refusal(broken(**changes))
    assert field in message and problem in message


def test_entry_must_belong_to_the_game():
    assert "entry" in refusal(broken(entry="citadels/assassin"))


def test_script_player_must_exist():
    assert "script[0].player: 5" in refusal(broken(script=[{"answer": "smithy", "player": 5}]))


def test_dominion_checks_card_names_and_edition():
    message = refusal(broken(players__0__zones__hand=["artisan"]))
    assert "players[0].zones.hand[0]" in message and "1e" in message
    assert "not a Dominion card" in refusal(broken(players__0__zones__hand=["dragon-gate"]))
    assert "setup.stop" in refusal(broken(setup={"stop": "never"}))
    assert "setup.colour" in refusal(broken(setup={"colour": 1}))
    assert "2-4 players" in refusal(broken(players=[VALID["players"][0]]))


def test_file_errors_name_the_file(tmp_path):
    bad = tmp_path / "bad-yaml.yaml"
    bad.write_text("id: [unclosed\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match="not valid YAML"):
        load_scenario(bad)
    wrong_id = tmp_path / "other-name.yaml"
    wrong_id.write_text(yaml.safe_dump(VALID), encoding="utf-8")
    with pytest.raises(ScenarioError, match="must equal the file name"):
        load_scenario(wrong_id)
    with pytest.raises(ScenarioError, match="no scenario named"):
        load_scenario("no-such-scenario-anywhere")


def ask(kind="select", options=("copper", "estate"), lo=1, hi=1, player=0, card="chapel"):
    return Decision(
        kind=kind,
        player=player,
        prompt={},
        options=list(options),
        min=lo,
        max=hi,
        context={"card": card, "purpose": "trash"},
    )


def test_a_script_answer_that_does_not_fit_shows_the_answer_and_the_decision():
    script = ScriptedDecider([ScriptStep(answer=["gold"])])
    with pytest.raises(ScriptError) as err:
        script.decide(ask())
    text = str(err.value)
    assert "script[0]" in text and "['gold']" in text and "['copper', 'estate']" in text


def test_script_assertions_on_player_kind_and_card_are_checked():
    with pytest.raises(ScriptError, match="player 1 but the decision is for player 0"):
        ScriptedDecider([ScriptStep(answer="copper", player=1)]).decide(ask())
    with pytest.raises(ScriptError, match="card 'remodel'"):
        ScriptedDecider([ScriptStep(answer="copper", card="remodel")]).decide(ask())


def test_running_out_of_script_names_the_decision():
    with pytest.raises(ScriptError, match="ran out"):
        ScriptedDecider([]).decide(ask())


def test_expectations_report_each_unmet_field():
    snapshot = {
        "turn": 1,
        "phase": "buy",
        "active": 0,
        "piles": {"curse": 9},
        "shared": {"trash": []},
        "players": [{"name": "A", "zones": {"hand": ["gold"]}, "counters": {"coins": 3}}],
    }
    events = [Event(seq=0, kind="setup"), Event(seq=1, kind="gain", player=1, cards=["curse"])]
    seqs, failures = check_expectations(
        {
            "phase": "buy",
            "piles": {"curse": 8},
            "players": [{"zones": {"hand": ["gold"]}, "counters": {"coins": 2}}],
            "events": [{"kind": "gain", "player": 1}],
            "absent": [{"kind": "trash"}],
        },
        snapshot,
        events,
    )
    assert seqs == [1]
    assert failures == [
        "expect.players[0].counters.coins: expected 2, got 3",
        "expect.piles.curse: expected 8, got 9",
    ]


def test_expected_events_must_come_in_order():
    events = [Event(seq=0, kind="draw"), Event(seq=1, kind="shuffle")]
    _, failures = check_expectations({"events": [{"kind": "shuffle"}, {"kind": "draw"}]}, {}, events)
    assert len(failures) == 1 and "before the previous expected event" in failures[0]


def test_registry_knows_both_games_and_refuses_others():
    assert game_module("dominion").__name__ == "engine.dominion"
    with pytest.raises(UnknownGameError, match="chess"):
        game_module("chess")


def test_event_data_matches_nested_mappings_key_by_key_and_lists_exactly():
    from engine.core import event_matches

    event = Event(
        seq=3,
        kind="decision",
        player=0,
        data={"decision": {"options": ["copper", "silver"], "min": 1, "context": {"card": "mine"}}},
    )
    assert event_matches(event, {"data": {"decision": {"options": ["copper", "silver"]}}})
    assert event_matches(event, {"data": {"decision": {"context": {"card": "mine"}}}})
    assert not event_matches(event, {"data": {"decision": {"options": ["copper"]}}})
    assert not event_matches(event, {"data": {"decision": {"max": 1}}})


def test_ids_that_are_not_slugs_and_undecodable_files_are_refused(tmp_path):
    for bad in ("../secrets", "*", "Library"):
        with pytest.raises(ScenarioError, match="not a scenario id"):
            load_scenario(bad)
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"\xff\xfe\x00id: x")
    with pytest.raises(ScenarioError, match="not UTF-8"):
        load_scenario(binary)


def test_one_file_may_demonstrate_several_rulings():
    raw = broken(entry=KeyError, ruling=KeyError)
    more = ["dominion/terms/plus-cards#draw-immediately", "dominion/bureaucrat"]
    raw["rulings"] = ["dominion/smithy#draw-three", *more]
    s = scenario_from_dict(raw)
    assert (s.entry, s.ruling) == ("dominion/smithy", "draw-three")
    assert [str(r) for r in s.rulings][1:] == more
    assert s.rulings[2].ruling is None
    raw["rulings"].append("dominion/smithy#draw-three")
    assert "rulings[3]: 'dominion/smithy#draw-three' is listed twice" in refusal(raw)
    raw["rulings"][3] = "citadels/assassin"
    assert "rulings[3]: 'citadels/assassin' is not an entry of game 'dominion'" in refusal(raw)


def test_a_merged_copy_is_found_by_its_old_id():
    merged = load_scenario("hand-play-from-hand")
    assert merged.id == "smithy-draw-three" and "hand-play-from-hand" in merged.aliases
