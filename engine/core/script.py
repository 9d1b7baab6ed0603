"""Scripted answers: a scenario's decider."""

from __future__ import annotations

from typing import Any

from engine.core.decisions import Decision, DecisionError, validate_answer
from engine.core.scenario import ScriptStep
from engine.errors import ControlFlow, EngineError


class ScriptError(EngineError, ValueError):
    """The script does not fit the decision asked (message shows both), or ran out."""


class ScriptedDecider:
    """Answers each decision with the next scripted step, checking that it fits."""

    def __init__(self, steps: list[ScriptStep]) -> None:
        self.steps = list(steps)
        self.used = 0

    def remaining(self) -> list[ScriptStep]:
        return self.steps[self.used :]

    def decide(self, decision: Decision, state: Any = None) -> list[str]:
        if self.used >= len(self.steps):
            raise ScriptError(f"script ran out of answers; next decision asked: {decision.describe()}")
        index = self.used
        step = self.steps[index]
        label = f"script[{index}]"
        mismatches = []
        context = decision.context
        if step.player is not None and step.player != decision.player:
            mismatches.append(f"player {step.player} but the decision is for player {decision.player}")
        if step.kind is not None and step.kind != decision.kind:
            mismatches.append(f"kind {step.kind!r} but the decision is {decision.kind!r}")
        if step.card is not None and step.card != decision.context.get("card"):
            mismatches.append(f"card {step.card!r} but the decision comes from {context.get('card')!r}")
        if step.purpose is not None and step.purpose != decision.context.get("purpose"):
            mismatches.append(f"purpose {step.purpose!r} but the decision is {context.get('purpose')!r}")
        if mismatches:
            problem = "; ".join(mismatches)
            raise ScriptError(f"{label} expects {problem}; decision asked: {decision.describe()}")
        try:
            picks = validate_answer(decision, step.answer)
        except DecisionError as exc:
            raise ScriptError(
                f"{label} answer {step.answer!r} does not fit: {exc}; decision asked: {decision.describe()}"
            ) from None
        self.used += 1
        return picks


class DecisionPending(ControlFlow):  # noqa: N818 - control flow, not an error
    """An :class:`AnswerList` ran out: ``decision`` is the next decision the game asks."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(f"decision pending: {decision.describe()}")
        self.decision = decision


class AnswerList:
    """A decider answering from a list in order; when the list runs out it raises
    :class:`DecisionPending` (what-if play: replay a situation with the answers given so far).

    An answer that does not fit raises :class:`~engine.core.decisions.DecisionError`. Use it with a
    game module's ``prepare(scenario, decider, names)``: ``Prepared.play()`` lets both through.
    """

    def __init__(self, answers: list[Any]) -> None:
        self.answers = list(answers)
        self.used = 0

    def decide(self, decision: Decision, state: Any = None) -> list[str]:
        if self.used >= len(self.answers):
            raise DecisionPending(decision)
        picks = validate_answer(decision, self.answers[self.used])
        self.used += 1
        return picks
