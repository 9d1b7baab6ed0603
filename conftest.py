"""Settings for the whole test suite (pytest reads this file first).

Hypothesis' per-example deadline (200 ms by default) is a clock: on a busy machine the same example
runs slower and the property test fails for no fault of the code. The suite bounds work (examples),
never time, so the deadline is off everywhere; `max_examples` stays as each test sets it."""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("suite", deadline=None)
settings.load_profile("suite")
