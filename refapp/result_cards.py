"""What one result or browse card shows (`_entrycard.html`), worked out in Python once per card:
a results page holds twenty of them, and each of the template's helper calls (names, labels, the
answer's and the demonstration's addresses) cost more in the template than here."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

import index
from refapp import i18n
from refapp.board import game_facts
from refapp.catalog import entry_url, localised
from refapp.links import demo_url, ruling_url
from refapp.markup import render_snippet
from refapp.scenarios import ScenarioSummary

NAMED_KINDS = ("card", "term")  # kinds whose other scripts' names help find them


@dataclass(frozen=True)
class ShowMe:
    url: str  # the demonstration at its ★ step
    label: str  # read out: what it shows
    title: str | None  # shown after "Show me" when it demonstrates another ruling than the card's


@dataclass(frozen=True)
class AlsoIn:
    url: str  # the other entry opened at the ruling (or the FAQ) saying the same
    title: str


@dataclass(frozen=True)
class ResultCard:
    answer_url: str  # the entry opened at the ruling that answers
    title: str
    other_names: tuple[tuple[str, str], ...] | None  # (language, name) in other scripts; None: none shown
    game: str
    game_label: str
    editions_inline: tuple[str, ...]  # edition labels after the game's name (a game without badges)
    kind: str
    kind_label: str
    edition_badges: tuple[str, ...]  # edition labels as badges of their own
    cost: int | None
    snippet: Markup | None
    ruling: bool  # the snippet is a ruling's text
    show_me: ShowMe | None
    also: tuple[AlsoIn, ...]  # the near-duplicates folded into this result (`index.fold`), each entry once


def result_card(
    r: Mapping[str, Any],
    lang: str,
    other_langs: Sequence[str],
    summaries: Mapping[str, ScenarioSummary],
    make_demo_url: Callable[[str], str] = demo_url,
    entry_names: Mapping[str, Mapping[str, str]] | None = None,
) -> ResultCard:
    """The card of `r` (a search result or a browse entry: url, title, kind, game, editions,
    cost?, snippet?, ruling?, scenarios?, also?) for a reader of `lang`; `other_langs`: the other
    names' languages in order (the script the query is typed in first); `entry_names`: entry id ->
    its names, for the entries of `also`."""
    title = localised(r["title"], lang)
    other_names = None
    if r["kind"] in NAMED_KINDS:  # each name once: 地窖 is 地窖 in both Chinese scripts
        seen, names = {index.normalise(title)}, []
        for code in other_langs:
            name = r["title"].get(code)
            key = index.normalise(name) if code != lang and name else None
            if key is not None and key not in seen:
                seen.add(key)
                names.append((code, name))
        other_names = tuple(names)
    editions = tuple(i18n.label("edition", ed, lang) for ed in r.get("editions") or ())
    badges = bool(game_facts(r["game"]).get("edition_badges"))
    answer_url = ruling_url(r["url"], r.get("ruling"))
    return ResultCard(
        answer_url=answer_url,
        title=title,
        other_names=other_names,
        game=r["game"],
        game_label=i18n.label("game", r["game"], lang),
        editions_inline=() if badges else editions,
        kind=r["kind"],
        kind_label=i18n.label("kind", r["kind"], lang),
        edition_badges=editions if badges else (),
        cost=r.get("cost"),
        snippet=render_snippet(r.get("snippet")) if r.get("snippet") else None,
        ruling=bool(r.get("ruling")),
        show_me=_show_me(r, title, lang, summaries, make_demo_url),
        also=_also_in(r.get("also") or (), r.get("id"), lang, entry_names or {}),
    )


def _also_in(
    also: Sequence[str], own: str | None, lang: str, names: Mapping[str, Mapping[str, str]]
) -> tuple[AlsoIn, ...]:
    """Links to the entries whose ruling (or FAQ) `also` names ('entry#ruling' or an entry id),
    each entry once and never the result's own; an id the catalogue does not hold is left out."""
    out: list[AlsoIn] = []
    seen = {own}
    for label in also:
        entry, _, ruling = label.partition("#")
        if entry in seen or entry not in names:
            continue
        seen.add(entry)
        out.append(AlsoIn(ruling_url(entry_url(entry), ruling or None), localised(names[entry], lang)))
    return tuple(out)


def _show_me(
    r: Mapping[str, Any],
    title: str,
    lang: str,
    summaries: Mapping[str, ScenarioSummary],
    make_demo_url: Callable[[str], str],
) -> ShowMe | None:
    sid = (r.get("scenarios") or [None])[0]
    if not sid or sid not in summaries:
        return None
    demo = summaries[sid]
    own = not r.get("ruling") or demo.ruling == r.get("ruling")
    demo_title = localised(demo.title, lang)
    return ShowMe(
        url=make_demo_url(sid),
        label=i18n.translate("show_me.label", lang, title=demo_title or title),
        title=None if own else demo_title,
    )
