"""Ranking behaviour a player asking a question at the table relies on (issue 22): a question
around a name is answered by a ruling, a card's own text does not stand in for a ruling on a
term beside it, and Hong Kong / Taiwan words reach the rulebook's."""

from __future__ import annotations

import pytest

from index.ranking import WEIGHTS, RankWeights


def top(ix, q: str, lang: str, n: int = 1) -> list[tuple[str, str | None]]:
    return [(r.id, r.ruling) for r in ix.search(q, lang, limit=n).results]


@pytest.mark.parametrize(
    ("q", "entry"),
    [
        ("council room do the others have to draw", "dominion/council-room"),
        ("throne room played on throne room", "dominion/throne-room"),
    ],
)
def test_an_english_name_inside_a_question_shows_a_ruling_not_the_card_text(real, q, entry):
    (first,) = top(real, q, "en")
    assert first[0] == entry
    assert first[1] is not None, "the card's own text answered a question about it"


@pytest.mark.parametrize(("q", "lang"), [("council room", "en"), ("yishiting", "zh-Hans")])
def test_a_bare_name_or_pinyin_key_still_shows_the_card_itself(real, q, lang):
    assert top(real, q, lang) == [("dominion/council-room", None)]


def test_a_card_beside_a_term_of_its_game_is_answered_by_its_ruling_not_its_text(real):
    # Thief's card text names the deck too; the question is answered by the ruling on one card left
    assert top(real, "盗贼 对手牌库只剩一张牌", "zh-Hans") == [("dominion/thief", "one-card-left")]


@pytest.mark.parametrize(
    ("q", "lang", "want"),
    [
        # 平手 (a tie, Taiwan and Hong Kong) reaches the rulebook's 同分 / 持平
        ("平手 邊個贏 領土", "zh-Hant", "dominion/rules/scoring-and-ties"),
    ],
)
def test_regional_words_reach_the_rulebooks_words(real, q, lang, want):
    assert top(real, q, lang)[0][0] == want


def test_the_ranking_weights_are_one_plain_record():
    # the offline ranker exports these: every weight a number, named once
    assert isinstance(WEIGHTS, RankWeights)
    values = WEIGHTS.as_dict()
    assert values and all(isinstance(v, float) for v in values.values())
    assert values["pair_bonus"] > values["name_bonus"] > 0


def test_a_verb_naming_another_cards_deed_brings_that_cards_ruling_on_the_pair(real):
    # 'bewitched' is the Witch's doing: her ruling on the bewitched Tax Collector answers
    assert top(real, "tax collector bewitched, who is paid the tax", "en") == [
        ("citadels/witch", "bewitched-tax-collector-pays-witch")
    ]


def test_a_named_cards_own_name_does_not_choose_which_of_its_rulings_answers(real):
    # every ruling of Moat says 护城河; the one saying where the revealed card goes answers, not
    # the one repeating the card's name most often
    assert top(real, "护城河亮出来以后这张牌放哪", "zh-Hans") == [("dominion/moat", "reveal-and-keep")]


@pytest.mark.parametrize(
    ("q", "lang", "answer"),
    [
        # Bell Tower's usual ending comes first; what happens once it is destroyed is a second
        # ruling of the same card, and a question about it finds that ruling among the first three
        ("钟楼被拆掉以后几个地区结束", "zh-Hans", ("citadels/bell-tower", "destroyed-end-returns")),
        ("先驱能翻弃牌堆吗", "zh-Hans", ("dominion/harbinger", "may-look-through-discard")),
    ],
)
def test_a_second_ruling_of_the_top_entry_that_half_answers_is_among_the_first_three(real, q, lang, answer):
    assert answer in top(real, q, lang, 3)


def test_a_term_beside_a_card_does_not_limit_which_of_its_rulings_answers(real):
    # 建筑 (a district) is only how the question is put: Quarry's ruling on its duplicates
    # surviving answers, though the ruling naming 'district' most is another one
    assert top(real, "采石场拆了以后 两张相同的建筑还在吗", "zh-Hans") == [
        ("citadels/quarry", "duplicates-survive-destruction")
    ]


@pytest.mark.parametrize("q", ["呢張牌仲係唔係我嘅", "我仲係可以用佢"])
def test_cantonese_still_is_and_is_it_are_not_read_as_a_name(real, q):
    # 仲係 'still is' and 係唔係 'is it' sound like 重洗 (reshuffle, a name of the shuffling rules)
    assert real.search(q, "zh-Hant").understood["names"] == []


def test_cantonese_cheaper_is_one_word_of_the_question(real):
    from index.normalise import normalise

    # 平啲 'cheaper' (Hong Kong), not 張平 + 啲: it reaches the rulebook's words for cost
    tokens = real.opened.tokeniser.search_tokens(normalise("換張平啲嘅牌"))
    assert "平啲" in tokens
    assert "张平" not in tokens


def asked_faqs():
    from corpus.model import DATASET_PATH, load_dataset

    return [e for e in load_dataset(DATASET_PATH).entries if e.kind == "faq" and len(e.rulings) >= 2]


@pytest.mark.parametrize("faq", asked_faqs(), ids=lambda e: e.id)
def test_an_faq_asked_in_its_own_words_shows_its_answer_first(real, faq):
    """Its first ruling is the FAQ's answer; a later one (the second Chapel in hand) only adds to
    it, and must not be what a player reads first because it shares one more word ('can')."""
    question = faq.names["en"].rstrip("?")
    top = real.search(question, "en").results[0]
    assert (top.id, top.ruling) == (faq.id, faq.rulings[0].id)


def test_a_name_only_the_other_game_has_is_a_word_of_the_question_not_a_second_card(real):
    # a Citadels question by its words: 'gold' is the Navigator's gold, not Dominion's Gold card,
    # so the Navigator is the one card asked about and his second ruling follows his first
    assert ("citadels/navigator", "no-building") in top(
        real, "navigator took four gold, may he build too", "en", 2
    )


@pytest.mark.parametrize(
    ("q", "lang"),
    [("can the warlord wreck a district of the bishop", "en"), ("军阀可以拆主教的地区吗", "zh-Hans")],
)
def test_the_first_named_cards_ruling_that_brings_in_a_third_card_does_not_answer_a_plain_pair(real, q, lang):
    # the Warlord's ruling on the Bishop names the Assassin too (an assassinated Bishop); asked
    # about the two alone, the Bishop's ruling on the Warlord answers first
    assert top(real, q, lang) == [("citadels/bishop", "warlord-cannot-destroy")]


def test_an_everyday_verb_for_a_cards_deed_brings_that_card_into_the_question(real):
    # 'murdered' is the Assassin's doing: the ruling on an assassinated Bishop answers
    q = "the bishop got murdered, can the warlord hit his city now"
    assert top(real, q, "en") == [("citadels/warlord", "assassinated-bishop-unprotected")]


def test_a_name_said_twice_lifts_its_entry_once(real):
    # 'gold into another gold' names Gold twice: it is still one thing beside Remodel, and the
    # name bonus goes once to each (entry, name); two names of one entry (金殿 王座厅) each count
    from index.analysis import analyse
    from index.normalise import normalise
    from index.ranking import _each_name_once

    o = real.opened
    a = analyse(normalise("改建把金币改成金币行吗"), o.tables, o.tokeniser)
    assert [m.form.entry for m in a.names].count("dominion/gold") == 2
    assert [m.form.entry for m in _each_name_once(a.names)].count("dominion/gold") == 1
    both = analyse(normalise("金殿 王座厅"), o.tables, o.tokeniser)
    throne = [m for m in _each_name_once(both.names) if m.form.entry == "dominion/throne-room"]
    assert {m.form.norm for m in throne} == {"金殿", "王座厅"}


def test_a_third_cards_own_text_naming_both_cards_is_not_an_answer_about_them(real):
    # the Witch's card text names the Thief and the King among others: a question on the Thief
    # and the King is answered by the Thief, not by the Witch's text
    found = top(real, "thief robs the king", "en", 3)
    assert found[0][0] == "citadels/thief"
    assert ("citadels/witch", None) not in found


@pytest.mark.parametrize("q", ["ties in citadels", "tie in citadels"])
def test_with_the_game_named_the_other_games_name_in_the_question_lifts_nothing(real, q):
    # 'tie' is a name of Dominion's scoring-and-ties rule; asked about Citadels, it is a word
    found = top(real, q, "en", 3)
    assert all(entry.startswith("citadels/") for entry, _ in found)
    assert ("citadels/rules/scoring-and-bonuses", "ties-share-victory") in found


def test_a_query_that_is_just_one_games_name_shows_it_though_its_words_lean_to_the_other_game(real):
    # 牌堆 is a name of Citadels' district deck, and players' Dominion word for the Supply (its
    # synonyms make the query lean to Dominion): typed alone, it asks for the entry it names
    found = real.search("牌堆", "zh-Hans", limit=5).results
    assert found[0].id == "citadels/terms/district-deck"
    # in a longer Dominion question the word stays a word of the question
    assert top(real, "牌堆空了 游戏结束吗", "zh-Hans", 1)[0][0].startswith("dominion/")


@pytest.mark.parametrize(
    ("q", "plain", "answer"),
    [
        ("I had an artist coin on my palace and the warlord destroyed it. do I get my gold back?",
         "citadels/palace", ("citadels/artist", "beautified-worth-one-more")),
        ("wizard stole my watchtower and built it immediately. can he still do his normal build after that??",
         "citadels/watchtower", ("citadels/wizard", "immediate-build-is-extra")),
    ],
)
def test_a_card_without_an_ability_named_beside_one_is_what_it_acts_on(real, q, plain, answer):
    first, *_ = top(real, q, "en", 3)
    assert first == answer and first[0] != plain


@pytest.mark.parametrize(
    ("q", "lang", "answer"),
    [
        ("我用軍械庫把對手的港口炸了。另一家有墓地，他可以付一塊把港口撿回去嗎？", "zh-Hant",
         ("citadels/graveyard", "not-after-armory")),
        ("mine turned my copper into silver, can i spend that silver this turn", "en",
         ("dominion/mine", "gained-to-hand")),
    ],
)
def test_a_card_without_an_ability_is_no_thing_in_play_for_a_pair(real, q, lang, answer):
    """The Harbor, the Copper and the Silver are what the others act on: the ruling about the
    Armory and the Graveyard, or Mine's own, answers, not one naming every card."""
    assert top(real, q, lang)[0] == answer


@pytest.mark.parametrize(("q", "plain"), [("how much does a palace cost", "citadels/palace"),
                                          ("how many provinces in a 2 player game", "dominion/province")])
def test_a_card_without_an_ability_asked_about_alone_still_answers(real, q, plain):
    assert top(real, q, "en")[0][0] == plain


def test_the_cards_without_an_ability_are_cards_of_the_dataset(real):
    from index.vocabulary import VOCABULARY

    plain = VOCABULARY.plain_cards
    assert plain and plain == set(real.opened.rank_tables.plain)
    assert all(real.opened.entries[e]["kind"] == "card" for e in plain)
    # none of them has a power of its own: Gardens (Victory, but an ability) and the Keep are not listed
    assert "dominion/gardens" not in plain and "citadels/keep" not in plain


@pytest.mark.parametrize(
    ("q", "lang"),
    [
        ("殺手先把商人殺了，我當盜賊剛好也指定商人，那我還偷得到他的錢嗎", "zh-Hant"),
        ("刺客先杀商人，我盗贼也刚好想喊商人，这样偷得到他的钱吗", "zh-Hans"),
    ],
)
def test_three_cards_with_no_ruling_on_all_are_answered_by_the_ruling_on_two(real, q, lang):
    """The Assassin, the Merchant and the Thief: no ruling names all three, and the one on the
    Thief and the Assassin's victim answers, not the Thief's general timing."""
    assert top(real, q, lang)[0] == ("citadels/thief", "not-assassin-or-victim")


def test_a_bonus_still_held_after_a_destruction_is_answered_by_the_rule_that_keeps_it(real):
    """'Still' asked after a completed city loses a district: the scoring rule saying the bonus is
    kept comes before the Armory's ruling that it may reach a completed city."""
    assert top(real, "蓋滿8棟後被軍械庫拆掉一棟，那4分獎勵還有嗎", "zh-Hant")[0] == (
        "citadels/rules/scoring-and-bonuses", "completion-bonus-kept")


class _Tables:  # the part of RankTables `names_are_context` reads
    cards = frozenset({"citadels/armory", "citadels/warlord"})


def test_named_cards_are_only_where_a_question_starts_when_another_entry_states_the_fact_asked():
    from index.ranking import names_are_context

    stating = {"citadels/rules/scoring-and-bonuses#completion-bonus-kept"}
    hits = [
        ("citadels/armory#reaches-completed-city", "citadels/armory", 95.0),
        (
            "citadels/rules/scoring-and-bonuses#completion-bonus-kept",
            "citadels/rules/scoring-and-bonuses",
            94.0,
        ),
    ]
    answers = {
        "citadels/armory": {
            "citadels/armory#reaches-completed-city": 54.0,
            "citadels/armory#ignores-keep": 50.0,
        }
    }
    assert names_are_context(None, hits, answers, stating.__contains__, _Tables())
    # no kind of fact asked, or the named card's answering ruling states it: its name counts in full
    assert not names_are_context(None, hits, answers, None, _Tables())
    assert not names_are_context(
        None, hits, answers, {"citadels/armory#reaches-completed-city", *stating}.__contains__, _Tables()
    )
    # nothing else among the first hits states it, or no card is named (a term is a word of the question)
    assert not names_are_context(None, hits[:1], answers, stating.__contains__, _Tables())
    terms = {"citadels/terms/city": {"citadels/terms/city#no-two-identical-districts": 9.0}}
    assert not names_are_context(None, hits, terms, stating.__contains__, _Tables())


def test_a_completed_city_question_asking_whether_the_bonus_is_kept_is_answered_by_the_scoring_rule(real):
    # the Warlord is how the district was lost; whether the +4 stays is the scoring rule's
    assert top(real, "i finished 8 districts then warlord took one, do i keep the +4", "en") == [
        ("citadels/rules/scoring-and-bonuses", "completion-bonus-kept")
    ]
    # asking what the Armory may do: its own ruling
    assert top(real, "can the armory destroy a district in a completed city", "en") == [
        ("citadels/armory", "reaches-completed-city")
    ]


@pytest.mark.parametrize("query", ["2人局打到几个地区结束啊", "兩個人玩的話要蓋到幾棟遊戲才結束？"])
def test_the_two_player_game_said_as_players_say_it_finds_its_end_rule(real, query):
    """2人局, 两个人玩: the two-player variant, whose game ends at ten districts (not the general
    end of the game at eight)."""
    first = real.search(query, "zh-Hans").results[0]
    assert (first.id, first.ruling) == ("citadels/rules/two-player-variant", "ends-at-ten-districts")
