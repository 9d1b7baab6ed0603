"""A general bot that answers every Citadels decision, for any character, so full games of 2-7 run.

It plays plainly: gold when it has cards to build, cards when its hand is thin, the dearest district
it can afford, income always, and each character's ability where it obviously helps. Its random
choices come from its own seeded generator, so a seed replays the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from engine.citadels import definitions as d
from engine.citadels.state import GameState
from engine.core.decisions import Decision

T = TypeVar("T")


def _cost(slug: str) -> int:
    return d.district(slug).cost


def _seat(option: str) -> int:
    return int(option.split(":", 1)[0].removeprefix("player-"))


@dataclass
class CitadelsBot:
    seed: int = 0
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def _best(self, options: Sequence[T], key: Callable[[T], int]) -> T:
        """The option with the highest ``key``; ties broken at random (no seat is favoured)."""
        return max(options, key=lambda o: (key(o), self.rng.random()))

    def decide(self, decision: Decision, state: GameState) -> list[str]:
        purpose = decision.context.get("purpose", "")
        handler = getattr(self, "on_" + purpose.replace("-", "_"), None)
        if handler is not None:
            answer = handler(decision, state)
            if answer is not None:
                return answer
        if decision.kind == "confirm":
            return ["yes"]
        return self.rng.sample(decision.options, decision.min)

    # --- draft ------------------------------------------------------------------------
    def on_draft(self, dec: Decision, s: GameState) -> list[str]:
        me = s.players[dec.player]

        def want(slug: str) -> float:
            c = d.character(slug)
            score = self.rng.random() * 2
            if c.income:
                score += sum(1 for b in me.city if b.info.colour == c.income)
            if slug in ("architect", "navigator") and len(me.hand) >= 2:
                score += 1.5
            if slug in ("merchant", "alchemist", "queen"):
                score += 1
            if slug in ("thief", "assassin", "witch", "warlord") and me.gold <= 1:
                score += 0.5
            return score

        return [max(dec.options, key=want)]

    # --- turn menu --------------------------------------------------------------------
    def on_action(self, dec: Decision, s: GameState) -> list[str]:
        opts = dec.options
        me = s.players[dec.player]
        turn = s.turn
        character = turn.character if turn else ""
        early = ("assassin", "thief", "magician", "wizard", "abbot", "queen", "emperor", "artist")
        if "ability" in opts and character in early and (character != "artist" or me.gold >= 6):
            if character != "magician" or not me.hand:
                return ["ability"]
        if "cards" in opts:
            affordable = [c for c in me.hand if _cost(c) <= me.gold + 2 and not me.has(c)]
            return ["cards" if not affordable and len(me.hand) < 4 else "gold"]
        if "gold" in opts:
            return ["gold"]
        if "income" in opts:
            return ["income"]
        if "ability" in opts and character == "navigator":
            return ["ability"] if "build" not in opts else ["build"]
        if "build" in opts:
            return ["build"]
        if "ability" in opts and character == "magician":
            return ["ability"]
        if "laboratory" in opts and len(me.hand) > 3:
            return ["laboratory"]
        if "museum" in opts and len(me.hand) > 2:
            return ["museum"]
        if "smithy" in opts and me.gold >= 5 and len(me.hand) < 2:
            return ["smithy"]
        if "armory" in opts and self.rng.random() < 0.2:
            return ["armory"]
        if "ability" in opts and character in ("witch", "diplomat", "warlord") and self.rng.random() < 0.6:
            return ["ability"]
        if "ability" in opts and character == "emperor":
            return ["ability"]
        if "end" in opts:
            return ["end"]
        return [opts[0]]

    def on_keep(self, dec: Decision, s: GameState) -> list[str]:
        me = s.players[dec.player]
        ranked = sorted(
            dec.options, key=lambda c: (me.has(c), -_cost(c) if _cost(c) <= me.gold + 4 else _cost(c))
        )
        return ranked[: dec.min]

    def on_build(self, dec: Decision, s: GameState) -> list[str]:
        return [max(dec.options, key=lambda c: (d.district(c).value, c))]

    # --- characters -----------------------------------------------------------------------
    def _hidden_first(self, options: list[str], s: GameState) -> list[str]:
        hidden = [o for o in options if o not in s.round_state.face_up]
        return [self.rng.choice(hidden or options)]

    def on_kill(self, dec: Decision, s: GameState) -> list[str]:
        return self._hidden_first(dec.options, s)

    def on_rob(self, dec: Decision, s: GameState) -> list[str]:
        return self._hidden_first(dec.options, s)

    def on_bewitch(self, dec: Decision, s: GameState) -> list[str]:
        return self._hidden_first(dec.options, s)

    def on_mode(self, dec: Decision, s: GameState) -> list[str]:
        me = s.players[dec.player]
        if "redraw" not in dec.options:
            return ["exchange"]
        most = max(len(p.hand) for i, p in enumerate(s.players) if i != dec.player)
        if dec.context.get("card") == "navigator":
            return ["gold" if me.gold < 4 else "cards"]
        return ["exchange" if most > len(me.hand) else "redraw"]

    def on_exchange(self, dec: Decision, s: GameState) -> list[str]:
        if dec.context.get("card") == "magician":
            return [self._best(dec.options, lambda o: len(s.players[int(o.removeprefix("player-"))].hand))]
        if not dec.options:
            return []

        def gain(option: str) -> int:
            mine, theirs = option.split(">", 1)
            return d.district(theirs.split(":", 1)[1]).value - d.district(mine).value

        best = max(dec.options, key=gain)
        return [best] if gain(best) > 0 else []

    def on_redraw(self, dec: Decision, s: GameState) -> list[str]:
        me = s.players[dec.player]
        bad = [c for c in dec.options if me.has(c) or _cost(c) > me.gold + 4]
        return bad[: max(1, len(bad))] if bad else [max(dec.options, key=_cost)]

    def on_look(self, dec: Decision, s: GameState) -> list[str]:
        return [self._best(dec.options, lambda o: len(s.players[int(o.removeprefix("player-"))].hand))]

    def on_take(self, dec: Decision, s: GameState) -> list[str]:
        if dec.context.get("card") == "navigator":
            return ["gold" if s.players[dec.player].gold < 4 else "cards"]
        return [max(dec.options, key=_cost)]

    def on_use(self, dec: Decision, s: GameState) -> list[str]:
        return ["build"]

    def on_crown(self, dec: Decision, s: GameState) -> list[str]:
        return [self.rng.choice(dec.options)]

    def on_pay(self, dec: Decision, s: GameState) -> list[str]:
        me = s.players[dec.player]
        return ["gold"] if "gold" in dec.options and (me.gold > 2 or "card" not in dec.options) else ["card"]

    def on_pay_card(self, dec: Decision, s: GameState) -> list[str]:
        return [min(dec.options, key=_cost)]

    def on_destroy(self, dec: Decision, s: GameState) -> list[str]:
        mine = [o for o in dec.options if _seat(o) != dec.player]
        if not mine or (dec.context.get("card") == "warlord" and self.rng.random() < 0.3):
            return []
        leader = self._best(sorted({_seat(o) for o in mine}), lambda i: len(s.players[i].city))
        targets = [o for o in mine if _seat(o) == leader]
        return [max(targets, key=lambda o: _cost(o.split(":", 1)[1]))]

    def on_search(self, dec: Decision, s: GameState) -> list[str]:
        """The Lighthouse: take the dearest card of the district deck."""
        return [max(dec.options, key=_cost)]

    def on_gild(self, dec: Decision, s: GameState) -> list[str]:
        return sorted(dec.options, key=lambda c: -_cost(c))[: dec.max]

    def on_discard(self, dec: Decision, s: GameState) -> list[str]:
        return [min(dec.options, key=_cost)]

    def on_place(self, dec: Decision, s: GameState) -> list[str]:
        return [min(dec.options, key=_cost)]


class BotTable:
    """A decider that passes each decision to the acting player's bot."""

    def __init__(self, bots: Sequence[CitadelsBot]) -> None:
        self.bots = list(bots)

    def _best(self, options: Sequence[T], key: Callable[[T], int]) -> T:
        """The option with the highest ``key``; ties broken at random (no seat is favoured)."""
        return max(options, key=lambda o: (key(o), self.rng.random()))

    def decide(self, decision: Decision, state: GameState) -> list[str]:
        return self.bots[decision.player].decide(decision, state)
