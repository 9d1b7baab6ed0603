"""Parsing the query box: field filters (`game:citadels`, `edition:2e`, `type:attack`,
`kind:rule`, `cost<=4`), "quoted phrases", and the free text left over. Filters can also come
from URL parameters; both are validated here and merged into the one filter model
(`index.filters.Filters`). The readings a search is told not to make (`Without`). Pure functions."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace

from corpus.languages import DEFAULT_LANG, LANGS, LANGUAGES
from index.errors import QueryError
from index.filters import FIELDS, Filters
from index.normalise import normalise, to_simplified
from index.vocabulary import INTENTS, VOCABULARY

MAX_QUERY_CHARS = 500  # a player's post telling the situation first (the box and docs/openapi.yaml say it)

# Filter values (index/vocabulary.yaml); Traditional spellings are folded before the lookup.
GAME_VALUES = VOCABULARY.filters["game"]
EDITION_VALUES = VOCABULARY.filters["edition"]
KIND_VALUES = VOCABULARY.filters["kind"]
TYPE_VALUES = VOCABULARY.filters["type"]

_FIELD = re.compile(r"(?<![0-9a-z_])(?:([a-z]+)(:)([^\s\"]*)|(cost)\s*(<=|>=|<|>|=)\s*([^\s\"]*))")
_PHRASE = re.compile(r"\"([^\"]+)\"")
# A filter's value: ASCII letters, digits and comparisons, or a Chinese word. What follows it
# without a space is the question's ('game:citadels？谢谢', 'game:citadels😅', 'cost<=4?').
VALUE = re.compile(r"[0-9a-z<>=]+|[\u3400-\u9fff\uf900-\ufaff]+")
_LEADING_OP = re.compile(r"\s*(<=|>=|<|>|=)?\s*(.*)", re.S)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


@dataclass(frozen=True)
class Without:
    """Readings a search is told not to make (the results page's chips taken off): words of the
    query read as plain words, not as a card's name (`plain`, normalised), and intents whose
    rulings are not favoured (`intents`). The URL's `plain=` and `no_intent=`; docs/api.md."""

    plain: tuple[str, ...] = ()
    intents: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.plain or self.intents)


WITHOUT_PARAMS = ("plain", "no_intent")  # Without's URL parameters, each repeatable
MAX_PLAIN = 8  # plain= values one search takes
MAX_PLAIN_CHARS = MAX_QUERY_CHARS  # ... each a part of the query (an FAQ is named by its question)


def _values(raw: object, name: str) -> list[str]:
    """A parameter given once (text) or repeated (a list); empty values mean absent."""
    if raw is None:
        return []
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list | tuple) or not all(isinstance(v, str) for v in items):
        raise QueryError(f"{name} must be text")
    return [v for v in items if v != ""]


def parse_without(plain: object = None, no_intent: object = None) -> Without:
    """Validate `plain=` (words of the query, each read as plain words) and `no_intent=` (intent
    names); each may be given once or repeated."""
    words = _values(plain, "plain")
    if len(words) > MAX_PLAIN:
        raise QueryError(f"plain is given {len(words)} times; the limit is {MAX_PLAIN}")
    for w in words:
        if len(w) > MAX_PLAIN_CHARS:
            raise QueryError(f"plain={w[:20]!r}... is too long; each plain= is a word of the query")
    norms = [normalise(clean(w)) for w in words]
    if any(not n for n in norms):
        raise QueryError("plain= needs a word of the query (as in plain=女巫)")
    intents = _values(no_intent, "no_intent")
    for name in intents:
        if name not in INTENTS:
            raise QueryError(f"unknown intent {name[:40]!r} in no_intent; use one of: {', '.join(INTENTS)}")
    return Without(tuple(dict.fromkeys(norms)), tuple(dict.fromkeys(intents)))


@dataclass(frozen=True)
class ParsedQuery:
    text: str  # free text without filters and phrases
    phrases: tuple[str, ...] = ()
    filters: Filters = field(default_factory=Filters)  # all of them
    url: Filters = field(default_factory=Filters)  # ... given as parameters
    inline: Filters = field(default_factory=Filters)  # ... written in the box


def _pick(kind: str, table: dict[str, str], value: str) -> str:
    key = to_simplified(value.strip().casefold())
    if key in table:
        return table[key]
    allowed = ", ".join(sorted(set(table.values())))
    raise QueryError(f"unknown {kind} {value!r}; use one of: {allowed}")


def parse_cost(op: str, value: str) -> tuple[str, int]:
    op = "=" if op == ":" else op
    if not re.fullmatch(r"\d{1,2}", value.strip()):
        raise QueryError(f"cost needs a whole number from 0 to 99 (as in cost<=4), not {value!r}")
    return op, int(value)


def apply_filter(filters: Filters, name: str, op: str, value: str) -> Filters:
    """Validate one `name op value` filter and add it to `filters`."""
    if name not in FIELDS:
        raise QueryError(f"unknown field {name!r}; filters are {', '.join(FIELDS)} (as in game:citadels)")
    if name == "cost":
        leading = _LEADING_OP.fullmatch(value)  # cost:<=4 and the URL's cost=<=4
        if leading and leading.group(1):
            op, value = leading.group(1), leading.group(2)
        return filters.with_value("cost", parse_cost(op, value))
    if op != ":" and op != "=":
        raise QueryError(f"{name} takes {name}:value, not {name}{op}{value}")
    if not value:
        example = {"game": "citadels", "edition": "2e", "kind": "rule", "type": "attack"}[name]
        raise QueryError(f"{name}: needs a value (as in {name}:{example})")
    table = {"game": GAME_VALUES, "edition": EDITION_VALUES, "kind": KIND_VALUES, "type": TYPE_VALUES}[name]
    return filters.with_value(name, _pick(name, table, value))


def clean(raw: str) -> str:
    """Fold widths (so full-width ： and ＜ work as syntax) and drop control characters."""
    return _CONTROL.sub(" ", unicodedata.normalize("NFKC", raw))


_FIELD_ANY_CASE = re.compile(_FIELD.pattern, re.IGNORECASE)


def without_field(raw: str, name: str) -> str:
    """The box's text with its `name` filters (`game:citadels`; for cost, `cost<=4` too) taken
    out and the rest as typed (spaces squeezed): the query a filter chip taken off searches."""

    def drop(m: re.Match) -> str:
        return " " if (m.group(1) or m.group(4) or "").casefold() == name else m.group(0)

    return " ".join(_FIELD_ANY_CASE.sub(drop, clean(raw)).split())


def parse_query(raw: str, url_filters: dict[str, str] | None = None) -> ParsedQuery:
    """Split a raw query into free text, quoted phrases and validated filters."""
    if len(raw) > MAX_QUERY_CHARS:
        raise QueryError(f"query is too long ({len(raw)} characters); the limit is {MAX_QUERY_CHARS}")
    text = clean(raw)
    filters = Filters()
    for name, value in (url_filters or {}).items():
        if value is None or str(value).strip() == "":
            continue
        filters = apply_filter(filters, name, "=" if name == "cost" else ":", str(value))
    url, inline = filters, Filters()

    def take_filter(m: re.Match) -> str:
        nonlocal filters, inline
        name, op, written = (m.group(1), m.group(2), m.group(3)) if m.group(1) else m.group(4, 5, 6)
        value = VALUE.match(written)
        value, rest = (value.group(), written[value.end() :]) if value else ("", written)
        if op == ":" and not value:
            return m.group(0)  # "note: ...", "2 player game: how ..." in a sentence, not a filter
        filters = apply_filter(filters, name, op, value)
        inline = replace(inline, **{name: getattr(filters, name)})
        return f" {rest} "

    # Field names are ASCII letters right before ':' (or cost with a comparison); Chinese text
    # with a colon (问：…) is not a field.
    lowered = _FIELD.sub(take_filter, text.casefold())
    phrases = tuple(p.strip() for p in _PHRASE.findall(lowered) if p.strip())
    free = _PHRASE.sub(" ", lowered).replace('"', " ")
    return ParsedQuery(" ".join(free.split()), phrases, filters, url, inline)


# every spelling a language's `tags` accept (zh-TW, zh-CN, ...), case-folded -> its code
LANG_VALUES = {tag: language.code for language in LANGUAGES for tag in language.tags}
_LANG_CHOICES = f"{', '.join(LANGS[:-1])} or {LANGS[-1]}"
MAX_LIMIT = 100


def parse_lang(lang: str | None) -> str:
    """One of corpus.languages.LANGS (absent: the default); common spellings (zh-TW, zh-CN) are accepted."""
    if lang is None or lang == "":  # absent or empty: the default (a control character is not empty)
        return DEFAULT_LANG
    key = str(lang).strip().casefold()
    if key not in LANG_VALUES:
        raise QueryError(f"unknown lang {str(lang)[:40]!r}; use {_LANG_CHOICES}")
    return LANG_VALUES[key]


def parse_limit(limit: int | str | None, default: int = 20) -> int:
    if type(limit) is int and 1 <= limit <= MAX_LIMIT:  # most calls: a valid number, no text to read
        return limit
    if limit is None or str(limit).strip() == "":
        return default
    text = str(limit).strip()
    # ASCII digits only: str.isdigit() also accepts '²' and '①', which int() refuses.
    if not re.fullmatch(r"[0-9]{1,3}", text) or not 1 <= int(text) <= MAX_LIMIT:
        raise QueryError(f"limit must be a whole number from 1 to {MAX_LIMIT}, not {text[:20]!r}")
    return int(text)
