"""The results page's "read as" chips (issue 22): under the box, the game, the cards and the kind
of answer the search understood, in the reader's words, each a plain link (no script needed)
that searches again without that reading; bad reading parameters are a clear 400."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

from index.vocabulary import INTENTS
from refapp.understood_chips import STRINGS, chips

WITCH_Q = "witch bewitched the king who gets the crown"


@pytest.fixture(scope="module")
def real_app(tmp_path_factory):  # type: ignore[no-untyped-def]
    import index
    from corpus.model import DATASET_PATH, load_dataset
    from refapp import create_app

    data_dir = tmp_path_factory.mktemp("understood")
    index.build(load_dataset(DATASET_PATH), data_dir)
    return create_app({"DATASET_PATH": str(DATASET_PATH), "REFAPP_DATA_DIR": str(data_dir)})


@pytest.fixture
def real(real_app):  # type: ignore[no-untyped-def]
    return real_app.test_client()  # a fresh cookie jar: the language is the default or ?lang=


def chip_links(page: str) -> list[tuple[str, str, str]]:
    """(li class, visible label, href) of each chip under the box."""
    block = page.split('<div class="understood"', 1)[1].split("</div>", 1)[0]
    found = re.findall(
        r'<li class="([^"]*)"><a class="chip uchip" href="([^"]*)"[^>]*>'
        r'<span class="uchip-label">([^<]*)</span>',
        block,
    )
    return [(cls, unescape(label), unescape(href)) for cls, href, label in found]


def ids_of(page: str) -> list[str]:
    return re.findall(r'class="result-link" href="/entries/([^"?#]+)', page)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Citadels", "Witch", "King", "Crown", "who it affects"]),
        ("zh-Hans", ["富饶之城", "女巫", "国王", "皇冠", "影响谁"]),
        ("zh-Hant", ["富饒之城", "女巫", "國王", "皇冠", "影響誰"]),
    ],
)
def test_the_chips_read_the_query_back_in_the_readers_words(real, lang, words):
    r = real.get("/search", query_string={"q": WITCH_Q, "lang": lang})
    assert r.status_code == 200
    links = chip_links(r.get_data(as_text=True))
    assert [label for _, label, _ in links] == words
    assert [cls for cls, _, _ in links] == [  # each chip ends with the mark joining the next one
        "u-game then-dot",
        "u-name then-plus",
        "u-name then-plus",
        "u-name then-dot",
        "u-intent",
    ]
    for _, label, href in links:
        assert "/" not in label and "target" not in label and "vocabulary" not in label  # no ids or settings
        assert href.startswith("/search?q=")


def test_tapping_the_game_off_searches_both_games(real):
    page = real.get("/search", query_string={"q": WITCH_Q, "lang": "en"}).get_data(as_text=True)
    assert "dominion/witch" not in ids_of(page)[:3]
    _, label, href = chip_links(page)[0]
    assert label == "Citadels" and parse_qs(urlsplit(href).query) == {"q": [WITCH_Q], "game": ["any"]}
    both = real.get(href).get_data(as_text=True)  # in English still: ?lang= set the cookie
    assert {"citadels/witch", "dominion/witch"} <= set(ids_of(both)[:3])
    first = chip_links(both)[0]
    assert first[1] == "both games"  # in force now, and taking it off guesses again
    assert parse_qs(urlsplit(first[2]).query) == {"q": [WITCH_Q]}


def test_tapping_a_card_off_keeps_the_word_but_not_the_card(real):
    page = real.get("/search", query_string={"q": "金殿 村庄 几个行动"}).get_data(as_text=True)
    links = chip_links(page)
    village = next(href for _, label, href in links if label == "村镇")
    assert parse_qs(urlsplit(village).query)["plain"] == ["村庄"]
    after = real.get(village).get_data(as_text=True)
    assert "村镇" not in [label for _, label, _ in chip_links(after)]
    assert "金殿" in [label for _, label, _ in chip_links(after)]
    # a second chip taken off keeps the first: repeated parameters in a plain link
    throne = next(href for _, label, href in chip_links(after) if label == "金殿")
    assert parse_qs(urlsplit(throne).query)["plain"] == ["村庄", "金殿"]
    assert real.get(throne).status_code == 200


def test_tapping_an_intent_off_keeps_the_rest(real):
    page = real.get("/search", query_string={"q": "图书馆 什么时候 能用"}).get_data(as_text=True)
    labels = [label for _, label, _ in chip_links(page)]
    assert labels == ["图书馆", "什么时候", "能不能"]
    timing = chip_links(page)[1][2]
    after = real.get(timing).get_data(as_text=True)
    assert [label for _, label, _ in chip_links(after)] == ["图书馆", "能不能"]


def test_the_language_switch_keeps_repeated_readings(real):
    page = real.get("/search?q=金殿+村庄+几个行动&plain=村庄&plain=金殿").get_data(as_text=True)
    switch = unescape(re.search(r'href="(/lang/en\?next=[^"]+)"', page).group(1))
    back = parse_qs(urlsplit(parse_qs(urlsplit(switch).query)["next"][0]).query)
    assert back["plain"] == ["村庄", "金殿"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"q": "女巫", "plain": "图书馆"}, "is not a word of the query"),
        ({"q": "女巫", "no_intent": "why"}, "unknown intent"),
        ({"q": "女巫", "plain": ["女巫"] * 9}, "the limit is 8"),
    ],
)
@pytest.mark.parametrize(
    ("lang", "says", "link"),
    [
        ("zh-Hant", "這個連結裡的「理解為」選項與這次搜尋的字詞不符", "按原樣搜尋「女巫」"),
        ("zh-Hans", "这个链接里的“理解为”选项与这次搜索的字词不符", "按原样搜索“女巫”"),
        ("en", "The “Read as” choice in this link does not fit the words", "Search for “女巫” as typed"),
    ],
)
def test_bad_readings_are_a_clear_400_on_the_page_and_in_the_api(real, query, message, lang, says, link):
    """The page says what is wrong in the reader's words (never the API's English message) and
    links to the search as typed; the API names the problem."""
    page = real.get("/search", query_string={**query, "lang": lang})
    body = page.get_data(as_text=True)
    assert page.status_code == 400 and says in body and message not in body
    assert re.search(r'<a href="/search\?q=%E5%A5%B3%E5%B7%AB">' + re.escape(link) + "</a>", body)
    api = real.get("/api/search", query_string=query)
    assert api.status_code == 400 and message in api.get_json()["error"]


def test_a_bad_filter_beside_a_reading_is_not_blamed_on_the_reading(real):
    query = {"q": "女巫", "plain": "女巫", "game": "chess", "lang": "zh-Hant"}
    page = real.get("/search", query_string=query)
    body = page.get_data(as_text=True)
    assert page.status_code == 400 and "無法理解這個搜尋" in body and "理解為」選項" not in body


def test_the_api_takes_repeated_readings(real):
    data = real.get("/api/search?q=金殿+村庄+几个行动&plain=村庄&plain=金殿&no_intent=number").get_json()
    assert data["understood"]["names"] == [] or all(
        not {"dominion/village", "dominion/throne-room"} & set(n["ids"]) for n in data["understood"]["names"]
    )
    assert data["understood"]["intents"] == []


def test_every_intent_has_words_in_three_scripts():
    for name in INTENTS:
        row = STRINGS[f"understood.intent.{name}"]
        assert all(row.get(lang, "").strip() for lang in ("en", "zh-Hans", "zh-Hant")), name


def test_no_understood_no_chips():
    assert chips(None, "en") == []
    assert chips({"game": None, "names": [], "intents": []}, "en") == []


@pytest.mark.parametrize(
    ("typed", "shown", "not_shown"), [("禮拜堂", "禮拜堂", "礼拜堂"), ("礼拜堂", "礼拜堂", "禮拜堂")]
)
def test_an_english_reader_sees_the_other_name_in_the_script_typed(real, typed, shown, not_shown):
    page = real.get("/search", query_string={"q": typed, "lang": "en"}).get_data(as_text=True)
    first = page.split('<li class="result">', 1)[1].split("</a>", 1)[0]
    assert "Chapel" in first and shown in first and not_shown not in first


@pytest.mark.parametrize(("query", "lang", "run"), [
    ("Throne Room with Feast", "en", "pair-throne-room-feast"),
    ("what happens if I throne room a feast?", "en", "pair-throne-room-feast"),
    ("金殿配宴会", "zh-Hans", "pair-throne-room-feast"),
    ("王座厅和宴会", "zh-Hans", "pair-throne-room-feast"),  # an alias
    ("wangzuoting yanhui", "zh-Hans", "pair-throne-room-feast"),  # pinyin, as the search reads it
    ("does moat stop the witch", "en", "pair-moat-witch"),
    ("軍閥 長城", "zh-Hant", "pair-warlord-protection-great-wall"),
])
def test_the_two_cards_the_search_understood_offer_their_run(real, query, lang, run):
    page = real.get("/search", query_string={"q": query, "lang": lang}).get_data(as_text=True)
    assert 'id="pair-run"' in page and f"/scenarios/{run}" in page


def test_a_card_tapped_off_offers_no_run_with_it(real):
    page = real.get("/search?q=Throne+Room+with+Feast&lang=en").get_data(as_text=True)
    off = next(href for cls, label, href in chip_links(page) if label == "Feast")
    again = real.get(unescape(off)).get_data(as_text=True)
    assert 'id="pair-run"' not in again


def test_a_question_read_as_citadels_offers_no_dominion_run(real):
    q = "my merchant got assassinated, do I at least get the green district gold?"
    page = real.get("/search", query_string={"q": q, "lang": "en"}).get_data(as_text=True)
    assert "/scenarios/pair-merchant-gold" not in page
