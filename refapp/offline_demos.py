"""The demonstrations as data for "save for the table": every run in one script, one JSON.

One offline player page (``/offline/player``, refapp/static/player.js) plays any of them from
this data, so the pack no longer stores a whole player page per demonstration. Each run is what
the online player page embeds (:func:`refapp.board.client_run`) plus the page's own words (title,
entry, the ruling box), and its snapshots are stored as differences from the step before
(:func:`delta`; player.js undoes them with ``undelta``): consecutive snapshots repeat most of the
board, which made the runs 5.3 MB before compression and slow to parse on a phone.

Pure functions over the app state; the route lives in :mod:`refapp.views.offline`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from corpus.model import LANGS
from engine.core.registry import games
from refapp.board import client_run, game_facts, ruling_index
from refapp.catalog import localised
from refapp.markup import render_text
from refapp.scenarios import ScenarioUnavailable
from refapp.vocabulary import board_strings, words_by_edition

#: A patch's own keys (never keys of a snapshot: zones, counters, piles and card slugs are words).
GONE, ITEMS, WHOLE = "~", "#", "="


def delta(before: Any, after: Any) -> Any:
    """The patch that turns ``before`` into ``after`` (None when they are equal).

    Objects: only the keys that changed (new keys as they are, changed keys as their own patch,
    removed keys listed under "~"). Lists of objects of the same length: {"#": {index: patch}}.
    An object replacing something else: {"=": object}. Anything else: the new value itself.
    """
    if _same(before, after):
        return None
    if isinstance(before, dict) and isinstance(after, dict):
        kept_order = [k for k in before if k in after] + [k for k in after if k not in before]
        if list(after) != kept_order:  # a patch keeps the old keys' order: the board draws in it
            return {WHOLE: after}
        patch: dict[str, Any] = {}
        for key, value in after.items():
            if key not in before:
                patch[key] = value
            elif not _same(before[key], value):
                patch[key] = delta(before[key], value)  # None here is the new value, not "same"
        gone = [key for key in before if key not in after]
        if gone:
            patch[GONE] = gone
        return patch
    if (
        isinstance(before, list)
        and isinstance(after, list)
        and len(before) == len(after)
        and all(isinstance(x, dict) for x in before + after)
    ):
        pairs = enumerate(zip(before, after, strict=True))
        return {ITEMS: {str(i): p for i, (x, y) in pairs if (p := delta(x, y)) is not None}}
    return {WHOLE: after} if isinstance(after, dict) else after


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON, key order and types included (Python's == ignores both: {"a":1,"b":2} ==
    {"b":2,"a":1}, 1 == True)."""
    return a == b and json.dumps(a) == json.dumps(b)


def undelta(before: Any, patch: Any) -> Any:
    """``after`` from ``before`` and :func:`delta`'s patch (player.js does the same)."""
    if not isinstance(patch, dict):
        return patch
    if WHOLE in patch:
        return patch[WHOLE]
    if ITEMS in patch:
        out = list(before)
        for i, p in patch[ITEMS].items():
            out[int(i)] = undelta(out[int(i)], p)
        return out
    merged = {k: v for k, v in before.items() if k not in patch.get(GONE, ())}
    for key, value in patch.items():
        if key != GONE:
            merged[key] = undelta(before[key], value) if key in before else value
    return merged


def packed_snapshots(snapshots: list[Any]) -> list[Any]:
    """The first snapshot whole, each next one as its patch from the one before ({}: the same)."""
    out = []
    for i, snap in enumerate(snapshots):
        patch = snap if i == 0 else delta(snapshots[i - 1], snap)
        out.append({} if patch is None else patch)
    return out


def unpacked_snapshots(packed: list[Any]) -> list[Any]:
    out: list[Any] = []
    for i, p in enumerate(packed):
        out.append(p if i == 0 else undelta(out[-1], p))
    return out


def demo_row(scenario_id: str, run: dict[str, Any], lang: str) -> dict[str, Any]:
    """One demonstration: what player.html shows around the board, and the run it plays."""
    client = client_run(run, lang)
    del client["board"]  # the game's board words: once per game in the file
    # the online page embeds its run with sorted keys (Flask's JSON), and the board draws piles
    # and zones in key order: the patches are made on the same order
    client["snapshots"] = packed_snapshots(json.loads(json.dumps(client["snapshots"], sort_keys=True)))
    return {
        "id": scenario_id,
        "edition": run.get("edition") or "",
        "title": localised(run.get("title"), lang) or localised(run.get("entry_title"), lang),
        "entry_title": localised(run.get("entry_title"), lang),
        "entry_url": run.get("entry_url") or "",
        "ruling_html": str(render_text(localised(run.get("ruling_text"), lang))),
        "passed": run.get("passed") is not False,
        "star": ruling_index(run),
        **client,
    }


def demo_index(data: dict[str, Any], state: Any) -> list[list[Any]]:
    """[[id, ★ step (0-based), [[entry, ruling], ...]]] of the demonstrations in ``data`` (what
    :func:`build_demos` made): the saved search's "show me" finds a result's demonstration by
    the rulings it shows, and opens it at its ★ step, as the online results do."""
    summaries = state.scenarios.summaries  # a pair run is no result's "show me"
    return [
        [d["id"], d["star"], [list(pair) for pair in summaries[d["id"]].shown()]]
        for d in data["demos"]
        if d["id"] in summaries
    ]


def build_demos(state: Any, langs: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Every demonstration and pair run that runs, in each of ``langs`` (of corpus.model.LANGS),
    with each game's board strings and words once, and the merged copies' old ids. Each run is
    asked for once: it holds all three scripts."""
    for lang in langs:
        if lang not in LANGS:
            raise ValueError(f"lang: {lang!r} is not one of {list(LANGS)}")
    demos: dict[str, list[dict[str, Any]]] = {lang: [] for lang in langs}
    # the entries' demonstrations, then the pair runs the card pages list ("played with")
    for scenario_id in [*state.scenarios.summaries, *state.scenarios.pairs]:
        try:
            run = state.scenarios.run(scenario_id)
        except ScenarioUnavailable:
            continue  # a run that fails to build is left out; its page says so online
        for lang in langs:
            demos[lang].append(demo_row(scenario_id, run, lang))
    return {lang: _pack(state, lang, demos[lang]) for lang in langs}


def _pack(state: Any, lang: str, demos: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "version": state.catalog.version,
        "lang": lang,
        # the board's words per game, and per "game/edition" where an edition has words of its own
        "strings": words_by_edition(state.catalog, lang, board_strings),
        "board": {game: game_facts(game).get("board", {}) for game in games()},
        "aliases": dict(state.scenarios.aliases),
        "demos": demos,
    }
