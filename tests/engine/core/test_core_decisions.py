"""Decisions: answers are validated against the options and pick limits."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import Decision, DecisionError, validate_answer


def decision(kind="select", options=("copper", "copper", "estate"), lo=0, hi=2):
    return Decision(
        kind=kind,
        player=0,
        prompt={"en": "x", "zh-Hans": "x", "zh-Hant": "x"},
        options=list(options),
        min=lo,
        max=hi,
    )


def test_picks_within_options_and_limits_are_accepted():
    assert validate_answer(decision(), ["copper", "copper"]) == ["copper", "copper"]
    assert validate_answer(decision(), []) == []


def test_an_option_cannot_be_picked_more_often_than_it_is_offered():
    with pytest.raises(DecisionError, match="estate"):
        validate_answer(decision(), ["estate", "estate"])


def test_too_many_or_too_few_picks_are_refused():
    with pytest.raises(DecisionError, match="0..2"):
        validate_answer(decision(), ["copper", "copper", "estate"])
    with pytest.raises(DecisionError, match="1..1"):
        validate_answer(decision(lo=1, hi=1), [])


def test_unknown_option_is_refused_and_named():
    with pytest.raises(DecisionError, match="gold"):
        validate_answer(decision(), ["gold"])


def test_confirm_accepts_booleans_and_yes_no():
    d = decision(kind="confirm", options=("yes", "no"), lo=1, hi=1)
    assert validate_answer(d, True) == ["yes"]
    assert validate_answer(d, False) == ["no"]
    assert validate_answer(d, "no") == ["no"]
    with pytest.raises(DecisionError):
        validate_answer(d, "maybe")


def test_order_needs_every_option_exactly_once():
    d = decision(kind="order", options=("gold", "estate"), lo=2, hi=2)
    assert validate_answer(d, ["estate", "gold"]) == ["estate", "gold"]
    with pytest.raises(DecisionError, match="arrangement"):
        validate_answer(d, ["gold", "gold"])


def test_non_list_answers_are_refused():
    with pytest.raises(DecisionError, match="not a list"):
        validate_answer(decision(), {"copper": 1})
    with pytest.raises(DecisionError, match="not a list"):
        validate_answer(decision(), [1, 2])


@given(
    st.lists(st.sampled_from(["a", "b", "c"]), max_size=6),
    st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=6),
)
def test_an_answer_is_accepted_exactly_when_it_is_a_sub_multiset_of_the_options(options, answer):
    d = decision(options=options, lo=0, hi=len(options))
    fits = not (Counter(answer) - Counter(options))
    if fits:
        assert Counter(validate_answer(d, answer)) == Counter(answer)
    else:
        with pytest.raises(DecisionError):
            validate_answer(d, answer)
