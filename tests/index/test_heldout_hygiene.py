"""The held-out files stay held out: their answers (and the dev files') name rulings that exist,
and the players' questions the index is built from hold no copy or near copy of a held-out
question."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml

from corpus.model import load_dataset
from index import normalise, tokenise

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from eval_search import DEVS, HELDOUTS, load_heldout  # noqa: E402

NEAR = 0.6  # word overlap (Jaccard over the words, scripts folded) that counts as a near copy


def words(text: str) -> frozenset[str]:
    return frozenset(t for t in tokenise(normalise(text)) if t.strip())


def overlap(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 0.0


def bank_questions() -> list[tuple[str, str]]:
    out = []
    for path in sorted((ROOT / "corpus" / "questions").glob("*/*.yaml")):
        for key, questions in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).items():
            out += [(f"{path.relative_to(ROOT)} {key}", q) for q in questions]
    return out


@pytest.fixture(scope="module")
def units() -> set[str]:
    found = set()
    for e in load_dataset().entries:
        found.add(e.id)
        found |= {f"{e.id}#{r.id}" for r in e.rulings}
    return found


@pytest.mark.parametrize("path", HELDOUTS + DEVS, ids=lambda p: p.name)
def test_every_held_out_and_dev_answer_names_a_ruling_that_exists(path, units):
    missing = [(j.q, a) for j in load_heldout(path) for a in j.units() if a not in units]
    assert missing == []


@pytest.mark.parametrize("path", HELDOUTS, ids=lambda p: p.name)
def test_no_players_question_is_a_near_copy_of_a_held_out_question(path):
    held = [(j.q, words(j.q)) for j in load_heldout(path)]
    near = []
    for where, q in bank_questions():
        mine = words(q)
        near += [(where, q, h) for h, theirs in held if overlap(mine, theirs) >= NEAR]
    assert near == []


def test_the_near_copy_check_finds_a_planted_copy():
    a = words("王座厅套王座厅是打四次吗")
    assert overlap(a, words("王座廳套王座廳是打四次嗎")) == 1.0  # the other script is the same question
    assert overlap(words("can chapel trash itself"), words("can the chapel trash itself?")) >= NEAR
    assert overlap(words("can chapel trash itself"), words("how many curses in a 3 player game")) < NEAR
