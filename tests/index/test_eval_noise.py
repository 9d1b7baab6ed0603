"""The noise probe (scripts/eval_noise.py) makes the typos it says: one edit inside one long English
word, one character of a Chinese card name swapped for one of the same sound."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from pypinyin import lazy_pinyin
from rapidfuzz.distance import OSA

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from eval_noise import SameSound, chinese_typo, english_typo  # noqa: E402

WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=12)


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=8), st.integers(0, 10_000))
def test_an_english_typo_is_one_edit_inside_one_long_word(words, seed):
    q = " ".join(words)
    typo = english_typo(q, random.Random(seed))
    if typo is None:
        return
    before, after = q.split(" "), typo.split(" ")
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert len(changed) == 1
    word, typed = changed[0]
    assert len(word) >= 6 and OSA.distance(word, typed) == 1
    assert (typed[0], typed[-1]) == (word[0], word[-1])


def test_short_words_get_no_typo():
    assert english_typo("can tr use it", random.Random(1)) is None


def test_a_chinese_typo_replaces_one_character_of_a_name_by_one_of_the_same_sound():
    sounds = SameSound(["长城长城长城", "成成成张张张", "城市城市城市"])  # 长 reads zhang alone, as 张
    for seed in range(20):
        typo = chinese_typo("军阀拆长城要几块", ["长城"], sounds, random.Random(seed))
        assert typo is not None and typo != "军阀拆长城要几块"
        name = typo[3:5]
        assert len(typo) == len("军阀拆长城要几块") and typo.replace(name, "长城") == "军阀拆长城要几块"
        assert [lazy_pinyin(c) for c in name] == [lazy_pinyin(c) for c in "长城"]  # each as read alone
    assert chinese_typo("军阀拆城墙", ["长城"], sounds, random.Random(1)) is None  # no name held
