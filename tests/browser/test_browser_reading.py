"""Reading at the table on a 390x844 phone: the answer on the first screen, a demo that goes
straight to its ruling with controls that never move, text that scales, and no serious or
critical accessibility violations (axe-core, run from the axe-playwright-python package).
Screenshots of each page are written under the test's tmp_path."""

from __future__ import annotations

import json
import re
import urllib.parse
import urllib.request

import pytest
from axe_playwright_python.sync_playwright import Axe
from player_helpers import start_player, step_of

PHONE = {"width": 390, "height": 844}
THEMES = ["light", "dark"]
FIRST_SCREEN_QUERIES = [
    ("刺客 殺 國王", "zh-Hant"),
    ("图书馆", "zh-Hans"),
    ("tushuguan", "zh-Hans"),
    ("moat witch", "en"),
]
LIBRARY_DEMOS_OF = "dominion/library"


def get_json(url: str):  # type: ignore[no-untyped-def]
    with urllib.request.urlopen(url, timeout=10) as r:  # noqa: S310 - loopback test server
        return json.loads(r.read().decode())


def open_page(browser, lang: str = "zh-Hans", theme: str = "light", **kwargs):  # type: ignore[no-untyped-def]
    ctx = browser.new_context(
        viewport=kwargs.pop("viewport", PHONE),
        locale={"zh-Hans": "zh-CN", "zh-Hant": "zh-TW", "en": "en-US"}[lang],
        color_scheme=theme,
        device_scale_factor=kwargs.pop("device_scale_factor", 1),
        **kwargs,
    )
    return ctx, ctx.new_page()




@pytest.fixture(scope="module")
def library_demos(live_server) -> list[str]:
    ids = [
        s["id"]
        for s in get_json(live_server.url + "/api/scenarios")["scenarios"]
        if s["entry"] == LIBRARY_DEMOS_OF
    ]
    assert ids, "no Library demonstration"
    return ids


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize(("query", "lang"), FIRST_SCREEN_QUERIES)
def test_the_first_result_is_the_searchs_first_and_fully_on_the_first_screen(
    live_server, browser, query, lang, theme, tmp_path
):
    api = get_json(f"{live_server.url}/api/search?" + urllib.parse.urlencode({"q": query, "lang": lang}))
    ranked = [r["id"] for r in api["results"]]
    assert ranked, query
    ctx, page = open_page(browser, lang, theme)
    try:
        page.goto(f"{live_server.url}/search?" + urllib.parse.urlencode({"q": query}))
        shown = [
            h.split("/entries/", 1)[1].split("?")[0].split("#")[0]
            for h in page.locator("a.result-link").evaluate_all("els => els.map(e => e.getAttribute('href'))")
        ]
        assert shown == ranked[: len(shown)] and shown, (shown[:5], ranked[:5])  # rank order, never regrouped
        card = page.locator("li.result").first.bounding_box()
        assert card and card["y"] >= 0 and card["y"] + card["height"] <= PHONE["height"], card
        badge = page.locator("li.result").first.locator(".badge.game")
        assert badge.inner_text().strip()  # the game as a badge on the card
        top = api["results"][0]
        if top["scenarios"]:  # "show me" plays the search's first demo: the matched ruling's
            showme = page.locator("li.result").first.locator("a.showme")
            assert showme.get_attribute("href").startswith(f"/scenarios/{top['scenarios'][0]}?step=")
        page.screenshot(path=str(tmp_path / f"results-{lang}-{theme}.png"))
    finally:
        ctx.close()


def test_a_result_offers_the_demo_of_its_matched_ruling(live_server, browser):
    demos = {s["id"]: s for s in get_json(live_server.url + "/api/scenarios")["scenarios"]}
    api = get_json(
        f"{live_server.url}/api/search?" + urllib.parse.urlencode({"q": "moat witch", "lang": "en"})
    )
    top = api["results"][0]
    assert top["ruling"] and demos[top["scenarios"][0]]["ruling"] == top["ruling"]
    ctx, page = open_page(browser, "en")
    try:
        page.goto(f"{live_server.url}/search?q=moat+witch")
        card = page.locator("li.result").first
        assert card.locator("blockquote.ruling-text a").get_attribute("href").endswith(f"#{top['ruling']}")
        showme = card.locator("a.showme").get_attribute("href")
        assert showme.startswith(f"/scenarios/{top['scenarios'][0]}?step=")
    finally:
        ctx.close()


def test_filters_fold_into_one_control_and_active_filters_are_removable(live_server, browser, tmp_path):
    ctx, page = open_page(browser, "en")
    try:
        page.goto(f"{live_server.url}/search?q=library")
        assert page.locator("details.filters").count() == 1
        assert not page.locator(".filter-panel").is_visible()
        page.locator("details.filters summary").click()
        assert page.locator(".filter-panel").is_visible()
        page.locator(".filter-panel").get_by_role("link", name="Citadels", exact=True).click()
        page.wait_for_url(re.compile(r"game=citadels"))
        chip = page.locator(".active-filters a.chip")
        assert chip.count() == 1 and "Citadels" in chip.inner_text()
        page.screenshot(path=str(tmp_path / "results-filtered.png"))
        chip.click()
        page.wait_for_url(re.compile(r"/search\?q=library$"))
        assert page.locator(".active-filters").count() == 0
    finally:
        ctx.close()


def test_tapping_next_at_one_fixed_point_goes_through_every_library_step(live_server, browser, library_demos):
    ctx, page = open_page(browser, "zh-Hans", has_touch=True)
    try:
        for sid in library_demos:
            start_player(page, f"{live_server.url}/scenarios/{sid}")
            first, total = step_of(page)
            assert first == 1
            box = page.locator("[data-act=next]").bounding_box()
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            for expected in range(2, total + 1):
                page.touchscreen.tap(x, y)  # the same spot every time
                assert step_of(page) == (expected, total), sid
            assert page.locator("[data-act=next]").is_disabled()
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "en"])
def test_the_ruling_step_is_one_tap_from_opening_and_announced(
    live_server, browser, library_demos, lang, tmp_path
):
    sid = library_demos[0]
    run = get_json(f"{live_server.url}/scenarios/{sid}.json")
    marked = set(run["highlight"])
    star = next(i for i, ev in enumerate(run["events"]) if ev["seq"] in marked)
    ctx, page = open_page(browser, lang)
    try:
        start_player(page, f"{live_server.url}/scenarios/{sid}")
        page.screenshot(path=str(tmp_path / f"player-open-{lang}.png"))
        page.locator("[data-act=ruling]").click()  # one tap
        assert step_of(page)[0] == star + 1
        narration = page.locator("#narration")
        assert narration.get_attribute("aria-live") == "polite"
        assert "hl" in narration.get_attribute("class") and narration.inner_text().startswith("★")
        assert "now" in page.locator("#ruling-box").get_attribute("class")  # the ruling text, marked
        assert page.locator("#ruling-box").is_visible()
        page.screenshot(path=str(tmp_path / f"player-ruling-{lang}.png"))
    finally:
        ctx.close()


def test_the_step_survives_a_language_switch(live_server, browser, library_demos, tmp_path):
    sid = library_demos[0]
    ctx, page = open_page(browser, "zh-Hans")
    try:
        start_player(page, f"{live_server.url}/scenarios/{sid}#step=5")
        assert step_of(page)[0] == 5
        page.locator("[data-act=next]").click()
        page.locator('.langs a[hreflang="zh-Hant"]').click()
        page.wait_for_load_state()
        page.locator("#player[data-ready] .stage").wait_for()
        assert page.locator("html").get_attribute("lang") == "zh-Hant"
        assert page.url.endswith("#step=6") and step_of(page)[0] == 6
        page.locator('.langs a[hreflang="en"]').click()
        page.wait_for_load_state()
        page.locator("#player[data-ready] .stage").wait_for()
        assert page.locator("html").get_attribute("lang") == "en" and step_of(page)[0] == 6
        page.screenshot(path=str(tmp_path / "player-after-switch-en.png"))
    finally:
        ctx.close()


def test_citadels_header_counts_rounds_in_the_narrations_word(live_server, browser):
    demos = [
        s["id"] for s in get_json(live_server.url + "/api/scenarios")["scenarios"] if s["game"] == "citadels"
    ]
    words = {"zh-Hans": ("轮", "回合"), "zh-Hant": ("輪", "回合"), "en": ("Round", "Turn")}
    for lang, (word, other) in words.items():
        ctx, page = open_page(browser, lang)
        try:
            start_player(page, f"{live_server.url}/scenarios/{demos[0]}")
            label = page.locator("#step-label").inner_text()
            assert word in label and other not in label, label
        finally:
            ctx.close()


def test_players_not_involved_start_folded_and_unfold_on_tap(live_server, browser, tmp_path):
    sid = "citadels-abbot-richest-pays"
    run = get_json(f"{live_server.url}/scenarios/{sid}.json")
    start = run["snapshots"][0]["players"]
    involved = {e["player"] for e in run["events"] if e.get("player") is not None}
    involved |= {s.get("active") for s in run["snapshots"] if s.get("active") is not None}
    for snap in run["snapshots"]:  # whose cards or counters change
        involved |= {
            i
            for i, p in enumerate(snap["players"])
            if (p["zones"], p["counters"]) != (start[i]["zones"], start[i]["counters"])
        }
    outsiders = [i for i in range(len(start)) if i not in involved]
    assert outsiders, "the demo has no uninvolved player any more: pick another"
    ctx, page = open_page(browser, "zh-Hans")
    try:
        start_player(page, f"{live_server.url}/scenarios/{sid}")
        folds = page.locator("#board .pl .fold")
        states = [folds.nth(i).get_attribute("aria-expanded") for i in range(folds.count())]
        assert [i for i, s in enumerate(states) if s == "false"] == outsiders
        page.screenshot(path=str(tmp_path / "player-folded.png"), full_page=True)
        folds.nth(outsiders[0]).click()
        assert page.locator("#board .pl .fold").nth(outsiders[0]).get_attribute("aria-expanded") == "true"
        page.locator("[data-act=next]").click()  # the choice holds from step to step
        assert page.locator("#board .pl .fold").nth(outsiders[0]).get_attribute("aria-expanded") == "true"
    finally:
        ctx.close()


FONT_PX = "(sel) => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize)"


def font_sizes(page, live_server, library_demo: str) -> dict[str, float]:  # type: ignore[no-untyped-def]
    sizes = {}
    page.goto(f"{live_server.url}/search?q=moat")
    sizes["ruling text in a result"] = page.evaluate(FONT_PX, "li.result .ruling-text")
    page.goto(f"{live_server.url}/search?q=图书馆")
    sizes["snippet"] = page.evaluate(FONT_PX, "li.result .snippet")
    page.goto(f"{live_server.url}/entries/dominion/library")
    sizes["ruling on the entry page"] = page.evaluate(FONT_PX, ".ruling .prose")
    start_player(page, f"{live_server.url}/scenarios/{library_demo}")
    sizes["narration"] = page.evaluate(FONT_PX, "#narration")
    sizes["ruling box in the demo"] = page.evaluate(FONT_PX, ".ruling-box .prose")
    return sizes


def test_text_follows_the_browsers_text_size(live_server, browser, library_demos, tmp_path):
    """Chromium's own text-size setting (the default font size, 16 px -> 32 px = 200 %)."""
    ctx, page = open_page(browser, "zh-Hans")
    try:
        normal = font_sizes(page, live_server, library_demos[0])
        cdp = ctx.new_cdp_session(page)
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
        large = font_sizes(page, live_server, library_demos[0])
        page.screenshot(path=str(tmp_path / "player-text-200.png"))
        ratios = {k: large[k] / normal[k] for k in normal}
        assert all(r >= 1.8 for r in ratios.values()), ratios
    finally:
        ctx.close()


# the visible words of the header's links and buttons that the browser wrapped onto two lines
BROKEN_WORDS_JS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('.top a, .top button')) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const box = node.parentElement.getBoundingClientRect();
      if (box.width <= 1 || !node.textContent.trim()) continue;  // hidden, or only for screen readers
      const range = document.createRange();
      range.selectNodeContents(node);
      if (range.getClientRects().length > 1) out.push(node.textContent);
    }
  }
  return out;
}"""


def test_at_200_percent_zoom_the_header_links_do_not_break(live_server, browser, tmp_path):
    # browser zoom 200 % on a 390 px phone = a 195 CSS px wide viewport at 2 device pixels per px
    ctx, page = open_page(browser, "en", viewport={"width": 195, "height": 422}, device_scale_factor=2)
    try:
        for path in ("/", "/entries/dominion/library", "/search?q=library"):
            page.goto(live_server.url + path)
            broken = page.evaluate(BROKEN_WORDS_JS)
            assert broken == [], (path, broken)
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 195, path
        page.screenshot(path=str(tmp_path / "zoom-200-en.png"))
    finally:
        ctx.close()


def test_large_text_toggle_is_remembered_on_this_device(live_server, browser, tmp_path):
    ctx, page = open_page(browser, "zh-Hans")
    try:
        page.goto(live_server.url + "/entries/dominion/library")
        before = page.evaluate(FONT_PX, ".ruling .prose")
        toggle = page.locator("#textsize")
        assert toggle.is_visible() and toggle.get_attribute("aria-pressed") == "false"
        toggle.click()
        assert toggle.get_attribute("aria-pressed") == "true"
        after = page.evaluate(FONT_PX, ".ruling .prose")
        assert after >= 1.2 * before
        other = ctx.new_page()
        other.goto(live_server.url + "/search?q=图书馆")
        assert "large-text" in (other.locator("html").get_attribute("class") or "")
        assert other.locator("#textsize").get_attribute("aria-pressed") == "true"
        other.screenshot(path=str(tmp_path / "results-large-text.png"))
        other.locator("#textsize").click()
        other.reload()
        assert "large-text" not in (other.locator("html").get_attribute("class") or "")
    finally:
        ctx.close()


def axe_pages(live_server, library_demo: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {
        "home": "/",
        "results": "/search?q=图书馆",
        "entry": "/entries/dominion/library",
        "player": f"/scenarios/{library_demo}",
        "browse": "/browse?game=citadels",
        # issue 20's screens: the tools, the sandbox (with an error shown), an FAQ, a Citadels demo
        "tools": "/tools",
        "setup": "/tools/setup?game=citadels&players=5",
        "kingdom": "/tools/kingdom",
        "score": "/tools/score",
        "sandbox": "/sandbox",
        "sandbox-error": "/sandbox?s=" + three_player_assassin(),
        "faq": "/entries/citadels/faq/abilities-optional",
        "player-citadels": "/scenarios/citadels-diplomat-after-completing?step=1",
        "player-200-zoom": f"/scenarios/{library_demo}",
    }


def three_player_assassin() -> str:
    from refapp.sandbox_code import encode

    players = [
        {"name": n, "counters": {"gold": 2},
         "zones": {"hand": [], "city": [], "characters": ["assassin"] if n == "Ann" else []}}
        for n in ("Ann", "Ben", "Cid")
    ]
    setup = {"start": "turns", "stop": "round", "settings": {"three_player": "one-character"}}  # no Assassin
    return encode({"game": "citadels", "players": players, "setup": setup}, [])


@pytest.mark.parametrize("theme", THEMES)
def test_axe_finds_no_serious_or_critical_violation(live_server, browser, library_demos, theme):
    axe = Axe()
    ctx, page = open_page(browser, "zh-Hans", theme)
    found: dict[str, list[str]] = {}
    try:
        for name, path in axe_pages(live_server, library_demos[0]).items():
            page.set_viewport_size({"width": 195, "height": 422} if name.endswith("200-zoom") else PHONE)
            if name.startswith("player"):
                start_player(page, live_server.url + path)
                page.locator("[data-act=ruling]").click()
            else:
                page.goto(live_server.url + path)
                page.wait_for_load_state("load")
            if name == "sandbox-error":
                page.locator("#sb-error details").wait_for(state="attached")
            if name == "score":
                page.fill("input[name='p0.name']", "Ann")
                page.locator("#tool-form button[type=submit]").click()
            if name == "results":
                page.locator("details.filters summary").click()  # the open filter panel too
            results = axe.run(page)
            found[name] = [
                f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
                for v in results.response["violations"]
                if v["impact"] in ("serious", "critical")
            ]
        # the open suggestion list of the search box
        page.goto(live_server.url + "/")
        page.locator("#q").fill("图书")
        page.locator("#q-suggest [role=option]").first.wait_for(timeout=5000)
        results = axe.run(page)
        found["suggestions"] = [
            f"{v['id']} ({v['impact']})"
            for v in results.response["violations"]
            if v["impact"] in ("serious", "critical")
        ]
    finally:
        ctx.close()
    assert {k: v for k, v in found.items() if v} == {}
