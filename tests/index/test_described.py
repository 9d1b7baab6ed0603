"""Cards described rather than named ('the 6 cost card that gains a card up to 5', '会偷钱的那个
角色'): what a description is, what it says of the card, which card it is read as, and what the
search then answers and shows as understood."""

from __future__ import annotations

import pytest

from index.analysis import NameMatch, QueryAnalysis
from index.described import (
    CardChoice,
    CardsMeant,
    allowed_cards,
    find_descriptions,
    holding_items,
    plus_items,
    quoted_card,
    read_description,
    with_described,
)
from index.lexicon import NameForm
from index.normalise import normalise
from index.query import Without
from index.ranking import WEIGHTS
from index.stages.clauses import query_clauses
from index.stages.described import rank_cards
from index.unit_scores import score_units_and_opinion

DISTRICT = {"noble", "religious", "trade", "military", "special"}  # what 'district' / 建筑 says of a card
CARDS = {
    "dominion/artisan": {"kind": "card", "game": "dominion", "cost": 6, "types": ["action"]},
    "dominion/gold": {"kind": "card", "game": "dominion", "cost": 6, "types": ["treasure"]},
    "dominion/gardens": {"kind": "card", "game": "dominion", "cost": 4, "types": ["victory"]},
    "dominion/smithy": {"kind": "card", "game": "dominion", "cost": 4, "types": ["action"]},
    "citadels/thief": {"kind": "card", "game": "citadels", "cost": None, "types": ["character"]},
    "citadels/market": {"kind": "card", "game": "citadels", "cost": 2, "types": ["trade"]},
    "dominion/adventurer": {
        "kind": "card",
        "game": "dominion",
        "cost": 6,
        "types": ["action"],
        "editions": ["1e"],
    },
    "dominion/terms/gain": {"kind": "term", "game": "dominion", "types": []},
}


def described(text: str):
    return find_descriptions(normalise(text))


@pytest.mark.parametrize(
    ("text", "words", "cost", "types", "noun_types"),
    [
        (
            "the 6 cost card that gains a card up to 5, does it go to my hand",
            "gains a card up to 5",
            6,
            set(),
            set(),
        ),
        ("the green 4-cost card that counts your cards", "counts your cards", 4, {"victory", "trade"}, set()),
        ("the one that costs $5 and trashes a copper", "and trashes a copper", 5, set(), set()),
        ("the character who steals, can he target the witch", "steals", None, set(), {"character"}),
        # 'has to' says 'must': the clause goes on past it
        (
            "the district where everyone has to pay one more does it count",
            "everyone has to pay one more",
            None,
            set(),
            DISTRICT,
        ),
        (
            "the purple one that lets you keep both cards",
            "lets you keep both cards",
            None,
            {"special"},
            set(),
        ),
        # said before the noun, with no clause after it: a cost and what the card does
        ("the $2 discard x draw x card, can it count itself", "discard x draw x", 2, set(), set()),
        ("is the 4 cost trashing card any good", "trashing", 4, set(), set()),
        # the determiner left off where the question opens with the card; a cost said in coins
        ("card that keeps flipping till you find 2 treasures", "keeps flipping till you find 2 treasures",
         None, set(), set()),
        (
            "the 2 coin card where you dump some cards and draw that many",
            "you dump some cards and draw that many",
            2,
            set(),
            set(),
        ),
        ("那張5塊、把錢幣升級的卡，換到的銀幣能花嗎", "把钱币升级", 5, set(), set()),
        ("那張3費+2錢、會棄牌庫頂的卡翻到村莊", "+2钱 会弃牌库顶", 3, set(), set()),
        ("殺手殺了商人，會偷錢的那個角色也喊商人", "会偷钱", None, set(), {"character"}),
        ("對手有那張讓軍閥多付一塊的紫色建築", "让军阀多付一块", None, {"special"}, {"special"}),
        ("對手有那張讓軍閥多付一塊的建築", "让军阀多付一块", None, set(), DISTRICT),
        # Cantonese: 嗰 (folded to 𠮶) for 那, 嘅 for 的
        ("嗰張有幾多堆空就要棄幾多張嘅牌，空堆多過手牌點算", "有几多堆空就要弃几多张", None, set(), set()),
        # a limit the card sets is not its cost: the card gained costs 4 at most
        ("获得一张4费以内卡的那个，能自己贴钱拿5费吗", "获得一张4费以内卡", None, set(), set()),
        (
            "那张5块的加一卡一行动一购买一块钱的 那一块钱怎么用",
            "的加一卡一行动一购买一块钱",
            5,
            set(),
            set(),
        ),  # 的, no noun
    ],
)
def test_a_description_says_what_the_card_does_costs_and_is(text, words, cost, types, noun_types):
    (d,) = described(text)
    assert d.words.split() == words.split()
    assert (d.cost, set(d.types), set(d.noun_types)) == (cost, types, noun_types)
    span = normalise(text)[d.start : d.end]
    opens = ("the", "card", "那", "会", "𠮶", "获得")  # 𠮶: Cantonese 嗰 'that', folded
    assert span.startswith(opens) and all(w in span for w in words.split())


@pytest.mark.parametrize(
    ("typed", "words", "read_on"),
    [
        (
            "the card which reveals until two treasures: deck ran out, the revealed cards go in?",
            "reveals until two treasures",
            "reveals until two treasures deck ran out the revealed cards",
        ),
        ("the attack that gives me gold, others lose a treasure", "gives me gold", None),
        (
            "the action that gives +1 coin for silver; a silver already played",
            "gives +1 coin for silver",
            "gives +1 coin for silver a silver already played",
        ),
    ],
)
def test_an_english_description_ends_where_its_clause_ends_as_typed(typed, words, read_on):
    """Normalising makes punctuation spaces; the query as typed says where the clause ended.
    Without it the description reads on, to a clause word or MAX_CLAUSE_WORDS."""
    text = normalise(typed)
    (d,) = find_descriptions(text, typed)
    assert d.words == words
    assert text[d.start : d.end].endswith(words)
    (whole,) = find_descriptions(text)
    assert whole.words == (read_on or whole.words) and whole.words != words


def test_a_description_with_a_word_corrected_since_it_was_typed_reads_on():
    """A word corrected after typing ('reveels') is in no piece as typed: the clause cannot be
    placed, and the description is read as if no punctuation were known."""
    typed = "the card that reveels until two treasures, deck ran out"
    (d,) = find_descriptions(normalise(typed).replace("reveels", "reveals"), typed)
    assert d.words == "reveals until two treasures deck ran out"


@pytest.mark.parametrize(
    "text",
    [
        "can i gain a card that costs 5 with workshop",  # a card, not the card: any card
        "the card is gone, what now",  # no clause saying what it does
        "what does the thief do",
        "我打了+2块的牌",  # no 那张
        "那张牌是我的吗",  # 那张 then a noun: no description left unsaid
        "the 5 cost card, can i gain it",  # a cost alone, before the noun: many cards
        "the first action card i play",  # words alone, before the noun
        "can i split the 6 into a 2 cost card and a 4 cost card",  # 'a' starts another phrase
    ],
)
def test_what_is_not_a_description(text):
    assert described(text) == []


def test_what_a_description_says_narrows_the_cards_it_may_mean():
    (six,) = described("the 6 cost card that gains a card")
    assert allowed_cards(six, CARDS) == ["dominion/artisan", "dominion/gold", "dominion/adventurer"]
    assert allowed_cards(six, CARDS, edition="1e") == ["dominion/adventurer"]  # '1st ed' said in the question
    (green,) = described("the green 4 cost card that counts")
    assert allowed_cards(green, CARDS) == ["dominion/gardens"]
    (character,) = described("the character who steals")
    assert allowed_cards(character, CARDS) == ["citadels/thief"]
    (card,) = described("the card that steals")
    assert allowed_cards(card, CARDS, game="citadels") == ["citadels/thief", "citadels/market"]


def test_the_cards_a_description_may_mean_are_made_once_for_what_it_says():
    """`CardsMeant` answers as `allowed_cards` does, and keeps each answer: two descriptions
    saying the same cost, colour and noun of the same game and edition get the same object."""
    meant = CardsMeant(CARDS)
    (six,) = described("the 6 cost card that gains a card")
    (other_six,) = described("the 6 cost card that draws")
    (card,) = described("the card that steals")
    assert list(meant(six)) == allowed_cards(six, CARDS)
    assert list(meant(six, None, "1e")) == ["dominion/adventurer"]
    assert list(meant(card, "citadels")) == allowed_cards(card, CARDS, game="citadels")
    assert meant(other_six) is meant(six)
    assert "dominion/gold" in meant(six) and "dominion/smithy" not in meant(six)
    assert isinstance(meant(six), CardChoice) and meant(six) == tuple(allowed_cards(six, CARDS))


def test_a_card_is_read_only_when_it_is_clearly_first_or_the_only_one_left():
    (six,) = described("the 6 cost card that gains a card up to 5")
    sixes = allowed_cards(six, CARDS)
    asked = []

    def ranking(scores):
        def rank_cards(words, cards):
            asked.append((words, list(cards)))
            return [(c, v) for c, v in scores if c in cards]

        return rank_cards

    clear = ranking([("dominion/terms/gain", 90.0), ("dominion/artisan", 60.0), ("dominion/gold", 20.0)])
    assert read_description(six, sixes, clear) == "dominion/artisan"  # only cards it may mean count
    assert asked == [("gains a card up to 5", ["dominion/artisan", "dominion/gold", "dominion/adventurer"])]
    assert (
        read_description(six, sixes, ranking([("dominion/artisan", 30.0), ("dominion/gold", 25.0)])) is None
    )
    assert read_description(six, sixes, ranking([])) is None
    # words reaching every card weakly name none, however far ahead the first is
    assert read_description(six, sixes, ranking([("dominion/artisan", 15.0), ("dominion/gold", 2.0)])) is None
    (green,) = described("the green 4 cost card that counts your cards")
    greens = allowed_cards(green, CARDS)
    assert read_description(green, greens, ranking([])) == "dominion/gardens"  # no search needed


def _analysis(text: str, names: list[NameMatch]) -> QueryAnalysis:
    return QueryAnalysis(text, text.split(), [], names, [], [], set(), None)


def test_the_card_described_is_named_by_its_description_and_the_names_inside_it_are_its_words():
    text = normalise("the 6 cost card that gains a card up to 5 does it go to my hand")
    gain = NameMatch(NameForm("dominion/terms/gain", "gains", "gains", False, True, "", "", ()), 21, 26)
    a = _analysis(text, [gain])
    found = with_described(a, CARDS, lambda *_: [("dominion/artisan", 50.0)], {})
    assert [(m.form.entry, text[m.start : m.end]) for m in found.names] == [
        ("dominion/artisan", "the 6 cost card that gains a card up to 5")
    ]
    assert found.groups == [frozenset({"dominion/artisan"})]
    # the reader took the reading off: its words are plain words
    plain = with_described(
        a, CARDS, lambda *_: [("dominion/artisan", 50.0)], {}, ("the 6 cost card that gains a card up to 5",)
    )
    assert plain is a
    # another chip taken off (a name inside the description, read as words) keeps the reading
    hand = with_described(a, CARDS, lambda *_: [("dominion/artisan", 50.0)], {}, ("gains",))
    assert [m.form.entry for m in hand.names] == ["dominion/artisan"]


def test_a_description_naming_its_card_reads_nothing_more():
    text = normalise("the card that i gained with smithy")
    smithy = NameMatch(NameForm("dominion/smithy", "smithy", "smithy", False, False, "", "", ()), 28, 34)
    a = _analysis(text, [smithy])
    assert with_described(a, CARDS, lambda *_: [("dominion/artisan", 50.0)], {}) is a


@pytest.mark.parametrize(
    ("query", "lang", "card"),
    [
        (
            "the 6 cost card that gains a card up to 5... does the gained card go in my hand?",
            "en",
            "dominion/artisan",
        ),
        (
            "the green 4-cost card that counts your cards, does it count my discard pile too",
            "en",
            "dominion/gardens",
        ),
        ("那張5塊、把錢幣升級的卡，換到的銀幣這回合就能拿來花喔？", "zh-Hant", "dominion/mine"),
        ("殺手殺了商人，結果會偷錢的那個角色剛好也喊商人，還偷得到嗎？", "zh-Hant", "citadels/thief"),
        ("the attack that makes everyone discard down to 3: who picks", "en", "dominion/militia"),
        # a character is a person at the table: 'the guy who', 'the lady who'
        ("the guy who takes four gold or four cards, can he build", "en", "citadels/navigator"),
        ("那张让别人弃到剩3张的攻击卡，弃哪几张是谁决定", "zh-Hans", "dominion/militia"),
        ("嗰張有幾多堆空就要棄幾多張嘅牌，空堆多過手牌點算", "zh-Hant", "dominion/poacher"),  # Cantonese
        (
            "那张5块的加一卡一行动一购买一块钱的 那一块钱怎么用",
            "zh-Hans",
            "dominion/market",
        ),  # the card unsaid
        (
            "那个让军阀拆房多付一块的紫卡 外交官换房也要多掏吗",
            "zh-Hans",
            "citadels/great-wall",
        ),  # names a character
    ],
)
def test_a_search_reads_the_card_described_and_answers_with_its_rulings(real, query, lang, card):
    found = real.search(query, lang, limit=5)
    chip = next(n for n in found.understood["names"] if n["ids"] == [card])
    assert chip["label"] == real.opened.entries[card]["names"][lang]
    assert normalise(query).startswith(chip["matched"]) or chip["matched"] in normalise(query)
    assert any(r.id == card for r in found.results[:3])
    # the chip taken off: the description's words are searched as words, no card read from them
    off = real.search(query, lang, limit=5, without=Without(plain=tuple(chip["without"]["plain"])))
    assert all(card not in n["ids"] for n in off.understood["names"])


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("+1 Card, +1 Action, +1 Buy and +$1.", [(1, "card"), (1, "action"), (1, "buy"), (1, "coin")]),
        ("+1张牌，+1行动，+1购买，+1钱币。", [(1, "card"), (1, "action"), (1, "buy"), (1, "coin")]),
        ("+2 Actions, +1 Buy and +$2. Festival draws no cards.", [(2, "action"), (1, "buy"), (2, "coin")]),
        ("do i keep the +4", []),  # a bonus, not a card's text
        ("cost+2 cards", []),  # not a '+N' of its own
    ],
)
def test_a_cards_text_gives_its_plus_items(text, items):
    assert [item for item, _, _ in plus_items(normalise(text))] == items


def test_a_quoted_text_is_the_one_card_holding_all_its_items():
    items = {
        "dominion/market": frozenset({(1, "card"), (1, "action"), (1, "buy"), (1, "coin")}),
        "dominion/laboratory": frozenset({(2, "card"), (1, "action")}),
        "dominion/sentry": frozenset({(1, "card"), (1, "action")}),
    }
    cards = list(items)
    text = normalise("+1 card +1 action +1 buy")
    assert quoted_card(text, items, cards) == ("dominion/market", 0, len(text))
    assert quoted_card(normalise("+2 cards +1 action"), items, cards)[0] == "dominion/laboratory"
    assert quoted_card(normalise("+1 card +1 action"), items, cards) is None  # Market and Sentry both
    assert quoted_card(normalise("+1 action, what then"), items, cards) is None  # one item is no card's text


def test_a_descriptions_plus_items_leave_only_the_cards_holding_them():
    items = {
        "dominion/market": frozenset({(1, "card"), (1, "action"), (1, "buy"), (1, "coin")}),
        "dominion/council-room": frozenset({(4, "card"), (1, "buy")}),
        "dominion/laboratory": frozenset({(2, "card"), (1, "action")}),
    }
    games = {**CARDS, **{e: {"kind": "card", "game": "dominion"} for e in items}}
    fives = ["dominion/market", "dominion/council-room", "dominion/laboratory"]
    assert holding_items(normalise("gives +1 buy"), items, fives, games) == fives[:2]
    assert holding_items(normalise("gives +4 cards"), items, fives, games) == ["dominion/council-room"]
    assert holding_items(normalise("gives +1 buy"), items, ["dominion/gold"], games) == []  # no treasure does
    assert holding_items(normalise("draws cards"), items, fives, games) == fives  # says no item
    # Citadels' cards say no '+N' item: a Citadels description keeps its cards.
    assert holding_items(normalise("+1 card"), items, ["citadels/market"], games) == ["citadels/market"]


@pytest.mark.parametrize(
    ("query", "card"),
    [
        ("the 5 cost card that gives +4 cards, do others draw", "dominion/council-room"),
        ("the treasure that gives +1 buy", None),  # no treasure does: not read as one
        ("the action that gives +1 buy and +2 coins", None),  # Festival and Woodcutter both
    ],
)
def test_a_description_is_read_only_as_a_card_holding_its_plus_items(real, query, card):
    names = real.search(query, "en", limit=3).understood["names"]
    read = [n["ids"] for n in names if n["matched"].startswith("the ")]
    assert read == ([[card]] if card else [])


@pytest.mark.parametrize(
    ("query", "lang", "card"),
    [
        ("+1 card +1 action +1 buy +$1", "en", "dominion/market"),
        ("+1卡牌 +1行動 +1購買 +1錢幣", "zh-Hant", "dominion/market"),
        ("+2 actions +1 buy +$2", "en", "dominion/festival"),
        ("the 5 cost card with +2 cards +1 action", "en", "dominion/laboratory"),
    ],
)
def test_a_search_for_a_cards_text_reads_that_card(real, query, lang, card):
    found = real.search(query, lang, limit=3)
    assert found.understood["names"][0]["ids"] == [card]  # read first, where the question starts
    assert card in [r.id for r in found.results[:3]]


@pytest.mark.parametrize(
    ("query", "card"),
    [
        ("+2 cards +1 action", "dominion/laboratory"),
        ("the 6 cost card that gains a card up to 5", "dominion/artisan"),
    ],
)
def test_a_card_text_or_description_alone_shows_the_card_as_its_name_alone_would(real, query, card):
    first = real.search(query, "en", limit=1).results[0]
    assert (first.id, first.ruling) == (card, None)  # the card's own text: a lookup, not a question


@pytest.mark.parametrize(
    ("query", "answer", "game"),
    [
        (
            "the 5 cost card that gives +4 cards, do others draw",
            "dominion/council-room#others-must-draw",
            "dominion",
        ),
        (
            "the 6 cost card that gains a card up to 5, does it go to my hand",
            "dominion/artisan#gains-to-hand",
            "dominion",
        ),
        (
            "the character who steals, can he target the witch?",
            "citadels/thief#not-witch-or-bewitched",
            "citadels",
        ),
    ],
)
def test_a_description_read_as_a_card_stands_for_it_as_its_name_would(real, query, answer, game):
    """As if the card's name were typed there: the description's words (costs, gaining) are not
    what the question asks, the name is, and it tells the game."""
    found = real.search(query, "en", limit=3)
    first = found.results[0]
    assert f"{first.id}#{first.ruling}" == answer
    assert found.understood["game"]["value"] == game


def test_a_colour_does_not_narrow_a_character():
    """A character has no colour: '数蓝色建筑...的角色' counts the blue districts."""
    (d,) = described("那个数蓝色建筑 还能跟最有钱的人收一块的角色")
    assert d.types == {"religious"} and d.noun_types == {"character"}
    assert allowed_cards(d, CARDS) == ["citadels/thief"]


@pytest.mark.parametrize(
    ("query", "card"),
    [
        # a card with no ability named inside is what the described card acts on
        ("the one that trashes a copper for 3 coins. can i keep my copper", "dominion/moneylender"),
        ("那张废一张铜币换3块钱的牌，手里没铜的话还能拿那3块吗？", "dominion/moneylender"),
        # 'hand' makes a Dominion guess that no purple card fits: the colour decides
        ("the purple one that gives points for cards left in your hand at the end", "citadels/map-room"),
    ],
)
def test_a_description_is_read_past_a_plain_card_and_a_wrong_guess_of_the_game(real, query, card):
    lang = "en" if query.isascii() else "zh-Hans"
    names = real.search(query, lang, limit=3).understood["names"]
    assert [card] in [n["ids"] for n in names]


def test_an_english_clause_naming_a_card_is_the_game_state_not_a_description(real):
    """'a district that the Artist had beautified' says which district, not which card: no card
    is read from it (a Chinese 那个…的紫卡 naming a character is a description)."""
    q = "The Warlord destroys a district that the Artist had beautified. How much does he pay?"
    read = {i for n in real.search(q, "en").understood["names"] for i in n["ids"]}
    assert read <= {"citadels/warlord", "citadels/artist"}, read


@pytest.mark.parametrize(
    ("query", "not_read"),
    [
        (
            "im the red guy who wrecks buildings. my own tavern is useless and has 1 cost, "
            "am i allowed to knock down my own stuff",
            "citadels/bishop",
        ),
        ("that purple building where everyone has to thank you, still works if he lost the crown?",
         "citadels/bell-tower"),
    ],
)
def test_words_that_reach_every_card_weakly_describe_none(real, query, not_read):
    """A description is read only when its words reach the card strongly (`MIN_DESCRIBED`):
    'the red guy who wrecks buildings' read the Bishop from 'wreck' alone."""
    read = {i for n in real.search(query, "en").understood["names"] for i in n["ids"]}
    assert not_read not in read, read


@pytest.mark.parametrize(
    "words", ["gains a card costing up to 5", "把手里财宝废掉 换一张最多贵3块的财宝", "steals gold"]
)
def test_the_cards_a_description_may_mean_are_scored_from_the_units_its_words_reach(real, words):
    """`rank_cards` scores each card of those given as the ranking sums an entry's units (its
    best unit, then a tenth of each other, best first), reading the units the words reach rather
    than each card: the same scores whether the cards come as a `CardChoice` or a list, for all
    the cards or a few of them, and a card the words do not reach is left out."""
    o = real.opened
    words = normalise(words)
    tokens = o.tokeniser.search_tokens(words, stop=True)
    plain = QueryAnalysis(words, list(dict.fromkeys(tokens)), [], [], [], [], set(), None)
    units = score_units_and_opinion(o, query_clauses(plain, o), None)[0].as_dict()
    cards = [e for e, meta in o.entries.items() if meta["kind"] == "card"]
    want = {}
    for card in cards:  # the sums by hand, card by card
        first, stop = o.units.units_of.span(card)
        best = sorted((v for d, v in units.items() if first <= d < stop), reverse=True)
        if best:
            want[card] = best[0] + sum(WEIGHTS.other_units_share * v for v in best[1:])
    assert len(want) >= 3
    ranked = rank_cards(words, CardChoice(cards), o)
    assert rank_cards(words, cards, o) == ranked
    assert [c for c, _ in ranked] == sorted(want, key=lambda c: (-want[c], cards.index(c)))
    assert all(v == pytest.approx(want[c]) for c, v in ranked)
    few = cards[::3]
    assert rank_cards(words, few, o) == [(c, v) for c, v in ranked if c in few]
