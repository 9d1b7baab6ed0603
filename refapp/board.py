"""The board at one step of a scenario run, ready for a template (the no-JavaScript player).

Mirrors what static/board.js draws (the one JS renderer of the player and the sandbox): each
player's zones with grouped cards and counts, counters, shared zones and piles. Pure functions
over the run dict.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.registry import browser_facts
from refapp.catalog import localised

ZONE_ORDER = ("characters", "deck", "hand", "play", "discard", "set_aside", "city")
CORE_COUNTERS = ("actions", "buys", "coins", "gold", "score")
FLAGS = ("crown",)  # held, not counted: the board names it, never "crown 1" (as static/board.js)
Labels = dict[str, str]


@dataclass(frozen=True)
class CardStack:
    slug: str
    name: str
    count: int
    types: tuple[str, ...] = ()


@dataclass
class ZoneView:
    zone: str  # engine zone name, e.g. "hand"
    label: str  # what the board calls it (the glossary's name, see refapp/vocabulary.py)
    size: int
    stacks: list[CardStack] = field(default_factory=list)
    face_down: bool = False  # the deck: only its size is shown


@dataclass
class PlayerView:
    name: str
    active: bool
    counters: list[tuple[str, int]]
    zones: list[ZoneView]
    flags: tuple[str, ...] = ()  # what the player holds, e.g. ("crown",)


@dataclass
class BoardView:
    step: int  # 1-based
    total: int
    say: str
    players: list[PlayerView]
    shared: list[ZoneView]
    piles: list[CardStack]
    highlighted: bool = False  # the ruling happens at this step
    turn: int = 0  # the snapshot's turn (Dominion) or round (Citadels); 0 when it has none
    phase: str = ""  # the snapshot's phase, e.g. "action"


def group(cards: list[str], run: dict[str, Any], lang: str) -> list[CardStack]:
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    types = run.get("card_types") or {}
    return [
        CardStack(slug, card_name(run, slug, lang), n, tuple(types.get(slug, [])))
        for slug, n in counts.items()
    ]


def card_name(run: dict[str, Any], slug: str, lang: str) -> str:
    return localised((run.get("names") or {}).get(slug), lang) or slug


def zone_view(zone: str, cards: list[str], run: dict[str, Any], lang: str, labels: Labels) -> ZoneView:
    label = labels.get(f"zone.{zone}", zone.replace("_", " "))
    if zone == "deck":
        return ZoneView(zone, label, len(cards), [], face_down=True)
    if zone == "discard" and cards:
        return ZoneView(zone, label, len(cards), group(cards[-1:], run, lang))
    return ZoneView(zone, label, len(cards), group(cards, run, lang))


def ordered_zones(zones: dict[str, list[str]]) -> list[str]:
    return [z for z in ZONE_ORDER if z in zones] + [z for z in zones if z not in ZONE_ORDER]


def board_at(run: dict[str, Any], index: int, lang: str, labels: Labels) -> BoardView | None:
    """The board after event `index` (0-based), or None when the run has no snapshots.
    `labels` maps "zone.<name>" to the board's word for that zone in `lang`."""
    events = run.get("events") or []
    snaps = run.get("snapshots") or []
    if not events or not snaps:
        return None
    index = max(0, min(index, len(events) - 1))
    snap = snaps[min(index, len(snaps) - 1)]
    players = []
    for i, p in enumerate(snap.get("players") or []):
        raw = p.get("counters") or {}
        counters = [(k, v) for k, v in raw.items() if k not in FLAGS and (k in CORE_COUNTERS or v)]
        zones = p.get("zones") or {}
        players.append(
            PlayerView(
                name=str(labels.get(f"who.{p.get('name')}") or p.get("name") or i + 1),  # 'who.Bob': 鲍勃
                active=snap.get("active") == i,
                counters=counters,
                zones=[zone_view(z, zones[z] or [], run, lang, labels) for z in ordered_zones(zones)],
                flags=tuple(k for k in FLAGS if raw.get(k)),
            )
        )
    shared = [
        zone_view(z, cards or [], run, lang, labels)
        for z, cards in (snap.get("shared") or {}).items()
        if cards or z == "trash"
    ]
    types = run.get("card_types") or {}
    piles = [
        CardStack(slug, card_name(run, slug, lang), int(n), tuple(types.get(slug, [])))
        for slug, n in (snap.get("piles") or {}).items()
    ]
    marked = set(run.get("highlight") or [])
    return BoardView(
        step=index + 1,
        total=len(events),
        say=localised(events[index].get("say"), lang),
        players=players,
        shared=shared,
        piles=piles,
        highlighted=events[index].get("seq", index) in marked,
        turn=int(snap.get("turn") or 0),
        phase=str(snap.get("phase") or ""),
    )


def ruling_index(run: dict[str, Any]) -> int:
    """The index of the first highlighted event (the step where the ruling happens), else 0."""
    marked = set(run.get("highlight") or [])
    for i, ev in enumerate(run.get("events") or []):
        if ev.get("seq", i) in marked:
            return i
    return 0


EVENT_KEYS = ("seq", "player", "cards", "to_zone")


def game_facts(game: str) -> dict[str, Any]:
    """The game object's browser facts (``board``: the turn and piles words), {} for no known game."""
    return browser_facts().get(game, {})


def client_run(run: dict[str, Any], lang: str) -> dict[str, Any]:
    """What static/board.js and player.js need of a run, in the reader's language, for the page to
    embed (the page never fetches the run again): events' sentences and the cards they move,
    the snapshots, card names and types, the highlighted steps, and the game's board words."""
    events = []
    for i, ev in enumerate(run.get("events") or []):
        out = {k: ev[k] for k in EVENT_KEYS if ev.get(k) is not None}
        out.setdefault("seq", i)
        out["say"] = localised(ev.get("say"), lang)
        events.append(out)
    return {
        "game": run.get("game") or "",
        "events": events,
        "snapshots": run.get("snapshots") or [],
        "names": {slug: localised(n, lang) for slug, n in (run.get("names") or {}).items()},
        "card_types": run.get("card_types") or {},
        "highlight": list(run.get("highlight") or []),
        "board": game_facts(run.get("game") or "").get("board", {}),
    }
