"""The server-drawn board (no JavaScript): the step where the ruling happens, cards grouped."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from refapp_fakes import FIXTURES

from refapp.board import board_at, ruling_index

RUN = json.loads((FIXTURES / "scenarios.json").read_text(encoding="utf-8"))["runs"][0]
RUN = {
    **RUN,
    "names": {
        "library": {"en": "Library", "zh-Hans": "图书馆", "zh-Hant": "圖書館"},
        "copper": {"en": "Copper", "zh-Hans": "铜币", "zh-Hant": "銅幣"},
    },
    "card_types": {"copper": ["treasure"]},
}


def test_ruling_index_is_the_first_highlighted_step():
    assert ruling_index(RUN) == 7
    assert ruling_index({**RUN, "highlight": []}) == 0


def test_board_groups_cards_hides_the_deck_and_names_cards_in_the_script():
    board = board_at(RUN, 7, "zh-Hant", {"zone.hand": "手牌", "zone.trash": "垃圾牌堆"})
    assert board.step == 8 and board.total == 9 and board.highlighted
    alice = board.players[0]
    hand = next(z for z in alice.zones if z.zone == "hand")
    assert ("銅幣", 3, ("treasure",)) in [(s.name, s.count, s.types) for s in hand.stacks]
    assert next(z for z in alice.zones if z.zone == "deck").stacks == []  # face down: size only
    assert [z.zone for z in alice.zones][:3] == ["deck", "hand", "play"]
    assert ("actions", 0) in alice.counters and alice.active
    assert [(z.zone, z.label) for z in board.shared] == [("trash", "垃圾牌堆")]
    assert hand.label == "手牌" and next(z for z in alice.zones if z.zone == "set_aside").label == "set aside"
    assert any(p.slug == "copper" and p.count == 46 for p in board.piles)


@given(st.integers(min_value=-50, max_value=50))
def test_any_step_number_gives_a_board_inside_the_run(i):
    board = board_at(RUN, i, "en", {})
    assert 1 <= board.step <= board.total == len(RUN["events"])


def test_no_js_player_page_draws_the_board_at_the_ruling_step(client):
    page = client.get("/scenarios/dominion/library-set-aside", headers={"Accept-Language": "en"}).get_data(
        as_text=True
    )
    static = page[page.index("<noscript>") : page.index("</noscript>")]
    assert "Step 8 of 9" in static and "The ruling happens here" in static
    assert "Library" in static and "Alice" in static and "Bob" in static


def test_the_crown_is_held_not_counted():
    snap = RUN["snapshots"][0]
    king = {**snap["players"][0], "counters": {"gold": 2, "crown": 1}}
    crowned = {**snap, "players": [king] + snap["players"][1:]}
    run = {**RUN, "snapshots": [crowned] * len(RUN["events"])}
    board = board_at(run, 0, "en", {})
    assert board.players[0].flags == ("crown",)
    assert "crown" not in dict(board.players[0].counters)  # never "Crown 1"
    assert board.players[1].flags == ()


@pytest.mark.parametrize(
    ("lang", "alice", "bob"), [("zh-Hans", "爱丽丝", "鲍勃"), ("zh-Hant", "愛麗絲", "鮑伯")]
)
def test_a_chinese_reader_reads_the_players_names_as_chinese_writes_them(client, lang, alice, bob):
    """The rulebooks' examples write a player's name in Chinese (泰勒 for Taylor); so do the board,
    the narration and the scenario's text, each script in its own characters."""
    page = client.get("/scenarios/dominion/library-set-aside", headers={"Accept-Language": lang}).get_data(
        as_text=True
    )
    static = page[page.index("<noscript>") : page.index("</noscript>")]
    assert alice in static and bob in static
    assert "Alice" not in static and "Bob" not in static
