"""A malformed Citadels scenario is refused with a message naming the field and the problem."""

from __future__ import annotations

import copy

import pytest

from engine.core.scenario import ScenarioError, scenario_from_dict

GOOD = {
    "id": "citadels-test",
    "game": "citadels",
    "edition": None,
    "entry": "citadels/warlord",
    "ruling": None,
    "title": {"en": "t", "zh-Hans": "t", "zh-Hant": "t"},
    "players": [
        {"name": "Ann", "zones": {"characters": ["warlord"], "city": ["manor"]}, "counters": {"gold": 3}},
        {"name": "Ben", "zones": {"city": ["castle"]}},
    ],
    "setup": {"start": "turns", "stop": "turn"},
    "script": ["gold", "ability", "player-1:castle"],
}


def with_changes(change):
    raw = copy.deepcopy(GOOD)
    change(raw)
    return raw


def test_the_base_scenario_is_valid():
    assert scenario_from_dict(copy.deepcopy(GOOD)).id == "citadels-test"


@pytest.mark.parametrize(
    "change, message",
    [
        (
            lambda r: r["players"][0]["zones"].update(hand=["castel"]),
            "players[0].zones.hand[0]: 'castel' is not",
        ),
        (lambda r: r["players"][0]["zones"].update(deck=["manor"]), "players[0].zones.deck: unknown zone"),
        (lambda r: r["players"][1]["zones"].update(characters=["warlord"]), "held by 2 players"),
        (
            lambda r: r["players"][0]["zones"].update(characters=["witch"]),
            "'witch' is not a character in this game",
        ),
        (lambda r: r["players"][0]["counters"].update(coins=1), "counters.coins"),
        (lambda r: r["setup"].update(speed=3), "setup: unknown key(s) ['speed']"),
        (lambda r: r["setup"].update(stop="never"), "setup.stop"),
        (lambda r: r["setup"].update(settings={"replace": ["nobody"]}), "not a Citadels character"),
        (lambda r: r["setup"].update(settings={"short": True}), "unknown key(s) ['short']"),
        (lambda r: r["setup"].update(crown=5), "setup.crown"),
        (lambda r: r["setup"].update(killed=["king"]), "setup.killed"),
        (lambda r: r["setup"].update(gilded=[["palace"], None]), "setup.gilded[0]: 'palace' gilded 1x"),
        (lambda r: r["setup"].update(gilded="manor"), "setup.gilded: expected a list"),
        (lambda r: r["setup"].update(museum=[["temple"], None]), "no Museum"),
        (lambda r: r["setup"].update(from_rank=12), "setup.from_rank"),
        (lambda r: r["players"][0]["counters"].update(gold=31), "bank has only 30"),
        (lambda r: r["players"][0]["zones"].update(hand=["keep", "keep", "keep"]), "deck holds 2"),
        (
            lambda r: r["players"].extend([{"name": f"P{i}"} for i in range(6)]),
            "eight players need the rank-9 character",
        ),
        (
            lambda r: r["players"].extend([{"name": f"P{i}"} for i in range(7)]),
            "is too long",
        ),
    ],
)
def test_problems_name_the_field(change, message):
    with pytest.raises(ScenarioError) as excinfo:
        scenario_from_dict(with_changes(change))
    assert message in str(excinfo.value)
