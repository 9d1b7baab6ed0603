"""JSON endpoints: entries, names for offline search and scenarios (health: refapp/health.py)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, redirect, request

from corpus.languages import LANGS
from refapp.catalog import FilterError, entry_summary, entry_to_json, names_index, parse_filters
from refapp.scenarios import ScenarioUnavailable
from refapp.state import get_state

bp = Blueprint("api", __name__)


def json_error(message: str, status: int, **extra: Any):  # type: ignore[no-untyped-def]
    return jsonify({"error": message, "status": status, **extra}), status


@bp.get("/api/entries")
def list_entries():  # type: ignore[no-untyped-def]
    state = get_state()
    try:
        filters = parse_filters(request.args.to_dict(), state.catalog.types())
    except FilterError as exc:
        return json_error(f"unknown value for '{exc.name}'", 400, parameter=exc.name)
    entries = state.catalog.browse(filters)
    return jsonify(
        {
            "version": state.catalog.version,
            "filters": filters.as_params(),
            "total": len(entries),
            "entries": [entry_summary(e, state.scenarios.for_entry(e.id)) for e in entries],
        }
    )


def entry_json(entry_id: str):  # type: ignore[no-untyped-def]
    state = get_state()
    e = state.catalog.get(entry_id)
    if e is None:
        return json_error("no such entry", 404, id=entry_id)
    by_ruling = {r.id: state.scenarios.for_ruling(e.id, r.id) for r in e.rulings}
    return jsonify(entry_to_json(e, state.scenarios.for_entry(e.id), by_ruling))


def scenario_json(scenario_id: str):  # type: ignore[no-untyped-def]
    state = get_state()
    if not state.scenarios.has(scenario_id):
        if scenario_id in state.scenarios.aliases:  # a copy merged into another file: its old link
            return redirect(f"/scenarios/{state.scenarios.aliases[scenario_id]}.json", 301)
        return json_error("no such scenario", 404, id=scenario_id)
    try:
        return jsonify(state.scenarios.run(scenario_id))
    except ScenarioUnavailable:
        return json_error("the demonstration could not be run", 503, id=scenario_id)


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
