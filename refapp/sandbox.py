"""The what-if sandbox: `POST /api/sandbox`, the `/sandbox` page and its scenario download.

Stateless: every request carries the situation and the answers so far; the engine replays them
(seeded, so the same input gives the same output). The page's state lives in the URL (`?s=`,
see refapp/sandbox_code.py); without JavaScript that URL shows the board at the last step.
"""

from __future__ import annotations

import json
from typing import Any

import yaml
from flask import Blueprint, Response, current_app, g, jsonify, render_template, request

from engine import sandbox
from refapp import i18n, sandbox_start
from refapp.board import board_at
from refapp.sandbox_code import CodeError, decode, encode
from refapp.scenarios import ScenarioUnavailable, catalog_types
from refapp.state import get_state
from refapp.vocabulary import board_strings

bp = Blueprint("sandbox", __name__)

MAX_BODY_BYTES = 32 * 1024
GAMES = ("dominion", "citadels")


def problem(message: str, status: int, **extra: Any) -> tuple[dict[str, Any], int]:
    return {"error": message, "status": status, **extra}, status


def replay(situation: Any, answers: Any) -> tuple[sandbox.SandboxRun | None, dict[str, Any], int]:
    """``(run, {}, 200)``, or ``(None, error body naming the field, status)``; never raises."""
    game = situation.get("game") if isinstance(situation, dict) else None
    names = game_names(game)[0] if game in GAMES else {}
    try:
        return sandbox.play(situation, answers, names), {}, 200
    except (sandbox.SituationError, sandbox.AnswersError) as exc:
        return None, *problem(str(exc), 422, field=exc.field)
    except sandbox.AnswerRefused as exc:
        where = f"answers[{exc.index}]"
        return None, *problem(str(exc), 422, field=where, index=exc.index, reason=exc.reason)
    except sandbox.OverBudget as exc:
        return None, *problem(f"limits: {exc}", 422, field="limits")
    except Exception as exc:  # noqa: BLE001 - an engine failure is reported, never a 500
        current_app.logger.exception("sandbox replay failed")
        return None, *problem(f"the engine could not play this situation ({type(exc).__name__})", 422,
                              field="situation")


def run_sandbox(situation: Any, answers: Any) -> tuple[dict[str, Any], int]:
    """The replay as the API returns it (names, types and the link code added), or the error body."""
    run, error, status = replay(situation, answers)
    if run is None:
        return error, status
    names, types = game_names(run.game)
    return {**run.to_dict(), "names": names, "card_types": types, "code": encode(situation, answers)}, 200


def game_names(game: str) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """Every card name and type list of one game (slug keys), built once per app: the board and
    the editor label any card with them, and sending them all is cheaper than finding the used ones."""
    extra = get_state().extra
    key = f"sandbox-names-{game}"
    if key not in extra:
        catalog = get_state().catalog
        names = catalog.slug_names(game)
        extra[key] = (names, {slug: catalog_types(catalog, game, slug) for slug in names})
    return extra[key]


@bp.post("/api/sandbox")
def api_sandbox():  # type: ignore[no-untyped-def]
    too_large = problem(f"the request is larger than {MAX_BODY_BYTES // 1024} KB", 413, limit=MAX_BODY_BYTES)
    if (request.content_length or 0) > MAX_BODY_BYTES:
        return jsonify(too_large[0]), 413
    raw = request.get_data(cache=False)
    if len(raw) > MAX_BODY_BYTES:
        return jsonify(too_large[0]), 413
    try:
        payload = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return jsonify(problem("the body is not JSON: send {situation, answers}", 400, field="body")[0]), 400
    if not isinstance(payload, dict):
        return jsonify(problem("the body is a JSON object {situation, answers}", 422, field="body")[0]), 422
    unknown = sorted(set(payload) - {"situation", "answers", "since"})
    if unknown:
        return jsonify(problem(f"unknown field(s) {unknown}", 422, field=unknown[0])[0]), 422
    if "situation" not in payload:
        return jsonify(problem("situation: missing", 422, field="situation")[0]), 422
    since = payload.get("since", 0)
    if not isinstance(since, int) or isinstance(since, bool) or since < 0:
        return jsonify(problem("since: a whole number >= 0", 422, field="since")[0]), 422
    body, status = run_sandbox(payload["situation"], payload.get("answers", []))
    if status == 200:  # the replay is deterministic: a client that holds the first events gets the rest
        since = min(since, len(body["events"]))
        body.update(since=since, total=len(body["events"]), events=body["events"][since:],
                    snapshots=body["snapshots"][since:])
    return jsonify(body), status


def _from_demo(scenario_id: str, step_arg: str | None) -> tuple[dict[str, Any], list[Any]] | None:
    """A demonstration's situation with the answers given up to ``step`` (default: the ★ step)."""
    start = sandbox_start.from_demo(scenario_id, None)
    if start is None:
        return None
    situation, answers = start
    step = int(step_arg) if step_arg and step_arg.isdigit() else None
    if step is None:
        from refapp.board import ruling_index

        try:
            step = ruling_index(get_state().scenarios.run(scenario_id)) + 1
        except ScenarioUnavailable:
            step = 1
    run, _error, _status = replay(situation, answers)
    if run is None:
        return situation, []
    title = situation.get("title") if isinstance(situation.get("title"), dict) else {}
    situation = {**situation, "id": f"{situation.get('id', 'sandbox')}-try", "title": {
        "en": f"Try: {title.get('en', '')}", "zh-Hans": f"试玩：{title.get('zh-Hans', '')}",
        "zh-Hant": f"試玩：{title.get('zh-Hant', '')}"}}
    return situation, answers[: sandbox_start.answers_before(run.answers, step)]


def start_state() -> tuple[dict[str, Any], list[Any], str | None]:
    """(situation, answers, error) from the query: ?s=code, ?from=demo&step=n, ?card=entry, ?game=."""
    args = request.args
    game = args.get("game") if args.get("game") in GAMES else "dominion"
    if args.get("s"):
        try:
            situation, answers = decode(args["s"])
            return situation, answers, None
        except CodeError as exc:
            return *sandbox_start.blank(game), str(exc)
    if args.get("from"):
        found = _from_demo(args["from"][:100], args.get("step"))
        if found is None:
            return *sandbox_start.blank(game), "from: no such demonstration"
        return *found, None
    if args.get("card"):
        start = sandbox_start.for_card(args["card"][:100])
        if start is None:
            return *sandbox_start.blank(game), "card: the engine does not play this entry"
        situation, answers = start
        return {**situation, "entry": args["card"], "id": "try-" + args["card"].split("/")[-1]}, answers, None
    return *sandbox_start.blank(game), None


def situation_entry(situation: Any) -> str | None:
    """The entry a situation belongs to: ``entry``, else the first of ``rulings`` (entry#ruling)."""
    if not isinstance(situation, dict):
        return None
    rulings = situation.get("rulings")
    first = rulings[0] if isinstance(rulings, list) and rulings else situation.get("entry")
    return first.split("#", 1)[0] if isinstance(first, str) else None


def steps_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"index": i, "say": (ev.get("say") or {}).get(g.lang) or (ev.get("say") or {}).get("en", "")}
            for i, ev in enumerate(data.get("events") or [])]


@bp.get("/sandbox")
def page():  # type: ignore[no-untyped-def]
    situation, answers, error = start_state()
    data, status = run_sandbox(situation, answers)
    if status != 200:
        error = data["error"]
        data = {}
    game = situation.get("game") if isinstance(situation, dict) else None
    game = game if game in GAMES else "dominion"
    strings = {**i18n.client_strings(g.lang, ("sandbox.", "game.", "edition.", "punct.")),
               **board_strings(get_state().catalog, game, g.lang)}  # the board's words, as the demo player's
    last = len(data.get("events") or []) - 1
    board = board_at({**data, "highlight": []}, last, g.lang, strings) if data else None
    entry_id = situation_entry(situation)
    origin = get_state().catalog.get(entry_id) if isinstance(entry_id, str) else None
    return render_template(
        "sandbox.html",
        page="sandbox",
        run=data,
        board=board,
        steps=steps_of(data) if data else [],
        state={"situation": situation, "answers": answers},
        error=error,
        strings=strings,
        code=data.get("code") or encode(situation, answers),
        cards=sandbox_start.card_facts(),
        origin=origin,
    ), (400 if error else 200)


@bp.get("/sandbox/scenario.yaml")
def download():  # type: ignore[no-untyped-def]
    try:
        situation, answers = decode(request.args.get("s", ""))
    except CodeError as exc:
        return Response(f"{exc}\n", status=400, mimetype="text/plain")
    run, error, status = replay(situation, answers)
    if run is None:
        return Response(f"{error['error']}\n", status=status, mimetype="text/plain")
    scenario = sandbox.to_scenario(situation, run)
    text = yaml.safe_dump(scenario, allow_unicode=True, sort_keys=False, width=100)
    response = Response(text, mimetype="application/yaml")
    response.headers["Content-Disposition"] = f'attachment; filename="{scenario["id"]}.yaml"'
    return response


@bp.app_context_processor
def sandbox_helpers() -> dict[str, Any]:
    """`sandbox_playable(entry_id)`: whether the entry page offers "try it"."""
    return {"sandbox_playable": lambda entry_id: sandbox_start.for_card(entry_id) is not None}
