"""Invariants of the kernel's decision log over random bot games of both engines (hypothesis):
every asked decision is followed by its answer, answers are drawn from the options offered, a
forced decision really had one possible answer, and logging never changes how a game goes."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.citadels.settings import make_settings
from engine.citadels.simulate import play_bot_game
from engine.core.decisions import Decision
from engine.core.events import Event, EventLog
from engine.core.rng import Shuffler
from engine.core.table import forced_answer
from engine.dominion.bots import make_bot
from engine.dominion.game import Game
from engine.dominion.setup import new_game_state
from engine.dominion.simulate import play_one

KINGDOM = ["cellar", "chapel", "militia", "moat", "remodel", "smithy", "village", "workshop", "witch",
           "library"]


def assert_decision_log(events: list[Event]) -> int:
    asked = 0
    for i, e in enumerate(events):
        if e.kind != "decision":
            assert e.kind != "answer" or events[i - 1].kind == "decision", "an answer without its decision"
            continue
        d = Decision(**{k: v for k, v in e.data["decision"].items()})
        if e.data.get("forced"):
            assert forced_answer(d.kind, d.options, d.min, d.max) == e.data["answer"]
            continue
        asked += 1
        answer = events[i + 1]
        assert answer.kind == "answer" and answer.player == e.player
        picks = answer.data["answer"]
        assert d.min <= len(picks) <= d.max or d.kind == "order"
        assert not Counter(picks) - Counter(d.options), (picks, d.options)
    return asked


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_dominion_decision_log_and_logging_changes_nothing(seed):
    shuffler = Shuffler(seed=seed)
    state = new_game_state(["BM", "General"], "1e", KINGDOM, shuffler)
    log = EventLog(keep_snapshots=False)
    result = Game(state, [make_bot("BM"), make_bot("General")], shuffler, log).play_game(100)
    assert assert_decision_log(log.events) > 0
    assert result == play_one("1e", KINGDOM, ["BM", "General"], seed=seed)  # same game without a log


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 7))
def test_citadels_decision_log_and_logging_changes_nothing(seed, players):
    table = make_settings(players)
    log = EventLog(keep_snapshots=False)
    logged, record = play_bot_game(table, seed, log=log)
    assert assert_decision_log(log.events) == logged.decisions > 0
    _, silent = play_bot_game(table, seed)
    assert (record.winners, record.scores, record.rounds) == (silent.winners, silent.scores, silent.rounds)
