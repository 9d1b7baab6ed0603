"""Final scores computed by the engines' scoring code, with how each point was earned.

Dominion: the engine's ``victory_points`` over each player's cards and its game result (most
points, then fewest turns). Citadels: ``score_player`` on each city and ``winners_of`` on the scores
and each player's gold (a tie goes to district points, then gold).
Requests are plain dicts (the score counter's form or JSON body); bad input raises
:class:`ScoreError` naming the field.
"""

from __future__ import annotations

from typing import Any

from engine.citadels import definitions as cd
from engine.citadels.game import new_state
from engine.citadels.scoring import score_player, winners_of
from engine.citadels.settings import SettingsError, make_settings
from engine.citadels.state import Built, PlayerState
from engine.core.rng import Shuffler
from engine.dominion import Game, new_game_state
from engine.dominion.cards import CARDS, VICTORIES
from engine.dominion.state import victory_points
from engine.errors import EngineError

MAX_PLAYERS = 8
MAX_CARDS = 999
MAX_TURNS = 999
#: What a player's deck is padded with to reach the total card count (no points of its own).
FILLER = "copper"
COMPLETED = ("auto", "first", "other", "none")  # auto: by city size, the first listed complete city first
#: Cards left in a hand at the end (the Map Room scores them; which cards does not matter).
MAX_HAND = 99
HAND_CARD = "temple"
LAST_ROUND = 2  # the round number used for "built in the last round"; earlier districts use 1


class ScoreError(EngineError, ValueError):
    """A score request that cannot be scored; the message names the field."""


def _count(value: Any, field: str, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise ScoreError(f"{field}: {value!r} is not a whole number from 0 to {most}")
    return value


def _players(raw: Any) -> list[dict[str, Any]]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_PLAYERS:
        raise ScoreError(f"players: a list of 1 to {MAX_PLAYERS} players")
    for i, p in enumerate(raw):
        if not isinstance(p, dict):
            raise ScoreError(f"players[{i}]: an object")
    return raw


def scoring_cards() -> list[str]:
    """Cards that can score in Dominion: Victory cards and Curses, in the engine's card order."""
    return [slug for slug in CARDS if slug in VICTORIES or slug == "curse"]


# --------------------------------------------------------------------------- Dominion
def _dominion_cards(p: dict[str, Any], i: int) -> tuple[list[str], dict[str, int]]:
    counts = p.get("cards", {})
    if not isinstance(counts, dict):
        raise ScoreError(f"players[{i}].cards: an object of card -> count")
    known = scoring_cards()
    cards: list[str] = []
    clean: dict[str, int] = {}
    for slug, n in counts.items():
        if slug not in known:
            raise ScoreError(f"players[{i}].cards.{slug}: not a Dominion Victory card or Curse")
        clean[slug] = _count(n, f"players[{i}].cards.{slug}", MAX_CARDS)
        cards += [slug] * clean[slug]
    total = p.get("total", len(cards))
    total = _count(total, f"players[{i}].total", MAX_CARDS)
    if total < len(cards):
        raise ScoreError(f"players[{i}].total: {total} cards is fewer than the {len(cards)} counted")
    return cards + [FILLER] * (total - len(cards)), clean


def score_dominion(request: dict[str, Any]) -> dict[str, Any]:
    """``{players: [{name?, cards: {slug: n}, total?, turns?}]}`` -> scores, lines and winners."""
    players = _players(request.get("players"))
    decks = []
    turns = []
    for i, p in enumerate(players):
        decks.append(_dominion_cards(p, i))
        turns.append(_count(p.get("turns", 0), f"players[{i}].turns", MAX_TURNS))
    state = new_game_state([f"P{i + 1}" for i in range(max(2, len(players)))], "2e", [], Shuffler(0))
    state.players = state.players[: len(players)]
    for player, (cards, _), t in zip(state.players, decks, turns, strict=True):
        player.deck, player.hand, player.discard, player.play, player.set_aside = list(cards), [], [], [], []
        player.turns = t
    result = Game(state, [], Shuffler(0)).result("counted")
    out = []
    for i, (cards, counts) in enumerate(decks):
        lines = []
        for slug, n in counts.items():
            if not n:
                continue
            without = [c if c != slug else FILLER for c in cards]
            points = victory_points(cards) - victory_points(without)
            lines.append({"card": slug, "count": n, "points": points})
        out.append({"name": _name(players[i], i), "total_cards": len(cards), "turns": turns[i],
                    "lines": lines, "total": result["scores"][i]})
    return {"game": "dominion", "players": out, "winners": result["winners"]}


# --------------------------------------------------------------------------- Citadels
def _name(p: dict[str, Any], i: int) -> str:
    name = p.get("name")
    return name[:40] if isinstance(name, str) and name.strip() else f"{i + 1}"


def _city(p: dict[str, Any], i: int) -> PlayerState:
    city = p.get("city", [])
    if not isinstance(city, list) or len(city) > 30:
        raise ScoreError(f"players[{i}].city: a list of up to 30 district slugs")
    player = PlayerState(name=_name(p, i))
    late = p.get("last_round", [])
    if not isinstance(late, list):
        raise ScoreError(f"players[{i}].last_round: a list of district slugs built in the last round")
    gilded = p.get("gilded", [])
    if not isinstance(gilded, list):
        raise ScoreError(f"players[{i}].gilded: a list of district slugs the Artist gilded")
    for slug in city:
        if not isinstance(slug, str) or slug not in cd.DISTRICT_BY_SLUG:
            raise ScoreError(f"players[{i}].city: {slug!r} is not a Citadels district")
        player.city.append(Built(slug, LAST_ROUND if slug in late else 1, gilded=slug in gilded))
    for field, names in (("last_round", late), ("gilded", gilded)):
        for slug in names:
            if slug not in city:
                raise ScoreError(f"players[{i}].{field}: {slug!r} is not in the city")
    museum = _count(p.get("museum", 0), f"players[{i}].museum", 99)
    if museum:
        built = player.built("museum")
        if built is None:
            raise ScoreError(f"players[{i}].museum: cards under the Museum need the Museum in the city")
        built.under = ["temple"] * museum
    completed = p.get("completed", "auto")
    if completed not in COMPLETED:
        raise ScoreError(f"players[{i}].completed: {completed!r}; use one of {list(COMPLETED)}")
    player.completed = completed
    player.gold = _count(p.get("gold", 0), f"players[{i}].gold", 999)
    player.hand = [HAND_CARD] * _count(p.get("hand", 0), f"players[{i}].hand", MAX_HAND)
    return player


def score_citadels(request: dict[str, Any]) -> dict[str, Any]:
    """``{players: [{name?, city: [slug], completed?, last_round?: [slug], gilded?: [slug], museum?: n,
    gold?: n, hand?: n}],
    short_game?, bell_tower_announced?}`` -> each score's parts, the end size and the winners.

    ``completed`` is ``first``, ``other`` (completed later), ``none`` or ``auto`` (default): the
    engine's end size for this game (with a Bell Tower in any city, one less) decides, and the
    first listed complete city is first unless someone is marked first.
    """
    players = _players(request.get("players"))
    cities = [_city(p, i) for i, p in enumerate(players)]
    dupes = [(i, s) for i, c in enumerate(cities) for s in {b.slug for b in c.city}
             if sum(1 for b in c.city if b.slug == s) > 1 and s != "quarry"]
    if dupes:
        i, slug = dupes[0]
        raise ScoreError(f"players[{i}].city: {slug!r} twice; a city has one of each district")
    if sum(1 for p in cities if p.completed == "first") > 1:
        raise ScoreError("players: only one player completes a city first")
    announced = request.get("bell_tower_announced", True)
    if not isinstance(announced, bool):
        raise ScoreError(f"bell_tower_announced: {announced!r} is not true or false")
    end = end_size(len(players), bool(request.get("short_game")), cities, announced)
    first_taken = any(p.completed == "first" for p in cities)
    for p in cities:
        if p.completed == "auto":
            p.completed = None
            if len(p.city) >= end:
                p.completed = "other" if first_taken else "first"
                first_taken = True
        elif p.completed == "none":
            p.completed = None
    scores = [score_player(p, LAST_ROUND) for p in cities]
    out = []
    for p, s in zip(cities, scores, strict=True):
        out.append({
            "name": p.name,
            "districts": [{"card": b.slug, "points": b.info.value} for b in p.city],
            "parts": s.to_dict(),
            "completed": p.completed,
            "gold": p.gold,
            "total": s.total,
        })
    won = winners_of(scores, [p.gold for p in cities])
    return {"game": "citadels", "end_size": end, "players": out, "winners": won}


def end_size(players: int, short_game: bool, cities: list[PlayerState], announced: bool = True) -> int:
    """The city size that completes a city in this game, asked of the engine's game state
    (``announced``: the Bell Tower's owner has announced the game ends one district sooner)."""
    try:
        settings = make_settings(players, short_game=short_game)
    except SettingsError as exc:
        raise ScoreError(f"players: {exc}") from exc
    state = new_state(settings, [p.name for p in cities])
    state.players = cities
    owner = next((seat for seat, p in enumerate(cities) if p.has("bell-tower")), None)
    state.bell_tower_owner = owner if announced and settings.bell_tower_active else None
    return state.end_size
