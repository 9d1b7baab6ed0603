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

from engine.tables import (
    KingdomError,
    PickOptions,
    ScoreError,
    SetupRequestError,
    citadels_setup,
    dominion_setup,
    export_tables,
    pick_kingdom,
    recommended_sets,
    score_citadels,
    score_dominion,
)
from refapp import tools_strings
from refapp.catalog import localised
from refapp.errors import RefappError
from refapp.state import get_state

bp = Blueprint("tools", __name__)

GAMES = ("dominion", "citadels")
MAX_SCORE_PLAYERS = 8
STRING_PREFIXES = ("setup.", "kingdom.", "score.", "tools.", "table.", "share.")


class ParamError(RefappError, ValueError):
    """A query parameter the tools cannot use; the message names it."""


def tables() -> dict[str, Any]:
    state = get_state()
    if "tables" not in state.extra:
        state.extra["tables"] = export_tables()
    return state.extra["tables"]


# --------------------------------------------------------------------------- parameters
def _int(name: str, default: int, lo: int, hi: int) -> int:
    raw = request.args.get(name)
    if raw in (None, ""):
        return default
    if not raw.isdigit() or not lo <= int(raw) <= hi:
        raise ParamError(f"{name}: {raw[:20]!r} is not a whole number from {lo} to {hi}")
    return int(raw)


def _choice(name: str, choices: tuple[str, ...], default: str) -> str:
    raw = request.args.get(name) or default
    if raw not in choices:
        raise ParamError(f"{name}: {raw[:20]!r} is not one of {list(choices)}")
    return raw


def _list(name: str) -> tuple[str, ...]:
    raw = ",".join(request.args.getlist(name))
    if len(raw) > 1000:
        raise ParamError(f"{name}: too long")
    return tuple(x for x in (s.strip() for s in raw.split(",")) if x)


def _flag(name: str) -> bool:
    return request.args.get(name, "") in ("1", "true", "on", "yes")


def setup_request() -> dict[str, Any]:
    game = _choice("game", GAMES, "dominion")
    if game == "dominion":
        return {"game": game, "edition": _choice("edition", ("1e", "2e"), "2e"),
                "players": _int("players", 3, 0, 99), "kingdom": _list("kingdom")}
    ninth = request.args.get("ninth") or None
    return {"game": game, "players": _int("players", 4, 0, 99), "short_game": _flag("short"),
            "ninth": None if ninth == "none" else ninth}


def compute_setup(req: dict[str, Any]) -> dict[str, Any]:
    if req["game"] == "dominion":
        return dominion_setup(req["players"], req["edition"], list(req["kingdom"]))
    return citadels_setup(req["players"], req["short_game"], req["ninth"])


def kingdom_request() -> dict[str, Any]:
    return {
        "edition": _choice("edition", ("1e", "2e", "mixed"), "2e"),
        "set": request.args.get("set") or None,
        "seed": _int("seed", 1, 0, 2**32 - 1),
        "exclude": _list("exclude"),
        "lock": _list("lock"),
        "require": _list("require"),
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
    game = _choice("game", GAMES, "dominion")
    players = []
    for i in range(MAX_SCORE_PLAYERS):
        prefix = f"p{i}."
        fields = {k[len(prefix):]: v for k, v in request.args.items() if k.startswith(prefix)}
        if not fields:
            continue
        player: dict[str, Any] = {"name": fields.pop("name", "")}
        if game == "dominion":
            cards = {}
            for key, value in fields.items():
                if key in ("total", "turns"):
                    player[key] = _number(f"{prefix}{key}", value)
                elif value != "":
                    cards[key] = _number(f"{prefix}{key}", value)
            player["cards"] = cards
        else:
            for key in ("city", "late", "gilded"):
                values = ",".join(request.args.getlist(prefix + key)).split(",")
                player[{"late": "last_round"}.get(key, key)] = [x for x in values if x]
            player["completed"] = fields.get("done") or "auto"
            for key in ("museum", "gold", "hand"):  # gold: the Imperial Treasury and ties; hand: the Map Room
                if fields.get(key):
                    player[key] = _number(f"{prefix}{key}", fields[key])
        players.append(player)
    request_ = {"game": game, "players": players, "short_game": _flag("short")}
    if game == "citadels":
        request_["bell_tower_announced"] = _choice("bell", ("1", "0"), "1") == "1"
    return request_


def _number(name: str, raw: str) -> int:
    if raw == "":
        return 0
    if not raw.isdigit() or len(raw) > 4:
        raise ParamError(f"{name}: {raw[:20]!r} is not a whole number")
    return int(raw)


def compute_score(req: dict[str, Any]) -> dict[str, Any]:
    if not req["players"]:
        raise ScoreError("players: add at least one player (p0.name=...)")
    if req["game"] == "dominion":
        return score_dominion(req)
    return score_citadels(req)


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
    out: dict[str, dict[str, str]] = {game: {} for game in GAMES}
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
        client={
            "tool": tool,
            "lang": g.lang,
            "strings": tools_strings.client_strings(g.lang, STRING_PREFIXES),
            "names": names_for(g.lang),
            "data": "/tools/data.json",
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
