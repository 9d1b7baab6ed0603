"""The Whoosh schema. Text fields hold pre-tokenised, space-separated tokens (our own
tokeniser runs before Whoosh), so positions are sequential and no Whoosh analyzer touches Chinese."""

from __future__ import annotations

from whoosh.analysis import SpaceSeparatedTokenizer
from whoosh.fields import ID, KEYWORD, NUMERIC, TEXT, Schema

# Relative weight of each field in BM25F: names and aliases > rulings > body text.
# `ask`: the questions players ask that the unit answers (corpus/questions), in players' words.
FIELD_BOOSTS: dict[str, float] = {
    "name": 6.0,
    "pinyin": 5.0,
    "owner": 1.0,
    "ruling": 2.0,
    "body": 1.0,
    "ask": 4.0,  # BM25 saturates: above ~4 the weight no longer changes the dev ranking
}
TEXT_FIELDS: tuple[str, ...] = tuple(FIELD_BOOSTS)
# A unit's players' questions together, as one text (`index.stages.candidates`): scored per unit,
# like a plain BM25F engine would, beside the `ask` field's question-by-question scores.
UNIT_QUESTIONS = "asked"
UNIT_QUESTIONS_BOOST = 1.0


def make_schema() -> Schema:
    space = SpaceSeparatedTokenizer()
    text_fields = {
        name: TEXT(analyzer=space, field_boost=boost, phrase=False) for name, boost in FIELD_BOOSTS.items()
    }
    return Schema(
        id=ID(stored=True, unique=True),
        entry=ID(stored=True),
        part=ID(stored=True),
        game=ID,
        kind=ID,
        editions=KEYWORD,
        types=KEYWORD,
        cost=NUMERIC(int, signed=True),
        exact=TEXT(analyzer=space, phrase=True),
        **text_fields,
    )
