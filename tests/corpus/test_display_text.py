"""What a reader sees of the seeds' wording: no conversion slips, no stray spaces, no labels."""

from __future__ import annotations

import re

from corpus.ingest.normalise import to_traditional
from corpus.model import load_dataset


def test_adverb_zhi_stays_zhi_in_traditional():
    # OpenCC s2tw reads 是只/多只 as the measure word 隻; in rules text it means "only".
    assert to_traditional("但是只能执行一次") == "但是只能執行一次"
    assert to_traditional("最多只能建4个地区") == "最多只能建4個地區"


def test_measure_word_zhi_still_becomes_zhi_measure():
    assert to_traditional("一只猫") == "一隻貓"


def all_chinese_texts():
    for entry in load_dataset().entries:
        for lang in ("zh-Hans", "zh-Hant"):
            yield entry.id, entry.text.get(lang, "")
            for ruling in entry.rulings:
                yield f"{entry.id}#{ruling.id}", ruling.text.get(lang, "")


def test_no_dataset_text_has_a_space_between_two_chinese_characters():
    bad = [(i, t) for i, t in all_chinese_texts() if re.search(r"[\u4e00-\u9fff] +[\u4e00-\u9fff]", t)]
    assert bad == []


def test_faq_answers_carry_no_answer_label():
    bad = [(i, t[:10]) for i, t in all_chinese_texts() if t.startswith(("A：", "A:", "答："))]
    assert bad == []


def test_no_adverb_zhi_was_converted_to_the_measure_word():
    bad = [(i, t) for i, t in all_chinese_texts() if re.search(r"(是|多)隻(能|有|要)", t)]
    assert bad == []
