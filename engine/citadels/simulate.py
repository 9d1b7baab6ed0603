"""Bot-played games for measurement: ``simulate(players, games, seed)``."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.citadels.bots import BotTable, CitadelsBot
from engine.citadels.game import CitadelsGame, new_state
from engine.citadels.settings import GameSettings, SettingsError, make_settings
from engine.citadels.state import GameState
from engine.core.events import Event, EventLog, NullLog
from engine.core.rng import Shuffler

#: A game still running after this many rounds is scored as it stands and counted as capped.
MAX_ROUNDS = 60


@dataclass
class GameRecord:
    seed: int
    winners: list[int]
    scores: list[int]
    rounds: int
    capped: bool


@dataclass
class SimulationResult:
    players: int
    games: int
    seed: int
    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def winning_scores(self) -> Counter[int]:
        return Counter(max(r.scores) for r in self.records)

    @property
    def average_rounds(self) -> float:
        return sum(r.rounds for r in self.records) / len(self.records) if self.records else 0.0

    @property
    def shared_wins(self) -> int:
        return sum(1 for r in self.records if len(r.winners) > 1)

    @property
    def wins_by_seat(self) -> Counter[int]:
        return Counter(seat for r in self.records for seat in r.winners)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "citadels",
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "average_rounds": round(self.average_rounds, 2),
            "winning_scores": dict(sorted(self.winning_scores.items())),
            "shared_wins": self.shared_wins,
            "wins_by_seat": dict(sorted(self.wins_by_seat.items())),
            "capped": sum(1 for r in self.records if r.capped),
            "seconds": round(self.seconds, 3),
        }

    def summary(self) -> str:
        n = len(self.records)
        if not n:
            return f"Citadels: {self.players} players, 0 games."
        scores = self.winning_scores
        lo, hi = min(scores), max(scores)
        mean = sum(k * v for k, v in scores.items()) / n
        lines = [
            f"Citadels: {n} games, {self.players} players, seed {self.seed}",
            f"average rounds: {self.average_rounds:.2f}",
            f"winner's score: mean {mean:.2f}, min {lo}, max {hi}",
            "winner's score distribution:",
        ]
        width = max(scores.values())
        for total in range(lo, hi + 1):
            count = scores.get(total, 0)
            bar = "#" * max(0, round(40 * count / width))
            lines.append(f"  {total:3d} {count:5d} {bar}")
        seats = ", ".join(f"seat {s}: {c}" for s, c in sorted(self.wins_by_seat.items()))
        lines.append(f"shared wins: {self.shared_wins}; wins by seat: {seats}")
        capped = sum(1 for r in self.records if r.capped)
        if capped:
            lines.append(f"capped at {MAX_ROUNDS} rounds: {capped}")
        lines.append(f"time: {self.seconds:.2f} s ({n / self.seconds if self.seconds else 0:.1f} games/s)")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()


def play_bot_game(
    settings: GameSettings,
    seed: int,
    log: EventLog | None = None,
    watch: Callable[[GameState, Event], None] | None = None,
) -> tuple[CitadelsGame, GameRecord]:
    """One full game of bots from set-up to scoring; the seed fixes every shuffle and bot choice.

    ``watch(state, event)`` is called after every event (it needs a recording ``log``).
    """
    shuffler = Shuffler(seed=seed)
    crown = shuffler.rng.randrange(settings.players)
    state = new_state(settings, [f"Bot {i + 1}" for i in range(settings.players)], crown=crown)
    log = log if log is not None else NullLog()
    if watch is not None:
        log.listeners.append(lambda event: watch(state, event))
    bots = BotTable([CitadelsBot(seed=seed * 31 + i) for i in range(settings.players)])
    game = CitadelsGame(state, bots, shuffler, log)
    game.setup()
    result = game.play("draft", max_rounds=MAX_ROUNDS) or {}
    return game, GameRecord(seed, result["winners"], result["scores"], result["rounds"], result["capped"])


def simulate(
    players: int, games: int, seed: int, progress: Callable[[int, int], None] | None = None, **settings: Any
) -> SimulationResult:
    """Play ``games`` bot games of ``players`` players; ``progress(done, total)`` is called after each.

    Extra keyword arguments are game settings (see :func:`make_settings`), e.g. ``short_game=True``.
    Raises :class:`~engine.citadels.settings.SettingsError` for a bad player count or setting.
    """
    game_settings = make_settings(players, **settings)
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise SettingsError(f"games: {games!r} is not a positive number of games")
    result = SimulationResult(players=players, games=games, seed=seed)
    start = time.perf_counter()
    for g in range(games):
        _, record = play_bot_game(game_settings, seed * 1_000_003 + g)
        result.records.append(record)
        if progress is not None:
            progress(g + 1, games)
    result.seconds = time.perf_counter() - start
    return result
