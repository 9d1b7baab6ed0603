"""Conformance against another engine: every 2nd-edition base card played from random states in our
engine and in pyminion 0.4.0, the resulting zones and counters compared (docs/quality.md, Conformance).

Both engines get the same state (hands, decks top to bottom, discard piles, supply counts, counters),
the same shuffles (a seeded arrangement that depends only on the cards shuffled) and the same
decisions: an answer is a pure function of (state seed, question, player, options), so whichever
engine asks, and in whatever order, the same question gets the same answer. After the card resolves,
the active player plays every Treasure in hand (so Merchant's bonus is compared too).

A disagreement is either explained (a listed pyminion deviation from the card's rules, see
``EXPLAINED``) or unexplained; the script exits 1 when any is unexplained.

    python scripts/conformance.py [--states N] [--seed S] [--card SLUG] [--show K]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.decisions import Decision
from engine.core.events import Event, EventLog
from engine.core.rng import Shuffler
from engine.dominion.cards import ACTIONS, TREASURES, kingdom_cards
from engine.dominion.game import Game
from engine.dominion.state import GameState, Player
from engine.dominion.supply import build_supply

BASICS = ("copper", "silver", "gold", "estate", "duchy", "province", "curse")


def slug_of(name: str) -> str:
    return name.lower().replace(" ", "-")


# --------------------------------------------------------------------------- shared randomness
def shared_shuffle(seed: int, cards: list[str]) -> list[str]:
    """The arrangement (top first) both engines use: seeded by the state and the cards shuffled."""
    order = sorted(cards)
    random.Random(f"{seed}|shuffle|{','.join(order)}").shuffle(order)
    return order


def choose(seed: int, tag: str, player: int, options: list[str], lo: int, hi: int) -> list[str]:
    """The answer to one question: a pure function of the question, so both engines agree."""
    opts = sorted(options) if hi > 1 else sorted(set(options))
    hi = min(hi, len(opts))
    lo = min(lo, hi)
    rng = random.Random(f"{seed}|{tag}|{player}|{','.join(opts)}|{lo}|{hi}")
    k = rng.randint(lo, hi)
    return rng.sample(opts, k)


def yes(seed: int, tag: str, player: int) -> bool:
    return random.Random(f"{seed}|{tag}|{player}|yes-no").random() < 0.5


def bandit_pick(options: list[str]) -> str:
    """pyminion's Bandit chooses for the victim (a Silver before a Gold); our victim chooses the same."""
    return "silver" if "silver" in options else options[0]


# --------------------------------------------------------------------------- random states
@dataclass
class Setup:
    seed: int
    card: str
    kingdom: list[str]
    players: list[dict[str, list[str]]]  # hand, deck (internal order: top = last), discard
    supply: dict[str, int]
    actions: int
    buys: int
    coins: int
    trash: list[str] = field(default_factory=list)
    throne_target: str | None = None  # interaction runs: Throne Room plays this card


def random_setup(card: str, seed: int) -> Setup:
    rng = random.Random(f"{card}|{seed}")
    others = [c for c in kingdom_cards("2e") if c != card]
    kingdom = sorted([card, *rng.sample(others, 9)])
    n = rng.randint(2, 4)
    actions = [c for c in kingdom if c != "gardens"]
    pool = ["copper"] * 6 + ["estate"] * 3 + ["silver"] * 2 + ["gold", "duchy", "province", "curse"]
    pool += kingdom * 1

    def cards(k: int) -> list[str]:
        return [rng.choice(pool) for _ in range(k)]

    players = []
    for i in range(n):
        hand = cards(rng.randint(0, 7 if i else 6))
        if i == 0:
            hand.insert(rng.randint(0, len(hand)), card)
            if rng.random() < 0.5:  # enablers need targets; Library and Vassal need Actions to meet
                hand.append(rng.choice(actions))
        elif "moat" in kingdom and rng.random() < 0.4:
            hand.append("moat")
        deck = cards(rng.choice([0, 1, 2, 3, 5, 8, 12]))
        if rng.random() < 0.3:
            deck += [rng.choice(actions) for _ in range(rng.randint(1, 3))]
            rng.shuffle(deck)
        discard = cards(rng.choice([0, 0, 1, 3, 6, 10]))
        players.append({"hand": hand, "deck": deck, "discard": discard})
    supply = build_supply(n, "2e", kingdom)
    for slug in list(supply):
        if rng.random() < 0.12:
            supply[slug] = rng.randint(0, 2)
    return Setup(seed=seed, card=card, kingdom=kingdom, players=players, supply=supply,
                 actions=rng.randint(1, 3), buys=rng.randint(1, 2), coins=rng.randint(0, 3),
                 trash=cards(rng.randint(0, 2)))


# --------------------------------------------------------------------------- outcome
@dataclass
class Outcome:
    players: list[dict[str, Any]]
    trash: Counter
    supply: dict[str, int]
    counters: tuple[int, int, int]  # actions, buys, coins
    error: str | None = None
    notes: frozenset[str] = frozenset()  # what happened in our engine (for the explanations)
    throned: Counter = field(default_factory=Counter)  # cards played twice by Throne Room (ours)

    def diff(self, other: Outcome) -> list[str]:
        out = []
        if self.error or other.error:
            return [f"error: ours={self.error} theirs={other.error}"]
        for i, (a, b) in enumerate(zip(self.players, other.players, strict=True)):
            for zone in ("hand", "deck", "discard", "play"):
                if a[zone] != b[zone]:
                    out.append(f"P{i} {zone}: ours={_show(a[zone])} theirs={_show(b[zone])}")
        if self.trash != other.trash:
            out.append(f"trash: ours={_show(self.trash)} theirs={_show(other.trash)}")
        for slug in sorted(set(self.supply) | set(other.supply)):
            if self.supply.get(slug) != other.supply.get(slug):
                out.append(f"supply {slug}: ours={self.supply.get(slug)} theirs={other.supply.get(slug)}")
        if self.counters != other.counters:
            out.append(f"actions/buys/coins: ours={self.counters} theirs={other.counters}")
        return out


def _show(z: Any) -> str:
    if isinstance(z, Counter):
        return "{" + ", ".join(f"{k}×{v}" for k, v in sorted(z.items())) + "}"
    return "[" + ", ".join(z) + "]"


def _player_outcome(hand: list[str], deck_top_last: list[str], discard: list[str], play: list[str]) -> dict:
    # deck order is defined (top first); hand, discard and play compare as collections
    return {"hand": Counter(hand), "deck": deck_top_last[::-1], "discard": Counter(discard),
            "play": Counter(play)}


# --------------------------------------------------------------------------- our engine
class _OurShuffler(Shuffler):
    def __init__(self, seed: int) -> None:
        super().__init__(seed=seed)
        self.base = seed

    def shuffle(self, player: int, cards: list[str]) -> list[str]:
        return shared_shuffle(self.base, cards)


class _OurDecider:
    def __init__(self, seed: int, throne_target: str | None = None) -> None:
        self.seed, self.throne_target = seed, throne_target

    def decide(self, d: Decision, state: Any) -> list[str]:
        ctx, p, s = d.context, d.player, self.seed
        purpose, card = ctx.get("purpose", ""), ctx.get("card", "")
        if d.kind == "confirm":
            tag = {"reveal_moat": "moat", "trash_copper": "moneylender",
                   "set_aside": f"library:{ctx.get('drawn')}",
                   "play_discarded": f"vassal:{ctx.get('drawn')}"}.get(purpose, purpose)
            return ["yes" if yes(s, tag, p) else "no"]
        if d.kind == "order":  # Sentry: keep the order (top first) or swap the two
            rest = list(d.options)
            return rest[::-1] if yes(s, f"sentry-order:{rest[0]},{rest[1]}", p) else rest
        if purpose == "trash" and card == "bandit":
            return [bandit_pick(d.options)]
        if purpose == "throne" and self.throne_target in d.options:
            return [self.throne_target]
        lo = max(d.min, 1) if purpose == "throne" else d.min  # declining cannot be aligned (docs)
        return choose(s, f"{purpose}:{card}", p, list(d.options), lo, d.max)


def run_ours(st: Setup) -> Outcome:
    state = GameState(
        edition="2e",
        players=[Player(name=f"P{i}", deck=list(p["deck"]), hand=list(p["hand"]), discard=list(p["discard"]))
                 for i, p in enumerate(st.players)],
        supply=dict(st.supply), kingdom=list(st.kingdom), trash=list(st.trash))
    state.active, state.phase = 0, "action"
    state.actions, state.buys, state.coins = st.actions, st.buys, st.coins
    decider = _OurDecider(st.seed, st.throne_target)
    notes: set[str] = set()
    throned: Counter = Counter()

    def note(e: Event) -> None:
        if e.kind == "resolve" and e.data.get("by") == "throne-room":
            if e.data.get("time") == 1:
                throned[e.cards[0]] += 1
            else:
                notes.add(f"second:{e.cards[0]}")
        elif e.kind == "attack_blocked":
            notes.add(f"blocked:{e.player}")
        if e.kind == "trash_failed":
            notes.add(f"trash_failed:{e.data.get('card')}:{e.data.get('reason')}")
        elif e.kind == "resolve" and e.data.get("by") == "throne-room":
            notes.add(f"throne:{e.cards[0]}")
        elif e.kind == "draw_stop" and e.data.get("by") == "library":
            notes.add("library_stop:" + ("seven" if e.data.get("hand", 0) >= 7 else "out_of_cards"))

    log = EventLog(snapshot=state.snapshot, keep_snapshots=False)
    log.listeners.append(note)
    game = Game(state, [decider] * len(st.players), _OurShuffler(st.seed), log)
    try:
        state.actions -= 1
        game.play_action(st.card)
        me = state.players[0]
        game.play_treasures([c for c in me.hand if c in TREASURES])
    except Exception as e:  # noqa: BLE001 - an error is an outcome to compare
        return Outcome([], Counter(), {}, (0, 0, 0), error=f"{type(e).__name__}: {e}")
    return Outcome(
        players=[_player_outcome(p.hand, p.deck, p.discard, p.play) for p in state.players],
        trash=Counter(state.trash), supply=dict(state.supply),
        counters=(state.actions, state.buys, state.coins), notes=frozenset(notes), throned=throned)


# --------------------------------------------------------------------------- pyminion
def _pyminion() -> Any:
    import pyminion.core as core
    import pyminion.expansions.base as base
    import pyminion.game as pgame
    import pyminion.player as pplayer
    return core, base, pgame, pplayer


class _TheirDecider:
    """pyminion's decider interface answered with the same pure function as ours."""

    def __init__(self, seed: int, cards: dict[str, Any], throne_target: str | None = None) -> None:
        self.seed, self.cards, self.throne_target = seed, cards, throne_target

    @staticmethod
    def _idx(player: Any) -> int:
        return int(player.player_id[1:])

    def _pick(self, purpose: str, card: Any, valid: list[Any], player: Any, lo: int, hi: int) -> list[Any]:
        names = [slug_of(c.name) for c in valid]
        hi = len(names) if hi < 0 else hi
        picks = choose(self.seed, f"{purpose}:{slug_of(card.name)}", self._idx(player), names, lo, hi)
        return [self.cards[s] for s in picks]

    def binary_decision(self, prompt: str, card: Any, player: Any, game: Any,
                        relevant_cards: list[Any] | None = None) -> bool:
        p, name = self._idx(player), slug_of(card.name)
        if name == "moat":
            return yes(self.seed, "moat", p)
        if name == "moneylender":
            return yes(self.seed, "moneylender", p)
        if name == "library":
            return yes(self.seed, f"library:{slug_of(relevant_cards[0].name)}", p)
        if name == "vassal":
            return yes(self.seed, f"vassal:{slug_of(player.discard_pile.cards[-1].name)}", p)
        if name == "sentry":  # asked with the two looked-at cards still set aside, top first
            rest = self._sentry_rest
            return yes(self.seed, f"sentry-order:{rest[0]},{rest[1]}", p)
        raise NotImplementedError(f"binary decision for {card.name}")

    def discard_decision(self, prompt, card, valid_cards, player, game, min_num_discard=0,
                         max_num_discard=-1):
        picks = self._pick("discard", card, valid_cards, player, min_num_discard, max_num_discard)
        if slug_of(card.name) == "sentry":
            rest = [slug_of(c.name) for c in valid_cards]
            for c in picks:
                rest.remove(slug_of(c.name))
            self._sentry_rest = rest
        return picks

    def trash_decision(self, prompt, card, valid_cards, player, game, min_num_trash=0, max_num_trash=-1):
        return self._pick("trash", card, valid_cards, player, min_num_trash, max_num_trash)

    def gain_decision(self, prompt, card, valid_cards, player, game, min_num_gain=0, max_num_gain=-1):
        return self._pick("gain", card, valid_cards, player, min_num_gain, max_num_gain)

    def topdeck_decision(self, prompt, card, valid_cards, player, game, min_num_topdeck=0,
                         max_num_topdeck=-1):
        return self._pick("topdeck", card, valid_cards, player, min_num_topdeck, max_num_topdeck)

    def multi_play_decision(self, prompt, card, valid_cards, player, game, required=True):
        for c in valid_cards:
            if slug_of(c.name) == self.throne_target:
                return c
        return self._pick("throne", card, valid_cards, player, 1, 1)[0]


def run_theirs(st: Setup) -> Outcome:
    core, base, pgame, pplayer = _pyminion()
    cards = {slug_of(c.name): c for c in [*base.base_set, base.copper, base.silver, base.gold, base.estate,
                                          base.duchy, base.province, base.curse]}

    def deck_shuffle(deck: Any) -> None:  # the shared arrangement; pyminion's deck top is the last item
        order = shared_shuffle(st.seed, [slug_of(c.name) for c in deck.cards])
        deck.cards = [cards[s] for s in reversed(order)]

    decider = _TheirDecider(st.seed, cards, st.throne_target)
    players = [
        pplayer.Player(decider=decider, deck=core.Deck([cards[c] for c in p["deck"]]),
                       discard_pile=core.DiscardPile([cards[c] for c in p["discard"]]),
                       hand=core.Hand([cards[c] for c in p["hand"]]), playmat=core.Playmat(),
                       state=pplayer.State(actions=st.actions, money=st.coins, buys=st.buys),
                       player_id=f"P{i}")
        for i, p in enumerate(st.players)]
    game = pgame.Game(players, expansions=[base.base_set], kingdom_cards=[cards[c] for c in st.kingdom],
                      random_order=False, log_stdout=False)
    piles = []
    for slug, n in st.supply.items():
        pile = core.Pile([cards[slug]] * max(n, 1))  # named while full, then emptied as needed
        del pile.cards[n:]
        piles.append(pile)
    game.supply = core.Supply(piles)
    game.trash = core.Trash([cards[c] for c in st.trash])
    saved = core.Deck.shuffle
    core.Deck.shuffle = deck_shuffle
    try:
        me = players[0]
        me.play(cards[st.card], game)
        for c in [c for c in me.hand.cards if core.CardType.Treasure in c.type]:
            me.exact_play(c, game)
    except Exception as e:  # noqa: BLE001 - an error is an outcome to compare
        return Outcome([], Counter(), {}, (0, 0, 0), error=f"{type(e).__name__}: {e}")
    finally:
        core.Deck.shuffle = saved
    names = lambda zone: [slug_of(c.name) for c in zone.cards]  # noqa: E731
    return Outcome(
        players=[_player_outcome(names(p.hand), names(p.deck), names(p.discard_pile), names(p.playmat))
                 for p in players],
        trash=Counter(names(game.trash)),
        supply={slug: len(pile.cards) for slug, pile in zip(st.supply, game.supply.piles, strict=True)},
        counters=(me.state.actions, me.state.buys, me.state.money))


# --------------------------------------------------------------------------- explanations
@dataclass(frozen=True)
class Explanation:
    key: str
    summary: str
    applies: Callable[[Setup, Outcome, Outcome], bool]


def _census(o: Outcome) -> Counter:
    c: Counter = Counter(o.trash)
    for p in o.players:
        for zone in ("hand", "discard", "play"):
            c.update(p[zone])
        c.update(p["deck"])
    for slug, n in o.supply.items():
        c[slug] += n
    return c


def _only(d: list[str], prefixes: tuple[str, ...]) -> bool:
    return bool(d) and all(line.startswith(prefixes) for line in d)


def _library_loses_set_aside(st: Setup, ours: Outcome, theirs: Outcome) -> bool:
    """pyminion's Library stops when deck and discard are empty and never discards what it set aside:
    those cards vanish from the game. The lost cards are Actions (the only cards Library sets aside);
    what follows from their loss (a later shuffle, draw or play without them) differs too."""
    if ours.error or theirs.error or "library_stop:out_of_cards" not in ours.notes:
        return False
    lost = _census(ours) - _census(theirs)
    conserved = _census(ours) == setup_census(st)
    extra = _census(theirs) - _census(ours)
    return conserved and bool(lost) and all(c in ACTIONS for c in lost) and not extra


def _remodel_empty_hand(st: Setup, ours: Outcome, theirs: Outcome) -> bool:
    """pyminion's Remodel asks for a card to trash even from an empty hand, and fails."""
    return ours.error is None and (theirs.error or "").startswith("AssertionError") \
        and "trash_failed:remodel:empty hand" in ours.notes


def _throne_merchant(st: Setup, ours: Outcome, theirs: Outcome) -> bool:
    """pyminion's Silver pays +$1 per Merchant card in play, not per Merchant played: a Merchant
    played twice by Throne Room pays +$1 instead of +$2 with the first Silver."""
    if ours.error or theirs.error or not ours.throned["merchant"]:
        return False
    return _only(ours.diff(theirs), ("actions/buys/coins",)) and ours.counters[:2] == theirs.counters[:2] \
        and ours.counters[2] - theirs.counters[2] == ours.throned["merchant"]


def setup_census(st: Setup) -> Counter:
    c: Counter = Counter(st.trash)
    for p in st.players:
        for zone in ("hand", "deck", "discard"):
            c.update(p[zone])
    for slug, n in st.supply.items():
        c[slug] += n
    return c


EXPLAINED: list[Explanation] = [
    Explanation("library-loses-set-aside",
                "pyminion: Library's set-aside Actions are lost when the deck and discard pile run out",
                _library_loses_set_aside),
    Explanation("remodel-empty-hand", "pyminion: Remodel with an empty hand raises an error",
                _remodel_empty_hand),
    Explanation("throne-room-merchant",
                "pyminion: a Merchant played twice (Throne Room) adds $1, not $2, to the first Silver",
                _throne_merchant),
]


# --------------------------------------------------------------------------- the comparison
@dataclass
class Report:
    compared: int = 0
    agreed: int = 0
    explained: Counter = field(default_factory=Counter)
    unexplained: list[tuple[Setup, list[str]]] = field(default_factory=list)
    per_card: Counter = field(default_factory=Counter)


def compare(cards: list[str], states: int, seed: int = 0) -> Report:
    rep = Report()
    for card in cards:
        for k in range(states):
            st = random_setup(card, seed * 1_000_003 + k)
            ours, theirs = run_ours(st), run_theirs(st)
            rep.compared += 1
            rep.per_card[card] += 1
            d = ours.diff(theirs)
            if not d:
                rep.agreed += 1
                continue
            for ex in EXPLAINED:
                if ex.applies(st, ours, theirs):
                    rep.explained[ex.key] += 1
                    break
            else:
                rep.unexplained.append((st, d))
    return rep


def common_cards() -> list[str]:
    _, base, _, _ = _pyminion()
    theirs = {slug_of(c.name) for c in base.base_set}
    return [c for c in kingdom_cards("2e") if c in theirs and c != "gardens"]  # Gardens is never played


# --------------------------------------------------------------------------- interaction classes
# Two classes of the Dominion interaction matrix, as data: each pair builds random states around the
# two cards; every run must finish, agree with pyminion (or a listed deviation) and with the rulings.
ATTACKS_2E = ("bandit", "bureaucrat", "militia", "witch")
PLUS_ACTIONS = {"village": 2, "festival": 2, "laboratory": 1, "market": 1, "cellar": 1, "harbinger": 1,
                "merchant": 1, "poacher": 1, "sentry": 1}
ACTION_CHANGES_UNKNOWN = {"throne-room", "vassal"}  # they play further cards with their own +Actions


def interaction_pairs() -> dict[str, list[tuple[str, str]]]:
    actions = common_cards()
    return {
        "enabler x action (Throne Room x every Action)": [("throne-room", x) for x in actions],
        "attack x reaction (every Attack x Moat)": [(a, "moat") for a in ATTACKS_2E],
    }


def pair_setup(first: str, second: str, seed: int) -> Setup:
    st = random_setup(first, seed)
    rng = random.Random(f"pair|{first}|{second}|{seed}")
    if first == "throne-room":
        hand = st.players[0]["hand"]
        hand.insert(rng.randint(0, len(hand)), second)
        st.throne_target = second
    else:  # an Attack against Moats, in small (0-3) and large (5-8) hands
        for p in st.players[1:]:
            k = rng.randint(0, 3) if seed % 2 else rng.randint(5, 8)
            p["hand"] = [rng.choice(["copper", "estate", "silver", "gold", "duchy"]) for _ in range(k)]
            if rng.random() < 0.7:
                p["hand"].insert(rng.randint(0, k), "moat")
    return st


def ruling_problems(st: Setup, ours: Outcome) -> list[str]:
    """What the rulings say about the pair, checked on our run."""
    if ours.error:
        return [f"error: {ours.error}"]
    out = []
    if st.throne_target:  # dominion/throne-room#play-twice, #no-action-cost
        x = st.throne_target
        if not ours.throned[x] or f"second:{x}" not in ours.notes:
            out.append(f"Throne Room did not play {x} twice")
        if x not in ACTION_CHANGES_UNKNOWN:
            want = st.actions - 1 + 2 * PLUS_ACTIONS.get(x, 0)
            if ours.counters[0] != want:
                out.append(f"actions after Throne Room x {x}: {ours.counters[0]}, ruling: {want}")
        return out
    attack = st.card
    for v, before in enumerate(st.players):
        if v == 0:
            continue
        after = ours.players[v]
        if f"blocked:{v}" in ours.notes:  # dominion/moat#unaffected-by-attack: as if not attacked
            if (after["hand"], after["deck"], after["discard"]) != (
                    Counter(before["hand"]), before["deck"][::-1], Counter(before["discard"])):
                out.append(f"P{v} revealed Moat but was affected by {attack}")
        elif attack == "militia" and sum(after["hand"].values()) > 3:
            out.append(f"P{v} kept more than 3 cards against Militia")
    # dominion/moat#attacker-still-benefits
    if attack == "militia" and ours.counters[2] < st.coins + 2:
        out.append("Militia's +$2 missing")
    if attack in ("bandit", "bureaucrat"):
        gained = {"bandit": "gold", "bureaucrat": "silver"}[attack]
        if st.supply.get(gained, 0) and ours.supply[gained] != st.supply[gained] - 1:
            out.append(f"{attack} did not gain its {gained}")
    return out


@dataclass
class PairReport:
    pairs: int = 0
    runs: int = 0
    blocked: int = 0  # runs in which some player revealed Moat
    agreed: int = 0
    explained: Counter = field(default_factory=Counter)
    problems: list[tuple[Setup, list[str]]] = field(default_factory=list)


def interaction_matrix(states: int, seed: int = 0) -> dict[str, PairReport]:
    out = {}
    for name, pairs in interaction_pairs().items():
        rep = out[name] = PairReport(pairs=len(pairs))
        for first, second in pairs:
            for k in range(states):
                st = pair_setup(first, second, seed * 1_000_003 + k)
                ours, theirs = run_ours(st), run_theirs(st)
                rep.runs += 1
                rep.blocked += any(n.startswith("blocked:") for n in ours.notes)
                problems = ruling_problems(st, ours)
                d = ours.diff(theirs)
                if d:
                    hit = next((ex.key for ex in EXPLAINED if ex.applies(st, ours, theirs)), None)
                    if hit:
                        rep.explained[hit] += 1
                    else:
                        problems += ["pyminion: " + line for line in d]
                else:
                    rep.agreed += 1
                if problems:
                    rep.problems.append((st, problems))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--states", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--card", action="append")
    ap.add_argument("--show", type=int, default=5)
    ap.add_argument("--pairs-states", type=int, default=100, help="states per interaction pair (0: none)")
    a = ap.parse_args(argv)
    cards = a.card or common_cards()
    rep = compare(cards, a.states, a.seed)
    print(f"cards compared: {len(cards)} ({', '.join(cards)})")
    print(f"states per card: {a.states}; card x state runs: {rep.compared}")
    print(f"agreed: {rep.agreed}; explained disagreements: {sum(rep.explained.values())}; "
          f"unexplained: {len(rep.unexplained)}")
    for key, n in sorted(rep.explained.items()):
        print(f"  explained {key}: {n}")
    matrix = interaction_matrix(a.pairs_states, a.seed) if a.pairs_states else {}
    for name, pr in matrix.items():
        print(f"interaction class {name}: {pr.pairs} pairs x {a.pairs_states} states = {pr.runs} runs; "
              f"Moat revealed in {pr.blocked}; agree with pyminion {pr.agreed}, explained "
              f"{sum(pr.explained.values())} {dict(pr.explained)}; failing {len(pr.problems)}")
        for st, d in pr.problems[: a.show]:
            print(f"  FAILING {st.card}+{st.throne_target or 'moat'} seed={st.seed}: " + "; ".join(d))
    for st, d in rep.unexplained[: a.show]:
        print(f"\nUNEXPLAINED {st.card} seed={st.seed} players={st.players} supply-low="
              f"{ {k: v for k, v in st.supply.items() if v < 3} }")
        for line in d:
            print("   ", line)
    return 1 if rep.unexplained or any(pr.problems for pr in matrix.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
