"""The source line of an entry page: links to the source reader at the cited lines, the seed
copies a reader is sent to, published titles and the aliases shown in the reader's script."""

from __future__ import annotations

from corpus.aliases import displayed_aliases
from corpus.citations import titles
from corpus.languages import CHINESE
from corpus.model import Entry, Published, Source
from refapp.state import get_state


def source_url(s: Source, **extra: str) -> str:
    a, b = s.lines
    query = f"from={a}&to={b}" + "".join(f"&{k}={v}" for k, v in extra.items())
    return f"/sources/{s.file}?{query}#L{a}"


def reader_sources(sources: list[Source], lang: str) -> list[Source]:
    """The seed copies a reader is sent to: those in the reader's script when there are any
    (a zh-Hant reader reads the Traditional rulebook, not its Simplified copies), else all;
    one link per document."""
    docs = get_state().docs
    unique = list(dict.fromkeys(sources))
    if lang in CHINESE:
        own = [s for s in unique if docs.get(s.file) and docs[s.file].script == lang]
        if own:
            return own
    return unique


def published_title(p: Published, lang: str) -> str:
    return titles().published_title(p, lang)


def shown_aliases(e: Entry, lang: str) -> list[str]:
    """The "also called" row: not the entry's names, nor its 2nd-edition name (a row of its own)."""
    names_2e = e.extra.get("names_2e")
    second = set(names_2e.values()) if isinstance(names_2e, dict) else set()
    return [a for a in displayed_aliases(e.aliases, lang, e.names) if a not in second]


def without_lead(text: str, lead: str) -> str:
    """A ruling's text beside its edition badge: without the same label again at its start
    ("2nd edition: Chapel ..." under a "2nd edition" badge reads "Chapel ...")."""
    if not lead or not text.startswith(lead) or text[len(lead) : len(lead) + 1] not in (":", "："):
        return text  # "第二版中……" is a sentence about the edition, not a label
    rest = text[len(lead) + 1 :].lstrip()
    if not rest:
        return text
    return rest[0].upper() + rest[1:] if rest[0].isascii() else rest
