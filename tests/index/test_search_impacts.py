"""BM25 impacts are computed from the documents' tokens, with Whoosh's own figures: the same
weights as reading them back from a Whoosh index holding the text fields (which the build no
longer writes), and each list strongest first. A query's lists are added up (numpy) to the very
floats a loop adding them in order gives, which is what ranker.js does offline; so are a unit's
questions, best first with decaying weights."""

from __future__ import annotations

from unittest.mock import patch

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from search_fixture_data import fixture_dataset
from whoosh import index as whoosh_index

import index.impacts as impacts_module
from index.builder import _documents, query_words
from index.documents import all_units
from index.impacts import MAX_POSTINGS, Clause, Scores, add_up, bm25, clause_parts, compute_impacts
from index.lexicon import Lexicon
from index.schema import TEXT_FIELDS, make_schema
from index.tokenise import get_tokeniser
from index.unit_scores import QUESTION_DECAY, _add_questions, _by_unit_best_first


def _whoosh_impacts(docs, folder):
    ix = whoosh_index.create_in(str(folder), make_schema())
    writer = ix.writer()
    for doc in docs:
        writer.add_document(**doc)
    writer.commit()
    out = {}
    with ix.searcher() as s:
        reader = s.reader()
        n = reader.doc_count_all()
        for field in TEXT_FIELDS:
            avgdl = reader.field_length(field) / n
            table = {}
            for term in reader.field_terms(field):
                m = reader.postings(field, term)
                df = reader.doc_frequency(field, term)
                weights = {}
                while m.is_active():
                    d = m.id()
                    dl = reader.doc_field_length(d, field, 1)
                    weights[d] = round(bm25(m.weight(), dl, avgdl, df, n), 5)
                    m.next()
                table[term] = weights
            out[field] = table
    return out


def test_impacts_from_tokens_equal_whoosh_s_own_bm25(tmp_path):
    ds = fixture_dataset()
    lexicon = Lexicon.from_dataset(ds)
    tok = get_tokeniser(tuple(sorted(set(lexicon.jieba_words()) | query_words())))
    docs = _documents(ds, lexicon, all_units(ds, lexicon), tok)
    ours = compute_impacts(docs)
    reference = _whoosh_impacts(docs, tmp_path)
    for field in TEXT_FIELDS:
        assert set(ours[field]) == set(reference[field]), field
        for term, (d, w) in ours[field].items():
            assert dict(zip(d, w, strict=True)) == reference[field][term], (field, term)
            assert w == sorted(w, reverse=True), (field, term)  # strongest first


def test_empty_lists_add_up_to_nothing():
    empty = np.zeros(0, np.intp)
    assert add_up([empty, empty], [np.zeros(0), np.zeros(0)]).as_dict() == {}
    assert add_up([], []).as_dict() == {}


def test_a_query_reads_each_list_only_to_its_depth():
    impacts = {"body": {"t": (list(range(5)), [5.0, 4.0, 3.0, 2.0, 1.0])}}
    assert add_up(*clause_parts(impacts, [Clause("body", "t")], depth=2)).as_dict() == {0: 5.0, 1: 4.0}
    assert len(add_up(*clause_parts(impacts, [Clause("body", "t", 2.0)])).docs) == 5 <= MAX_POSTINGS


WEIGHTS = st.floats(min_value=1e-3, max_value=1e3, allow_nan=False)  # magnitudes whose sums depend on order
PARTS = st.lists(st.dictionaries(st.integers(0, 40), WEIGHTS, min_size=1), max_size=8)


def _arrays(parts):
    return [np.array(list(p), np.intp) for p in parts], [np.array(list(p.values())) for p in parts]


# add_up bins the documents when their numbers are few beside the postings, else sorts them:
# each way, every sum is the same float.
BY_BINS_OR_SORT = pytest.mark.parametrize("dense_bins", [0, 10**9], ids=["sorted", "binned"])


@BY_BINS_OR_SORT
@given(parts=PARTS)
def test_lists_add_up_to_the_floats_a_loop_adding_them_in_order_gives(parts, dense_bins):
    want: dict[int, float] = {}
    for part in parts:
        for d, v in part.items():
            want[d] = want.get(d, 0.0) + v
    with patch.object(impacts_module, "DENSE_BINS", dense_bins):
        got = add_up(*_arrays(parts))
    assert got.as_dict() == want  # equal floats, not approximately
    assert got.docs.tolist() == sorted(want)


@BY_BINS_OR_SORT
def test_a_document_whose_values_add_up_to_zero_is_still_found(dense_bins):
    with patch.object(impacts_module, "DENSE_BINS", dense_bins):
        docs = [np.array([7, 3], np.intp), np.array([3], np.intp)]
        got = add_up(docs, [np.array([1.0, 0.0]), np.array([0.0])])
    assert got.as_dict() == {3: 0.0, 7: 1.0}


UNIT_OF = st.lists(st.integers(0, 5), min_size=41, max_size=41)  # question document -> its unit


@given(PARTS, st.dictionaries(st.integers(0, 40), WEIGHTS), UNIT_OF)
def test_a_unit_adds_its_questions_best_first_each_decayed_as_ranker_js_does(parts, own, unit_of):
    """Documents 0..40 are questions of units 0..5 (`unit_of`); a unit's own score is `own`."""
    asked = add_up(*_arrays(parts))
    want = {u: v for u, v in own.items()}
    by_unit: dict[int, list[float]] = {}
    for d, v in asked.as_dict().items():
        by_unit.setdefault(unit_of[d], []).append(v)
    for u, values in by_unit.items():
        values.sort(reverse=True)
        total, weight = want.get(u, 0.0) + values[0], QUESTION_DECAY
        for v in values[1:]:
            total += weight * v
            weight *= QUESTION_DECAY
        want[u] = total
    own_scores = add_up(*_arrays([own] if own else []))
    units = np.array(unit_of, np.intp)[asked.docs]  # whose each question is
    got = _add_questions(own_scores, units, asked.values) if len(asked.docs) else own_scores
    assert isinstance(got, Scores)
    assert got.as_dict() == want


UNITS = st.one_of(st.integers(0, 5), st.integers(0, 1 << 20))  # few units, or numbers past 16 bits


@given(st.lists(st.tuples(UNITS, st.sampled_from([0.5, 1.0, 2.5, 7.0])), min_size=1, max_size=60))
def test_questions_are_put_by_unit_best_first_as_a_lexical_sort_would(pairs):
    """The order `_add_questions` adds a unit's questions in: grouped by unit, best first; equal
    values may swap (that changes no sum), so units and values in order are compared."""
    units = np.array([u for u, _ in pairs], np.intp)
    values = np.array([v for _, v in pairs])
    want = np.lexsort((-values, units))
    got = _by_unit_best_first(units, values)
    assert sorted(got.tolist()) == list(range(len(pairs)))
    assert units[got].tolist() == units[want].tolist()
    assert values[got].tolist() == values[want].tolist()
