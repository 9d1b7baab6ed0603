"""A small harness for Dominion rule tests: exact zones, scripted answers, fixed shuffles."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core import EventLog, FixedShuffle, ScriptedDecider, ScriptStep, Shuffler
from engine.dominion.game import Game
from engine.dominion.state import GameState, Player
from engine.dominion.supply import build_supply


def census(state: GameState) -> Counter:
    """Every card in the game by name: zones, trash and supply piles."""
    c: Counter = Counter()
    for p in state.players:
        c.update(p.all_cards())
    c.update(state.trash)
    for slug, n in state.supply.items():
        c[slug] += n
    return c


def make_game(
    players: list[dict[str, list[str]]],
    answers: list[Any] = (),
    edition: str = "1e",
    kingdom: list[str] = (),
    supply: dict[str, int] | None = None,
    trash: list[str] = (),
    shuffles: list[list[str]] = (),
    active: int = 0,
    actions: int = 1,
    buys: int = 1,
    coins: int = 0,
    seed: int = 0,
) -> tuple[Game, EventLog, ScriptedDecider]:
    state = GameState(
        edition=edition,
        players=[
            Player(
                name=f"P{i}",
                deck=list(p.get("deck", []))[::-1],
                hand=list(p.get("hand", [])),
                play=list(p.get("play", [])),
                discard=list(p.get("discard", [])),
            )
            for i, p in enumerate(players)
        ],
        supply={**build_supply(max(2, len(players)), edition, list(kingdom)), **(supply or {})},
        kingdom=list(kingdom),
        trash=list(trash),
    )
    state.active, state.phase = active, "action"
    state.actions, state.buys, state.coins = actions, buys, coins
    log = EventLog(snapshot=state.snapshot, keep_snapshots=False)
    before = census(state)

    def conserved(event):  # no card is created or lost by any event
        assert census(state) == before, f"cards changed at event {event.seq} {event.kind} {event.cards}"

    log.listeners.append(conserved)
    script = ScriptedDecider([ScriptStep(answer=a) for a in answers])
    shuffler = Shuffler(seed=seed, fixed=[FixedShuffle(order=list(o)) for o in shuffles])
    game = Game(state, [script] * len(players), shuffler, log)
    return game, log, script


def play(game: Game, slug: str) -> None:
    """Play an Action from the active player's hand, spending an Action as the rules do."""
    game.state.actions -= 1
    game.play_action(slug)


def deck(game: Game, i: int = 0) -> list[str]:
    """Player i's deck, top first."""
    return game.state.players[i].deck[::-1]


def kinds(log: EventLog) -> list[str]:
    return [e.kind for e in log.events]
