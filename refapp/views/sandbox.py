"""The what-if sandbox: `POST /api/sandbox`, the `/sandbox` page and its scenario download.

Stateless: every request carries the situation and the answers so far; the engine replays them
(refapp/sandbox_replay.py; seeded, so the same input gives the same output). The page's state
lives in the URL (`?s=`, see refapp/sandbox_code.py); without JavaScript that URL shows the board
at the last step. Replays run in this process's slots (refapp/slots.py: fewer than its threads, one
per client by default).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

import yaml
from flask import Blueprint, Response, current_app, g, render_template, request

from engine import sandbox
from engine.core.registry import browser_facts, game_names, games
from refapp import i18n, sandbox_start
from refapp.board import board_at, game_facts
from refapp.commands.web import THREADS
from refapp.errors import problem
from refapp.json_input import JSONInputError, loads
from refapp.sandbox_code import CodeError, decode, encode
from refapp.sandbox_replay import (
    LAST_BOARD,
    TOO_SLOW_RETRY_S,
    limits,
    names_in,
    replay,
    run_sandbox,
    situation_entry,
    start_state,
)
from refapp.slots import RETRY_AFTER_S, Slots
from refapp.state import get_state
from refapp.views.error_pages import fault_page
from refapp.vocabulary import board_strings, words_by_edition

bp = Blueprint("sandbox", __name__)

MAX_BODY_BYTES = 32 * 1024


@bp.record_once
def _make_slots(setup: Any) -> None:
    """This process's slots for replays (config SANDBOX_SLOTS, SANDBOX_SLOTS_PER_CLIENT)."""
    config = setup.app.config
    total = int(config.get("SANDBOX_SLOTS", max(1, THREADS - 1)))  # fewer than the threads
    per_client = int(config.get("SANDBOX_SLOTS_PER_CLIENT", 1))
    setup.app.extensions["refapp-sandbox-slots"] = Slots(total, per_client)


def json_reply(body: dict[str, Any], status: int, headers: dict[str, str] | None = None) -> Response:
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    return Response(text, status=status, mimetype="application/json", headers=headers)


def retry_headers(status: int) -> dict[str, str]:
    return {"Retry-After": str(TOO_SLOW_RETRY_S)} if status == 503 else {}


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
    situation, answers, error = start_state(request.args)
    data, status = run_sandbox(situation, answers, LAST_BOARD)  # the page shows the board at the end
    if status != 200:
        error = data["error"]
        data = {}
    elif error:
        status = 400
    game = situation.get("game") if isinstance(situation, dict) else None
    game = game if isinstance(game, str) and game in games() else game_names()[0]
    edition = situation.get("edition") if isinstance(situation, dict) else None
    edition = edition if isinstance(edition, str) else None
    strings = {**i18n.client_strings(g.lang, ("sandbox.", "game.", "edition.", "punct.")),
               **board_strings(get_state().catalog, game, g.lang, edition)}  # the demo board's words
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
        edition_words=words_by_edition(get_state().catalog, g.lang),
        origin=origin,
    ), status, retry_headers(status)


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
