"""The what-if sandbox: replay any situation with the answers given so far (stateless, seeded).

``play(situation, answers, names, limits, boards)`` -> :class:`SandboxRun` (``to_dict()``: events,
the boards asked for (snapshots and the events they follow), pending decision or None, finished,
answered, result). What the client sent raises a :class:`SandboxError`: :class:`SituationError`
or :class:`AnswersError` naming the field, :class:`AnswerRefused` with the engine's reason,
:class:`OverBudget` when one replay would do more work than :data:`LIMITS` allow (counted, never
timed). :class:`TooSlow` is the wall-clock safety net; anything else is an engine bug.
``to_scenario`` turns a played sandbox into a scenario file.
"""

from engine.sandbox.errors import (
    AnswerRefused,
    AnswersError,
    OverBudget,
    SandboxError,
    SituationError,
    TooSlow,
)
from engine.sandbox.export import to_scenario
from engine.sandbox.play import SandboxRun, play
from engine.sandbox.replay import ALL_BOARDS, Boards
from engine.sandbox.situation import LIMITS, Limits

__all__ = [
    "ALL_BOARDS", "LIMITS", "AnswerRefused", "AnswersError", "Boards", "Limits", "OverBudget", "SandboxError",
    "SandboxRun", "SituationError", "TooSlow", "play", "to_scenario",
]
