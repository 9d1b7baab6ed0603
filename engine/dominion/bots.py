"""Bots that answer decisions: Big Money, Smithy Big Money and a general bot for every card.

Every bot answers through the same decision interface as scripts (``decide(decision, game)``).
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.decisions import Decision
from engine.dominion.cards import ACTIONS, ATTACKS, COINS, COST, TREASURES

# How much a bot wants a card in its deck (higher is better); used to rank gains and discards.
VALUE: dict[str, int] = {
    "province": 100, "gold": 60, "laboratory": 56, "market": 55, "witch": 58, "festival": 50,
    "council-room": 48, "library": 47, "sentry": 46, "mine": 40, "bandit": 45, "artisan": 52,
    "adventurer": 35, "smithy": 44, "militia": 43, "moneylender": 38, "remodel": 36, "spy": 30,
    "thief": 28, "throne-room": 42, "bureaucrat": 37, "feast": 30, "gardens": 25, "duchy": 20,
    "village": 34, "merchant": 33, "poacher": 35, "harbinger": 32, "vassal": 31, "workshop": 29,
    "woodcutter": 27, "chancellor": 26, "silver": 30, "cellar": 24, "chapel": 39, "moat": 25,
    "estate": 5, "copper": 3, "curse": -50,
}
# Order in which the general bot plays Actions: non-terminals (+Action) first, then terminals.
NON_TERMINAL = ("festival", "village", "laboratory", "market", "sentry", "merchant", "harbinger",
                "poacher", "spy", "cellar")
TERMINAL = ("throne-room", "witch", "council-room", "library", "smithy", "militia", "bandit", "artisan",
            "mine", "moneylender", "remodel", "adventurer", "bureaucrat", "vassal", "feast", "thief",
            "woodcutter", "chancellor", "moat", "workshop", "chapel")
PLAY_ORDER: dict[str, int] = {s: i for i, s in enumerate(NON_TERMINAL + TERMINAL)}
JUNK = ("curse", "estate", "copper")


def _value(slug: str) -> int:
    return VALUE.get(slug, 0)


class GeneralBot:
    """Plays every card with simple sensible priorities; buys money, the kingdom's best cards, then VP."""

    name = "General"

    def __init__(self, max_copies: int = 2, max_terminals: int = 3, seed: int | None = None) -> None:
        self.max_copies = max_copies
        self.max_terminals = max_terminals
        # With a seed, each kingdom card's appeal varies by up to +-30 so games explore every card.
        self.values = dict(VALUE)
        if seed is not None:
            rng = random.Random(seed)
            for slug in sorted(ACTIONS):
                self.values[slug] = VALUE.get(slug, 0) + rng.randint(-30, 30)

    # -- buying
    def want(self, game: Any, player: int, options: list[str], coins: int) -> str | None:
        supply = game.state.supply
        provinces = supply.get("province", 0)
        if "province" in options and (coins >= 8):
            return "province"
        if "duchy" in options and coins >= 5 and provinces <= 4:
            return "duchy"
        if "estate" in options and coins >= 2 and provinces <= 2:
            return "estate"
        best = None
        p = game.state.players[player]
        owned_terminals = sum(1 for c in p.all_cards() if c in ACTIONS and c not in NON_TERMINAL)
        for slug in options:
            if slug not in ACTIONS and slug != "gardens":
                continue
            if slug == "gardens" and provinces > 4:
                continue
            if self._owned(game, player, slug) >= self.max_copies:
                continue
            if slug not in NON_TERMINAL and owned_terminals >= self.max_terminals:
                continue
            if slug == "chapel" and self._owned(game, player, "chapel"):
                continue
            if slug == "throne-room":  # worth it only with other Actions to double
                others = sum(1 for c in p.all_cards() if c in ACTIONS and c != "throne-room")
                if others < 2 * (self._owned(game, player, "throne-room") + 1):
                    continue
            if best is None or (self.values[slug], COST[slug]) > (self.values[best], COST[best]):
                best = slug
        if "gold" in options and coins >= 6 and (best is None or self.values[best] <= self.values["gold"]):
            return "gold"
        if best is not None and self.values[best] >= 30:
            return best
        if "silver" in options and coins >= 3:
            return "silver"
        return best

    @staticmethod
    def _owned(game: Any, player: int, slug: str) -> int:
        return game.state.players[player].count(slug)

    # -- deciding
    def decide(self, decision: Decision, game: Any) -> list[str]:  # noqa: C901
        ctx = decision.context
        purpose = ctx.get("purpose")
        options = decision.options
        me = decision.player
        st = game.state
        if decision.kind == "confirm":
            return ["yes" if self.confirm(purpose, ctx, game, me) else "no"]
        if decision.kind == "order":
            return sorted(options, key=_value, reverse=True)
        if purpose == "play_treasures":
            return list(options)
        if purpose == "buy":
            choice = self.want(game, me, options, st.coins)
            return [choice] if choice else []
        if purpose == "play_action":
            return [self.best_action(options, game, me)] if self.best_action(options, game, me) else []
        if purpose == "throne":
            ranked = sorted((o for o in options if o != "throne-room"), key=lambda s: PLAY_ORDER.get(s, 99))
            pick = ranked[0] if ranked else options[0]
            return [pick]
        if purpose == "gain":
            return [self.gain_choice(options, game, me, ctx)]
        if purpose == "discard":
            return self.discards(options, decision, ctx)
        if purpose == "trash":
            return self.trashes(options, decision, ctx, game, me)
        if purpose == "thief_trash":
            return [max(options, key=lambda s: COST[s])]
        if purpose == "thief_gain":
            return [o for o in options if o != "copper"]
        if purpose == "topdeck":
            if ctx.get("card") == "harbinger":
                best = max(options, key=_value)
                return [best] if _value(best) >= 30 else []
            if ctx.get("card") == "artisan":
                return [self._topdeck_from_hand(options)]
            return [min(options, key=_value)]
        picks = options[: decision.min]
        return picks

    def confirm(self, purpose: str | None, ctx: dict[str, Any], game: Any, me: int) -> bool:
        if purpose == "set_aside":  # Library: skip Actions we could not play anyway
            return game.state.actions == 0
        if purpose == "spy_discard":
            top = ctx.get("revealed", "")
            good = top in ACTIONS or (top in TREASURES and top != "copper")
            return (not good) if ctx.get("target") == me else good
        return True  # reveal Moat, Chancellor, Moneylender, Vassal: yes

    def best_action(self, options: list[str], game: Any, me: int) -> str | None:
        hand = game.state.players[me].hand
        usable = []
        for slug in options:
            if slug == "mine" and not any(c in TREASURES for c in hand if c != "gold"):
                continue
            if slug == "moneylender" and "copper" not in hand:
                continue
            if slug == "chapel" and not any(c in ("curse", "estate") for c in hand):
                continue
            if slug == "throne-room" and sum(1 for c in hand if c in ACTIONS) < 2:
                continue
            if slug == "library" and len(hand) >= 7:
                continue
            usable.append(slug)
        if not usable:
            return None
        return min(usable, key=lambda s: PLAY_ORDER.get(s, 99))

    def gain_choice(self, options: list[str], game: Any, me: int, ctx: dict[str, Any]) -> str:
        if ctx.get("card") == "mine":
            return max(options, key=lambda s: COINS.get(s, 0))
        usable = [o for o in options if o != "curse"] or options
        coins = ctx.get("max_cost", 0)
        choice = self.want(game, me, usable, coins)
        return choice if choice in usable else max(usable, key=lambda s: (_value(s), COST[s]))

    @staticmethod
    def discards(options: list[str], decision: Decision, ctx: dict[str, Any]) -> list[str]:
        if decision.min == decision.max:  # Militia, Poacher: exactly this many, worst first
            ranked = sorted(options, key=lambda s: (s in TREASURES or s in ACTIONS, _value(s)))
            return ranked[: decision.min]
        junk = [o for o in options if o in JUNK[:2] or o in ("duchy", "province")]
        return junk[: decision.max]

    @staticmethod
    def trashes(options: list[str], decision: Decision, ctx: dict[str, Any], game: Any, me: int) -> list[str]:
        card = ctx.get("card")
        if card in ("chapel", "sentry"):
            money = sum(COINS.get(c, 0) for c in game.state.players[me].all_cards())
            junk = [o for o in options if o in ("curse", "estate")]
            if money > 7:
                junk += [o for o in options if o == "copper"]
            return junk[: decision.max]
        if card == "mine":
            return [min(options, key=lambda s: COINS.get(s, 0))]
        if card == "bandit":
            return [min(options, key=lambda s: COST[s])]
        # Remodel and anything else: the least wanted card (Gold -> Province once it is worth it)
        if decision.min == 0:
            return []
        return [min(options, key=_value)]

    @staticmethod
    def _topdeck_from_hand(options: list[str]) -> str:
        actions = [o for o in options if o in ACTIONS]
        return max(actions, key=_value) if actions else min(options, key=_value)


class BigMoney(GeneralBot):
    """Buys Province at 8, Gold at 6-7, Silver at 3-5; buys nothing else; plays no Actions."""

    name = "BM"

    def decide(self, decision: Decision, game: Any) -> list[str]:
        purpose = decision.context.get("purpose")
        if purpose == "play_treasures":
            return decision.options
        if purpose == "buy":
            return self.money_buy(decision.options, game.state.coins)
        if purpose == "play_action":
            return []
        return super().decide(decision, game)

    @staticmethod
    def money_buy(options: list[str], coins: int) -> list[str]:
        if coins >= 8 and "province" in options:
            return ["province"]
        if coins >= 6 and "gold" in options:
            return ["gold"]
        if coins >= 3 and "silver" in options:
            return ["silver"]
        return []


class SmithyBigMoney(BigMoney):
    """Big Money that buys a Smithy at 4-5 coins while it owns fewer than ``max_smithies``, and plays it."""

    name = "SmithyBM"

    def __init__(self, max_smithies: int = 2) -> None:
        super().__init__()
        self.max_smithies = max_smithies

    def decide(self, decision: Decision, game: Any) -> list[str]:
        purpose = decision.context.get("purpose")
        if purpose == "play_action":
            return ["smithy"] if "smithy" in decision.options else []
        if purpose == "buy":
            coins = game.state.coins
            if 4 <= coins <= 5 and "smithy" in decision.options:
                if game.state.players[decision.player].count("smithy") < self.max_smithies:
                    return ["smithy"]
        return super().decide(decision, game)


BOTS: dict[str, type[GeneralBot]] = {
    "BM": BigMoney,
    "BigMoney": BigMoney,
    "SmithyBM": SmithyBigMoney,
    "General": GeneralBot,
}


def make_bot(name: str, seed: int | None = None) -> GeneralBot:
    """A bot by name; ``seed`` varies the general bot's card preferences (deterministically)."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"players: unknown bot {name!r}; choose from {sorted(set(BOTS))}") from None
    return cls(seed=seed) if cls is GeneralBot else cls()


__all__ = ["ATTACKS", "BOTS", "BigMoney", "GeneralBot", "SmithyBigMoney", "make_bot"]
