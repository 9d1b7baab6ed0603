"""Which game a query is about, from the whole question's vocabulary (the `game_words` and
`game_words_weak` sections of `vocabulary.yaml`) weighed against the names it contains.

行动牌 and 补充资源 are Dominion's vocabulary, 地区 and 皇冠 Citadels'. Each word of one game is
evidence for it (a weak word, one the other game also uses now and then, half as much); a card
name only one game has outweighs as many as six words (players of both games say 牌库 and 弃牌堆,
Dominion's rulebook words, of the Magician's deck: '魔法师丢掉的牌是放弃牌堆还是塞回牌库' is his
question), a term or rule name counts as much as a word; a name both games use (女巫,
Library) is none, and so is a name the other game's texts use as a word too ('turn', 回合;
`index.lexicon`). The game with clearly more evidence is the guess (see `index.ranking`: the
other game's entries go lower, never out). Pure functions; the table is compiled with the index's tokeniser.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from index.vocabulary import VOCABULARY, parse_game_words

__all__ = [
    "compile_game_words",
    "game_evidence",
    "guess_game",
    "infer_game",
    "load_game_words",
    "load_weak_game_words",
    "one_game_implied",
    "parse_game_words",
]

WORD_WEIGHT = 1.0  # a word of one game's vocabulary
WEAK_WORD_WEIGHT = 0.5  # ... one the other game also uses now and then
CARD_NAME_WEIGHT = 6.0  # a card (character, district) only one game has: outweighs most questions' words
OTHER_NAME_WEIGHT = 1.0  # a term, rule or FAQ of one game named
MARGIN = 1.0  # evidence one game needs over the other to be the guess
STRONG_MARGIN = 2.0  # ... to be a strong guess (see index.ranking)

GameTable = Mapping[str, tuple[str, float]]  # query token -> (game, weight)


def load_game_words() -> dict[str, tuple[str, ...]]:
    return VOCABULARY.game_words


def load_weak_game_words() -> dict[str, tuple[str, ...]]:
    return VOCABULARY.game_words_weak


def compile_game_words(
    words: Mapping[str, tuple[str, ...]],
    key_tokens: Callable[[str], list[str]],
    weak: Mapping[str, tuple[str, ...]] | None = None,
) -> dict[str, tuple[str, float]]:
    """Query token -> (game, weight). Words that are not a single token, or that two games list,
    are left out; a word listed both strong and weak for one game is strong."""
    table: dict[str, tuple[str, float]] = {}
    clash: set[str] = set()
    for source, weight in ((weak or {}, WEAK_WORD_WEIGHT), (words, WORD_WEIGHT)):
        for game, ws in source.items():
            for w in ws:
                keys = key_tokens(w)
                if len(keys) != 1:
                    continue
                if table.get(keys[0], (game,))[0] != game:
                    clash.add(keys[0])
                table[keys[0]] = (game, weight)
    return {k: v for k, v in table.items() if k not in clash}


def game_evidence(
    tokens: Iterable[str],
    table: GameTable,
    named: Iterable[frozenset[str]] = (),
    implied: Iterable[str] = (),
) -> dict[str, float]:
    """game -> evidence: the weights of the query's distinct tokens of its vocabulary, and of the
    names (`named`: the entry ids each name of the query stands for) only that game has.
    `implied`: rulebook words the query's everyday words stand for (买 -> 购买); only the strong
    words among them count, as a player's word stands for several rulebook words at once."""
    out: dict[str, float] = {}
    seen = set(tokens)
    for t in seen:
        hit = table.get(t)
        if hit is not None:
            out[hit[0]] = out.get(hit[0], 0.0) + hit[1]
    for t in set(implied) - seen:
        hit = table.get(t)
        if hit is not None and hit[1] >= WORD_WEIGHT:
            out[hit[0]] = out.get(hit[0], 0.0) + hit[1]
    for entries in named:
        of = {e.split("/", 1)[0] for e in entries}
        if len(of) == 1:
            weight = CARD_NAME_WEIGHT if any(e.count("/") == 1 for e in entries) else OTHER_NAME_WEIGHT
            game = of.pop()
            out[game] = out.get(game, 0.0) + weight
    return out


def without_cards_own_words(
    tokens: Sequence[str],
    implied: Sequence[str],
    named: Iterable[frozenset[str]],
    table: GameTable,
    card_words: Mapping[str, frozenset[str]],
) -> tuple[list[str], list[str]]:
    """`tokens` and `implied` less the words of the other game's vocabulary that the own text of
    a card the query names, a card only one game has (`card_words`: card -> the words of its
    text), holds: 'when the Magician discards some cards from his hand and draws...' says
    Magician in the Magician's own words, which are Dominion's words in the rulebooks ('discard',
    'hand'), and is a Citadels question."""
    cards = [e for g in named if len(g) == 1 for e in g if e in card_words]
    if not cards:
        return list(tokens), list(implied)
    games = {c.split("/", 1)[0] for c in cards}  # as `game_evidence` reads a name's game

    def kept(t: str) -> bool:
        hit = table.get(t)
        return hit is None or hit[0] in games or not any(t in card_words[c] for c in cards)

    return [t for t in tokens if kept(t)], [t for t in implied if kept(t)]


def one_game_implied(
    tokens: Iterable[str], synonyms: Mapping[str, tuple[str, ...]], table: GameTable
) -> list[str]:
    """The rulebook words the query's everyday words stand for (`synonyms`), leaving out those
    of a word that stands for both games' words: 块钱 'money' means Dominion's 钱币 and
    Citadels' 金币 alike, so it says nothing about which game is meant."""
    have = set(tokens)
    out: dict[str, None] = {}
    for t in tokens:
        means = [s for s in synonyms.get(t, ()) if s not in have]
        if len({table[s][0] for s in means if s in table}) < 2:
            out.update(dict.fromkeys(means))
    return list(out)


def guess_game(evidence: Mapping[str, float]) -> tuple[str | None, float]:
    """(the game with at least MARGIN more evidence than any other, that margin), or (None, 0)."""
    if not evidence:
        return None, 0.0
    ranked = sorted(evidence.items(), key=lambda kv: (-kv[1], kv[0]))
    second = ranked[1][1] if len(ranked) > 1 else 0.0
    margin = ranked[0][1] - second
    return (ranked[0][0], margin) if margin >= MARGIN else (None, 0.0)


def infer_game(tokens: Iterable[str], table: GameTable, named: Iterable[frozenset[str]] = ()) -> str | None:
    """The game the query's words and names are clearly about ('action card' names only
    Dominion's term, while 图书馆 names both games' Library and says nothing); None when there is
    no evidence, or about as much for both games."""
    return guess_game(game_evidence(tokens, table, named))[0]
