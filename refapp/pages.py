"""HTML pages: home, results, browse, entry and the "show me" player."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, abort, current_app, g, render_template, request

from corpus.model import EDITIONS, GAME_EDITIONS, GAMES, KINDS, LANGS
from refapp import i18n
from refapp.board import board_at, ruling_index
from refapp.catalog import FilterError, localised, parse_filters
from refapp.language import safe_next
from refapp.markup import render_snippet, render_text
from refapp.scenarios import ScenarioUnavailable
from refapp.state import get_state

bp = Blueprint("pages", __name__)

MAX_QUERY_CHARS = 200
MAX_RESULTS = 100  # the most results one page asks the search for ("show more")


def url_with(path: str, params: dict[str, str], **changes: str | None) -> str:
    merged = {**params, **changes}
    clean = {k: v for k, v in merged.items() if v not in (None, "")}
    return path + ("?" + urlencode(clean) if clean else "")


def doc_label(file: str) -> str:
    """A readable name for a seed document in the reader's language."""
    doc = get_state().docs.get(file)
    t = i18n.Translator(g.lang)
    if not doc:
        return file
    parts = [t(f"game.{doc.game}")] if doc.game in GAMES else []
    if doc.edition in EDITIONS:
        parts.append(t(f"edition.{doc.edition}"))
    if doc.script in LANGS and doc.script != "en":
        parts.append(t(f"script.{doc.script}"))
    return " · ".join(parts)


@bp.app_context_processor
def inject_helpers() -> dict[str, Any]:
    state = get_state()
    lang = getattr(g, "lang", i18n.DEFAULT_LANG)
    # where the language switch returns to: this page without an explicit ?lang= that would override it
    # (a query longer than the box accepts is cut to what it accepts, so the links stay small)
    kept = {k: v[:MAX_QUERY_CHARS] for k, v in request.args.items(multi=True) if k != "lang"}
    here = url_with(request.path, kept)
    return {
        "t": i18n.Translator(lang),
        "lang": lang,
        "langs": LANGS,
        "asset": state.asset_url,
        "loc": lambda value: localised(value, lang),
        "md": render_text,
        "snippet_html": render_snippet,
        "lang_url": lambda code: url_with("/lang/" + code, {}, next=safe_next(here)),
        "doc_label": doc_label,
        "data_version": state.catalog.version,
        "t_has": i18n.has_key,
        "scenarios_for": state.scenarios.for_entry,
        "best_scenario": lambda r: best_scenario(r, state.scenarios),
    }


def best_scenario(result: dict[str, Any], library: Any) -> str | None:
    """The scenario to offer for a search result: the one for the matched ruling, else the first."""
    ids = list(result.get("scenarios") or [])
    ruling = result.get("ruling")
    if ruling:
        for sid in library.for_ruling(str(result.get("id")), str(ruling)):
            if sid in ids:
                return sid
    return ids[0] if ids else None


def browse_options() -> dict[str, Any]:
    catalog = get_state().catalog
    return {
        "games": GAMES,
        "editions": EDITIONS,
        "editions_by_game": GAME_EDITIONS,
        "kinds": KINDS,
        "types": catalog.types(),
        "types_by_game": catalog.types_by_game(),
        "costs_by_game": {game: catalog.costs(game) for game in GAMES},
    }


@bp.get("/")
def home() -> str:
    return render_template("home.html", options=browse_options(), page="home")


def search_params() -> dict[str, str]:
    keep = ("q", "game", "edition", "kind", "type", "cost", "limit")
    params = {k: request.args.get(k, "") for k in keep if request.args.get(k)}
    params["lang"] = g.lang
    return params


def group_results(results: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in results:
        groups.setdefault(str(r.get("game", "")), []).append(r)
    order = list(GAMES)
    return sorted(groups.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99)


@bp.get("/search")
def results() -> tuple[str, int]:
    state = get_state()
    params = search_params()
    query = params.get("q", "").strip()
    context: dict[str, Any] = {
        "max_limit": MAX_RESULTS,
        "query": query,
        "params": params,
        "page": "results",
        "options": browse_options(),
        "url_with": url_with,
        "groups": [],
        "data": None,
        "error": None,
    }
    if not query:
        context["error"] = i18n.translate("results.empty_query", g.lang)
        return render_template("results.html", **context), 200
    if len(query) > MAX_QUERY_CHARS:
        # echo only what the box accepts: the page repeats the query in every filter link
        query = query[:MAX_QUERY_CHARS]
        context.update(query=query, params={**params, "q": query})
        context["error"] = i18n.translate("results.bad_query", g.lang)
        return render_template("results.html", **context), 400
    if state.search is None:
        context["error"] = i18n.translate("results.unavailable", g.lang)
        return render_template("results.html", **context), 503
    try:
        data, status = state.search(params)
    except Exception:  # noqa: BLE001 - a search failure must still give a page, not a traceback
        current_app.logger.exception("search failed for %r", query)
        context["error"] = i18n.translate("results.unavailable", g.lang)
        return render_template("results.html", **context), 503
    if status >= 500 or not isinstance(data, dict):
        context["error"] = i18n.translate("results.unavailable", g.lang)
        return render_template("results.html", **context), 503
    if status >= 400 or "results" not in data:
        message = data.get("error")
        context["error"] = i18n.translate("results.bad_query", g.lang)
        context["error_detail"] = message if isinstance(message, str) else None
        return render_template("results.html", **context), 400
    context["data"] = data
    context["groups"] = group_results(list(data.get("results") or []))
    return render_template("results.html", **context), 200


@bp.get("/browse")
def browse() -> tuple[str, int]:
    state = get_state()
    options = browse_options()
    try:
        filters = parse_filters(request.args.to_dict(), options["types"])
    except FilterError as exc:
        return render_template(
            "browse.html",
            options=options,
            entries=[],
            filters=None,
            page="browse",
            url_with=url_with,
            params={},
            error=i18n.translate("browse.bad_filter", g.lang, name=exc.name),
        ), 400
    entries = state.catalog.browse(filters)
    return render_template(
        "browse.html",
        options=options,
        entries=entries,
        filters=filters,
        page="browse",
        url_with=url_with,
        params=filters.as_params(),
        error=None,
    ), 200


@bp.get("/entries/<path:entry_id>")
def entry(entry_id: str) -> Any:
    state = get_state()
    if entry_id.endswith(".json"):
        from refapp.api import entry_json

        return entry_json(entry_id[: -len(".json")])
    e = state.catalog.get(entry_id)
    if e is None:
        abort(404)
    related = [state.catalog.get(r) for r in e.related]
    ruling_scenarios = {r.id: state.scenarios.for_ruling(e.id, r.id) for r in e.rulings}
    covered = {s for ids in ruling_scenarios.values() for s in ids}
    other_scenarios = [s for s in state.scenarios.for_entry(e.id) if s not in covered]
    return render_template(
        "entry.html",
        e=e,
        related=[r for r in related if r is not None],
        ruling_scenarios=ruling_scenarios,
        other_scenarios=other_scenarios,
        summaries=state.scenarios.summaries,
        page="entry",
    )


@bp.get("/scenarios")
def scenario_index() -> str:
    """Every demonstration, grouped by game and by the entry it belongs to."""
    state = get_state()
    groups: dict[str, dict[str, list[Any]]] = {}
    for s in state.scenarios.summaries.values():
        groups.setdefault(s.game, {}).setdefault(s.entry, []).append(s)
    ordered = [
        (game, [(state.catalog.get(eid), eid, items) for eid, items in sorted(groups[game].items())])
        for game in GAMES
        if game in groups
    ]
    return render_template(
        "scenarios.html", groups=ordered, total=len(state.scenarios.summaries), page="demos"
    )


@bp.get("/scenarios/<path:scenario_id>")
def scenario(scenario_id: str) -> Any:
    state = get_state()
    if scenario_id.endswith(".json"):
        from refapp.api import scenario_json

        return scenario_json(scenario_id[: -len(".json")])
    if scenario_id not in state.scenarios.summaries:
        abort(404)
    try:
        run = state.scenarios.run(scenario_id)
    except ScenarioUnavailable:
        return render_template(
            "error.html", title=i18n.translate("player.unavailable", g.lang), body="", page="error"
        ), 503
    highlight = set(run.get("highlight") or [])
    steps = [
        {
            "index": i,
            "seq": ev.get("seq", i),
            "say": localised(ev.get("say"), g.lang),
            "highlight": ev.get("seq", i) in highlight,
            "kind": ev.get("kind", ""),
        }
        for i, ev in enumerate(run.get("events") or [])
    ]
    return render_template(
        "player.html",
        board=board_at(run, ruling_index(run), g.lang),
        run=run,
        steps=steps,
        scenario_id=scenario_id,
        page="player",
        strings=i18n.client_strings(g.lang, ("player.", "zone.", "counter.", "phase.", "pile.")),
    )
