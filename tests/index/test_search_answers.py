"""Issue 9: search answers with rulings. The vocabulary file's words reach the index; a question
naming two cards shows the ruling about both first; a result's `ruling` is the unit its snippet
is cut from; `refapp search --json` equals /api/search including `scenarios`, and a result's
scenarios start with those of its ruling."""

from __future__ import annotations

import html
import json
import re

import pytest
from click.testing import CliRunner

from index import normalise
from index.ranking import WEIGHTS
from index.tokenise import CJK_RUN
from index.vocabulary import VOCABULARY, asked_intents, load_vocabulary, parse_intents, stated_intents

INTENT_NAMES = ("number", "destination", "timing", "permission", "target")
INTENT_NAMES += ("again", "scoring", "source", "action_cost", "absence")  # consequences of a play
INTENT_NAMES += ("usable_now", "carry_over", "still", "obligation", "tie", "at_will")


def test_the_vocabulary_file_loads_with_every_section():
    v = load_vocabulary()
    assert v.terms and v.synonyms and v.game_words and v.intents and v.filters
    assert {i.name for i in v.intents} == set(INTENT_NAMES)
    assert {"game", "edition", "kind", "type"} <= set(v.filters)


@pytest.mark.parametrize("row", VOCABULARY.synonyms, ids=lambda r: "/".join(r.say))
def test_every_rulebook_word_of_the_vocabulary_is_in_the_index_dictionary(real, row):
    for means in row.means:
        norm = normalise(means)
        for run in CJK_RUN.findall(norm):
            assert len(run) == 1 or real.opened.tokeniser.knows(run), (
                f"{means!r} is not in the index's dictionary"
            )
        tokens = real.opened.tokeniser.search_tokens(norm)
        assert tokens and all(
            any(t in real.opened.impacts.get(f, {}) for f in ("name", "body", "ruling")) for t in tokens
        ), f"{means!r} does not occur in the index"


@pytest.mark.parametrize(
    "q, intents",
    [
        ("军阀拆一个地区要花几块", {"number"}),
        ("宴會換來的牌放哪", {"destination"}),
        ("where does a gained card go", {"destination"}),
        ("盗贼什么时候偷钱", {"timing"}),
        ("when does the thief take the gold", {"timing"}),
        ("who gets the crown", {"target"}),
        ("can I play two actions", {"permission"}),
        ("can I play it again later this turn", {"again"}),
        ("王座厅打村庄 这回合还能再打吗", {"again"}),
        ("does the gold count at the end", {"scoring"}),
        ("被拆的地区还算分吗", {"scoring"}),
        ("do I take a copper from the supply for the +$1", {"source"}),
        ("从供应区拿还是从弃牌堆拿", {"source"}),
        ("does the second play cost an action", {"action_cost"}),
        ("王座厅第二次要不要花行动", {"action_cost"}),
        ("放贷的 手里一张铜都没有 那3块还给吗", {"absence"}),
        ("銀行金幣被拿光了", {"absence"}),
        ("curse pile ran out, does witch still draw", {"absence"}),
        ("just bought a gold, can i use it right away", {"usable_now"}),
        ("矿场换来的银币这回合能花吗", {"usable_now"}),
        ("这回合买的牌能用吗", {"usable_now"}),  # its words apart: bought, use, this turn
        ("can i use a card i bought this turn", {"usable_now"}),
        ("這回合剛買到的金幣，同一回合可以拿出來用嗎", {"usable_now"}),  # 拿出來用: 'take it out and use it'
        ("park, hand is empty, am i forced to draw", {"obligation"}),
        ("公园手牌空了一定要抽吗", {"obligation"}),
        ("議事廳對手可以不抽嗎", {"obligation"}),
        ("had $3 left over, does it carry over", {"carry_over"}),
        ("没用完的钱能留到下回合吗", {"carry_over"}),
        ("warlord took one of my 8 districts, do i still get the +4", {"still"}),
        ("got assassinated, do i at least collect from my churches", {"still"}),
        ("被拆掉一种颜色 五色加分还算吗", {"still"}),
        ("後來被炸掉一棟，+4還拿得到嗎", {"still"}),  # 'can I still get it'
        ("那4分奖励还给不给", {"still"}),
        ("五种颜色凑齐了 结果后面被拆了一个 还加3分吗", {"still"}),
        ("富饶之城平分了怎么比", {"tie"}),
        ("算完分两个人一样高，咋分胜负", {"tie"}),  # 'the same height', 'decide the winner'
        ("tied on points at the end, who wins", {"tie"}),
        ("最后两个人同分 谁赢", {"tie"}),
        ("我们俩总分一样 怎么算输赢", {"tie"}),  # 'the same total'
        ("can i get rid of a curse whenever i want", {"at_will"}),
        ("手上的庄园不想要 可以自己直接弃掉吗", {"at_will"}),
    ],
)
def test_question_words_say_what_kind_of_answer_is_wanted(q, intents):
    assert intents <= set(asked_intents(normalise(q)))


@pytest.mark.parametrize(
    "q", ["can i play village twice this turn", "买的牌能用几次", "i bought a province, is the game over"]
)
def test_words_asking_together_ask_only_when_all_their_groups_are_there(q):
    assert "usable_now" not in asked_intents(normalise(q))


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"ask_together": [["bought"]]}, "two or more"),
        ({"ask_together": "bought"}, "two or more"),
        ({"asks": ["x"]}, "may have ask_together"),
    ],
)
def test_a_malformed_intent_row_is_refused_with_its_name(spec, message):
    row = {"boost": 1.0, "ask": ["x"], "states": "x", **spec}
    with pytest.raises(ValueError, match=message):
        parse_intents({"usable_now": row})


def test_a_card_bought_this_turn_asked_in_words_apart_finds_where_it_goes(real):
    for q, lang in [("这回合买的牌能用吗", "zh-Hans"), ("can i use a card i bought this turn", "en")]:
        found = real.search(q, lang, limit=3)
        assert found.results[0].id == "dominion/rules/buy-phase", q
        assert found.results[0].ruling == "bought-card-to-discard", q
        assert "usable_now" in [i["value"] for i in found.understood["intents"]]


@pytest.mark.parametrize(
    "q",
    [
        "navigator can he build after taking the 4 gold",
        "领航员拿了四块钱之后还能建吗",
        "铁匠铺抽三张牌以后还能打行动吗",
        "militia when i only got 3 cards left",
        "does only the first player to finish get the bonus",
        "merchant gives +1 for the first silver only?",
    ],
)
def test_a_step_told_in_order_does_not_ask_when(q):
    # 'after', 之后 and 以后 tell what happened first, 'when' with no question verb after it sets
    # the scene ('when i only got 3 cards'), and 'first' names which one ('the first silver');
    # the question is whether, or which, not when
    assert "timing" not in asked_intents(normalise(q))


def test_a_rulings_english_text_says_what_kind_of_fact_it_states():
    assert "destination" in stated_intents("The gained card goes to your discard pile.")
    assert "number" in stated_intents("Each player trashes at most one card")
    assert "target" in stated_intents("The player who receives the crown decides.")
    assert "again" in stated_intents("It works at most once per turn.")
    assert "scoring" in stated_intents(
        "The bonus counts only if all five colours are in the city when the game is over."
    )
    assert "source" in stated_intents("The gained card has to come from the Supply.")
    assert "action_cost" in stated_intents("The second play does not use up any of your extra Actions.")
    assert "absence" in stated_intents("With no Treasure in hand to trash, you gain nothing.")
    assert "usable_now" in stated_intents("The bought card goes face up onto your discard pile.")
    assert "usable_now" not in stated_intents("Play as many Treasures as you like.")
    assert "obligation" in stated_intents("The draw is optional; you may end the turn with an empty hand.")
    assert "obligation" in stated_intents("The other players must draw their card.")
    assert "obligation" not in stated_intents("You draw nothing.")
    assert "carry_over" in stated_intents("Coins you have not spent are lost in Cleanup.")
    assert "carry_over" not in stated_intents("Unused Victory cards go back in the box.")
    assert "still" in stated_intents("The bonus is kept even if a district is destroyed later.")
    # 'do I still get my income' is answered by a ruling saying the whole turn is lost
    assert "still" in stated_intents("The killed character's player loses that whole turn: no gold.")
    assert "still" not in stated_intents("The player loses one gold.")
    assert "still" not in stated_intents("Gain a card costing up to 4.")
    assert "tie" in stated_intents("If the highest totals are tied, the player with fewer turns wins.")
    assert "tie" not in stated_intents("The player with the most points wins.")
    assert "at_will" in stated_intents("You may trash cards only when a card's text allows it.")
    assert "at_will" not in stated_intents("Trash up to 4 cards from your hand.")
    assert "absence" in stated_intents("A player with 3 or fewer cards in hand discards nothing.")
    assert stated_intents("Setting an Action card aside is your choice.") == ("obligation",)  # no destination


PAIRS = [  # (query, lang, the two entries it names)
    ("税务官 刺客什么时候交税", "zh-Hans", {"citadels/tax-collector", "citadels/assassin"}),
    ("金殿 宴会", "zh-Hant", {"dominion/throne-room", "dominion/feast"}),
    ("外交官 長城", "zh-Hant", {"citadels/diplomat", "citadels/great-wall"}),
    ("moat witch", "en", {"dominion/moat", "dominion/witch"}),
    ("盗贼和刺客", "zh-Hans", {"citadels/thief", "citadels/assassin"}),
]


@pytest.mark.parametrize("q, lang, named", PAIRS)
def test_a_question_naming_two_cards_shows_the_ruling_about_both_first(real, q, lang, named):
    """The first result is a ruling, or an FAQ's own answer, that names both."""
    top = real.search(q, lang).results[0]
    assert top.ruling or top.kind == "faq", (q, top.id)
    unit = real.opened.units[f"{top.id}#{top.ruling}" if top.ruling else top.id]
    assert named <= set(unit["mentions"]), (q, top.id, top.ruling, unit["mentions"])


def _plain(snippet: str) -> str:
    return html.unescape(re.sub(r"</?mark>", "", snippet)).strip("…")


@pytest.mark.parametrize(
    "q, lang",
    [
        ("图书馆 抓到行动牌可以跳过吗", "zh-Hans"),
        ("民兵攻擊時我手上只有三張", "zh-Hant"),
        ("where does a gained card go", "en"),
        ("军阀 摧毁 费用", "zh-Hans"),
        ("地窖", "en"),
    ],
)
def test_results_carry_their_ruling_and_the_snippet_is_that_rulings_text(real, q, lang):
    found = real.search(q, lang, limit=10)
    assert any(r.ruling for r in found.results)
    for r in found.results:
        unit = real.opened.units[f"{r.id}#{r.ruling}"] if r.ruling else real.opened.units[r.id]
        text = unit["text"].get(lang) or unit["text"].get("zh-Hans" if lang != "en" else "en") or ""
        assert _plain(r.snippet) in " ".join(text.split()), (q, r.id, r.ruling)


def test_a_second_answering_ruling_of_the_same_entry_may_be_its_own_result(real):
    found = real.search("议事厅 别人必须抓牌吗 要洗牌吗", "zh-Hans")
    council = [(r.id, r.ruling) for r in found.results if r.id == "dominion/council-room"]
    assert len(council) == 2 and len({ruling for _, ruling in council}) == 2


@pytest.fixture(scope="module")
def real_app(real_dir):
    from refapp import create_app

    return create_app({"REFAPP_DATA_DIR": str(real_dir), "SEARCH_CACHE_SIZE": 0})


QUESTIONS = [
    ("图书馆 抓到行动牌可以跳过吗", "zh-Hans"),
    ("刺客可以殺國王嗎", "zh-Hant"),
    ("armory keep", "en"),
]


@pytest.mark.parametrize("q, lang", QUESTIONS)
def test_cli_json_equals_the_api_including_scenarios(real_app, real_dir, q, lang):
    from refapp.commands.search import search

    api = real_app.test_client().get("/api/search", query_string={"q": q, "lang": lang}).get_json()
    out = CliRunner().invoke(search, [q, "--lang", lang, "--json", "--data-dir", str(real_dir)])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output) == api
    assert any(r["scenarios"] for r in api["results"])  # the comparison covers real scenario lists


@pytest.mark.parametrize("q, lang", QUESTIONS)
def test_a_results_scenarios_start_with_those_of_its_ruling(real_app, q, lang):
    from refapp.state import get_state

    api = real_app.test_client().get("/api/search", query_string={"q": q, "lang": lang}).get_json()
    with real_app.app_context():
        library = get_state().scenarios
        checked = 0
        for r in api["results"]:
            if r["ruling"]:
                own = library.for_ruling(r["id"], r["ruling"])
                assert r["scenarios"][: len(own)] == own, (r["id"], r["ruling"])
                assert set(r["scenarios"]) == set(library.for_entry(r["id"])) | set(own)
                checked += bool(own)
    assert checked


def test_a_typed_question_is_suggested_the_rulings_that_answer_it(fx, real):
    answers = [s for s in real.suggest("議事廳 別人", "zh-Hant") if s.get("ruling")]
    assert answers and answers[0]["id"] == "dominion/council-room"
    assert answers[0]["ruling"] in {r for r in ("others-must-draw", "others-shuffle-if-needed")}
    assert answers[0]["label"].startswith("議事廳: ")
    assert all("ruling" not in s for s in real.suggest("图书", "zh-Hans"))  # a name being typed: names only


def test_a_name_both_games_use_shows_both_when_nothing_says_which(real):
    for q in ("图书馆 天文台 抓牌", "铁匠铺 一回合 两次"):
        found = real.search(q, "zh-Hans")
        top = {r.id.split("/")[0] for r in found.results[:3]}
        assert top == {"dominion", "citadels"}, (q, [(r.id, r.ruling) for r in found.results[:3]])


def test_api_suggestions_for_a_question_link_to_the_ruling_on_the_entry_page(real_app):
    body = (
        real_app.test_client()
        .get("/api/suggest", query_string={"q": "militia 3 cards", "lang": "en"})
        .get_json()
    )
    linked = [s for s in body["suggestions"] if s.get("ruling")]
    assert linked and all(s["url"] == f"/entries/{s['id']}#{s['ruling']}" for s in linked)
    entry = real_app.test_client().get(linked[0]["url"].split("#")[0])
    assert entry.status_code == 200 and f'id="{linked[0]["ruling"]}"' in entry.get_data(as_text=True)


def test_a_snippet_shows_the_answer_not_the_entrys_notes_about_the_seed(real):
    """Notes (a word lost in the seed, a published rule overruling it) are searched but are not
    the answer: an FAQ found by its question shows its answer."""
    from corpus.model import load_dataset

    checked = 0
    for e in load_dataset().entries:
        if e.kind != "faq" or not e.notes or not e.text.get("zh-Hans"):
            continue
        result = next(r for r in real.search(e.names["zh-Hans"], "zh-Hans").results if r.id == e.id)
        shown = _plain(result.snippet)
        for n in e.notes:
            assert n.text["zh-Hans"][:12] not in shown, (e.id, shown)
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize(
    "q, asked, not_asked",
    [
        ("宴会获得的牌从哪里来", "source", "destination"),  # where from, not where to
        ("王座厅打出的第二次要不要花行动", "action_cost", "permission"),  # 要不要花 is not 要不要
    ],
)
def test_a_question_word_inside_a_longer_one_asks_only_the_longer_ones_intent(q, asked, not_asked):
    found = asked_intents(normalise(q))
    assert asked in found and not_asked not in found


@pytest.mark.parametrize(
    ("q", "lang", "game"),
    [
        ("领土小偷能捡垃圾堆里以前的金币吗", "zh-Hans", "dominion"),  # the game named: 领土
        ("盗贼能把之前回合被废掉的金币也拿走吗", "zh-Hans", "dominion"),  # guessed from 废掉
        ("smithy district: pay 2 gold twice in one turn for 6 cards?", "en", "citadels"),
    ],
)
def test_the_other_games_text_naming_both_cards_gains_nothing_as_a_pair(real, q, lang, game):
    # Citadels' Thief ruling says 金币 (its gold), which names Dominion's Gold card too: as a unit
    # naming Thief and Gold it used to rise above the game read (the chip said Dominion)
    found = real.search(q, lang, limit=3)
    assert found.understood["game"]["value"] == game
    assert found.results[0].id.startswith(game + "/"), [r.id for r in found.results]


def test_a_ruling_stating_the_consequence_asked_about_comes_before_the_cards_other_rulings(real):
    top = real.search("does throne room's second play cost an action", "en").results[0]
    assert (top.id, top.ruling) == ("dominion/throne-room", "no-action-cost")


@pytest.mark.parametrize(
    "q, entry, ruling",
    [
        ("主教的地区军阀能拆吗", "citadels/bishop", "warlord-cannot-destroy"),
        ("军阀被刺杀了 主教还保护吗", "citadels/warlord", "assassinated-bishop-unprotected"),
    ],
)
def test_in_a_pair_question_the_first_named_cards_ruling_about_the_other_answers(real, q, entry, ruling):
    top = real.search(q).results[0]
    assert (top.id, top.ruling) == (entry, ruling)


def telling_of(real, q, lang="en"):
    """The question's analysis and its candidates with the telling words' factors."""
    from index.query import Without
    from index.stages.analyse import analyse_request
    from index.stages.answers import asks_besides_names, asks_telling, name_clauses
    from index.stages.candidates import find_candidates
    from index.stages.clauses import query_clauses
    from index.stages.request import read_request

    o = real.opened
    req = read_request(q, lang, None, 10, Without(), o.tokeniser)
    a = analyse_request(req, o)
    clauses = query_clauses(a, o)
    named = name_clauses(a, clauses, o)
    return a, find_candidates(req, clauses, o, named, asks_besides_names(a, o), asks_telling(a))


MINE_SPEND = "mine turned my copper into silver, can i spend that silver this turn"


def test_a_word_few_of_a_named_cards_rulings_hold_tells_which_ruling_is_asked_about(real):
    from index.stages.answers import named_answers

    _, found = telling_of(real, MINE_SPEND)
    mine = found.telling["dominion/mine"]
    # 'turn' and 'spend' are in the one ruling saying the gained card is in hand, 'silver' and
    # 'copper' in most of Mine's rulings: the first weighs most, the general one less
    assert mine["dominion/mine#gained-to-hand"] > mine["dominion/mine#usual-upgrades"] > 1.0
    assert all(f > 1.0 for f in mine.values()) and "dominion/mine" not in mine  # rulings only
    answers = named_answers(found.hits, found.names, real.opened, found.telling)["dominion/mine"]
    plain = named_answers(found.hits, found.names, real.opened)["dominion/mine"]
    assert max(answers, key=answers.get) == "dominion/mine#gained-to-hand"
    assert max(plain, key=plain.get) == "dominion/mine#usual-upgrades"  # by the words' scores alone


def test_the_entrys_own_names_tell_nothing_and_a_short_query_is_not_told(real):
    from index.stages.answers import TELLING_MIN_CHARS

    a, found = telling_of(real, "mine mine, mine mine mine mine mine mine")
    assert a.content_length >= TELLING_MIN_CHARS and not found.telling.get("dominion/mine")
    a, found = telling_of(real, "mine spend")
    assert a.content_length < TELLING_MIN_CHARS and found.telling == {}


@pytest.mark.parametrize(
    "q, lang, unit",
    [
        ("witch but no curses left", "en", "dominion/witch#draw-without-curses"),
        (
            "cellar forces a reshuffle, are the cards I just discarded in it?",
            "en",
            "dominion/cellar#discarded-cards-reshuffled",
        ),
        (
            "tax collector i built two districts do i pay 2",
            "en",
            "citadels/tax-collector#one-gold-per-building-turn",
        ),
        (
            "图书馆抽到一半要洗牌，放旁边那几张行动牌要一起洗进去吗",
            "zh-Hans",
            "dominion/library#set-aside-not-shuffled",
        ),
    ],
)
def test_a_consequence_question_opens_on_the_ruling_stating_that_consequence(real, q, lang, unit):
    top = real.search(q, lang, limit=3).results[0]
    assert f"{top.id}#{top.ruling}" == unit


def test_a_rule_named_by_a_word_of_the_question_is_no_thing_in_play_beside_a_card(real):
    """'角色卡' (character card) names the components rule; beside the Assassin (read from 被杀)
    it is only how the question is put: no ruling naming both is lifted over the one answering
    when the killed player's card is shown."""
    from index.query import Without
    from index.ranking import _pair_groups
    from index.stages.analyse import analyse_request
    from index.stages.request import read_request

    o = real.opened
    question = "被杀的玩家什么时候才翻开他的角色卡"
    a = analyse_request(read_request(question, "zh-Hans", None, 10, Without(), o.tokeniser), o)
    assert "citadels/rules/components" in a.named_entries
    things, _ = _pair_groups(a, o.rank_tables, WEIGHTS)
    assert all("citadels/rules/components" not in g for g in things), things
    top = [(r.id, r.ruling) for r in real.search(question, "zh-Hans", limit=3).results]
    assert ("citadels/assassin", "victim-revealed-at-round-end") in top[:2], top
    assert top[0] != ("citadels/assassin", "victim-skips-turn")


@pytest.mark.parametrize(
    "q, entry, second",
    [
        ("宰相可以先偷看一下牌库再决定要不要整叠倒掉吗", "dominion/chancellor", "no-looking-at-deck"),
        ("哨兵看到的两张 可以一张废掉一张放回牌库顶吗", "dominion/sentry", "trash-versus-discard"),
    ],
)
def test_a_card_far_ahead_of_every_other_entry_shows_its_next_ruling_before_them(real, q, entry, second):
    """Its ruling scoring under EXTRA_SHARE of the shown one, but that share of the card's score
    still passing the next entry's (LEAD_EXTRA_SHARE), comes second."""
    first, then = real.search(q, "zh-Hans", limit=3).results[:2]
    assert (first.id, then.id, then.ruling) == (entry, entry, second)
    assert first.ruling != second


def test_rulings_shown_after_their_card_go_right_after_its_first_result_and_never_above_it():
    from index.ranking import Scored
    from index.stages.answers import shown_after_top

    def s(entry, unit):
        return Scored(entry, 1.0, unit, 1.0)

    ranked = [s("b", "b#x"), s("a", "a#1"), s("c", "c#y"), s("a", "a#2"), s("d", "d#z")]
    moved = shown_after_top(ranked, [s("a", "a#2"), s("a", "a#3")])
    assert [r.unit for r in moved] == ["b#x", "a#1", "a#2", "a#3", "c#y", "d#z"]
    above = [s("a", "a#2"), s("a", "a#1"), s("c", "c#y")]  # already above the card's first result: stays
    assert [r.unit for r in shown_after_top(above, [s("a", "a#2")])] == ["a#2", "a#1", "c#y"]
    assert shown_after_top(ranked, []) == ranked
    assert shown_after_top([s("b", "b#x")], [s("a", "a#2")]) == [s("b", "b#x")]
