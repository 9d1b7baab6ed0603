"""JSON endpoints: entries, names for offline search and scenarios (an entry's and a demonstration's
own JSON are the twins of their pages, refapp/views/pages.py; health: refapp/views/health.py)."""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from corpus.languages import LANGS
from refapp.catalog import FilterError, entry_summary, names_index, parse_filters
from refapp.errors import problem
from refapp.state import get_state

bp = Blueprint("api", __name__)


@bp.get("/api/entries")
def list_entries():  # type: ignore[no-untyped-def]
    state = get_state()
    try:
        filters = parse_filters(request.args.to_dict(), state.catalog.choices["types"])
    except FilterError as exc:
        return problem(f"unknown value for '{exc.name}'", 400, parameter=exc.name)
    entries = state.catalog.browse(filters)
    return jsonify(
        {
            "version": state.catalog.version,
            "filters": filters.as_params(),
            "total": len(entries),
            "entries": [entry_summary(e, state.scenarios.for_entry(e.id)) for e in entries],
        }
    )


@bp.get("/api/names")
def names():  # type: ignore[no-untyped-def]
    state = get_state()
    response = jsonify(
        {
            "version": state.catalog.version,
            "fields": ["id", *LANGS, "aliases", "game", "kind"],
            "names": names_index(state.catalog),
        }
    )
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/api/scenarios")
def list_scenarios():  # type: ignore[no-untyped-def]
    state = get_state()
    return jsonify(
        {
            "scenarios": [
                {
                    "id": s.id,
                    "game": s.game,
                    "entry": s.entry,
                    "ruling": s.ruling,
                    "rulings": [{"entry": e, "ruling": r} for e, r in s.shown()],
                    "aliases": list(s.aliases),
                    "title": s.title,
                    "url": f"/scenarios/{s.id}",
                }
                for s in state.scenarios.summaries.values()
            ]
        }
    )
