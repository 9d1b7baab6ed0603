"""Citadels scenarios: build a game situation from a scenario file, play it scripted, check it.

Scenario fields used (docs/scenarios.md gives the shared format):
- ``players[i].zones``: ``hand``, ``city``, ``characters`` (this round's, when ``setup.start`` is
  ``turns``); ``players[i].counters``: ``gold``.
- ``shared``: ``deck`` (top first; default: the rest of the deck, shuffled by ``seed``),
  ``face_up`` (characters set aside face up, for ``start: turns``).
- ``shuffles``: fixed outcomes of each round's character shuffle (top first: the face-down
  card, then the face-up ones, then the pool).
- ``setup``: ``start`` (``game``: deal from a full deck; ``draft``: the round's draft; ``turns``:
  characters already chosen), ``stop`` (``draft``, ``turn``, ``round``, ``game``), ``round``,
  ``crown`` (a seat, or ``draw`` with ``start: game``: the seed's draw for the crown),
  ``from_rank``, ``settings`` (see :func:`settings_from_dict`), ``bank``, ``killed``, ``robbed``,
  ``bewitched``, ``completed`` (per player: null/first/other), ``end_triggered``, ``built_round``
  (per player: district -> round built), ``gilded`` and ``museum`` (per player: slugs).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.citadels import definitions as d
from engine.citadels.game import CitadelsGame, new_state
from engine.citadels.narration import narrate
from engine.citadels.settings import GameSettings, SettingsError, settings_from_dict
from engine.citadels.state import Built, GameState
from engine.core.decisions import Decider
from engine.core.events import EventLog
from engine.core.localised import Names
from engine.core.rng import Shuffler
from engine.core.run import Prepared, ScenarioRun, finish_run, play_scripted
from engine.core.scenario import Scenario
from engine.core.script import ScriptedDecider

SETUP_KEYS = {
    "start",
    "stop",
    "round",
    "crown",
    "from_rank",
    "settings",
    "bank",
    "killed",
    "robbed",
    "bewitched",
    "completed",
    "end_triggered",
    "built_round",
    "gilded",
    "museum",
}
ZONES = ("hand", "city", "characters")
STARTS = ("game", "draft", "turns")
STOPS = ("draft", "turn", "round", "game")


def _per_player(setup: dict[str, Any], key: str, n: int, problems: list[str]) -> list[Any]:
    value = setup.get(key)
    if value is None:
        return [None] * n
    if not isinstance(value, list) or len(value) != n:
        problems.append(f"setup.{key}: expected a list with one item per player ({n})")
        return [None] * n
    return value


def _slug_lists(setup: dict[str, Any], key: str, n: int, problems: list[str]) -> list[list[str]]:
    """A per-player list of slug lists (``gilded``, ``museum``), or empties after reporting a problem."""
    out: list[list[str]] = []
    for i, value in enumerate(_per_player(setup, key, n, problems)):
        if value is None:
            out.append([])
        elif isinstance(value, list) and all(isinstance(x, str) for x in value):
            out.append(list(value))
        else:
            problems.append(f"setup.{key}[{i}]: expected a list of district slugs or null, got {value!r}")
            out.append([])
    return out


def _settings(scenario: Scenario, problems: list[str]) -> GameSettings | None:
    raw = scenario.setup.get("settings", {})
    if not isinstance(raw, dict):
        problems.append("setup.settings: expected a mapping")
        return None
    try:
        return settings_from_dict(raw, len(scenario.players))
    except SettingsError as exc:
        problems.append(f"setup.settings.{exc}")
        return None


def validate_scenario(scenario: Scenario) -> list[str]:
    """Citadels-specific problems, each naming the field (the core loader calls this)."""
    problems: list[str] = []
    n = len(scenario.players)
    if not 2 <= n <= 7:
        return [f"players: Citadels needs 2 to 7 players, got {n}"]
    unknown = sorted(set(scenario.setup) - SETUP_KEYS)
    if unknown:
        problems.append(f"setup: unknown key(s) {unknown}; allowed: {sorted(SETUP_KEYS)}")
    setup = scenario.setup
    if setup.get("start", "draft") not in STARTS:
        problems.append(f"setup.start: {setup.get('start')!r} is not one of {list(STARTS)}")
    if setup.get("stop", "round") not in STOPS:
        problems.append(f"setup.stop: {setup.get('stop')!r} is not one of {list(STOPS)}")
    for key in ("round", "from_rank", "bank"):
        if key in setup and (
            not isinstance(setup[key], int) or isinstance(setup[key], bool) or setup[key] < 0
        ):
            problems.append(f"setup.{key}: {setup[key]!r} is not a whole number >= 0")
    if "from_rank" in setup and isinstance(setup["from_rank"], int) and not 1 <= setup["from_rank"] <= 9:
        problems.append(f"setup.from_rank: {setup['from_rank']} is not a character rank from 1 to 9")
    if "from_rank" in setup and setup.get("start", "draft") != "turns":
        problems.append("setup.from_rank: only meaningful with start: turns")
    crown = setup.get("crown", 0)
    if crown == "draw":
        if setup.get("start") != "game":
            problems.append("setup.crown: 'draw' (each player draws a district) needs start: game")
    elif not isinstance(crown, int) or isinstance(crown, bool) or not 0 <= crown < n:
        problems.append(f"setup.crown: {crown!r} is not a player index below {n}, nor 'draw'")
    settings = _settings(scenario, problems)
    if settings is None:
        return problems
    in_game = set(settings.characters)
    held: Counter[str] = Counter()
    cards: Counter[str] = Counter()
    for i, p in enumerate(scenario.players):
        for zone, slugs in p.zones.items():
            where = f"players[{i}].zones.{zone}"
            if zone not in ZONES:
                problems.append(f"{where}: unknown zone; Citadels zones are {list(ZONES)}")
                continue
            for j, slug in enumerate(slugs):
                if zone == "characters":
                    if slug not in in_game:
                        problems.append(
                            f"{where}[{j}]: {slug!r} is not a character in this game {sorted(in_game)}"
                        )
                    held[slug] += 1
                elif not d.is_district(slug):
                    problems.append(f"{where}[{j}]: {slug!r} is not a Citadels district")
                else:
                    cards[slug] += 1
        for name in p.counters:
            if name != "gold":
                problems.append(f"players[{i}].counters.{name}: Citadels players have only a 'gold' counter")
        if p.counters.get("gold", 0) < 0:
            problems.append(f"players[{i}].counters.gold: gold cannot be negative")
    for slug, count in held.items():
        if count > 1:
            problems.append(f"players: character {slug!r} is held by {count} players")
    for zone, slugs in scenario.shared.items():
        if zone == "deck":
            for j, slug in enumerate(slugs):
                if not d.is_district(slug):
                    problems.append(f"shared.deck[{j}]: {slug!r} is not a Citadels district")
                else:
                    cards[slug] += 1
        elif zone == "face_up":
            for j, slug in enumerate(slugs):
                if slug not in in_game or held[slug]:
                    problems.append(f"shared.face_up[{j}]: {slug!r} is not a free character of this game")
        else:
            problems.append(f"shared.{zone}: unknown zone; Citadels shared zones are deck, face_up")
    for key in ("museum",):
        for i, slugs in enumerate(_slug_lists(setup, key, n, problems)):
            for slug in slugs:
                if not d.is_district(slug):
                    problems.append(f"setup.{key}[{i}]: {slug!r} is not a Citadels district")
                cards[slug] += 1
    available = Counter(settings.deck())
    for slug, count in sorted(cards.items()):
        if count > available[slug]:
            problems.append(
                f"players/shared: {count} {slug!r} cards but this game's deck holds {available[slug]}"
            )
    for key in ("killed", "robbed", "bewitched"):
        if setup.get(key) is not None and (not isinstance(setup[key], str) or setup[key] not in in_game):
            problems.append(f"setup.{key}: {setup[key]!r} is not a character in this game")
    for i, value in enumerate(_per_player(setup, "completed", n, problems)):
        if value not in (None, "first", "other"):
            problems.append(f"setup.completed[{i}]: {value!r} is not null, 'first' or 'other'")
    for i, slugs in enumerate(_slug_lists(setup, "gilded", n, problems)):
        city = Counter(scenario.players[i].zones.get("city", []))
        for slug, count in Counter(slugs).items():
            if count > city[slug]:
                problems.append(
                    f"setup.gilded[{i}]: {slug!r} gilded {count}x but the city holds it {city[slug]}x"
                )
    for i, slugs in enumerate(_slug_lists(setup, "museum", n, [])):
        if slugs and "museum" not in scenario.players[i].zones.get("city", []):
            problems.append(f"setup.museum[{i}]: that player has no Museum in the city")
    for i, rounds in enumerate(_per_player(setup, "built_round", n, problems)):
        if rounds is not None and not isinstance(rounds, dict):
            problems.append(f"setup.built_round[{i}]: expected a mapping of district -> round")
            continue
        for slug, built in (rounds or {}).items():
            if slug not in scenario.players[i].zones.get("city", []):
                problems.append(f"setup.built_round[{i}]: {slug!r} is not in that player's city")
            if not isinstance(built, int) or isinstance(built, bool) or built < 0:
                problems.append(f"setup.built_round[{i}].{slug}: {built!r} is not a round number")
    if setup.get("start") == "game" and any(
        p.zones.get("hand") or p.zones.get("city") for p in scenario.players
    ):
        problems.append("setup.start: 'game' deals from a full deck; players' zones must be empty")
    if setup.get("start") == "turns" and not held:
        problems.append("setup.start: 'turns' needs the players' characters zones")
    held_gold = sum(p.counters.get("gold", 0) for p in scenario.players)
    gilded = sum(len(x) for x in _slug_lists(setup, "gilded", n, []))
    if "bank" not in setup and held_gold + gilded > settings.bank:
        problems.append(f"players: {held_gold + gilded} gold held but the bank has only {settings.bank}")
    return problems


def build_state(scenario: Scenario, settings: GameSettings) -> GameState:
    setup = scenario.setup
    n = len(scenario.players)
    crown = setup.get("crown", 0)
    state = new_state(
        settings, [p.name for p in scenario.players], crown=crown if isinstance(crown, int) else 0
    )
    state.round = setup.get("round", 1 if setup.get("start", "draft") == "turns" else 0)
    if setup.get("start") == "game":
        return state
    remaining = Counter(settings.deck())
    gilded = _slug_lists(setup, "gilded", n, [])
    museum = _slug_lists(setup, "museum", n, [])
    built_round = _per_player(setup, "built_round", n, [])
    completed = _per_player(setup, "completed", n, [])
    for i, ps in enumerate(scenario.players):
        p = state.players[i]
        p.gold = ps.counters.get("gold", 0)
        p.hand = list(ps.zones.get("hand", []))
        p.characters = list(ps.zones.get("characters", []))
        p.completed = completed[i]
        for slug in ps.zones.get("city", []):
            b = Built(slug, (built_round[i] or {}).get(slug, 0))
            p.city.append(b)
        for slug in gilded[i] or []:
            next(b for b in p.city if b.slug == slug and not b.gilded).gilded = True
        if museum[i]:
            target = p.built("museum")
            if target is not None:
                target.under = list(museum[i])
        for slug in p.hand + [b.slug for b in p.city] + [c for b in p.city for c in b.under]:
            remaining[slug] -= 1
    if "deck" in scenario.shared:
        state.deck = list(scenario.shared["deck"])
    else:
        rest = sorted((+remaining).elements())
        random.Random(scenario.seed).shuffle(rest)
        state.deck = rest
    held = sum(p.gold + sum(1 for b in p.city if b.gilded) for p in state.players)
    state.bank = setup.get("bank", settings.bank - held)
    state.total_gold = state.bank + held
    state.total_districts = state.district_count()
    state.end_triggered = bool(setup.get("end_triggered", any(c for c in completed)))
    rs = state.round_state
    rs.face_up = list(scenario.shared.get("face_up", []))
    rs.killed = setup.get("killed")
    if setup.get("robbed"):
        rs.robbed = setup["robbed"]
        rs.robber = state.holder("thief")
    if setup.get("bewitched"):
        rs.bewitched = setup["bewitched"]
        rs.witch = state.holder("witch")
    if setup.get("start") == "turns":
        state.phase = "turns"
    return state


def prepare(scenario: Scenario, decider: Decider, names: Names) -> Prepared:
    """The scenario's game with ``decider`` answering every decision (raises SettingsError)."""
    settings = settings_from_dict(scenario.setup.get("settings", {}), len(scenario.players))
    shuffler = Shuffler(seed=scenario.seed, fixed=list(scenario.shuffles))
    state = build_state(scenario, settings)
    player_names = [p.name for p in state.players]
    log = EventLog(narrate=lambda e: narrate(e, names, player_names), snapshot=state.snapshot)
    setup = scenario.setup
    start = setup.get("start", "draft")
    game = CitadelsGame(state, decider, shuffler, log, stop=setup.get("stop", "round"), names=names)

    def play() -> None:
        if start == "game":
            game.setup(crown_by_draw=setup.get("crown") == "draw")
            game.play("draft")
            return
        game.emit("setup", None, players=len(state.players), deck=len(state.deck), bank=state.bank,
                  scenario=True)
        game.play(start, from_rank=setup.get("from_rank", 1))

    return Prepared(log, shuffler, state, play)


def run(scenario: Scenario, names: Names) -> ScenarioRun:
    """Play the scenario with its script and check its expectations (never raises: see play_scripted)."""
    script = ScriptedDecider(scenario.script)
    problems: list[str] = []
    if _settings(scenario, problems) is None:
        return finish_run(scenario, EventLog(), problems)
    return play_scripted(scenario, prepare(scenario, script, names), script)
