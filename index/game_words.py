"""Which game a query is about, from words only one game uses (the `game_words` section of `vocabulary.yaml`).

行动牌 and 补充资源 are Dominion's vocabulary, 地区 and 皇冠 Citadels'. A query using words of
exactly one game ranks that game's entries higher (see `index.ranking`); the other game's are
never filtered out. Pure functions; the table is compiled with the index's tokeniser.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from index.vocabulary import VOCABULARY, parse_game_words

__all__ = ["compile_game_words", "infer_game", "load_game_words", "parse_game_words"]


def load_game_words() -> dict[str, tuple[str, ...]]:
    return VOCABULARY.game_words


def compile_game_words(
    words: Mapping[str, tuple[str, ...]], key_tokens: Callable[[str], list[str]]
) -> dict[str, str]:
    """Query token -> game. Words that are not a single token, or that two games list, are
    left out."""
    table: dict[str, str] = {}
    clash: set[str] = set()
    for game, ws in words.items():
        for w in ws:
            keys = key_tokens(w)
            if len(keys) != 1:
                continue
            if table.get(keys[0], game) != game:
                clash.add(keys[0])
            table[keys[0]] = game
    return {k: g for k, g in table.items() if k not in clash}


def infer_game(
    tokens: Iterable[str], table: Mapping[str, str], named: Iterable[frozenset[str]] = ()
) -> str | None:
    """The one game whose words the query uses, or whose entries it names (`named`: the entry
    ids each name of the query stands for; 'action card' names only Dominion's term, while
    图书馆 names both games' Library and says nothing). None when there is no evidence, or
    evidence for both games."""
    games = {table[t] for t in tokens if t in table}
    for entries in named:
        of = {e.split("/", 1)[0] for e in entries}
        if len(of) == 1:
            games |= of
    return games.pop() if len(games) == 1 else None
