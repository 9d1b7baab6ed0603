"""Friendly error pages in the reader's language (JSON for API paths); never a traceback."""

from __future__ import annotations

from flask import Flask, g, render_template, request
from werkzeug.exceptions import HTTPException

from refapp import i18n
from refapp.errors import problem

JSON_PATHS = ("/healthz", "/readyz")


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.path.endswith(".json") or request.path in JSON_PATHS


def allow_header(exc: HTTPException) -> dict[str, str]:
    """405 answers name the methods the address does accept (RFC 9110 15.5.6)."""
    methods = getattr(exc, "valid_methods", None)
    return {"Allow": ", ".join(sorted(methods))} if exc.code == 405 and methods else {}


def error_page(title: str, body: str, status: int) -> tuple[str, int]:
    """The site's error page in the reader's language, with its status."""
    return render_template("error.html", title=title, body=body, page="error"), status


def fault_page(status: int) -> tuple[str, int]:
    """Our fault, not the reader's: the 500 page's words with `status`."""
    title, body = (i18n.translate(key, g.lang) for key in ("error.500.title", "error.500.body"))
    return error_page(title, body, status)


def register_error_pages(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):  # type: ignore[no-untyped-def]
        code = exc.code or 500
        if not hasattr(g, "lang"):
            g.lang = i18n.choose_lang(
                request.args.get("lang"),
                request.cookies.get(i18n.LANG_COOKIE),
                request.headers.get("Accept-Language"),
            )
        extra = allow_header(exc)
        if wants_json():
            return *problem(exc.name, code), extra
        key = {404: "error.404.title", 405: "error.405.title"}.get(code, "error.400.title")
        body = i18n.translate("error.404.body", g.lang) if code == 404 else ""
        if code >= 500:
            key, body = "error.500.title", i18n.translate("error.500.body", g.lang)
        return *error_page(i18n.translate(key, g.lang), body, code), extra

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):  # type: ignore[no-untyped-def]
        app.logger.exception("unhandled error")
        if not hasattr(g, "lang"):
            g.lang = i18n.DEFAULT_LANG
        if wants_json():
            return problem("Internal Server Error", 500)
        return fault_page(500)
