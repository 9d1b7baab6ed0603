"""The "read as" chips under the search box on a 390x844 phone: tapping the guessed game off
brings the other game's card; at 200 % text and at 200 % zoom the chips take one row beside
their heading, swiped sideways, so that the first result starts on the first screen, and the
page itself never scrolls sideways; axe-core finds no serious or critical violation on them."""

from __future__ import annotations

import urllib.parse

import pytest
from axe_playwright_python.sync_playwright import Axe

PHONE = {"width": 390, "height": 844}
WITCH_Q = "witch bewitched the king who gets the crown"  # Citadels' words: the game is guessed

# the search box's hint: a visible label that wraps (a placeholder is cut at 200 %)
SEARCH_HINT_JS = """() => {
  const q = document.getElementById('q'), label = document.querySelector('label[for=q]');
  const fits = !!label && label.scrollWidth <= label.clientWidth
    && label.getBoundingClientRect().right <= innerWidth;
  return {placeholder: q.placeholder, hint: label ? label.innerText : '', fits};
}"""


def search_url(base: str, q: str) -> str:
    return f"{base}/search?" + urllib.parse.urlencode({"q": q})


def result_ids(page) -> list[str]:  # type: ignore[no-untyped-def]
    hrefs = page.locator("a.result-link").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    return [h.split("/entries/", 1)[1].split("?")[0].split("#")[0] for h in hrefs]


def test_tapping_the_game_chip_off_brings_the_other_games_card(live_server, phone, tmp_path):
    ctx, log = phone("en-US")
    page = ctx.new_page()
    page.goto(search_url(live_server.url, WITCH_Q))
    chips = page.locator(".understood .uchip")
    assert chips.first.is_visible()
    labels = [t.strip() for t in page.locator(".understood .uchip-label").all_inner_texts()]
    assert labels[0] == "Citadels" and "Witch" in labels
    assert "dominion/witch" not in result_ids(page)[:3]
    box = chips.first.bounding_box()
    assert box and box["height"] >= 44 and box["width"] >= 44  # a finger-sized target
    page.screenshot(path=str(tmp_path / "chips-before.png"))
    with page.expect_navigation():
        chips.first.click()
    assert "game=any" in page.url
    assert "dominion/witch" in result_ids(page)[:3] and "citadels/witch" in result_ids(page)[:3]
    assert page.locator(".understood .uchip-label").first.inner_text().strip() == "both games"
    page.screenshot(path=str(tmp_path / "chips-after.png"))
    assert log.errors == []


# the chips' row: its heading's and chips' rows, whether it scrolls, the last chip once scrolled to
# the end, and where the first result begins
CHIP_ROW_JS = """() => {
  const row = document.querySelector('.understood-chips'), head = document.querySelector('.understood-h');
  const first = row.querySelector('.uchip').getBoundingClientRect();
  const scrolls = row.scrollWidth > row.clientWidth;
  row.scrollLeft = row.scrollWidth;
  const chips = [...row.querySelectorAll('.uchip')], last = chips[chips.length - 1].getBoundingClientRect();
  const result = document.querySelector('ol.results li').getBoundingClientRect();
  return {
    tops: [...new Set(chips.map(a => Math.round(a.getBoundingClientRect().top)))],
    headMiddle: head.getBoundingClientRect().top + head.getBoundingClientRect().height / 2,
    firstTop: first.top, firstBottom: first.bottom, scrolls,
    lastLeft: last.left, lastRight: last.right, viewport: innerWidth, height: innerHeight,
    scrollWidth: document.documentElement.scrollWidth, resultTop: result.top,
  };
}"""


@pytest.mark.parametrize("how", ["phone", "text-200", "zoom-200"])
def test_on_a_phone_and_at_200_percent_the_chips_take_one_row_and_the_first_result_the_first_screen(
    live_server, browser, how, tmp_path
):
    zoom = how == "zoom-200"  # browser zoom 200 % on the phone: half the CSS pixels, 2 device px each
    viewport = {"width": 195, "height": 422} if zoom else PHONE
    ctx = browser.new_context(viewport=viewport, locale="zh-TW", device_scale_factor=2 if zoom else 1)
    try:
        page = ctx.new_page()
        if how == "text-200":
            ctx.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
        page.goto(search_url(live_server.url, WITCH_Q) + "&lang=zh-Hant")
        page.screenshot(path=str(tmp_path / f"chips-{how}.png"))
        assert page.locator(".understood .uchip").count() == 5
        m = page.evaluate(CHIP_ROW_JS)
        assert len(m["tops"]) == 1, m  # one row
        assert m["firstTop"] < m["headMiddle"] < m["firstBottom"], m  # beside its heading
        assert m["scrolls"] and m["lastLeft"] >= 0 and m["lastRight"] <= m["viewport"] + 0.5, m  # swiped to
        assert m["scrollWidth"] <= m["viewport"], m  # the page never scrolls sideways
        # the answer starts on the first screen (on the phone, in its upper half)
        assert m["resultTop"] < m["height"] * (0.5 if how == "phone" else 1), m
        hint = page.evaluate(SEARCH_HINT_JS)
        assert hint["placeholder"] == "" and hint["hint"] and hint["fits"], hint  # nothing cut off
    finally:
        ctx.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_finds_no_serious_or_critical_violation_on_the_chips(live_server, browser, theme):
    ctx = browser.new_context(viewport=PHONE, locale="zh-CN", color_scheme=theme)
    try:
        page = ctx.new_page()
        found = {}
        for q in (WITCH_Q, "金殿 村庄 几个行动", "图书馆 什么时候 能用"):
            page.goto(search_url(live_server.url, q))
            page.wait_for_load_state("load")
            assert page.locator(".understood .uchip").count() >= 2, q
            results = Axe().run(page)
            found[q] = [
                f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
                for v in results.response["violations"]
                if v["impact"] in ("serious", "critical")
            ]
        assert all(not v for v in found.values()), found
    finally:
        ctx.close()
