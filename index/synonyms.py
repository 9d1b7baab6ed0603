"""Everyday words players type for the rulebooks' own vocabulary (query side only).

The seeds say 获胜 where a player types 赢, 抓牌 (1st edition) where another types 抽牌
(2nd edition, Citadels), 旁置 where one types 跳过. The rows are data (the `synonyms` section of
`vocabulary.yaml`): each lists words players `say` and the rulebook words they `mean`.
`compile_table` turns the rows into query tokens with the index's tokeniser; `expand` then adds,
for a query's tokens, the tokens searched alongside them at a lower weight.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from index.vocabulary import VOCABULARY, SynonymRow, parse_rows

Tokens = Callable[[str], list[str]]  # word -> its tokens (normalised and segmented)

__all__ = ["SynonymRow", "compile_table", "expand", "load_rows", "parse_rows"]


def load_rows() -> tuple[SynonymRow, ...]:
    return VOCABULARY.synonyms


def compile_table(
    rows: tuple[SynonymRow, ...], key_tokens: Tokens, value_tokens: Tokens
) -> dict[str, tuple[str, ...]]:
    """Query token -> tokens to search alongside it. A `say` word that is not a single token
    (`key_tokens`, precise segmentation) could never be looked up and is left out."""
    table: dict[str, list[str]] = {}
    for row in rows:
        values = [t for w in row.means for t in value_tokens(w)]
        # Our English texts are written in everyday words too (a character is 'killed'), so an
        # English word also stands for the row's other English words ('murdered' finds 'killed').
        english = [t for w in row.say if w.isascii() for t in value_tokens(w)]
        for word in row.say:
            keys = key_tokens(word)
            if len(keys) == 1:
                bucket = table.setdefault(keys[0], [])
                alike = english if word.isascii() else []
                bucket += [v for v in values + alike if v not in bucket and v != keys[0]]
    return {k: tuple(v) for k, v in table.items()}


def expand(tokens: list[str], table: Mapping[str, tuple[str, ...]]) -> list[str]:
    """Tokens that stand for the query's everyday words, not already among them."""
    have = set(tokens)
    return list(dict.fromkeys(s for t in tokens for s in table.get(t, ()) if s not in have))
