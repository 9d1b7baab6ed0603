"""A ruling's published sources on a 360 px phone: on the source line, wrapped inside the card,
and the page does not scroll sideways."""

from __future__ import annotations

import pytest

PAGES = [
    ("/entries/citadels/poor-house", "costs-five"),
    ("/entries/citadels/queen", "five-or-more-players"),
    ("/entries/citadels/rules/three-player-variant", "two-characters-each"),
]

OVERFLOW_JS = """(rulingId) => {
  const line = document.querySelector(`#${rulingId} .sources .published`);
  if (!line) return null;
  const card = document.getElementById(rulingId).getBoundingClientRect();
  const outside = [...line.querySelectorAll('.pub')].map(e => e.getBoundingClientRect())
    .filter(r => r.right > card.right + 0.5 || r.left < card.left - 0.5).length;
  return {outside, text: line.textContent, page: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize("locale", ["en-US", "zh-CN", "zh-TW"])
def test_published_sources_wrap_inside_the_ruling_at_360px(live_server, browser, locale):
    ctx = browser.new_context(viewport={"width": 360, "height": 780}, locale=locale, device_scale_factor=1)
    try:
        page = ctx.new_page()
        for path, ruling in PAGES:
            page.goto(live_server.url + path)
            found = page.evaluate(OVERFLOW_JS, ruling)
            assert found is not None, (path, ruling)
            # a title in words (no repository path), linked to its address
            assert "/" not in found["text"] and ("已出版" in found["text"] or "Published" in found["text"])
            assert found["outside"] == 0, (path, found)
            assert found["page"] <= 360, (path, found)
    finally:
        ctx.close()
