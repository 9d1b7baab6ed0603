"""The photo lookup's answer (POST /api/lookup, refapp/views/lookup.py): a photo read by OCR
(refapp/lookup_ocr.py, one photo at a time per process) and its lines matched against the card
names (refapp/lookup_match.py), as the JSON the page's script shows: a card's candidates, or a
kingdom's ten cards with the set-up tool and kingdom picker links for them.
"""

from __future__ import annotations

import threading
from typing import Any
from urllib.parse import urlencode

from flask import current_app

from corpus.languages import LANGS
from refapp import lookup_match, lookup_ocr
from refapp.catalog import entry_url, localised
from refapp.state import get_state

OCR_SLOTS = threading.BoundedSemaphore(1)
CARD_LINES, CONTEXT_LINES = 4, 2  # lines read per card photo: the tallest (title) ones + card text
KINGDOM_LINES = 16  # ten titles and some slack


def load_photo(data: bytes, mode: str) -> Any:
    """The photo (a PIL image) checked, turned upright and scaled for ``mode``; raises
    lookup_ocr.ImageRejected."""
    side = lookup_ocr.KINGDOM_SIDE if mode == "kingdom" else lookup_ocr.SINGLE_SIDE
    return lookup_ocr.load_image(data, side)


def read_photo(img: Any, mode: str) -> list[lookup_ocr.TextLine] | None:
    """The photo's lines, or None when another photo is being read in this process."""
    if not OCR_SLOTS.acquire(blocking=False):
        return None
    try:
        if mode == "kingdom":
            return lookup_ocr.read_lines(img, tallest=KINGDOM_LINES, context=0, kind="kingdom")
        return lookup_ocr.read_lines(img, tallest=CARD_LINES, context=CONTEXT_LINES)
    finally:
        OCR_SLOTS.release()


def photo_reply(lines: list[lookup_ocr.TextLine], size: tuple[int, int], mode: str, game: str | None,
                lang: str) -> dict[str, Any]:
    """What the page's script shows for the lines read from a photo of ``size`` (width, height)."""
    read = [line.text for line in lines]
    if mode == "kingdom":
        return kingdom_json(lines, read, lang)
    names, texts = lookup_names()
    ranked = lookup_match.rank(lines, names, game, texts=texts)
    best_read = ranked[0].read if ranked else (max(lines, key=lambda x: x.height).text if lines else "")
    title = next((ln for ln in lines if ln.text == best_read), None)
    w, h = size
    return {
        "title_box": [round(title.box[0] / w, 4), round(title.box[1] / h, 4),
                      round(title.box[2] / w, 4), round(title.box[3] / h, 4)] if title else None,
        "angle": round(title.angle, 1) if title else None,
        "mode": mode,
        "read": read,
        "title_read": best_read,
        "candidates": [candidate_json(c, lang) for c in ranked],
        "search_url": "/search?" + urlencode({"q": best_read}) if best_read else None,
    }


def lookup_names() -> tuple[tuple[lookup_match.Name, ...], dict[str, str]]:
    """Every card's names (all scripts, aliases, 2nd-edition names), built once per app."""
    cached = current_app.extensions.get("refapp.lookup_names")
    if cached is None:
        rows = []
        for e in get_state().catalog.dataset.entries:
            if e.kind != "card":
                continue
            names = list(e.names.values()) + list(e.aliases)
            n2 = e.extra.get("names_2e")
            if isinstance(n2, dict):
                names += [v for v in n2.values() if isinstance(v, str)]
            rows.append((e.id, e.game, names))
        texts = {e.id: lookup_match.normalise("".join(e.text.values()))
                 for e in get_state().catalog.dataset.entries if e.kind == "card"}
        cached = (lookup_match.build_names(rows), texts)
        current_app.extensions["refapp.lookup_names"] = cached
    return cached


def first_line(text: str) -> str:
    """The card text's first sentence (at most 80 characters)."""
    text = " ".join(text.split())
    for i, ch in enumerate(text):
        if ch in "。！？" or (ch in ".!?" and (i + 1 == len(text) or text[i + 1] == " ")):
            text = text[: i + 1]
            break
    return text if len(text) <= 80 else text[:79] + "…"


def candidate_json(c: lookup_match.Candidate, lang: str) -> dict[str, Any]:
    e = get_state().catalog.get(c.entry_id)
    assert e is not None
    return {
        "id": e.id,
        "game": e.game,
        "name": localised(e.names, lang),
        "names": {code: e.names.get(code, "") for code in LANGS},
        "score": c.score,
        "read": c.read,
        "first_line": first_line(localised(e.text, lang)),
        "url": entry_url(e.id),
    }


def kingdom_edition(slugs: list[str]) -> str:
    """The edition every card belongs to (2nd first), or "mixed"."""
    from engine.tables.kingdoms import kingdom_cards

    return next((ed for ed in ("2e", "1e") if set(slugs) <= set(kingdom_cards(ed))), "mixed")


def kingdom_setup_url(slugs: list[str]) -> str:
    """The kingdom picker with these cards locked."""
    return "/tools/kingdom?" + urlencode({"edition": kingdom_edition(slugs), "lock": ",".join(slugs)})


def setup_tool_url(slugs: list[str]) -> str | None:
    """The set-up tool for this kingdom (one edition's cards only: the set-up is an edition's)."""
    edition = kingdom_edition(slugs)
    if edition == "mixed":
        return None
    return "/tools/setup?" + urlencode({"game": "dominion", "edition": edition, "kingdom": ",".join(slugs)})


def kingdom_choices() -> list[dict[str, Any]]:
    """Every card a kingdom may hold, for the tap-to-fix list: id, slug, names, editions."""
    from engine.tables.kingdoms import kingdom_cards, pool

    eds = {ed: set(kingdom_cards(ed)) for ed in ("1e", "2e")}
    out = []
    for slug in pool("mixed"):
        e = get_state().catalog.get(f"dominion/{slug}")
        if e is None:
            continue
        out.append({"id": e.id, "slug": slug, "names": {code: e.names.get(code, "") for code in LANGS},
                    "editions": [ed for ed in ("1e", "2e") if slug in eds[ed]]})
    return out


def choice_json(c: lookup_match.Candidate, lang: str) -> dict[str, Any]:
    e = get_state().catalog.get(c.entry_id)
    assert e is not None
    return {"id": e.id, "name": localised(e.names, lang), "score": c.score}


def kingdom_json(lines: list[lookup_ocr.TextLine], read: list[str], lang: str) -> dict[str, Any]:
    from engine.tables.kingdoms import kingdom_cards, pool

    names, _ = lookup_names()
    allowed = {f"dominion/{slug}" for slug in pool("mixed")}
    editions = {ed: {f"dominion/{slug}" for slug in kingdom_cards(ed)} for ed in ("2e", "1e")}
    found = lookup_match.kingdom(lines, names, allowed, editions=editions)
    cards = []
    for k in found.cards:
        row = candidate_json(k.card, lang)
        row["sure"] = k.sure
        row["choices"] = [choice_json(c, lang) for c in k.choices]
        cards.append(row)
    slugs = [c["id"].split("/", 1)[1] for c in cards]
    return {"mode": "kingdom", "read": read, "cards": cards,
            "unread": [{"read": u.read, "choices": [choice_json(c, lang) for c in u.choices]}
                       for u in found.unread],
            "setup_url": kingdom_setup_url(slugs) if slugs else None,
            "setup_tool_url": setup_tool_url(slugs) if slugs else None}
