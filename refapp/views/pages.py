"""HTML pages: home, results, browse, entry and the "show me" player (an entry's and a
demonstration's JSON are their twins, refapp/views/formats.py), and the helpers every template
calls."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, g, render_template, request, url_for

from corpus.ingest.normalise import to_simplified
from corpus.languages import LANGS, browser_facts
from corpus.model import EDITIONS, GAMES, Entry
from index.filters import FIELDS
from index.query import MAX_QUERY_CHARS, WITHOUT_PARAMS
from refapp import i18n
from refapp.board import board_at, client_run, ruling_index
from refapp.catalog import FilterError, entry_to_json, localised, parse_filters
from refapp.errors import problem
from refapp.filter_panel import active_filters, browse_options, filter_choices
from refapp.links import demo_url, url_with
from refapp.markup import render_text
from refapp.result_cards import result_card
from refapp.scenarios import ScenarioUnavailable
from refapp.state import get_state
from refapp.understood_chips import chips as understood_chips
from refapp.understood_chips import translate as understood_text
from refapp.views.error_pages import error_page
from refapp.views.formats import Twin, missing, moved, twin
from refapp.views.language import safe_next
from refapp.vocabulary import board_strings

bp = Blueprint("pages", __name__)

LANGUAGES_JSON = json.dumps(browser_facts(), ensure_ascii=False, separators=(",", ":"))  # body data-languages
MAX_RESULTS = 100  # the most results one page asks the search for ("show more")


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
    kept = {k: [v[:MAX_QUERY_CHARS] for v in vs] for k, vs in request.args.lists() if k != "lang"}
    here = url_with(request.path, kept)
    return {
        "t": i18n.Translator(lang),
        "lang": lang,
        "langs": LANGS,
        "languages_json": LANGUAGES_JSON,
        "max_query_chars": MAX_QUERY_CHARS,
        "asset": state.asset_url,
        "loc": lambda value: localised(value, lang),
        "md": render_text,
        "lang_url": lambda code: url_with("/lang/" + code, {}, next=safe_next(here)),
        "doc_label": doc_label,
        "data_version": state.catalog.version,
        "t_has": i18n.has_key,
        "scenarios_for": state.scenarios.for_entry,
        "summaries": state.scenarios.summaries,
        "demo_url": demo_url,
        "card": lambda r, other_langs: result_card(
            r, lang, other_langs, state.scenarios.summaries, entry_names=state.catalog.names
        ),
        "slug_names": lambda game: {
            slug: localised(n, lang) for slug, n in state.catalog.slug_names(game).items()
        },
    }


@bp.get("/")
def home() -> str:
    return render_template("home.html", options=browse_options(), page="home")


def search_params() -> dict[str, Any]:
    keep = ("q", *FIELDS, "limit")
    params: dict[str, Any] = {k: request.args.get(k, "") for k in keep if request.args.get(k)}
    for name in WITHOUT_PARAMS:  # repeated: plain=女巫&plain=商人
        if values := [v for v in request.args.getlist(name) if v]:
            params[name] = values
    params["lang"] = g.lang
    return params


def typed_script_first(query: str) -> tuple[str, ...]:
    """The languages of a result's other names, the script the query is typed in first: an
    English reader who typed 禮拜堂 sees 禮拜堂 beside "Chapel", not 礼拜堂."""
    if to_simplified(query) != query:
        return ("zh-Hant", *(code for code in LANGS if code != "zh-Hant"))
    return tuple(LANGS)


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
        "open_filters": False,
        "results": [],
        "active": active_filters("/search", params, g.lang),
        "choices": filter_choices(params, browse_options(), g.lang),
        "data": None,
        "error": None,
        "as_typed_url": None,
        "understood_chips": [],
        "ut": lambda key: understood_text(key, g.lang),
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
    data, status = state.search(params)
    if status >= 500:  # no index has been built yet
        context["error"] = i18n.translate("results.unavailable", g.lang)
        return render_template("results.html", **context), 503
    if status >= 400:
        message = data.get("error")
        context["error"] = i18n.translate("results.bad_query", g.lang)
        context["error_detail"] = message if isinstance(message, str) else None
        as_typed = {k: v for k, v in params.items() if k not in WITHOUT_PARAMS}
        if as_typed != params and state.search(as_typed)[1] < 400:
            # a "read as" link whose reading does not fit the words: say so, and offer the search
            # as typed (the understood chips' links add plain=/no_intent= to a search that ran)
            context["error"] = i18n.translate("results.bad_reading", g.lang)
            context["error_detail"] = None
            as_typed.pop("lang", None)
            context["as_typed_url"] = url_with("/search", as_typed)
        return render_template("results.html", **context), 400
    context["data"] = data
    context["alt_langs"] = typed_script_first(query)
    context["understood_chips"] = understood_chips(data.get("understood"), g.lang)
    context["results"] = list(data.get("results") or [])  # the search's rank order, never regrouped
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
            active=[],
            page="browse",
            url_with=url_with,
            params={},
            error=i18n.translate("browse.bad_filter", g.lang, name=exc.name),
        ), 400
    entries = state.catalog.browse(filters)
    params = filters.as_params()
    return render_template(
        "browse.html",
        options=options,
        entries=entries,
        filters=filters,
        active=active_filters("/browse", params, g.lang),
        page="browse",
        url_with=url_with,
        params=params,
        error=None,
    ), 200


@twin(bp, "/entries/<path:entry_id>")
def entry(entry_id: str) -> Twin:
    state = get_state()
    e = state.catalog.get(entry_id)
    if e is None:
        return missing("no such entry", id=entry_id)
    ruling_scenarios = {r.id: state.scenarios.for_ruling(e.id, r.id) for r in e.rulings}
    return Twin(
        html=lambda: entry_page(e, ruling_scenarios),
        json=lambda: entry_to_json(e, state.scenarios.for_entry(e.id), ruling_scenarios),
    )


def entry_page(e: Entry, ruling_scenarios: dict[str, list[str]]) -> str:
    state = get_state()
    related = [state.catalog.get(r) for r in e.related]
    covered = {s for ids in ruling_scenarios.values() for s in ids}
    other_scenarios = [s for s in state.scenarios.for_entry(e.id) if s not in covered]
    return render_template(
        "entry.html",
        e=e,
        related=[r for r in related if r is not None],
        ruling_scenarios=ruling_scenarios,
        other_scenarios=other_scenarios,
        page="entry",
    )


@bp.get("/scenarios")
def scenario_index() -> str:
    """Every demonstration, grouped by game and by the entry it belongs to."""
    state = get_state()
    groups: dict[str, dict[str, list[Any]]] = {}
    for s in state.scenarios.summaries.values():
        for entry_id in dict.fromkeys(e for e, _ in s.shown()):
            groups.setdefault(s.game, {}).setdefault(entry_id, []).append(s)
    ordered = [
        (game, [(state.catalog.get(eid), eid, items) for eid, items in sorted(groups[game].items())])
        for game in GAMES
        if game in groups
    ]
    return render_template(
        "scenarios.html", groups=ordered, total=len(state.scenarios.summaries), page="demos"
    )


def first_step(total: int) -> int:
    """The step (0-based) a player page opens at: ?step=N (1-based, as #step=N), else the first."""
    raw = request.args.get("step", "")
    if raw.isdigit() and 1 <= int(raw) <= total:
        return int(raw) - 1
    return 0


@twin(bp, "/scenarios/<path:scenario_id>")
def scenario(scenario_id: str) -> Twin:
    state = get_state()
    if not state.scenarios.has(scenario_id):
        if scenario_id in state.scenarios.aliases:  # a copy merged into another file: its old link
            return moved(url_for("pages.scenario", scenario_id=state.scenarios.aliases[scenario_id]))
        return missing("no such scenario", id=scenario_id)
    try:
        run = state.scenarios.run(scenario_id)
    except ScenarioUnavailable:
        return Twin(
            html=lambda: error_page(i18n.translate("player.unavailable", g.lang), "", 503),
            json=lambda: problem("the demonstration could not be run", 503, id=scenario_id),
        )
    return Twin(html=lambda: player_page(scenario_id, run), json=lambda: run)


def player_page(scenario_id: str, run: dict[str, Any]) -> str:
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
    strings = board_strings(get_state().catalog, run.get("game") or "", g.lang, run.get("edition"))
    return render_template(
        "player.html",
        board=board_at(run, ruling_index(run), g.lang, strings),
        first=board_at(run, first_step(len(steps)), g.lang, strings),
        run=run,
        steps=steps,
        scenario_id=scenario_id,
        page="player",
        strings=strings,
        client=client_run(run, g.lang),
    )
