"""The what-if sandbox: `POST /api/sandbox`, the `/sandbox` page and its scenario download.

Stateless: every request carries the situation and the answers so far; the engine replays them
(seeded, so the same input gives the same output). The page's state lives in the URL (`?s=`,
see refapp/sandbox_code.py); without JavaScript that URL shows the board at the last step.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

import yaml
from flask import Blueprint, Response, current_app, g, render_template, request

from corpus.languages import LANGS
from engine import sandbox
from engine.core.registry import browser_facts, game_names, games
from refapp import i18n, sandbox_start
from refapp.board import board_at, game_facts
from refapp.catalog import localised
from refapp.commands.web import THREADS
from refapp.json_input import JSONInputError, loads
from refapp.sandbox_code import CodeError, decode, encode
from refapp.scenarios import ScenarioUnavailable, catalog_types
from refapp.slots import RETRY_AFTER_S, Slots
from refapp.state import get_state
from refapp.views.error_pages import fault_page
from refapp.views.formats import problem
from refapp.vocabulary import board_strings

bp = Blueprint("sandbox", __name__)

MAX_BODY_BYTES = 32 * 1024
TOO_SLOW_RETRY_S = 5
NO_BOARDS = sandbox.Boards(at=frozenset())
LAST_BOARD = sandbox.Boards(last=True)
ENGINE_BUG = "the engine failed on this situation: a fault of ours, not of what you sent (it has been logged)"


@bp.record_once
def _make_slots(setup: Any) -> None:
    """This process's slots for replays (config SANDBOX_SLOTS, SANDBOX_SLOTS_PER_CLIENT)."""
    config = setup.app.config
    total = int(config.get("SANDBOX_SLOTS", max(1, THREADS - 1)))  # fewer than the threads
    per_client = int(config.get("SANDBOX_SLOTS_PER_CLIENT", 1))
    setup.app.extensions["refapp-sandbox-slots"] = Slots(total, per_client)


def limits() -> sandbox.Limits:
    """The sandbox's limits (config SANDBOX_LIMITS, for tests; default engine.sandbox.LIMITS)."""
    return current_app.config.get("SANDBOX_LIMITS") or sandbox.LIMITS


def json_reply(body: dict[str, Any], status: int, headers: dict[str, str] | None = None) -> Response:
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    return Response(text, status=status, mimetype="application/json", headers=headers)


def retry_headers(status: int) -> dict[str, str]:
    return {"Retry-After": str(TOO_SLOW_RETRY_S)} if status == 503 else {}


def replay(situation: Any, answers: Any, boards: sandbox.Boards = sandbox.ALL_BOARDS,
           ) -> tuple[sandbox.SandboxRun | None, dict[str, Any], int]:
    """``(run, {}, 200)``, or ``(None, error body, status)``; never raises.

    What the client sent and cannot be played is a 422 naming the field (``limits.<budget>`` for
    too much work); the wall-clock safety net is a 503 (try again); anything else is an engine bug:
    logged with its traceback, answered 500 without it.
    """
    game = situation.get("game") if isinstance(situation, dict) else None
    names = slug_names_of(game)[0] if isinstance(game, str) and game in games() else {}
    try:
        return sandbox.play(situation, answers, names, limits(), boards), {}, 200
    except sandbox.SandboxError as exc:
        return None, *problem(str(exc), 422, field=exc.field, **exc.details())
    except sandbox.TooSlow as exc:
        current_app.logger.warning("sandbox replay stopped by the safety net: %s", exc)
        return None, *problem(f"the server is too busy to finish this replay now ({exc}): try again in "
                              f"{TOO_SLOW_RETRY_S} s", 503)
    except Exception:  # noqa: BLE001 - an engine bug: logged, answered 500 without a traceback
        current_app.logger.exception("sandbox replay failed: engine error")
        return None, *problem(ENGINE_BUG, 500)


def run_sandbox(situation: Any, answers: Any, boards: sandbox.Boards = sandbox.ALL_BOARDS,
                ) -> tuple[dict[str, Any], int]:
    """The replay as the API returns it (names, types and the link code added), or the error body."""
    run, error, status = replay(situation, answers, boards)
    if run is None:
        return error, status
    names, types = slug_names_of(run.game)
    return {**run.to_dict(), "names": names, "card_types": types, "code": encode(situation, answers)}, 200


def slug_names_of(game: str) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """Every card name and type list of one game (slug keys), built once per app: the board and
    the editor label any card with them, and sending them all is cheaper than finding the used ones."""
    extra = get_state().extra
    key = f"sandbox-names-{game}"
    if key not in extra:
        catalog = get_state().catalog
        names = catalog.slug_names(game)
        extra[key] = (names, {slug: catalog_types(catalog, game, slug) for slug in names})
    return extra[key]


def one_at_a_time(refuse: Callable[[int, str], Any]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Run the view in one of this process's replay slots (refapp/slots.py); without one, answer
    ``refuse(status, message)`` with ``Retry-After`` at once."""

    def wrap(view: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(view)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            slots: Slots = current_app.extensions["refapp-sandbox-slots"]
            with slots.slot(request.remote_addr or "") as refused:
                if refused is None:
                    return view(*args, **kwargs)
            response = current_app.make_response(refuse(refused.status, refused.message))
            response.headers["Retry-After"] = str(RETRY_AFTER_S)
            return response

        return guarded

    return wrap


def _refuse_json(status: int, message: str) -> Response:
    return json_reply(problem(message, status)[0], status)


def _refuse_text(status: int, message: str) -> Response:
    return Response(f"{message}\n", status=status, mimetype="text/plain")


def _refuse_page(status: int, _message: str) -> tuple[str, int]:
    if not hasattr(g, "lang"):
        g.lang = i18n.DEFAULT_LANG
    return fault_page(status)


def parse_boards(value: Any, most: int) -> sandbox.Boards | str:
    """The ``snapshots`` field as Boards, or the error message."""
    if value == "all":
        return sandbox.ALL_BOARDS
    if value == "last":
        return LAST_BOARD
    if isinstance(value, list) and len(value) <= most and all(
            isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in value):
        return sandbox.Boards(at=frozenset(value))
    return f'snapshots: "all" (the default), "last", or a list of at most {most} event indexes (from 0)'


def bad(message: str, status: int, field: str, **extra: Any) -> Response:
    return json_reply(problem(message, status, field=field, **extra)[0], status)


def read_body() -> dict[str, Any] | Response:
    """The request body as a JSON object, or the error reply (413, 400, 422)."""
    too_large = problem(f"the request is larger than {MAX_BODY_BYTES // 1024} KB", 413, limit=MAX_BODY_BYTES)
    if (request.content_length or 0) > MAX_BODY_BYTES:
        return json_reply(too_large[0], 413)
    raw = request.get_data(cache=False)
    if len(raw) > MAX_BODY_BYTES:
        return json_reply(too_large[0], 413)
    try:
        payload = loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return bad("body: not UTF-8 text: send JSON {situation, answers}", 400, "body")
    except JSONInputError as exc:
        return bad(str(exc), exc.status, exc.field)
    if not isinstance(payload, dict):
        return bad("the body is a JSON object {situation, answers}", 422, "body")
    return payload


@bp.post("/api/sandbox")
@one_at_a_time(_refuse_json)
def api_sandbox():  # type: ignore[no-untyped-def]
    payload = read_body()
    if isinstance(payload, Response):
        return payload
    unknown = sorted(set(payload) - {"situation", "answers", "since", "snapshots"})
    if unknown:
        return bad(f"unknown field(s) {unknown}", 422, unknown[0])
    if "situation" not in payload:
        return bad("situation: missing", 422, "situation")
    since = payload.get("since", 0)
    if not isinstance(since, int) or isinstance(since, bool) or since < 0:
        return bad("since: a whole number >= 0", 422, "since")
    most = limits()
    boards = parse_boards(payload.get("snapshots", "all"), most.boards_at)
    if isinstance(boards, str):
        return bad(boards, 422, "snapshots")
    if boards == sandbox.ALL_BOARDS:
        boards = sandbox.Boards(since=since)  # the client holds the boards before `since`
    body, status = run_sandbox(payload["situation"], payload.get("answers", []), boards)
    if status == 200:  # the replay is deterministic: a client that holds the first events gets the rest
        since = min(since, len(body["events"]))
        body.update(since=since, total=len(body["events"]), events=body["events"][since:])
    reply = json_reply(body, status, retry_headers(status))
    if status == 200 and (reply.content_length or 0) > most.reply_bytes:
        most_bytes = most.reply_bytes
        return bad(f"limits.reply_bytes: the reply would be larger than {most_bytes:,} bytes; ask for "
                   'fewer boards (snapshots: "last" or a list of steps), send "since", or stop the replay '
                   "sooner (setup.stop)", 422, "limits.reply_bytes", limit="reply_bytes", most=most_bytes)
    return reply


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
    run, _error, _status = replay(situation, answers, NO_BOARDS)
    if run is None:
        return situation, []
    title = situation.get("title") if isinstance(situation.get("title"), dict) else {}
    situation = {**situation, "id": f"{situation.get('id', 'sandbox')}-try", "title": {
        lang: i18n.translate("try_demo.title", lang, title=title.get(lang, "")) for lang in LANGS}}
    return situation, answers[: sandbox_start.answers_before(run.answers, step)]


def start_state() -> tuple[dict[str, Any], list[Any], str | None]:
    """(situation, answers, error) from the query: ?s=code, ?from=demo&step=n, ?card=entry, ?game=."""
    args = request.args
    game = args.get("game") if args.get("game") in games() else game_names()[0]
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
    if request.args.get("s"):  # a shared link may hold any situation: it takes a replay slot
        return _shared_page()
    return _page()


@one_at_a_time(_refuse_page)
def _shared_page():  # type: ignore[no-untyped-def]
    return _page()


def _page():  # type: ignore[no-untyped-def]
    situation, answers, error = start_state()
    data, status = run_sandbox(situation, answers, LAST_BOARD)  # the page shows the board at the end
    if status != 200:
        error = data["error"]
        data = {}
    elif error:
        status = 400
    game = situation.get("game") if isinstance(situation, dict) else None
    game = game if isinstance(game, str) and game in games() else game_names()[0]
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
        games=browser_facts(),
        names_by_game={name: names_in(name, g.lang) for name in games()},
        origin=origin,
    ), status, retry_headers(status)


def names_in(game: str, lang: str) -> dict[str, str]:
    """One game's card names in ``lang`` by slug (the editor's chips)."""
    return {slug: localised(n, lang) for slug, n in get_state().catalog.slug_names(game).items()}


@bp.get("/sandbox/scenario.yaml")
@one_at_a_time(_refuse_text)
def download():  # type: ignore[no-untyped-def]
    try:
        situation, answers = decode(request.args.get("s", ""))
    except CodeError as exc:
        return Response(f"{exc}\n", status=400, mimetype="text/plain")
    run, error, status = replay(situation, answers, LAST_BOARD)  # its expectations: the board at the end
    if run is None:
        return Response(f"{error['error']}\n", status=status, mimetype="text/plain",
                        headers=retry_headers(status))
    scenario = sandbox.to_scenario(situation, run)
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml's: the same text, a quarter of the time
    text = yaml.dump(scenario, Dumper=dumper, allow_unicode=True, sort_keys=False, width=100)
    response = Response(text, mimetype="application/yaml")
    response.headers["Content-Disposition"] = f'attachment; filename="{scenario["id"]}.yaml"'
    return response


@bp.app_context_processor
def sandbox_helpers() -> dict[str, Any]:
    """`sandbox_playable(entry_id)`: whether the entry page offers "try it"; `game_facts(game)`: the
    game object's facts for the board and entry templates (refapp/board.py)."""
    return {"sandbox_playable": lambda entry_id: sandbox_start.for_card(entry_id) is not None,
            "game_facts": game_facts}
