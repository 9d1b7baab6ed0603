"""Matching rules of the search box, on the small fixture dataset (every rule in issue 3)."""

from __future__ import annotations

import pytest

from index import normalise, tokenise


def ids(results, n=None):
    return [r.id for r in results.results[:n]]


# -- normalisation and tokenising ------------------------------------------------------------
def test_normalise_folds_script_width_case_and_punctuation():
    assert normalise("圖書館") == "图书馆"
    assert normalise("ＬＩＢＲＡＲＹ！") == "library"
    assert normalise("牌庫裏，「旁置」") == normalise("牌库里 旁置")


def test_simplified_text_survives_the_traditional_conversion():
    # tw2s alone turns an already-Simplified 么 into 幺, splitting 么/麼 queries apart.
    assert normalise("角色么") == normalise("角色麼") == "角色么"
    assert normalise("瞭望塔") == normalise("了望塔")  # s2tw writes 了望 as 瞭望


def test_normalise_keeps_taiwan_words_as_written():
    # tw2s converts characters only; tw2sp would rewrite 執行 to 运行.
    assert normalise("執行") == "执行"


def test_traditional_is_converted_before_segmenting():
    assert "补充资源" in tokenise("遊戲者可以從補充資源抓牌")


@pytest.mark.parametrize(
    "word", ["补充资源", "弃牌堆", "行动阶段", "富饶之城", "放债人", "购买阶段", "垃圾牌堆"]
)
def test_game_words_are_never_split(word):
    assert word in tokenise(f"在{word}中")


def test_removed_jieba_words_do_not_glue_across_boundaries():
    tokens = tokenise("放进牌库里")
    assert "牌库" in tokens and "库里" not in tokens


def test_plus_one_tokens_survive_and_english_is_stemmed():
    assert tokenise("+1 Action") == ["+1", "action"]
    assert tokenise("Adventurers trashing") == ["adventur", "trash"]


# -- names, aliases, scripts ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "query", ["图书馆", "圖書館", "library", "LIBRARY", "tushuguan", "tsg", "tu shu guan"]
)
def test_every_way_of_writing_library_finds_both_games(fx, query):
    assert set(ids(fx.search(query), 2)) == {"dominion/library", "citadels/library"}


@pytest.mark.parametrize(
    "query, expected",
    [
        ("行省", "dominion/province"),
        ("省份", "dominion/province"),
        ("杀手", "citadels/assassin"),
        ("领主", "citadels/warlord"),
        ("王座厅", "dominion/throne-room"),
        ("移除", "dominion/terms/trash"),
    ],
)
def test_aliases_find_their_entry_first(fx, query, expected):
    assert ids(fx.search(query), 1) == [expected]


def test_alias_expands_to_other_names_so_cards_that_trash_are_found(fx):
    found = ids(fx.search("移除"))
    assert found[0] == "dominion/terms/trash"
    assert {"dominion/feast", "dominion/remodel"} <= set(found)


def test_traditional_and_simplified_queries_give_identical_lists(fx):
    for a, b in [
        ("圖書館 天文台", "图书馆 天文台"),
        ("遊戲結束", "游戏结束"),
        ("護城河 女巫", "护城河 女巫"),
    ]:
        assert ids(fx.search(a)) == ids(fx.search(b))


def test_remodel_pinyin_uses_the_corrected_reading(fx):
    assert ids(fx.search("chongsu"), 1) == ["dominion/remodel"]


# -- typos -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "query, expected, suggestion",
    [
        ("advnturer", "dominion/adventurer", "adventurer"),
        ("thron room", "dominion/throne-room", "throne room"),
        ("刺课", "citadels/assassin", "刺客"),
        ("王坐厅", "dominion/throne-room", "王座厅"),
    ],
)
def test_typos_are_corrected_with_a_suggestion(fx, query, expected, suggestion):
    found = fx.search(query)
    assert ids(found, 1) == [expected]
    assert found.suggestion == suggestion


def test_correct_query_has_no_suggestion(fx):
    assert fx.search("adventurer").suggestion is None
    assert fx.search("刺客").suggestion is None


# -- filters -----------------------------------------------------------------------------
def test_game_filter_in_box_and_as_parameter_agree(fx):
    box = fx.search("图书馆 game:citadels")
    param = fx.search("图书馆", filters={"game": "citadels"})
    assert ids(box) == ids(param)
    assert {r.game for r in box.results} == {"citadels"}


def test_cost_type_edition_and_kind_filters(fx):
    cheap = fx.search("cost<=4")
    assert cheap.results and all(fx.opened.entries[r.id]["cost"] <= 4 for r in cheap.results)
    attack = fx.search("type:attack")
    assert ids(attack) == ["dominion/witch"]
    assert "dominion/adventurer" not in ids(fx.search("冒险者 edition:2e"))
    assert {r.kind for r in fx.search("行省 kind:rule").results} == {"rule"}


def test_filters_accept_chinese_values(fx):
    assert ids(fx.search("game:富饶之城 女巫")) == ["citadels/witch"]


# -- ranking -------------------------------------------------------------------------------
def test_names_rank_above_rulings_and_body(fx):
    # 女巫 appears in Moat's ruling text, but both Witch cards come first.
    assert set(ids(fx.search("女巫"), 2)) == {"dominion/witch", "citadels/witch"}


@pytest.mark.parametrize(
    "query, entry, ruling",
    [
        ("金殿 宴会", "dominion/feast", "throne-room-feast"),
        ("moat witch", "dominion/moat", "blocks-witch-curse"),
        ("图书馆 天文台", "citadels/observatory", "with-library"),
        ("throne room feast", "dominion/feast", "throne-room-feast"),
    ],
)
def test_pairs_rank_the_interaction_ruling_first(fx, query, entry, ruling):
    top = fx.search(query).results[0]
    assert (top.id, top.ruling) == (entry, ruling)


def test_results_are_labelled_with_their_game(fx):
    assert {(r.id.split("/")[0], r.game) for r in fx.search("library").results} <= {
        ("dominion", "dominion"),
        ("citadels", "citadels"),
    }


def test_quoted_phrase_must_occur_in_order(fx):
    assert ids(fx.search('"旁置的牌"')) == ["dominion/library"]
    assert ids(fx.search('"牌的旁置"')) == []


def test_whole_question_finds_the_ruling(fx):
    top = fx.search("打村庄以后还剩几次行动").results[0]
    assert (top.id, top.ruling) == ("dominion/village", "actions-left")


# -- snippets -----------------------------------------------------------------------------
def test_snippet_is_in_the_requested_script_from_that_text(fx):
    hant = fx.search("金殿 宴会", lang="zh-Hant").results[0].snippet
    assert "<mark>宴會</mark>" in hant and "廢置" in hant
    hans = fx.search("金殿 宴會", lang="zh-Hans").results[0].snippet
    assert "<mark>宴会</mark>" in hans
    en = fx.search("moat witch", lang="en").results[0].snippet
    assert "<mark>Moat</mark>" in en and "<mark>Witch</mark>" in en
    from_chinese = fx.search("金殿 宴会", lang="en").results[0].snippet
    assert "<mark>Throne Room</mark>" in from_chinese and "<mark>Feast</mark>" in from_chinese


def test_snippet_escapes_everything_but_its_marks(fx):
    snippet = fx.search("<script>alert(1)</script> 图书馆").results[0].snippet
    assert "<script>" not in snippet
    assert snippet.replace("<mark>", "").replace("</mark>", "").count("<") == 0


def test_english_corrections_prefer_names_and_leave_ordinary_words_alone():
    from index.spelling import SpellingVocabulary, correct_english

    vocab = SpellingVocabulary({"library": 100, "multiply": 5, "shuffle": 4})
    assert correct_english("libary", vocab) == "library"
    assert correct_english("multiple", vocab) is None  # an ordinary word, not a typo of 'multiply'
    assert correct_english("library", vocab) is None


def test_naming_a_game_beside_other_words_prefers_that_game(fx):
    assert ids(fx.search("图书馆 富饶之城"), 1) == ["citadels/library"]
    assert ids(fx.search("library dominion"), 1) == ["dominion/library"]


def test_everyday_words_that_sound_like_names_are_not_corrected(real):
    # 过往 (guo wang) sounds like 国王 (King) but is a word; 刺课 sounds like 刺客 and is none.
    assert "citadels/king" in real.opened.entries
    assert real.search("过往").suggestion is None
    assert real.search("刺课").suggestion == "刺客"


@pytest.mark.parametrize(
    "query",
    [
        "ok game over, me and my sister both ended on 27 points. who wins??",  # not 'silver'
        "need to draw 3 but theres only 2 cards left in my draw pile",  # not 'three'
        "my brother says the door stays shut",  # not 'other', not 'poor'
        "the killer got my character, of course",  # not 'killed', not 'curse'
    ],
)
def test_ordinary_english_words_are_not_corrected_into_the_rules_words(real, query):
    """What the page would say as "Did you mean": nothing, for words English uses every day."""
    assert real.search(query, "en").suggestion is None


@pytest.mark.parametrize(
    "query",
    [
        "盗贼偷金币是在对方亮角色的当下 还是等他回合做完",  # 等他 'wait for him', not 灯塔
        "我靠工厂少付一元盖了紫色地区",  # 一元 'one yuan', not 医院
        "封臣翻出来的是行动卡 打出来会吃掉我的行动次数吗",  # 吃掉, not 弃掉
    ],
)
def test_everyday_chinese_words_are_not_corrected_into_names(real, query):
    assert real.search(query, "zh-Hans").suggestion is None


def test_typos_of_names_beside_ordinary_words_are_still_corrected(real):
    assert real.search("my sister played the libary", "en").suggestion == "my sister played the library"
    assert real.search("two throne rooms", "en").results[0].id == "dominion/throne-room"  # a plural


def test_an_edition_named_beside_other_words_is_a_preference():
    from index.analysis import EDITION_WORDS, split_hint

    assert split_hint("女巫 第二版", EDITION_WORDS) == ("女巫", "2e", "第二版")
    assert split_hint("witch second edition", EDITION_WORDS) == ("witch", "2e", "second edition")
    assert split_hint("第二版", EDITION_WORDS) == ("第二版", None, None)  # alone it is what to find


def test_edition_preference_ranks_that_editions_entries_first(fx):
    assert ids(fx.search("library 2e"), 1) == ["dominion/library"]
    assert ids(fx.search("图书馆 第二版"), 1) == ["dominion/library"]


def test_transposed_letters_count_as_one_typo(fx):
    found = fx.search("wicth", lang="en")
    assert found.suggestion == "witch"
    assert set(ids(found, 2)) == {"dominion/witch", "citadels/witch"}


def test_a_typo_a_players_question_also_holds_is_still_corrected(real):
    """'assasin' is in the players' questions once, so it is a known word; it is still the
    Assassin misspelt, and the question is read as naming it."""
    found = real.search("assasin named the warlord", lang="en")
    assert found.suggestion == "assassin named the warlord"
    named = [n["ids"] for n in found.understood["names"]]
    assert ["citadels/assassin"] in named and "citadels/assassin" in ids(found, 3)


def test_a_misspelt_game_word_names_the_game_once_corrected(real):
    found = real.search("ciadels tie break", lang="en")
    assert found.suggestion == "citadels tie break"
    assert found.understood["game"]["value"] == "citadels"
    assert ids(found, 1) == ["citadels/rules/scoring-and-bonuses"]


def test_did_you_mean_keeps_the_game_and_edition_words_typed(real):
    """Following the suggestion searches what was typed, corrected: the game and edition words
    stay in it."""
    assert real.search("dominion wicth", lang="en").suggestion == "dominion witch"
    assert real.search("wicth 2nd edition", lang="en").suggestion == "witch 2nd edition"


def test_pinyin_with_a_typo_still_finds_the_name(fx):
    found = fx.search("tushugaun")
    assert found.suggestion == "tushuguan"
    assert set(ids(found, 2)) == {"dominion/library", "citadels/library"}


def test_did_you_mean_is_written_in_the_requested_script(fx):
    assert fx.search("王坐廳", lang="zh-Hant").suggestion == "王座廳"
    assert fx.search("王坐厅", lang="zh-Hans").suggestion == "王座厅"


@pytest.mark.parametrize("query, params", [("cost<=4", None), ("cost:<=4", None), ("", {"cost": "<=4"})])
def test_cost_filter_spellings_agree(fx, query, params):
    found = fx.search(query or "*", filters=params)  # '*' alone is no text: the filters browse
    assert found.results and all((fx.opened.entries[r.id]["cost"] or 99) <= 4 for r in found.results)
    assert found.filters == {"cost": "<=4"}


def test_a_card_list_is_not_taken_for_an_interaction(tmp_path):
    """A passage listing many cards names both of the query's cards, but the ruling about the
    two is what comes first."""
    from search_fixture_data import S000, _e, _r

    from corpus.model import Dataset
    from index import build, open_index

    base = fixture_dataset_entries()
    names = [(e.names["en"], e.names["zh-Hans"]) for e in base if e.kind == "card"][:9]
    listing = "、".join(zh for _, zh in names)
    components = _e(
        "dominion/rules/components",
        "rule",
        ("Components", "游戏配件", "遊戲配件"),
        text={"en": ", ".join(en for en, _ in names), "zh-Hans": listing, "zh-Hant": listing},
        rulings=[_r("card-list", ", ".join(en for en, _ in names), listing, listing, S000)],
    )
    build(Dataset("fixture-list", [*base, components]), tmp_path)
    found = open_index(tmp_path).search("金殿 宴会")
    top = found.results[0]
    assert (top.id, top.ruling) == ("dominion/feast", "throne-room-feast")
    assert found.ids().index("dominion/rules/components") > found.ids().index("dominion/throne-room")


def fixture_dataset_entries():
    from search_fixture_data import fixture_dataset

    return list(fixture_dataset().entries)


def test_everyday_words_find_the_rulebooks_words(fx):
    from index.synonyms import expand

    assert expand(["赢"], fx.opened.synonyms) == ["获胜", "胜利"]
    assert "获胜" not in expand(["赢", "获胜"], fx.opened.synonyms)  # words the query has are not added again
    assert fx.search("扔掉").total > 0  # the texts say 弃掉
    assert "dominion/library" in ids(fx.search("扔掉"))


@pytest.mark.parametrize(
    "query, card",
    [
        ("I have the cemetery and I am the warlord, can I take it back", "citadels/graveyard"),
        ("the forge card, pay 2 gold draw 3, twice a turn?", "citadels/smithy"),
        ("played the smith, drew 3 cards", "dominion/smithy"),
        ("can the armor destroy a district in a completed city", "citadels/armory"),
    ],
)
def test_the_everyday_word_for_a_card_names_it(real, query, card):
    """Players who do not know a card's English name use the plain word for the thing (a
    cemetery, a forge): the card's search-only keywords, never shown as another name."""
    named = {e for n in real.search(query, "en").understood["names"] for e in n["ids"]}
    assert card in named


@pytest.mark.parametrize(
    "query, card",
    [
        ("lib with 8 cards already in hand", "dominion/library"),  # players' shorthand, like 'lab'
        ("ml trashing a copper, is the +3 still there without one", "dominion/moneylender"),
    ],
)
def test_players_shorthand_names_the_card(real, query, card):
    assert real.search(query, "en").results[0].id == card



@pytest.mark.parametrize(
    "query, card",
    [
        ("when the diploma trades his cheap building for mine who pays", "citadels/diplomat"),
        ("does the factor make purple districts cheaper", "citadels/factory"),
    ],
)
def test_a_card_name_cut_short_by_its_last_letter_is_read_as_the_card(real, query, card):
    """'diploma' is an English word, but a card's name with its last letter left off: read as
    the card, as a typo of it is, where 'sister' (no name cut short) stays itself."""
    named = {e for n in real.search(query, "en").understood["names"] for e in n["ids"]}
    assert card in named


def test_the_chinese_everyday_word_for_witch_names_both_witches(real):
    """巫婆 is what many players call the Witch (女巫) in either game."""
    found = real.search("巫婆咒到主教，軍閥還能拆巫婆的建築嗎", "zh-Hant")
    named = {e for n in found.understood["names"] for e in n["ids"]}
    assert {"citadels/witch", "dominion/witch"} <= named
