"""Bots play through the decision interface: Big Money buys by its rule, the general bot plays every card."""

from collections import Counter

from engine.core import EventLog, Shuffler
from engine.dominion import Game, kingdom_cards, make_bot, new_game_state
from engine.dominion.simulate import simulate, solo_turns


def played_cards(edition, kingdom, seeds, players=3):
    played = Counter()
    for seed in seeds:
        shuffler = Shuffler(seed=seed)
        state = new_game_state([f"p{i}" for i in range(players)], edition, sorted(kingdom), shuffler)
        log = EventLog()
        game = Game(state, [make_bot("General", seed * 7 + i) for i in range(players)], shuffler, log)
        game.play_game(60)
        played.update(e.cards[0] for e in log.events if e.kind == "play")
    return played


def test_the_general_bot_plays_every_kingdom_card_of_both_editions():
    for edition in ("1e", "2e"):
        cards = kingdom_cards(edition)
        played = Counter()
        for i in range(3):
            group = cards[i::3]
            kingdom = (group + [c for c in cards if c not in group])[:10]
            played += played_cards(edition, kingdom, range(12))
        assert set(cards) - set(played) == {"gardens"}, edition  # Gardens is not an Action


def test_big_money_buys_only_money_and_provinces():
    shuffler = Shuffler(seed=5)
    state = new_game_state(["a", "b"], "1e", sorted(kingdom_cards("1e")[:10]), shuffler)
    log = EventLog()
    Game(state, [make_bot("BM"), make_bot("BM")], shuffler, log).play_game()
    bought = {e.cards[0] for e in log.events if e.kind == "buy"}
    assert bought <= {"province", "gold", "silver"}
    assert not any(e.kind == "play" and e.cards[0] in kingdom_cards("1e") for e in log.events)


def test_smithy_big_money_owns_at_most_two_smithies():
    for seed in range(20):
        shuffler = Shuffler(seed=seed)
        state = new_game_state(["a"], "1e", ["smithy"], shuffler)
        game = Game(state, [make_bot("SmithyBM")], shuffler)
        while state.players[0].turns < 25:
            game.take_turn()
        assert state.players[0].count("smithy") <= 2


def test_solo_turns_to_four_provinces_are_plausible_and_seeded():
    by_seed = {seed: solo_turns("BM", seed) for seed in range(1, 7)}
    assert all(10 <= turns <= 30 for turns in by_seed.values())
    assert len(set(by_seed.values())) > 1  # the seed decides the shuffles
    assert [solo_turns("BM", seed) for seed in by_seed] == list(by_seed.values())  # and replays them


def test_simulation_rotates_seats_and_counts_every_game():
    result = simulate(["BM", "SmithyBM"], games=10, seed=1, kingdom=None).to_dict()
    assert result["games"] == 10 and "smithy" in result["kingdom"]
    players = result["players"]
    # two players: every game has one winner or a tie shared by both
    assert players[0]["wins"] + players[1]["wins"] + players[0]["ties"] == 10
    assert players[0]["ties"] == players[1]["ties"]
    assert all(0 <= p["win_rate"] <= 1 for p in players)
