"""Offline search in Chromium with the network off: the server's ranking, kept from the first
visit, answers as the server does (judged queries), every entry's names, aliases, pinyin and
initials are found before saving, and once saved the results show the matched passage and the
demonstrations play and the entries read from the saved data in each script (a demonstration at
its ★ step), as online; saving survives a busy server and says when it could not finish."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import parse_qs, quote, urlsplit

import pytest
import yaml
from test_browser_journeys import wait_until
from test_browser_tools import get_json, go_online_once, real_errors

QUERIES = Path(__file__).resolve().parents[1] / "data" / "queries.yaml"
AGREEMENT = 0.97  # issue 22: the same first result as online for at least this share

FIRST_RESULTS = """async (queries) => {
  const hit = await caches.match('/api/offline-rank', { ignoreVary: true });
  const ranker = RefRanker.open(await hit.json());
  return queries.map(q => {
    const r = ranker.search(q, { limit: 1 }).results[0];
    return r ? [r.id, r.ruling] : null;
  });
}"""

RANK_CACHED = """async () => {
  for (const k of await caches.keys()) {
    if (await (await caches.open(k)).match('/api/offline-rank', { ignoreVary: true })) return true;
  }
  return false;
}"""


def first_online(base: str, q: str, lang: str) -> list | None:
    found = get_json(f"{base}/api/search?q={quote(q)}&lang={lang}&limit=1")["results"]
    return [found[0]["id"], found[0]["ruling"]] if found else None


def offline_page(live_server, phone):  # type: ignore[no-untyped-def]
    ctx, log = phone(locale="zh-CN", service_workers="allow")
    page = ctx.new_page()
    go_online_once(page, live_server.url + "/")
    wait_until(page, RANK_CACHED, seconds=180)
    return ctx, log, page


def test_offline_search_gives_the_servers_first_result_on_the_judged_queries(live_server, phone):
    judged = yaml.safe_load(QUERIES.read_text(encoding="utf-8"))
    online = [first_online(live_server.url, str(j["q"]), j.get("lang", "zh-Hans")) for j in judged]
    ctx, log, page = offline_page(live_server, phone)
    ctx.set_offline(True)
    page.goto(live_server.url + "/offline")
    wait_until(page, "() => !!window.RefRanker")
    offline = page.evaluate(FIRST_RESULTS, [str(j["q"]) for j in judged])
    same = sum(a == b for a, b in zip(online, offline, strict=True)) / len(judged)
    assert same >= AGREEMENT, f"same first result for {same:.3f} of {len(judged)} judged queries"
    ctx.set_offline(False)
    assert real_errors(log) == []


EVERY_NAME = """async () => {
  const data = await (await caches.match('/api/offline-rank', { ignoreVary: true })).json();
  const ranker = RefRanker.open(data);
  const lost = [];
  for (const [entry, norm, chinese, pinyin, initials] of data.forms) {
    for (const q of [norm].concat(chinese ? [pinyin, initials] : [])) {
      if (!q || q.length < 2 && !chinese) continue;
      const ids = ranker.search(q, { limit: 100 }).results.map(r => r.id);
      if (ids.indexOf(entry) < 0 && lost.length < 20) lost.push([entry, q]);
    }
  }
  return lost;
}"""


def test_before_saving_every_name_alias_pinyin_and_initials_is_found_offline(live_server, phone):
    ctx, log, page = offline_page(live_server, phone)
    ctx.set_offline(True)
    page.goto(live_server.url + "/offline")
    wait_until(page, "() => !!window.RefRanker")
    assert page.evaluate(EVERY_NAME) == []
    # a query never asked online: the offline page answers it with the server's ranking
    expected = {
        "tushuguan": ("/entries/dominion/library", "/entries/citadels/library"),
        "刺课": ("/entries/citadels/assassin",),
    }
    for q, hrefs in expected.items():
        page.goto(live_server.url + "/search?q=" + quote(q))
        wait_until(page, "() => !!document.querySelector('#pack-results[data-ready]')")
        top = page.locator("#pack-results a").first.get_attribute("href")
        assert top.split("#")[0] in hrefs, (q, top)
        assert page.locator("#offline-results").is_hidden()
    ctx.set_offline(False)
    assert real_errors(log) == []


FIRST_LINK_TO = (  # the first result links to an address starting so
    "() => { const a = document.querySelector('#pack-results a');"
    " return !!a && a.getAttribute('href').startsWith(%r); }"
)
NAMES_SAY_NONE = (
    "() => !document.querySelector('#offline-results').hidden"
    " && !!document.querySelector('#offline-results li.notice')"
)


def test_offline_the_next_query_is_answered_in_the_page_and_back_returns_the_last(live_server, phone):
    ctx, log, page = offline_page(live_server, phone)
    ctx.set_offline(True)
    page.goto(live_server.url + "/search?q=" + quote("刺课"))
    wait_until(page, FIRST_LINK_TO % "/entries/citadels/assassin")
    assert not page.locator(".offline-body").is_visible()  # the answers first, the heading still says offline
    page.evaluate("window.samePage = true")  # gone if the browser loads a page
    page.locator("#q").fill("tushuguan")
    page.locator("#q").press("Enter")
    first = get_json(live_server.url + "/api/search?q=tushuguan&limit=1")["results"][0]["id"]
    wait_until(page, FIRST_LINK_TO % f"/entries/{first}")  # as the online search
    assert page.evaluate("window.samePage === true")  # the ranking data was not opened again
    # titles alone (nothing saved): each with its game, as Library is in both
    games = page.locator("#pack-results li .badge.game").all_inner_texts()
    assert {"领土", "富饶之城"} <= set(games), games
    assert page.url.endswith("/search?q=tushuguan")
    assert page.locator("#q").input_value() == "tushuguan"
    page.go_back()
    wait_until(page, FIRST_LINK_TO % "/entries/citadels/assassin")
    assert page.locator("#q").input_value() == "刺课"
    page.locator("#q").fill("矿井换来的金币这回合能用吗")  # two of Mine's rulings answer: one result
    page.locator("#q").press("Enter")
    wait_until(page, FIRST_LINK_TO % "/entries/dominion/mine")
    links = page.locator("#pack-results a.result-link")
    entries = [h.split("#")[0] for h in links.evaluate_all("a => a.map(x => x.getAttribute('href'))")]
    assert len(entries) == len(set(entries)), entries
    page.locator("#q").fill("zzzqqq")  # found by neither search: the names search says so
    page.locator("#q").press("Enter")
    wait_until(page, "() => document.querySelector('#pack-results').hidden")
    wait_until(page, NAMES_SAY_NONE)
    assert page.locator(".offline-body").is_visible()  # nothing found: what works offline, again
    ctx.set_offline(False)
    assert real_errors(log) == []


CHIPS = """() => Array.from(document.querySelectorAll('#offline-understood a.uchip')).map(
  a => [a.querySelector('.uchip-label').textContent, a.getAttribute('href')])"""


def chip_params(href: str) -> dict:
    return {k: sorted(v) for k, v in parse_qs(urlsplit(href).query).items()}


def test_offline_results_show_what_was_understood_and_a_chip_taken_off_searches_as_online(live_server, phone):
    q = "军阀拆一个要花几块"  # the game guessed from the words, a name, an intent (how many)
    online = get_json(f"{live_server.url}/api/search?q={quote(q)}&lang=zh-Hans&limit=1")["understood"]
    parts = [online["game"], *online["names"], *online["intents"]]
    assert online["game"] and online["names"] and online["intents"]
    ctx, log, page = offline_page(live_server, phone)
    ctx.set_offline(True)
    page.goto(live_server.url + "/search?q=" + quote(q))
    wait_until(page, "() => !!document.querySelector('#pack-results[data-ready]')")
    chips = page.evaluate(CHIPS)
    assert [chip_params(href) for _, href in chips] == [
        {k: sorted(v if isinstance(v, list) else [v]) for k, v in p["without"].items()} for p in parts
    ]
    labels = [label for label, _ in chips]
    assert labels[0] == "富饶之城" and labels[1] == "军阀" and labels[2] == "几个", labels
    page.evaluate("window.samePage = true")
    page.locator("#offline-understood a.uchip").nth(1).click()  # 军阀 read as plain words
    page.wait_for_url("**plain=**")
    want = get_json(f"{live_server.url}/api/search?q={quote(q)}&lang=zh-Hans&limit=1&plain={quote('军阀')}")
    first = want["results"][0]
    wait_until(page, FIRST_LINK_TO % f"/entries/{first['id']}")
    assert page.evaluate("window.samePage === true")  # answered in the page
    assert len(page.evaluate(CHIPS)) == len(chips) - 1  # the name's chip is gone
    ctx.set_offline(False)
    assert real_errors(log) == []


def test_the_offline_page_opened_online_searches_online(live_server, phone):
    ctx, log, page = offline_page(live_server, phone)
    page.goto(live_server.url + "/offline?q=" + quote("刺课"))  # its own search runs, the network there
    wait_until(page, "() => !!document.querySelector('#pack-results[data-ready]')")
    page.locator("#q").fill("tushuguan")
    page.locator("#q").press("Enter")
    page.wait_for_url("**/search?q=tushuguan")
    wait_until(page, "() => document.body.classList.contains('page-results')")  # the server's results page
    assert real_errors(log) == []


def test_after_saving_results_show_the_passage_and_demonstrations_play_offline(live_server, phone):
    ctx, log, page = offline_page(live_server, phone)
    page.goto(live_server.url + "/tools")
    page.locator("#save-table").click()
    wait_until(page, "() => !!document.querySelector('#save-status[data-saved]')", seconds=120)
    scenario = get_json(live_server.url + "/api/scenarios")["scenarios"][-1]["id"]
    ctx.set_offline(True)
    page.goto(live_server.url + "/search?q=" + quote("图书馆 抓到行动牌可以跳过吗"))
    wait_until(page, "() => !!document.querySelector('#pack-results[data-ready]')")
    first = page.locator("#pack-results li").first
    assert first.locator(".snippet mark").count() >= 1, first.inner_html()
    page.goto(live_server.url + "/search?q=" + quote("军阀拆大学要付多少钱"))  # the same answer on two cards
    wait_until(page, "() => !!document.querySelector('#pack-results[data-ready]')")
    also = page.locator("#pack-results li").first.locator(".also-in a.chip")
    assert "/entries/citadels/dragon-gate#warlord-pays-five" in [a.get_attribute("href") for a in also.all()]
    assert "也见于" in page.locator("#pack-results li .also-in").first.inner_text()
    page.goto(live_server.url + "/scenarios/" + scenario)  # never opened: the player plays it from the data
    wait_until(page, PLAYING)
    page.goto(live_server.url + "/entries/dominion/artisan")  # a card page's "played with" runs play too
    pair = page.locator('a[href^="/scenarios/pair-"]').first.get_attribute("href")
    page.goto(live_server.url + pair)
    wait_until(page, PLAYING)
    assert page.locator("#narration.hl").count() == 1  # at its ★ step, as the link says
    page.goto(live_server.url + "/search?q=" + quote("王座厅 村庄"))  # "show me" from an offline result
    wait_until(page, "() => !!document.querySelector('#pack-results[data-ready]')")
    page.locator("#pack-results a.showme").first.click()
    page.wait_for_load_state()
    assert "/scenarios/" in page.url
    wait_until(page, PLAYING)  # the demonstration, at its ★ step: never the offline fallback page
    assert page.locator("#narration.hl").count() == 1, page.locator("#narration").inner_text()
    ctx.set_offline(False)
    assert real_errors(log) == []


#: the offline player has drawn a saved demonstration (not the page saying it is not saved)
PLAYING = "() => !!document.querySelector('#player[data-offline][data-ready]:not([data-missing])')"
SCRIPTS = [
    ("zh-CN", "zh-Hans", "citadels-assassin-victim-skips-turn"),
    ("zh-TW", "zh-Hant", "witch-curse-shortage-2e"),
    ("en-US", "en", "throne-room-throne-on-militia"),
]


def board_at(page) -> dict:  # type: ignore[no-untyped-def]
    return {
        "board": page.locator("#board").inner_html(),
        "step": page.locator("#step-label").inner_text(),
        "say": page.locator("#narration").inner_text(),
        "title": page.locator("h1").inner_text(),
        "steps": page.locator("#steplist li").count(),
    }


@pytest.mark.parametrize(("locale", "lang", "demo"), SCRIPTS)
def test_a_saved_demonstration_plays_offline_at_its_star_step_as_online(  # type: ignore[no-untyped-def]
    live_server, phone, tmp_path, locale, lang, demo
):
    from refapp.links import demo_url

    with live_server.app.test_request_context():
        url = live_server.url + demo_url(demo)  # /scenarios/<id>?step=N#step=N, the ★ step
    assert "step=" in url
    online_ctx, online_log = phone(locale=locale, service_workers="block")
    online = online_ctx.new_page()
    online.goto(url)
    wait_until(online, "() => !!document.querySelector('#player[data-ready]')")
    expected = board_at(online)
    online.locator("[data-act=next]").click()
    expected_next = board_at(online)
    expected_entry = online.locator("a.back-link").get_attribute("href").split("#")[0]
    online.goto(live_server.url + expected_entry)
    online_entry, online_title = online.locator("#main").inner_html().strip(), online.title()

    ctx, log = phone(locale=locale, service_workers="allow")
    page = ctx.new_page()
    go_online_once(page, live_server.url + "/tools")
    page.locator("#save-table").click()
    wait_until(page, "() => !!document.querySelector('#save-status[data-saved]')", seconds=120)
    ctx.set_offline(True)
    page.goto(url)  # never opened online in this context
    wait_until(page, PLAYING)
    assert page.evaluate("() => document.documentElement.lang") == lang
    got = board_at(page)
    assert got == expected
    assert got["say"].startswith("★") and page.locator("#narration.hl").count() == 1
    page.screenshot(path=str(tmp_path / f"offline-demo-{lang}.png"))
    page.locator("[data-act=next]").click()  # and on, step by step
    assert board_at(page) == expected_next
    page.goto(live_server.url + expected_entry)  # its entry, never opened: as online
    wait_until(page, "() => !!document.querySelector('#main[data-ready]')")
    assert page.locator("#main").inner_html().strip() == online_entry
    assert page.title() == online_title
    ctx.set_offline(False)
    assert real_errors(log) == [] and real_errors(online_log) == []


def test_a_demonstration_whose_data_is_missing_says_so_offline(live_server, phone):
    ctx, log = phone(locale="zh-CN", service_workers="allow")
    page = ctx.new_page()
    go_online_once(page, live_server.url + "/tools")
    page.locator("#save-table").click()
    wait_until(page, "() => !!document.querySelector('#save-status[data-saved]')", seconds=120)
    assert page.evaluate(
        """async () => (await caches.open('table-zh-Hans')).delete('/api/offline-demos?lang=zh-Hans')"""
    )
    ctx.set_offline(True)
    page.goto(live_server.url + "/scenarios/throne-room-play-twice?step=3#step=3")
    wait_until(page, "() => !!document.querySelector('#player[data-missing]')")
    assert "保存" in page.locator("#demo-missing").inner_text()
    assert page.locator(".stage").is_hidden()
    ctx.set_offline(False)
    assert real_errors(log) == []


def test_saving_waits_out_a_busy_server_and_says_when_it_could_not_finish(live_server, phone):
    ctx, log = phone(locale="zh-CN", service_workers="block")  # the page's own requests, routed here
    page = ctx.new_page()
    refused: dict[str, int] = {}
    saved_parts = ("/api/offline-", "/offline", "/tools/", "/api/names")

    def busy_once(route):  # type: ignore[no-untyped-def]
        url = route.request.url
        if "/api/offline-entries" in url:
            route.fulfill(status=429, headers={"Retry-After": "0"}, body="busy")  # never served
        elif any(p in url for p in saved_parts) and refused.get(url, 0) == 0:
            refused[url] = 1
            route.fulfill(status=429, headers={"Retry-After": "0"}, body="busy")
        else:
            route.continue_()

    page.route("**/*", busy_once)
    page.goto(live_server.url + "/tools")
    page.locator("#save-table").click()
    wait_until(page, "() => !!document.querySelector('#save-status[data-missing]')", seconds=120)
    status = page.locator("#save-status")
    assert status.get_attribute("data-missing") == "1"
    assert "没能保存" in status.inner_text()
    assert re.search(r"已保存 (\d|[1-9]\d)%", status.inner_text())  # progress as a percentage, under 100
    assert len(refused) >= 10, refused  # every part was refused once and saved on a later try
    saved = page.evaluate(
        """async () => { const c = await caches.open('table-zh-Hans');
           return (await c.keys()).map(r => { const u = new URL(r.url); return u.pathname + u.search; }); }"""
    )
    assert "/api/offline-demos?lang=zh-Hans" in saved and "/offline/entry" in saved
    assert "/api/offline-entries?lang=zh-Hans" not in saved
    assert json.loads(page.evaluate("() => localStorage.getItem('refapp.table.zh-Hans')"))["missing"] == 1
    assert [e for e in real_errors(log) if "429" not in e] == []
