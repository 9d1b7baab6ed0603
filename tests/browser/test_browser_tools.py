"""At-the-table tools on a 390x844 phone: set-up, kingdom picker and score counter in two scripts,
parity of the browser's evaluation with the Python engines, a shared ruling's permalink, and the
tools plus saved entries working offline. Screenshots go under each test's tmp_path."""

from __future__ import annotations

import json
import random
import re
import urllib.request
from urllib.parse import quote

import pytest
from test_browser_journeys import wait_until  # polls without eval (the CSP forbids 'unsafe-eval')

from engine.dominion.cards import kingdom_cards
from engine.tables import (
    KingdomError,
    PickOptions,
    ScoreError,
    citadels_setup,
    dominion_setup,
    export_tables,
    pick_kingdom,
    score_citadels,
    score_dominion,
)
from engine.tables.setup import NINTH

LOCALES = {"zh-Hans": "zh-CN", "zh-Hant": "zh-TW", "en": "en-US"}
SMALL_TARGETS = """() => Array.from(document.querySelectorAll('a[href], button, select, input')).filter(e => {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || e.closest('[hidden]') || e.classList.contains('skip')) return false;
    return r.height < 44 && r.width < 44 && !(e.type === 'checkbox' || e.type === 'radio');
}).map(e => e.outerHTML.slice(0, 90))"""


def get_json(url: str):  # type: ignore[no-untyped-def]
    with urllib.request.urlopen(url, timeout=10) as r:  # noqa: S310 - loopback test server
        return json.loads(r.read().decode())


def ready(page) -> None:  # type: ignore[no-untyped-def]
    wait_until(page, "() => !!document.querySelector('#result[data-ready]')")


def phone_checks(page) -> None:  # type: ignore[no-untyped-def]
    assert page.evaluate(SMALL_TARGETS) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


def real_errors(log) -> list[str]:  # type: ignore[no-untyped-def]
    return [e for e in log.errors if "ERR_INTERNET_DISCONNECTED" not in e and "Failed to fetch" not in e]


# --------------------------------------------------------------------------- each tool, two scripts
@pytest.mark.parametrize("lang", ["zh-Hans", "en"])
def test_setup_tool_shows_the_engine_figures(live_server, phone, lang, tmp_path):
    ctx, log = phone(locale=LOCALES[lang])
    page = ctx.new_page()
    page.goto(live_server.url + "/tools/setup?game=dominion&edition=2e&players=3")
    ready(page)
    twin = get_json(live_server.url + "/tools/setup.json?game=dominion&edition=2e&players=3")["result"]
    shown = {
        li.get_attribute("data-card"): int(li.get_attribute("data-count"))
        for li in page.locator("#result li[data-key=pile]").all()
    }
    assert shown == {line["card"]: line["count"] for line in twin["lines"] if line["key"] == "pile"}
    assert shown["curse"] == 20 and shown["province"] == 12
    assert page.locator("#result a.cite").count() == len(twin["lines"])
    page.screenshot(path=str(tmp_path / f"setup-dominion-{lang}.png"), full_page=True)
    phone_checks(page)

    page.locator("input[name=game][value=citadels]").check()
    page.locator("[data-game=citadels] select[name=players]").select_option("7")
    wait_until(page, "() => location.search.includes('players=7') && location.search.includes('citadels')")
    assert page.locator("#result li[data-key=seven_player]").count() == 1
    twin = get_json(live_server.url + "/tools/setup.json?game=citadels&players=7")["result"]
    end = next(line for line in twin["lines"] if line["key"] == "end")
    assert page.locator("#result li[data-key=end]").get_attribute("data-count") == str(end["count"])
    page.locator("#result li[data-key=set_aside] a.cite").click()
    page.wait_for_url("**/entries/citadels/rules/character-draft#set-aside-by-player-count")
    page.screenshot(path=str(tmp_path / f"setup-cite-{lang}.png"))
    assert log.errors == []


@pytest.mark.parametrize("lang", ["zh-Hant", "en"])
def test_kingdom_picker_is_reproducible_and_links_every_card(live_server, phone, lang, tmp_path):
    ctx, log = phone(locale=LOCALES[lang])
    page = ctx.new_page()
    query = "edition=2e&seed=123&require=plus_buy&require=counter"
    page.goto(f"{live_server.url}/tools/kingdom?{query}")
    ready(page)
    cards = [li.get_attribute("data-card") for li in page.locator("#result li[data-card]").all()]
    assert cards == get_json(f"{live_server.url}/tools/kingdom.json?{query}")["result"]["cards"]
    for slug in cards:
        assert page.locator(f'#result a[href="/entries/dominion/{slug}"]').count() == 1
    page.screenshot(path=str(tmp_path / f"kingdom-{lang}.png"), full_page=True)
    phone_checks(page)

    page.locator("#new-seed").click()
    # the seed's value, not a substring: a new seed of 12398 'includes' seed=123 (a clean clone failed so)
    wait_until(page, "() => new URLSearchParams(location.search).get('seed') !== '123'")
    url = page.url
    new_cards = [li.get_attribute("data-card") for li in page.locator("#result li[data-card]").all()]
    page.goto(url)  # the URL alone gives the same ten
    ready(page)
    assert [li.get_attribute("data-card") for li in page.locator("#result li[data-card]").all()] == new_cards

    # switching edition keeps the seed and requirements; cards of the other edition are dropped
    page.goto(f"{live_server.url}/tools/kingdom?edition=2e&seed=9&exclude=artisan&require=plus_buy")
    ready(page)
    page.locator("select[name=edition]").select_option("1e")
    page.wait_for_url(re.compile(r"edition=1e"))
    ready(page)
    assert "artisan" not in page.url and "seed=9" in page.url and "require=plus_buy" in page.url
    assert page.locator("#result li[data-card]").count() == 10 and page.locator("#tool-error").is_hidden()

    page.goto(f"{live_server.url}/tools/kingdom?edition=1e")
    page.locator('#sets a[href*="set=1e-first-game"]').click()
    ready(page)
    first = [li.get_attribute("data-card") for li in page.locator("#result li[data-card]").all()]
    assert "woodcutter" in first and len(first) == 10
    page.locator("#to-setup").click()
    ready(page)
    assert page.locator('#result li[data-card="woodcutter"]').get_attribute("data-count") == "10"
    page.goto(f"{live_server.url}/tools/kingdom?edition=2e&seed=5")
    ready(page)
    page.locator("#result li[data-card] a").first.click()
    page.wait_for_url(re.compile(r"/entries/dominion/"))
    assert page.locator("h1").inner_text().strip()
    assert log.errors == []


@pytest.mark.parametrize("lang", ["zh-Hans", "en"])
def test_score_counter_explains_every_point(live_server, phone, lang, tmp_path):
    ctx, log = phone(locale=LOCALES[lang])
    page = ctx.new_page()
    page.goto(live_server.url + "/tools/score")
    ready(page)
    page.locator("input[name='p0.name']").fill("Ann")
    page.locator("input[name='p0.province']").fill("3")
    page.locator("input[name='p0.gardens']").fill("2")
    page.locator("input[name='p0.total']").fill("41")
    page.locator("input[name='p1.name']").fill("Bo")
    page.locator("input[name='p1.duchy']").fill("8")
    wait_until(page, "() => location.search.includes('p1.duchy=8')")
    query = page.evaluate("() => location.search")
    twin = get_json(f"{live_server.url}/tools/score.json{query}")["result"]
    shown = [int(x.get_attribute("data-total")) for x in page.locator("#result .total").all()]
    assert shown == [p["total"] for p in twin["players"]] == [26, 24]
    assert "Ann" in page.locator("#winner").inner_text()
    page.screenshot(path=str(tmp_path / f"score-dominion-{lang}.png"), full_page=True)
    phone_checks(page)

    page.keyboard.press("Tab")  # leave the number box first: its change re-renders the scores above
    page.locator("input[name=game][value=citadels]").check()
    for slug in ("temple", "manor", "market", "haunted-city", "library", "university", "fortress", "keep"):
        box = page.locator(f"input[name='p0.city'][value='{slug}']")
        if not box.is_visible():
            page.locator("fieldset.player[data-index='0'] details.city summary").click()
        box.check()
    page.locator("#add-player").click()
    page.locator("#add-player").click()
    wait_until(page, "() => document.querySelectorAll('fieldset.player').length === 4")
    page.locator("fieldset.player[data-index='1'] details.city summary").click()
    page.locator("input[name='p1.city'][value='castle']").check()
    wait_until(page, "() => location.search.includes('p1.city=castle')")
    query = page.evaluate("() => location.search")
    twin = get_json(f"{live_server.url}/tools/score.json{query}")["result"]
    shown = [int(x.get_attribute("data-total")) for x in page.locator("#result .total").all()]
    assert shown == [p["total"] for p in twin["players"]]
    assert twin["players"][0]["parts"] == {**twin["players"][0]["parts"], "colours": 3, "completion": 4}
    assert page.locator("#result .score-card").first.locator("a.cite").count() >= 2  # colours and completion
    page.screenshot(path=str(tmp_path / f"score-citadels-{lang}.png"), full_page=True)
    assert log.errors == []


# --------------------------------------------------------------------------- parity with the engines
def random_citadels(rng: random.Random, districts: list[str]) -> dict:
    n = rng.randint(2, 7)
    players = []
    for _ in range(n):
        city = rng.sample(districts, rng.choice([0, 3, 6, 7, 8, 8, 9, 10, 12]))
        if city and "bell-tower" not in city and rng.random() < 0.15:
            city[0] = "bell-tower"  # the Bell Tower case comes up often
        player: dict = {"city": city}
        if "haunted-city" in city and rng.random() < 0.4:
            player["last_round"] = ["haunted-city"]
        if "museum" in city and rng.random() < 0.5:
            player["museum"] = rng.randint(0, 6)
        if city and rng.random() < 0.2:
            player["gilded"] = rng.sample(city, 1)
        players.append(player)
    if rng.random() < 0.2:
        players[rng.randrange(n)]["completed"] = rng.choice(["first", "other", "none"])
    return {"players": players, "short_game": rng.random() < 0.3, "bell_tower_announced": rng.random() < 0.7}


def random_dominion(rng: random.Random) -> dict:
    players = []
    for _ in range(rng.randint(1, 4)):
        cards = {
            s: rng.randint(0, 12)
            for s in ("estate", "duchy", "province", "curse", "gardens")
            if rng.random() < 0.7
        }
        players.append(
            {"cards": cards, "total": sum(cards.values()) + rng.randint(0, 40), "turns": rng.randint(10, 25)}
        )
    return {"players": players}


def python_or_error(fn, request):  # type: ignore[no-untyped-def]
    try:
        return fn(request)
    except (ScoreError, KingdomError):
        return "error"


def test_score_counter_says_the_card_names_of_the_chosen_edition(live_server, phone):
    """The score counter asks which edition is on the table: the same Victory cards, but the 2nd
    edition renames some (省份 -> 行省, 公国 -> 公爵领); the form and the result follow the choice."""
    ctx, log = phone(locale="zh-CN")
    page = ctx.new_page()
    page.goto(live_server.url + "/tools/score?game=dominion&edition=1e&p0.province=2&p1.duchy=1")
    ready(page)
    label = page.locator("fieldset.player[data-index='0'] .card-name[data-card='province']")
    assert label.inner_text() == "省份" and page.locator("select[name=edition]").input_value() == "1e"
    assert "省份" in page.locator("#result .score-card").first.inner_text()
    page.locator("select[name=edition]").select_option("2e")
    wait_until(page, "() => location.search.includes('edition=2e')")
    assert label.inner_text() == "行省"
    assert "行省" in page.locator("#result .score-card").first.inner_text()
    assert "省份" not in page.locator("#result").inner_text()
    page.goto(live_server.url + "/tools/score?game=dominion&p0.estate=1&p1.curse=1&lang=en")
    ready(page)
    cards = [page.locator("#result .score-card").nth(i).inner_text() for i in (0, 1)]
    assert "· 1 point\n" in cards[0] and "1 points" not in cards[0]  # one Estate: 1 point, not "1 points"
    assert "· -1 points" in cards[1]
    twin = get_json(f"{live_server.url}/tools/score.json?game=dominion&edition=1e&p0.province=2")
    assert twin["request"]["edition"] == "1e" and twin["result"]["players"][0]["total"] == 12
    phone_checks(page)
    assert real_errors(log) == []


def test_browser_scores_equal_the_engines_on_1200_random_cases(live_server, phone):
    ctx, log = phone(locale="en-US")
    page = ctx.new_page()
    page.goto(live_server.url + "/tools/score")
    ready(page)
    rng = random.Random(20261130)
    districts = list(export_tables()["citadels_score"]["values"])
    cases = [("citadels", {"game": "citadels", **random_citadels(rng, districts)}) for _ in range(700)]
    cases += [("dominion", {"game": "dominion", **random_dominion(rng)}) for _ in range(500)]
    browser = page.evaluate(  # the page's own dispatch: the game's facts name its evaluator
        """(cases) => cases.map(([game, req]) => {
            try { return RefTools.compute.score(RefTools.tables, req); }
            catch (e) { if (e.toolError) return 'error'; throw e; }
        })""",
        cases,
    )
    python = [python_or_error(score_dominion if g == "dominion" else score_citadels, req) for g, req in cases]
    differences = [(cases[i], browser[i], python[i]) for i in range(len(cases)) if browser[i] != python[i]]
    assert differences == []
    scored = sum(1 for p in python if p != "error")
    assert scored >= 1000, scored  # at least 1,000 cases actually scored by both
    assert log.errors == []


def test_browser_setups_and_kingdoms_equal_the_engines(live_server, phone):
    ctx, log = phone(locale="en-US")
    page = ctx.new_page()
    page.goto(live_server.url + "/tools/kingdom")
    ready(page)
    setup_cases = [
        {"game": "dominion", "edition": ed, "players": n, "kingdom": k}
        for ed in ("1e", "2e")
        for n in (1, 2, 3, 4, 5)
        for k in ([], ["gardens", "witch", "village"])
    ]
    setup_cases += [
        {"game": "citadels", "players": n, "ninth": ninth, "short_game": short}
        for n in range(1, 9)
        for ninth in NINTH
        for short in (False, True)
    ]

    def python_setup(req):  # type: ignore[no-untyped-def]
        try:
            if req["game"] == "dominion":
                out = dominion_setup(req["players"], req["edition"], req["kingdom"])
                out.pop("kingdom_piles")
                return out
            return citadels_setup(req["players"], req["short_game"], req["ninth"])
        except Exception:  # noqa: BLE001 - any refusal counts as an error on both sides
            return "error"

    browser = page.evaluate(
        """(cases) => cases.map(req => { try { return RefTools.setupFor(RefTools.tables, req); }
                                         catch (e) { if (e.toolError) return 'error'; throw e; } })""",
        setup_cases,
    )
    assert browser == [python_setup(req) for req in setup_cases]

    rng = random.Random(7)
    pick_cases = []
    for _ in range(300):
        edition = rng.choice(["1e", "2e", "mixed"])
        pool = (
            kingdom_cards(edition)
            if edition != "mixed"
            else sorted(set(kingdom_cards("1e")) | set(kingdom_cards("2e")))
        )
        picked = rng.sample(pool, rng.randint(0, 6))
        cut = rng.randint(0, len(picked))
        pick_cases.append(
            {
                "edition": edition,
                "set": None,
                "seed": rng.randrange(2**32),
                "exclude": picked[:cut],
                "lock": picked[cut : cut + 3],
                "require": rng.sample(["plus_actions", "plus_buy", "counter"], rng.randint(0, 3)),
            }
        )
    browser = page.evaluate(
        """(cases) => cases.map(req => { try { return RefTools.pickKingdom(RefTools.tables, req); }
                                         catch (e) { if (e.toolError) return 'error'; throw e; } })""",
        pick_cases,
    )

    def python_pick(req):  # type: ignore[no-untyped-def]
        options = PickOptions(
            req["edition"], req["seed"], tuple(req["exclude"]), tuple(req["lock"]), tuple(req["require"])
        )
        return python_or_error(pick_kingdom, options)

    assert browser == [python_pick(req) for req in pick_cases]
    assert log.errors == []


# --------------------------------------------------------------------------- share a ruling
def test_permalink_opens_the_entry_scrolled_to_the_ruling_and_highlighted(live_server, phone, tmp_path):
    entry = get_json(live_server.url + "/entries/citadels/rules/turn.json")
    ruling = entry["rulings"][-1]["id"]  # the last ruling, well below the fold
    ctx, log = phone(locale="zh-CN", permissions=["clipboard-read", "clipboard-write"])
    page = ctx.new_page()
    page.goto(f"{live_server.url}/entries/citadels/rules/turn#{ruling}")
    target = page.locator(f"article.ruling[id='{ruling}']")
    assert target.evaluate("el => el.matches(':target')")
    box = target.bounding_box()
    assert box is not None and 0 <= box["y"] < 844
    assert page.evaluate("() => window.scrollY") > 0
    assert target.evaluate("el => getComputedStyle(el).outlineStyle") != "none"
    page.screenshot(path=str(tmp_path / "permalink.png"))

    share = target.locator("button.share")
    assert share.is_visible()
    share.click()
    wait_until(page, f"() => !!document.querySelector(\"article[id='{ruling}'] .share-status\").textContent")
    assert target.locator(".share-status").inner_text() == "链接已复制"
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == f"{live_server.url}/entries/citadels/rules/turn?r={ruling}&lang=zh-Hans#{ruling}"

    # a link without the fragment (as some apps send it) still lands on the ruling
    page.goto(f"{live_server.url}/entries/citadels/rules/turn?r={ruling}&lang=en")
    wait_until(page, f"() => location.hash === '#{ruling}'")
    assert page.locator(f"article.ruling[id='{ruling}']").evaluate("el => el.matches(':target')")
    assert log.errors == []


def test_share_uses_the_web_share_api_where_the_phone_has_it(live_server, phone):
    ctx, log = phone(locale="en-US")
    ctx.add_init_script("navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };")
    page = ctx.new_page()
    page.goto(live_server.url + "/entries/citadels/rules/character-draft")
    page.locator("article[id='king-never-face-up'] button.share").click()
    shared = page.evaluate("() => window.__shared")
    assert shared["url"].endswith(
        "/entries/citadels/rules/character-draft?r=king-never-face-up&lang=en#king-never-face-up"
    )
    assert "King" in shared["text"] and shared["title"]
    assert log.errors == []


# --------------------------------------------------------------------------- offline
def go_online_once(page, url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    wait_until(page, "() => navigator.serviceWorker.controller !== null")


def test_tools_work_offline_after_one_visit(live_server, phone, tmp_path):
    ctx, log = phone(locale="zh-CN", service_workers="allow")
    page = ctx.new_page()
    go_online_once(page, live_server.url + "/")
    wait_until(page, "() => caches.keys().then(k => k.length > 0)")
    wait_until(
        page,
        """async () => { for (const k of await caches.keys()) {
            if (await (await caches.open(k)).match('/tools/data.json')) return true; } return false; }""",
    )
    ctx.set_offline(True)
    # a query never visited: the cached tool page computes it
    page.goto(live_server.url + "/tools/setup?game=citadels&players=6&short=1")
    ready(page)
    assert page.locator("#result li[data-key=end]").get_attribute("data-count") == "7"
    page.screenshot(path=str(tmp_path / "offline-setup.png"), full_page=True)
    page.goto(live_server.url + "/tools/kingdom?edition=1e&seed=777&require=plus_actions")
    ready(page)
    cards = [li.get_attribute("data-card") for li in page.locator("#result li[data-card]").all()]
    assert cards == pick_kingdom(PickOptions("1e", 777, require=("plus_actions",)))["cards"]
    page.goto(live_server.url + "/tools/score?game=dominion&p0.province=4&p1.duchy=5&p1.estate=2")
    ready(page)
    assert [x.get_attribute("data-total") for x in page.locator("#result .total").all()] == ["24", "17"]
    page.screenshot(path=str(tmp_path / "offline-score.png"), full_page=True)
    ctx.set_offline(False)
    assert real_errors(log) == []


def test_save_for_the_table_then_search_and_read_offline(live_server, phone, tmp_path):
    ctx, log = phone(locale="zh-CN", service_workers="allow")
    page = ctx.new_page()
    go_online_once(page, live_server.url + "/tools")
    page.locator("#save-table").click()
    wait_until(page, "() => !!document.querySelector('#save-status[data-saved]')", seconds=60)
    saved = int(page.locator("#save-status").get_attribute("data-saved"))
    assert saved == len(get_json(live_server.url + "/api/offline-pack?lang=zh-Hans")["entries"])
    page.screenshot(path=str(tmp_path / "saved.png"), full_page=True)

    ctx.set_offline(True)
    page.goto(live_server.url + "/search?q=" + quote("刺客 杀 国王"))
    page.locator("#pack-results li").first.wait_for(timeout=10000)
    top = [a.get_attribute("href") for a in page.locator("#pack-results a").all()[:3]]
    about_the_killed_king = (
        "citadels/faq/assassinated-king-crown",
        "citadels/rules/kingslayer",
        "citadels/king",
        "citadels/assassin",
        "citadels/faq/queen-assassinated-king",
    )
    assert any(h.split("#")[0] == f"/entries/{e}" for h in top for e in about_the_killed_king), top
    page.screenshot(path=str(tmp_path / "offline-pack-search.png"), full_page=True)
    page.goto(live_server.url + "/entries/dominion/harbinger")  # never opened before saving
    # the saved frame draws the entry from the cache after its load event
    wait_until(page, "() => !!document.querySelector('#main[data-ready]')")
    assert page.locator("h1").inner_text().strip() == "先驱"
    ctx.set_offline(False)
    assert real_errors(log) == []
