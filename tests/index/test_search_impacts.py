"""BM25 impacts are computed from the documents' tokens, with Whoosh's own figures: the same
weights as reading them back from a Whoosh index holding the text fields (which the build no
longer writes), and each list strongest first."""

from __future__ import annotations

from search_fixture_data import fixture_dataset
from whoosh import index as whoosh_index

from index.builder import _documents, query_words
from index.documents import all_units
from index.impacts import MAX_POSTINGS, Clause, bm25, compute_impacts, score_clauses
from index.lexicon import Lexicon
from index.schema import TEXT_FIELDS, make_schema
from index.tokenise import get_tokeniser


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


def test_a_query_reads_each_list_only_to_its_depth():
    impacts = {"body": {"t": (list(range(5)), [5.0, 4.0, 3.0, 2.0, 1.0])}}
    assert score_clauses(impacts, [Clause("body", "t")], depth=2) == {0: 5.0, 1: 4.0}
    assert len(score_clauses(impacts, [Clause("body", "t", 2.0)])) == 5 <= MAX_POSTINGS
