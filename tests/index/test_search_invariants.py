"""Invariants over the real dataset and random input: script invariance across the whole judged
file, off-topic passages never indexed, random Unicode never raising, atomic index switching."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import opencc
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from search_fixture_data import fixture_dataset

from corpus.model import SOURCES_DIR
from index import QueryError, build, current_folder, normalise, open_index

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from eval_search import load_queries  # noqa: E402

TO_TRAD = opencc.OpenCC("s2tw")
TO_SIMP = opencc.OpenCC("tw2s")


def test_every_judged_query_gives_the_same_list_in_both_scripts(real):
    for j in load_queries():
        trad, simp = TO_TRAD.convert(j.q), TO_SIMP.convert(j.q)
        a = real.search(trad, j.lang).ids()
        b = real.search(simp, j.lang).ids()
        assert a == b, (j.q, a[:3], b[:3])


def _dropped_phrases(real) -> list[str]:
    """Distinctive Chinese phrases from the passages ingestion dropped as noise."""
    from corpus.model import load_dataset

    phrases = []
    for d in load_dataset().dropped:
        lines = (SOURCES_DIR / d["file"]).read_text(encoding="utf-8").splitlines()
        text = "".join(lines[d["lines"][0] - 1 : d["lines"][1]])
        phrases += [w for w in ("罗马全面战争", "侠盗猎车", "国际法", "德国年度游戏") if w in text]
    return phrases


def test_dropped_noise_is_not_searchable(real):
    phrases = _dropped_phrases(real)
    if not phrases:
        pytest.skip("the dataset records no dropped passage with a known noise phrase")
    for p in phrases:
        found = real.search(f'"{p}"')
        assert found.total == 0, (p, found.ids()[:3])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(q=st.text(max_size=80), lang=st.sampled_from(["en", "zh-Hans", "zh-Hant"]))
def test_random_unicode_queries_never_raise_anything_but_query_error(fx, q, lang):
    try:
        found = fx.search(q, lang)
    except QueryError as exc:
        assert str(exc)
        return
    assert found.total >= len(found.results)
    for r in found.results:
        assert "<script" not in r.snippet


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(prefix=st.text(max_size=20))
def test_random_prefixes_suggest_at_most_ten_distinct_entries_that_exist(fx, prefix):
    found = fx.suggest(prefix, "en")
    assert len(found) <= 10
    ids = [s["id"] for s in found]
    assert len(ids) == len(set(ids)) and set(ids) <= set(fx.opened.entries)
    for s in found:
        assert s["label"] and s["title"]["en"]


def test_rebuild_switches_current_and_old_index_keeps_working(tmp_path):
    first = build(fixture_dataset(), tmp_path)
    old = open_index(tmp_path)
    second = build(fixture_dataset(), tmp_path)
    assert first != second and current_folder(tmp_path) == second
    assert (tmp_path / "index" / "current").is_symlink()
    assert old.search("图书馆").total >= 2  # the opened (previous) index still answers
    assert open_index(tmp_path).folder == second
    assert not [p for p in (tmp_path / "index").iterdir() if p.name.startswith(".")]


def test_readers_never_see_a_half_built_index(tmp_path):
    build(fixture_dataset(), tmp_path)
    errors: list[Exception] = []
    stop = threading.Event()

    def reader() -> None:
        while not stop.is_set():
            try:
                assert open_index(tmp_path).search("图书馆").total >= 2
            except Exception as exc:  # noqa: BLE001 - collected and reported below
                errors.append(exc)

    t = threading.Thread(target=reader)
    t.start()
    try:
        for _ in range(3):
            build(fixture_dataset(), tmp_path)
    finally:
        stop.set()
        t.join()
    assert errors == []


def test_searchers_are_per_thread(fx):
    results: dict[int, list[str]] = {}

    def run(i: int) -> None:
        results[i] = fx.search("图书馆" if i % 2 else "moat witch").ids()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({tuple(v) for k, v in results.items() if k % 2}) == 1
    assert len({tuple(v) for k, v in results.items() if not k % 2}) == 1


def test_build_leaves_no_partial_folder_on_failure(tmp_path, monkeypatch):
    import index.builder as builder

    def boom(*a, **k):
        raise RuntimeError("disk full")

    build(fixture_dataset(), tmp_path)
    before = current_folder(tmp_path)
    monkeypatch.setattr(builder, "_english_vocab", boom)
    with pytest.raises(RuntimeError):
        build(fixture_dataset(), tmp_path)
    assert current_folder(tmp_path) == before
    assert sorted(os.listdir(tmp_path / "index")) == sorted(["current", before.name])


def test_corpus_dictionary_segments_the_corpus_like_the_full_dictionary(real):
    """The index loads only the part of jieba's dictionary the corpus uses; every unit must be
    segmented exactly as the full dictionary would."""
    from index.documents import search_text
    from index.tokenise import get_tokeniser

    full = get_tokeniser(real.opened.tokeniser.words)
    assert real.opened.tokeniser.base is not None and len(real.opened.tokeniser.base[0]) < 20_000
    for unit in real.opened.units.values():
        text = search_text(unit["text"])
        assert real.opened.tokeniser.search_tokens(text) == full.search_tokens(text), unit["id"]
        assert real.opened.tokeniser.exact_tokens(text) == full.exact_tokens(text), unit["id"]


def test_every_name_and_alias_of_the_real_dataset_finds_its_entry(real):
    misses = []
    for entry_id in real.opened.entries:
        forms = [f.text for f in real.opened.lexicon.forms if f.entry == entry_id]
        assert forms, entry_id
        for text in forms:
            if entry_id not in real.search(text, limit=5).ids():
                misses.append((text, entry_id))
    assert misses == []


def test_chinese_typo_fixes_do_not_cut_through_words(real):
    # 地区的 reads di qu de; 区的 sounds like the term 取得 (gain) but is no typo.
    question = "外交官可以与已建完8个地区的玩家交换地区么？"
    found = real.search(question)
    assert found.suggestion is None
    assert found.ids()[0] == "citadels/faq/diplomat-completed-city"


def test_every_simplified_sentence_of_the_dataset_normalises_like_its_traditional_twin(real):
    import re

    sentences = []
    for unit in real.opened.units.values():
        sentences += re.split(r"[。！？\n]", unit["text"].get("zh-Hans", ""))
    sentences += [f.text for f in real.opened.lexicon.forms if f.chinese]
    differing = [s for s in sentences if normalise(TO_TRAD.convert(s)) != normalise(s)]
    assert differing == []


@pytest.mark.parametrize("name", ["图书馆", "女巫", "盗贼", "庄园", "商人", "实验室", "铁匠铺", "market"])
def test_names_shared_by_both_games_return_both(real, name):
    top = real.search(name, limit=2).results
    assert {r.game for r in top} == {"dominion", "citadels"}, [r.id for r in top]


def test_telling_factors_only_raise_rulings_of_named_entries_with_enough_of_them(real):
    """Over every judged question: a factor is more than 1, for a ruling of the entry it is listed
    under, an entry named by the question and holding TELLING_MIN_RULINGS rulings or more; and
    only the named entries whose snippet the question's words choose (`answered`: the first
    MAX_ANSWERED among the hits) are scored on their names and given factors."""
    from index.query import Without
    from index.stages.analyse import analyse_request
    from index.stages.answers import (
        MAX_ANSWERED,
        TELLING_MIN_RULINGS,
        answered,
        asks_besides_names,
        name_clauses,
    )
    from index.stages.candidates import find_candidates
    from index.stages.clauses import query_clauses
    from index.stages.request import read_request

    o, told, scored_many = real.opened, 0, 0
    for j in load_queries():
        req = read_request(j.q, j.lang, None, 10, Without(), o.tokeniser)
        if req.browse:
            continue
        a = analyse_request(req, o)
        clauses = query_clauses(a, o)
        named = name_clauses(a, clauses, o)
        found = find_candidates(req, clauses, o, named, asks_besides_names(a, o), True)
        hit_order = list(dict.fromkeys(e for _, e, _ in found.hits))
        chosen = [e for e in hit_order if e in dict(named)][:MAX_ANSWERED]
        assert list(found.names) == [e for e, _ in answered(found.hits, named)] == chosen, j.q
        assert set(found.telling) <= set(found.names), j.q
        scored_many += len(found.names) == MAX_ANSWERED < len(named)
        for entry, factors in found.telling.items():
            rulings = [u for u in o.units.units_of[entry] if o.units.is_ruling(u)]
            assert entry in a.named_entries and len(rulings) >= TELLING_MIN_RULINGS, (j.q, entry)
            assert set(factors) <= set(rulings) and all(f > 1.0 for f in factors.values()), (j.q, entry)
            told += bool(factors)
    assert told > 50  # most questions naming a card with several rulings have a telling word
    assert scored_many > 0  # some name more entries than are answered


def test_a_card_with_two_rulings_has_them_told_apart_by_the_questions_words(real):
    """The Haunted City holds two rulings (any colour at scoring; only purple when built in the
    final round): a question saying 'final round' lifts the second by its telling word."""
    from index.query import Without
    from index.stages.analyse import analyse_request
    from index.stages.answers import asks_besides_names, name_clauses
    from index.stages.candidates import find_candidates
    from index.stages.clauses import query_clauses
    from index.stages.request import read_request

    o = real.opened
    question = "鬼城最后一回合才盖好，结算时还能当任何颜色吗"
    req = read_request(question, "zh-Hans", None, 10, Without(), o.tokeniser)
    a = analyse_request(req, o)
    clauses = query_clauses(a, o)
    found = find_candidates(req, clauses, o, name_clauses(a, clauses, o), asks_besides_names(a, o), True)
    factors = found.telling["citadels/haunted-city"]
    last_round = factors["citadels/haunted-city#not-if-built-last-round"]
    assert last_round > factors.get("citadels/haunted-city#any-colour-at-scoring", 1.0)
