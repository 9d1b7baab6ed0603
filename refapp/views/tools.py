"""At-the-table tools: set-up, kingdom picker and score counter, each a page with a JSON twin.

Pages are forms whose results the tools script computes from ``/tools/data.json`` (the engines'
answers exported as data), so they keep working offline; the ``.json`` twins compute the same
results in Python from the same query parameters (refapp/tools.py).
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, g, jsonify, make_response, render_template, request

from engine.core.registry import browser_facts
from refapp import tools_strings
from refapp.errors import problem
from refapp.tools import TOOLS, names_for, tables
from refapp.views.formats import Twin, twin

bp = Blueprint("tools", __name__)

STRING_PREFIXES = ("setup.", "kingdom.", "score.", "tools.", "table.", "share.")


def tool_json(tool: str):  # type: ignore[no-untyped-def]
    parse, compute, errors = TOOLS[tool]
    try:
        req = parse(request.args)
        return jsonify({"tool": tool, "request": req, "result": compute(req)})
    except errors as exc:
        return problem(str(exc), 400)


def tool_page(tool: str) -> Any:
    parse, _compute, errors = TOOLS[tool]
    error = None
    try:
        req = parse(request.args)
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
            "names_2e": names_for(g.lang, "2e"),
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


@twin(bp, "/tools/<tool>")
def page(tool: str) -> Twin:
    if tool not in TOOLS:
        abort(404)
    return Twin(html=lambda: tool_page(tool), json=lambda: tool_json(tool))


@bp.get("/tools/data.json")
def data() -> Response:
    body = json.dumps(tables(), ensure_ascii=False, separators=(",", ":"))
    response = make_response(body)
    response.mimetype = "application/json"
    response.headers["Cache-Control"] = "no-cache"
    return response
