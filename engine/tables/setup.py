"""Set-up by game, edition and player count, read off the engines' own set-up code.

Dominion: :func:`engine.dominion.new_game_state` deals the starting decks and builds the supply;
the figures are that state's piles and the dealt cards. Citadels: the engine's settings, a game
state after :meth:`CitadelsGame.setup` (cards and gold dealt) and the draft layout for the
characters in play. Each line names the rule entry (``entry#ruling``) that states it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from engine.citadels import definitions as cd
from engine.citadels.draft import draft_layout, two_player_steps
from engine.citadels.game import CitadelsGame, new_state
from engine.citadels.settings import MAX_ADDED_WITHOUT_REMOVAL, GameSettings, SettingsError, make_settings
from engine.citadels.state import Built
from engine.core.events import NullLog
from engine.core.rng import Shuffler
from engine.dominion import SetupError, new_game_state
from engine.dominion.cards import CARDS, EDITIONS, kingdom_cards
from engine.errors import EngineError

#: Player counts asked of each engine; those it refuses are not offered.
DOMINION_TRY = range(1, 7)
CITADELS_TRY = range(2, 9)
NINTH = (None, "queen", "artist")
#: A Dominion game needs at least two players (the engine also deals a solo deck for simulations).
DOMINION_MIN_PLAYERS = 2

DOMINION_CITES = {
    "copper": "dominion/rules/setup#treasure-piles",
    "silver": "dominion/rules/setup#treasure-piles",
    "gold": "dominion/rules/setup#treasure-piles",
    "estate": "dominion/rules/setup#victory-piles",
    "duchy": "dominion/rules/setup#victory-piles",
    "province": "dominion/rules/setup#victory-piles",
    "curse": "dominion/rules/setup#curse-pile-by-player-count",
    "kingdom": "dominion/rules/setup#ten-kingdom-piles",
    "gardens": "dominion/rules/setup#gardens-pile-size",
    "start_deck": "dominion/rules/setup#starting-deck",
    "start_hand": "dominion/rules/setup#starting-deck",
    "edition_2e": "dominion/rules/setup#pile-sizes-2e",
}
CITADELS_CITES = {
    "characters": "citadels/rules/setup#remove-expansion-characters",
    "removed": "citadels/rules/three-player-variant#assassin-removed",
    "set_aside": "citadels/rules/character-draft#set-aside-by-player-count",
    "king_face_up": "citadels/rules/character-draft#king-never-face-up",
    "pool": "citadels/rules/character-draft#pool-is-players-plus-one",
    "seven_player": "citadels/rules/seven-player-rule#last-player-takes-face-down-card",
    "two_player": "citadels/rules/two-player-variant#a-discards-one-keeps-one",
    "start": "citadels/rules/setup#four-cards-two-gold",
    "crown": "citadels/rules/setup#random-crown",
    "deck": "citadels/rules/components#deck-composition",
    "end": "citadels/rules/game-end#round-is-completed",
    "three_player": "citadels/rules/three-player-variant#two-characters-each",
    "end_two": "citadels/rules/two-player-variant#ends-at-ten-districts",
    "end_short": "citadels/rules/short-game-variant#ends-at-seven-districts",
    "bell_tower": "citadels/faq/bell-tower-short-game",
    "districts": "citadels/rules/components#expansion-districts",
}


class SetupRequestError(EngineError, ValueError):
    """A set-up that the engine cannot build; the message names the parameter."""


@dataclass(frozen=True)
class SetupOptions:
    dominion_players: tuple[int, ...]
    citadels_players: tuple[int, ...]


def _dominion_players() -> tuple[int, ...]:
    ok = []
    for n in DOMINION_TRY:
        try:
            new_game_state([f"P{i}" for i in range(n)], "1e", [], Shuffler(0))
        except SetupError:
            continue
        if n >= DOMINION_MIN_PLAYERS:
            ok.append(n)
    return tuple(ok)


def _citadels_players() -> tuple[int, ...]:
    ok = []
    for n in CITADELS_TRY:
        for ninth in NINTH:
            try:
                make_settings(n, ninth=ninth)
            except SettingsError:
                continue
            ok.append(n)
            break
    return tuple(ok)


def setup_options() -> SetupOptions:
    """The player counts each engine accepts."""
    return SetupOptions(_dominion_players(), _citadels_players())


# --------------------------------------------------------------------------- Dominion
def dominion_setup(players: int, edition: str, kingdom: list[str] | tuple[str, ...] = ()) -> dict[str, Any]:
    """The engine's set-up for ``players`` players of ``edition`` with an optional kingdom."""
    if edition not in EDITIONS:
        raise SetupRequestError(f"edition: {edition!r} is not one of {list(EDITIONS)}")
    if players not in _dominion_players():
        allowed = _range(_dominion_players())
        raise SetupRequestError(f"players: Dominion is for {allowed} players, not {players!r}")
    names = [f"P{i + 1}" for i in range(players)]
    try:
        state = new_game_state(names, edition, list(kingdom), Shuffler(0))
    except SetupError as exc:
        raise SetupRequestError(str(exc)) from exc
    # piles for every kingdom card of the edition, so a page can show any kingdom offline
    all_piles = new_game_state(names, edition, kingdom_cards(edition), Shuffler(0)).supply
    dealt = Counter(state.players[0].deck + state.players[0].hand)
    lines: list[dict[str, Any]] = []
    for slug in ("copper", "silver", "gold", "estate", "duchy", "province", "curse"):
        line: dict[str, Any] = {"key": "pile", "card": slug, "count": state.supply[slug],
                                "cite": DOMINION_CITES[slug]}
        if dealt.get(slug):
            line["dealt"] = dealt[slug] * players
        lines.append(line)
    if kingdom:
        for slug in kingdom:
            lines.append({"key": "kingdom_pile", "card": slug, "count": state.supply[slug],
                          "victory": CARDS[slug].is_victory,
                          "cite": DOMINION_CITES["gardens" if CARDS[slug].is_victory else "kingdom"]})
    else:
        victory = next(s for s in kingdom_cards(edition) if CARDS[s].is_victory)
        action = next(s for s in kingdom_cards(edition) if not CARDS[s].is_victory)
        lines.append({"key": "kingdom_rule", "action": all_piles[action], "victory": all_piles[victory],
                      "cite": DOMINION_CITES["kingdom"], "cite_victory": DOMINION_CITES["gardens"]})
    lines.append({"key": "start_deck", "cards": dict(sorted(dealt.items())),
                  "cite": DOMINION_CITES["start_deck"]})
    lines.append({"key": "start_hand", "count": len(state.players[0].hand),
                  "cite": DOMINION_CITES["start_hand"]})
    if edition == "2e":
        lines.append({"key": "edition_2e", "cite": DOMINION_CITES["edition_2e"]})
    kingdom_piles = {slug: all_piles[slug] for slug in kingdom_cards(edition)}
    return {
        "game": "dominion",
        "edition": edition,
        "players": players,
        "kingdom": list(kingdom),
        "lines": lines,
        "kingdom_piles": kingdom_piles,
    }


# --------------------------------------------------------------------------- Citadels
class _NoDecisions:
    """Set-up asks nothing; a question here would be an engine change worth failing on."""

    def decide(self, decision: Any, state: Any) -> list[str]:
        raise SetupRequestError(f"the engine's set-up asked a question: {decision.describe()}")


def _dealt_state(settings: GameSettings) -> Any:
    state = new_state(settings, [f"P{i + 1}" for i in range(settings.players)])
    CitadelsGame(state, _NoDecisions(), Shuffler(0), NullLog()).setup()
    return state


def _end_with_bell_tower(settings: GameSettings) -> int:
    """The end size once a Bell Tower is built and its owner has announced the shorter game (which
    the settings allow only outside the short game unless the players agreed)."""
    state = new_state(settings, [f"P{i + 1}" for i in range(settings.players)])
    state.players[0].city.append(Built("bell-tower", 1))
    state.bell_tower_owner = 0 if settings.bell_tower_active else None  # may the owner announce?
    return state.end_size


def citadels_setup(players: int, short_game: bool = False, ninth: str | None = None) -> dict[str, Any]:
    """The engine's set-up for ``players`` players (optionally the short game and a rank-9 character)."""
    if ninth not in NINTH:
        raise SetupRequestError(f"ninth: {ninth!r} is not one of queen, artist (or none)")
    try:
        settings = make_settings(players, ninth=ninth, short_game=short_game)
    except SettingsError as exc:
        raise SetupRequestError(str(exc)) from exc
    state = _dealt_state(settings)
    each = settings.characters_each
    layout = draft_layout(players, len(settings.characters), each)
    base = [base for rank, (base, _) in sorted(cd.RANKS.items()) if rank <= 8]
    removed = [slug for slug in base if cd.character(slug).rank not in
               {cd.character(c).rank for c in settings.characters}]
    pool = len(settings.characters) - layout.face_up - layout.face_down
    king = settings.character_at(4)
    lines: list[dict[str, Any]] = [
        {"key": "characters", "cards": list(settings.characters), "count": len(settings.characters),
         "cite": CITADELS_CITES["characters"]},
    ]
    if removed:
        lines.append({"key": "removed", "cards": removed, "cite": CITADELS_CITES["removed"]})
    if layout.two_player:
        lines.append({"key": "two_player", "face_down": layout.face_down,
                      "steps": [{"seat": seat, "action": action} for seat, action in two_player_steps()],
                      "cite": CITADELS_CITES["two_player"]})
    else:
        lines.append({"key": "set_aside", "face_up": layout.face_up, "face_down": layout.face_down,
                      "cite": CITADELS_CITES["set_aside"]})
        if layout.face_up and king:
            lines.append({"key": "king_face_up", "card": king, "cite": CITADELS_CITES["king_face_up"]})
        pool_cite = CITADELS_CITES["three_player" if each == 2 else "pool"]  # two each: round twice
        lines.append({"key": "pool", "count": pool, "cite": pool_cite})
        if layout.seven_player_rule:
            lines.append({"key": "seven_player", "cite": CITADELS_CITES["seven_player"]})
    p0 = state.players[0]
    lines.append({"key": "start", "gold": p0.gold, "cards": len(p0.hand), "cite": CITADELS_CITES["start"]})
    lines.append({"key": "crown", "cite": CITADELS_CITES["crown"]})
    lines.append({"key": "bank", "count": state.bank, "total": settings.bank,
                  "cite": CITADELS_CITES["start"]})
    lines.append({"key": "deck", "count": len(state.deck), "total": len(settings.deck()),
                  "cite": CITADELS_CITES["deck"]})
    lines.append({"key": "districts", "cards": list(cd.EXPANSION_DISTRICTS),
                  "count": MAX_ADDED_WITHOUT_REMOVAL, "cite": CITADELS_CITES["districts"]})
    end_cite = "end_short" if short_game else "end_two" if players == 2 else "end"
    lines.append({"key": "end", "count": settings.end_districts, "cite": CITADELS_CITES[end_cite]})
    bell = _end_with_bell_tower(settings)
    lines.append({"key": "bell_tower", "count": bell, "active": bell != settings.end_districts,
                  "cite": CITADELS_CITES["bell_tower"]})
    return {
        "game": "citadels",
        "players": players,
        "short_game": bool(short_game),
        "ninth": ninth,
        "lines": lines,
    }


def dominion_setups() -> dict[str, Any]:
    """Every Dominion set-up the engine accepts, by edition and players (key ``"<players>"``)."""
    players = setup_options().dominion_players
    setups = {ed: {str(n): dominion_setup(n, ed) for n in players} for ed in EDITIONS}
    return {"players": list(players), "editions": list(EDITIONS), "setups": setups}


def citadels_setups() -> dict[str, Any]:
    """Every Citadels set-up the engine accepts, by players, rank-9 character and short game
    (key ``"<players>-<ninth>-<short>"``)."""
    players = setup_options().citadels_players
    setups: dict[str, Any] = {}
    for n in players:
        for ninth in NINTH:
            for short in (False, True):
                try:
                    setups[citadels_key(n, ninth, short)] = citadels_setup(n, short, ninth)
                except SetupRequestError:
                    continue
    return {"players": list(players), "ninth": [x for x in NINTH if x], "setups": setups}


def all_setups() -> dict[str, Any]:
    """Every set-up the engines accept, by game (each game object's ``setup_table``)."""
    from engine.core.registry import games

    return {name: game.setup_table() for name, game in games().items()}


def citadels_key(players: int, ninth: str | None, short: bool) -> str:
    return f"{players}-{ninth or 'none'}-{int(bool(short))}"


def _range(values: tuple[int, ...]) -> str:
    return f"{values[0]}-{values[-1]}" if values else "no"
