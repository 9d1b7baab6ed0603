"""Rules facts as pure functions: the draft table, settings, the deck, scoring, simulate."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from engine.citadels import definitions as d
from engine.citadels import simulate
from engine.citadels.draft import draft_layout
from engine.citadels.scoring import score_player, winners
from engine.citadels.settings import SettingsError, make_settings
from engine.citadels.state import Built, PlayerState


@pytest.mark.parametrize(
    "players, face_up, face_down", [(3, 2, 1), (4, 2, 1), (5, 1, 1), (6, 0, 1), (7, 0, 1)]
)
def test_draft_layout_is_the_seed_table(players, face_up, face_down):
    characters = len(make_settings(players, three_player="one-character").characters)
    layout = draft_layout(players, characters)
    assert (layout.face_up, layout.face_down) == (face_up, face_down) == d.SET_ASIDE[players]
    assert layout.seven_player_rule == (players == 7)


@given(
    st.integers(3, 8), st.sampled_from([None, "queen", "artist"]), st.sampled_from(d.THREE_PLAYER_VARIANTS)
)
def test_every_player_gets_a_character_to_choose(players, ninth, variant):
    assume(not (players == 8 and ninth is None) and not (ninth == "queen" and players < 5))
    settings_ = make_settings(players, ninth=ninth, three_player=variant)
    n, picks = len(settings_.characters), players * settings_.characters_each
    layout = draft_layout(players, n, settings_.characters_each)
    pool = n - layout.face_up - layout.face_down  # the cards passed round the table
    if layout.seven_player_rule:  # the last player also gets the face-down card to choose from
        assert pool == picks
    else:
        assert pool >= picks + 1


def test_base_deck_has_66_cards_in_the_seeds_colours():
    deck = d.base_deck()
    assert len(deck) == 66
    by_colour = {c: sum(1 for s in deck if d.district(s).colour == c) for c in d.COLOURS}
    assert by_colour == {"religious": 11, "military": 11, "noble": 12, "trade": 20, "special": 12}


def test_three_players_one_character_each_remove_the_rank_one_character():
    variant = {"three_player": "one-character"}
    assert "assassin" not in make_settings(3, **variant).characters
    assert "witch" not in make_settings(3, replace=["witch"], **variant).characters
    assert make_settings(3, **variant).end_districts == 10


def test_end_sizes_by_variant():
    assert make_settings(4).end_districts == 8
    assert make_settings(4, short_game=True).end_districts == 7
    assert make_settings(2).end_districts == 10


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players": 8}, "players"),
        ({"players": 4, "replace": ["witch", "witch"]}, "replaced twice"),
        ({"players": 4, "replace": ["queen"]}, "ninth"),
        ({"players": 2, "ninth": "queen"}, "two-player"),
        ({"players": 4, "extra_districts": ["temple"]}, "base deck"),
        ({"players": 4, "extra_districts": ["armory", "museum", "quarry", "hospital"]}, "removed"),
        ({"players": 4, "replace": ["nobody"]}, "not a Citadels character"),
    ],
)
def test_bad_settings_say_what_is_wrong(kwargs, message):
    with pytest.raises(SettingsError, match=message):
        make_settings(**kwargs)


def city(*slugs, round_built=1):
    return PlayerState(name="x", city=[Built(s, round_built) for s in slugs])


def test_five_colours_and_first_completion():
    p = city("manor", "temple", "tavern", "watchtower", "library", "castle", "palace", "church")
    p.completed = "first"
    s = score_player(p, last_round=5)
    assert (s.districts, s.colours, s.completion, s.total) == (23, 3, 4, 30)


def test_haunted_city_fills_only_a_single_missing_colour():
    two_missing = score_player(city("haunted-city", "manor", "temple"), last_round=5)
    assert two_missing.colours == 0 and two_missing.haunted_as is None


def test_ties_go_to_district_points_then_gold_then_are_shared():
    # 2010 official FAQ: most points from districts alone, then most gold
    assert winners([20, 27, 27, 3], [20, 23, 24, 3], [0, 5, 0, 0]) == [2]
    assert winners([20, 27, 27, 3], [20, 23, 23, 3], [0, 5, 2, 0]) == [1]
    assert winners([20, 27, 27, 3], [20, 23, 23, 3], [0, 2, 2, 9]) == [1, 2]
    assert winners([27, 27]) == [0, 1]  # nothing to tell them apart


def test_simulate_prints_distribution_and_average_rounds():
    result = simulate(5, 3, 11)
    text = result.summary()
    assert "average rounds" in text and "winner's score distribution" in text
    assert len(result.records) == 3 and result.average_rounds > 0


def test_simulate_rejects_bad_counts():
    with pytest.raises(SettingsError):
        simulate(9, 3, 1)
    with pytest.raises(SettingsError):
        simulate(4, 0, 1)


def test_a_game_cut_short_is_scored_as_it_stands_and_marked_capped():
    from engine.citadels.bots import BotTable, CitadelsBot
    from engine.citadels.game import CitadelsGame, new_state
    from engine.core.events import NullLog
    from engine.core.rng import Shuffler

    settings = make_settings(4)
    state = new_state(settings, ["a", "b", "c", "d"])
    game = CitadelsGame(state, BotTable([CitadelsBot(i) for i in range(4)]), Shuffler(5), NullLog())
    game.setup()
    result = game.play("draft", max_rounds=2)
    assert result["capped"] and result["rounds"] == 2
    assert result["scores"] == [score_player(p, 2).total for p in state.players]


@given(st.integers(2, 7), st.integers(0, 10_000))
def test_the_draw_for_the_crown_goes_to_the_dearest_card_and_returns_every_card(players, seed):
    from engine.citadels.bots import BotTable, CitadelsBot
    from engine.citadels.game import CitadelsGame, new_state
    from engine.core.events import EventLog
    from engine.core.rng import Shuffler

    state = new_state(make_settings(players), [f"p{i}" for i in range(players)])
    log = EventLog(keep_snapshots=False)
    game = CitadelsGame(state, BotTable([CitadelsBot(i) for i in range(players)]), Shuffler(seed), log)
    game.setup(crown_by_draw=True)
    rounds: list[dict[int, int]] = [{}]
    for e in log.events:
        if e.kind == "crown_draw":
            if e.player in rounds[-1]:
                rounds.append({})
            rounds[-1][e.player] = e.data["cost"]
    final = rounds[-1]
    assert final[state.crown] == max(final.values())
    assert all(
        set(later) <= {s for s, c in earlier.items() if c == max(earlier.values())}
        for earlier, later in zip(rounds, rounds[1:], strict=False)
    )
    assert state.district_count() == 66 and len(state.deck) == 66 - 4 * players


def test_no_seat_is_favoured_in_bot_games():
    """Bots break ties at random, so over many games every seat wins about as often."""
    result = simulate(5, 400, 3)
    shares = {seat: wins / sum(result.wins_by_seat.values()) for seat, wins in result.wins_by_seat.items()}
    assert set(shares) == set(range(5))
    assert all(0.13 <= share <= 0.27 for share in shares.values()), shares


@pytest.mark.parametrize("players", [3, 4])
def test_the_queen_needs_five_players(players):
    with pytest.raises(SettingsError, match="Queen is used with 5 or more players"):
        make_settings(players, ninth="queen")
    assert "queen" in make_settings(5, ninth="queen").characters
    assert "artist" in make_settings(players, ninth="artist").characters


def test_eight_players_need_the_rank_nine_character():
    with pytest.raises(SettingsError, match="eight players need the rank-9 character"):
        make_settings(8)
    layout = draft_layout(8, len(make_settings(8, ninth="artist").characters))
    assert (layout.face_up, layout.face_down, layout.seven_player_rule) == (0, 1, True)


def test_three_player_variants():
    seed = make_settings(3, three_player="one-character")
    published = make_settings(3)  # the classic rulebook's set-up is the default
    assert (seed.characters_each, seed.end_districts, "assassin" in seed.characters) == (1, 10, False)
    assert (published.characters_each, published.end_districts, len(published.characters)) == (2, 8, 8)
    with pytest.raises(SettingsError, match="three_player"):
        make_settings(3, three_player="both")


def test_poor_house_costs_five_as_on_the_classic_card():
    assert d.district("poor-house").cost == 5


def test_the_seventh_player_chooses_between_the_last_card_and_the_face_down_one():
    from engine.citadels.simulate import play_bot_game
    from engine.core.events import EventLog

    log = EventLog()
    play_bot_game(make_settings(7), 3, log=log)
    events = [e.to_dict() for e in log.events]
    first_round = events[: next(i for i, e in enumerate(events) if e["kind"] == "call")]
    drafts = [e["data"]["decision"] for e in first_round if e["kind"] == "decision"]
    taken = next(i for i, e in enumerate(first_round) if e["kind"] == "take_face_down")
    assert len(drafts) == 7
    assert [len(d["options"]) for d in drafts][-2:] == [2, 2]  # one card left, plus the face-down one
    assert first_round[taken + 1]["player"] == drafts[-1]["player"]
    picked = {e["cards"][0] for e in first_round if e["kind"] == "pick"}
    assert len(picked) == 7  # every player got a different character
