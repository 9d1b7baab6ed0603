"""The entries' pages as data for "save for the table": one JSON per script holding each entry
page's title and main part, rendered by the entry page's own view and template.

The pack stored each entry's whole page (224 pages, 0.62 MB compressed, each repeating the
page's frame); the frame is now saved once (``/offline/entry``, which the service worker gives
for an /entries/<id> not kept) and filled from this data, so an entry reads offline exactly as
online.
"""

from __future__ import annotations

import html as html_lib
import re
from typing import Any

from flask import current_app, g

from corpus.model import LANGS
from refapp.catalog import entry_url

_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
_MAIN = re.compile(r'<main id="main"[^>]*>(.*)</main>', re.S)


def page_parts(html: str) -> tuple[str, str] | None:
    """(the page's title as text, its <main>'s inner HTML), or None for a page without them."""
    title, main = _TITLE.search(html), _MAIN.search(html)
    return (html_lib.unescape(title.group(1).strip()), main.group(1).strip()) if title and main else None


def build_entries(state: Any, lang: str) -> dict[str, Any]:
    """Every entry's page in ``lang`` (one of corpus.model.LANGS): {id: [title, main HTML]}."""
    if lang not in LANGS:
        raise ValueError(f"lang: {lang!r} is not one of {list(LANGS)}")
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    view = app.view_functions["pages.entry"]
    pages: dict[str, list[str]] = {}
    for e in sorted(state.catalog.dataset.entries, key=lambda e: e.id):
        # a fresh app context: the page's g (its language) is not the asking request's
        with app.app_context(), app.test_request_context(entry_url(e.id)):
            g.lang = lang
            parts = page_parts(str(view(entry_id=e.id)))
        if parts:
            pages[e.id] = list(parts)
    return {"version": state.catalog.version, "lang": lang, "entries": pages}
