"""The source reader, `GET /sources/<file>?from=A&to=B` and its JSON twin `/sources/<file>.json`
(the passage: refapp/source_reader.py), and the helpers the source line of an entry page calls
(refapp/source_line.py). An unknown file is a 404; a bad line number or script a 400 that says
what is wrong.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, g, render_template, request

from corpus.citations import published_url, titles
from corpus.languages import language
from corpus.model import SOURCES_DIR
from refapp import i18n
from refapp.errors import problem
from refapp.source_line import published_title, reader_sources, shown_aliases, source_url, without_lead
from refapp.source_reader import BadRequest, passage, say
from refapp.state import get_state
from refapp.views.error_pages import error_page
from refapp.views.formats import Twin, twin

bp = Blueprint("sources_page", __name__)


@twin(bp, "/sources/<path:name>")
def source(name: str) -> Twin:
    if name not in get_state().docs or not (SOURCES_DIR / name).is_file():
        abort(404)
    try:
        data = passage(name, g.lang, request.args.to_dict())
    except BadRequest as exc:
        return refused(str(exc))
    return Twin(
        html=lambda: render_template("source.html", doc=data, s=lambda key, **v: say(key, g.lang, **v),
                                     page="source"),
        json=lambda: data,
    )


def refused(message: str) -> Twin:
    """A 400 that says what is wrong: the error page, or the JSON refusal with the message."""
    return Twin(
        html=lambda: error_page(i18n.translate("error.400.title", g.lang), message, 400),
        json=lambda: problem("Bad Request", 400, message=message),
    )


@bp.app_context_processor
def citation_helpers() -> dict[str, Any]:
    lang = getattr(g, "lang", i18n.DEFAULT_LANG)
    return {
        "source_title": lambda file: titles().document(file, lang),
        "source_url": source_url,
        "reader_sources": lambda sources: reader_sources(list(sources), lang),
        "published_title": lambda p: published_title(p, lang),
        "published_url": published_url,
        "shown_aliases": lambda e: shown_aliases(e, lang),
        "alias_separator": language(lang).list_separator,
        "without_lead": without_lead,
    }
