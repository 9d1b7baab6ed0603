"""The judging in scripts/eval_search.py: hit@k, and ruling@3 for queries that name a ruling."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from eval_search import Judged, Scores, evaluate, load_queries  # noqa: E402


def test_ruling_counts_only_when_the_expected_entry_shows_that_ruling():
    j = Judged("圖書館 跳過", "dev", ("dominion/library",), ruling="set-aside-optional")
    right = Scores()
    right.add(j, [("citadels/library", None), ("dominion/library", "set-aside-optional")])
    wrong = Scores()
    wrong.add(j, [("dominion/library", None), ("citadels/library", "set-aside-optional")])
    assert (right.hit1, right.hit3, right.ruling3, right.with_ruling) == (0, 1, 1, 1)
    assert (wrong.hit1, wrong.hit3, wrong.ruling3, wrong.with_ruling) == (1, 1, 0, 1)


def test_plain_id_lists_are_still_judged_and_a_wrong_ruling_is_listed_as_a_miss():
    j = Judged("library", "en", ("dominion/library",), ruling="set-aside-optional", lang="en")
    overall, _, misses = evaluate(lambda _: ["dominion/library"], [j])
    assert overall.hit1 == 1 and overall.ruling3 == 0 and misses == []  # ids alone: no ruling to judge
    overall, _, misses = evaluate(lambda _: [("dominion/library", "no-draw-at-seven")], [j])
    assert overall.hit3 == 1 and [m[1] for m in misses] == [["dominion/library#no-draw-at-seven"]]


def test_every_judged_ruling_exists_in_the_dataset():
    from corpus.model import load_dataset

    rulings = {e.id: {r.id for r in e.rulings} for e in load_dataset().entries}
    for j in load_queries():
        assert all(e in rulings for e in j.expect), (j.q, j.expect)
        if j.ruling:
            assert j.ruling in rulings[j.expect[0]], (j.q, j.ruling)
