"""A player on a phone: search in each script → result → entry → "show me" → step to the end
and back; the language switch persists; the site works offline after one visit; no console
errors. Screenshots of each page are written under the test's tmp_path."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

LOCALES = {"zh-Hans": "zh-CN", "zh-Hant": "zh-TW", "en": "en-US"}
STEP_LABEL = {
    "zh-Hans": r"第 (\d+) 步，共 (\d+) 步",
    "zh-Hant": r"第 (\d+) 步，共 (\d+) 步",
    "en": r"Step (\d+) of (\d+)",
}


def get_json(url: str):  # type: ignore[no-untyped-def]
    with urllib.request.urlopen(url, timeout=10) as r:  # noqa: S310 - loopback test server
        return json.loads(r.read().decode())


@pytest.fixture(scope="module")
def target(live_server):  # type: ignore[no-untyped-def]
    """A scenario and the entry it demonstrates."""
    scenarios = get_json(live_server.url + "/api/scenarios")["scenarios"]
    assert scenarios, "no scenario to show"
    # a Dominion card (its name is distinctive in every script), else anything
    scenarios.sort(key=lambda s: (s["game"] != "dominion", s["entry"].count("/") != 1, s["id"]))
    chosen = scenarios[0]
    entry = get_json(f"{live_server.url}/entries/{chosen['entry']}.json")
    return chosen, entry


def entry_has_ruling_text(scenario: dict, entry: dict) -> bool:
    return any(r["id"] == scenario["ruling"] for r in entry["rulings"])


def wait_until(page, js: str, seconds: float = 10) -> None:  # type: ignore[no-untyped-def]
    """Poll a predicate (wait_for_function would need 'unsafe-eval', which our CSP forbids)."""
    for _ in range(int(seconds * 10)):
        if page.evaluate(js):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"timed out waiting for {js}")


def step_numbers(page, lang: str) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    text = page.locator("#step-label").inner_text()
    m = re.search(STEP_LABEL[lang], text)
    assert m, text
    return int(m.group(1)), int(m.group(2))


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "en"])
def test_search_result_entry_show_me_and_step_through(live_server, phone, target, lang, tmp_path):
    scenario, entry = target
    ctx, log = phone(locale=LOCALES[lang])
    page = ctx.new_page()
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == lang
    box = page.locator("#q")
    assert box.evaluate("el => el === document.activeElement")  # the search box has focus
    page.screenshot(path=str(tmp_path / f"home-{lang}.png"), full_page=True)

    name = entry["names"][lang]
    box.fill(name)
    page.locator("#q-suggest [role=option]").first.wait_for(timeout=5000)  # autocomplete appears
    box.press("Escape")
    page.locator("form.search button[type=submit]").click()
    page.wait_for_url(re.compile(r"/search\?q="))
    eid = entry["id"]
    link = page.locator(f'a.result-link[href="/entries/{eid}"], a.result-link[href^="/entries/{eid}?"]')
    assert link.count() == 1, f"{entry['id']} not among the results for {name!r}"
    assert page.locator("mark").count() > 0
    page.screenshot(path=str(tmp_path / f"results-{lang}.png"), full_page=True)

    link.click()
    page.wait_for_url(re.compile(rf"/entries/{re.escape(eid)}(\?|#|$)"))
    assert page.locator("h1").inner_text().strip() == name
    for script in ("en", "zh-Hans", "zh-Hant"):
        assert entry["names"][script] in page.locator(".names").first.inner_text()
    page.screenshot(path=str(tmp_path / f"entry-{lang}.png"), full_page=True)

    page.locator(f'a.showme[href^="/scenarios/{scenario["id"]}?step="]').first.click()
    page.wait_for_url(f"**/scenarios/{scenario['id']}**")
    page.locator("#player[data-ready] .stage").wait_for(timeout=5000)
    star, total = step_numbers(page, lang)  # "show me" opens at the ★ step
    assert "hl" in (page.locator("#narration").get_attribute("class") or ""), star
    page.locator("[data-act=first]").click()
    first, total = step_numbers(page, lang)
    assert first == 1 and total >= 2
    assert page.locator("#board .pl").count() >= 1
    nxt, prev = page.locator("[data-act=next]"), page.locator("[data-act=prev]")
    seen_highlight = False
    for expected in range(2, total + 1):
        nxt.click()
        assert step_numbers(page, lang) == (expected, total)
        assert page.url.endswith(f"#step={expected}")
        at_ruling = "hl" in (page.locator("#narration").get_attribute("class") or "")
        if at_ruling and entry_has_ruling_text(scenario, entry):
            assert "now" in page.locator("#ruling-box").get_attribute("class")  # the ruling marked
        seen_highlight = seen_highlight or at_ruling
    assert nxt.is_disabled()
    assert seen_highlight, "the ruling step was never highlighted"
    page.screenshot(path=str(tmp_path / f"player-end-{lang}.png"), full_page=True)
    for expected in range(total - 1, 0, -1):
        prev.click()
        assert step_numbers(page, lang) == (expected, total)
    assert prev.is_disabled()
    assert log.errors == []


def test_deep_link_to_a_step_and_keyboard_stepping(live_server, phone, target, tmp_path):
    scenario, _ = target
    ctx, log = phone(locale="en-US")
    page = ctx.new_page()
    total = len(get_json(f"{live_server.url}/scenarios/{scenario['id']}.json")["events"])
    step = min(3, total)
    page.goto(f"{live_server.url}/scenarios/{scenario['id']}#step={step}")
    page.locator("#player[data-ready] .stage").wait_for()
    assert step_numbers(page, "en") == (step, total)
    assert page.locator(f"#steplist li:nth-child({step}).current").count() == 1
    page.locator("[data-act=next]").focus()
    page.keyboard.press("ArrowLeft")
    assert step_numbers(page, "en") == (step - 1, total)
    page.keyboard.press("End")
    assert step_numbers(page, "en") == (total, total)
    page.keyboard.press("Home")
    assert step_numbers(page, "en") == (1, total)
    # pressing "next" with the keyboard to the end keeps the focus inside the controls
    page.locator("[data-act=next]").focus()
    for _ in range(total - 1):
        page.keyboard.press("Enter")
    assert step_numbers(page, "en") == (total, total)
    assert page.evaluate("() => document.activeElement.getAttribute('data-act')") == "play"
    page.screenshot(path=str(tmp_path / "player-deeplink.png"), full_page=True)
    assert log.errors == []


def test_play_runs_to_the_end_and_pauses(live_server, phone, target):
    scenario, _ = target
    ctx, log = phone(locale="en-US", reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(f"{live_server.url}/scenarios/{scenario['id']}")
    page.locator("#player[data-ready] .stage").wait_for()
    page.select_option("#speed", "700")
    total = step_numbers(page, "en")[1]
    page.locator("[data-act=last]").click()
    page.locator("[data-act=prev]").click()
    page.locator("[data-act=play]").click()
    assert page.locator("[data-act=play]").get_attribute("aria-pressed") == "true"
    page.locator('[data-act=play][aria-pressed="false"]').wait_for(timeout=10000)
    assert step_numbers(page, "en") == (total, total)
    assert log.errors == []


def test_language_switch_persists_across_pages_and_visits(live_server, phone, target, tmp_path):
    _, entry = target
    ctx, log = phone(locale="zh-CN")
    page = ctx.new_page()
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "zh-Hans"
    page.locator('.langs a[hreflang="zh-Hant"]').click()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "zh-Hant"
    assert "搜尋" in page.locator("form.search button").inner_text()
    page.goto(f"{live_server.url}/entries/{entry['id']}")
    assert page.locator("html").get_attribute("lang") == "zh-Hant"
    assert page.locator("h1").inner_text().strip() == entry["names"]["zh-Hant"]
    page.locator('.langs a[hreflang="en"]').click()
    page.wait_for_url(f"**/entries/{entry['id']}")
    assert page.locator("html").get_attribute("lang") == "en"
    again = ctx.new_page()
    again.goto(live_server.url + "/browse?game=citadels")
    assert again.locator("html").get_attribute("lang") == "en"
    assert again.locator("h1").inner_text().strip() == "Browse: Citadels"  # names its filter
    again.screenshot(path=str(tmp_path / "browse-en.png"), full_page=True)
    assert log.errors == []


def test_friendly_404_in_the_chosen_script(live_server, phone, tmp_path):
    ctx, log = phone(locale="zh-TW")
    page = ctx.new_page()
    response = page.goto(live_server.url + "/entries/dominion/no-such-card")
    assert response.status == 404
    assert "找不到頁面" in page.locator("h1").inner_text()
    page.screenshot(path=str(tmp_path / "404-zh-Hant.png"), full_page=True)
    assert [e for e in log.errors if "404" not in e] == []


def test_works_offline_after_one_visit(live_server, phone, target, tmp_path):
    scenario, entry = target
    ctx, log = phone(locale="zh-CN", service_workers="allow")
    page = ctx.new_page()
    page.goto(live_server.url + "/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    wait_until(page, "() => navigator.serviceWorker.controller !== null")
    page.goto(f"{live_server.url}/entries/{entry['id']}")
    page.goto(f"{live_server.url}/scenarios/{scenario['id']}")
    page.locator("#player[data-ready] .stage").wait_for()

    ctx.set_offline(True)
    page.goto(f"{live_server.url}/entries/{entry['id']}")
    page.locator("h1", has_text=entry["names"]["zh-Hans"]).wait_for(timeout=5000)
    assert page.locator("h1").inner_text().strip() == entry["names"]["zh-Hans"]
    page.goto(f"{live_server.url}/scenarios/{scenario['id']}#step=2")
    page.locator("#player[data-ready] .stage").wait_for(timeout=5000)
    assert step_numbers(page, "zh-Hans")[0] == 2
    page.screenshot(path=str(tmp_path / "offline-player.png"), full_page=True)

    # name search without the network: a query never typed before
    other = entry["names"]["zh-Hant"]
    page.goto(live_server.url + "/search?q=" + other)
    # the offline search ranks as the server does (#pack-results); the names list is its fallback
    link = f'a[href^="/entries/{entry["id"]}"]'
    page.locator(f"#pack-results {link}, #offline-results {link}").first.wait_for(timeout=5000)
    page.screenshot(path=str(tmp_path / "offline-search.png"), full_page=True)
    page.goto(live_server.url + "/")
    page.locator("#q").fill(entry["names"]["en"][:4])
    page.locator(f'#q-suggest [data-url="/entries/{entry["id"]}"]').wait_for(timeout=5000)
    ctx.set_offline(False)
    real = [e for e in log.errors if "ERR_INTERNET_DISCONNECTED" not in e and "Failed to fetch" not in e]
    assert real == []


TARGETS = "a[href], button, select, input, [role=option]"
SIZE_JS = """(sel) => Array.from(document.querySelectorAll(sel)).filter(e => {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || e.closest('[hidden]') || e.classList.contains('skip')) return false;
    return r.height < 44 || r.width < 44;
}).map(e => e.outerHTML.slice(0, 90))"""


@pytest.mark.parametrize("width", [360, 390])
def test_phone_layout_has_large_touch_targets_and_no_sideways_scrolling(live_server, browser, target, width):
    scenario, entry = target
    ctx = browser.new_context(viewport={"width": width, "height": 800}, locale="zh-CN")
    try:
        page = ctx.new_page()
        for path in (
            "/",
            f"/search?q={entry['names']['zh-Hans']}",
            f"/entries/{entry['id']}",
            f"/scenarios/{scenario['id']}",
            "/browse?game=citadels",
            "/scenarios",
            "/offline",
        ):
            page.goto(live_server.url + path)
            if path.startswith("/scenarios/"):
                page.locator("#player[data-ready] .stage").wait_for()
            small = page.evaluate(SIZE_JS, TARGETS)
            assert small == [], (path, small[:5])
            overflow = page.evaluate("() => document.documentElement.scrollWidth")
            assert overflow <= width, (path, overflow)
    finally:
        ctx.close()


def test_autocomplete_by_keyboard_and_recent_searches_on_the_device(live_server, phone, target, tmp_path):
    _, entry = target
    ctx, log = phone(locale="en-US")
    page = ctx.new_page()
    page.goto(live_server.url + "/")
    assert page.locator(".recent").is_hidden()
    box = page.locator("#q")
    box.fill(entry["names"]["en"])
    option = page.locator(f'#q-suggest [role=option][data-url="/entries/{entry["id"]}"]')
    option.wait_for()
    assert box.get_attribute("aria-expanded") == "true"
    options = page.locator("#q-suggest [role=option]")
    position = [options.nth(i).get_attribute("data-url") for i in range(options.count())].index(
        f"/entries/{entry['id']}"
    )
    for _ in range(position + 1):
        box.press("ArrowDown")
    assert box.get_attribute("aria-activedescendant") == f"sugg-{position}"
    box.press("Enter")
    page.wait_for_url(f"**/entries/{entry['id']}")
    page.goto(live_server.url + "/search?q=moat")
    page.goto(live_server.url + "/")
    recent = page.locator("#recent-list a")
    assert recent.first.inner_text() == "moat"
    assert entry["names"]["en"] in [recent.nth(i).inner_text() for i in range(recent.count())]
    page.screenshot(path=str(tmp_path / "home-recent.png"), full_page=True)
    page.locator("#recent-clear").click()
    assert page.locator(".recent").is_hidden()
    page.reload()
    assert page.locator(".recent").is_hidden()
    assert log.errors == []


def test_everything_works_without_javascript(live_server, browser, target, tmp_path):
    scenario, entry = target
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="zh-TW", java_script_enabled=False
    )
    try:
        page = ctx.new_page()
        page.goto(live_server.url + "/")
        page.locator("#q").fill(entry["names"]["zh-Hant"])
        page.locator("form.search button[type=submit]").click()
        page.wait_for_url(re.compile(r"/search\?q="))
        eid = entry["id"]
        page.locator(f'a.result-link[href="/entries/{eid}"], a.result-link[href^="/entries/{eid}?"]').click()
        page.wait_for_url(re.compile(rf"/entries/{re.escape(eid)}(\?|#|$)"))
        page.locator(f'a.showme[href^="/scenarios/{scenario["id"]}?step="]').first.click()
        page.wait_for_url(f"**/scenarios/{scenario['id']}**")
        assert page.locator(".stage").is_hidden()  # no controls that would do nothing
        assert page.locator("#textsize").is_hidden()  # nor a text-size toggle
        steps = page.locator("#steplist li")
        assert steps.count() >= 2
        assert page.locator("#steplist li.hl").count() >= 1
        page.locator('.langs a[hreflang="en"]').click()
        page.wait_for_url(f"**/scenarios/{scenario['id']}**")
        assert page.locator("html").get_attribute("lang") == "en"
        page.screenshot(path=str(tmp_path / "player-no-js.png"), full_page=True)
    finally:
        ctx.close()
