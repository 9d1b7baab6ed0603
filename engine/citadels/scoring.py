"""End-of-game scoring (seed 003 lines 171-181, 375-397, 591-599, 631-687; the Imperial Treasury
and the Map Room from the published classic cards). Pure functions."""

from __future__ import annotations

from dataclasses import dataclass

from engine.citadels import definitions as d
from engine.citadels.state import Built, PlayerState

COMPLETION_BONUS = {"first": 4, "other": 2}
FIVE_COLOUR_BONUS = 3
#: The parts of a score beyond districts, colours and completion (narrated as "more").
EXTRA_PARTS = ("gilded", "museum", "wishing_well", "imperial_treasury", "map_room")


@dataclass(frozen=True)
class Score:
    districts: int  # district values (Dragon Gate and University count 8)
    colours: int  # +3 for all five colours still held at the end
    completion: int  # +4 first to complete, +2 the others (kept even if a district is lost later)
    gilded: int  # +1 per district the Artist gilded
    museum: int  # +1 per card under the Museum
    wishing_well: int  # +1 per other purple district
    imperial_treasury: int  # +1 per gold the owner holds (not gold on districts)
    map_room: int  # +1 per card in the owner's hand
    haunted_as: str | None  # colour the Haunted City was counted as, if any

    @property
    def total(self) -> int:
        return (self.districts + self.colours + self.completion + self.gilded + self.museum
                + self.wishing_well + self.imperial_treasury + self.map_room)

    def to_dict(self) -> dict[str, int | str | None]:
        return {
            "districts": self.districts,
            "colours": self.colours,
            "completion": self.completion,
            "gilded": self.gilded,
            "museum": self.museum,
            "wishing_well": self.wishing_well,
            "imperial_treasury": self.imperial_treasury,
            "map_room": self.map_room,
            "haunted_as": self.haunted_as,
            "total": self.total,
        }


def colours_held(city: list[Built], last_round: int | None) -> tuple[set[str], str | None]:
    """The colours a city shows for the five-colour bonus, and the Haunted City's colour choice.

    The Haunted City counts as a missing colour unless it was built in the last round
    (seed lines 239-241); otherwise it stays purple (which the Wishing Well counts).
    """
    colours = {b.info.colour for b in city if b.slug != "haunted-city"}
    haunted = next((b for b in city if b.slug == "haunted-city"), None)
    if haunted is None:
        return colours, None
    usable = last_round is None or haunted.round_built != last_round
    missing = [c for c in d.COLOURS if c not in colours]
    if usable and len(missing) == 1:
        return colours | {missing[0]}, missing[0]
    return colours | {"special"}, None


def score_player(player: PlayerState, last_round: int | None) -> Score:
    city = player.city
    colours, haunted_as = colours_held(city, last_round)
    purple = sum(1 for b in city if b.info.colour == "special")
    if haunted_as is not None:
        purple -= 1  # seed lines 685-687: a Haunted City given another colour is no longer purple
    wishing = purple - 1 if player.has("wishing-well") else 0
    return Score(
        districts=sum(b.info.value for b in city),
        colours=FIVE_COLOUR_BONUS if set(d.COLOURS) <= colours else 0,
        completion=COMPLETION_BONUS.get(player.completed or "", 0),
        gilded=sum(1 for b in city if b.gilded),
        museum=sum(len(b.under) for b in city),
        wishing_well=max(0, wishing),
        imperial_treasury=player.gold if player.has("imperial-treasury") else 0,
        map_room=len(player.hand) if player.has("map-room") else 0,
        haunted_as=haunted_as,
    )


def winners(
    totals: list[int], districts: list[int] | None = None, gold: list[int] | None = None
) -> list[int]:
    """The seats that win: the highest total; a tie goes to the most points from district values
    alone (no bonuses), then to the most gold; players still level share the win (2010 official
    FAQ's tie-break; the seed's FAQ, lines 395-397, lets every tied player win).

    ``districts`` and ``gold`` default to nothing to tell the tied players apart."""
    n = len(totals)
    districts = districts if districts is not None else [0] * n
    gold = gold if gold is not None else [0] * n
    if not len(districts) == len(gold) == n:
        raise ValueError("winners: totals, districts and gold need one figure per player")
    keys = [(totals[i], districts[i], gold[i]) for i in range(n)]
    best = max(keys)
    return [seat for seat, k in enumerate(keys) if k == best]


def winners_of(scores: list[Score], gold: list[int]) -> list[int]:
    """:func:`winners` for whole scores and each player's gold at the end."""
    return winners([s.total for s in scores], [s.districts for s in scores], gold)
