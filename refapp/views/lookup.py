"""Point the phone at a card: GET /lookup (the page) and POST /api/lookup (a photo in, candidates
out; the reading and matching: refapp/lookup_reply.py). The page's words: lookup_strings.yaml.

At most one OCR runs at a time in a process; a request that finds it busy is answered 503 with
Retry-After at once, so photos never occupy every worker.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint, g, jsonify, render_template, request

from corpus.languages import DEFAULT_LANG, LANGS, order, pick
from engine.core.registry import game_names
from refapp import lookup_ocr
from refapp.errors import problem
from refapp.lookup_reply import kingdom_choices, load_photo, photo_reply, read_photo
from refapp.string_table import load_table

bp = Blueprint("lookup", __name__)

GAMES = game_names()
LOOKUP_LANGS = order(DEFAULT_LANG)  # the lang= values, the default first (as its 400 lists them)
MODES = ("card", "kingdom")
RETRY_AFTER = "3"
STRINGS_FILE = Path(__file__).parents[1] / "lookup_strings.yaml"
STRINGS: dict[str, dict[str, str]] = load_table(STRINGS_FILE)  # key -> {language: text}


def s(key: str, lang: str) -> str:
    return pick(STRINGS[key], lang, keep_empty=True)


# --------------------------------------------------------------------------- API
def _param(name: str, choices: tuple[str, ...], default: str | None) -> str | None:
    raw = request.args.get(name) or request.form.get(name) or default
    if raw is not None and raw not in choices:
        raise ValueError(f"{name}: {raw[:20]!r} is not one of {list(choices)}")
    return raw


def _upload() -> bytes:
    if request.mimetype == "multipart/form-data":
        f = request.files.get("image")
        if f is None:
            raise lookup_ocr.ImageRejected("send the photo in the form field 'image'")
        return f.read(lookup_ocr.MAX_BYTES + 1)
    return request.get_data(cache=False)


@bp.before_request
def allow_photos() -> None:
    # the app's 64 KB body limit is for text; a photo may be up to 4 MB (plus the form's framing)
    if request.path == "/api/lookup":
        request.max_content_length = lookup_ocr.MAX_BYTES + 64 * 1024


@bp.post("/api/lookup")
def api_lookup():  # type: ignore[no-untyped-def]
    try:
        game = _param("game", GAMES, None)
        lang = _param("lang", LOOKUP_LANGS, g.get("lang") if g.get("lang") in LANGS else DEFAULT_LANG)
        mode = _param("mode", MODES, "card")
    except ValueError as exc:
        return problem(str(exc), 400)
    assert lang is not None and mode is not None
    try:
        img = load_photo(_upload(), mode)
    except lookup_ocr.ImageRejected as exc:
        return problem(str(exc), exc.status)
    lines = read_photo(img, mode)
    if lines is None:
        return *problem("busy: another photo is being read", 503), {"Retry-After": RETRY_AFTER}
    return jsonify(photo_reply(lines, img.size, mode, game, lang))


# --------------------------------------------------------------------------- page
@bp.app_context_processor
def lookup_helpers() -> dict[str, Any]:
    """``lookup_label()``: the lookup page's name in the reader's script (the home page links it)."""
    return {"lookup_label": lambda: s("title", g.get("lang") or DEFAULT_LANG)}


@bp.get("/lookup")
def page():  # type: ignore[no-untyped-def]
    lang = g.get("lang") or "zh-Hans"
    strings = {k: s(k, lang) for k in STRINGS}
    return render_template("lookup.html", page="lookup", query="", ls=strings,
                           games=GAMES, kingdom_cards=kingdom_choices())
