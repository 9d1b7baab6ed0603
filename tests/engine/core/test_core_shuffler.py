"""Seeded shuffles replay; fixed outcomes are used in order and must fit the cards shuffled."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import FixedShuffle, ShuffleError, Shuffler


@given(
    st.integers(min_value=0, max_value=2**32),
    st.lists(st.sampled_from(["copper", "estate", "gold"]), max_size=20),
)
def test_the_same_seed_gives_the_same_order_and_keeps_every_card(seed, cards):
    a = Shuffler(seed=seed).shuffle(0, cards)
    b = Shuffler(seed=seed).shuffle(0, cards)
    assert a == b
    assert sorted(a) == sorted(cards)


def test_fixed_outcomes_come_first_then_the_rng():
    s = Shuffler(seed=1, fixed=[FixedShuffle(order=["gold", "copper"])])
    assert s.shuffle(0, ["copper", "gold"]) == ["gold", "copper"]
    assert s.unused_fixed() == 0
    assert sorted(s.shuffle(0, ["copper", "gold"])) == ["copper", "gold"]


def test_a_fixed_outcome_that_does_not_fit_shows_both():
    s = Shuffler(fixed=[FixedShuffle(order=["gold", "gold"])])
    with pytest.raises(ShuffleError) as err:
        s.shuffle(0, ["copper", "gold"])
    assert "['gold', 'gold']" in str(err.value) and "['copper', 'gold']" in str(err.value)


def test_a_fixed_outcome_for_another_player_is_refused():
    s = Shuffler(fixed=[FixedShuffle(order=["gold"], player=1)])
    with pytest.raises(ShuffleError, match="player 1"):
        s.shuffle(0, ["gold"])
