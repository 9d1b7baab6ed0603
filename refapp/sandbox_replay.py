"""The sandbox's replays: a situation and the answers so far played by the engine within the
limits (seeded, so the same input gives the same output), answered as the API returns them or
as the error body with its status; and where the page starts from its query (a link code, a
demonstration's step, a card's "try it", a blank table). refapp/views/sandbox.py serves them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import current_app

from corpus.languages import LANGS
from engine import sandbox
from engine.core.registry import game_names, games
from refapp import i18n, sandbox_start
from refapp.catalog import localised
from refapp.errors import problem
from refapp.sandbox_code import CodeError, decode, encode
from refapp.scenarios import ScenarioUnavailable, catalog_types
from refapp.state import get_state

TOO_SLOW_RETRY_S = 5
NO_BOARDS = sandbox.Boards(at=frozenset())
LAST_BOARD = sandbox.Boards(last=True)
ENGINE_BUG = "the engine failed on this situation: a fault of ours, not of what you sent (it has been logged)"


def limits() -> sandbox.Limits:
    """The sandbox's limits (config SANDBOX_LIMITS, for tests; default engine.sandbox.LIMITS)."""
    return current_app.config.get("SANDBOX_LIMITS") or sandbox.LIMITS


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


def from_demo(scenario_id: str, step_arg: str | None) -> tuple[dict[str, Any], list[Any]] | None:
    """A demonstration's situation with the answers given up to ``step`` (default: the ★ step)."""
    start = sandbox_start.from_demo(scenario_id, None)
    if start is None:
        return None
    situation, answers = start
    step = int(step_arg) if step_arg and step_arg.isdigit() else None
    if step is None:
        try:
            step = get_state().scenarios.ruling_step(scenario_id) + 1
        except ScenarioUnavailable:
            step = 1
    run, _error, _status = replay(situation, answers, NO_BOARDS)
    if run is None:
        return situation, []
    title = situation.get("title") if isinstance(situation.get("title"), dict) else {}
    situation = {**situation, "id": f"{situation.get('id', 'sandbox')}-try", "title": {
        lang: i18n.translate("try_demo.title", lang, title=title.get(lang, "")) for lang in LANGS}}
    return situation, answers[: sandbox_start.answers_before(run.answers, step)]


def start_state(args: Mapping[str, str]) -> tuple[dict[str, Any], list[Any], str | None]:
    """(situation, answers, error) from the query: ?s=code, ?from=demo&step=n, ?card=entry, ?game=."""
    game = args.get("game") if args.get("game") in games() else game_names()[0]
    if args.get("s"):
        try:
            situation, answers = decode(args["s"])
            return situation, answers, None
        except CodeError as exc:
            return *sandbox_start.blank(game), str(exc)
    if args.get("from"):
        found = from_demo(args["from"][:100], args.get("step"))
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


def names_in(game: str, lang: str) -> dict[str, str]:
    """One game's card names in ``lang`` by slug (the editor's chips)."""
    return {slug: localised(n, lang) for slug, n in get_state().catalog.slug_names(game).items()}
