"""At-the-table tools: set-up, kingdom picker and score counter, each a page with a JSON twin.

The figures come from :mod:`engine.tables` (the engines' own set-up and scoring). Pages are
forms whose results the tools script computes from ``/tools/data.json`` (the engines' answers
exported as data), so they keep working offline; the ``.json`` twins compute the same results
in Python from the same query parameters.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, g, jsonify, make_response, render_template, request

from engine.core.board_game import ParamError, param_choice, param_int, param_list
from engine.core.registry import browser_facts, game_names, games, get_game
from engine.tables import (
    KingdomError,
    PickOptions,
    ScoreError,
    SetupRequestError,
    export_tables,
    pick_kingdom,
    recommended_sets,
)
from refapp import tools_strings
from refapp.catalog import localised
from refapp.state import get_state

bp = Blueprint("tools", __name__)

MAX_SCORE_PLAYERS = 8
STRING_PREFIXES = ("setup.", "kingdom.", "score.", "tools.", "table.", "share.")
__all__ = ["ParamError", "bp", "tables"]


def tables() -> dict[str, Any]:
    state = get_state()
    if "tables" not in state.extra:
        state.extra["tables"] = export_tables()
    return state.extra["tables"]


# --------------------------------------------------------------------------- parameters
def _game() -> str:
    """The ``game`` parameter (default: the first game)."""
    return param_choice(request.args, "game", game_names(), game_names()[0])


def setup_request() -> dict[str, Any]:
    game = get_game(_game())
    # an edition no game has is refused whatever the game (a game of one edition ignores a real one)
    editions = tuple(dict.fromkeys(e for g in games().values() for e in g.editions))
    param_choice(request.args, "edition", ("", *editions), "")
    return game.setup_request(request.args)


def compute_setup(req: dict[str, Any]) -> dict[str, Any]:
    return get_game(req["game"]).setup(req)


def kingdom_request() -> dict[str, Any]:
    return {
        "edition": param_choice(request.args, "edition", ("1e", "2e", "mixed"), "2e"),
        "set": request.args.get("set") or None,
        "seed": param_int(request.args, "seed", 1, 0, 2**32 - 1),
        "exclude": param_list(request.args, "exclude"),
        "lock": param_list(request.args, "lock"),
        "require": param_list(request.args, "require"),
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


def score_request() -> dict[str, Any]:
    """Players ``p0``..``p7`` from ``p<i>.<field>`` parameters (what the score form submits)."""
    return get_game(_game()).score_request(request.args, MAX_SCORE_PLAYERS)


def compute_score(req: dict[str, Any]) -> dict[str, Any]:
    if not req["players"]:
        raise ScoreError("players: add at least one player (p0.name=...)")
    return get_game(req["game"]).score(req)


TOOLS = {
    "setup": (setup_request, compute_setup, (ParamError, SetupRequestError)),
    "kingdom": (kingdom_request, compute_kingdom, (ParamError, KingdomError)),
    "score": (score_request, compute_score, (ParamError, ScoreError)),
}


# --------------------------------------------------------------------------- routes
def _json_error(message: str, status: int):  # type: ignore[no-untyped-def]
    return jsonify({"error": message, "status": status}), status


def tool_json(tool: str):  # type: ignore[no-untyped-def]
    parse, compute, errors = TOOLS[tool]
    try:
        req = parse()
        return jsonify({"tool": tool, "request": req, "result": compute(req)})
    except errors as exc:
        return _json_error(str(exc), 400)


def names_for(lang: str) -> dict[str, dict[str, str]]:
    """Card, character and district names in ``lang`` for the tools script: game -> slug -> name."""
    out: dict[str, dict[str, str]] = {game: {} for game in game_names()}
    for e in get_state().catalog.dataset.entries:
        if e.kind == "card" and e.game in out:
            slug = e.id.split("/", 1)[1]
            out[e.game][slug] = localised(e.names, lang) or slug
    return out


def tool_page(tool: str) -> Any:
    parse, compute, errors = TOOLS[tool]
    error = None
    try:
        req = parse()
    except errors as exc:
        req, error = None, str(exc)
    status = 400 if error else 200
    return render_template(
        f"tools/{tool}.html",
        page=f"tool-{tool}",
        req=req,
        error=error,
        tables=tables(),
        query=request.query_string.decode("latin-1")[:2000],
        tool=tool,
        games=browser_facts(),
        client={
            "tool": tool,
            "lang": g.lang,
            "strings": tools_strings.client_strings(g.lang, STRING_PREFIXES),
            "names": names_for(g.lang),
            "data": "/tools/data.json",
            "games": browser_facts(),
        },
    ), status


@bp.app_context_processor
def tools_helpers() -> dict[str, Any]:
    """``tt``: tools strings in the reader's script (the entry page's share button uses it too)."""
    return {"tt": tools_strings.Translator(getattr(g, "lang", tools_strings.i18n.DEFAULT_LANG))}


@bp.get("/tools")
def hub() -> str:
    return render_template("tools/index.html", page="tools", tool="hub", query="",
                           client={"tool": "hub", "lang": g.lang,
                                   "strings": tools_strings.client_strings(g.lang, ("table.",))})


@bp.get("/tools/<tool>")
def page(tool: str) -> Any:
    if tool.endswith(".json") and tool[:-5] in TOOLS:
        return tool_json(tool[:-5])
    if tool not in TOOLS:
        abort(404)
    return tool_page(tool)


@bp.get("/tools/data.json")
def data() -> Response:
    body = json.dumps(tables(), ensure_ascii=False, separators=(",", ":"))
    response = make_response(body)
    response.mimetype = "application/json"
    response.headers["Cache-Control"] = "no-cache"
    return response
