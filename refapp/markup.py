"""Markdown to safe HTML: rendered with `markdown`, then sanitised with nh3."""

from __future__ import annotations

import markdown
import nh3
from markupsafe import Markup

_TAGS = {"p", "em", "strong", "ul", "ol", "li", "br", "code", "b", "i", "blockquote"}
_SNIPPET_TAGS = {"mark"}


def render_markdown(text: str | None) -> Markup:
    """Content text (which may use Markdown emphasis or lists) as sanitised HTML."""
    if not text:
        return Markup("")
    html = markdown.markdown(text, output_format="html")
    return Markup(nh3.clean(html, tags=_TAGS, attributes={}, link_rel=None))


def render_snippet(snippet: str | None) -> Markup:
    """A search snippet: only <mark> survives; everything else is text."""
    if not snippet:
        return Markup("")
    return Markup(nh3.clean(snippet, tags=_SNIPPET_TAGS, attributes={}, link_rel=None))
