"""Two cards together on a phone (issue 25): a search naming two cards offers their run, and the
run plays to the ★ step, where they meet."""

from __future__ import annotations

import json
import urllib.parse
import urllib.request

import pytest
from player_helpers import start_player, step_of


def star_step(url: str) -> int:
    with urllib.request.urlopen(url) as r:  # noqa: S310 - the local test server
        run = json.loads(r.read())
    marked = set(run["highlight"])
    return next(i for i, ev in enumerate(run["events"]) if ev["seq"] in marked) + 1


@pytest.mark.parametrize(("lang", "query", "words"), [
    ("en", "throne room with feast", "Play Throne Room with Feast"),
    ("zh-TW", "金殿配宴會", "金殿和宴會一起玩一遍"),
])
def test_searching_two_cards_offers_the_run_and_it_plays_to_the_star(live_server, phone, lang, query,
                                                                     words, tmp_path):
    ctx, log = phone(locale=lang)
    page = ctx.new_page()
    page.goto(f"{live_server.url}/search?" + urllib.parse.urlencode({"q": query}))
    offer = page.locator("#pair-run")
    assert offer.is_visible() and words in offer.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    page.screenshot(path=str(tmp_path / f"pair-offer-{lang}.png"))
    play = offer.locator("a.pair-play").first
    href = play.get_attribute("href")
    pair_id = href.split("?")[0].rsplit("/", 1)[-1]
    star = star_step(f"{live_server.url}/scenarios/{pair_id}.json")
    play.click()
    page.locator("#player[data-ready] .stage").wait_for(timeout=5000)
    assert step_of(page)[0] == star  # opened where the two cards meet
    assert page.locator("#narration").inner_text().startswith("★")
    # and from the first step, playing on reaches the same ★
    start_player(page, f"{live_server.url}/scenarios/{pair_id}")
    assert step_of(page)[0] == 1
    for _ in range(star - 1):
        page.locator("[data-act=next]").click()
    assert step_of(page)[0] == star
    narration = page.locator("#narration")
    assert "hl" in narration.get_attribute("class") and narration.inner_text().startswith("★")
    page.screenshot(path=str(tmp_path / f"pair-star-{lang}.png"))
    assert not log.errors, log.errors


def test_the_what_if_link_opens_the_pair_in_the_sandbox(live_server, phone):
    ctx, log = phone(locale="en")
    page = ctx.new_page()
    page.goto(f"{live_server.url}/search?q=moat+witch")
    link = page.locator("#pair-run a.pair-what-if").first
    link.click()
    page.wait_for_url("**/sandbox?**")
    assert "Carol" in page.content()  # the pair's table of three, not a blank one
    assert not log.errors, log.errors
