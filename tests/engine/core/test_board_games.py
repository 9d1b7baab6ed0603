"""The game objects: what the registry hands out, and that their facts are the engines' own."""

from __future__ import annotations

import json

import pytest

from engine.core.board_game import BoardGame
from engine.core.registry import UnknownGameError, browser_facts, game_module, game_names, games, get_game
from engine.sandbox import LIMITS, play
from engine.sandbox.errors import SandboxError

NAMES = game_names()


def test_the_registry_hands_out_one_object_per_game_in_display_order():
    assert NAMES == ("dominion", "citadels")
    assert all(isinstance(game, BoardGame) and game.name == name for name, game in games().items())
    assert get_game("citadels") is get_game("citadels")


@pytest.mark.parametrize("bad", ["chess", "", None, 3, "Dominion"])
def test_an_unknown_game_is_refused_naming_the_games(bad):
    with pytest.raises(UnknownGameError, match=r"is not one of \['citadels', 'dominion'\]"):
        get_game(bad)


@pytest.mark.parametrize("name", NAMES)
def test_the_object_knows_its_engine_module(name):
    module = game_module(name)
    assert callable(module.run) and callable(module.simulate)


@pytest.mark.parametrize("name", NAMES)
def test_the_browser_facts_are_json_and_say_what_the_scripts_read(name):
    facts = json.loads(json.dumps(browser_facts()[name]))
    assert facts["name"] == name
    assert set(facts["board"]) == {"turn", "piles", "pile_words"}
    assert facts["tools"]["setup"] in ("by_edition", "by_options")
    assert facts["tools"]["score"] in ("deck", "city")
    assert facts["editor"]["table"] in ("supply", "draft")
    assert facts["blank"]["game"] == name and facts["players"]["min"] <= len(facts["blank"]["players"])
    assert bool(facts["editions"]) == (facts["default_edition"] is not None)
    # a new sandbox player's name, for as many players as the sandbox seats
    assert len(facts["players"]["names"]) >= facts["players"]["max"]


@pytest.mark.parametrize("name", NAMES)
def test_the_blank_table_plays_and_the_editor_offers_what_the_engine_accepts(name):
    game = get_game(name)
    situation, answers = game.sandbox_blank()
    assert play(situation, answers, {}, LIMITS).game == name
    low, high = game.sandbox_players
    ninth = game.sandbox_editor.get("ninth") or [None]
    for n in range(low, high + 1):
        players = [dict(situation["players"][0], name=f"P{i}") for i in range(n)]
        tried = [{**situation, "players": players}]
        if ninth[0]:  # the editor asks for a rank-9 character where the count needs one
            tried.append({**tried[0], "setup": {**situation["setup"], "settings": {"ninth": ninth[0]}}})
        errors = []
        for each in tried:
            try:
                play(each, [], {}, LIMITS)
                break
            except SandboxError as exc:  # the editor offers this count: the engine must take it
                errors.append(str(exc))
        else:
            pytest.fail(f"{name} with {n} players: {errors}")
    with pytest.raises(SandboxError):
        play({**situation, "players": situation["players"] * (high + 1)}, [], {}, LIMITS)


@pytest.mark.parametrize(("entry", "expected"), [
    ("dominion/library", True), ("citadels/magician", True), ("citadels/museum", True),
    ("dominion/rules/setup", False), ("citadels/nothing", False), ("chess/king", False),
])
def test_a_cards_try_it_start_comes_from_its_game(entry, expected):
    game, _, slug = entry.partition("/")
    start = get_game(game).sandbox_for(slug) if game in NAMES else None
    assert (start is not None) is expected
    if start is not None:
        assert start[0]["game"] == game and play(start[0], start[1], {}, LIMITS).pending is not None
