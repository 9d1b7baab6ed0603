"""Addresses the pages link to: a page with its query changed, a demonstration at its ★ step,
an entry opened at one ruling."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from refapp.scenarios import ScenarioUnavailable
from refapp.state import get_state


def url_with(path: str, params: dict[str, Any], **changes: Any) -> str:
    """`path` with `params` changed by `changes` (None drops one); a list is a repeated parameter."""
    merged = {**params, **changes}
    clean = {k: v for k, v in merged.items() if v not in (None, "", [])}
    return path + ("?" + urlencode(clean, doseq=True) if clean else "")


def demo_url(scenario_id: str) -> str:
    """A demonstration's address at its ★ step, where the ruling happens (the top if it won't run)."""
    try:
        step = get_state().scenarios.ruling_step(scenario_id) + 1
    except ScenarioUnavailable:
        return f"/scenarios/{scenario_id}"
    # the step is in the query too: the server draws that step before any script runs
    return f"/scenarios/{scenario_id}?step={step}#step={step}"


def ruling_url(entry_url: str, ruling: str | None) -> str:
    """An entry's address opened at one ruling: highlighted (?r=) and scrolled to (#)."""
    return f"{entry_url}?{urlencode({'r': ruling})}#{ruling}" if ruling else entry_url
