"""The sandbox on a phone (390x844): build a situation by typing card names, play it by tapping,
start from a demonstration's ★ step, share the link, and read the board without JavaScript."""

from __future__ import annotations

import re

SETTLE_MS = 150


def settle(page) -> None:  # type: ignore[no-untyped-def]
    """Wait for the replay asked for last (the board is drawn again and no longer stale)."""
    page.wait_for_timeout(SETTLE_MS)
    page.locator("#sb-board:not(.sb-stale) .pl").first.wait_for()


def add_card(page, target: str, typed: str, name: str) -> None:  # type: ignore[no-untyped-def]
    page.select_option("#sb-target", target)
    page.fill("#sb-q", typed)
    page.locator("#sb-suggest button", has_text=name).first.click()
    settle(page)


def tap(page, option: str) -> None:  # type: ignore[no-untyped-def]
    page.locator(f"#sb-decision button[data-option='{option}']").first.click()
    settle(page)


def log_lines(page) -> list[str]:  # type: ignore[no-untyped-def]
    return page.locator("#sb-log li").all_text_contents()


def test_throne_room_and_feast_in_an_empty_game(live_server, phone, tmp_path):
    ctx, log = phone("en-US")
    page = ctx.new_page()
    page.goto(live_server.url + "/sandbox?lang=en")
    settle(page)
    assert page.locator("#sb-edit").get_attribute("open") is not None  # a blank table opens the editor
    add_card(page, "0:hand", "throne", "Throne Room")
    add_card(page, "0:hand", "宴会", "Feast")  # any script finds the card
    # each chip's name (its first part; the chip's whole inner text depends on the layout applied)
    hand = page.locator("#sb-players fieldset").first
    chips = hand.locator(".sb-chip > span:first-child").all_text_contents()
    assert chips == ["Throne Room", "Feast"]
    assert "Play an Action card" in page.locator("#sb-decision").inner_text()
    page.screenshot(path=str(tmp_path / "sandbox-built.png"), full_page=True)
    tap(page, "throne-room")
    tap(page, "silver")
    tap(page, "duchy")
    lines = log_lines(page)
    assert sum(1 for x in lines if re.search(r"Alice gains (Silver|Duchy)", x)) == 2, lines
    assert sum(1 for x in lines if "trashes Feast" in x) == 1, lines
    assert any("cannot trash Feast again" in x for x in lines), lines
    trash = page.locator("#sb-board .shared .zone").first.inner_text()
    assert "Trash pile · 1 card" in trash and "Feast" in trash  # the glossary's word, as on the demo board
    assert "Buy a card" in page.locator("#sb-decision").inner_text()
    page.locator("#sb-board").screenshot(path=str(tmp_path / "sandbox-played.png"))
    # back and forward through the snapshots
    page.click("[data-act=first]")
    assert re.match(r"Step 1 of \d+", page.locator("#sb-step").inner_text())
    assert page.locator("#sb-decision").inner_text() == ""
    page.click("[data-act=last]")
    assert "Buy a card" in page.locator("#sb-decision").inner_text()
    # undo takes the last answer back
    page.click("[data-act=undo]")
    settle(page)
    assert "gain a card costing up to" in page.locator("#sb-decision").inner_text()
    assert log.errors == []


def test_an_impossible_answer_is_refused_with_the_engines_reason(live_server, phone, tmp_path):
    ctx, log = phone("en-US")
    page = ctx.new_page()
    page.goto(live_server.url + "/sandbox?lang=en")
    settle(page)
    add_card(page, "0:hand", "militia", "Militia")
    for card in ("Gold", "Silver", "Estate", "Copper", "Curse"):
        add_card(page, "1:hand", card.lower(), card)
    tap(page, "militia")
    ask = page.locator("#sb-decision").inner_text()
    assert "Bob decides" in ask and "Pick 2 to 2" in ask
    page.locator("#sb-decision button.sb-go").click()  # Done with nothing picked
    settle(page)
    error = page.locator("#sb-error")
    assert error.is_visible() and "The rules do not allow this answer" in error.inner_text()
    assert "Pick 2 to 2." in error.inner_text()  # in words; the engine's own reason is folded away
    detail = error.locator("details")
    assert detail.get_attribute("open") is None and "needs 2..2" in detail.text_content()
    assert "Bob decides" in page.locator("#sb-decision").inner_text()  # still asked
    page.screenshot(path=str(tmp_path / "sandbox-refused.png"), full_page=True)
    tap(page, "curse")
    tap(page, "estate")
    page.locator("#sb-decision button.sb-go").click()
    settle(page)
    assert not error.is_visible()
    bob = page.locator("#sb-board .pl").nth(1).inner_text()
    assert "Hand · 3 cards" in bob and "Discard pile · 2 cards" in bob
    refused = [e for e in log.errors if "status of 422" in e]  # Chromium logs the refusal's 422
    assert len(refused) == 1 and log.errors == refused


SLOW_REPLAYS = """
(() => {
  const real = window.fetch.bind(window);
  window.__replays = { open: 0, most: 0, sent: 0 };
  window.fetch = (url, opts) => {
    if (!String(url).startsWith("/api/sandbox")) return real(url, opts);
    const r = window.__replays;
    r.open += 1; r.sent += 1; r.most = Math.max(r.most, r.open);
    const late = (res) => new Promise((done) => setTimeout(() => { r.open -= 1; done(res); }, 1500));
    return real(url, opts).then(late);
  };
})();
"""


def test_quick_edits_on_a_slow_line_send_one_replay_at_a_time_and_show_the_last(live_server, phone):
    """A player adding cards faster than the engine answers never has two replays of their own in
    flight (the server refuses a second from one address), and the board ends on every edit."""
    ctx, log = phone("en-US")
    ctx.add_init_script(SLOW_REPLAYS)
    page = ctx.new_page()
    page.goto(live_server.url + "/sandbox?lang=en")
    settle(page)
    page.select_option("#sb-target", "0:hand")
    for typed, name in (("village", "Village"), ("smithy", "Smithy"), ("market", "Market"), ("moat", "Moat")):
        page.fill("#sb-q", typed)
        page.locator("#sb-suggest button", has_text=name).first.click()
        page.wait_for_timeout(300)  # past the edit's pause, before the last replay answers
    page.wait_for_timeout(500)
    settle(page)
    page.locator("#sb-board:not(.sb-stale)").wait_for()
    replays = page.evaluate("window.__replays")
    assert replays["most"] == 1 and replays["sent"] >= 2, replays
    hand = page.locator("#sb-board .pl").first.inner_text()
    assert "Hand · 4 cards" in hand, hand
    assert all(name in hand for name in ("Village", "Smithy", "Market", "Moat")), hand
    assert log.errors == []


def test_library_demo_from_its_star_step_with_another_deck(live_server, phone, tmp_path):
    ctx, log = phone()
    page = ctx.new_page()
    page.goto(live_server.url + "/scenarios/library-set-aside-optional")
    page.locator("#steplist li.hl a").first.click()  # the ★ step
    href = page.get_attribute("#try-here", "href")
    star = int(re.search(r"step=(\d+)", href).group(1))
    assert star > 1
    page.click("#try-here")
    settle(page)
    assert "/sandbox?s=" in page.url
    before = page.locator("#sb-decision").inner_text()
    assert "铁匠铺" in before  # after setting the Village aside, Library reveals the Smithy
    page.click("#sb-edit summary")
    deck = page.locator("#sb-players fieldset").first.locator(".sb-zone").nth(1)
    deck.locator("button[aria-label='去掉银币']").click()  # take the Silver out of the deck
    settle(page)
    add_card(page, "0:deck", "jieqing", "节庆")  # pinyin finds Festival; it goes to the bottom
    for _ in range(10):  # play to the end: set nothing else aside
        buttons = page.locator("#sb-decision button")
        if not buttons.count():
            break
        no = page.locator("#sb-decision button[data-option='no']")
        (no if no.count() else buttons.first).click()
        settle(page)
    assert "没有更多选择了" in page.locator("#sb-decision").inner_text()
    alice = page.locator("#sb-board .pl").first.inner_text()
    assert "手牌 · 7 张" in alice and "节庆" in alice and "银币" not in alice
    page.screenshot(path=str(tmp_path / "sandbox-library.png"), full_page=True)
    assert log.errors == []


def test_a_shared_link_reproduces_the_board_also_without_javascript(live_server, phone, browser, tmp_path):
    ctx, _ = phone()
    page = ctx.new_page()
    page.goto(live_server.url + "/sandbox?card=citadels/warlord")
    settle(page)
    page.locator("#sb-decision button[data-option='gold']").click()
    settle(page)
    page.locator("#sb-decision button[data-option='ability']").click()
    settle(page)
    link = page.url
    board = page.locator("#sb-board").inner_text()
    question = page.locator("#sb-decision").inner_text()
    other, _ = phone("en-US")
    again = other.new_page()
    again.goto(link + "&lang=zh-Hans")
    settle(again)
    assert again.locator("#sb-board").inner_text() == board
    assert again.locator("#sb-decision").inner_text() == question
    static = browser.new_context(
        viewport={"width": 390, "height": 844}, java_script_enabled=False, locale="zh-CN"
    )
    plain = static.new_page()
    plain.goto(link)
    assert plain.locator("#sb-app").is_hidden()
    text = plain.locator("#sb-static").inner_text()
    assert "军阀" in text and "需要启用 JavaScript" in text
    assert plain.locator("#sb-static .pl").count() == 4
    plain.screenshot(path=str(tmp_path / "sandbox-no-js.png"), full_page=True)
    static.close()


def test_counts_in_chinese_use_full_width_brackets(live_server, phone):
    """'手牌（1）', never '手牌 (1)': a count beside a Chinese label takes the script's brackets."""
    ctx, log = phone("zh-CN")
    page = ctx.new_page()
    page.goto(live_server.url + "/sandbox?lang=zh-Hans")
    settle(page)
    add_card(page, "0:hand", "throne", "金殿")
    labels = page.locator("#sb-players fieldset").first.locator(".sb-zone > span").all_inner_texts()
    assert labels and all(re.fullmatch(r"\S+（\d+）", x) for x in labels), labels
    assert "（1）" in " ".join(labels)
    summary = page.locator("#sb-app details.sb-supply summary").inner_text()
    assert re.fullmatch(r"\S+（\d+）", summary), summary
    chip = page.locator("#sb-players .sb-chip button").first.get_attribute("aria-label") or ""
    assert chip.startswith("去掉") and "移除" not in chip  # 移除 is the 2nd edition's word for trashing
    assert log.errors == []


def test_the_tables_words_follow_the_edition_chosen(live_server, phone):
    """Dominion's 1st edition says 补充资源 and 垃圾牌堆, the 2nd 供应区 and 移除区: switching the
    edition in the editor changes the supply's label and the board's words with it."""
    ctx, log = phone("zh-CN")
    page = ctx.new_page()
    page.goto(live_server.url + "/sandbox?lang=zh-Hans")
    settle(page)
    summary = page.locator("#sb-app details.sb-supply summary")
    page.select_option("#sb-edition", "1e")
    settle(page)
    assert summary.inner_text().startswith("补充资源"), summary.inner_text()
    page.select_option("#sb-edition", "2e")
    settle(page)
    assert summary.inner_text().startswith("供应区"), summary.inner_text()
    page.locator("#sb-board .zone-name", has_text="移除区").first.wait_for()  # after the replay
    board = page.locator("#sb-board").inner_text()
    assert "垃圾牌堆" not in board and "补充资源" not in board, board
    page.select_option("#sb-edition", "1e")
    settle(page)
    assert summary.inner_text().startswith("补充资源"), summary.inner_text()
    assert log.errors == []
