"""Dominion kingdoms: the recommended sets and a reproducible random ten.

What a card does for the picker's options (+Actions, +Buy, hands out Curses, counters a
Curse-giver) is found by playing it in the engine, not written down: see :func:`card_tags`.
The random pick uses a small seeded generator (mulberry32) that the browser's tools script
also implements (refapp/static/tools-eval.js), so a seed in the URL gives the same ten cards
on the server and offline.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from corpus.yaml_files import load_yaml
from engine.core.rng import Shuffler
from engine.dominion import Game, new_game_state
from engine.dominion.cards import CARDS, EDITIONS, KINGDOM_CARDS, kingdom_cards
from engine.errors import EngineError

SETS_FILE = Path(__file__).with_name("kingdoms.yaml")
KINGDOM_SIZE = 10
MAX_TRIES = 500
EDITION_CHOICES = (*EDITIONS, "mixed")
SEED_MAX = 2**32 - 1


class KingdomError(EngineError, ValueError):
    """A kingdom request that cannot be met; the message names the option."""


# --------------------------------------------------------------------------- card facts by playing
class _Prefer:
    """Answers every decision: takes a Curse whenever one is offered, says yes, else the minimum."""

    def __init__(self, react: bool) -> None:
        self.react = react

    def decide(self, decision: Any, state: Any) -> list[str]:
        options = decision.options
        if decision.kind == "order":
            return list(options)
        if decision.kind == "confirm":
            return ["yes"] if self.react or decision.player == 0 else ["no"]
        picks = [o for o in options if o == "curse"][: decision.max]
        if len(picks) < decision.min:
            rest = [o for o in options if o != "curse"]
            picks += rest[: decision.min - len(picks)]
        return picks


def _shared_edition(*slugs: str) -> str | None:
    common = set(EDITIONS)
    for slug in slugs:
        common &= CARDS[slug].editions
    return min(common) if common else None


def _play(slug: str, defender: str | None = None) -> dict[str, int]:
    """Play ``slug`` from a hand holding a Curse, with a Curse on top of the deck; report what changed."""
    kingdom = [slug] + ([defender] if defender and defender != slug else [])
    edition = _shared_edition(*kingdom) or "2e"
    state = new_game_state(["A", "B"], edition, kingdom, Shuffler(0))
    me, other = state.players
    me.hand = [slug, "curse", "copper", "copper", "estate"]
    me.deck = ["copper"] * 5 + ["curse"] * 3  # top is last: a drawn card, then cards looked at
    if defender:
        other.hand = [defender, "copper", "copper", "copper", "estate"]
    state.active, state.phase, state.actions, state.buys, state.coins = 0, "action", 0, 1, 0
    game = Game(state, [_Prefer(False), _Prefer(True)], Shuffler(0))
    game.play_action(slug)
    return {
        "actions": state.actions,
        "buys": state.buys,
        "curses_given": other.count("curse"),
        "curses_trashed": state.trash.count("curse"),
    }


@lru_cache(maxsize=1)
def card_tags() -> dict[str, list[str]]:
    """Each kingdom card's ``plus_actions``, ``plus_buy``, ``curser``, ``counter``, as the engine plays it."""
    tags: dict[str, list[str]] = {}
    cursers = []
    for card in KINGDOM_CARDS:
        mine: list[str] = []
        if card.is_action:
            after = _play(card.slug)
            if after["actions"] > 0:
                mine.append("plus_actions")
            if after["buys"] > 1:
                mine.append("plus_buy")
            if after["curses_given"]:
                mine.append("curser")
                cursers.append(card.slug)
            if after["curses_trashed"]:
                mine.append("counter")
        tags[card.slug] = mine
    for card in KINGDOM_CARDS:
        if "counter" in tags[card.slug] or not card.is_action:
            continue
        against = [c for c in cursers if _shared_edition(c, card.slug)]
        if against and all(_play(c, defender=card.slug)["curses_given"] == 0 for c in against):
            tags[card.slug].append("counter")
    return tags


# --------------------------------------------------------------------------- recommended sets
@lru_cache(maxsize=1)
def _sets() -> dict[str, list[dict[str, Any]]]:
    raw = load_yaml(SETS_FILE.read_text(encoding="utf-8"))
    for edition, sets in raw.items():
        allowed = set(kingdom_cards(edition))
        for s in sets:
            wrong = [c for c in s["cards"] if c not in allowed]
            if wrong or len(set(s["cards"])) != KINGDOM_SIZE:
                raise ValueError(f"{SETS_FILE.name}: set {edition}/{s['id']} has cards {wrong} outside the "
                                 f"edition or not {KINGDOM_SIZE} different cards")
    return raw


def recommended_sets(edition: str) -> list[dict[str, Any]]:
    """The rulebook's recommended kingdoms for ``edition`` (``mixed``: both editions' sets)."""
    if edition not in EDITION_CHOICES:
        raise KingdomError(f"edition: {edition!r} is not one of {list(EDITION_CHOICES)}")
    sets = _sets()
    chosen = EDITIONS if edition == "mixed" else (edition,)
    return [{**s, "edition": ed, "key": f"{ed}-{s['id']}"} for ed in chosen for s in sets.get(ed, [])]


# --------------------------------------------------------------------------- random ten
def mulberry32(seed: int):  # type: ignore[no-untyped-def]
    """A 32-bit seeded generator of floats in [0, 1); the same numbers as tools-eval.js's ``mulberry32``."""
    state = seed & 0xFFFFFFFF

    def next_float() -> float:
        nonlocal state
        state = (state + 0x6D2B79F5) & 0xFFFFFFFF
        t = state
        t = ((t ^ (t >> 15)) * (t | 1)) & 0xFFFFFFFF
        t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF)) & 0xFFFFFFFF
        return ((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296

    return next_float


@dataclass(frozen=True)
class PickOptions:
    edition: str = "2e"
    seed: int = 1
    exclude: tuple[str, ...] = ()
    lock: tuple[str, ...] = ()
    require: tuple[str, ...] = ()  # plus_actions, plus_buy, counter (a counter when a Curse-giver is in)


REQUIREMENTS = ("plus_actions", "plus_buy", "counter")


def pool(edition: str) -> list[str]:
    if edition == "mixed":
        return sorted({c.slug for c in KINGDOM_CARDS})
    return kingdom_cards(edition)


def satisfied(cards: list[str], require: tuple[str, ...], tags: dict[str, list[str]]) -> bool:
    """Whether ``cards`` meet every requirement (``counter`` only matters with a Curse-giver)."""
    has = {t for c in cards for t in tags.get(c, [])}
    for need in require:
        if need == "counter":
            if "curser" in has and "counter" not in has:
                return False
        elif need not in has:
            return False
    return True


def check_options(o: PickOptions) -> list[str]:
    if o.edition not in EDITION_CHOICES:
        raise KingdomError(f"edition: {o.edition!r} is not one of {list(EDITION_CHOICES)}")
    if isinstance(o.seed, bool) or not isinstance(o.seed, int) or not 0 <= o.seed <= SEED_MAX:
        raise KingdomError(f"seed: {o.seed!r} is not a whole number from 0 to {SEED_MAX}")
    cards = pool(o.edition)
    for name, values in (("exclude", o.exclude), ("lock", o.lock)):
        for slug in values:
            if slug not in cards:
                raise KingdomError(f"{name}: {slug!r} is not a kingdom card of edition {o.edition}")
    both = sorted(set(o.exclude) & set(o.lock))
    if both:
        raise KingdomError(f"lock: {both} are also excluded")
    if len(set(o.lock)) > KINGDOM_SIZE:
        raise KingdomError(f"lock: at most {KINGDOM_SIZE} cards")
    for need in o.require:
        if need not in REQUIREMENTS:
            raise KingdomError(f"require: {need!r} is not one of {list(REQUIREMENTS)}")
    return cards


def pick_kingdom(o: PickOptions) -> dict[str, Any]:
    """Ten kingdom cards for ``o.seed``: the locked ones plus a seeded shuffle of the rest that meets
    ``o.require`` (tries up to ``MAX_TRIES`` shuffles from the same generator)."""
    cards = check_options(o)
    tags = card_tags()
    locked = sorted(set(o.lock))
    rest = [c for c in cards if c not in set(o.exclude) and c not in set(locked)]
    need = KINGDOM_SIZE - len(locked)
    if len(rest) < need:
        left = len(rest) + len(locked)
        raise KingdomError(f"exclude: only {left} cards left; a kingdom needs {KINGDOM_SIZE}")
    rng = mulberry32(o.seed)
    for attempt in range(1, MAX_TRIES + 1):
        deck = list(rest)
        for i in range(len(deck) - 1, 0, -1):
            j = int(rng() * (i + 1))
            deck[i], deck[j] = deck[j], deck[i]
        chosen = sorted(locked + deck[:need], key=lambda s: (CARDS[s].cost, s))
        if satisfied(chosen, tuple(o.require), tags):
            return {"edition": o.edition, "seed": o.seed, "cards": chosen, "tries": attempt}
    raise KingdomError(f"require: no kingdom from these cards meets {list(o.require)}")
