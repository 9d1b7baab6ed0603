"""Every demo, opened where "show me" opens it: at the ★ step, with the place that changed there in
view above the demo bar, on the phone and at 200 % zoom; its step numbers never clipped."""

from __future__ import annotations

import pytest
from conftest import CHROMIUM_ARGS, PHONE  # noqa: F401  (the phone the other browser tests use)
from player_helpers import start_player

ZOOM_200 = {"width": 195, "height": 422}  # browser zoom 200 % on the phone: half the CSS pixels

# where the changed place sits against the fixed part of the demo bar, and whether the ★ step shows
PLACE_JS = """() => {
  const bar = document.getElementById('playbar');
  const part = getComputedStyle(bar).display === 'contents' ? bar.querySelector('.controls') : bar;
  const narration = document.getElementById('narration');
  const changed = document.querySelector('#board .zone.changed, #board .counters.changed');
  const shown = document.querySelector('#board [data-revealed]');
  const r = shown ? shown.getBoundingClientRect() : null;
  return {star: narration.classList.contains('hl'), changed: !!changed, revealed: !!shown,
          top: r && r.top, bottom: r && r.bottom, barTop: part.getBoundingClientRect().top};
}"""

# the widest step number of the list against the room its list leaves for numbers
NUMBERS_JS = """() => {
  const ol = document.getElementById('steplist');
  const items = ol.querySelectorAll('li');
  const font = getComputedStyle(items[0]);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = font.fontWeight + ' ' + font.fontSize + ' ' + font.fontFamily;
  return [ctx.measureText(items.length + '. ').width, parseFloat(getComputedStyle(ol).paddingLeft)];
}"""


@pytest.fixture(scope="module")
def demo_urls(live_server) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Each demo's "show me" address (the ★ step), as the app's own pages link to it."""
    from refapp.links import demo_url

    app = live_server.app
    with app.test_request_context("/"):
        ids = sorted(app.extensions["refapp"].scenarios.summaries)
        return {sid: demo_url(sid) for sid in ids}


@pytest.mark.parametrize("viewport", [PHONE, ZOOM_200], ids=["phone", "zoom-200"])
def test_every_demo_opens_at_its_star_step_with_the_changed_place_in_view(
    live_server, browser, demo_urls, viewport
):
    ctx = browser.new_context(viewport=viewport, locale="zh-CN", device_scale_factor=1)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    outside, no_star, clipped, checked = {}, [], {}, 0
    try:
        for sid, url in demo_urls.items():
            if "?step=" not in url:
                no_star.append(sid)  # the app found no ★ step to open at
                continue
            start_player(page, live_server.url + url)
            place = page.evaluate(PLACE_JS)
            if not place["star"]:
                no_star.append(sid)
            if place["changed"]:
                checked += 1
                if not place["revealed"] or not (place["top"] < place["barTop"] and place["bottom"] > 0):
                    outside[sid] = place
            if viewport is ZOOM_200:
                need, room = page.evaluate(NUMBERS_JS)
                if need > room:
                    clipped[sid] = (need, room)
        assert no_star == [], "demos that do not open at their ★ step"
        assert outside == {}, "demos whose changed place is off screen at the ★ step"
        assert clipped == {}, "step numbers wider than the list leaves for them"
        print(f"{checked} of {len(demo_urls)} demos change the board at the ★ step, all in view: {viewport}")
        assert checked >= len(demo_urls) // 2, f"only {checked} demos change the board at the ★ step"
        assert errors == []
    finally:
        ctx.close()
