"""Score counter: the engines' scoring with every point explained, and the exported tables."""

from __future__ import annotations

import pytest

from engine.tables import ScoreError, score_citadels, score_dominion

EIGHT = ["temple", "church", "manor", "market", "watchtower", "library", "castle", "keep"]


def test_dominion_points_per_card_and_gardens_by_deck_size():
    r = score_dominion(
        {
            "players": [
                {
                    "name": "Ann",
                    "cards": {"province": 3, "duchy": 1, "estate": 3, "curse": 2},
                    "total": 30,
                    "turns": 15,
                },
                {"name": "Bo", "cards": {"gardens": 4, "estate": 5}, "total": 49, "turns": 15},
            ]
        }
    )
    ann, bo = r["players"]
    assert {line["card"]: line["points"] for line in ann["lines"]} == {
        "province": 18,
        "duchy": 3,
        "estate": 3,
        "curse": -2,
    }
    assert ann["total"] == 22
    assert {line["card"]: line["points"] for line in bo["lines"]} == {
        "gardens": 16,
        "estate": 5,
    }  # 49 // 10 = 4 each
    assert bo["total"] == 21 and r["winners"] == [0]


def test_dominion_tie_goes_to_fewer_turns_then_is_shared():
    tied = {"cards": {"province": 2}}
    r = score_dominion({"players": [{**tied, "turns": 14}, {**tied, "turns": 13}]})
    assert r["winners"] == [1]
    r = score_dominion({"players": [{**tied, "turns": 14}, {**tied, "turns": 14}]})
    assert r["winners"] == [0, 1]


@pytest.mark.parametrize(
    "bad",
    [
        {"players": []},
        {"players": [{"cards": {"silver": 2}}]},
        {"players": [{"cards": {"province": -1}}]},
        {"players": [{"cards": {"province": 4}, "total": 3}]},
        {"players": "two"},
    ],
)
def test_dominion_bad_requests_say_which_field(bad):
    with pytest.raises(ScoreError, match="players"):
        score_dominion(bad)


def citadels(*cities, **options):
    players = [c if isinstance(c, dict) else {"city": c} for c in cities]
    return score_citadels({"players": players, **options})


def test_citadels_districts_university_dragon_gate_score_eight():
    r = citadels(["university", "dragon-gate", "temple"], ["manor"])
    assert [d["points"] for d in r["players"][0]["districts"]] == [8, 8, 1]
    assert r["players"][0]["total"] == 17


def test_citadels_five_colours_and_completion_bonuses():
    r = citadels(EIGHT, EIGHT[:7] + ["fortress"], ["manor"], ["temple"])
    first, other, short, _ = r["players"]
    assert (
        first["parts"]["colours"] == 3 and first["parts"]["completion"] == 4 and first["completed"] == "first"
    )
    assert other["parts"]["completion"] == 2 and other["completed"] == "other"
    assert short["parts"]["completion"] == 0
    assert r["end_size"] == 8
    three = citadels(EIGHT, ["manor"], ["temple"])  # three players play two characters each, to 8
    assert three["end_size"] == 8 and three["players"][0]["parts"]["completion"] == 4


def test_citadels_haunted_city_fills_a_missing_colour_unless_built_last_round():
    city = ["temple", "manor", "market", "haunted-city", "library"]  # no military
    r = citadels(city, ["manor"])
    assert r["players"][0]["parts"]["colours"] == 3 and r["players"][0]["parts"]["haunted_as"] == "military"
    r = citadels({"city": city, "last_round": ["haunted-city"]}, ["manor"])
    assert r["players"][0]["parts"]["colours"] == 0


def test_citadels_bell_tower_makes_seven_districts_complete():
    seven = ["temple", "church", "manor", "market", "watchtower", "bell-tower", "castle"]
    r = citadels(seven, ["manor"], ["temple"], ["church"])
    assert r["end_size"] == 7 and r["players"][0]["completed"] == "first"
    r = citadels(seven, ["manor"], ["temple"], ["church"], short_game=True)
    assert r["end_size"] == 7  # the short game already ends at 7; the Bell Tower does not shorten it


def test_citadels_ties_break_on_district_points_then_gold_and_marked_first_is_kept():
    r = citadels(["manor"], ["docks"])
    assert r["winners"] == [0, 1]  # same score, same district points, no gold given: shared
    r = citadels({"city": ["manor"], "gold": 1}, {"city": ["docks"], "gold": 4})
    assert r["winners"] == [1] and r["players"][1]["gold"] == 4
    # 9 of districts + 3 for five colours against 12 of districts alone: the districts decide
    five = ["temple", "watchtower", "tavern", "manor", "keep"]
    r = citadels({"city": five, "gold": 5}, ["palace", "castle", "monastery"])
    totals = [p["total"] for p in r["players"]]
    assert totals[0] == totals[1] and r["winners"] == [1]
    r = citadels(
        {"city": EIGHT, "completed": "other"}, {"city": EIGHT, "completed": "first"}, ["temple"], ["temple"]
    )
    assert [p["completed"] for p in r["players"][:2]] == ["other", "first"]


@pytest.mark.parametrize(
    "bad",
    [
        {"players": [{"city": ["moon-tower"]}, {"city": []}]},
        {"players": [{"city": ["temple", "temple"]}, {"city": []}]},
        {"players": [{"city": ["temple"], "last_round": ["manor"]}, {"city": []}]},
        {"players": [{"city": ["temple"], "museum": 2}, {"city": []}]},
        {"players": [{"city": ["temple"], "gold": -1}, {"city": []}]},
        {"players": [{"city": [], "completed": "first"}, {"city": [], "completed": "first"}]},
        {"players": [{"city": []}]},
    ],
)
def test_citadels_bad_requests_say_what_is_wrong(bad):
    with pytest.raises(ScoreError):
        score_citadels(bad)


def test_citadels_imperial_treasury_scores_the_owners_gold_only():
    r = citadels({"city": ["imperial-treasury"], "gold": 5}, {"city": ["manor"], "gold": 5})
    owner, other = r["players"]
    assert owner["parts"]["imperial_treasury"] == 5 and owner["total"] == 4 + 5
    assert other["parts"]["imperial_treasury"] == 0 and other["total"] == 3


def test_citadels_map_room_scores_the_cards_left_in_hand():
    r = citadels({"city": ["map-room"], "hand": 3}, {"city": ["manor"], "hand": 3})
    owner, other = r["players"]
    assert owner["parts"]["map_room"] == 3 and owner["total"] == 5 + 3
    assert other["parts"]["map_room"] == 0


@pytest.mark.parametrize("hand", [-1, 100, "two", 1.5])
def test_citadels_hand_count_must_be_a_small_whole_number(hand):
    with pytest.raises(ScoreError, match=r"players\[0\]\.hand"):
        citadels({"city": ["map-room"], "hand": hand})
