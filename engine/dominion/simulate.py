"""Bot-vs-bot simulations and solo benchmarks (deterministic per seed)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.rng import Shuffler
from engine.dominion.bots import make_bot
from engine.dominion.cards import kingdom_cards
from engine.dominion.game import Game
from engine.dominion.setup import new_game_state
from engine.dominion.supply import SetupError, validate_kingdom

NEEDS: dict[str, tuple[str, ...]] = {"SmithyBM": ("smithy",)}


@dataclass
class SimulationResult:
    game: str
    edition: str
    kingdom: list[str]
    players: list[str]
    games: int
    seed: int
    wins: list[int]
    ties: list[int]
    total_turns: int = 0
    unfinished: int = 0
    scores: list[int] = field(default_factory=list)

    def summary(self) -> str:
        d = self.to_dict()
        lines = [
            f"Dominion {self.edition}, {self.games} games, seed {self.seed}",
            f"kingdom: {', '.join(self.kingdom)}",
            f"average turns per game (the player with most turns): {d['average_turns']}"
            + (f"; {self.unfinished} games hit the turn limit" if self.unfinished else ""),
            "seats rotate every game; each bot is reported under its position in --players:",
        ]
        for p in d["players"]:
            lines.append(
                f"  {p['seat'] + 1}. {p['name']:<10} wins {p['win_rate']:6.1%}"
                f"  ties {p['tie_rate']:6.1%}  average score {p['average_score']}"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def to_dict(self) -> dict[str, Any]:
        n = max(self.games, 1)
        return {
            "game": self.game,
            "edition": self.edition,
            "kingdom": list(self.kingdom),
            "games": self.games,
            "seed": self.seed,
            "average_turns": round(self.total_turns / n, 2),
            "unfinished": self.unfinished,
            "players": [
                {
                    "seat": i,
                    "name": name,
                    "wins": self.wins[i],
                    "ties": self.ties[i],
                    "win_rate": round(self.wins[i] / n, 4),
                    "tie_rate": round(self.ties[i] / n, 4),
                    "average_score": round(self.scores[i] / n, 2),
                }
                for i, name in enumerate(self.players)
            ],
        }


def pick_kingdom(edition: str, rng: random.Random, bots: list[str]) -> list[str]:
    """A random 10-card kingdom that includes what the bots need (Smithy for SmithyBM)."""
    needed = [c for b in bots for c in NEEDS.get(b, ()) if c in kingdom_cards(edition)]
    needed = list(dict.fromkeys(needed))
    rest = [c for c in kingdom_cards(edition) if c not in needed]
    return sorted(needed + rng.sample(rest, 10 - len(needed)))


def play_one(edition: str, kingdom: list[str], bots: list[str], seed: int,
             max_turns: int = 100) -> dict[str, Any]:
    """One complete game without logging; returns the result dict of Game.result."""
    shuffler = Shuffler(seed=seed)
    state = new_game_state(list(bots), edition, kingdom, shuffler)
    game = Game(state, [make_bot(b) for b in bots], shuffler)
    return game.play_game(max_turns)


def simulate(
    players: list[str],
    games: int = 100,
    seed: int = 0,
    edition: str = "1e",
    kingdom: list[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    max_turns: int = 100,
) -> SimulationResult:
    """Play ``games`` games; the seat order rotates each game; results are reported per seat label."""
    if edition not in ("1e", "2e"):
        raise SetupError(f"edition: {edition!r}; use 1e or 2e")
    if not 2 <= len(players) <= 4:
        raise SetupError(f"players: Dominion is for 2-4 players, got {len(players)}")
    for name in players:
        make_bot(name)
    if games < 1:
        raise SetupError(f"games: must be at least 1, got {games}")
    if kingdom is not None:
        problems = validate_kingdom(kingdom, edition)
        if len(kingdom) != 10:
            problems.append(f"kingdom: a game uses 10 kingdom cards, got {len(kingdom)}")
        for bot in players:
            for card in NEEDS.get(bot, ()):
                if card not in kingdom:
                    problems.append(f"kingdom: {bot} needs {card} in the kingdom")
        if problems:
            raise SetupError("; ".join(problems))
    rng = random.Random(seed)
    chosen = list(kingdom) if kingdom is not None else pick_kingdom(edition, rng, players)
    n = len(players)
    result = SimulationResult("dominion", edition, chosen, list(players), games, seed, [0] * n, [0] * n,
                              scores=[0] * n)
    for g in range(games):
        rot = g % n
        seats = [(rot + k) % n for k in range(n)]  # seats[k] = label index sitting at position k
        outcome = play_one(edition, chosen, [players[s] for s in seats], seed * 1_000_003 + g, max_turns)
        if outcome["reason"] == "turn_limit":
            result.unfinished += 1
        result.total_turns += max(outcome["turns"])
        for pos, label in enumerate(seats):
            result.scores[label] += outcome["scores"][pos]
        winners = [seats[w] for w in outcome["winners"]]
        if len(winners) == 1:
            result.wins[winners[0]] += 1
        else:
            for w in winners:
                result.ties[w] += 1
        if progress is not None:
            progress(g + 1, games)
    return result


def solo_turns(bot: str, seed: int, edition: str = "1e", kingdom: list[str] | None = None,
               provinces: int = 4, max_turns: int = 80) -> int:
    """Turns a bot playing alone needs to own ``provinces`` Provinces (the strategy community's measure)."""
    shuffler = Shuffler(seed=seed)
    chosen = kingdom if kingdom is not None else ["smithy"]
    state = new_game_state([bot], edition, chosen, shuffler)
    game = Game(state, [make_bot(bot)], shuffler)
    p = state.players[0]
    while p.turns < max_turns:
        game.take_turn()
        if p.count("province") >= provinces:
            break
    return p.turns
