"""Property tests over random bot games: nothing is created or lost, and a seed replays a game."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.citadels import definitions as d
from engine.citadels.settings import make_settings
from engine.citadels.simulate import play_bot_game
from engine.core.events import EventLog

EXPANSION_CHARACTERS = [d.RANKS[r][1] for r in range(1, 9)]

@st.composite
def game_settings(draw):
    """Any legal table: 2-8 players (8 need the rank-9 character; the Queen needs 5+), either
    three-player variant, any expansion characters and districts."""
    players = draw(st.integers(2, 8))
    ninths = [None] if players == 2 else ["artist"] if players == 8 else [None, "artist"]
    if players >= d.QUEEN_MIN_PLAYERS:
        ninths.append("queen")
    extra = draw(st.lists(st.sampled_from(list(d.EXPANSION_DISTRICTS)), unique=True))
    return make_settings(
        players,
        replace=draw(
            st.lists(st.sampled_from(EXPANSION_CHARACTERS), unique_by=lambda s: d.character(s).rank)
        ),
        ninth=draw(st.sampled_from(ninths)),
        short_game=draw(st.booleans()),
        extra_districts=extra,
        removed_districts=d.base_deck()[: max(0, len(extra) - 3)],
        three_player=draw(st.sampled_from(d.THREE_PLAYER_VARIANTS)),
    )


def check_invariants(s, event) -> None:
    kind = event.kind
    assert s.district_count() == s.total_districts, f"district cards not conserved after {kind}"
    assert s.gold_count() == s.total_gold, f"gold not conserved after {kind}: {s.gold_count()}"
    assert s.bank >= 0 and all(p.gold >= 0 for p in s.players), f"negative gold after {kind}"
    held = [c for p in s.players for c in p.characters]
    assert len(held) == len(set(held)), f"a character is held twice after {kind}"


def play_checked(settings_, seed):
    log = EventLog(keep_snapshots=False)
    game, record = play_bot_game(settings_, seed, log=log, watch=check_invariants)
    return game, record, log


@settings(max_examples=60, deadline=None)
@given(game_settings(), st.integers(0, 2**31))
def test_gold_and_districts_are_conserved_after_every_event(settings_, seed):
    game, record, log = play_checked(settings_, seed)
    assert len(log.events) > 10
    assert record.rounds >= 1 and len(record.scores) == settings_.players
    assert not record.capped


@settings(max_examples=20, deadline=None)
@given(game_settings(), st.integers(0, 2**31))
def test_a_seed_replays_the_same_game(settings_, seed):
    first_log, second_log = EventLog(keep_snapshots=False), EventLog(keep_snapshots=False)
    _, first = play_bot_game(settings_, seed, log=first_log)
    _, second = play_bot_game(settings_, seed, log=second_log)
    assert first == second
    assert [e.to_dict() for e in first_log.events] == [e.to_dict() for e in second_log.events]


def test_someone_completes_a_city_in_every_finished_game():
    settings_ = make_settings(5)
    game, record, _ = play_checked(settings_, 7)
    first = [p for p in game.state.players if p.completed == "first"]
    assert len(first) == 1
    assert len(first[0].city) >= settings_.end_districts


def test_bots_use_every_character_and_purple_ability():
    """The general bot plays every character and purple district, so simulations exercise them all."""
    expansion = [d.RANKS[r][1] for r in range(1, 9)]
    tables = (
        make_settings(5, ninth="queen", extra_districts=["armory", "museum", "quarry"]),
        make_settings(
            5,
            replace=expansion,
            ninth="artist",
            extra_districts=["poor-house", "hospital", "bell-tower", "wishing-well"],
            removed_districts=["temple"],
        ),
    )
    kinds: set[str] = set()
    for seed in range(12):
        for table in tables:
            log = EventLog(keep_snapshots=False)
            play_bot_game(table, seed, log=log)
            kinds.update(e.kind for e in log.events)
    abilities = {
        "assassinate",
        "rob",
        "magic_exchange",
        "magic_discard",
        "destroy",
        "bewitch",
        "witch_takes_over",
        "tax",
        "wizard_take",
        "crown_payment",
        "abbot",
        "alchemist_refund",
        "navigate",
        "exchange",
        "queen",
        "beautify",
        "merchant_bonus",
        "architect_draw",
        "laboratory",
        "smithy",
        "museum",
        "armory",
        "poor_house",
        "bell_tower",
    }
    assert abilities - kinds == set()


def test_every_event_of_a_game_is_narrated_in_three_scripts_without_gaps():
    from engine.citadels.narration import EVENTS, narrate

    table = make_settings(
        6, replace=["witch", "tax-collector", "emperor"], ninth="queen", extra_districts=["museum", "armory"]
    )
    players = [f"P{i}" for i in range(6)]
    names = {"witch": {"en": "Witch", "zh-Hans": "女巫", "zh-Hant": "女巫"}}
    for seed in range(4):
        log = EventLog(narrate=lambda e: narrate(e, names, players), keep_snapshots=False)
        play_bot_game(table, seed, log=log)
        for event in log.events:
            assert event.kind in EVENTS, event.kind
            for lang in ("en", "zh-Hans", "zh-Hant"):
                assert event.say[lang] and "?" not in event.say[lang] and "{" not in event.say[lang], (
                    event.kind,
                    lang,
                    event.say[lang],
                )


def test_bots_play_the_dark_city_districts_added_later():
    """Games with the Lighthouse, Throne Room, Factory, Park, Imperial Treasury and Map Room end,
    and the Lighthouse and the Throne Room act in them."""
    table = make_settings(
        5,
        replace=["emperor"],
        extra_districts=["lighthouse", "throne-room", "factory", "park", "imperial-treasury", "map-room"],
        removed_districts=["temple", "tavern", "watchtower"],
    )
    kinds: set[str] = set()
    for seed in range(6):
        log = EventLog(keep_snapshots=False)
        play_bot_game(table, seed, log=log)
        kinds.update(e.kind for e in log.events)
        assert log.events[-1].kind == "game_end"
    assert {"lighthouse", "throne_room"} <= kinds


def test_bots_thank_the_ball_room_owner_and_lose_no_turn():
    """With the Ball Room in the deck, bots asked to thank the crown's holder always do, so no
    turn is lost to it, and the games still end."""
    table = make_settings(4, extra_districts=["ball-room"])
    asked = 0
    for seed in range(8):
        log = EventLog(keep_snapshots=False)
        play_bot_game(table, seed, log=log)
        assert log.events[-1].kind == "game_end"
        assert not [e for e in log.events if e.kind == "ball_room_forgot"]
        asked += sum(1 for e in log.events if e.kind == "decision"
                     and e.data["decision"]["context"].get("purpose") == "thanks")
    assert asked > 0
