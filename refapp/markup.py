"""Dataset text to safe HTML, and search snippets.

The dataset's text is plain text: the seeds' wording (with literal asterisks as footnote marks,
"**" where a word was lost, "1." and "- " at line starts) and our own writing. It is escaped for
HTML and for Markdown, rendered with `markdown` (line breaks kept by `nl2br`), then sanitised
with nh3, so nothing in it can become markup, emphasis or a list by accident.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

import markdown
import nh3
from markupsafe import Markup

_TAGS = {"p", "br"}
_SNIPPET_TAGS = {"mark"}
# The characters Python-Markdown honours a backslash escape for.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()>#+\-.!])")


def escape_markdown(text: str) -> str:
    """Plain text as Markdown source that renders to exactly that text."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(text, quote=False))


RENDERED_TEXTS = 4096  # dataset texts kept rendered per process (a few hundred bytes each)


@lru_cache(maxsize=RENDERED_TEXTS)
def render_text(text: str | None) -> Markup:
    """Plain content text as sanitised HTML paragraphs, line breaks kept. Kept (bounded): the
    texts are the dataset's, a fixed set shown again and again, and each rendering builds a
    Markdown parser afresh (about 0.6 ms)."""
    if not text:
        return Markup("")
    rendered = markdown.markdown(escape_markdown(text), extensions=["nl2br"], output_format="html")
    return Markup(nh3.clean(rendered, tags=_TAGS, attributes={}, link_rel=None))


def render_snippet(snippet: str | None) -> Markup:
    """A search snippet: only <mark> survives; everything else is text."""
    if not snippet:
        return Markup("")
    return Markup(nh3.clean(snippet, tags=_SNIPPET_TAGS, attributes={}, link_rel=None))
