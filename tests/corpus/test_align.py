"""The three copies of the 1st-edition rulebook are matched passage by passage after normalisation,
and every difference between copies is recorded rather than silently resolved."""

from __future__ import annotations

from corpus_fixtures import COPY_001, COPY_002, RULEBOOK
from hypothesis import given
from hypothesis import strategies as st

from corpus.ingest.align import counterpart
from corpus.ingest.normalise import fold, tidy_chinese, to_simplified, to_traditional
from corpus.ingest.resolve import Ref, resolve


def test_library_note_of_000_lands_on_the_002_copy(seeds):
    doc = seeds.documents[RULEBOOK]
    match = counterpart(seeds.alignments[(RULEBOOK, COPY_002)], *doc.span_of_lines(407, 415))
    assert match is not None and match.coverage == 1.0
    assert seeds.documents[COPY_002].lines_of_span(*match.span) == (285, 289)


def test_000_turn_overview_has_copies_in_both_001_and_002(seeds):
    resolved = resolve(Ref(RULEBOOK, 111, 111), seeds)
    assert [(s.file, s.lines) for s in resolved.sources] == [
        (RULEBOOK, (111, 111)),
        (COPY_002, (134, 134)),
        (COPY_001, (11, 11)),
    ]


def test_card_notes_beyond_001_have_no_001_copy(seeds):
    resolved = resolve(Ref(RULEBOOK, 407, 415), seeds)
    assert {s.file for s in resolved.sources} == {RULEBOOK, COPY_002}


def test_variant_character_is_recorded_and_the_traditional_reading_wins_a_tie(seeds):
    resolved = resolve(Ref(RULEBOOK, 3, 3), seeds)
    [variant] = resolved.variants
    assert variant["readings"] == {RULEBOOK: "茵", COPY_002: "荫"}
    assert variant["lines"] == {RULEBOOK: [3, 3], COPY_002: [64, 64]}
    assert variant["chosen"] == RULEBOOK
    assert "如茵绿" in resolved.text["zh-Hans"]


def test_typo_in_002_is_recorded_and_the_better_attested_reading_is_used(seeds):
    # 002 line 238 reads 弃牌对 where 000 line 315 reads 棄牌堆.
    resolved = resolve(Ref(RULEBOOK, 315, 317), seeds)
    [variant] = resolved.variants
    assert variant["readings"] == {RULEBOOK: "堆", COPY_002: "对"}
    assert variant["chosen"] == RULEBOOK and "attested" in variant["reason"]
    assert "弃牌堆" in resolved.text["zh-Hans"] and "弃牌对" not in resolved.text["zh-Hans"]
    assert "棄牌堆" in resolved.text["zh-Hant"]


def test_identical_copies_record_no_variants(seeds):
    assert resolve(Ref(RULEBOOK, 407, 415), seeds).variants == []


def test_fold_ignores_script_width_and_punctuation():
    assert fold("“Trash 廢置” –當遊戲者") == fold('"trash 废置" - 当游戏者')
    assert fold("ＡＢＣ，１２３。") == "abc123"


cjk_text = st.text(alphabet=st.sampled_from(list("遊戲者棄牌堆裏說明圖書館抓兩張牌，。！")), max_size=40)


@given(cjk_text)
def test_fold_is_idempotent_and_script_blind(text):
    assert fold(fold(text)) == fold(text)
    assert fold(to_simplified(text)) == fold(text)
    assert fold(to_traditional(to_simplified(text))) == fold(text)


def test_variant_at_the_very_end_of_a_cited_sentence_is_kept_and_recorded(seeds):
    # the differing character (堆/对) is the last word of sentence 1 of 000 lines 315-317
    resolved = resolve(Ref(RULEBOOK, 315, 317, (1, 1)), seeds)
    assert resolved.text["zh-Hans"] == "游戏者不能翻看自己的牌库或者弃牌堆。"
    assert [v["readings"] for v in resolved.variants] == [{RULEBOOK: "堆", COPY_002: "对"}]


def test_text_only_one_copy_has_is_recorded_but_kept_out_of_the_parallel_text(seeds):
    # 002 lists the components (lines 79-89) that 000 lacks between its lines 27 and 29
    resolved = resolve(Ref(RULEBOOK, 19, 47), seeds)
    [gap] = resolved.variants
    assert gap["readings"][RULEBOOK] == "" and gap["readings"][COPY_002].startswith("游戏配件\n500张卡牌")
    assert gap["lines"][COPY_002] == [79, 89] and "present only in" in gap["reason"]
    assert "500张卡牌" not in resolved.text["zh-Hans"] and "\n\n" not in resolved.text["zh-Hans"]
    assert resolved.text["zh-Hans"].count("\n") == resolved.text["zh-Hant"].count("\n")


@given(st.text(alphabet=st.sampled_from(list("选择角色，。 \n\tab（）2")), max_size=40))
def test_tidy_chinese_only_removes_whitespace_and_is_idempotent(text):
    tidy = tidy_chinese(text)
    assert tidy_chinese(tidy) == tidy
    assert "".join(tidy.split()) == "".join(text.split())


def test_tidy_chinese_keeps_paragraph_breaks_and_drops_stray_spaces():
    assert tidy_chinese("每有 一个\n地区卡：") == "每有一个\n地区卡："
    assert tidy_chinese("8 张『提示卡』 \n  地区卡") == "8 张『提示卡』\n地区卡"
    assert tidy_chinese("甲\n\n\n乙") == "甲\n\n乙"
