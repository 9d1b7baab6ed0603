"""Passages: one per card note (even when the note is broken after a full stop), FAQ question and
answer together, numbered character descriptions with their text, and every passage keeps its
file and original line range."""

from __future__ import annotations

from corpus_fixtures import CITADELS, RULEBOOK
from hypothesis import given
from hypothesis import strategies as st

from corpus.ingest.resolve import sentence_spans


def passage_at(seeds, file, line):
    return next(p for p in seeds.passages[file] if p.first <= line <= p.last)


def test_market_note_broken_after_a_full_stop_is_one_card_passage(seeds):
    market = passage_at(seeds, RULEBOOK, 417)
    assert market.kind == "card" and (market.first, market.last) == (417, 421)
    assert market.text.startswith("Market市場——") and market.text.endswith("增加一個錢幣。")


def test_every_kingdom_card_note_of_000_is_one_passage(seeds):
    cards = [p for p in seeds.passages[RULEBOOK] if p.kind == "card"]
    assert len(cards) == 25
    assert cards[0].text.startswith("Adventurer") and cards[-1].text.startswith("Workshop")


def test_faq_question_and_answer_form_one_passage_under_its_character(seeds):
    faq = passage_at(seeds, CITADELS, 413)
    assert faq.kind == "faq" and (faq.first, faq.last) == (413, 415)
    assert faq.section == "2.盗贼"
    assert faq.text.startswith("Q：盗贼的偷窃") and "\nA：被偷窃者" in faq.text


def test_numbered_character_keeps_its_description(seeds):
    king = passage_at(seeds, CITADELS, 289)
    assert (king.first, king.last) == (289, 293) and king.text.startswith("4. 国王\n")


def test_glossary_terms_are_term_passages(seeds):
    terms = [p.text.split("–")[0].strip() for p in seeds.passages[RULEBOOK] if p.kind == "term"]
    assert terms == [
        '"+X Action(s)"', '"+X Card(s)"', '"+X "', '"+1 Buy"', '"Discard棄牌"',
        '"Trash 廢置”', '"Gain 獲得”', "“Reveal 明示”", "“Set Aside 旁置”",
    ]  # fmt: skip


def test_passages_never_overlap_and_stay_inside_their_file(seeds):
    for file, passages in seeds.passages.items():
        last = 0
        for p in passages:
            assert last < p.first <= p.last <= seeds.sources[file].line_count
            last = p.last


@given(st.text(alphabet=st.sampled_from(list("甲乙。！？，\n ”")), max_size=60))
def test_sentences_cover_the_text_in_order(text):
    spans = sentence_spans(text, 0, len(text))
    assert "".join("".join(text[s:e].split()) for s, e in spans) == "".join(text.split())
    assert all(text[s:e] == text[s:e].strip() and text[s:e] for s, e in spans)
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:], strict=False))
