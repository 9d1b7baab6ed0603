"""The what-if sandbox: replay any situation with the answers given so far (stateless, seeded).

``play(situation, answers, names)`` -> :class:`SandboxRun` (``to_dict()``: events, snapshots,
pending decision or None, finished, answered, result). Bad input raises :class:`SituationError`
or :class:`AnswersError` naming the field; an answer that does not fit raises
:class:`AnswerRefused` with the engine's reason; :class:`OverBudget` when one replay would use
more than :data:`LIMITS` allow. ``to_scenario`` turns a played sandbox into a scenario file.
"""

from engine.sandbox.export import to_scenario
from engine.sandbox.play import AnswersError, SandboxRun, play
from engine.sandbox.replay import AnswerRefused, OverBudget
from engine.sandbox.situation import LIMITS, Limits, SituationError

__all__ = [
    "LIMITS", "AnswerRefused", "AnswersError", "Limits", "OverBudget", "SandboxRun", "SituationError",
    "play", "to_scenario",
]
