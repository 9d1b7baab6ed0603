"""One character's turn: reveal, theft, the Witch's spell, the action menu and the end of turn.

Seed 003 lines 149-165 and 311: first take 2 gold or draw 2 and keep 1; then build (one district,
no duplicates); the character's ability once at any time; income taken all at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.citadels import abilities
from engine.citadels import definitions as d
from engine.citadels.building import buildable, put_in_city
from engine.citadels.state import TurnState

if TYPE_CHECKING:
    from engine.citadels.table import CitadelsTable

ONCE_PER_TURN_DISTRICTS = ("laboratory", "smithy", "museum")


def builds_allowed(character: str) -> int:
    return 3 if character == "architect" else 1  # seed line 305


def play_character(game: CitadelsTable, seat: int, slug: str) -> None:
    s, rs = game.state, game.state.round_state
    p = s.players[seat]
    s.active = seat
    if slug == rs.killed:
        game.emit("killed_skip", seat, [slug], character=slug)
        if p.has("hospital"):
            turn = TurnState(seat, slug, gather_only=True)
            s.turn = turn
            game.emit("hospital", seat, ["hospital"])
            run_menu(game, turn)
        return
    game.emit("reveal", seat, [slug], "characters", None, character=slug)
    rs.revealed.append(slug)
    if forgets_thanks(game, seat, slug):
        return
    if slug == rs.robbed and rs.robber is not None and rs.robber != seat:
        amount = p.gold
        p.gold = 0
        s.players[rs.robber].gold += amount
        game.emit("robbed", seat, [slug], robber=rs.robber, gold=amount)
    if slug == "king":
        game.move_crown(seat, ["king"], reason="king")
    if slug == rs.bewitched and rs.witch is not None:
        turn = TurnState(seat, slug, gather_only=True)
        s.turn = turn
        game.emit("bewitched_turn", seat, [slug], character=slug)
        run_menu(game, turn)
        witch = rs.witch
        s.active = witch
        game.emit("witch_takes_over", witch, [slug], character=slug)
        turn = TurnState(witch, slug, gathered=True, builds_left=builds_allowed(slug))
        s.turn = turn
        start_abilities(game, turn)
        after_gather_bonus(game, turn)
        run_menu(game, turn)
        return
    turn = TurnState(seat, slug, builds_left=builds_allowed(slug))
    s.turn = turn
    start_abilities(game, turn)
    run_menu(game, turn)


def forgets_thanks(game: CitadelsTable, seat: int, slug: str) -> bool:
    """The Ball Room (published classic card): while its owner holds the crown, every other player
    whose character he calls must thank him; one who forgets loses the turn (character shown,
    nothing else done)."""
    s = game.state
    host = s.crown
    if host == seat or not s.players[host].has("ball-room"):
        return False
    if game.confirm(seat, "ball_room_thanks", card="ball-room", purpose="thanks"):
        return False
    game.emit("ball_room_forgot", seat, [slug], host=host, character=slug)
    return True


def start_abilities(game: CitadelsTable, turn: TurnState) -> None:
    """Abilities that act the moment the character's turn starts (the Tax Collector's receipts)."""
    if turn.character == "tax-collector":
        rs = game.state.round_state
        rs.tax_receiver = turn.player
        for debtor in rs.tax_debtors:
            pay_tax(game, debtor)
        rs.tax_debtors = []


def menu_options(game: CitadelsTable, turn: TurnState) -> list[str]:
    s = game.state
    p = s.players[turn.player]
    options: list[str] = []
    if not turn.gathered:
        options += ["gold", "cards"]
    if turn.gather_only:
        return options
    if d.character(turn.character).income and not turn.income_used:
        options.append("income")
    if not turn.ability_used and abilities.available(game, turn):
        options.append("ability")
    # The Navigator never builds (seed 343, published card); the Witch builds only in the bewitched
    # character's turn, never in her own (2010 official FAQ), where turn.character is that character.
    may_build = turn.character not in ("navigator", "witch")
    if turn.gathered and may_build and turn.builds_left > 0 and buildable(game, turn.player):
        options.append("build")
    for slug in ONCE_PER_TURN_DISTRICTS:
        if p.has(slug) and slug not in turn.used_districts and district_usable(game, turn, slug):
            options.append(slug)
    if p.has("armory") and armory_targets(game, turn.player):
        options.append("armory")
    if turn.gathered and not abilities.must_act(game, turn):
        options.append("end")
    return options


def run_menu(game: CitadelsTable, turn: TurnState) -> None:
    while not turn.ended:
        options = menu_options(game, turn)
        if turn.gather_only and turn.gathered:
            break
        choice = game.ask(
            "choose",
            turn.player,
            "action",
            options,
            purpose="action",
            card=turn.character,
            character=turn.character,
        )[0]
        if choice == "end":
            break
        ACTIONS[choice](game, turn)
    end_turn(game, turn)


# --- gathering ---------------------------------------------------------------------------
def take_gold(game: CitadelsTable, turn: TurnState) -> None:
    got = game.pay_from_bank(turn.player, 2)
    turn.gathered = True
    game.emit("take_gold", turn.player, gold=got, asked=2)
    after_gather_bonus(game, turn)


def draw_cards(game: CitadelsTable, turn: TurnState) -> None:
    """Draw 2 keep 1; Observatory draws 3; Library keeps 2; both: draw 3 keep 2 (seed 229, 257, 571-573)."""
    s = game.state
    p = s.players[turn.player]
    count = 3 if p.has("observatory") else 2
    keep = 2 if p.has("library") else 1
    drawn = game.draw(count)
    s.drawn = list(drawn)
    turn.gathered = True
    game.emit("draw", turn.player, list(drawn), "deck", "drawn", keep=keep)
    if len(drawn) > keep:
        kept = game.ask("select", turn.player, "keep_cards", list(drawn), keep, keep, purpose="keep", n=keep)
    else:
        kept = list(drawn)
    rest = list(drawn)
    for c in kept:
        rest.remove(c)
    p.hand.extend(kept)
    s.drawn = []
    s.deck.extend(rest)
    game.emit("keep", turn.player, kept, "drawn", "hand")
    if rest:
        game.emit("bottom", turn.player, rest, "drawn", "deck")
    after_gather_bonus(game, turn)


def after_gather_bonus(game: CitadelsTable, turn: TurnState) -> None:
    """The Merchant's extra gold and the Architect's two extra cards follow the action (301-305, 449-451)."""
    if turn.gather_only:
        return
    if turn.character == "merchant":
        got = game.pay_from_bank(turn.player, 1)
        game.emit("merchant_bonus", turn.player, ["merchant"], gold=got)
    elif turn.character == "architect":
        cards = game.draw(2)
        game.state.players[turn.player].hand.extend(cards)
        game.emit("architect_draw", turn.player, cards, "deck", "hand")


# --- income and building ---------------------------------------------------------------
def income_amount(game: CitadelsTable, seat: int, character: str) -> int:
    """Districts of the character's colour, plus one for a School of Magic (seed 243-245, 311)."""
    colour = d.character(character).income
    city = game.state.players[seat].city
    return sum(1 for b in city if b.info.colour == colour) + (
        1 if any(b.slug == "school-of-magic" for b in city) else 0
    )


def take_income(game: CitadelsTable, turn: TurnState) -> None:
    amount = income_amount(game, turn.player, turn.character)
    got = game.pay_from_bank(turn.player, amount)
    turn.income_used = True
    game.emit(
        "income",
        turn.player,
        [turn.character],
        gold=got,
        owed=amount,
        colour=d.character(turn.character).income,
    )


def build(game: CitadelsTable, turn: TurnState) -> None:
    options = buildable(game, turn.player)
    slug = game.ask("select", turn.player, "build", options, purpose="build")[0]
    put_in_city(game, turn, slug, source="hand", counts_as_build=True)


# --- purple districts used during the turn ----------------------------------------------
def district_usable(game: CitadelsTable, turn: TurnState, slug: str) -> bool:
    p = game.state.players[turn.player]
    if slug == "smithy":
        return p.gold >= 2
    return bool(p.hand)  # laboratory and museum need a card in hand


def use_laboratory(game: CitadelsTable, turn: TurnState) -> None:
    """Discard a card from hand for 1 gold, once per turn (seed 247-249)."""
    p = game.state.players[turn.player]
    card = game.ask(
        "select", turn.player, "laboratory", sorted(set(p.hand)), card="laboratory", purpose="discard"
    )[0]
    p.hand.remove(card)
    game.state.deck.append(card)
    got = game.pay_from_bank(turn.player, 1)
    turn.used_districts.append("laboratory")
    game.emit("laboratory", turn.player, [card], "hand", "deck", gold=got)


def use_smithy(game: CitadelsTable, turn: TurnState) -> None:
    """Pay 2 gold to draw 3 cards, once per turn (seed 251-253)."""
    p = game.state.players[turn.player]
    game.pay_to_bank(turn.player, 2)
    cards = game.draw(3)
    p.hand.extend(cards)
    turn.used_districts.append("smithy")
    game.emit("smithy", turn.player, cards, "deck", "hand", paid=2)


def use_museum(game: CitadelsTable, turn: TurnState) -> None:
    """Place a card from hand under the Museum, once per turn; each scores 1 (seed FAQ 631-643)."""
    p = game.state.players[turn.player]
    card = game.ask("select", turn.player, "museum", sorted(set(p.hand)), card="museum", purpose="place")[0]
    p.hand.remove(card)
    museum = p.built("museum")
    assert museum is not None
    museum.under.append(card)
    turn.used_districts.append("museum")
    game.emit("museum", turn.player, [card], "hand", "museum")


def armory_targets(game: CitadelsTable, seat: int) -> list[str]:
    """Any district in another player's city, even a Keep, a Bishop's or a complete city (601-617)."""
    out = []
    for other, q in enumerate(game.state.players):
        if other != seat:
            out.extend(f"player-{other}:{b.slug}" for b in q.city)
    return sorted(set(out))


def use_armory(game: CitadelsTable, turn: TurnState) -> None:
    targets = armory_targets(game, turn.player)
    pick = game.ask("select", turn.player, "armory", targets, 0, 1, card="armory", purpose="destroy")
    if not pick:
        return
    owner, slug = abilities.parse_target(pick[0])
    p = game.state.players[turn.player]
    armory = p.built("armory")
    assert armory is not None
    abilities.remove_from_city(game, turn.player, armory)
    game.emit("armory", turn.player, ["armory"], "city", "deck")
    target = game.state.players[owner].built(slug)
    assert target is not None
    abilities.destroy(game, owner, target, by=turn.player, warlord=False, paid=0, choices=targets)


# --- end of turn -------------------------------------------------------------------------
def pay_tax(game: CitadelsTable, seat: int) -> None:
    rs = game.state.round_state
    receiver = rs.tax_receiver
    if receiver is None or receiver == seat:
        return
    p = game.state.players[seat]
    if p.gold > 0:
        p.gold -= 1
        game.state.players[receiver].gold += 1
        game.emit("tax", seat, ["tax-collector"], receiver=receiver, gold=1)
    else:
        game.emit("tax", seat, ["tax-collector"], receiver=receiver, gold=0)


def tax_pending(game: CitadelsTable) -> bool:
    """The Tax Collector is in play and alive but has not acted yet this round."""
    s, rs = game.state, game.state.round_state
    tc = "tax-collector"
    return (
        tc in s.settings.characters
        and s.holder(tc) is not None
        and rs.killed != tc
        and rs.tax_receiver is None
    )


def end_turn(game: CitadelsTable, turn: TurnState) -> None:
    s = game.state
    seat = turn.player
    p = s.players[seat]
    if turn.character == "alchemist" and not turn.gather_only and turn.build_spent:
        got = game.pay_from_bank(seat, turn.build_spent)
        game.emit("alchemist_refund", seat, ["alchemist"], gold=got)
    if turn.built:
        if s.round_state.tax_receiver is not None:
            pay_tax(game, seat)
        elif tax_pending(game) and seat not in s.round_state.tax_debtors:
            s.round_state.tax_debtors.append(seat)
    if p.has("poor-house") and p.gold == 0:
        got = game.pay_from_bank(seat, 1)
        game.emit("poor_house", seat, ["poor-house"], gold=got)
    if p.has("park") and not p.hand and game.confirm(seat, "park_draw", card="park", purpose="draw"):
        park_draw(game, seat)
    game.emit("end_turn", seat, [turn.character], character=turn.character)


def park_draw(game: CitadelsTable, seat: int) -> None:
    """The Park: with no card in hand at the end of the turn, its owner may draw 2 (published card)."""
    cards = game.draw(2)
    game.state.players[seat].hand.extend(cards)
    game.emit("park", seat, cards, "deck", "hand")


ACTIONS = {
    "gold": take_gold,
    "cards": draw_cards,
    "income": take_income,
    "ability": abilities.use_ability,
    "build": build,
    "laboratory": use_laboratory,
    "smithy": use_smithy,
    "museum": use_museum,
    "armory": use_armory,
}
