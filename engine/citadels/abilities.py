"""Character abilities (seed 003 lines 273-355 and the character FAQ, lines 405-563).

``available`` says whether the acting character's ability can be used now; ``use_ability``
asks the needed decisions and applies it. The acting player is ``turn.player`` (the Witch when
she has taken over a bewitched character); the character is ``turn.character``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.citadels import definitions as d
from engine.citadels.building import build_cost, put_in_city, quarry_allows_duplicate
from engine.citadels.state import Built, TurnState

if TYPE_CHECKING:  # the rules are written against the table below them (not the game loop above)
    from engine.citadels.table import CitadelsTable as CitadelsGame

ACTIVE = (
    "assassin",
    "thief",
    "magician",
    "warlord",
    "witch",
    "wizard",
    "emperor",
    "abbot",
    "navigator",
    "diplomat",
    "queen",
    "artist",
)


def parse_target(option: str) -> tuple[int, str]:
    """``player-2:castle`` -> (2, "castle")."""
    who, slug = option.split(":", 1)
    return int(who.removeprefix("player-")), slug


def others(game: CitadelsGame, seat: int) -> list[int]:
    return [i for i in range(len(game.state.players)) if i != seat]


def crown_recipients(game: CitadelsGame, seat: int) -> list[int]:
    """Who the Emperor may give the crown to: a player other than himself and than the one who
    holds it (published card: the crown goes to a *different* player)."""
    return [o for o in others(game, seat) if o != game.state.crown]


def protected_by_bishop(game: CitadelsGame) -> int | None:
    """The player the Bishop's ability shields this round: the Bishop unless assassinated (455-457),
    the Witch instead when she bewitched him (481-483)."""
    rs = game.state.round_state
    if "bishop" not in game.state.settings.characters or rs.killed == "bishop":
        return None
    if rs.bewitched == "bishop":
        return rs.witch
    return game.state.holder("bishop")


def seat_holds_rank(game: CitadelsGame, seat: int, rank: int) -> bool:
    return any(d.character(c).rank == rank for c in game.state.players[seat].characters)


# --- availability -----------------------------------------------------------------------
def available(game: CitadelsGame, turn: TurnState) -> bool:
    c = turn.character
    if c not in ACTIVE:
        return False
    if c in ("witch", "navigator"):
        return turn.gathered
    if c == "warlord":
        return turn.gathered and bool(warlord_targets(game, turn.player))
    if c == "thief":
        return bool(thief_targets(game))
    if c == "wizard":
        return any(game.state.players[o].hand for o in others(game, turn.player))
    if c == "emperor":
        return bool(crown_recipients(game, turn.player))
    if c == "diplomat":
        return bool(exchange_options(game, turn.player))
    if c == "queen":
        return queen_applies(game, turn.player)
    if c == "artist":
        p = game.state.players[turn.player]
        return p.gold > 0 and any(not b.gilded for b in p.city)
    return True


#: Characters whose ability is compulsory: the Emperor hands the crown on (seed 331); the Witch
#: must bewitch and the Navigator must take his four gold or cards (designer's FAQ, Faidutti).
COMPULSORY = ("emperor", "witch", "navigator")


def must_act(game: CitadelsGame, turn: TurnState) -> bool:
    """The turn may not end before a compulsory ability is used (:data:`COMPULSORY`)."""
    return turn.character in COMPULSORY and not turn.ability_used and available(game, turn)


def use_ability(game: CitadelsGame, turn: TurnState) -> None:
    turn.ability_used = True
    USE[turn.character](game, turn)


# --- rank 1 -----------------------------------------------------------------------------------
def assassinate(game: CitadelsGame, turn: TurnState) -> None:
    """Name a character (not a player); it loses its turn (seed 277-279)."""
    s = game.state
    options = [c for c in s.settings.characters if c != turn.character]
    target = game.ask("select", turn.player, "assassinate", options, card="assassin", purpose="kill")[0]
    s.round_state.killed = target
    game.emit("assassinate", turn.player, [target], character=target, choices=options)


def bewitch(game: CitadelsGame, turn: TurnState) -> None:
    """After gathering, name a character; the turn ends now; the Witch plays it later (317-319)."""
    s = game.state
    options = [c for c in s.settings.characters if c != turn.character]
    target = game.ask("select", turn.player, "bewitch", options, card="witch", purpose="bewitch")[0]
    s.round_state.bewitched = target
    s.round_state.witch = turn.player
    game.emit("bewitch", turn.player, [target], character=target, choices=options)
    turn.ended = True


# --- rank 2 -----------------------------------------------------------------------------------
def thief_targets(game: CitadelsGame) -> list[str]:
    """Not rank 1, not the assassinated or bewitched character, not the Thief (283, 417-419)."""
    rs = game.state.round_state
    return [
        c
        for c in game.state.settings.characters
        if d.character(c).rank > 2 and c not in (rs.killed, rs.bewitched)
    ]


def rob(game: CitadelsGame, turn: TurnState) -> None:
    options = thief_targets(game)
    target = game.ask("select", turn.player, "rob", options, card="thief", purpose="rob")[0]
    rs = game.state.round_state
    rs.robbed = target
    rs.robber = turn.player
    game.emit("rob", turn.player, [target], character=target, choices=options)


# --- rank 3 -----------------------------------------------------------------------------------
def magic(game: CitadelsGame, turn: TurnState) -> None:
    """Swap whole hands with a player, or put cards at the deck bottom and draw as many (287, 423-425)."""
    s = game.state
    p = s.players[turn.player]
    modes = ["exchange"] + (["redraw"] if p.hand else [])
    mode = game.ask("choose", turn.player, "magic_mode", modes, card="magician", purpose="mode")[0]
    if mode == "exchange":
        options = [f"player-{o}" for o in others(game, turn.player)]
        other = int(
            game.ask("select", turn.player, "magic_exchange", options, card="magician", purpose="exchange")[
                0
            ].removeprefix("player-")
        )
        q = s.players[other]
        p.hand, q.hand = q.hand, p.hand
        game.emit(
            "magic_exchange", turn.player, [], "hand", "hand", target=other, gave=len(q.hand), got=len(p.hand)
        )
    else:
        cards = game.ask(
            "select",
            turn.player,
            "magic_redraw",
            list(p.hand),
            1,
            len(p.hand),
            card="magician",
            purpose="redraw",
        )
        for c in cards:
            p.hand.remove(c)
        s.deck.extend(cards)
        game.emit("magic_discard", turn.player, cards, "hand", "deck")
        new = game.draw(len(cards))
        p.hand.extend(new)
        game.emit("magic_draw", turn.player, new, "deck", "hand")


def wizard(game: CitadelsGame, turn: TurnState) -> None:
    """Look at a hand, take one card: keep it or build it now, duplicates allowed (327, 501-503)."""
    s = game.state
    p = s.players[turn.player]
    options = [f"player-{o}" for o in others(game, turn.player) if s.players[o].hand]
    other = int(
        game.ask("select", turn.player, "wizard_player", options, card="wizard", purpose="look")[
            0
        ].removeprefix("player-")
    )
    q = s.players[other]
    game.emit("wizard_look", turn.player, list(q.hand), target=other)
    card = game.ask("select", turn.player, "wizard_card", sorted(set(q.hand)), card="wizard", purpose="take")[
        0
    ]
    q.hand.remove(card)
    p.hand.append(card)
    game.emit("wizard_take", turn.player, [card], "hand", "hand", target=other)
    if build_cost(game, turn.player, card) <= p.gold:
        use = game.ask(
            "choose",
            turn.player,
            "wizard_use",
            ["keep", "build"],
            card="wizard",
            purpose="use",
            district=card,
        )[0]
        if use == "build":
            put_in_city(game, turn, card, source="hand", counts_as_build=False)


# --- rank 4 -----------------------------------------------------------------------------------
def emperor(game: CitadelsGame, turn: TurnState) -> None:
    """Take the crown from its holder and give it to a different player (neither the Emperor nor
    the holder), who pays 1 gold or 1 card of their choice (331, 507-509; the published card)."""
    s = game.state
    options = [f"player-{o}" for o in crown_recipients(game, turn.player)]
    other = int(
        game.ask("select", turn.player, "emperor_crown", options, card="emperor", purpose="crown")[
            0
        ].removeprefix("player-")
    )
    game.move_crown(other, ["emperor"], reason="emperor", by=turn.player)
    q, p = s.players[other], s.players[turn.player]
    ways = (["gold"] if q.gold else []) + (["card"] if q.hand else [])
    if not ways:
        game.emit("crown_payment", other, [], to=turn.player, paid="nothing")
        return
    way = game.ask("choose", other, "emperor_pay", ways, card="emperor", purpose="pay")[0]
    if way == "gold":
        q.gold -= 1
        p.gold += 1
        game.emit("crown_payment", other, [], to=turn.player, paid="gold")
    else:
        card = game.ask(
            "select", other, "emperor_card", sorted(set(q.hand)), card="emperor", purpose="pay_card"
        )[0]
        q.hand.remove(card)
        p.hand.append(card)
        game.emit("crown_payment", other, [card], "hand", "hand", to=turn.player, paid="card")


# --- rank 5 -----------------------------------------------------------------------------------
def abbot(game: CitadelsGame, turn: TurnState) -> None:
    """The one richest player gives the Abbot 1 gold (seed 335). Where the seed is silent the
    published classic card settles it: nobody pays when the most gold is shared by several
    players, or when the Abbot himself holds it (see engine/citadels/README.md)."""
    s = game.state
    most = max(p.gold for p in s.players)
    richest = [i for i, p in enumerate(s.players) if p.gold == most]
    if most == 0 or turn.player in richest or len(richest) > 1:
        game.emit("abbot", turn.player, ["abbot"], source=None, gold=0, tied=len(richest))
        return
    source = richest[0]
    s.players[source].gold -= 1
    s.players[turn.player].gold += 1
    game.emit("abbot", turn.player, ["abbot"], source=source, gold=1)


# --- rank 7 -----------------------------------------------------------------------------------
def navigate(game: CitadelsGame, turn: TurnState) -> None:
    """After gathering: 4 gold or 4 cards, and no building this turn (343, 485-487, 525-529)."""
    s = game.state
    way = game.ask("choose", turn.player, "navigate", ["gold", "cards"], card="navigator", purpose="take")[0]
    if way == "gold":
        got = game.pay_from_bank(turn.player, 4)
        game.emit("navigate", turn.player, [], gold=got)
    else:
        cards = game.draw(4)
        s.players[turn.player].hand.extend(cards)
        game.emit("navigate", turn.player, cards, "deck", "hand", gold=0)


# --- rank 8 -----------------------------------------------------------------------------------
def great_wall_extra(owner_city: list[Built], target: Built) -> int:
    """+1 to destroy or exchange the owner's *other* districts (seed 269-271, 579-583)."""
    return 1 if target.slug != "great-wall" and any(b.slug == "great-wall" for b in owner_city) else 0


def destroy_cost(game: CitadelsGame, owner: int, target: Built) -> int:
    """Cost minus one (seed 309; 591-595: University/Dragon Gate cost 6, so 5), +1 gilded, +1 Great Wall."""
    city = game.state.players[owner].city
    return target.info.cost - 1 + (1 if target.gilded else 0) + great_wall_extra(city, target)


def warlord_targets(game: CitadelsGame, seat: int) -> list[str]:
    """Districts the Warlord may destroy: not in a complete city (459-461), not the Bishop's (297),
    not a Keep (267); his own are allowed (463-465); he must afford cost - 1."""
    s = game.state
    shielded = protected_by_bishop(game)
    gold = s.players[seat].gold
    out = set()
    for owner, q in enumerate(s.players):
        if owner == shielded or s.is_complete(owner):
            continue
        for b in q.city:
            if b.slug != "keep" and destroy_cost(game, owner, b) <= gold:
                out.add(f"player-{owner}:{b.slug}")
    return sorted(out)


def warlord(game: CitadelsGame, turn: TurnState) -> None:
    """Destroy one district at the end of the turn (seed 309): the turn ends with it."""
    options = warlord_targets(game, turn.player)
    pick = game.ask("select", turn.player, "destroy", options, 0, 1, card="warlord", purpose="destroy")
    turn.ended = True
    if not pick:
        game.emit("no_destroy", turn.player, ["warlord"], choices=options)
        return
    owner, slug = parse_target(pick[0])
    target = _cheapest_copy(game, owner, slug)
    cost = destroy_cost(game, owner, target)
    game.pay_to_bank(turn.player, cost)
    destroy(game, owner, target, by=turn.player, warlord=True, paid=cost, choices=options)


def _cheapest_copy(game: CitadelsGame, owner: int, slug: str) -> Built:
    copies = [b for b in game.state.players[owner].city if b.slug == slug]
    return min(copies, key=lambda b: (b.gilded, len(b.under)))


def remove_from_city(game: CitadelsGame, owner: int, target: Built) -> list[str]:
    """Take a district out of a city; its Museum cards and gilding go back (637-639). Returns the cards."""
    s = game.state
    s.players[owner].city.remove(target)
    if target.gilded:
        s.bank += 1
    cards = [target.slug] + list(target.under)
    s.deck.extend(cards)
    return cards


def destroy(
    game: CitadelsGame,
    owner: int,
    target: Built,
    by: int,
    warlord: bool,
    paid: int,
    choices: list[str] | None = None,
) -> None:
    """The destroyed district goes face down to the deck bottom (with Museum cards); when the Warlord
    destroyed it, a Graveyard owner other than the Warlord may then take it (:func:`offer_graveyard`)."""
    gilded = target.gilded
    under = list(target.under)
    cards = remove_from_city(game, owner, target)
    game.emit(
        "destroy",
        owner,
        cards,
        "city",
        "deck",
        by=by,
        paid=paid,
        gilded=gilded,
        museum=under,
        warlord=warlord,
        choices=choices or [],
    )
    if target.slug == "bell-tower" and game.state.bell_tower_owner is not None:
        # published card: the usual end returns once it is gone (end_size needs it standing)
        game.emit("bell_tower_gone", owner, ["bell-tower"], end_size=game.state.end_size)
    if warlord:
        offer_graveyard(game, target.slug, by)


def offer_graveyard(game: CitadelsGame, slug: str, warlord: int) -> None:
    """Whoever owns a Graveyard, whichever city lost the district, may pay 1 gold to take it into
    hand (seed 235-237; published card, taskin-saadman/citadels-classic cards.tsv): never the
    Warlord himself. The deck holds one Graveyard, so at most one player is asked."""
    s = game.state
    for seat, q in enumerate(s.players):
        if seat == warlord or not q.has("graveyard") or q.gold < 1:
            continue
        if game.confirm(seat, "graveyard", card="graveyard", purpose="recover", district=slug):
            last = len(s.deck) - 1 - s.deck[::-1].index(slug)  # the copy just put at the bottom
            del s.deck[last]
            q.gold -= 1
            s.bank += 1
            q.hand.append(slug)
            game.emit("graveyard", seat, [slug], "deck", "hand", paid=1)
            return


def exchange_value(game: CitadelsGame, owner: int, b: Built) -> int:
    """District cost for the Diplomat: the published card compares building costs, so University
    and Dragon Gate count 6 (the seed's FAQ 597-599 says 8); +1 gilded; the Museum counts as
    itself (633-635)."""
    return b.info.cost + (1 if b.gilded else 0)


def exchange_options(game: CitadelsGame, seat: int) -> list[str]:
    """``mine>player-k:theirs`` pairs the Diplomat may swap (347; FAQ 439-441, 533-547, 579-589)."""
    s = game.state
    p = s.players[seat]
    shielded = protected_by_bishop(game)
    out = set()
    for owner, q in enumerate(s.players):
        if owner == seat or owner == shielded or s.is_complete(owner):
            continue
        for theirs in q.city:
            if theirs.slug == "keep":
                continue
            for mine in p.city:
                if mine.slug == "keep":
                    continue
                if mine.slug == theirs.slug:
                    continue
                if q.has(mine.slug) and not quarry_allows_duplicate(q.city):
                    continue  # FAQ 533-535: no forced duplicate
                if p.has(theirs.slug) and not quarry_allows_duplicate(p.city):
                    continue  # FAQ 537-539
                if exchange_cost(game, seat, mine, owner, theirs) <= p.gold:
                    out.add(f"{mine.slug}>player-{owner}:{theirs.slug}")
    return sorted(out)


def exchange_cost(game: CitadelsGame, seat: int, mine: Built, owner: int, theirs: Built) -> int:
    diff = exchange_value(game, owner, theirs) - exchange_value(game, seat, mine)
    return max(0, diff) + great_wall_extra(game.state.players[owner].city, theirs)


def diplomat(game: CitadelsGame, turn: TurnState) -> None:
    """Swap one of your districts with another player's, paying them the difference (347), once at
    any time of his turn like any ability (165): the seed gives him no end-of-turn timing."""
    s = game.state
    options = exchange_options(game, turn.player)
    pick = game.ask("select", turn.player, "exchange", options, 0, 1, card="diplomat", purpose="exchange")
    if not pick:
        game.emit("no_exchange", turn.player, ["diplomat"], choices=options)
        return
    mine_slug, target = pick[0].split(">", 1)
    owner, theirs_slug = parse_target(target)
    p, q = s.players[turn.player], s.players[owner]
    # with two copies of a district (a Quarry), one gilded, the option names both: the cheaper pair
    # is the one exchange_options found affordable, so he never pays more gold than he holds
    mine, theirs = min(
        ((a, b) for a in p.city if a.slug == mine_slug for b in q.city if b.slug == theirs_slug),
        key=lambda pair: exchange_cost(game, turn.player, pair[0], owner, pair[1]),
    )
    cost = exchange_cost(game, turn.player, mine, owner, theirs)
    p.gold -= cost
    q.gold += cost
    p.city[p.city.index(mine)] = theirs
    q.city[q.city.index(theirs)] = mine
    game.emit(
        "exchange",
        turn.player,
        [mine.slug, theirs.slug],
        "city",
        "city",
        target=owner,
        paid=cost,
        museum=list(theirs.under) + list(mine.under),
        choices=options,
    )  # one district for one: no city changes size, so no completion to check


# --- rank 9 -----------------------------------------------------------------------------------
def queen_applies(game: CitadelsGame, seat: int) -> bool:
    """A neighbour (not herself) holds the rank-4 character, King or Emperor (355, 557-559)."""
    n = len(game.state.players)
    neighbours = {(seat - 1) % n, (seat + 1) % n} - {seat}
    return any(seat_holds_rank(game, other, 4) for other in neighbours)


def queen(game: CitadelsGame, turn: TurnState) -> None:
    """3 gold; when the neighbouring King/Emperor was assassinated, at the round's end (561-563)."""
    rs = game.state.round_state
    killed = rs.killed
    if killed is not None and d.character(killed).rank == 4:
        rs.queen_waiting.append(turn.player)
        game.emit("queen_waits", turn.player, [killed])
        return
    got = game.pay_from_bank(turn.player, 3)
    game.emit("queen", turn.player, ["queen"], gold=got, late=False)


def artist(game: CitadelsGame, turn: TurnState) -> None:
    """Put one of your gold on one or two of your districts, at most one each (351, 551-553)."""
    p = game.state.players[turn.player]
    plain = sorted({b.slug for b in p.city if not b.gilded})
    most = min(2, p.gold, len(plain))
    picks = game.ask("select", turn.player, "beautify", plain, 1, most, card="artist", purpose="gild")
    for slug in picks:
        b = next(b for b in p.city if b.slug == slug and not b.gilded)
        b.gilded = True
        p.gold -= 1
    game.emit("beautify", turn.player, picks, gold=len(picks), choices=plain)


USE = {
    "assassin": assassinate,
    "witch": bewitch,
    "thief": rob,
    "magician": magic,
    "wizard": wizard,
    "emperor": emperor,
    "abbot": abbot,
    "navigator": navigate,
    "warlord": warlord,
    "diplomat": diplomat,
    "queen": queen,
    "artist": artist,
}
