"""What "Also called" shows: an entry's aliases are other names of the thing; search-only phrases
(questions, inflections, related words) live in `keywords`, which the index searches the same way."""

from __future__ import annotations

import re

import pytest

from corpus.model import load_dataset

QUESTION = re.compile(r"\b(how|what|when|who|which|does|do i|can)\b|[?？吗嗎几幾谁誰]|什么|什麼", re.I)


@pytest.fixture(scope="module")
def entries():
    return load_dataset().entries


def test_faq_questions_have_no_other_names(entries):
    faqs = [e for e in entries if e.kind == "faq"]
    assert faqs
    assert [(e.id, e.aliases) for e in faqs if e.aliases] == []


def test_no_alias_is_a_question(entries):
    assert [(e.id, a) for e in entries for a in e.aliases if QUESTION.search(a)] == []


def test_no_word_is_both_an_alias_and_a_keyword(entries):
    assert [(e.id, w) for e in entries for w in set(e.aliases) & set(e.keywords)] == []


@pytest.mark.parametrize(
    "entry_id, phrase",
    [
        ("dominion/faq/chapel-trash-itself", "chapel trash itself"),
        ("dominion/rules/setup", "how many curses"),
        ("dominion/terms/trash", "trashing"),
        ("citadels/rules/turn", "拿金币"),
    ],
)
def test_search_phrases_are_keywords_not_names(entries, entry_id, phrase):
    entry = next(e for e in entries if e.id == entry_id)
    assert phrase in entry.keywords and phrase not in entry.aliases


@pytest.mark.parametrize(
    "entry_id, name",
    [
        ("dominion/library", "藏书馆"),
        ("dominion/terms/trash-pile", "the trash"),
        ("dominion/rules/setup", "set-up"),
    ],
)
def test_real_alternative_names_stay_aliases(entries, entry_id, name):
    assert name in next(e for e in entries if e.id == entry_id).aliases
