"""The suite's property tests are bounded by examples, not by a clock (tests/conftest.py)."""

from hypothesis import HealthCheck, settings


def test_hypothesis_has_no_deadline_and_no_too_slow_check_by_default():
    current = settings()
    assert current.deadline is None
    assert HealthCheck.too_slow in current.suppress_health_check
