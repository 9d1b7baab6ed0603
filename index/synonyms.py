"""Everyday words players type for the rulebooks' own vocabulary (query side only).

The seeds say 获胜 where a player types 赢, 抓牌 (1st edition) where another types 抽牌
(2nd edition, Citadels), 旁置 where one types 跳过. The table is data (`synonyms.yaml`): each
row lists words players `say` and the rulebook words they `mean`. `compile_table` turns the rows
into query tokens with the index's tokeniser; `expand` then adds, for a query's tokens, the
tokens searched alongside them at a lower weight. General words only, never answers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

SYNONYMS_PATH = Path(__file__).with_name("synonyms.yaml")

Tokens = Callable[[str], list[str]]  # word -> its tokens (normalised and segmented)


@dataclass(frozen=True)
class SynonymRow:
    say: tuple[str, ...]  # what players type
    means: tuple[str, ...]  # the rulebooks' words for it


def parse_rows(raw: object) -> tuple[SynonymRow, ...]:
    """Rows from the YAML document; raises ValueError naming a malformed row."""
    if not isinstance(raw, list):
        raise ValueError("synonyms: expected a list of {say: [...], means: [...]} rows")
    rows = []
    for i, r in enumerate(raw, 1):
        if not (isinstance(r, dict) and set(r) == {"say", "means"}):
            raise ValueError(f"synonyms row {i}: needs exactly the keys say and means")
        say, means = r["say"], r["means"]
        if not (isinstance(say, list) and isinstance(means, list) and say and means):
            raise ValueError(f"synonyms row {i}: say and means must be non-empty lists")
        rows.append(SynonymRow(tuple(str(w) for w in say), tuple(str(w) for w in means)))
    return tuple(rows)


@lru_cache(maxsize=4)
def load_rows(path: Path = SYNONYMS_PATH) -> tuple[SynonymRow, ...]:
    return parse_rows(yaml.safe_load(path.read_text(encoding="utf-8")))


def compile_table(
    rows: tuple[SynonymRow, ...], key_tokens: Tokens, value_tokens: Tokens
) -> dict[str, tuple[str, ...]]:
    """Query token -> tokens to search alongside it. A `say` word that is not a single token
    (`key_tokens`, precise segmentation) could never be looked up and is left out."""
    table: dict[str, list[str]] = {}
    for row in rows:
        values = [t for w in row.means for t in value_tokens(w)]
        for word in row.say:
            keys = key_tokens(word)
            if len(keys) == 1:
                bucket = table.setdefault(keys[0], [])
                bucket += [v for v in values if v not in bucket and v != keys[0]]
    return {k: tuple(v) for k, v in table.items()}


def expand(tokens: list[str], table: Mapping[str, tuple[str, ...]]) -> list[str]:
    """Tokens that stand for the query's everyday words, not already among them."""
    have = set(tokens)
    return list(dict.fromkeys(s for t in tokens for s in table.get(t, ()) if s not in have))
