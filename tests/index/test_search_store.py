"""The memory-mapped store of a built index (index/store.py) gives back what the build put in:
every impact list, every unit's columns, text and mentions; and the build's tokeniser cache
(builder.SegmentTokens) tokenises every text as the tokeniser does."""

from __future__ import annotations

import pytest
from search_fixture_data import fixture_dataset

from corpus.model import DATASET_PATH, load_dataset
from index import IndexBrokenError, build, open_index
from index.builder import SegmentTokens, _documents, query_words
from index.documents import all_units
from index.impacts import compute_impacts
from index.lexicon import Lexicon
from index.store import FrozenSets, Impacts, UnitStore, write_impacts
from index.tokenise import get_tokeniser
from index.vocabulary import stated_intents


def _parts(ds):
    lexicon = Lexicon.from_dataset(ds)
    tok = get_tokeniser(tuple(sorted(set(lexicon.jieba_words()) | query_words())))
    units = all_units(ds, lexicon)
    return lexicon, tok, units


def test_impact_lists_read_back_as_written(tmp_path):
    ds = fixture_dataset()
    lexicon, tok, units = _parts(ds)
    impacts = compute_impacts(_documents(ds, lexicon, units, tok))
    write_impacts(tmp_path, impacts)
    stored = Impacts(tmp_path)
    assert set(stored) == set(impacts)
    for field, table in impacts.items():
        assert list(stored[field]) == sorted(table)
        for term, (docs, weights) in table.items():
            got_docs, got_weights = stored[field][term]
            assert list(got_docs) == docs and list(got_weights) == weights, (field, term)
            assert stored[field].frequency(term) == len(docs)
        assert stored[field].get("no such term") is None and "no such term" not in stored[field]


def test_units_read_back_as_built(fixture_dir):
    ds = fixture_dataset()
    _, _, units = _parts(ds)
    store = UnitStore(open_index(fixture_dir).folder)
    assert list(store) == [u.id for u in units]
    mentioned: dict[str, set[str]] = {}
    for d, u in enumerate(units):
        view = store[u.id]
        assert dict(view) == {
            "id": u.id,
            "entry": u.entry,
            "part": u.part,
            "ruling": u.ruling,
            "editions": tuple(u.editions),
            "text": u.text,
            "mentions": u.mentions,
            "intents": stated_intents(u.text.get("en", "")),
        }
        assert store.docnum_units[d] == (u.id, u.entry)
        for e in u.mentions:
            mentioned.setdefault(e, set()).add(u.id)
    assert dict(store.mentioned_in) == mentioned
    assert {e: store.units_of[e] for e in store.units_of} == {
        e.id: [u.id for u in units if u.entry == e.id] for e in ds.entries
    }
    assert store.get("no/such#unit") is None and store.mentioned_in.get("no/such") is None


@pytest.mark.parametrize("which", ["fixture", "real"])
def test_the_build_s_token_cache_tokenises_every_text_as_the_tokeniser(which):
    if which == "real" and not DATASET_PATH.exists():
        pytest.skip("corpus/data/dataset.json not built yet")
    ds = fixture_dataset() if which == "fixture" else load_dataset(DATASET_PATH)
    lexicon, tok, units = _parts(ds)
    cached = SegmentTokens(tok)
    texts = [u.norm for u in units] + [f.norm for f in lexicon.forms]
    for text in texts + texts:  # the second time from the cache
        assert cached.search_tokens(text) == tok.search_tokens(text), text[:40]
        assert cached.exact_tokens(text) == tok.exact_tokens(text), text[:40]


def test_frozen_sets_are_looked_up_as_sets():
    sets = FrozenSets({"a": ("x", "y"), "b": ()})
    assert sets["a"] == frozenset({"x", "y"}) and sets.get("b") == frozenset() and sets.get("c") is None
    assert "a" in sets and len(sets) == 2


@pytest.mark.parametrize("name", ["postings.bin", "units.bin", "terms.json"])
def test_a_damaged_store_file_is_refused_naming_it(tmp_path, name):
    folder = build(fixture_dataset(), tmp_path)
    path = folder / name
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    with pytest.raises(IndexBrokenError) as err:
        open_index(tmp_path)
    assert err.value.file == name


def test_a_whoosh_index_written_by_a_forked_process_answers_as_one_written_here(tmp_path, monkeypatch):
    from index import builder

    build(fixture_dataset(), tmp_path / "here")
    here = open_index(tmp_path / "here")
    monkeypatch.setattr(builder, "PARALLEL_UNITS", 0)
    build(fixture_dataset(), tmp_path / "forked")
    forked = open_index(tmp_path / "forked")
    for q in ['"行动牌"', '"set aside" library', "图书馆"]:
        assert forked.search(q).to_dict() == here.search(q).to_dict(), q


def test_a_warmed_index_answers_from_its_caches_what_a_cold_one_reads_from_the_file(fixture_dir):
    """What a server does before forking (SearchIndex.warm): every impact list's head that a
    query reads is in memory, so a search reads none from the file, and answers as a cold index."""
    from index.impacts import MAX_POSTINGS

    cold, warm = open_index(fixture_dir, cache_size=0), open_index(fixture_dir, cache_size=0)
    warm.warm()
    fields = warm.opened.impacts
    for name in fields:
        assert fields[name].head.cache_info().currsize >= len(fields[name].terms)
    reads = []
    for name in fields:
        fields[name]._blob.bytes_at = lambda *a, _r=reads: _r.append(a)  # a read from the file
    for q, lang in [("图书馆", "zh-Hans"), ("throne room on village", "en"), ("護城河 女巫", "zh-Hant")]:
        assert warm.search(q, lang).to_dict() == cold.search(q, lang).to_dict()
    assert reads == []
    assert all(fields[n].head(t, MAX_POSTINGS) is not None for n in fields for t in fields[n].terms[:3])
