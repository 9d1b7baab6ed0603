"""Line repair on the real seeds: wrapped sentences become one paragraph; list items, headings,
card notes, term definitions and FAQ questions stay apart."""

from __future__ import annotations

from corpus_fixtures import CITADELS, COPY_002, RULEBOOK, seed_line
from hypothesis import given, settings
from hypothesis import strategies as st

from corpus.ingest.linerepair import block_kind, repair


def paragraph_at(seeds, file: str, line: int):
    return next(p for p in seeds.documents[file].paragraphs if p.first <= line <= p.last)


def test_000_library_note_wrapped_over_blank_separated_lines_is_one_paragraph(seeds):
    p = paragraph_at(seeds, RULEBOOK, 407)
    assert (p.first, p.last) == (407, 415)
    expected = "".join(seed_line(RULEBOOK, n).strip() for n in range(407, 416, 2))
    assert p.text == expected
    assert "新牌\n" not in p.text and p.text.endswith("能再抓牌了。")


def test_002_library_note_wrapped_without_blank_lines_is_one_paragraph(seeds):
    p = paragraph_at(seeds, COPY_002, 285)
    assert (p.first, p.last) == (285, 289)
    assert p.text == "".join(seed_line(COPY_002, n).strip() for n in range(285, 290))


def test_sentence_broken_mid_word_is_joined(seeds):
    # 000 lines 19-25: "...住" / "民和建築。"
    p = paragraph_at(seeds, RULEBOOK, 23)
    assert "王國裏的住民和建築。" in p.text
    assert (p.first, p.last) == (19, 25)


def test_card_notes_stay_separate_paragraphs(seeds):
    laboratory = paragraph_at(seeds, RULEBOOK, 403)
    library = paragraph_at(seeds, RULEBOOK, 407)
    assert laboratory is not library
    assert laboratory.kind == library.kind == "card_note"
    assert laboratory.text.startswith("Laboratory實驗室——") and laboratory.last == 405


def test_list_items_are_not_merged(seeds):
    items = [paragraph_at(seeds, COPY_002, n) for n in (135, 136, 137)]
    assert [p.kind for p in items] == ["list_item"] * 3
    assert len({id(p) for p in items}) == 3


def test_002_caret_headings_are_headings_and_not_merged(seeds):
    heading = paragraph_at(seeds, COPY_002, 248)
    assert heading.kind == "heading" and heading.text == "国王牌介绍"
    assert paragraph_at(seeds, COPY_002, 249).text.startswith("Adventurer冒险者——")


def test_term_definitions_stay_apart(seeds):
    cards = paragraph_at(seeds, RULEBOOK, 159)
    coins = paragraph_at(seeds, RULEBOOK, 165)
    assert cards.kind == coins.kind == "term"
    assert (cards.first, cards.last) == (159, 163)
    assert cards.text.startswith('"+X Card(s)" –') and "抓幾張就抓幾張。" in cards.text


def test_faq_question_and_answer_are_separate_paragraphs(seeds):
    q = paragraph_at(seeds, CITADELS, 413)
    a = paragraph_at(seeds, CITADELS, 415)
    assert (q.kind, a.kind) == ("question", "answer")


def test_003_wrapped_line_is_joined_but_single_line_paragraphs_are_not(seeds):
    p = paragraph_at(seeds, CITADELS, 69)
    assert (p.first, p.last) == (69, 71)
    assert "拥有者提供一种特殊能力" in p.text
    assert paragraph_at(seeds, CITADELS, 151) is not paragraph_at(seeds, CITADELS, 153)


def test_footnote_marker_is_removed(seeds):
    p = paragraph_at(seeds, RULEBOOK, 17)
    assert "^[1]" not in p.text and p.text.endswith("感到欣喜。")


def test_block_kinds():
    assert block_kind("Throne Room金殿——你從自己手裏") == "card_note"
    assert block_kind("“Set Aside 旁置” –當遊戲者") == "term"
    assert block_kind("Q：可以吗？") == "question"
    assert block_kind("A)行动阶段——游戏者") == "list_item"
    assert block_kind("^游戏准备") == "heading"
    assert block_kind("在行动阶段，游戏者可以打出") is None


lines_strategy = st.lists(
    st.text(alphabet=st.sampled_from(list("抓牌。，——ABC ^Q：1.\"–o")), min_size=0, max_size=50),
    min_size=1,
    max_size=30,
)


@settings(deadline=None)  # a bound on work (examples), not time: the deadline failed on a busy machine
@given(lines_strategy)
def test_repair_keeps_every_character_in_order_and_maps_each_to_its_line(lines):
    numbered = list(enumerate(lines, start=1))
    paragraphs = repair("x.txt", numbered)
    kept = "".join("".join(line.split()) for line in lines).replace("^", "")
    rebuilt = "".join("".join(p.text.split()) for p in paragraphs).replace("^", "")
    assert rebuilt == kept
    last_seen = 0
    for p in paragraphs:
        assert len(p.char_lines) == len(p.text)
        assert list(p.char_lines) == sorted(p.char_lines)
        assert p.first > last_seen
        assert all(lines[n - 1].strip() for n in set(p.char_lines))
        last_seen = p.last
