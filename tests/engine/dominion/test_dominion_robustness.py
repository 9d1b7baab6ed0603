"""Bad input never crashes the engine: random scenarios either load and run to a verdict or are refused."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.core import Decision, DecisionError, ScenarioError, Shuffler, scenario_from_dict
from engine.dominion import Game, new_game_state
from engine.dominion.cards import edition_cards

COMMON = sorted(edition_cards("1e") & edition_cards("2e"))
card = st.one_of(
    st.sampled_from(COMMON),
    st.sampled_from(COMMON),
    st.sampled_from(COMMON),
    st.sampled_from(sorted(edition_cards("1e") ^ edition_cards("2e")) + ["Copper", "dragon-gate"]),
)
zones = st.fixed_dictionaries(
    {},
    optional={
        "hand": st.lists(card, max_size=7),
        "deck": st.lists(card, max_size=6),
        "discard": st.lists(card, max_size=6),
        "play": st.lists(card, max_size=2),
    },
)
answer = st.one_of(
    st.booleans(), card, st.lists(card, max_size=3), st.just([]), st.sampled_from(["yes", "no"])
)


@st.composite
def scenarios(draw):
    n = draw(st.sampled_from([2, 2, 2, 3, 4, 1, 5]))
    return {
        "id": "fuzz",
        "game": "dominion",
        "edition": draw(st.sampled_from(["1e", "2e"] * 4 + [None])),
        "entry": "dominion/smithy",
        "ruling": None,
        "title": {"en": "t", "zh-Hans": "t", "zh-Hant": "t"},
        "players": [{"name": f"P{i}", "zones": draw(zones)} for i in range(n)],
        "supply": draw(st.dictionaries(card, st.integers(min_value=0, max_value=3), max_size=3)),
        "shuffles": draw(st.lists(st.lists(card, max_size=4), max_size=2)),
        "setup": {
            "stop": draw(st.sampled_from(["card", "action", "buy", "turn", "game", 2, "never"])),
            "phase": draw(st.sampled_from(["action", "buy"])),
            "active": draw(st.integers(min_value=0, max_value=n)),
            "max_turns": 3,
            **(
                {"bots": {i: draw(st.sampled_from(["BM", "SmithyBM", "General"])) for i in range(n)}}
                if draw(st.sampled_from([True, True, False]))
                else {}
            ),
        },
        "script": draw(st.lists(answer, max_size=8)),
    }


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_random_scenarios_are_refused_or_run_to_a_verdict(raw):
    try:
        scenario = scenario_from_dict(raw)
    except ScenarioError as exc:
        assert str(exc)
        return
    run = engine.run_scenario(scenario, {})
    data = run.to_dict()
    assert data["passed"] is (not data["failures"])  # a failed run always says why
    assert len(data["snapshots"]) == len(data["events"])
    assert [e["seq"] for e in data["events"]] == list(range(len(data["events"])))


class Cheater:
    """A decider that answers with a card it was not offered."""

    def decide(self, decision: Decision, game) -> list[str]:
        return ["province"] * (decision.max + 1)


def test_a_decider_answer_is_validated_against_the_decision():
    shuffler = Shuffler(seed=1)
    state = new_game_state(["a", "b"], "1e", ["smithy"], shuffler)
    game = Game(state, [Cheater(), Cheater()], shuffler)
    with pytest.raises(DecisionError):
        game.take_turn()
