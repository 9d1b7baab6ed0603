"""Decisions: every choice a game offers, asked through one interface.

A :class:`Decision` lists ``options`` (strings: card slugs, or named choices such as ``yes``/
``no``) and how many may be picked (``min``..``max``). An answer is a list of picks drawn from
the options (each option may be picked as often as it occurs in ``options``). For
``kind == "order"`` the answer is a full arrangement of the options.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core.localised import Localised
from engine.errors import EngineError

#: Decision kinds: pick cards from a list; pick one named choice; yes/no; arrange cards in order.
KINDS: tuple[str, ...] = ("select", "choose", "confirm", "order")


class DecisionError(EngineError, ValueError):
    """An answer does not fit the decision it was given for."""


@dataclass
class Decision:
    kind: str  # one of KINDS
    player: int
    prompt: Localised
    options: list[str]
    min: int = 1
    max: int = 1
    context: dict[str, Any] = field(default_factory=dict)  # e.g. {"card": "cellar", "purpose": "discard"}

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "player": self.player,
            "prompt": dict(self.prompt),
            "options": list(self.options),
            "min": self.min,
            "max": self.max,
            "context": dict(self.context),
        }

    def describe(self) -> str:
        purpose = self.context.get("purpose", "")
        card = self.context.get("card", "")
        what = "/".join(x for x in (card, purpose) if x)
        return (
            f"{self.kind} decision{f' ({what})' if what else ''} for player {self.player}: "
            f"pick {self.min}..{self.max} of {self.options}"
        )


def validate_answer(decision: Decision, answer: Any) -> list[str]:
    """Return the answer as a list of picks, or raise :class:`DecisionError` saying why it does not fit."""
    options = decision.options
    if type(answer) is list and decision.kind != "order" and decision.min <= len(answer) <= decision.max:
        # fast paths (bots): every option picked, or one pick that is offered
        if answer == options or (len(answer) == 1 and answer[0] in options and isinstance(answer[0], str)):
            return answer
        if not answer:
            return answer
    if isinstance(answer, bool) and decision.kind == "confirm":
        answer = ["yes" if answer else "no"]
    if isinstance(answer, str):
        answer = [answer]
    if not isinstance(answer, (list, tuple)) or not all(isinstance(a, str) for a in answer):
        raise DecisionError(f"answer {answer!r} is not a list of option names")
    picks = list(answer)
    if decision.kind == "order":
        if Counter(picks) != Counter(decision.options):
            raise DecisionError(f"answer {picks} is not an arrangement of exactly {decision.options}")
        return picks
    if not decision.min <= len(picks) <= decision.max:
        raise DecisionError(
            f"answer {picks} picks {len(picks)}; this decision needs {decision.min}..{decision.max}"
        )
    available = Counter(decision.options)
    for option, count in Counter(picks).items():
        if available[option] < count:
            have = available[option]
            raise DecisionError(
                f"answer {picks} picks {option!r} {count}x but the options hold it {have}x: "
                f"{decision.options}"
            )
    return picks


class Decider(Protocol):
    """Anything that answers decisions: a bot, a scripted scenario, later a human."""

    def decide(self, decision: Decision, state: Any) -> list[str]: ...
