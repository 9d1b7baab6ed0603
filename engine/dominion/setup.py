"""Building a Dominion game: a fresh game for simulations, or a scenario's exact situation."""

from __future__ import annotations

from typing import Any

from engine.core.rng import Shuffler
from engine.core.scenario import Scenario
from engine.dominion.bots import BOTS
from engine.dominion.cards import CARDS, KINGDOM_CARDS, edition_cards
from engine.dominion.state import ZONES, GameState, Player
from engine.dominion.supply import build_supply, validate_kingdom

STOPS: tuple[str, ...] = ("card", "action", "buy", "turn", "game")
SETUP_KEYS: tuple[str, ...] = ("active", "turn", "phase", "stop", "bots", "max_turns")
STARTING_DECK: tuple[str, ...] = ("copper",) * 7 + ("estate",) * 3


def new_game_state(names: list[str], edition: str, kingdom: list[str], shuffler: Shuffler) -> GameState:
    """A game at the start: each player shuffles 7 Coppers and 3 Estates and draws 5."""
    supply = build_supply(max(2, len(names)), edition, kingdom)
    players = []
    for i, name in enumerate(names):
        order = shuffler.shuffle(i, list(STARTING_DECK))  # top first
        deck = order[::-1]
        hand = [deck.pop() for _ in range(5)]
        players.append(Player(name=name, deck=deck, hand=hand))
    return GameState(edition=edition, players=players, supply=supply, kingdom=list(kingdom))


def _scenario_kingdom(s: Scenario) -> list[str]:
    if s.kingdom:
        return list(s.kingdom)
    kingdom_slugs = {c.slug for c in KINGDOM_CARDS}
    seen: list[str] = []
    pools: list[list[str]] = [cards for p in s.players for cards in p.zones.values()]
    pools += list(s.shared.values()) + [list(s.supply)] + [f.order for f in s.shuffles]
    for pool in pools:
        for slug in pool:
            if slug in kingdom_slugs and slug not in seen:
                seen.append(slug)
    return seen


def validate_scenario(s: Scenario) -> list[str]:
    """Dominion-specific problems in a scenario, each naming its field."""
    problems: list[str] = []
    if s.edition not in ("1e", "2e"):
        return [f"edition: Dominion scenarios need 1e or 2e, got {s.edition!r}"]
    if not 2 <= len(s.players) <= 4:
        problems.append(f"players: Dominion is for 2-4 players, got {len(s.players)}")
    known = edition_cards(s.edition)

    def check(field: str, slugs: Any) -> None:
        for j, slug in enumerate(slugs):
            if slug not in known:
                why = f"not a card of the {s.edition} base set" if slug in CARDS else "not a Dominion card"
                problems.append(f"{field}[{j}]: {slug!r} is {why}")

    for i, p in enumerate(s.players):
        for zone, cards in p.zones.items():
            if zone not in ZONES:
                problems.append(f"players[{i}].zones.{zone}: unknown zone; use one of {list(ZONES)}")
            check(f"players[{i}].zones.{zone}", cards)
        for name in p.counters:
            if name not in ("actions", "buys", "coins", "turns"):
                problems.append(f"players[{i}].counters.{name}: unknown counter; "
                                "use actions, buys, coins, turns")
    for zone, cards in s.shared.items():
        if zone != "trash":
            problems.append(f"shared.{zone}: Dominion's only shared zone is trash")
        check(f"shared.{zone}", cards)
    check("supply", list(s.supply))
    for j, f in enumerate(s.shuffles):
        check(f"shuffles[{j}].order", f.order)
    if s.kingdom:
        problems.extend(validate_kingdom(s.kingdom, s.edition))
    for key in s.setup:
        if key not in SETUP_KEYS:
            problems.append(f"setup.{key}: unknown setting; use {list(SETUP_KEYS)}")
    active = s.setup.get("active", 0)
    if not isinstance(active, int) or isinstance(active, bool) or not 0 <= active < len(s.players):
        problems.append(f"setup.active: {active!r} is not a player index")
    if s.setup.get("phase", "action") not in ("action", "buy"):
        phase = s.setup.get("phase")
        problems.append(f"setup.phase: {phase!r}; a scenario starts in the action or buy phase")
    stop = s.setup.get("stop", "turn")
    if not (stop in STOPS or (isinstance(stop, int) and not isinstance(stop, bool) and 1 <= stop <= 100)):
        problems.append(f"setup.stop: {stop!r}; use one of {list(STOPS)} or a number of turns (1-100)")
    for key, most in (("turn", 10_000), ("max_turns", 200)):
        value = s.setup.get(key, 1)
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= most:
            problems.append(f"setup.{key}: {value!r} is not a whole number from 1 to {most}")
    bots = s.setup.get("bots", {})
    if not isinstance(bots, dict):
        problems.append("setup.bots: a mapping of player index to bot name")
    else:
        for k, v in bots.items():
            if not isinstance(k, int) or not 0 <= k < len(s.players):
                problems.append(f"setup.bots.{k}: not a player index")
            if v not in BOTS:
                problems.append(f"setup.bots.{k}: unknown bot {v!r}; use one of {sorted(BOTS)}")
    return problems


def scenario_state(s: Scenario, shuffler: Shuffler) -> GameState:
    """The exact situation a scenario describes (zones in order, supply with overrides)."""
    kingdom = _scenario_kingdom(s)
    supply = build_supply(len(s.players), s.edition or "1e", [])
    for slug in kingdom:
        supply[slug] = 8 if CARDS[slug].is_victory and len(s.players) == 2 else (
            12 if CARDS[slug].is_victory else 10)
    supply.update(s.supply)
    active = s.setup.get("active", 0)
    players = []
    for i, p in enumerate(s.players):
        if not p.zones:
            order = shuffler.shuffle(i, list(STARTING_DECK))[::-1]
            hand = [order.pop() for _ in range(5)]
            player = Player(name=p.name, deck=order, hand=hand)
        else:
            z = p.zones
            player = Player(
                name=p.name,
                deck=list(z.get("deck", []))[::-1],
                hand=list(z.get("hand", [])),
                play=list(z.get("play", [])),
                discard=list(z.get("discard", [])),
                set_aside=list(z.get("set_aside", [])),
            )
        player.turns = p.counters.get("turns", 1 if i == active else 0)
        players.append(player)
    state = GameState(edition=s.edition or "1e", players=players, supply=supply, kingdom=kingdom,
                      trash=list(s.shared.get("trash", [])))
    state.active = active
    state.turn = s.setup.get("turn", 1)
    state.phase = s.setup.get("phase", "action")
    counters = s.players[active].counters
    state.actions = counters.get("actions", 1)
    state.buys = counters.get("buys", 1)
    state.coins = counters.get("coins", 0)
    return state
