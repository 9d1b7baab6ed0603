"""Every base-set card of both editions does what its text and the rulebook notes say."""

import pytest
from dominion_helpers import deck, kinds, make_game, play

from engine.core import ScriptError
from engine.dominion.cards import CARDS, kingdom_cards
from engine.dominion.effects import EFFECTS

P2 = [{}]  # a second player with nothing


def test_both_editions_have_their_published_kingdoms():
    assert len(kingdom_cards("1e")) == 25 and len(kingdom_cards("2e")) == 26
    new = set(kingdom_cards("2e")) - set(kingdom_cards("1e"))
    assert new == {"artisan", "bandit", "harbinger", "merchant", "poacher", "sentry", "vassal"}
    gone = set(kingdom_cards("1e")) - set(kingdom_cards("2e"))
    assert gone == {"adventurer", "chancellor", "feast", "spy", "thief", "woodcutter"}
    assert all(s in EFFECTS for s in CARDS if CARDS[s].is_action)


# ------------------------------------------------------------------ treasures, victory, curse
@pytest.mark.parametrize("slug, coins", [("copper", 1), ("silver", 2), ("gold", 3)])
def test_treasures_give_their_coins(slug, coins):
    game, _, _ = make_game([{"hand": [slug]}] + P2)
    game.play_treasures([slug])
    assert game.state.coins == coins and game.state.players[0].play == [slug]


@pytest.mark.parametrize(
    "cards, vp",
    [
        (["estate"], 1),
        (["duchy"], 3),
        (["province"], 6),
        (["curse"], -1),
        (["estate", "duchy", "province", "curse"], 9),
    ],
)
def test_victory_cards_and_curses_score(cards, vp):
    from engine.dominion.state import victory_points

    assert victory_points(cards) == vp


def test_gardens_counts_every_card_and_rounds_down():
    from engine.dominion.state import victory_points

    assert victory_points(["gardens"] + ["copper"] * 38) == 3  # 39 cards -> 3 each
    assert victory_points(["gardens", "gardens"] + ["copper"] * 38) == 8  # 40 cards -> 4 each


# ------------------------------------------------------------------ +cards/+actions cards
@pytest.mark.parametrize(
    "slug, cards, actions, buys, coins",
    [
        ("village", 1, 2, 0, 0),
        ("smithy", 3, 0, 0, 0),
        ("laboratory", 2, 1, 0, 0),
        ("market", 1, 1, 1, 1),
        ("festival", 0, 2, 1, 2),
        ("woodcutter", 0, 0, 1, 2),
        ("moat", 2, 0, 0, 0),
    ],
)
def test_plus_cards_actions_buys_coins(slug, cards, actions, buys, coins):
    game, _, _ = make_game([{"hand": [slug], "deck": ["silver"] * 5}] + P2)
    play(game, slug)
    st = game.state
    assert len(st.players[0].hand) == cards
    assert (st.actions, st.buys, st.coins) == (actions, 1 + buys, coins)


def test_council_room_makes_every_other_player_draw_even_through_a_shuffle():
    game, log, _ = make_game(
        [{"hand": ["council-room"], "deck": ["copper"] * 4}, {"discard": ["gold"]}, {"deck": ["estate"]}],
        shuffles=[["gold"]],
    )
    play(game, "council-room")
    assert game.state.players[1].hand == ["gold"] and game.state.players[2].hand == ["estate"]
    assert game.state.buys == 2 and len(game.state.players[0].hand) == 4


# ------------------------------------------------------------------ choices from hand
def test_cellar_discards_then_draws_that_many_and_cannot_discard_itself():
    game, log, _ = make_game(
        [{"hand": ["cellar", "estate", "estate", "copper"], "deck": ["gold", "silver"]}] + P2,
        answers=[["estate", "estate"]],
    )
    play(game, "cellar")
    p = game.state.players[0]
    assert (
        p.hand == ["copper", "gold", "silver"] and p.discard == ["estate", "estate"] and p.play == ["cellar"]
    )
    assert game.state.actions == 1
    assert kinds(log).index("discard") < kinds(log).index("draw")


def test_cellar_discards_are_shuffled_into_the_new_deck():
    game, log, _ = make_game(
        [{"hand": ["cellar", "estate", "duchy"], "deck": []}] + P2,
        answers=[["estate", "duchy"]],
        shuffles=[["duchy", "estate"]],
    )
    play(game, "cellar")
    assert game.state.players[0].hand == ["duchy", "estate"]


def test_chapel_trashes_up_to_four_and_may_trash_another_chapel():
    game, _, _ = make_game(
        [{"hand": ["chapel", "chapel", "estate", "copper", "copper", "curse"]}] + P2,
        answers=[["chapel", "estate", "copper", "curse"]],
    )
    play(game, "chapel")
    assert sorted(game.state.trash) == ["chapel", "copper", "curse", "estate"]
    assert game.state.players[0].play == ["chapel"] and game.state.players[0].hand == ["copper"]


def test_chapel_refuses_a_fifth_card():
    game, _, _ = make_game([{"hand": ["chapel"] + ["copper"] * 5}] + P2, answers=[["copper"] * 5])
    with pytest.raises(ScriptError, match="0..4"):
        play(game, "chapel")


def test_chancellor_moves_the_deck_unseen_to_the_discard_pile():
    game, log, _ = make_game(
        [{"hand": ["chancellor"], "deck": ["gold", "estate"], "discard": ["copper"]}] + P2, answers=[True]
    )
    play(game, "chancellor")
    p = game.state.players[0]
    assert p.deck == [] and sorted(p.discard) == ["copper", "estate", "gold"] and game.state.coins == 2


def test_workshop_gains_up_to_four_to_the_discard_pile_regardless_of_coins():
    game, _, script = make_game(
        [{"hand": ["workshop"]}] + P2, kingdom=["workshop", "smithy", "market"], answers=["smithy"], coins=5
    )
    play(game, "workshop")
    assert game.state.players[0].discard == ["smithy"] and game.state.coins == 5 and game.state.buys == 1
    game2, _, _ = make_game(
        [{"hand": ["workshop"]}] + P2, kingdom=["workshop", "market"], answers=["market"], coins=5
    )
    with pytest.raises(ScriptError, match="market"):
        play(game2, "workshop")


def test_feast_trashes_itself_and_gains_up_to_five():
    game, _, _ = make_game([{"hand": ["feast"]}] + P2, kingdom=["feast", "market"], answers=["market"])
    play(game, "feast")
    assert game.state.trash == ["feast"] and game.state.players[0].discard == ["market"]
    assert game.state.players[0].play == []


def test_remodel_trashes_another_card_and_gains_up_to_two_more():
    game, _, _ = make_game(
        [{"hand": ["remodel", "remodel", "silver"]}] + P2,
        kingdom=["remodel", "market"],
        answers=["silver", "market"],
    )
    play(game, "remodel")
    p = game.state.players[0]
    assert game.state.trash == ["silver"] and p.discard == ["market"] and p.hand == ["remodel"]


def test_remodel_with_an_empty_hand_gains_nothing():
    game, log, _ = make_game([{"hand": ["remodel"]}] + P2)
    play(game, "remodel")
    assert game.state.players[0].discard == [] and "gain" not in kinds(log)


@pytest.mark.parametrize("edition, answers", [("1e", ["silver"]), ("2e", ["copper", "silver"])])
def test_mine_upgrades_a_treasure_into_hand(edition, answers):
    # 1e: trashing the only Treasure is forced, so it is not asked; 2e asks (it is optional)
    game, _, _ = make_game([{"hand": ["mine", "copper"]}] + P2, edition=edition, answers=answers)
    play(game, "mine")
    assert game.state.players[0].hand == ["silver"] and game.state.trash == ["copper"]


def test_mine_is_optional_only_in_second_edition():
    game, _, _ = make_game([{"hand": ["mine", "copper"]}] + P2, edition="2e", answers=[[]])
    play(game, "mine")
    assert game.state.players[0].hand == ["copper"]
    game1, _, _ = make_game([{"hand": ["mine", "copper"]}] + P2, edition="1e", answers=[[]])
    with pytest.raises(ScriptError, match="1..1"):
        play(game1, "mine")


def test_mine_may_gain_a_cheaper_treasure_but_never_a_non_treasure():
    game, _, _ = make_game([{"hand": ["mine", "gold"]}] + P2, answers=["copper"])  # trashing Gold is forced
    play(game, "mine")
    assert game.state.players[0].hand == ["copper"]
    game2, _, _ = make_game([{"hand": ["mine", "gold"]}] + P2, kingdom=["mine", "market"], answers=["market"])
    with pytest.raises(ScriptError, match="market"):
        play(game2, "mine")


def test_moneylender_trashes_a_copper_for_three_coins_and_nothing_without_one():
    game, _, _ = make_game([{"hand": ["moneylender", "copper", "copper"]}] + P2)
    play(game, "moneylender")
    assert game.state.trash == ["copper"] and game.state.coins == 3
    game2, _, _ = make_game([{"hand": ["moneylender", "silver"]}] + P2)
    play(game2, "moneylender")
    assert game2.state.coins == 0 and game2.state.trash == []


def test_moneylender_asks_in_second_edition():
    game, _, _ = make_game([{"hand": ["moneylender", "copper"]}] + P2, edition="2e", answers=[False])
    play(game, "moneylender")
    assert game.state.coins == 0 and game.state.trash == []


# ------------------------------------------------------------------ throne room
def test_throne_room_plays_a_card_twice_without_spending_actions():
    game, _, _ = make_game(
        [{"hand": ["throne-room", "market"], "deck": ["copper", "copper"]}] + P2, answers=["market"]
    )
    play(game, "throne-room")
    st = game.state
    assert (st.actions, st.buys, st.coins) == (2, 3, 2) and len(st.players[0].hand) == 2
    assert st.players[0].play == ["throne-room", "market"]


def test_throne_room_on_throne_room_plays_two_cards_twice_each():
    game, log, _ = make_game(
        [{"hand": ["throne-room", "throne-room", "village", "smithy"], "deck": ["copper"] * 10}] + P2,
        answers=["throne-room", "village", "smithy"],
    )
    play(game, "throne-room")
    st = game.state
    assert st.players[0].play == ["throne-room", "throne-room", "village", "smithy"]
    assert st.actions == 4 and len(st.players[0].hand) == 2 + 6


def test_throne_room_is_optional_only_in_second_edition():
    game, _, _ = make_game([{"hand": ["throne-room", "smithy"]}] + P2, edition="2e", answers=[[]])
    play(game, "throne-room")
    assert game.state.players[0].hand == ["smithy"]
    game1, _, _ = make_game([{"hand": ["throne-room", "smithy", "village"]}] + P2, answers=[[]])
    with pytest.raises(ScriptError):
        play(game1, "throne-room")


# ------------------------------------------------------------------ attacks
def test_militia_makes_others_discard_down_to_three():
    game, _, _ = make_game(
        [
            {"hand": ["militia"]},
            {"hand": ["copper", "estate", "silver", "gold", "estate"]},
            {"hand": ["copper", "copper", "copper"]},
        ],
        answers=[["estate", "estate"]],
    )
    play(game, "militia")
    assert game.state.players[1].hand == ["copper", "silver", "gold"]
    assert game.state.players[2].hand == ["copper", "copper", "copper"] and game.state.coins == 2


def test_witch_draws_two_and_curses_each_other_player():
    game, _, _ = make_game([{"hand": ["witch"], "deck": ["copper", "copper"]}, {}, {}])
    play(game, "witch")
    assert [p.discard for p in game.state.players] == [[], ["curse"], ["curse"]]
    assert len(game.state.players[0].hand) == 2


def test_witch_with_no_curses_left_still_draws():
    game, log, _ = make_game([{"hand": ["witch"], "deck": ["copper", "copper"]}] + P2, supply={"curse": 0})
    play(game, "witch")
    assert len(game.state.players[0].hand) == 2 and game.state.players[1].discard == []


def test_bureaucrat_gains_silver_on_deck_and_others_topdeck_a_victory_card():
    game, log, _ = make_game(
        [{"hand": ["bureaucrat"]}, {"hand": ["estate", "duchy", "copper"]}, {"hand": ["copper"]}],
        answers=["duchy"],
    )
    play(game, "bureaucrat")
    assert deck(game, 0) == ["silver"] and deck(game, 1) == ["duchy"]
    assert [e for e in log.events if e.kind == "reveal" and e.player == 2][0].data["no_victory"]


def test_spy_reveals_everyone_starting_with_the_player_and_discards_or_keeps():
    game, log, _ = make_game(
        [{"hand": ["spy"], "deck": ["copper", "estate"]}, {"deck": ["gold"]}], answers=[True, True]
    )
    play(game, "spy")
    assert game.state.players[0].hand == ["copper"] and game.state.players[0].discard == ["estate"]
    assert game.state.players[1].discard == ["gold"] and game.state.actions == 1
    reveals = [e.player for e in log.events if e.kind == "reveal"]
    assert reveals == [0, 1]


def test_spy_kept_card_goes_back_on_top():
    game, _, _ = make_game(
        [{"hand": ["spy"], "deck": ["copper", "estate"]}, {"deck": ["gold", "silver"]}],
        answers=[False, False],
    )
    play(game, "spy")
    assert deck(game, 0) == ["estate"] and deck(game, 1) == ["gold", "silver"]


def test_thief_trashes_one_chosen_treasure_and_the_attacker_may_take_it():
    game, _, _ = make_game(
        [{"hand": ["thief"]}, {"deck": ["silver", "gold", "estate"]}], answers=["gold", ["gold"]]
    )
    play(game, "thief")
    assert game.state.players[0].discard == ["gold"] and game.state.trash == []
    assert game.state.players[1].discard == ["silver"] and deck(game, 1) == ["estate"]


def test_thief_untaken_treasures_stay_in_the_trash():
    game, _, _ = make_game(
        [{"hand": ["thief"]}, {"deck": ["copper", "estate"]}], trash=["gold"], answers=[[]]
    )
    play(game, "thief")
    assert game.state.trash == ["gold", "copper"] and game.state.players[0].discard == []


def test_thief_may_take_only_treasures_it_just_trashed():
    game, _, _ = make_game(
        [{"hand": ["thief"]}, {"deck": ["copper", "estate"]}], trash=["gold"], answers=[["gold"]]
    )
    with pytest.raises(ScriptError, match="gold"):
        play(game, "thief")


def test_bandit_gains_gold_and_trashes_a_non_copper_treasure():
    game, _, _ = make_game(
        [{"hand": ["bandit"]}, {"deck": ["copper", "silver"]}, {"deck": ["copper", "estate"]}], edition="2e"
    )
    play(game, "bandit")
    assert game.state.players[0].discard == ["gold"] and game.state.trash == ["silver"]
    assert game.state.players[1].discard == ["copper"]
    assert sorted(game.state.players[2].discard) == ["copper", "estate"]


def test_moat_is_optional_and_blocks_only_for_its_revealer():
    game, log, _ = make_game(
        [{"hand": ["witch"], "deck": ["copper", "copper"]}, {"hand": ["moat"]}, {"hand": ["moat"]}],
        answers=[True, False],
    )
    play(game, "witch")
    assert game.state.players[1].discard == [] and game.state.players[1].hand == ["moat"]
    assert game.state.players[2].discard == ["curse"]
    assert len(game.state.players[0].hand) == 2
    assert [e.player for e in log.events if e.kind == "attack_blocked"] == [1]


# ------------------------------------------------------------------ deck manipulation
def test_library_draws_to_seven_setting_aside_chosen_actions():
    game, _, _ = make_game(
        [
            {
                "hand": ["library", "copper", "copper", "copper", "copper"],
                "deck": ["village", "smithy", "silver", "gold"],
            }
        ]
        + P2,
        answers=[True, False],
    )
    play(game, "library")
    p = game.state.players[0]
    assert p.hand == ["copper"] * 4 + ["smithy", "silver", "gold"] and p.discard == ["village"]
    assert p.set_aside == []


def test_library_draws_nothing_at_seven_cards():
    game, log, _ = make_game([{"hand": ["library"] + ["copper"] * 7, "deck": ["gold"]}] + P2)
    play(game, "library")
    assert "draw" not in kinds(log)


def test_adventurer_takes_two_treasures_and_discards_the_rest():
    game, _, _ = make_game(
        [{"hand": ["adventurer"], "deck": ["estate", "silver", "village", "copper", "gold"]}] + P2
    )
    play(game, "adventurer")
    p = game.state.players[0]
    assert p.hand == ["silver", "copper"] and p.discard == ["estate", "village"] and deck(game) == ["gold"]


def test_adventurer_stops_with_one_treasure_when_cards_run_out():
    game, _, _ = make_game(
        [{"hand": ["adventurer"], "deck": ["estate", "silver"], "discard": ["duchy"]}] + P2,
        shuffles=[["duchy"]],
    )
    play(game, "adventurer")
    p = game.state.players[0]
    assert p.hand == ["silver"] and sorted(p.discard) == ["duchy", "estate"] and p.deck == []


def test_harbinger_puts_a_card_from_the_discard_pile_on_the_deck():
    game, _, _ = make_game(
        [{"hand": ["harbinger"], "deck": ["copper"], "discard": ["gold", "estate"]}] + P2,
        edition="2e",
        answers=["gold"],
    )
    play(game, "harbinger")
    assert deck(game) == ["gold"] and game.state.players[0].discard == ["estate"] and game.state.actions == 1


def test_merchant_adds_a_coin_to_the_first_silver_only():
    game, _, _ = make_game(
        [{"hand": ["merchant", "merchant", "silver", "silver"], "deck": ["copper", "copper"]}] + P2,
        edition="2e",
        actions=2,
    )
    play(game, "merchant")
    play(game, "merchant")
    game.play_treasures(["silver", "silver", "copper"])
    assert game.state.coins == 2 + 2 + 2 + 1



def test_merchant_played_after_a_silver_gives_nothing_for_that_or_later_silvers():
    # ruling dominion/merchant#no-bonus-after-silver: the bonus is for the first Silver played
    # after Merchant; a Silver already in play uses it up
    game, _, _ = make_game(
        [{"hand": ["merchant", "silver", "silver"], "deck": ["copper"]}] + P2, edition="2e", actions=1
    )
    game.play_treasures(["silver"])
    play(game, "merchant")
    game.play_treasures(["silver"])
    assert game.state.coins == 2 + 2


def test_throne_room_on_merchant_gives_two_coins_with_the_first_silver():
    game, _, _ = make_game(
        [{"hand": ["throne-room", "merchant", "silver", "silver"], "deck": ["copper", "copper"]}] + P2,
        edition="2e",
        answers=["merchant"],
    )
    play(game, "throne-room")
    game.play_treasures(["silver", "silver"])
    assert game.state.coins == (2 + 2) + 2

def test_poacher_discards_one_card_per_empty_supply_pile():
    game, _, _ = make_game(
        [{"hand": ["poacher", "estate", "copper"], "deck": ["gold"]}] + P2,
        edition="2e",
        supply={"curse": 0, "estate": 0},
        answers=[["estate", "copper"]],
    )
    play(game, "poacher")
    assert game.state.players[0].hand == ["gold"] and game.state.coins == 1


def test_sentry_trashes_discards_and_orders_the_top_two():
    game, _, _ = make_game(
        [{"hand": ["sentry"], "deck": ["copper", "curse", "estate", "gold", "silver"]}] + P2,
        edition="2e",
        answers=[["curse"], ["estate"]],
    )
    play(game, "sentry")
    assert game.state.trash == ["curse"] and game.state.players[0].discard == ["estate"]
    assert deck(game) == ["gold", "silver"]
    game2, _, _ = make_game(
        [{"hand": ["sentry"], "deck": ["copper", "estate", "gold"]}] + P2,
        edition="2e",
        answers=[[], [], ["gold", "estate"]],
    )
    play(game2, "sentry")
    assert deck(game2) == ["gold", "estate"]


def test_vassal_discards_the_top_card_and_may_play_an_action_without_an_action():
    game, _, _ = make_game(
        [{"hand": ["vassal"], "deck": ["village", "copper"]}] + P2, edition="2e", answers=[True]
    )
    play(game, "vassal")
    st = game.state
    assert st.players[0].play == ["vassal", "village"] and st.actions == 2 and st.coins == 2
    assert st.players[0].hand == ["copper"]


def test_artisan_gains_to_hand_and_topdecks_a_card():
    game, _, _ = make_game(
        [{"hand": ["artisan", "estate"]}] + P2,
        edition="2e",
        kingdom=["artisan", "market"],
        answers=["market", "estate"],
    )
    play(game, "artisan")
    assert game.state.players[0].hand == ["market"] and deck(game) == ["estate"]
