"""Bugs other Dominion engines have had, which ours must not have (issue 4), plus seed rulings."""

from dominion_helpers import deck, make_game, play

from engine.dominion.supply import build_supply


def test_library_set_aside_cards_are_neither_lost_nor_reshuffled():
    game, log, _ = make_game(
        [
            {
                "hand": ["library", "copper", "copper"],
                "deck": ["smithy", "silver"],
                "discard": ["gold", "copper", "copper", "estate"],
            },
            {},
        ],
        answers=[True],
        shuffles=[["gold", "copper", "estate", "copper"]],
    )
    play(game, "library")
    p = game.state.players[0]
    shuffle = next(e for e in log.events if e.kind == "shuffle")
    assert "smithy" not in shuffle.cards  # set aside before the shuffle: not shuffled in
    assert p.hand == ["copper", "copper", "silver", "gold", "copper", "estate", "copper"]
    assert p.discard == ["smithy"] and p.set_aside == [] and p.deck == []  # discarded afterwards, not lost


def test_library_set_aside_card_comes_back_when_cards_run_out():
    game, _, _ = make_game([{"hand": ["library"], "deck": ["village", "copper"]}, {}], answers=[True])
    play(game, "library")
    p = game.state.players[0]
    assert p.hand == ["copper"] and p.discard == ["village"]


def test_witch_deals_scarce_curses_from_the_attackers_left_not_in_list_order():
    game, _, _ = make_game(
        [{}, {}, {"hand": ["witch"], "deck": ["copper", "copper"]}, {}], active=2, supply={"curse": 2}
    )
    play(game, "witch")
    assert [p.discard for p in game.state.players] == [["curse"], [], [], ["curse"]]


def test_gardens_pile_has_eight_cards_in_a_two_player_game_and_twelve_otherwise():
    assert build_supply(2, "1e", ["gardens"])["gardens"] == 8
    assert build_supply(3, "2e", ["gardens"])["gardens"] == 12
    assert build_supply(4, "1e", ["gardens"])["gardens"] == 12
    assert build_supply(2, "1e", ["smithy"])["smithy"] == 10


def test_feast_under_throne_room_gains_two_cards_but_is_trashed_once():
    game, log, _ = make_game(
        [{"hand": ["throne-room", "feast"]}, {}],
        kingdom=["feast", "market", "festival"],
        answers=["market", "festival"],
    )
    play(game, "throne-room")
    p = game.state.players[0]
    assert game.state.trash == ["feast"] and sorted(p.discard) == ["festival", "market"]
    assert p.play == ["throne-room"]


def test_adventurer_revealed_cards_are_not_shuffled_into_the_new_deck():
    game, log, _ = make_game(
        [{"hand": ["adventurer"], "deck": ["estate", "copper"], "discard": ["silver", "duchy"]}, {}],
        shuffles=[["duchy", "silver"]],
    )
    play(game, "adventurer")
    shuffle = next(e for e in log.events if e.kind == "shuffle")
    assert sorted(shuffle.cards) == ["duchy", "silver"]  # the revealed Estate stays out
    p = game.state.players[0]
    assert p.hand == ["copper", "silver"] and sorted(p.discard) == ["duchy", "estate"]


def test_thief_on_a_one_card_deck_reveals_it_then_shuffles_without_it():
    game, log, _ = make_game(
        [{"hand": ["thief"]}, {"deck": ["silver"], "discard": ["gold", "estate"]}],
        shuffles=[["estate", "gold"]],
        answers=[[]],
    )  # Silver is the only Treasure: no choice
    play(game, "thief")
    shuffle = next(e for e in log.events if e.kind == "shuffle")
    assert sorted(shuffle.cards) == ["estate", "gold"]
    assert game.state.trash == ["silver"] and game.state.players[1].discard == ["estate"]
    assert deck(game, 1) == ["gold"]


def test_thief_with_an_empty_deck_shuffles_and_reveals_two():
    game, _, _ = make_game(
        [{"hand": ["thief"]}, {"discard": ["copper", "estate", "duchy"]}],
        shuffles=[["copper", "estate", "duchy"]],
        answers=[["copper"]],
    )
    play(game, "thief")
    assert game.state.players[0].discard == ["copper"] and deck(game, 1) == ["duchy"]


def test_spy_with_no_cards_anywhere_reveals_nothing():
    game, log, _ = make_game([{"hand": ["spy"], "deck": ["copper", "estate"]}, {}], answers=[False])
    play(game, "spy")
    empty = [e for e in log.events if e.kind == "reveal" and e.player == 1]
    assert empty and empty[0].data.get("empty")


def test_bureaucrat_silver_is_the_only_card_of_an_empty_deck():
    game, _, _ = make_game([{"hand": ["bureaucrat"], "discard": ["copper"]}, {"hand": ["estate"]}])
    play(game, "bureaucrat")
    assert deck(game, 0) == ["silver"] and deck(game, 1) == ["estate"]
    assert game.state.players[0].discard == ["copper"]  # no shuffle just because the deck was empty


def test_throne_room_finishes_the_first_play_before_the_second():
    game, log, _ = make_game(
        [{"hand": ["throne-room", "cellar", "estate", "estate"], "deck": ["gold", "silver"]}, {}],
        answers=[["estate"], ["estate"]],
    )  # Cellar is the only Action: no choice
    play(game, "throne-room")
    seq = [(e.kind, tuple(e.cards)) for e in log.events if e.kind in ("discard", "draw")]
    assert seq == [
        ("discard", ("estate",)),
        ("draw", ("gold",)),
        ("discard", ("estate",)),
        ("draw", ("silver",)),
    ]


def test_moat_holder_can_still_be_hit_when_choosing_not_to_reveal():
    game, _, _ = make_game(
        [{"hand": ["militia"]}, {"hand": ["moat", "copper", "copper", "estate"]}], answers=[False, ["estate"]]
    )
    play(game, "militia")
    assert game.state.players[1].hand == ["moat", "copper", "copper"]


def test_moat_is_revealed_when_the_attack_is_played_before_it_resolves():
    game, log, _ = make_game(
        [{"hand": ["witch"], "deck": ["copper", "copper"]}, {"hand": ["moat"]}], answers=[True]
    )
    play(game, "witch")
    order = [(e.kind, e.player) for e in log.events if e.kind in ("reveal", "draw")]
    assert order == [("reveal", 1), ("draw", 0)]


def test_throne_room_on_an_attack_lets_moat_be_revealed_for_each_play():
    game, log, _ = make_game(
        [{"hand": ["throne-room", "militia"]}, {"hand": ["moat", "copper", "copper", "estate", "estate"]}],
        answers=[True, False, ["estate", "estate"]],
    )
    play(game, "throne-room")
    assert game.state.players[1].hand == ["moat", "copper", "copper"]
    assert [e.kind for e in log.events].count("attack_blocked") == 1 and game.state.coins == 4


def test_throne_room_on_library_second_play_draws_nothing_at_seven():
    game, log, _ = make_game(
        [{"hand": ["throne-room", "library"], "deck": ["copper"] * 9}, {}],
    )
    play(game, "throne-room")
    assert len(game.state.players[0].hand) == 7 and len(game.state.players[0].deck) == 2
    assert [e.data.get("time") for e in log.events if e.kind == "resolve"] == [1, 2]


def test_vassal_can_play_a_discarded_throne_room_which_then_doubles_a_card_from_hand():
    game, _, _ = make_game(
        [{"hand": ["vassal", "village"], "deck": ["throne-room", "copper", "copper"]}, {}],
        edition="2e",
        answers=[True, "village"],  # play the discarded Throne Room; 2e asks even with one choice
    )
    play(game, "vassal")
    st = game.state
    assert st.players[0].play == ["vassal", "throne-room", "village"]
    assert st.actions == 4 and st.coins == 2 and st.players[0].hand == ["copper", "copper"]


def test_second_throne_room_play_of_an_attack_hits_again():
    game, _, _ = make_game(
        [{"hand": ["throne-room", "witch"], "deck": ["copper"] * 4}, {}, {}],
        supply={"curse": 3},
    )
    play(game, "throne-room")
    assert game.state.players[1].discard == ["curse", "curse"]
    assert game.state.players[2].discard == ["curse"] and game.state.supply["curse"] == 0
