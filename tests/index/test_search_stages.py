"""The search's stages one by one, on the fixture index (`fx.opened`): request -> analyse ->
clauses -> candidates -> rank -> snippets, and browse, suggestions, the opened build and the
index format shared by the builder and the reader."""

from __future__ import annotations

import dataclasses
import json
import shutil

import pytest

from index import IndexMissingError, QueryError
from index.analysis import analyse
from index.browse import browse
from index.filters import Filters
from index.impacts import Clause
from index.index_format import INDEX_FORMAT, META, current_folder, query_words
from index.opened import open_build
from index.query import Without
from index.ranking import Scored
from index.results import Result, SearchResults
from index.schema import UNIT_QUESTIONS
from index.snippet import prepare_marks
from index.stages.analyse import analyse_request
from index.stages.answers import asks_besides_names, name_clauses
from index.stages.candidates import CANDIDATES, OPINION_DEPTH, PHRASE_SCORE, find_candidates
from index.stages.clauses import EXPANSION_BOOST, SYNONYM_BOOST, query_clauses
from index.stages.rank import SHOWN, both_games_shown, rank_candidates
from index.stages.request import read_request
from index.stages.snippets import marks, result
from index.suggest import suggest
from index.unit_scores import score_units_and_opinion

NONE_OFF = Without()


def request(fx, q, filters=None, without=NONE_OFF, lang="zh-Hans", limit=20):
    return read_request(q, lang, filters, limit, without, fx.opened.tokeniser)


def through_candidates(fx, q, filters=None, without=NONE_OFF):
    req = request(fx, q, filters, without)
    a = analyse_request(req, fx.opened)
    clauses = query_clauses(a, fx.opened)
    return req, a, clauses, find_candidates(req, clauses, fx.opened, name_clauses(a, clauses, fx.opened))


# -- request ------------------------------------------------------------------------------
def test_the_request_takes_filters_and_phrases_out_of_the_text(fx):
    req = request(fx, 'game:dominion "旁置的牌" 圖書館', limit="5")
    assert (req.norm, req.phrases, req.limit) == ("图书馆", ["旁置的牌"], 5)
    assert req.filters.game == "dominion" and req.parsed.inline.game == "dominion"
    assert req.phrase_tokens == [fx.opened.tokeniser.exact_tokens("旁置的牌")] and not req.browse


def test_game_any_is_neither_a_filter_nor_kept_in_the_filters(fx):
    req = request(fx, "图书馆", {"game": "any"})
    assert req.any_game and req.filters.game is None


def test_given_filters_merge_with_the_boxs(fx):
    req = request(fx, "cost<=4 村庄", Filters(game="dominion"))
    assert (req.filters.game, req.filters.cost) == ("dominion", ("<=", 4))
    assert req.parsed.url == Filters(game="dominion")


def test_filters_alone_are_a_browse_and_nothing_at_all_is_refused(fx):
    assert request(fx, "game:citadels").browse
    with pytest.raises(QueryError, match="type something"):
        request(fx, "  ")
    with pytest.raises(QueryError, match="must be text"):
        request(fx, 3)
    with pytest.raises(QueryError, match="plain="):
        request(fx, "game:citadels", without=Without(plain=("女巫",)))


def test_the_intents_taken_off_are_not_asked(fx):
    asked = request(fx, "村庄 几个行动").asked
    assert asked
    assert request(fx, "村庄 几个行动", without=Without(intents=asked[:1])).asked == asked[1:]


# -- analyse ------------------------------------------------------------------------------
def test_analysis_finds_both_games_names_and_guesses_no_game_from_a_shared_name(fx):
    a = analyse_request(request(fx, "图书馆"), fx.opened)
    assert a.groups == [frozenset({"dominion/library", "citadels/library"})]
    assert a.game_guess is None


def test_the_game_is_guessed_from_one_games_words_and_only_by_the_stage(fx):
    req = request(fx, "打出行动牌")
    a = analyse_request(req, fx.opened)
    assert (a.game_guess, a.game_source) == ("dominion", "vocabulary")
    assert analyse(req.norm, fx.opened.tables, fx.opened.tokeniser).game_guess is None


def test_a_named_game_is_a_hint_and_game_any_drops_every_game(fx):
    hinted = analyse_request(request(fx, "图书馆 富饶之城"), fx.opened)
    assert hinted.game_hint == "citadels" and hinted.text == "图书馆"
    anything = analyse_request(request(fx, "图书馆 富饶之城", {"game": "any"}), fx.opened)
    assert (anything.game_hint, anything.game_guess, anything.game_margin) == (None, None, 0.0)


def test_a_word_taken_off_as_a_name_is_read_as_plain_words(fx):
    a = analyse_request(request(fx, "金殿 宴会", without=Without(plain=("金殿",))), fx.opened)
    assert a.entries == {"dominion/feast"}


def test_the_analysis_is_a_record_no_stage_can_change(fx):
    a = analyse_request(request(fx, "图书馆"), fx.opened)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.game_guess = "dominion"  # type: ignore[misc]


# -- clauses and candidates ---------------------------------------------------------------
def test_clauses_add_the_named_entrys_other_names_and_the_rulebooks_words(fx):
    a = analyse_request(request(fx, "移除"), fx.opened)
    boosts = {(c.field, c.term): c.boost for c in query_clauses(a, fx.opened)}
    assert boosts[("body", "废置")] == EXPANSION_BOOST  # 移除 names Trash, also called 废置
    a = analyse_request(request(fx, "赢"), fx.opened)
    boosts = {(c.field, c.term): c.boost for c in query_clauses(a, fx.opened)}
    assert boosts[("body", "获胜")] == SYNONYM_BOOST


def test_candidates_are_best_first_and_pass_the_filters(fx):
    hits = through_candidates(fx, "图书馆", {"game": "citadels"})[3].hits
    assert hits and len(hits) <= CANDIDATES
    assert all(e.startswith("citadels/") for _, e, _ in hits)
    assert [s for *_, s in hits] == sorted((s for *_, s in hits), reverse=True)


def test_with_a_phrase_only_units_holding_it_are_candidates(fx):
    hits = through_candidates(fx, '"旁置的牌"')[3].hits
    assert {u for u, _, _ in hits} == {"dominion/library#set-aside-not-shuffled"}
    assert hits[0][2] >= PHRASE_SCORE


# -- rank -----------------------------------------------------------------------------------
def test_rank_puts_the_named_card_first_and_its_answering_ruling_as_snippet(fx):
    req, a, _, found = through_candidates(fx, "打村庄以后还剩几次行动")
    top = rank_candidates(req, a, found, fx.opened, asks_besides_names(a, fx.opened))[0]
    assert (top.entry, top.unit) == ("dominion/village", "dominion/village#actions-left")


def test_each_game_of_a_shared_name_is_among_the_first_shown(fx):
    a = analyse_request(request(fx, "图书馆"), fx.opened)
    ranked = [Scored(e, 10.0 - i, e, 0.0) for i, e in enumerate(["dominion/library", "a", "b", "c"])]
    ranked.append(Scored("citadels/library", 1.0, "citadels/library", 0.0))
    shown = both_games_shown(a, ranked, fx.opened.entries)
    assert [s.entry for s in shown[:SHOWN]] == ["dominion/library", "a", "citadels/library"]
    guessed = dataclasses.replace(a, game_guess="dominion")
    assert both_games_shown(guessed, ranked, fx.opened.entries) == ranked


# -- snippets -------------------------------------------------------------------------------
def test_snippets_mark_every_name_of_a_named_entry(fx):
    a = analyse_request(request(fx, "王座厅"), fx.opened)
    terms, _ = marks(a, [], fx.opened)
    assert {"王座厅", "金殿", "throne room"} <= set(terms)


def test_a_result_carries_its_entry_and_the_snippet_of_its_unit(fx):
    s = Scored("dominion/library", 3.14159, "dominion/library#set-aside-not-shuffled", 1.0)
    r = result(s, "zh-Hant", prepare_marks(["旁置"]), fx.opened)
    assert isinstance(r, Result) and (r.id, r.ruling, r.score) == (s.entry, "set-aside-not-shuffled", 3.142)
    assert "<mark>旁置</mark>" in r.snippet and "不會" in r.snippet


# -- browse and suggestions ---------------------------------------------------------------
def test_browse_lists_the_filtered_entries_cards_first_by_cost(fx):
    found = browse(request(fx, "game:dominion kind:card"), fx.opened)
    costs = [fx.opened.entries[r.id]["cost"] for r in found.results]
    assert found.total == len(found.results) and costs == sorted(costs)
    assert all(r.game == "dominion" and r.kind == "card" for r in found.results)


def test_suggestions_complete_pinyin_and_ask_the_search_for_a_question(fx):
    assert {
        s["id"] for s in suggest("tushu", "en", 10, fx.opened, lambda q, lang, n: fx.search(q, lang, limit=n))
    } == {
        "dominion/library",
        "citadels/library",
    }
    asked = []

    def search(q, lang, limit):
        asked.append((q, lang, limit))
        return SearchResults(q, lang, 0, None)

    assert suggest("洗牌的时候", "zh-Hans", 10, fx.opened, search) == []
    assert asked == [("洗牌的时候", "zh-Hans", 3)]


# -- the opened build and the format --------------------------------------------------------
def test_the_opened_build_holds_what_the_builder_wrote(fx, fixture_dir):
    o = fx.opened
    assert o.meta["format"] == INDEX_FORMAT and o.folder == current_folder(fixture_dir)
    assert o.first_question == len(o.units) and len(o.units) == o.meta["units"]
    assert query_words() <= set(o.tokeniser.words)  # the build's words and the query's
    assert set(o.expansions) == {e for e, m in o.entries.items() if m["kind"] in ("card", "term")}


def test_a_build_of_another_format_is_refused(fixture_dir, tmp_path):
    copy = tmp_path / "old-build"
    shutil.copytree(current_folder(fixture_dir), copy)
    meta = json.loads((copy / META).read_text(encoding="utf-8"))
    (copy / META).write_text(json.dumps({**meta, "format": INDEX_FORMAT - 1}), encoding="utf-8")
    with pytest.raises(IndexMissingError, match="another version"):
        open_build(copy)


def test_a_question_asks_besides_names_a_name_or_its_pinyin_alone_does_not(fx):
    def asks(q):
        return asks_besides_names(analyse_request(request(fx, q), fx.opened), fx.opened)

    assert not asks("图书馆") and not asks("tushuguan") and not asks("library")
    assert asks("图书馆 抓到行动牌可以跳过吗") and asks("library skip action")


@pytest.mark.parametrize("q", ["图书馆 抓到行动牌可以跳过吗", "library", "村庄 行动", "军阀 拆 主教"])
def test_the_second_opinion_is_its_best_units_best_first_ties_by_document(fx, q):
    req, _, clauses, _ = through_candidates(fx, q)
    o = fx.opened
    asked = [Clause(UNIT_QUESTIONS, c.term, c.boost) for c in clauses if c.field == "ask"]
    _, (docs, values) = score_units_and_opinion(o, clauses, asked)
    best = sorted(zip(docs.tolist(), values.tolist(), strict=True), key=lambda dv: (-dv[1], dv[0]))
    want = [o.units.docnum_units[d][:2] for d, _ in best[:OPINION_DEPTH]]
    assert find_candidates(req, clauses, o).opinion == want and want


@pytest.mark.parametrize("q", ["图书馆", "library 军阀", "图书馆 抓到行动牌可以跳过吗"])
def test_without_an_opinion_the_candidates_and_names_are_the_same(fx, q):
    """A name alone is not merged with a second opinion, so the search does not ask for one:
    the candidates and the named entries' scores are those the pass gives with it."""
    req, a, clauses, with_opinion = through_candidates(fx, q)
    o = fx.opened
    without = find_candidates(req, clauses, o, name_clauses(a, clauses, o), asks=False)
    assert without.opinion == [] and with_opinion.opinion
    assert without.hits == with_opinion.hits
    assert {e: s.as_dict() for e, s in without.names.items()} == {
        e: s.as_dict() for e, s in with_opinion.names.items()
    }


@pytest.mark.parametrize("q", ["citadels library draw cards", "district build gold library"])
def test_the_second_opinion_adds_nothing_of_the_other_game_once_the_game_is_known(fx, q):
    """The opinion is a plain engine's and knows no game: a question naming Citadels, or clearly
    in its words, is not moved by Dominion's units there; one that leaves the game open is."""
    req, a, clauses, found = through_candidates(fx, q)
    o = fx.opened

    def ranked(opinion):
        return [(s.entry, s.unit) for s in rank_candidates(req, a, found._replace(opinion=opinion), o, True)]

    dominion = [(u, e) for u, e in found.opinion if e.startswith("dominion/")]
    assert dominion and ranked(dominion) == ranked([])
    open_req, open_a, open_clauses, open_found = through_candidates(fx, "library draw cards keep")
    dominion = [(u, e) for u, e in open_found.opinion if e.startswith("dominion/")]
    assert rank_candidates(
        open_req, open_a, open_found._replace(opinion=dominion), o, True
    ) != rank_candidates(open_req, open_a, open_found._replace(opinion=[]), o, True)
