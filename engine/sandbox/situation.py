"""A sandbox situation: the scenario file format as JSON, checked and bounded.

The head a scenario file needs (``id``, ``entry``, ``ruling``, ``title``) is optional here;
``expect``, ``highlight`` and ``aliases`` are ignored; answers come separately (a ``script`` is refused so
that nobody thinks it is played). On top of the scenario checks, :data:`LIMITS` bounds zone
sizes, counts and answers, and the work of one replay (events, boards, shuffled cards, reply
bytes), so that one request stays small (docs/api.md states them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.registry import game_names, games
from engine.core.scenario import Scenario, ScenarioError, scenario_from_dict
from engine.sandbox.errors import SituationError

IGNORED = ("expect", "highlight", "aliases")


@dataclass(frozen=True)
class Limits:
    """What one sandbox request may hold and use."""

    zone_cards: int = 60  # cards in any one Dominion zone (deck, hand, discard, play, trash …)
    pile_count: int = 60  # cards in one Dominion supply pile
    citadels_hand: int = 10  # districts in a Citadels hand
    citadels_city: int = 12  # districts in a Citadels city
    counter: int = 99  # any counter (coins, actions, buys, gold …)
    name_chars: int = 40  # a player's name
    answers: int = 300  # answers replayed per request
    answer_picks: int = 60  # picks in one answer
    # The work of one replay, counted (never timed), so the same request always gets the same reply:
    events: int = 1500  # events played (a 4-player Big Money game to its end is about 1,100)
    board_cards: int = 60_000  # cards, piles and counters on all the boards (snapshots) kept
    boards_at: int = 100  # steps a client may list in "snapshots"
    shuffled_cards: int = 30_000  # cards shuffled
    reply_bytes: int = 1_000_000  # the JSON reply (the web app counts it after serialising)
    wall_seconds: float = 5.0  # safety net only: no replay within the counts above comes near it


LIMITS = Limits()


def _field_of(message: str) -> str:
    head = message.split(":", 1)[0].strip()
    return head if head and " " not in head else "situation"


def normalise(raw: Any) -> dict[str, Any]:
    """The situation as a complete scenario mapping (head filled in), or SituationError."""
    if not isinstance(raw, dict):
        raise SituationError("situation", "situation: expected an object (the scenario format as JSON)")
    if "script" in raw:
        raise SituationError("situation.script", "situation.script: send answers in 'answers', not a script")
    game = raw.get("game")
    if not isinstance(game, str) or game not in games():
        raise SituationError("situation.game", f"situation.game: {game!r} is not one of {list(game_names())}")
    out = {k: v for k, v in raw.items() if k not in IGNORED}
    setup = out.get("setup")
    if isinstance(setup, dict) and isinstance(setup.get("bots"), dict):  # JSON keys are strings
        bots = {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in setup["bots"].items()}
        out["setup"] = {**setup, "bots": bots}
    games()[game].normalise_situation(out)
    out.setdefault("id", "sandbox")
    if "rulings" not in out:  # a scenario names its rulings one way or the other
        out.setdefault("entry", f"{game}/sandbox")
        out.setdefault("ruling", None)
    out.setdefault("title", {"en": "Sandbox", "zh-Hans": "试玩", "zh-Hant": "試玩"})
    return out


def load(raw: Any, limits: Limits = LIMITS) -> Scenario:
    """Check the situation (scenario format, game rules, :class:`Limits`) and build the Scenario."""
    data = normalise(raw)
    problems = size_problems(data, limits)
    if problems:
        raise SituationError("situation." + _field_of(problems[0]), "; ".join(problems))
    try:
        return scenario_from_dict(data)
    except ScenarioError as exc:
        message = str(exc)
        raise SituationError("situation." + _field_of(message), message) from None


def _cards(value: Any) -> int:
    return len(value) if isinstance(value, list) else 0


def size_problems(data: dict[str, Any], limits: Limits) -> list[str]:
    """What exceeds :class:`Limits` (shape errors are left to the scenario checks)."""
    problems: list[str] = []
    game = games().get(data.get("game")) if isinstance(data.get("game"), str) else None
    most = {zone: getattr(limits, cap) for zone, cap in game.sandbox_caps.items()} if game else {}
    shared_cap = game.shared_cap if game and game.shared_cap is not None else limits.zone_cards
    players = data.get("players") if isinstance(data.get("players"), list) else []
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            continue
        name = p.get("name")
        if isinstance(name, str) and len(name) > limits.name_chars:
            problems.append(f"players[{i}].name: longer than {limits.name_chars} characters")
        zones = p.get("zones") if isinstance(p.get("zones"), dict) else {}
        for zone, cards in zones.items():
            cap = most.get(zone, limits.zone_cards)
            if _cards(cards) > cap:
                problems.append(f"players[{i}].zones.{zone}: {_cards(cards)} cards; at most {cap}")
        counters = p.get("counters") if isinstance(p.get("counters"), dict) else {}
        for name, n in counters.items():
            if isinstance(n, (float, bool)):
                problems.append(f"players[{i}].counters.{name}: {n} is not a whole number "
                                f"from 0 to {limits.counter}")
            elif isinstance(n, int) and not 0 <= n <= limits.counter:
                problems.append(f"players[{i}].counters.{name}: {n} is not from 0 to {limits.counter}")
    shared = data.get("shared") if isinstance(data.get("shared"), dict) else {}
    for zone, cards in shared.items():
        if _cards(cards) > shared_cap:
            problems.append(f"shared.{zone}: {_cards(cards)} cards; at most {shared_cap}")
    supply = data.get("supply") if isinstance(data.get("supply"), dict) else {}
    for slug, n in supply.items():
        if isinstance(n, int) and n > limits.pile_count:
            problems.append(f"supply.{slug}: {n} cards; at most {limits.pile_count}")
    if len(supply) > 40:
        problems.append("supply: more than 40 piles")
    for key in ("kingdom", "shuffles"):
        if _cards(data.get(key)) > 40:
            problems.append(f"{key}: more than 40 items")
    seed = data.get("seed", 0)
    if isinstance(seed, int) and not 0 <= seed < 2**31:
        problems.append(f"seed: {seed} is not from 0 to 2^31-1")
    return problems


def answers_problems(answers: Any, limits: Limits = LIMITS) -> list[str]:
    """Shape and size problems of the answers list (fit is checked while replaying)."""
    if not isinstance(answers, list):
        return ["answers: expected a list"]
    if len(answers) > limits.answers:
        return [f"answers: {len(answers)} answers; at most {limits.answers}"]
    problems = []
    for i, a in enumerate(answers):
        if isinstance(a, (str, bool)):
            picks = [a] if isinstance(a, str) else []
        elif isinstance(a, list) and all(isinstance(x, str) for x in a):
            picks = a
        else:
            problems.append(f"answers[{i}]: an answer is an option name, true/false or a list of names")
            continue
        if len(picks) > limits.answer_picks or any(len(x) > 80 for x in picks):
            problems.append(f"answers[{i}]: too long")
    return problems
