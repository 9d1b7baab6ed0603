"""The at-the-table tools' work: set-up, kingdom picker and score counter, each a request read
from query parameters and a result computed by :mod:`engine.tables` (the engines' own set-up and
scoring); the tables the tools script computes with offline; the card names it shows.
No Flask here (refapp/views/tools.py serves the pages and their JSON twins).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.board_game import ParamError, param_choice, param_int, param_list
from engine.core.registry import game_names, games, get_game
from engine.tables import (
    KingdomError,
    PickOptions,
    ScoreError,
    SetupRequestError,
    export_tables,
    pick_kingdom,
    recommended_sets,
)
from refapp.catalog import localised
from refapp.state import get_state

MAX_SCORE_PLAYERS = 8
Args = Mapping[str, str]
Reader = Callable[[Args], dict[str, Any]]
Computer = Callable[[dict[str, Any]], dict[str, Any]]
Tool = tuple[Reader, Computer, tuple[type[Exception], ...]]


def tables() -> dict[str, Any]:
    """The engines' answers as data (/tools/data.json, what the tools script computes with), made
    once per app."""
    state = get_state()
    if "tables" not in state.extra:
        state.extra["tables"] = export_tables()
    return state.extra["tables"]


def _game(args: Args) -> str:
    """The ``game`` parameter (default: the first game)."""
    return param_choice(args, "game", game_names(), game_names()[0])


def setup_request(args: Args) -> dict[str, Any]:
    game = get_game(_game(args))
    # an edition no game has is refused whatever the game (a game of one edition ignores a real one)
    editions = tuple(dict.fromkeys(e for g in games().values() for e in g.editions))
    param_choice(args, "edition", ("", *editions), "")
    return game.setup_request(args)


def compute_setup(req: dict[str, Any]) -> dict[str, Any]:
    return get_game(req["game"]).setup(req)


def kingdom_request(args: Args) -> dict[str, Any]:
    return {
        "edition": param_choice(args, "edition", ("1e", "2e", "mixed"), "2e"),
        "set": args.get("set") or None,
        "seed": param_int(args, "seed", 1, 0, 2**32 - 1),
        "exclude": param_list(args, "exclude"),
        "lock": param_list(args, "lock"),
        "require": param_list(args, "require"),
    }


def compute_kingdom(req: dict[str, Any]) -> dict[str, Any]:
    if req["set"]:
        sets = {s["key"]: s for s in recommended_sets(req["edition"])}
        chosen = sets.get(req["set"])
        if chosen is None:
            name = req["set"][:40]
            raise KingdomError(f"set: {name!r} is not a recommended set of edition {req['edition']}")
        return {"edition": req["edition"], "set": chosen["key"], "name": chosen["name"],
                "cards": chosen["cards"]}
    options = PickOptions(req["edition"], req["seed"], req["exclude"], req["lock"], req["require"])
    return pick_kingdom(options)


def score_request(args: Args) -> dict[str, Any]:
    """Players ``p0``..``p7`` from ``p<i>.<field>`` parameters (what the score form submits); for
    a game of several editions, the edition whose card names the form and the result use."""
    game = get_game(_game(args))
    req = game.score_request(args, MAX_SCORE_PLAYERS)
    if len(game.editions) > 1:
        req["edition"] = param_choice(args, "edition", tuple(game.editions), game.tools["edition"])
    return req


def compute_score(req: dict[str, Any]) -> dict[str, Any]:
    if not req["players"]:
        raise ScoreError("players: add at least one player (p0.name=...)")
    return get_game(req["game"]).score(req)


#: tool -> (its query parameters read, its answer computed, the errors either raises: a 400)
TOOLS: dict[str, Tool] = {
    "setup": (setup_request, compute_setup, (ParamError, SetupRequestError)),
    "kingdom": (kingdom_request, compute_kingdom, (ParamError, KingdomError)),
    "score": (score_request, compute_score, (ParamError, ScoreError)),
}


def names_for(lang: str, edition: str | None = None) -> dict[str, dict[str, str]]:
    """Card, character and district names in ``lang`` for the tools script: game -> slug -> name;
    with ``edition="2e"``, the 2nd edition's own names where its rulebook renames a card (行省)."""
    out: dict[str, dict[str, str]] = {game: {} for game in game_names()}
    for e in get_state().catalog.dataset.entries:
        if e.kind == "card" and e.game in out:
            slug = e.id.split("/", 1)[1]
            out[e.game][slug] = localised(e.names_in(edition), lang) or slug
    return out
