"""What the browser tests do with the demo player: open it at a step, read which step it shows."""

from __future__ import annotations

import re

STEP = re.compile(r"(\d+)\D+(\d+)")


def step_of(page) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    m = STEP.search(page.locator("#step-label").inner_text())
    assert m, page.locator("#step-label").inner_text()
    return int(m.group(1)), int(m.group(2))


def start_player(page, url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(url)
    page.locator("#player[data-ready] .stage").wait_for(timeout=5000)
    page.wait_for_load_state("load")
