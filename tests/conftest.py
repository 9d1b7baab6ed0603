"""Settings for the whole suite.

Hypothesis bounds a property test by its examples, never by a clock: its default 200 ms deadline
per example and its "too slow" health check fail a test on a busy machine that passes on an idle
one (seen on the shared 2-core CI). A test may still set its own ``max_examples``.

This file lives in tests/ rather than the project root: a top-level module named ``conftest``
would shadow tests/browser/conftest.py, which the browser tests import by that name.
"""

from hypothesis import HealthCheck, settings

settings.register_profile("work-bounded", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("work-bounded")
