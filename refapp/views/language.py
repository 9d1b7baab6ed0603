"""The reader's language: the explicit switch, and remembering a choice in a cookie."""

from __future__ import annotations

from flask import Blueprint, Response, abort, g, redirect, request

from corpus.model import LANGS
from refapp import i18n

bp = Blueprint("language", __name__)

LANG_COOKIE_AGE = 400 * 24 * 3600


def safe_next(target: str | None) -> str:
    """A local path to return to after switching language; anything else becomes '/'."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    if any(ord(c) < 32 for c in target):
        return "/"
    return target


@bp.before_app_request
def choose_language() -> None:
    """Every request knows its reader's language as g.lang."""
    explicit = request.args.get("lang")
    if explicit in LANGS:  # what choose_lang answers first, without reading cookie and headers
        g.lang = explicit
        return
    g.lang = i18n.choose_lang(
        explicit,
        request.cookies.get(i18n.LANG_COOKIE),
        request.headers.get("Accept-Language"),
    )


@bp.after_app_request
def remember_explicit_language(response: Response) -> Response:
    chosen = request.args.get("lang")
    if response.mimetype != "text/html":
        return response  # the API's lang= chooses a search language, not the reader's interface
    if chosen in LANGS and request.cookies.get(i18n.LANG_COOKIE) != chosen:
        set_lang_cookie(response, chosen)
    return response


def set_lang_cookie(response: Response, lang: str) -> None:
    response.set_cookie(
        i18n.LANG_COOKIE,
        lang,
        max_age=LANG_COOKIE_AGE,
        samesite="Lax",
        httponly=False,
        secure=False,
        path="/",
    )


@bp.get("/lang/<code>")
def switch_language(code: str) -> Response:
    if code not in LANGS:
        abort(404)
    response = redirect(safe_next(request.args.get("next")), code=303)
    set_lang_cookie(response, code)
    return response
