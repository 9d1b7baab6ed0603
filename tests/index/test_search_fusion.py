"""The ranking merged with the second opinion (`index.fusion`): by reciprocal rank, a ruling both
put high moves up, the ranking keeps its order where the opinion is silent, a unit only the
opinion has is one more result, and nothing is lost or shown twice."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from index.fusion import (
    FUSION_K,
    LONG_OPINION_WEIGHT,
    LONG_QUESTION,
    MAX_SHOWN_PER_ENTRY,
    OPINION_WEIGHT,
    fuse,
    opinion_weight,
)
from index.ranking import Scored


def scored(*units: str) -> list[Scored]:
    return [Scored(u.partition("#")[0], 10.0 - i, u, 1.0) for i, u in enumerate(units)]


def test_without_an_opinion_the_ranking_is_unchanged():
    ranked = scored("a#1", "b#1", "c#1")
    assert fuse(ranked, []) == ranked


def test_a_ruling_both_put_high_moves_up():
    ranked = scored("a#1", "b#1", "c#1", "d#1")
    out = fuse(ranked, [("d#1", "d")])
    assert [s.unit for s in out] == ["a#1", "d#1", "b#1", "c#1"]
    assert 1 / (FUSION_K + 3) + OPINION_WEIGHT / FUSION_K > 1 / (FUSION_K + 1)  # the arithmetic of it


def test_the_opinions_first_overtakes_the_rankings_first_only_from_near_it():
    assert [s.unit for s in fuse(scored("a#1", "b#1"), [("b#1", "b")])][0] == "b#1"
    assert [s.unit for s in fuse(scored("a#1", "b#1", "c#1", "d#1"), [("d#1", "d")])][0] == "a#1"


def test_in_a_long_question_the_opinion_weighs_more():
    assert opinion_weight(LONG_QUESTION - 1) == OPINION_WEIGHT < LONG_OPINION_WEIGHT
    assert opinion_weight(LONG_QUESTION) == LONG_OPINION_WEIGHT
    ranked = scored("a#1", "b#1", "c#1", "d#1")
    assert [s.unit for s in fuse(ranked, [("d#1", "d")], opinion_weight(12))][0] == "a#1"
    assert [s.unit for s in fuse(ranked, [("d#1", "d")], opinion_weight(60))][0] == "d#1"


def test_a_unit_only_the_opinion_has_is_a_result_scored_as_the_one_before_it():
    ranked = scored("a#1", "b#1", "c#1", "d#1", "e#1", "f#1")
    out = fuse(ranked, [("z#9", "z")])
    assert [s.unit for s in out][:3] == ["a#1", "b#1", "c#1"]
    new = next(i for i, s in enumerate(out) if s.unit == "z#9")
    assert out[new].entry == "z" and out[new].score == out[new - 1].score


def test_a_unit_folded_into_a_result_counts_for_that_result():
    ranked = scored("a#1", "b#1", "c#1", "d#1")
    ranked[3] = Scored("d", 7.0, "d#1", 1.0, ["faq/x"])
    out = fuse(ranked, [("faq/x", "faq/x")])
    assert [s.unit for s in out] == ["a#1", "d#1", "b#1", "c#1"]


def test_an_entrys_own_text_is_no_second_result_of_an_entry_shown_already():
    """'shuffle your discard pile when your deck runs short' showed the Discard pile's ruling, then
    its own text as the next result: the first leads to that page, which opens with the text."""
    ranked = scored("a#1", "b#1", "c#1")
    assert [s.unit for s in fuse(ranked, [("a", "a")])] == ["a#1", "b#1", "c#1"]
    assert "z" in [s.unit for s in fuse(ranked, [("z", "z")])]  # an entry not shown: its own text is one


UNITS = st.sampled_from([f"{e}#{r}" for e in "abcdef" for r in "12"] + list("abcdef"))  # 'a': its own text


@given(st.lists(UNITS, unique=True, max_size=8), st.lists(UNITS, unique=True, max_size=10))
def test_every_result_and_opinion_is_shown_once_and_the_silent_keep_their_order(ranked_units, opinion_units):
    ranked = scored(*ranked_units)
    opinion = [(u, u.partition("#")[0]) for u in opinion_units]
    out = fuse(ranked, opinion)
    units = [s.unit for s in out]
    assert len(units) == len(set(units))
    assert set(ranked_units) <= set(units) <= set(ranked_units) | set(opinion_units)
    for u in set(opinion_units) - set(units):  # left out: its entry shown twice, or once for its own text
        shown = sum(1 for s in out if s.entry == u.partition("#")[0])
        assert shown >= MAX_SHOWN_PER_ENTRY or (u == u.partition("#")[0] and shown)
    silent = [u for u in ranked_units if u not in opinion_units]
    assert [u for u in units if u in silent] == silent


def test_the_opinion_adds_no_third_result_of_one_entry():
    ranked = scored("a#1", "a#2", "b#1")
    out = fuse(ranked, [("a", "a"), ("b#2", "b")])
    assert [s.unit for s in out if s.entry == "a"] == ["a#1", "a#2"]
    assert "b#2" in [s.unit for s in out]
    assert MAX_SHOWN_PER_ENTRY == 2
