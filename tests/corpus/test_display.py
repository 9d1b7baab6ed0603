"""The seeds' layout never reaches the reader: list numbers, bullets, Q：/A： labels and footnote
asterisks go; a word the seed lost comes back in brackets; a seed typo is corrected. Unit tests of
corpus.ingest.display, plus what ingestion records of each change."""

from __future__ import annotations

from corpus_fixtures import CITADELS, COPY_002, RULEBOOK
from hypothesis import given
from hypothesis import strategies as st

from corpus.ingest.display import (
    drop_heading,
    footnote_marks,
    for_reader,
    inline_enumeration,
    list_markers,
    price_list,
    restore_lost_words,
    row_table,
    unlabel_qa,
    vertical_table,
)
from corpus.ingest.resolve import Ref, resolve

NO_FILES: frozenset[str] = frozenset()


def test_a_numbered_section_heading_above_a_faq_pair_goes():
    assert drop_heading("8☆.外交官\nQ：外交官能否……？\nA：不能。") == "Q：外交官能否……？\nA：不能。"
    assert drop_heading("7.建筑师\n正文") == "正文"
    assert drop_heading("9.皇后（扩展角色）\n正文") == "正文"


def test_a_heading_alone_or_a_long_first_line_stays():
    assert drop_heading("4.国王") == "4.国王"
    assert drop_heading("1. 有王冠的玩家拿取8张角色卡，面朝下洗混。\n2. 下一步").startswith("1. 有王冠")


def test_a_question_and_its_answer_become_one_paragraph_without_labels():
    assert unlabel_qa("Q：军阀可以摧毁自己的地区么？\nA：可以。") == "军阀可以摧毁自己的地区么？可以。"
    assert unlabel_qa("Q: Can he?\nA: Yes.") == "Can he? Yes."


def test_a_lone_answer_or_question_just_loses_its_label():
    assert unlabel_qa("A：不可以。") == "不可以。"
    assert unlabel_qa("Q：可以么？") == "可以么？"


def test_text_without_labels_is_unchanged():
    assert unlabel_qa("拿金币。\n或者抽牌。") == "拿金币。\n或者抽牌。"


def test_a_single_list_item_loses_its_number_or_bullet():
    assert list_markers("1. 有王冠的玩家先选。") == "有王冠的玩家先选。"
    assert list_markers("o 建设：接着……") == "建设：接着……"


def test_a_list_keeps_its_order_with_typographic_markers():
    assert list_markers("角色：\n1. 刺客\n2. 盗贼\n9.皇后") == "角色：\n① 刺客\n② 盗贼\n⑨ 皇后"
    assert list_markers("奖分：\no 五色\no 最先") == "奖分：\n• 五色\n• 最先"


def test_a_list_run_into_a_sentence_gets_circled_numbers():
    text = "执行以下其中一项行动： 1.与另一名玩家交换所有手牌。或者2.选择弃掉手上的地区卡。"
    expected = "执行以下其中一项行动：①与另一名玩家交换所有手牌。或者②选择弃掉手上的地区卡。"
    assert inline_enumeration(text) == expected
    assert inline_enumeration("建筑费用是6 枚金币，得2.5分") == "建筑费用是6 枚金币，得2.5分"


def test_a_table_flattened_to_one_cell_per_line_is_shown_as_rows():
    flat = "说明。\n玩家数目\n面向上的卡\n面向下的卡\n3\n2‡\n1\n4\n2‡\n1\n† 注"
    assert vertical_table(flat) == "说明。\n玩家数目｜面向上的卡｜面向下的卡\n3｜2‡｜1\n4｜2‡｜1\n† 注"


def test_short_lines_and_counts_are_not_a_table():
    assert vertical_table("角色卡：\n刺客\n盗贼\n3") == "角色卡：\n刺客\n盗贼\n3"


def test_rows_of_space_separated_cells_keep_a_visible_separator():
    rows = "地区 颜色\n宗教地区 蓝色\n军事地区 红色"
    assert row_table(rows) == "地区｜颜色\n宗教地区｜蓝色\n军事地区｜红色"
    counts = "66 张『地区卡』\n30 枚金币\n8 张『角色卡』"
    assert row_table(counts) == counts
    assert row_table("每有 一个宗教地区可得一枚金币。") == "每有 一个宗教地区可得一枚金币。"


def test_a_label_and_its_value_in_list_form_read_as_one_line():
    assert list_markers("- 适用版本\n- 适用于第二版基础盒。") == "适用版本：适用于第二版基础盒。"
    assert list_markers("- 先手\n- 后手") == "• 先手\n• 后手"


def test_a_price_list_run_together_gets_separators():
    line = "商业地区 (20 张)神庙 1 元 3 张 了望塔1 元 3 张 庄园 3 元 5 张\n特别地区"
    assert price_list(line) == "商业地区 (20 张)\n神庙 1 元 3 张；了望塔1 元 3 张；庄园 3 元 5 张\n特别地区"
    assert price_list("抽取2 张 新的地区卡") == "抽取2 张 新的地区卡"


def test_numbers_that_are_not_list_markers_stay():
    assert list_markers("66 张『地区卡』\n30 枚金币") == "66 张『地区卡』\n30 枚金币"


def test_a_lost_word_is_restored_as_a_plain_word_and_reported():
    text, edits = restore_lost_words("规则上写明只能摧毁**玩家的地区。")
    assert text == "规则上写明只能摧毁其他玩家的地区。"
    assert [(e.kind, e.reading, e.shown) for e in edits] == [("restored", "**玩家", "其他玩家")]


def test_a_lost_word_before_an_unknown_word_is_left_for_the_scan_to_report():
    text, edits = restore_lost_words("摧毁**城市")
    assert text == "摧毁**城市" and edits == []


def test_footnote_marks_with_their_footnote_become_daggers():
    table = "3\n2**\n1\n7*\n* 参考3人规则。\n** 国王卡不可以面朝上。"
    assert footnote_marks(table) == "3\n2‡\n1\n7†\n† 参考3人规则。\n‡ 国王卡不可以面朝上。"


def test_footnote_marks_without_their_footnote_go():
    assert footnote_marks("** 国王卡一定不可以……") == "国王卡一定不可以……"
    assert footnote_marks("每有一个宗教地区可得一枚金币*。") == "每有一个宗教地区可得一枚金币。"


def test_the_throne_room_typo_is_corrected_in_both_scripts_of_the_rulebook():
    files = frozenset({RULEBOOK, COPY_002})
    hans, edits = for_reader("如果你的对一个金殿用了金殿，那么", files)
    hant, _ = for_reader("如果你的對一個金殿用了金殿，那麼", files)
    assert hans == "如果你对一个金殿用了金殿，那么" and hant == "如果你對一個金殿用了金殿，那麼"
    assert [e.kind for e in edits] == ["corrected"]


def test_the_attack_timing_typo_reads_if_not_join():
    # 'Experienced players start their turn early; but *if* someone plays an Attack, everyone
    # finishes the previous clean-up first': the seed wrote 加入 (join) for 假如 (if).
    files = frozenset({RULEBOOK, COPY_002})
    hans, edits = for_reader("不过，加入有人打出了一张攻击卡牌", files)
    hant, _ = for_reader("不過，加入有人打出了一張攻擊卡牌", files)
    assert hans == "不过，假如有人打出了一张攻击卡牌" and hant == "不過，假如有人打出了一張攻擊卡牌"
    assert [e.kind for e in edits] == ["corrected"]
    assert for_reader("加入新工具", files)[0] == "加入新工具"  # 加入 meaning 'add' stays


def test_the_thief_reveals_from_the_deck_not_the_hand():
    files = frozenset({RULEBOOK, COPY_002})
    text = "仅剩一张牌的游戏者明示这最后一张牌，然后洗牌并明示另一张；一张手牌都没有的游戏者洗牌并明示两张。"
    shown, edits = for_reader(text, files)
    assert "一张牌都没有的游戏者" in shown and "手牌" not in shown
    assert [e.kind for e in edits] == ["corrected"]


def test_an_erratum_applies_only_to_the_seed_it_belongs_to():
    assert for_reader("如果你的对一个金殿用了金殿", frozenset({CITADELS}))[0] == "如果你的对一个金殿用了金殿"


PLAIN = st.text(alphabet=st.sampled_from("金币地区玩家可以。，？ab"), max_size=30)


@given(PLAIN)
def test_plain_text_passes_through_unchanged(text):
    assert for_reader(text, NO_FILES) == (text, [])


@given(st.lists(PLAIN.filter(lambda t: t.strip()), min_size=1, max_size=5))
def test_reading_twice_changes_nothing_more(lines):
    text = "\n".join(f"Q：{t}" if i % 2 == 0 else f"{i}. {t}" for i, t in enumerate(lines))
    once, _ = for_reader(text, NO_FILES)
    assert for_reader(once, NO_FILES)[0] == once


# --- what ingestion makes of real seed passages --------------------------------------------------


def test_a_citadels_faq_pair_resolves_to_a_ruling_a_reader_can_read(seeds):
    found = resolve(Ref(CITADELS, 531, 535), seeds)
    expected = "外交官能否强制其他玩家接收一个重复的区域？不能。除非该玩家已建造采石场。"
    assert found.text["zh-Hans"] == expected
    assert found.text["zh-Hant"].startswith("外交官能否強制其他玩家")


def test_the_seeds_reading_of_a_restored_word_stays_in_the_variants(seeds):
    found = resolve(Ref(CITADELS, 613, 613), seeds)
    (variant,) = [v for v in found.variants if v.get("editorial") == "restored"]
    assert variant["readings"] == {CITADELS: "**玩家"} and variant["shown"] == "其他玩家"
    assert variant["lines"] == {CITADELS: [613, 613]}


def test_the_throne_room_typo_keeps_both_copies_readings(seeds):
    found = resolve(Ref(RULEBOOK, 501, 505), seeds)
    assert "如果你对一个金殿用了金殿" in found.text["zh-Hans"]
    (variant,) = [v for v in found.variants if v.get("editorial") == "corrected"]
    assert variant["readings"] == {
        RULEBOOK: "如果你的對一個金殿用了金殿",
        COPY_002: "如果你的对一个金殿用了金殿",
    }
