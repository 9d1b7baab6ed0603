"""Displayed Traditional Chinese is written as Taiwan players write it (corpus/ingest/taiwan.py,
corpus/taiwan/*.yaml), and Chinese text uses full-width punctuation between Chinese characters."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from corpus.display_contract import all_fields, dataset_fields
from corpus.ingest.taiwan import (
    Rewrite,
    full_width_punctuation,
    load_names,
    load_vocabulary,
    question_particle,
    taiwan_phrasing,
)
from corpus.model import load_dataset

# the mainland words and glyph forms the issue counted in displayed zh-Hant text
MAINLAND = ("遊戲者", "實時", "默認", "信息", "設置", "支持", "牌迭", "裏", "説")


@pytest.fixture(scope="module")
def dataset():
    return load_dataset()


@pytest.fixture(scope="module")
def vocabulary():
    return load_vocabulary()


def found(fields) -> list[str]:
    return [f"{f.where}: {w}" for f in fields if f.lang == "zh-Hant" for w in MAINLAND if w in f.text]


def test_no_mainland_word_in_the_datasets_displayed_traditional_text(dataset):
    fields = dataset_fields(dataset)
    assert sum(1 for f in fields if f.lang == "zh-Hant") > 1000
    assert found(fields) == []


def test_no_mainland_word_in_any_displayed_traditional_text(dataset):
    """Every surface: scenarios, narrated steps, interface strings, tools."""
    assert found(all_fields(dataset)) == []


@pytest.mark.parametrize(
    ("seed", "shown"),
    [
        ("每個遊戲者從牌迭裏抽牌", "每個玩家從牌疊裡抽牌"),
        ("默認設置", "預設設定"),
        ("支持實時信息", "支援即時資訊"),
        ("大聲説出", "大聲說出"),
        ("攻打併破壞", "攻打並破壞"),
        ("采石場", "採石場"),
        ("擴展角色", "擴充角色"),  # an expansion, not OpenCC's computing 擴充套件
        ("查看你牌庫頂的牌", "查看你牌庫頂的牌"),  # not OpenCC's computing 檢視
        ("盡管如此，可以看做收入", "儘管如此，可以看作收入"),
        ("《領土》的規則", "《皇輿爭霸》的規則"),
    ],
)
def test_taiwan_phrasing(vocabulary, seed, shown):
    rewrites, keep = vocabulary
    assert taiwan_phrasing(seed, rewrites, "dominion", keep) == shown


def test_a_name_rewrite_applies_to_its_own_game_only():
    rewrites = (Rewrite("刺客", "殺手", "citadels"),)
    assert taiwan_phrasing("刺客的回合", rewrites, "citadels") == "殺手的回合"
    assert taiwan_phrasing("刺客的回合", rewrites, "dominion") == "刺客的回合"


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("弃牌,然后抽牌", "弃牌，然后抽牌"),
        ("购买与获得: 购买", "购买与获得：购买"),
        ("可以吗?可以", "可以吗？可以"),
        ("先行动;再购买", "先行动；再购买"),
        ("还剩几次行动?\n如果", "还剩几次行动？\n如果"),  # ending a line
        ("花费 $2, 或 3: 不变", "花费 $2, 或 3: 不变"),  # beside Latin text and numbers: unchanged
    ],
)
def test_full_width_punctuation_between_chinese_characters(text, shown):
    assert full_width_punctuation(text) == shown


def test_taiwan_names_are_shown_with_the_old_name_kept_as_an_alias(dataset):
    entries = dataset.by_id()
    names = load_names()
    assert names
    for n in names:
        entry = entries[n.entry]
        assert entry.names["zh-Hant"] == n.name
        assert n.was in entry.aliases
    assistant = entries["citadels/assassin"]
    texts = [r.text["zh-Hant"] for r in assistant.rulings] + [assistant.text["zh-Hant"]]
    assert any("殺手" in t for t in texts) and not any("刺客" in t for t in texts)


def test_simplified_text_keeps_its_words(dataset):
    assassin = dataset.by_id()["citadels/assassin"]
    assert assassin.names["zh-Hans"] == "刺客"
    assert "刺客" in assassin.aliases  # a Taiwan reader searching the mainland name finds it


def test_an_alias_with_a_mainland_word_is_searchable_but_not_shown_to_taiwan_readers(dataset):
    from corpus.aliases import displayed_aliases

    deck = dataset.by_id()["citadels/terms/district-deck"]
    assert "牌迭" in deck.aliases
    assert "牌迭" not in displayed_aliases(deck.aliases, "zh-Hant", deck.names)


TEXT = st.text(alphabet=st.sampled_from(list("玩家牌庫棄abc12 ,;:?，。\n")), max_size=40)


@given(TEXT)
def test_full_width_punctuation_is_idempotent_and_touches_only_punctuation_and_spaces(text):
    once = full_width_punctuation(text)
    assert full_width_punctuation(once) == once
    kept = [c for c in text if c not in " ,;:?，；：？"]
    assert [c for c in once if c not in " ,;:?，；：？"] == kept


ALIASES = ["phase A", "A阶段", "A階段", "藏书馆", "皇帝", "Lab", "3", "牌迭"]


@given(st.lists(st.sampled_from(ALIASES), max_size=6))
def test_every_displayed_alias_is_an_alias_and_each_is_shown_in_at_most_its_scripts(aliases):
    from corpus.aliases import alias_scripts, displayed_aliases

    for lang in ("en", "zh-Hans", "zh-Hant"):
        shown = displayed_aliases(aliases, lang)
        assert set(shown) <= set(aliases) and len(shown) == len(set(shown))
        assert all(lang in alias_scripts(a) for a in shown)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("可以先建造圖書館，再拿地區牌麼？", "可以先建造圖書館，再拿地區牌嗎？"),
        ("這算結束麼?", "這算結束嗎?"),
        ("為什麼？", "為什麼？"),
        ("那要怎麼算？怎麼？", "那要怎麼算？怎麼？"),
        ("要塞可以保留麼？", "要塞可以保留嗎？"),
        ("什麼時候結算", "什麼時候結算"),
    ],
)
def test_a_yes_no_question_ends_in_ma_for_taiwan_readers(text, shown):
    assert question_particle(text) == shown


def test_no_displayed_traditional_question_ends_in_the_mainland_particle(dataset):
    fields = [f for f in dataset_fields(dataset) if f.lang == "zh-Hant"]
    assert [f.text for f in fields if question_particle(f.text) != f.text] == []


def test_taiwan_quotes_nest_and_straight_quotes_pair():
    from corpus.ingest.taiwan import chinese_quotes

    assert chinese_quotes("他說“跳過”的牌", taiwan=True) == "他說「跳過」的牌"
    assert chinese_quotes("規則說“稱為“跳過”的牌”", taiwan=True) == "規則說「稱為『跳過』的牌」"
    assert chinese_quotes('"Gain 獲得” –當玩家', taiwan=True) == "「Gain 獲得」 –當玩家"
    assert chinese_quotes('说"当然可以"。', taiwan=False) == "说“当然可以”。"
    assert chinese_quotes("“跳过”", taiwan=False) == "“跳过”"  # mainland quotes stay
    assert chinese_quotes("一個”沒有開頭", taiwan=True) == "一個”沒有開頭"  # unpaired: left to the contract
    # the Citadels seed quotes with 『』 at the top level
    assert chinese_quotes("不可以是『放在一旁的卡』", taiwan=True) == "不可以是「放在一旁的卡」"
    assert (
        chinese_quotes("不可以是『放在一旁的卡』，「其他」", taiwan=False) == "不可以是“放在一旁的卡”，“其他”"
    )


def test_parentheses_around_chinese_become_full_width_and_latin_words_get_a_space():
    from corpus.ingest.taiwan import full_width_parentheses, latin_spacing

    assert full_width_parentheses("選擇一個角色 (而非玩家) 並") == "選擇一個角色（而非玩家）並"
    assert full_width_parentheses("+X Card(s) 與 (20 张)") == "+X Card(s) 與（20 张）"
    assert latin_spacing("角色列表和FAQ稱他為") == "角色列表和 FAQ 稱他為"
    assert latin_spacing("+X 卡牌，3人遊戲") == "+X 卡牌，3人遊戲"  # digits stay as they are


def test_a_half_width_full_stop_ending_a_chinese_sentence_becomes_full_width():
    from corpus.ingest.taiwan import chinese_punctuation

    text = "给自己.后将牌传给(B 玩家).\n然后开始游戏!见 Card(s). 2.5"
    assert (
        chinese_punctuation(text, taiwan=False)
        == "给自己。后将牌传给（B 玩家）。\n然后开始游戏！见 Card(s). 2.5"
    )
