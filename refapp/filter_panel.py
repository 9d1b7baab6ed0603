"""The filters of the results and browse pages in the reader's words: the catalogue's choices
(games, editions, kinds, types, costs), the filters in force each with the address that drops
it, and the results page's folded panel of choices."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from corpus.model import EDITIONS, GAME_EDITIONS, GAMES, KINDS
from index.filters import FIELDS
from refapp import i18n
from refapp.links import url_with
from refapp.state import get_state


def browse_options() -> dict[str, Any]:
    return {
        "games": GAMES,
        "editions": EDITIONS,
        "editions_by_game": GAME_EDITIONS,
        "kinds": KINDS,
        **get_state().catalog.choices,
    }


@dataclass(frozen=True)
class ActiveFilter:
    """One filter in force on a results or browse page, with the address that drops it."""

    name: str
    value: str
    label: str
    remove_url: str


def filter_label(name: str, value: str, lang: str) -> str:
    """A filter value in the reader's words, e.g. game=citadels -> 富饶之城, cost=5 -> 费用 5."""
    if name == "cost":
        return f"{i18n.translate('entry.cost', lang)} {value}"
    return i18n.label(name, value, lang)


def active_filters(path: str, params: dict[str, str], lang: str) -> list[ActiveFilter]:
    kept = {k: v for k, v in params.items() if k != "lang"}
    return [
        ActiveFilter(name, value, filter_label(name, value, lang), url_with(path, kept, **{name: None}))
        for name in FIELDS
        if (value := kept.get(name))
    ]


def choice_label(name: str, value: str, game: str | None, options: dict[str, Any], lang: str) -> str:
    """An edition offered while no game is chosen names its game (领土 · 第一版, 富饶之城 · 经典版)."""
    label = filter_label(name, value, lang)
    games = [gm for gm, eds in options["editions_by_game"].items() if value in eds]
    if name == "edition" and not game and len(games) == 1:
        return f"{filter_label('game', games[0], lang)} · {label}"
    return label


Choice = tuple[str, str, str, bool]  # value ("" = any), label, address, chosen now


def filter_choices(
    params: dict[str, str], options: dict[str, Any], lang: str
) -> list[tuple[str, list[Choice]]]:
    """The folded filter panel of the results page: game, edition and kind, each with "any"."""
    kept = {k: v for k, v in params.items() if k != "lang"}
    game = kept.get("game")
    editions = options["editions_by_game"].get(game) if game else options["editions"]
    values = {"game": list(options["games"]), "edition": list(editions or []), "kind": list(options["kinds"])}
    out = []
    for name, choices in values.items():
        any_label = i18n.translate(f"results.any_{name}", lang)
        row: list[Choice] = [("", any_label, url_with("/search", kept, **{name: None}), not kept.get(name))]
        for v in choices:
            label = choice_label(name, v, game, options, lang)
            row.append((v, label, url_with("/search", kept, **{name: v}), kept.get(name) == v))
        out.append((name, row))
    return out
