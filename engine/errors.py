"""The engine's exceptions: one root, :class:`EngineError`, for everything the engine reports as
an error, and :class:`ControlFlow` for the signals it raises and catches inside itself.

Each error keeps the builtin it always had as a second base (``ValueError`` for bad input,
``RuntimeError``, ``LookupError``), so a caller catching that still catches it; a caller that
wants every engine error catches :class:`EngineError`. Anything else an engine raises is a bug.
"""

from __future__ import annotations


class EngineError(Exception):
    """The root of the engine's errors (scenario files, set-ups, settings, answers, sandbox)."""


class ControlFlow(Exception):  # noqa: N818 - a signal, not an error
    """The root of the engine's internal signals (a run stopped, a game over, a decision
    pending): raised and caught inside the engine, never an error a caller reports."""


class SetupError(EngineError, ValueError):
    """A game that cannot be set up as asked: an impossible supply or player count (Dominion's
    set-up and simulator) or a situation that validated but could not be built (the sandbox);
    the message names the problem."""
