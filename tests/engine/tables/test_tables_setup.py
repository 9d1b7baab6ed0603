"""Set-up figures equal the engines' own set-up for every game x edition x player count, and
every line cites a ruling that exists."""

from __future__ import annotations

from collections import Counter

import pytest

from corpus.model import load_dataset
from engine.citadels.draft import draft_layout
from engine.citadels.game import CitadelsGame, new_state
from engine.citadels.settings import SettingsError, make_settings
from engine.core.events import NullLog
from engine.core.rng import Shuffler
from engine.dominion import SetupError, build_supply, new_game_state
from engine.dominion.cards import EDITIONS, kingdom_cards
from engine.tables import SetupRequestError, citadels_setup, dominion_setup, export_tables, setup_options
from engine.tables.setup import NINTH, _NoDecisions, citadels_key

TABLES = export_tables()


def engine_dominion_players() -> list[int]:
    ok = []
    for n in range(2, 7):
        try:
            build_supply(n, "1e", [])
        except SetupError:
            continue
        ok.append(n)
    return ok


def test_player_counts_are_the_ones_the_engines_accept():
    assert list(setup_options().dominion_players) == engine_dominion_players() == [2, 3, 4]
    engine_citadels = []
    for n in range(2, 9):
        for ninth in NINTH:
            try:
                make_settings(n, ninth=ninth)
            except SettingsError:
                continue
            engine_citadels.append(n)
            break
    assert list(setup_options().citadels_players) == engine_citadels


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_dominion_setup_equals_the_engine_deal(edition, players):
    exported = TABLES["setup"]["dominion"]["setups"][edition][str(players)]
    state = new_game_state([f"P{i}" for i in range(players)], edition, [], Shuffler(7))
    piles = {line["card"]: line["count"] for line in exported["lines"] if line["key"] == "pile"}
    assert piles == state.supply
    deck = next(line for line in exported["lines"] if line["key"] == "start_deck")["cards"]
    for p in state.players:
        assert Counter(p.deck + p.hand) == Counter(deck)
        hand = next(line for line in exported["lines"] if line["key"] == "start_hand")["count"]
        assert len(p.hand) == hand
    # the box figures a player checks: Curses 10/20/30, Victory piles 8/12, Copper after dealing
    assert piles["curse"] == {2: 10, 3: 20, 4: 30}[players]
    assert piles["estate"] == piles["duchy"] == piles["province"] == (8 if players == 2 else 12)
    copper = next(line for line in exported["lines"] if line["key"] == "pile")
    assert copper["card"] == "copper" and copper["count"] + copper["dealt"] == 60
    full = build_supply(players, edition, kingdom_cards(edition))
    assert exported["kingdom_piles"] == {s: full[s] for s in kingdom_cards(edition)}
    assert exported["kingdom_piles"]["gardens"] == piles["province"]


def test_a_chosen_kingdom_gets_its_piles_gardens_as_a_victory_pile():
    s = dominion_setup(2, "1e", ["witch", "gardens", "village"])
    piles = {line["card"]: line["count"] for line in s["lines"] if line["key"] == "kingdom_pile"}
    assert piles == {"witch": 10, "gardens": 8, "village": 10}
    with pytest.raises(SetupRequestError, match="artisan"):
        dominion_setup(3, "1e", ["artisan"])
    with pytest.raises(SetupRequestError, match="players"):
        dominion_setup(5, "2e")


def citadels_combinations():
    for n in setup_options().citadels_players:
        for ninth in NINTH:
            for short in (False, True):
                try:
                    make_settings(n, ninth=ninth, short_game=short)
                except SettingsError:
                    continue
                yield n, ninth, short


@pytest.mark.parametrize(("players", "ninth", "short"), list(citadels_combinations()))
def test_citadels_setup_equals_the_engine(players, ninth, short):
    exported = TABLES["setup"]["citadels"]["setups"][citadels_key(players, ninth, short)]
    settings = make_settings(players, ninth=ninth, short_game=short)
    state = new_state(settings, [f"P{i}" for i in range(players)])
    CitadelsGame(state, _NoDecisions(), Shuffler(3), NullLog()).setup()
    lines = {line["key"]: line for line in exported["lines"]}
    assert lines["characters"]["cards"] == list(settings.characters)
    assert lines["start"]["gold"] == state.players[-1].gold and lines["start"]["cards"] == len(
        state.players[-1].hand
    )
    assert lines["bank"]["count"] == state.bank and lines["deck"]["count"] == len(state.deck)
    assert lines["end"]["count"] == settings.end_districts
    each = settings.characters_each
    layout = draft_layout(players, len(settings.characters), each)
    if layout.two_player:
        assert "two_player" in lines and "set_aside" not in lines
    else:
        assert (lines["set_aside"]["face_up"], lines["set_aside"]["face_down"]) == (
            layout.face_up,
            layout.face_down,
        )
        assert ("seven_player" in lines) == layout.seven_player_rule
        # the pool the crown holder picks from: one more than the players, unless the 7-player rule applies
        picks = players * each
        assert lines["pool"]["count"] == (picks if layout.seven_player_rule else picks + 1)


def test_citadels_player_count_rules_a_player_expects():
    three = {line["key"]: line for line in citadels_setup(3)["lines"]}  # two characters each
    assert "removed" not in three and three["end"]["count"] == 8
    assert (three["set_aside"]["face_up"], three["set_aside"]["face_down"]) == (0, 1)
    assert three["pool"]["count"] == 7  # round the table twice, the last card face down
    five = {line["key"]: line for line in citadels_setup(5)["lines"]}
    assert (five["set_aside"]["face_up"], five["set_aside"]["face_down"]) == (1, 1)
    seven = {line["key"]: line for line in citadels_setup(7)["lines"]}
    assert "seven_player" in seven and seven["set_aside"]["face_up"] == 0
    short = {line["key"]: line for line in citadels_setup(4, short_game=True)["lines"]}
    assert short["end"]["count"] == 7
    assert not short["bell_tower"]["active"]  # the Bell Tower does not shorten the short game by default
    two = {line["key"]: line for line in citadels_setup(2)["lines"]}
    assert [s["action"] for s in two["two_player"]["steps"]].count("pick") == 4
    with pytest.raises(SetupRequestError, match="players"):
        citadels_setup(1)


def test_every_set_up_line_and_kind_of_point_cites_an_existing_entry_and_ruling():
    entries = {e.id: e for e in load_dataset().entries}
    cites = set()
    for by_players in TABLES["setup"]["dominion"]["setups"].values():
        for s in by_players.values():
            cites |= {line[k] for line in s["lines"] for k in ("cite", "cite_victory") if k in line}
    for s in TABLES["setup"]["citadels"]["setups"].values():
        cites |= {line["cite"] for line in s["lines"]}
    cites |= set(TABLES["dominion_score"]["cites"].values()) | set(TABLES["citadels_score"]["cites"].values())
    assert len(cites) > 15
    for cite in cites:
        entry_id, _, ruling = cite.partition("#")
        assert entry_id in entries, cite
        if ruling:
            assert ruling in {r.id for r in entries[entry_id].rulings}, cite


DARK_CITY_ADDED = ("imperial-treasury", "map-room", "park", "throne-room", "factory", "lighthouse",
                   "ball-room", "armory")  # the Powderhouse is the Armory under another name


def test_citadels_setup_lists_the_expansion_districts_the_engine_lets_a_table_add():
    """Every set-up names the expansion districts that may be shuffled in (the eight Dark City
    districts among them), and as many as it says go in without taking cards out."""
    for s in TABLES["setup"]["citadels"]["setups"].values():
        line = {ln["key"]: ln for ln in s["lines"]}["districts"]
        assert set(DARK_CITY_ADDED) <= set(line["cards"])
        table = {"ninth": s["ninth"], "short_game": s["short_game"]}
        for slug in line["cards"]:
            make_settings(s["players"], extra_districts=[slug], **table)  # the engine accepts each one
        make_settings(s["players"], extra_districts=line["cards"][: line["count"]], **table)
        with pytest.raises(SettingsError, match="removed_districts"):
            make_settings(s["players"], extra_districts=line["cards"][: line["count"] + 1], **table)
