"""Player vocabulary and game inference (the synonyms and game_words of index/vocabulary.yaml): every row
checked against the real index, and the showcase questions they exist for."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corpus.model import Entry
from corpus.yaml_files import load_yaml
from index import normalise
from index.analysis import without_pleasantries
from index.game_words import (
    game_evidence,
    guess_game,
    infer_game,
    load_game_words,
    load_weak_game_words,
    one_game_implied,
    parse_game_words,
    without_cards_own_words,
)
from index.lexicon import NameForm, _forms_of, short_forms, texts_using
from index.synonyms import expand, load_rows, parse_rows
from index.vocabulary import VOCABULARY_PATH, parse_vocabulary

ROWS = load_rows()
GAME_WORDS = [(game, w) for game, words in load_game_words().items() for w in words]
WEAK_GAME_WORDS = [(game, w) for game, words in load_weak_game_words().items() for w in words]
OTHER = {"dominion": "citadels", "citadels": "dominion"}


def _units_by_game(real, token: str) -> dict[str, int]:
    """How many units of each game hold `token` in any text field."""
    docs: set[int] = set()
    for field in ("name", "body", "ruling"):
        posting = real.opened.impacts.get(field, {}).get(token)
        if posting:
            docs.update(posting[0])
    counts = {"dominion": 0, "citadels": 0}
    for d in docs:
        counts[real.opened.entries[real.opened.units.docnum_units[d][1]]["game"]] += 1
    return counts


def _indexed(real, token: str) -> bool:
    return any(token in real.opened.impacts.get(f, {}) for f in ("name", "body", "ruling"))


# -- every row of the tables is usable --------------------------------------------------------
def _chinese_words(raw: object, section: str = "") -> list[tuple[str, str]]:
    """(section, word) for every Chinese word the vocabulary file holds."""
    if isinstance(raw, dict):
        return [
            x
            for k, v in raw.items()
            for x in _chinese_words(k, section) + _chinese_words(v, section or str(k))
        ]
    if isinstance(raw, list):
        return [x for v in raw for x in _chinese_words(v, section)]
    if isinstance(raw, str):
        words = raw.split() if section == "stopwords" else [raw]
        if section == "rank_names":  # patterns: the words they make ('{zh}号' -> 八号)
            words = [w.format(n=8, zh="八") for w in words]
        return [(section, w) for w in words if re.search(r"[\u3400-\u9fff\U00020000-\U0002ffff]", w)]
    return []


def test_every_chinese_word_is_written_as_queries_are_folded():
    """Queries are folded (Traditional to Simplified, OpenCC's forms) before any look-up, so a word
    not in folded form never matches: 嗰 is folded to 𠮶, and a stop word written 嗰 stayed in every
    Cantonese question; 沒有 beside 没有 was never read."""
    raw = load_yaml(VOCABULARY_PATH.read_text(encoding="utf-8"))
    unfolded = [(section, w, normalise(w)) for section, w in _chinese_words(raw) if normalise(w) != w.lower()]
    assert not unfolded


@pytest.mark.parametrize("row", ROWS, ids=lambda r: "/".join(r.say))
def test_each_synonym_row_is_looked_up_and_finds_rulebook_words(real, row):
    for word in row.say:
        keys = real.opened.tokeniser.exact_tokens(normalise(word))
        assert len(keys) == 1, f"{word!r} is not one query token ({keys}): it could never be looked up"
        added = expand(keys, real.opened.synonyms)
        for means in row.means:
            tokens = real.opened.tokeniser.search_tokens(normalise(means))
            assert set(tokens) <= set(added) | set(keys), (word, means, added)
            assert any(_indexed(real, t) for t in tokens), f"{means!r} occurs nowhere in the corpus"


@pytest.mark.parametrize("game,word", GAME_WORDS, ids=lambda v: str(v))
def test_each_game_word_belongs_to_its_game_in_the_corpus(real, game, word):
    keys = real.opened.tokeniser.exact_tokens(normalise(word))
    assert len(keys) == 1, f"{word!r} is not one query token ({keys})"
    counts = _units_by_game(real, keys[0])
    assert counts[game] >= 2, f"{word!r} is hardly used by {game}: {counts}"
    assert counts[OTHER[game]] <= counts[game] // 10, f"{word!r} is common in both games: {counts}"
    assert infer_game(keys, real.opened.tables.game_words) == game


@pytest.mark.parametrize("game,word", WEAK_GAME_WORDS, ids=lambda v: str(v))
def test_each_weak_game_word_is_mostly_its_games(real, game, word):
    keys = real.opened.tokeniser.exact_tokens(normalise(word))
    assert len(keys) == 1, f"{word!r} is not one query token ({keys})"
    counts = _units_by_game(real, keys[0])
    assert counts[OTHER[game]] <= counts[game] // 3, f"{word!r} is common in both games: {counts}"
    assert counts[OTHER[game]] > counts[game] // 10, f"{word!r} is one game's only: list it as strong"
    evidence = game_evidence(keys, real.opened.tables.game_words)
    assert evidence == {game: 0.5} and guess_game(evidence) == (None, 0.0)  # half a word: no guess alone


def test_the_whole_questions_vocabulary_outweighs_one_word_of_the_other_game(real):
    table = real.opened.tables.game_words
    keys = [k for w in ("build", "district", "cost") for k in real.opened.tokeniser.exact_tokens(w)]
    assert infer_game(keys, table, [frozenset({"dominion/terms/cost"})]) == "citadels"
    assert infer_game(["build"], table, [frozenset({"dominion/terms/cost"})]) is None
    found = real.search("thief called the merchant when does he hand over the gold", "en").ids()
    assert found[0].startswith("citadels/") and "citadels/thief" in found[:3]


def test_malformed_tables_are_refused_with_the_row_named():
    with pytest.raises(ValueError, match="row 2"):
        parse_rows([{"say": ["赢"], "means": ["获胜"]}, {"say": "跳过", "means": ["旁置"]}])
    with pytest.raises(ValueError, match="row 1"):
        parse_rows([{"say": ["赢"]}])
    with pytest.raises(ValueError):
        parse_game_words(["行动牌"])


# -- what they are for ------------------------------------------------------------------------
LIBRARY_SKIP = ["圖書館 抓到行動牌可以跳過嗎", "图书馆 抓到行动牌可以跳过吗"]


@pytest.mark.parametrize("q", LIBRARY_SKIP)
def test_library_skip_question_lands_on_dominions_set_aside_ruling(real, q):
    found = real.search(q, "zh-Hant" if q == LIBRARY_SKIP[0] else "zh-Hans")
    top = found.results[0]
    assert (top.id, top.ruling) == ("dominion/library", "set-aside-optional")
    assert "旁置</mark>" in top.snippet  # the rulebook word for the player's 跳过 is marked (beside 行动牌)
    assert "citadels/library" in found.ids()[:5]  # the other game's Library is still offered


def test_library_skip_question_gives_one_list_in_both_scripts(real):
    trad, simp = (real.search(q).ids() for q in LIBRARY_SKIP)
    assert trad == simp


def test_a_dominion_term_lifts_dominion_without_hiding_citadels(real):
    dominion_words = real.search("图书馆 行动牌可以跳过吗").ids()
    assert dominion_words[0] == "dominion/library"
    assert "citadels/library" in dominion_words


def test_a_citadels_term_lifts_citadels(real):
    found = real.search("图书馆 建造地区之前").ids()
    assert found[0] in ("citadels/library", "citadels/faq/library-observatory-build-first")
    assert "dominion/library" in found


def test_words_of_both_games_guess_no_game(real):
    table = real.opened.tables.game_words
    assert infer_game(["行动牌"], table) == "dominion"
    assert infer_game(["地区"], table) == "citadels"
    assert infer_game(["行动牌", "地区"], table) is None
    assert infer_game(["图书馆"], table) is None


def test_skip_in_english_means_set_aside(real):
    assert {"set", "asid"} <= set(expand(["skip"], real.opened.synonyms))


@settings(deadline=None)  # the table is compiled per example; a loaded machine must not fail it
@given(st.lists(st.sampled_from(sorted({t for r in ROWS for t in r.say} | {"图书馆", "x"})), max_size=6))
def test_expansion_never_repeats_a_query_word_or_itself(tokens):
    from index.synonyms import compile_table

    table = compile_table(ROWS, lambda w: [normalise(w)], lambda w: [normalise(w)])
    added = expand(tokens, table)
    assert not set(added) & set(tokens)
    assert len(added) == len(set(added))


# -- counts written in Chinese or in digits ----------------------------------------------------
@pytest.mark.parametrize(
    "token,number",
    [
        ("三张", "3"),
        ("八个", "8"),
        ("第八", "8"),
        ("两人", "2"),
        ("十二", "12"),
        ("二十", "20"),
        ("九十九张", "99"),
        ("一张", None),
        ("张三", None),
        ("十十", None),
        ("三千", None),
    ],
)
def test_a_chinese_count_reads_as_its_number(token, number):
    from index.tokenise import chinese_count

    assert chinese_count(token) == number


def test_a_count_in_chinese_finds_the_rule_written_with_digits(real):
    # the seed says 手里只有3张或更少牌; a player types 三张
    found = real.search("民兵 手上只有三张牌")
    assert (found.results[0].id, found.results[0].ruling) == ("dominion/militia", "three-or-fewer-no-discard")
    assert "3" in real.opened.tokeniser.search_tokens(normalise("只剩三张"))


@pytest.mark.parametrize("forms", [("tie", "tied", "ties", "tying"), ("die", "died", "dies")])
def test_forms_the_stemmer_leaves_apart_are_one_word(forms):
    from index.tokenise import english_token

    assert len({english_token(w) for w in forms}) == 1


def test_we_tied_finds_the_ruling_on_ties(real):
    top = real.search("we tied on vp, who wins", "en").results[0]
    assert (top.id, top.ruling) in {
        ("dominion/rules/scoring-and-ties", "tie-fewer-turns"),
        ("dominion/rules/scoring-and-ties", "ties-2e"),
    }


def test_a_name_only_one_game_has_is_evidence_too_but_a_shared_one_is_not(real):
    table = real.opened.tables.game_words
    assert infer_game([], table, [frozenset({"dominion/terms/action-cards"})]) == "dominion"
    assert infer_game([], table, [frozenset({"dominion/library", "citadels/library"})]) is None
    # a card only one game has outweighs the other game's words that players of both say
    moat = [frozenset({"dominion/moat"})]
    assert infer_game(["地区", "皇冠", "角色"], table, moat) == "dominion"
    six = ["地区", "皇冠", "角色", "建造", "摧毁", "暗杀"]
    assert infer_game(six, table, moat) is None  # as much evidence for each
    assert infer_game([*six, "收税"], table, moat) == "citadels"  # MARGIN more
    found = real.search("library skip action card", "en")
    assert found.ids()[0] == "dominion/library"
    assert "citadels/library" in found.ids()


def test_the_other_games_words_a_named_cards_own_text_holds_say_nothing_of_the_game():
    table = {"discard": ("dominion", 1.0), "hand": ("dominion", 0.5), "district": ("citadels", 1.0)}
    magician = {"citadels/magician": frozenset({"discard", "hand", "draw", "district"})}
    named = [frozenset({"citadels/magician"})]
    tokens, implied = without_cards_own_words(["discard", "hand", "go"], ["district"], named, table, magician)
    assert (tokens, implied) == (["go"], ["district"])  # Citadels' own word is kept
    # a name both games use is no card of one game: the words stay
    both = [frozenset({"citadels/library", "dominion/library"})]
    assert without_cards_own_words(["discard"], [], both, table, magician) == (["discard"], [])


def test_a_one_game_card_asked_in_its_own_words_stays_in_its_game(real):
    """The Magician's text says discard, hand and draw, Dominion's words in the rulebooks: the
    first two results are the Magician's rulings, the one saying where the cards go among them
    (first or second: the ruling on discarding and drawing, the situation the question describes,
    scores about as much)."""
    q = "the magician discards cards from his hand and draws as many, where do the discarded ones go"
    found = real.search(q, "en", limit=3).results
    assert [r.id for r in found[:2]] == ["citadels/magician"] * 2
    assert "discards-face-down-to-bottom" in [r.ruling for r in found[:2]]


# -- Cantonese and Taiwan phrasing ---------------------------------------------------------------
@pytest.mark.parametrize(
    "plain,regional",
    [
        ("盜賊可以偷女巫嗎", "請問喔 盜賊可以偷女巫嗎 啦"),
        ("實驗室一回合可以用幾次", "欸 實驗室一回合可以用幾次啦"),
        ("女巫的回合 她可以建造嗎", "女巫嘅回合 佢係咪可以建造㗎"),
    ],
)
def test_regional_particles_change_nothing(real, plain, regional):
    assert real.search(regional, "zh-Hant").ids() == real.search(plain, "zh-Hant").ids()


def test_cantonese_words_stand_for_the_rulebooks(real):
    assert "建造" in expand(["起"], real.opened.synonyms)
    assert "没有" in expand(["冇"], real.opened.synonyms)
    assert not real.opened.tokeniser.search_tokens(normalise("點解 係咪 唔該 咗 喺 嘢"), stop=True)


def test_an_everyday_word_meaning_both_games_words_says_nothing_about_the_game():
    table = {"钱币": ("dominion", 1.0), "金币": ("citadels", 0.5), "购买": ("dominion", 1.0)}
    synonyms = {"块钱": ("钱币", "金币"), "买": ("购买",)}
    # 块钱 stands for Dominion's 钱币 and Citadels' 金币 alike: neither counts; 买 is Dominion's 购买
    assert one_game_implied(["块钱", "买"], synonyms, table) == ["购买"]
    assert guess_game(game_evidence(["块钱"], table, (), one_game_implied(["块钱"], synonyms, table))) == (
        None,
        0.0,
    )
    assert guess_game(game_evidence(["块钱"], table, (), ["钱币", "金币"]))[0] == "dominion"  # as it was


def test_a_card_both_games_have_asked_with_money_words_is_the_game_its_rulings_answer(real):
    # 'money' is both games' word: Citadels' Laboratory (discard a card for a gold) answers
    for q in ("实验室弃一张换一块钱 可以用几次", "实验室扔一张牌拿一块钱 能用几次"):
        first = real.search(q, "zh-Hans", limit=1).results[0]
        assert first.id == "citadels/laboratory", q


# -- a name the other game's texts use as a word says nothing about the game -----------------
def test_names_count_the_texts_of_each_game_using_them_as_whole_words():
    forms = [
        NameForm("dominion/rules/turn", "Turn", "turn", False, False, "", "", ()),
        NameForm("citadels/terms/gold", "钱", "钱", True, True, "qian", "q", ("qian",)),
    ]
    texts = [
        ("dominion", "Your turn ends."),
        ("dominion", "Turns and returns"),
        ("citadels", "On your TURN"),
        ("citadels", "拿两枚金币"),
        ("dominion", "花钱"),
        ("dominion", "钱 钱"),
    ]
    normalised = [(game, normalise(t)) for game, t in texts]
    assert texts_using(forms, normalised) == {"turn": {"dominion": 1, "citadels": 1}, "钱": {"dominion": 2}}


def test_a_name_is_the_other_games_word_when_its_texts_use_it_a_third_as_often(real):
    forms = {(f.entry, f.norm): f.other_game_word for f in real.opened.lexicon.forms}
    assert forms[("dominion/rules/turn-overview", "turn")]  # both games' texts speak of turns
    assert forms[("citadels/terms/gold", "钱")]  # 钱 is Dominion's money as much as Citadels' gold
    assert not forms[("dominion/terms/discard", "discard")]
    assert not forms[("citadels/terms/gold", "金币")]
    assert not any(forms[k] for k in forms if k[0] == "citadels/bishop")


def test_a_name_both_games_speak_of_leaves_the_game_to_the_question(real):
    # 'turns out' is no Dominion rule: the Citadels words ('build', 'round') weigh against the
    # Curse, not the name 'turns' happens to be.
    q = "witch cursed the merchant but turns out nobody had him. does she still get to build this round"
    a = real.search(q, "en")
    assert (a.understood or {}).get("game") is None or a.understood["game"]["value"] != "dominion"
    assert a.ids()[0] == "citadels/witch"


@pytest.mark.parametrize(
    "asked, lang",
    [
        ("bishop protected from warlord", "en"),
        ("wizard build a duplicate district", "en"),
        ("do i need intrigue to play the base game or is it standalone", "en"),
        ("买了最后一张行省游戏马上结束吗", "zh-Hans"),
        ("廢置", "zh-Hant"),
        ("圖書館 抓到行動牌可以跳過嗎", "zh-Hant"),
    ],
)
def test_greetings_and_thanks_around_a_question_change_nothing(real, asked, lang):
    """What players put around a question ('hi all, quick question:', 'thanks in advance!', 'lol',
    '大家好，想問一下', '謝謝大家', '哈哈') is taken out before it is read: the same answer, the
    same reading, the same length (vocabulary `pleasantries`)."""
    polite = "hi all, quick question: {} thanks in advance! lol"
    if lang != "en":
        polite = "大家好，想問一下{}？謝謝大家 哈哈"
    plain, noisy = real.search(asked, lang, limit=3), real.search(polite.format(asked), lang, limit=3)
    assert [(r.id, r.ruling) for r in noisy.results] == [(r.id, r.ruling) for r in plain.results]
    assert noisy.understood["names"] == [
        {**n, "without": {**n["without"], "q": polite.format(asked)}} for n in plain.understood["names"]
    ]


@pytest.mark.parametrize(
    "norm, read",
    [
        ("hi all, chapel thanks", ", chapel"),  # (punctuation is no word of the question anyway)
        ("thanks", "thanks"),  # nothing else: searched as typed
        ("大家好,想问一下图书馆?谢谢大家", ", 图书馆?"),
        ("is the chapel mine? haha", "is the chapel mine?"),
        ("thankful", "thankful"),  # whole English words only
    ],
)
def test_pleasantries_are_taken_out_of_the_query(norm, read):
    assert without_pleasantries(norm) == read


def test_malformed_pleasantries_are_refused():
    with pytest.raises(ValueError, match="pleasantries"):
        parse_vocabulary({"pleasantries": ["hi all"]})
    with pytest.raises(ValueError, match="pleasantries.zh"):
        parse_vocabulary({"pleasantries": {"zh": "谢谢"}})
    assert parse_vocabulary({"pleasantries": {"en": ["hi", "hi all"], "zh": ["谢谢"]}}).pleasantries == (
        "hi all",
        "hi",
        "谢谢",
    )  # longest first


AT_WILL = {
    ("dominion/terms/trash", "only-when-told-2e"),
    ("dominion/terms/discard", "only-when-told-2e"),
    ("dominion/rules/supplementary-rules", "no-discarding-at-will-2e"),
}


@pytest.mark.parametrize(
    ("q", "lang"),
    [
        ("can i get rid of a curse in my hand whenever i want", "en"),
        ("手上的莊園不想要，可以自己直接丟掉嗎", "zh-Hant"),
    ],
)
def test_doing_a_thing_at_will_finds_the_rule_that_a_card_must_say_so(real, q, lang):
    top = real.search(q, lang).results[0]
    assert (top.id, top.ruling) in AT_WILL


def test_a_character_assassinated_names_the_assassin_whose_ruling_says_the_turn_is_lost(real):
    top = real.search("assassinated this round, do i still collect income from my districts", "en").results[0]
    assert (top.id, top.ruling) == ("citadels/assassin", "victim-skips-turn")


# -- a word of a card's name said alone ('throne', 'council') ---------------------------------
def _card(eid: str, en: str, kind: str = "card", text: str = "") -> Entry:
    texts = {"en": text} if text else {}
    return Entry(id=eid, game=eid.split("/")[0], kind=kind, editions=[], names={"en": en}, text=texts)


def test_a_word_only_one_cards_name_holds_stands_for_that_card():
    entries = [
        _card("dominion/throne-room", "Throne Room"),
        _card("citadels/throne-room", "Throne Room"),
        _card("dominion/council-room", "Council Room"),
        _card("citadels/bell-tower", "Bell Tower"),
        _card("citadels/watchtower", "Watch Tower"),
        _card("citadels/dragon-gate", "Dragon Gate", text="No one has seen a dragon for years."),
        _card("citadels/great-wall", "Great Wall"),
        _card("dominion/rules/cleanup-phase", "Clean Up", kind="rule"),
        _card("dominion/clean-sweep", "Clean Sweep"),
    ]
    forms = [f for e in entries for f in _forms_of(e)]
    texts = [normalise(t) for e in entries for t in e.text.values()]
    short = {(f.entry, f.norm) for f in short_forms(entries, forms, texts)}
    assert ("dominion/throne-room", "throne") in short and ("citadels/throne-room", "throne") in short
    assert ("dominion/council-room", "council") in short
    assert not any(w == "room" for _, w in short)  # four cards' names: says none of them
    assert not any(w == "tower" for _, w in short)  # Bell Tower and Watch Tower
    assert ("citadels/dragon-gate", "gate") in short
    assert ("citadels/dragon-gate", "dragon") not in short  # its text speaks of a dragon
    assert ("citadels/great-wall", "great") not in short  # English says 'great' of anything
    assert ("citadels/great-wall", "wall") in short
    assert ("dominion/clean-sweep", "clean") not in short  # a rule's name holds 'clean' too
    assert ("dominion/clean-sweep", "sweep") in short
    assert all(f.alias for f in short_forms(entries, forms, texts))


def test_a_name_said_by_one_word_finds_the_card(real):
    a = real.search("does the wall protect from diplomat", "en", limit=3)
    assert a.ids()[0] == "citadels/great-wall"
    assert a.results[0].ruling == "diplomat-pays-one-more"
    names = [n["ids"] for n in (a.understood or {}).get("names", [])]
    assert ["citadels/great-wall"] in names
    b = real.search("throne on throne", "en", limit=3)
    assert "dominion/throne-room" in [i for n in b.understood["names"] for i in n["ids"]]
    c = real.search("great combo but i lost, do combos count", "en", limit=5)
    assert not any("citadels/great-wall" in n["ids"] for n in (c.understood or {}).get("names", []))


@pytest.mark.parametrize(
    ("query", "answer"),
    [
        ("A player built his eighth district earlier this round. When the Warlord is called afterwards, "
         "can he still destroy one of them?", ("citadels/warlord", "completed-city-immune")),
        ("she built her 8th as the bishop. do the rest of us still play our characters or is it over now",
         ("citadels/rules/game-end", "round-is-completed")),
    ],
)
def test_a_place_said_in_order_is_the_count_the_rules_say(real, query, answer):
    """'her 8th district', 'his eighth': the rules say 'eight districts'."""
    first = real.search(query, "en").results[0]
    assert (first.id, first.ruling) == answer
