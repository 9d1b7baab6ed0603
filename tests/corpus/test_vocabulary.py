"""One vocabulary: every word a player, the demo board or the narration uses for a zone or thing
of the table is a name or a search alias of exactly one glossary (term) entry of its game, whose
names are the canonical word per script."""

from __future__ import annotations

from collections import defaultdict

import pytest

from corpus.model import LANGS, Entry, load_dataset

# (glossary entry, word): the words players and our own board/narration use for each concept.
WORDS = [
    ("dominion/terms/trash-pile", w)
    for w in ["垃圾牌堆", "废弃堆", "廢棄堆", "移除区", "移除區", "垃圾堆", "the trash", "trash pile"]
] + [
    ("dominion/terms/supply", w) for w in ["补充资源", "補充資源", "供应区", "供應區", "供应", "supply"]
] + [
    ("dominion/terms/set-aside", w) for w in ["旁置", "放在一旁", "放置一旁", "set aside"]
] + [
    ("dominion/terms/play-area", w) for w in ["游戏区域", "场上", "場上", "已打出", "in play", "play area"]
] + [
    ("dominion/terms/deck", w) for w in ["牌库", "牌庫", "deck"]
] + [
    ("dominion/terms/discard-pile", w) for w in ["弃牌堆", "棄牌堆", "discard pile"]
] + [
    ("dominion/terms/hand", w) for w in ["手牌", "hand"]
] + [
    ("citadels/terms/crown", w) for w in ["皇冠", "王冠", "皇冠卡", "crown"]
] + [
    ("citadels/terms/bank", w) for w in ["银行", "銀行", "bank"]
] + [
    ("citadels/terms/gold", w) for w in ["金币", "金幣", "gold"]
] + [
    ("citadels/terms/district-deck", w) for w in ["地区牌堆", "地區牌堆", "牌堆", "district deck"]
] + [
    ("citadels/terms/city", w) for w in ["城市", "city"]
]  # fmt: skip


def words_of(entry: Entry) -> set[str]:
    return {w.lower() for w in [*entry.names.values(), *entry.aliases]}


@pytest.fixture(scope="module")
def terms() -> dict[str, Entry]:
    return {e.id: e for e in load_dataset().entries if e.kind == "term"}


@pytest.mark.parametrize("term_id, word", WORDS)
def test_each_word_for_a_concept_finds_its_glossary_entry(terms, term_id, word):
    assert word.lower() in words_of(terms[term_id])


def test_no_word_names_two_glossary_entries_of_one_game(terms):
    owners: dict[tuple[str, str], set[str]] = defaultdict(set)
    for entry in terms.values():
        for word in words_of(entry):
            owners[(entry.game, word)].add(entry.id)
    assert {k: v for k, v in owners.items() if len(v) > 1} == {}


def test_each_glossary_entry_has_its_own_canonical_name_per_script(terms):
    for lang in LANGS:
        names = defaultdict(list)
        for entry in terms.values():
            names[(entry.game, entry.names[lang])].append(entry.id)
        assert {k: v for k, v in names.items() if len(v) > 1} == {}, lang


def test_both_games_have_a_glossary(terms):
    assert {e.game for e in terms.values()} == {"dominion", "citadels"}
