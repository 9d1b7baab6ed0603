"""Whoever a turn's menu is put to is the turn's player in the state the bots and the sandbox read:
``state.turn`` (what the bots look at) and ``state.active`` (the snapshot's "who acts"), through the
Hospital's turn, the bewitched character's turn and the Witch's takeover. A scenario's expectations
see only the final state, where both are cleared, so only a check at every decision can tell."""

from __future__ import annotations

import pytest

import engine
from engine.core.script import ScriptedDecider

SCENARIOS = sorted(
    i.id for i in engine.list_scenarios()
    if i.game == "citadels" and ("witch" in i.id or "hospital" in i.id)
)


def test_the_turns_that_change_hands_are_covered():
    assert any("hospital" in s for s in SCENARIOS) and any("witch" in s for s in SCENARIOS)


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_the_menu_goes_to_the_turns_player(scenario_id, monkeypatch):
    seen: list[tuple[int, int | None, int | None]] = []
    original = ScriptedDecider.decide

    def decide(self, decision, state=None):
        if decision.context.get("purpose") == "action":
            turn = state.turn
            seen.append((decision.player, turn.player if turn else None, state.active))
        return original(self, decision, state)

    monkeypatch.setattr(ScriptedDecider, "decide", decide)
    run = engine.run_scenario(engine.load_scenario(scenario_id))
    assert run.passed, run.failures
    assert all(player == turn == active for player, turn, active in seen), seen
