"""Turn structure, supply set-up, game end and scoring, as the rulebooks give them."""

import pytest
from dominion_helpers import kinds, make_game

from engine.core import ScriptError
from engine.dominion.supply import SetupError, build_supply


@pytest.mark.parametrize(
    "players, victory, curses, copper", [(2, 8, 10, 46), (3, 12, 20, 39), (4, 12, 30, 32)]
)
def test_supply_by_player_count(players, victory, curses, copper):
    s = build_supply(players, "2e", ["smithy"])
    assert (s["province"], s["duchy"], s["estate"]) == (victory,) * 3
    assert s["curse"] == curses and s["copper"] == copper and s["silver"] == 40 and s["gold"] == 30


def test_setup_refuses_other_edition_cards_and_bad_player_counts():
    with pytest.raises(SetupError, match="artisan"):
        build_supply(2, "1e", ["artisan"])
    with pytest.raises(SetupError, match="2-4 players"):
        build_supply(5, "1e", [])


def test_a_turn_runs_action_buy_cleanup_and_draws_five():
    game, log, _ = make_game(
        [
            {
                "hand": ["village", "copper", "copper", "silver", "estate"],
                "deck": ["smithy", "gold", "copper", "copper"] + ["estate"] * 6,
            },
            {},
        ],
        answers=["village", "smithy", ["copper", "copper", "silver", "gold"], "gold"],
    )
    game.begin_turn()
    assert game.take_turn(begin=False) is False
    p = game.state.players[0]
    assert len(p.hand) == 5 and p.play == [] and "gold" in p.discard
    assert game.state.active == 1
    assert kinds(log).count("buy") == 1


def test_buys_share_one_coin_total():
    game, _, _ = make_game(
        [{"hand": ["copper"] * 5}, {}], buys=2, answers=[["copper"] * 5, "silver", "estate"]
    )
    game.buy_phase()
    # 5 coins: a Silver (3) leaves 2, enough for an Estate with the second Buy
    assert game.state.coins == 0 and game.state.buys == 0
    assert game.state.players[0].discard == ["silver", "estate"]
    game2, _, _ = make_game(
        [{"hand": ["copper"] * 5}, {}], buys=2, answers=[["copper"] * 5, "silver", "silver"]
    )
    with pytest.raises(ScriptError, match="silver"):
        game2.buy_phase()


def test_second_edition_allows_no_treasures_after_buying():
    game, _, script = make_game(
        [{"hand": ["copper", "copper", "copper", "copper"]}, {}],
        edition="2e",
        buys=2,
        answers=[["copper", "copper", "copper"], "silver", []],
    )
    game.buy_phase()
    assert game.state.players[0].hand == ["copper"]
    game1, _, _ = make_game(
        [{"hand": ["copper", "copper", "copper", "copper"]}, {}],
        edition="1e",
        buys=2,
        answers=[["copper", "copper", "copper"], "silver", ["copper"], "copper", []],
    )
    game1.buy_phase()
    assert game1.state.players[0].hand == []


def test_a_card_that_costs_more_than_the_coins_cannot_be_bought():
    game, _, _ = make_game([{"hand": ["copper"]}, {}], answers=[["copper"], "silver"])
    with pytest.raises(ScriptError, match="silver"):
        game.buy_phase()


def test_no_shuffle_just_because_the_deck_is_empty():
    game, log, _ = make_game([{"hand": [], "deck": ["copper"] * 5, "discard": ["estate"]}, {}])
    game.cleanup()
    assert "shuffle" not in kinds(log) and game.state.players[0].deck == []


def test_game_ends_after_the_turn_in_which_provinces_run_out():
    game, log, _ = make_game(
        [{"hand": ["gold", "gold", "silver"], "deck": ["copper"] * 5}, {}],
        supply={"province": 1},
        answers=[["gold", "gold", "silver"], "province"],
    )
    game.begin_turn()
    assert game.take_turn(begin=False) is True
    end = log.events[-1]
    assert end.kind == "game_end" and end.data["reason"] == "provinces" and end.data["winners"] == [0]
    assert kinds(log).index("buy") < kinds(log).index("turn_end") < kinds(log).index("game_end")


def test_three_empty_supply_piles_end_the_game_and_curses_count():
    game, log, _ = make_game(
        [{"hand": []}, {}], supply={"curse": 0, "smithy": 0, "estate": 0}, kingdom=["smithy"]
    )
    assert game.end_turn() is True
    assert log.events[-1].data["reason"] == "three_piles"


def test_ties_go_to_the_player_with_fewer_turns_then_are_shared():
    game, _, _ = make_game([{"hand": ["province"]}, {"hand": ["province"]}])
    game.state.players[0].turns, game.state.players[1].turns = 5, 4
    assert game.result("provinces")["winners"] == [1]
    game.state.players[0].turns = 4
    assert game.result("provinces")["winners"] == [0, 1]


@pytest.mark.parametrize(("hand", "answers", "says_why"), [
    (["copper", "estate"], [[], []], True),  # nothing to play: the narration says why the phase ends
    (["village", "copper"], ["village", [], []], True),  # Village played, no Action left
    (["village", "smithy"], [[], []], False),  # an Action was in hand, the player passed
])
def test_the_buy_phase_says_when_no_action_card_ended_the_action_phase(hand, answers, says_why):
    from engine.dominion.narrate import narrate

    game, log, _ = make_game([{"hand": hand, "deck": ["copper"] * 5}, {}], answers=answers)
    game.begin_turn()
    game.take_turn(begin=False)
    phase = next(e for e in log.events if e.kind == "phase" and e.data["phase"] == "buy")
    assert phase.data.get("no_actions", False) is says_why
    text = narrate(phase, {}, ["Alice", "Bob"])
    assert ("no Action card" in text["en"]) is says_why
    assert ("没有可以打出的行动牌" in text["zh-Hans"]) is says_why


@pytest.mark.parametrize(("slugs", "en", "zh"), [
    (["estate", "estate"], "two Estates", "2张庄园"),
    (["copper", "estate", "copper"], "two Coppers and Estate", "2张铜币和庄园"),
    (["witch", "witch", "witch"], "three Witches", "3张女巫"),
    (["smithy", "smithy"], "two Smithies", "2张铁匠"),
    ([], "none", None),
])
def test_a_narrated_list_counts_the_same_card_once(slugs, en, zh):
    from engine.dominion.narrate import _cards

    names = {"estate": {"en": "Estate", "zh-Hans": "庄园"}, "copper": {"en": "Copper", "zh-Hans": "铜币"},
             "witch": {"en": "Witch", "zh-Hans": "女巫"}, "smithy": {"en": "Smithy", "zh-Hans": "铁匠"}}
    assert _cards(names, slugs, "en") == en
    if zh:
        assert _cards(names, slugs, "zh-Hans") == zh
