"""Near-duplicates folded into one result (index.fold): an FAQ into the ruling it defers to, a
term's or rule's unit into a card's ruling saying the same thing; nothing is lost."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from index.fold import FOLD_WINDOW, fold, words
from index.ranking import Scored

ENTRIES = {
    "d/witch": {"kind": "card"},
    "d/moat": {"kind": "card"},
    "d/feast": {"kind": "card"},
    "d/workshop": {"kind": "card"},
    "d/terms/curse": {"kind": "term"},
    "d/rules/attacks": {"kind": "rule"},
    "d/faq/witch-moat": {"kind": "faq", "answers": "d/moat#blocks-witch", "corrected": False},
    "d/faq/old-answer": {"kind": "faq", "answers": "d/witch#curse-each", "corrected": True},
}
TEXTS = {
    "d/moat#blocks-witch": "Revealing Moat against Witch means you gain no Curse.",
    "d/witch#curse-each": "Each other player gains a Curse from the Supply pile.",
    "d/terms/curse#from-supply": "Each other player gains a Curse from the Supply pile in turn.",
    "d/rules/attacks#order": "Attacks resolve in turn order starting on your left.",
    "d/feast#no-extra-coins": "Your coins cannot raise what the gained card may cost.",
    "d/workshop#no-extra-coins": "Your coins cannot raise what the gained card may cost.",
    "d/faq/witch-moat": "No: Moat stops the Curse.",
    "d/faq/old-answer": "The printed answer, corrected by a note.",
    "d/moat": "+2 Cards. Reveal it when another player plays an Attack.",
    "d/witch": "+2 Cards. Each other player gains a Curse.",
}


WORDS = {u: words(t) for u, t in TEXTS.items()}


def s(unit: str, score: float = 1.0) -> Scored:
    return Scored(unit.partition("#")[0], score, unit, score)


def shown(ranked):
    return [(r.unit, r.also) for r in ranked]


def test_an_faq_folds_into_the_ruling_it_defers_to_which_takes_its_place():
    ranked = [s("d/faq/witch-moat"), s("d/rules/attacks#order"), s("d/moat#blocks-witch")]
    out = fold(ranked, ENTRIES, WORDS.get)
    assert shown(out) == [("d/moat#blocks-witch", ["d/faq/witch-moat"]), ("d/rules/attacks#order", [])]


def test_an_faq_whose_answer_a_note_corrects_gives_its_place_to_the_ruling():
    out = fold([s("d/faq/old-answer"), s("d/rules/attacks#order")], ENTRIES, WORDS.get)
    assert shown(out)[0] == ("d/witch#curse-each", ["d/faq/old-answer"])


def test_an_faq_without_its_ruling_among_the_results_and_no_correction_stays():
    out = fold([s("d/faq/witch-moat"), s("d/rules/attacks#order")], ENTRIES, WORDS.get)
    assert shown(out) == [("d/faq/witch-moat", []), ("d/rules/attacks#order", [])]


def test_an_faq_the_query_names_is_not_folded_away():
    ranked = [s("d/faq/old-answer"), s("d/faq/witch-moat"), s("d/moat#blocks-witch")]
    out = fold(ranked, ENTRIES, WORDS.get, named=frozenset({"d/faq/old-answer", "d/faq/witch-moat"}))
    assert shown(out) == [(r.unit, []) for r in ranked]


def test_a_terms_ruling_saying_what_a_cards_ruling_says_folds_into_the_cards():
    out = fold([s("d/terms/curse#from-supply"), s("d/witch#curse-each")], ENTRIES, WORDS.get)
    assert shown(out) == [("d/witch#curse-each", ["d/terms/curse#from-supply"])]


def test_different_answers_and_two_cards_rulings_are_not_folded():
    ranked = [s("d/witch#curse-each"), s("d/moat#blocks-witch"), s("d/rules/attacks#order")]
    assert shown(fold(ranked, ENTRIES, WORDS.get)) == [(r.unit, []) for r in ranked]


def test_two_cards_rulings_in_the_same_words_are_one_result_the_named_card_shown():
    """Feast's and Workshop's rulings say it in the same words: two places for one answer."""
    units = ["d/feast#no-extra-coins", "d/rules/attacks#order", "d/workshop#no-extra-coins"]
    assert shown(fold([s(u) for u in units], ENTRIES, WORDS.get)) == [
        ("d/feast#no-extra-coins", ["d/workshop#no-extra-coins"]),
        ("d/rules/attacks#order", []),
    ]
    out = fold([s(u) for u in units], ENTRIES, WORDS.get, named=frozenset({"d/workshop"}))
    assert shown(out)[0] == ("d/workshop#no-extra-coins", ["d/feast#no-extra-coins"])
    both = frozenset({"d/workshop", "d/feast"})  # both named: still one answer, the first placed shown
    assert shown(fold([s(u) for u in units], ENTRIES, WORDS.get, named=both))[0] == (
        "d/feast#no-extra-coins",
        ["d/workshop#no-extra-coins"],
    )
    faqs = frozenset({"d/faq/old-answer", "d/faq/witch-moat"})  # an FAQ named is never folded into a ruling
    assert shown(fold([s("d/faq/witch-moat"), s("d/moat#blocks-witch")], ENTRIES, WORDS.get, named=faqs))[
        0
    ] == (
        "d/faq/witch-moat",
        [],
    )


UNITS = sorted(TEXTS)


@given(st.lists(st.sampled_from(UNITS), unique=True, max_size=8))
@settings(deadline=None)
def test_folding_loses_no_result_and_moves_none_below_its_place(units):
    ranked = [s(u, 10.0 - i) for i, u in enumerate(units)]
    out = fold([Scored(r.entry, r.score, r.unit, r.unit_score) for r in ranked], ENTRIES, WORDS.get)
    named = [r.unit for r in out] + [a for r in out for a in r.also]
    for u in units:  # each result still shown, or named by the one it folded into
        assert u in named or (ENTRIES.get(u, {}).get("corrected") and u in named)
    assert len(out) <= len(units)
    for k, r in enumerate(out):  # a keeper is never lower than where it or a folded unit stood
        was = [units.index(x) for x in (r.unit, *r.also) if x in units]
        if was and k < FOLD_WINDOW:
            assert k <= min(was)


def test_folding_leaves_the_results_it_was_given_as_they_were():
    ranked = [s("d/witch#curse-each"), s("d/rules/attacks#order"), s("d/terms/curse#from-supply")]
    before = shown(ranked)
    out = fold(ranked, ENTRIES, WORDS.get)
    assert shown(out)[0] == ("d/witch#curse-each", ["d/terms/curse#from-supply"])
    assert shown(ranked) == before


def test_a_search_answer_names_what_was_folded_into_a_result(real):
    results = real.search("银行没钱了怎么办").results
    folded = [a for r in results for a in r.also]
    assert "citadels/faq/bank-empty" in folded
    assert "citadels/faq/bank-empty" not in [r.id for r in results]
    assert all(isinstance(r.to_dict()["also"], list) for r in results)
