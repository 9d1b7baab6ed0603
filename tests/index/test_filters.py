"""The one filter model (index.filters.Filters) of search, browse and the API: written back as
URL parameters or into the box it reads the same again, two sets combine only when they agree,
and it admits exactly the entries its rules say."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from corpus.model import DATASET_PATH, EDITIONS, GAMES, KINDS, load_dataset
from index import QueryError
from index.filtering import passes
from index.filters import FIELDS, Filters
from index.query import parse_query
from refapp.catalog import matches, parse_filters

TYPES = ("action", "attack", "treasure", "victory", "noble", "military", "character")
COSTS = st.tuples(st.sampled_from(["<=", ">=", "<", ">", "="]), st.integers(0, 99))
FILTERS = st.builds(
    Filters,
    game=st.none() | st.sampled_from(GAMES),
    edition=st.none() | st.sampled_from(EDITIONS),
    kind=st.none() | st.sampled_from(KINDS),
    type=st.none() | st.sampled_from(TYPES),
    cost=st.none() | COSTS,
)
ENTRIES = load_dataset(DATASET_PATH).entries


@given(FILTERS)
def test_url_parameters_and_the_box_read_the_same_filters_again(f):
    assert parse_query("", f.as_params()).filters == f
    box = " ".join(f"cost{v}" if k == "cost" else f"{k}:{v}" for k, v in f.to_dict().items())
    assert parse_query(box).filters == f
    assert list(f.as_params()) == [k for k in FIELDS if getattr(f, k) is not None]


@given(FILTERS.filter(lambda f: f.cost is None or f.cost[0] == "="))
def test_browse_reads_its_own_parameters_again(f):
    assert parse_filters(f.as_params(), list(TYPES)) == f


@given(FILTERS, FILTERS)
def test_two_sets_combine_only_where_they_agree(a, b):
    clash = [
        k for k in FIELDS if None not in (getattr(a, k), getattr(b, k)) and getattr(a, k) != getattr(b, k)
    ]
    if clash:
        with pytest.raises(QueryError, match=f"{clash[0]} is given twice"):
            a.merged(b)
    else:
        m = a.merged(b)
        assert all(
            getattr(m, k) == (getattr(a, k) if getattr(a, k) is not None else getattr(b, k)) for k in FIELDS
        )


@given(FILTERS)
def test_search_and_browse_admit_the_same_entries_by_the_rules(f):
    ops = {"<=": int.__le__, ">=": int.__ge__, "<": int.__lt__, ">": int.__gt__, "=": int.__eq__}
    for e in ENTRIES:
        meta = {"game": e.game, "kind": e.kind, "types": e.types, "cost": e.cost}
        expected = (
            f.game in (None, e.game)
            and f.kind in (None, e.kind)
            and (f.edition is None or f.edition in e.editions)
            and (f.type is None or f.type in e.types)
            and (f.cost is None or (e.cost is not None and ops[f.cost[0]](e.cost, f.cost[1])))
        )
        assert passes(meta, list(e.editions), f) == expected == matches(e, f), (e.id, f)


SENTENCES = ["2 player game: how does picking characters work?", "kind: rule or card", "type:"]


@pytest.mark.parametrize("q", SENTENCES)
def test_a_field_name_with_a_colon_and_nothing_after_it_is_words_of_a_sentence(q):
    parsed = parse_query(q)
    assert parsed.filters.is_empty() and parsed.text == " ".join(q.casefold().split())


def test_a_field_name_with_a_value_is_still_a_filter():
    assert parse_query("2 player game:citadels").filters.game == "citadels"


@pytest.mark.parametrize(
    "q, field, value, text",
    [
        ("商人 game:citadels？？", "game", "citadels", "商人 ??"),  # full-width, folded before parsing
        ("witch game:dominion!", "game", "dominion", "witch !"),
        ("cheap cards cost<=4?", "cost", ("<=", 4), "cheap cards ?"),
        ("edition:2e.", "edition", "2e", "."),
        ("thief game:citadels😅", "game", "citadels", "thief 😅"),
        ("小偷 game:富饶之城？", "game", "citadels", "小偷 ?"),
        ("商人 game:citadels？謝謝大家", "game", "citadels", "商人 ?謝謝大家"),
    ],
)
def test_what_follows_a_filter_s_value_without_a_space_is_the_question_s(q, field, value, text):
    """A value is ASCII letters, digits and comparisons, or a Chinese word: a sentence's end or a
    word written right after it is not part of it ('game:citadels？謝謝' filters by Citadels)."""
    parsed = parse_query(q)
    assert getattr(parsed.filters, field) == value
    assert parsed.text == text
