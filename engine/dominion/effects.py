"""What each card does when it resolves, for both editions (rulebook 000 card notes, 004 Q&A).

Each effect is ``effect(game, resolution)``; the played card is already in play. Choices go
through ``game.ask`` / ``game.confirm``. Effects are written against the primitives of
:class:`engine.dominion.table.DominionTable`; the game loop (:mod:`engine.dominion.game`) builds on them.
"""

from __future__ import annotations

from engine.dominion.cards import ACTIONS, COST, TREASURES, VICTORIES
from engine.dominion.table import DominionTable, Effect, Resolution


def _me(game: DominionTable) -> int:
    return game.state.active


def _plus(game: DominionTable, card: str, cards: int = 0, actions: int = 0, buys: int = 0,
          coins: int = 0) -> None:
    if cards:
        game.draw(_me(game), cards)
    if actions:
        game.add("actions", actions, card)
    if buys:
        game.add("buys", buys, card)
    if coins:
        game.add("coins", coins, card)


def _gain_up_to(game: DominionTable, i: int, card: str, max_cost: int, to_zone: str = "discard",
                only: frozenset[str] | None = None) -> str | None:
    """Gain a card costing up to max_cost from the supply (mandatory when any can be gained)."""
    options = game.gainable(max_cost, only)
    if not options:
        game.emit("gain_failed", i, [], "supply", None,
                  {"reason": "nothing affordable", "max_cost": max_cost})
        return None
    slug = game.ask("select", i, "gain", options, 1, 1, card, max_cost=max_cost, to=to_zone)[0]
    game.gain(i, slug, to_zone)
    return slug


# --------------------------------------------------------------------------- simple cards
def village(game: DominionTable, r: Resolution) -> None:
    _plus(game, "village", cards=1, actions=2)


def smithy(game: DominionTable, r: Resolution) -> None:
    _plus(game, "smithy", cards=3)


def laboratory(game: DominionTable, r: Resolution) -> None:
    _plus(game, "laboratory", cards=2, actions=1)


def market(game: DominionTable, r: Resolution) -> None:
    _plus(game, "market", cards=1, actions=1, buys=1, coins=1)


def festival(game: DominionTable, r: Resolution) -> None:
    _plus(game, "festival", actions=2, buys=1, coins=2)


def woodcutter(game: DominionTable, r: Resolution) -> None:
    _plus(game, "woodcutter", buys=1, coins=2)


def moat(game: DominionTable, r: Resolution) -> None:
    _plus(game, "moat", cards=2)


def council_room(game: DominionTable, r: Resolution) -> None:
    _plus(game, "council-room", cards=4, buys=1)
    st = game.state
    n = len(st.players)
    for k in range(1, n):  # not an attack: Moat does not apply; everyone must draw
        game.draw((st.active + k) % n, 1)


def merchant(game: DominionTable, r: Resolution) -> None:
    _plus(game, "merchant", cards=1, actions=1)
    if not game.silver_played:
        game.merchants += 1


# --------------------------------------------------------------------------- choices from hand
def cellar(game: DominionTable, r: Resolution) -> None:
    _plus(game, "cellar", actions=1)
    i = _me(game)
    hand = game.state.players[i].hand
    picks = game.ask("select", i, "discard", list(hand), 0, len(hand), "cellar")
    game.discard_cards(i, picks)
    if picks:
        game.draw(i, len(picks))


def chapel(game: DominionTable, r: Resolution) -> None:
    i = _me(game)
    hand = game.state.players[i].hand
    picks = game.ask("select", i, "trash", list(hand), 0, 4, "chapel")
    game.trash_cards(i, picks)


def chancellor(game: DominionTable, r: Resolution) -> None:
    _plus(game, "chancellor", coins=2)
    i = _me(game)
    p = game.state.players[i]
    if p.deck and game.confirm(i, "deck_to_discard", "chancellor"):
        cards = p.deck[::-1]
        p.deck = []
        p.discard.extend(cards)
        game.emit("discard", i, cards, "deck", "discard", {"by": "chancellor", "unseen": True})


def workshop(game: DominionTable, r: Resolution) -> None:
    _gain_up_to(game, _me(game), "workshop", 4)


def feast(game: DominionTable, r: Resolution) -> None:
    i = _me(game)
    if r.in_play and "feast" in game.state.players[i].play:
        game.trash_cards(i, ["feast"], "play")
        r.in_play = False
    else:  # second resolution under Throne Room: Feast is already gone, the gain still happens
        game.emit("trash_failed", i, ["feast"], data={"reason": "not in play"})
    _gain_up_to(game, i, "feast", 5)


def remodel(game: DominionTable, r: Resolution) -> None:
    i = _me(game)
    hand = game.state.players[i].hand
    if not hand:
        game.emit("trash_failed", i, [], data={"reason": "empty hand", "card": "remodel"})
        return
    slug = game.ask("select", i, "trash", list(hand), 1, 1, "remodel")[0]
    game.trash_cards(i, [slug])
    _gain_up_to(game, i, "remodel", COST[slug] + 2)


def mine(game: DominionTable, r: Resolution) -> None:
    i = _me(game)
    treasures = [c for c in game.state.players[i].hand if c in TREASURES]
    optional = game.state.edition == "2e"
    if not treasures:
        game.emit("trash_failed", i, [], data={"reason": "no treasure in hand", "card": "mine"})
        return
    picks = game.ask("select", i, "trash", treasures, 0 if optional else 1, 1, "mine")
    if not picks:
        return
    game.trash_cards(i, picks)
    _gain_up_to(game, i, "mine", COST[picks[0]] + 3, "hand", TREASURES)


def moneylender(game: DominionTable, r: Resolution) -> None:
    i = _me(game)
    hand = game.state.players[i].hand
    if "copper" not in hand:
        game.emit("trash_failed", i, [], data={"reason": "no copper in hand", "card": "moneylender"})
        return
    if game.state.edition == "2e" and not game.confirm(i, "trash_copper", "moneylender"):
        return
    game.trash_cards(i, ["copper"])
    game.add("coins", 3, "moneylender")


def throne_room(game: DominionTable, r: Resolution) -> None:
    i = _me(game)
    actions = [c for c in game.state.players[i].hand if c in ACTIONS]
    if not actions:
        return
    optional = game.state.edition == "2e"
    picks = game.ask("select", i, "throne", actions, 0 if optional else 1, 1, "throne-room")
    if not picks:
        return
    slug = picks[0]
    game.move(i, slug, "hand", "play", "play", {"by": "throne-room"})
    target = Resolution(slug, True)
    for time in (1, 2):  # the second play uses no action; finish the first before the second
        game.emit("resolve", i, [slug], data={"by": "throne-room", "time": time})
        game.run_effect(slug, target)


# --------------------------------------------------------------------------- attacks
def militia(game: DominionTable, r: Resolution) -> None:
    _plus(game, "militia", coins=2)

    def hit(v: int) -> None:
        hand = game.state.players[v].hand
        excess = len(hand) - 3
        if excess > 0:
            picks = game.ask("select", v, "discard", list(hand), excess, excess, "militia")
            game.discard_cards(v, picks)

    game.attack("militia", hit)


def witch(game: DominionTable, r: Resolution) -> None:
    _plus(game, "witch", cards=2)
    # each other player in turn order from the attacker's left gains a Curse while they last
    game.attack("witch", lambda v: game.gain(v, "curse"))


def bureaucrat(game: DominionTable, r: Resolution) -> None:
    i = _me(game)
    game.gain(i, "silver", "deck")

    def hit(v: int) -> None:
        hand = game.state.players[v].hand
        victories = [c for c in hand if c in VICTORIES]
        if not victories:
            game.emit("reveal", v, list(hand), "hand", "hand", {"by": "bureaucrat", "no_victory": True})
            return
        slug = game.ask("select", v, "topdeck", victories, 1, 1, "bureaucrat")[0]
        game.emit("reveal", v, [slug], "hand", "hand", {"by": "bureaucrat"})
        game.put_on_deck(v, slug, "hand")

    game.attack("bureaucrat", hit)


def spy(game: DominionTable, r: Resolution) -> None:
    _plus(game, "spy", cards=1, actions=1)
    me = _me(game)

    def look(v: int) -> None:
        if not game.ensure_deck(v):
            game.emit("reveal", v, [], "deck", None, {"by": "spy", "empty": True})
            return
        top = game.state.players[v].deck[-1]
        game.emit("reveal", v, [top], "deck", "deck", {"by": "spy"})
        if game.confirm(me, "spy_discard", "spy", target=v, revealed=top):
            game.move(v, top, "deck", "discard", "discard", {"by": "spy"})

    look(me)  # the attacker first (not an attack on themself: Moat is irrelevant), then others in order
    game.attack("spy", look)


def thief(game: DominionTable, r: Resolution) -> None:
    me = _me(game)
    trashed: list[str] = []

    def hit(v: int) -> None:
        revealed = [c for c in (game.reveal_top(v, "thief"), game.reveal_top(v, "thief")) if c is not None]
        treasures = [c for c in revealed if c in TREASURES]
        if treasures:
            slug = game.ask("select", me, "thief_trash", treasures, 1, 1, "thief", target=v)[0]
            game.trash_cards(v, [slug], "set_aside")
            trashed.append(slug)
        rest = list(game.state.players[v].set_aside)
        game.discard_cards(v, rest, "set_aside")

    game.attack("thief", hit)
    if trashed:
        picks = game.ask("select", me, "thief_gain", trashed, 0, len(trashed), "thief")
        for slug in picks:
            game.gain_from_trash(me, slug)


def bandit(game: DominionTable, r: Resolution) -> None:
    game.gain(_me(game), "gold")

    def hit(v: int) -> None:
        revealed = [c for c in (game.reveal_top(v, "bandit"), game.reveal_top(v, "bandit")) if c is not None]
        targets = [c for c in revealed if c in TREASURES and c != "copper"]
        if targets:
            slug = game.ask("select", v, "trash", targets, 1, 1, "bandit")[0]
            game.trash_cards(v, [slug], "set_aside")
        game.discard_cards(v, list(game.state.players[v].set_aside), "set_aside")

    game.attack("bandit", hit)


# --------------------------------------------------------------------------- deck manipulation
def library(game: DominionTable, r: Resolution) -> None:
    i = _me(game)
    p = game.state.players[i]
    set_aside: list[str] = []
    while len(p.hand) < 7:
        drawn = game.draw(i, 1)
        if not drawn:
            break
        slug = drawn[0]
        if slug in ACTIONS and game.confirm(i, "set_aside", "library", drawn=slug):
            game.move(i, slug, "hand", "set_aside", "set_aside", {"by": "library"})
            set_aside.append(slug)
    # drawing is over: at 7 cards, or with no card left to draw (the hand may already hold 7)
    game.emit("draw_stop", i, [], None, None, {"by": "library", "hand": len(p.hand)})
    game.discard_cards(i, set_aside, "set_aside", {"by": "library"})  # only after drawing is over


def adventurer(game: DominionTable, r: Resolution) -> None:
    i = _me(game)
    found: list[str] = []
    revealed: list[str] = []
    while len(found) < 2:
        slug = game.reveal_top(i, "adventurer")
        if slug is None:
            break
        revealed.append(slug)
        if slug in TREASURES:
            found.append(slug)
    for slug in found:
        game.move(i, slug, "set_aside", "hand", "to_hand", {"by": "adventurer"})
    others = list(revealed)
    for slug in found:
        others.remove(slug)
    game.discard_cards(i, others, "set_aside", {"by": "adventurer"})  # not before the revealing ends


def harbinger(game: DominionTable, r: Resolution) -> None:
    _plus(game, "harbinger", cards=1, actions=1)
    i = _me(game)
    discard = game.state.players[i].discard
    if discard:
        picks = game.ask("select", i, "topdeck", sorted(set(discard)), 0, 1, "harbinger")
        if picks:
            game.put_on_deck(i, picks[0], "discard")


def vassal(game: DominionTable, r: Resolution) -> None:
    _plus(game, "vassal", coins=2)
    i = _me(game)
    if not game.ensure_deck(i):
        return
    p = game.state.players[i]
    top = p.deck[-1]
    game.move(i, top, "deck", "discard", "discard", {"by": "vassal"})
    if top in ACTIONS and game.confirm(i, "play_discarded", "vassal", drawn=top):
        game.play_action(top, "discard")  # uses no action


def poacher(game: DominionTable, r: Resolution) -> None:
    _plus(game, "poacher", cards=1, actions=1, coins=1)
    i = _me(game)
    empty = len(game.state.empty_piles())
    hand = game.state.players[i].hand
    k = min(empty, len(hand))
    if k:
        picks = game.ask("select", i, "discard", list(hand), k, k, "poacher", empty_piles=empty)
        game.discard_cards(i, picks)


def sentry(game: DominionTable, r: Resolution) -> None:
    _plus(game, "sentry", cards=1, actions=1)
    i = _me(game)
    p = game.state.players[i]
    first = game.reveal_top(i, "sentry", kind="look")
    second = game.reveal_top(i, "sentry", kind="look")
    looked = [c for c in (first, second) if c is not None]
    if not looked:
        return
    trash = game.ask("select", i, "trash", list(looked), 0, len(looked), "sentry")
    game.trash_cards(i, trash, "set_aside")
    rest = list(p.set_aside)
    discard = game.ask("select", i, "discard", rest, 0, len(rest), "sentry") if rest else []
    game.discard_cards(i, discard, "set_aside")
    rest = list(p.set_aside)
    if len(rest) > 1 and rest[0] != rest[1]:
        rest = game.ask("order", i, "order_topdeck", rest, len(rest), len(rest), "sentry")
    for slug in reversed(rest):  # answer is top first: put the bottom one back first
        game.put_on_deck(i, slug, "set_aside")


def artisan(game: DominionTable, r: Resolution) -> None:
    i = _me(game)
    _gain_up_to(game, i, "artisan", 5, "hand")
    hand = game.state.players[i].hand
    if hand:
        slug = game.ask("select", i, "topdeck", list(hand), 1, 1, "artisan")[0]
        game.put_on_deck(i, slug, "hand")


EFFECTS: dict[str, Effect] = {
    "adventurer": adventurer, "artisan": artisan, "bandit": bandit, "bureaucrat": bureaucrat,
    "cellar": cellar, "chancellor": chancellor, "chapel": chapel, "council-room": council_room,
    "feast": feast, "festival": festival, "harbinger": harbinger, "laboratory": laboratory,
    "library": library, "market": market, "merchant": merchant, "militia": militia, "mine": mine,
    "moat": moat, "moneylender": moneylender, "poacher": poacher, "remodel": remodel,
    "sentry": sentry, "smithy": smithy, "spy": spy, "thief": thief, "throne-room": throne_room,
    "vassal": vassal, "village": village, "witch": witch, "woodcutter": woodcutter,
    "workshop": workshop,
}
