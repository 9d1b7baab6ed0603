"""Card facts agree everywhere: the engines' tables (engine/dominion/cards.py,
engine/citadels/definitions.py) and the curated corpus (corpus/curated -> dataset.json) give every
card, character and district the same cost, types/colour, copies, rank and points."""

from __future__ import annotations

import re

import pytest

from corpus.model import DATASET_PATH, load_dataset
from engine.citadels import definitions as cd
from engine.dominion.cards import CARDS


@pytest.fixture(scope="module")
def entries():
    if not DATASET_PATH.exists():
        pytest.skip("dataset not built")
    return {e.id: e for e in load_dataset().entries if e.kind == "card"}


def dominion_cards(entries):
    return {i.split("/", 1)[1]: e for i, e in entries.items() if e.game == "dominion"}


def test_the_same_dominion_cards_in_engine_and_corpus(entries):
    assert sorted(dominion_cards(entries)) == sorted(CARDS)


@pytest.mark.parametrize("slug", sorted(CARDS))
def test_dominion_cost_types_and_editions_agree(entries, slug):
    e = dominion_cards(entries).get(slug)
    assert e is not None, f"dominion/{slug} missing from the corpus"
    card = CARDS[slug]
    assert (e.cost, set(e.types), set(e.editions)) == (card.cost, set(card.types), set(card.editions))


def citadels(entries, kind):
    return {i.split("/", 1)[1]: e for i, e in entries.items()
            if e.game == "citadels" and ("character" in e.types) == (kind == "character")}


def test_the_same_citadels_characters_and_districts_in_engine_and_corpus(entries):
    assert sorted(citadels(entries, "character")) == sorted(c.slug for c in cd.CHARACTERS)
    assert sorted(citadels(entries, "district")) == sorted(x.slug for x in cd.DISTRICTS)


@pytest.mark.parametrize("character", cd.CHARACTERS, ids=lambda c: c.slug)
def test_citadels_character_rank_edition_and_income_agree(entries, character):
    e = citadels(entries, "character")[character.slug]
    assert e.extra.get("rank") == character.rank
    assert e.extra.get("expansion") == character.expansion
    # income follows the card's colour; the Alchemist's colour pays nothing (seed FAQ lines 521-523)
    colour = e.extra.get("colour")
    expected = None if character.slug == "alchemist" or colour not in cd.INCOME_COLOURS else colour
    assert character.income == expected


@pytest.mark.parametrize("district", cd.DISTRICTS, ids=lambda x: x.slug)
def test_citadels_district_cost_colour_copies_and_points_agree(entries, district):
    e = citadels(entries, "district")[district.slug]
    corpus = (e.cost, e.extra.get("colour"), e.extra.get("count"), e.extra.get("expansion"),
              e.extra.get("points", e.cost))
    engine = (district.cost, district.colour, district.count, district.expansion, district.value)
    assert corpus == engine


@pytest.mark.parametrize("slug", sorted(s for s, c in CARDS.items() if c.basic))
def test_dominion_coins_and_victory_points_agree_with_the_card_text(entries, slug):
    """The corpus states a basic card's worth only in its text ("gives $2", "Worth 3 VP")."""
    text = dominion_cards(entries)[slug].text["en"]
    coins = re.search(r"gives \$(\d+)", text)
    vp = re.search(r"Worth (-?\d+) VP\.", text)
    card = CARDS[slug]
    assert (int(coins.group(1)) if coins else 0, int(vp.group(1)) if vp else 0) == (card.coins, card.vp)
