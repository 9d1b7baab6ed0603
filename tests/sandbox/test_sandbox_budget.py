"""The work budget of one replay: counted (events, boards, shuffled cards), never timed, so the
same request always stops at the same place; the wall clock is only a safety net."""

from __future__ import annotations

import pytest
from sandbox_helpers import empty_dominion

from engine import sandbox
from engine.sandbox.replay import Budget


def big_money(stop: object = 100, cards: str = "silver") -> dict:
    """Four Big Money bots with five zones of 60 cards each (the issue's probe)."""
    zones = {z: [cards] * 60 for z in ("hand", "deck", "discard", "play", "set_aside")}
    return {"game": "dominion", "players": [{"name": f"P{i}", "zones": dict(zones)} for i in range(4)],
            "supply": {s: 60 for s in ("copper", "silver", "gold", "estate", "duchy", "province")},
            "setup": {"stop": stop, "bots": {str(i): "BM" for i in range(4)}}}


def refusal(situation: dict, answers: list, limits: sandbox.Limits, boards=sandbox.ALL_BOARDS) -> tuple:
    with pytest.raises(sandbox.OverBudget) as caught:
        sandbox.play(situation, answers, {}, limits, boards)
    return caught.value.limit, caught.value.field, str(caught.value)


def test_the_event_budget_stops_a_long_replay_at_the_same_place_every_time():
    tight = sandbox.Limits(events=20)
    first = refusal(big_money(), [], tight)
    assert first[:2] == ("events", "limits.events")
    assert "20 events" in first[2]
    assert all(refusal(big_money(), [], tight) == first for _ in range(5))


def test_the_board_budget_counts_the_cards_on_every_board_kept():
    # the probe: about 1,200 events with 1,200 cards on each board; only the last board fits
    limit, field, message = refusal(big_money(), [], sandbox.LIMITS)
    assert (limit, field) == ("boards", "limits.boards")
    assert "60,000 cards" in message and "snapshots" in message
    run = sandbox.play(big_money(), [], {}, boards=sandbox.Boards(last=True))
    assert run.finished and len(run.snapshots) == 1 and run.snapshot_seqs == [len(run.events) - 1]


def test_the_shuffle_budget_counts_the_cards_shuffled():
    limit, field, _message = refusal(big_money(), [], sandbox.Limits(shuffled_cards=500),
                                     sandbox.Boards(last=True))
    assert (limit, field) == ("shuffles", "limits.shuffles")


def test_without_money_the_game_goes_on_until_the_event_budget():
    endless = big_money("game", cards="estate")
    endless["setup"]["max_turns"] = 200
    limit, _field, _message = refusal(endless, [], sandbox.LIMITS, sandbox.Boards(last=True))
    assert limit == "events"


def test_the_wall_clock_is_a_safety_net_that_says_try_again():
    now = [100.0]  # a clock the test moves
    budget = Budget(max_events=100, max_board_cards=100, max_shuffled=100, wall_seconds=5.0,
                    clock=lambda: now[0])
    now[0] = 104.9
    budget.check(3)  # within 5 seconds
    now[0] = 105.1
    with pytest.raises(sandbox.TooSlow):
        budget.check(4)
    assert not isinstance(sandbox.TooSlow("x"), sandbox.SandboxError)  # not the client's error


def test_boards_kept_only_where_asked_are_the_boards_of_the_full_replay():
    situation = empty_dominion(alice=["throne-room", "feast", "copper"], bob=["silver"])
    situation["setup"] = {"stop": 2, "bots": {"1": "BM"}}
    answers = ["throne-room", "silver", "duchy", ["copper"], ["copper"]]
    whole = sandbox.play(situation, answers, {})
    assert whole.snapshot_seqs == list(range(len(whole.events)))
    last = sandbox.play(situation, answers, {}, boards=sandbox.Boards(last=True))
    assert last.snapshots == whole.snapshots[-1:]  # even though the turn marks moved after the end
    some = sandbox.play(situation, answers, {}, boards=sandbox.Boards(at=frozenset({0, 3, 999})))
    assert some.snapshot_seqs == [0, 3]
    assert some.snapshots == [whole.snapshots[0], whole.snapshots[3]]
    later = sandbox.play(situation, answers, {}, boards=sandbox.Boards(since=4))
    assert later.snapshots == whole.snapshots[4:]
    none = sandbox.play(situation, answers, {}, boards=sandbox.Boards(at=frozenset()))
    assert none.snapshots == [] and [e.to_dict() for e in none.events] == [e.to_dict() for e in whole.events]


def test_the_errors_of_the_client_are_one_family():
    for kind in (sandbox.SituationError, sandbox.AnswersError, sandbox.AnswerRefused, sandbox.OverBudget):
        assert issubclass(kind, sandbox.SandboxError)
    with pytest.raises(sandbox.SandboxError) as caught:
        sandbox.play(empty_dominion(alice=["dragon"]), [], {})
    assert caught.value.field == "situation.players[0].zones.hand[0]"


def test_a_counter_must_be_a_whole_number():
    for bad in (1e308, 5.5, 2.0, True):
        situation = empty_dominion()
        situation["players"][0]["counters"] = {"coins": bad}
        with pytest.raises(sandbox.SituationError) as caught:
            sandbox.play(situation, [], {})
        assert caught.value.field == "situation.players[0].counters.coins", bad
        assert "whole number" in str(caught.value)
