"""Game settings: player count, which character plays each rank, variants, extra districts.

Readings chosen where seed 003 is inconsistent or silent (also stated in the corpus entry
``citadels/rules/two-player``):
- Two players (seed line 199 says "10 districts or 12 districts"): the game ends like the base
  game unless ``two_player_end`` says otherwise; see :data:`TWO_PLAYER_END`.
- Three players: the published classic rules (the default, ``three_player="two-characters"``)
  give each player two characters from the full cast, ending at 8. The seed's rule (line 203) is
  offered as a variant (``three_player="one-character"``): the rank-1 character (the Assassin,
  or the Witch when she replaces him) is removed, one character each, the game ends at 10.
- Eight players (published classic rules, the seed is silent) need the rank-9 character; the
  Queen is used with five or more players only.
- Short game (lines 209-211): one district fewer than the player count's usual end (7 instead of 8).
- The King that may never be set aside face up (line 145, which calls him 皇帝) is the rank-4
  character in play, the King or the Emperor.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.citadels import definitions as d
from engine.errors import EngineError

#: The reading of seed line 199 ("ends at 10 or 12 districts") used for two players.
TWO_PLAYER_END = 10
MAX_ADDED_WITHOUT_REMOVAL = 3  # seed lines 399-401


class SettingsError(EngineError, ValueError):
    """A game setting is invalid; the message names the setting and the problem."""


@dataclass(frozen=True)
class GameSettings:
    players: int
    characters: tuple[str, ...]  # the characters in the game, in rank order
    short_game: bool = False
    two_player_end: int = TWO_PLAYER_END
    extra_districts: tuple[str, ...] = ()
    removed_districts: tuple[str, ...] = ()
    bank: int = d.BANK_GOLD
    bell_tower_in_short_game: bool = False  # seed lines 673-675: the players decide
    three_player: str = "two-characters"  # published classic rules; "one-character": seed line 203

    @property
    def characters_each(self) -> int:
        """Characters each player plays per round: two with two players, and with three players in
        the published variant; otherwise one."""
        if self.players == 2 or (self.players == 3 and self.three_player == "two-characters"):
            return 2
        return 1

    @property
    def end_districts(self) -> int:
        """City size that ends the game (after the round is completed)."""
        if self.players == 2:
            base = self.two_player_end
        elif self.players == 3 and self.three_player == "one-character":
            base = d.THREE_PLAYER_DISTRICTS
        else:
            base = d.END_DISTRICTS
        return base - 1 if self.short_game else base

    @property
    def bell_tower_active(self) -> bool:
        return not self.short_game or self.bell_tower_in_short_game

    def character_at(self, rank: int) -> str | None:
        for slug in self.characters:
            if d.character(slug).rank == rank:
                return slug
        return None

    def deck(self) -> list[str]:
        cards = d.base_deck()
        for slug in self.removed_districts:
            cards.remove(slug)
        return cards + list(self.extra_districts)


def make_settings(
    players: int,
    replace: list[str] | tuple[str, ...] = (),
    ninth: str | None = None,
    short_game: bool = False,
    two_player_end: int = TWO_PLAYER_END,
    extra_districts: list[str] | tuple[str, ...] = (),
    removed_districts: list[str] | tuple[str, ...] = (),
    bank: int = d.BANK_GOLD,
    bell_tower_in_short_game: bool = False,
    three_player: str = "two-characters",
) -> GameSettings:
    """Validate the settings and say what is wrong with them in a :class:`SettingsError`.

    ``replace`` lists expansion characters, each replacing the base character of its rank;
    ``ninth`` adds the rank-9 character (``queen`` or ``artist``).
    """
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= d.MAX_PLAYERS:
        raise SettingsError(f"players: {players!r} is not a player count from 2 to {d.MAX_PLAYERS}")
    if players == d.MAX_PLAYERS and ninth is None:
        raise SettingsError(
            "ninth: eight players need the rank-9 character (queen or artist): nine characters for "
            "eight seats and one face down (published classic rules)"
        )
    if three_player not in d.THREE_PLAYER_VARIANTS:
        raise SettingsError(f"three_player: {three_player!r} is not one of {list(d.THREE_PLAYER_VARIANTS)}")
    chosen = {rank: base for rank, (base, _) in d.RANKS.items() if rank <= 8}
    for slug in replace:
        if slug not in d.CHARACTER_BY_SLUG:
            raise SettingsError(f"replace: {slug!r} is not a Citadels character")
        rank = d.character(slug).rank
        if rank == 9:
            raise SettingsError(f"replace: {slug!r} has rank 9; choose it with 'ninth'")
        if chosen[rank] != d.RANKS[rank][0]:
            raise SettingsError(f"replace: rank {rank} is replaced twice ({chosen[rank]!r} and {slug!r})")
        chosen[rank] = slug
    if ninth is not None:
        if ninth not in d.RANKS[9]:
            raise SettingsError(f"ninth: {ninth!r} is not a rank-9 character (queen or artist)")
        if players == 2:
            raise SettingsError("ninth: the two-player draft (seed lines 187-199) uses exactly 8 characters")
        if ninth == "queen" and players < d.QUEEN_MIN_PLAYERS:
            raise SettingsError(
                f"ninth: the Queen is used with {d.QUEEN_MIN_PLAYERS} or more players only "
                f"(published classic rules), not {players}"
            )
        chosen[9] = ninth
    if players == 3 and three_player == "one-character":
        del chosen[1]  # seed line 203
    for slug in extra_districts:
        if slug not in d.DISTRICT_BY_SLUG:
            raise SettingsError(f"extra_districts: {slug!r} is not a Citadels district")
        if not d.district(slug).expansion:
            raise SettingsError(f"extra_districts: {slug!r} is already in the base deck")
    if len(set(extra_districts)) != len(extra_districts):
        raise SettingsError("extra_districts: a district is listed twice")
    base = d.base_deck()
    for slug in removed_districts:
        if slug not in base:
            raise SettingsError(f"removed_districts: {slug!r} is not (or no longer) in the base deck")
        base.remove(slug)
    needed = max(0, len(extra_districts) - MAX_ADDED_WITHOUT_REMOVAL)
    if len(removed_districts) != needed:
        raise SettingsError(
            f"removed_districts: adding {len(extra_districts)} districts needs exactly {needed} base "
            f"districts removed (seed lines 399-401), not {len(removed_districts)}"
        )
    if (
        not isinstance(two_player_end, int)
        or isinstance(two_player_end, bool)
        or not 1 <= two_player_end <= 20
    ):
        raise SettingsError(f"two_player_end: {two_player_end!r} is not a district count from 1 to 20")
    if not isinstance(bank, int) or isinstance(bank, bool) or not 2 * players <= bank <= 200:
        raise SettingsError(f"bank: {bank!r} gold cannot pay 2 to each of {players} players")
    return GameSettings(
        players=players,
        characters=tuple(chosen[rank] for rank in sorted(chosen)),
        short_game=bool(short_game),
        two_player_end=two_player_end,
        extra_districts=tuple(extra_districts),
        removed_districts=tuple(removed_districts),
        bank=bank,
        bell_tower_in_short_game=bool(bell_tower_in_short_game),
        three_player=three_player,
    )


def settings_from_dict(raw: dict[str, Any] | None, players: int) -> GameSettings:
    """Settings from a scenario's ``settings`` mapping (unknown keys are an error)."""
    raw = dict(raw or {})
    allowed = {
        "replace",
        "ninth",
        "short_game",
        "two_player_end",
        "extra_districts",
        "removed_districts",
        "bank",
        "bell_tower_in_short_game",
        "three_player",
    }
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise SettingsError(f"settings: unknown key(s) {unknown}; allowed: {sorted(allowed)}")
    for key in ("replace", "extra_districts", "removed_districts"):
        if key in raw and not (isinstance(raw[key], list) and all(isinstance(x, str) for x in raw[key])):
            raise SettingsError(f"{key}: expected a list of slugs, got {raw[key]!r}")
    return make_settings(players, **raw)
