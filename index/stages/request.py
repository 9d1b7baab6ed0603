"""Stage 1, the request: what a search was asked, checked and parsed (`read_request`): the
language, the limit, the box's filters merged with the given ones, its free text and quoted
phrases normalised, and the kinds of answer it asks for. Bad input is a QueryError."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from index.errors import QueryError
from index.filters import Filters
from index.normalise import normalise
from index.query import ParsedQuery, Without, parse_lang, parse_limit, parse_query
from index.tokenise import Tokeniser
from index.understood import ANY_GAME
from index.vocabulary import asked_intents


@dataclass(frozen=True)
class Request:
    query: str  # as typed
    lang: str  # one of corpus.languages.LANGS
    limit: int
    parsed: ParsedQuery  # game=any taken out of its filters
    any_game: bool  # game=any: neither a game filter nor a game guessed
    norm: str  # the free text, normalised
    phrases: list[str]  # the quoted phrases, normalised
    phrase_tokens: list[list[str]]  # ... each as exact tokens
    asked: tuple[str, ...]  # the kinds of answer asked for (vocabulary intents), less those taken off
    without: Without

    @property
    def filters(self) -> Filters:
        return self.parsed.filters

    @property
    def browse(self) -> bool:
        """Filters without text: a list of entries, not a search."""
        return not self.norm and not any(self.phrase_tokens)


def read_request(
    query: object,
    lang: str | None,
    filters: Mapping[str, str] | Filters | None,
    limit: int | str | None,
    without: Without,
    tokeniser: Tokeniser,
) -> Request:
    """The request, or a QueryError saying what is wrong with it."""
    if not isinstance(query, str):
        raise QueryError("the query must be text")
    lang = parse_lang(lang)
    count = parse_limit(limit)
    parsed = _parsed(query, filters)
    any_game = parsed.filters.game == ANY_GAME
    if any_game:
        parsed = replace(parsed, filters=replace(parsed.filters, game=None))
    norm = normalise(parsed.text)
    phrases = [normalise(p) for p in parsed.phrases]
    phrase_tokens = [tokeniser.exact_tokens(p) for p in phrases if p]
    if not norm and not any(phrase_tokens):
        if not query.strip() and parsed.filters.is_empty():
            raise QueryError(
                "type something to search for: a name, a rules question or a filter (game:citadels)"
            )
        if without.plain:
            raise QueryError("plain= takes a word of the query, and this search has none")
    asked = tuple(i for i in asked_intents(norm) if i not in without.intents)
    return Request(query, lang, count, parsed, any_game, norm, phrases, phrase_tokens, asked, without)


def _parsed(query: str, filters: Mapping[str, str] | Filters | None) -> ParsedQuery:
    """The box parsed, with filters given as parameters (a Filters: already checked)."""
    if isinstance(filters, Filters):
        parsed = parse_query(query)
        return ParsedQuery(
            parsed.text, parsed.phrases, filters.merged(parsed.filters), filters, parsed.inline
        )
    return parse_query(query, dict(filters or {}))
