"""The character draft's layout by player count (seed 003 lines 103-147, 187-207).

Pure functions: how many characters are set aside face up and face down, and whether the
7-player rule (the last player also takes the face-down card) applies.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DraftLayout:
    face_up: int
    face_down: int
    seven_player_rule: bool  # last player picks from the last card plus the face-down one
    two_player: bool  # the 2-player procedure of seed lines 187-199


def draft_layout(players: int, characters: int, each: int = 1) -> DraftLayout:
    """Layout for ``players`` drafting ``each`` characters apiece from ``characters`` cards.

    With the 8 base ranks (7 for three players, who remove the Assassin) this is the seed's
    table (lines 107-141, :data:`definitions.SET_ASIDE`); a 9th character adds one card face
    up, or for 7 players makes the face-down card unnecessary for the last pick. With 8 players
    and 9 characters the last player takes the face-down card (the 7-player rule, published
    classic rules). Three players with two characters each (the published variant) pass the
    cards round twice; one card is left over and set aside face down.
    """
    if players == 2:
        return DraftLayout(face_up=0, face_down=1, seven_player_rule=False, two_player=True)
    face_down = 1
    picks = players * each
    available = characters - face_down
    face_up = max(0, available - (picks + 1))
    seven = available - face_up < picks + 1
    return DraftLayout(face_up=face_up, face_down=face_down, seven_player_rule=seven, two_player=False)


def pick_order(players: int, crown: int, each: int = 1) -> list[int]:
    """Seats in picking order: from the crowned player to the left, round the table ``each`` times."""
    return [(crown + i) % players for _ in range(each) for i in range(players)]


def two_player_steps() -> list[tuple[int, str]]:
    """The 2-player procedure as (seat, action) steps: ``pick`` or ``discard`` (face down).

    Seat 0 is the crowned player A, seat 1 the opponent B (seed lines 189-195).
    """
    return [
        (0, "pick"),
        (1, "pick"),
        (1, "discard"),
        (0, "pick"),
        (0, "discard"),
        (1, "pick"),
        (1, "discard"),
    ]
