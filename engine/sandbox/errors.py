"""What can stop a sandbox replay, in two families.

:class:`SandboxError` and its kinds are the client's: the situation, the answers or the work they
ask for do not fit (a 4xx; ``field`` names where, the message says what). :class:`TooSlow` is the
wall-clock safety net (the service's, not the client's: try again). Anything else a replay raises
is an engine bug.
"""

from __future__ import annotations

from typing import Any

from engine.errors import EngineError


class SandboxError(EngineError, ValueError):
    """The request cannot be played as sent: ``field`` names where, the message says what."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field

    def details(self) -> dict[str, Any]:
        """What a reply adds to the message and the field (e.g. the limit passed)."""
        return {}


class SituationError(SandboxError):
    """The situation cannot be played (bad, or over the size limits)."""


class AnswersError(SandboxError):
    """The answers list is malformed or too long (the field names ``answers[i]``)."""


class AnswerRefused(SandboxError):
    """Answer ``index`` does not fit the decision asked; ``reason`` is the engine's."""

    def __init__(self, index: int, reason: str, decision: Any = None) -> None:
        super().__init__(f"answers[{index}]", f"answers[{index}]: {reason}")
        self.index = index
        self.reason = reason
        self.decision = decision

    def details(self) -> dict[str, Any]:
        return {"index": self.index, "reason": self.reason}


class OverBudget(SandboxError):  # noqa: N818 - named for what the client reads: over the budget
    """The replay would do more work than one request may: ``limit`` names the budget, ``most`` its size."""

    def __init__(self, limit: str, most: int, message: str) -> None:
        super().__init__(f"limits.{limit}", f"limits.{limit}: {message}")
        self.limit = limit
        self.most = most

    def details(self) -> dict[str, Any]:
        return {"limit": self.limit, "most": self.most}


class TooSlow(EngineError):  # noqa: N818
    """The safety net: a replay ran longer on the wall clock than any replay within the work budgets
    should (a machine far too busy, or an engine bug); not the client's fault: try again later."""
