"""The reviewer's phone walk (390x844, 200 % zoom, three scripts), as checks: every control a
thumb can hit (44 px), no emoji the phone may not draw, a source list that reads as a list,
an error that says its reason to a player on the first screen, one word per concept in the
set-up tool, a card's other names each once, and buttons that wrap keep apart."""

from __future__ import annotations

import re

import pytest

from corpus.glossary import load_glossary
from index.query import MAX_QUERY_CHARS

PHONE = {"width": 390, "height": 844}
ZOOM_200 = {"width": 195, "height": 422}  # browser zoom 200 % on the phone: half the CSS pixels
LOCALES = {"zh-Hans": "zh-CN", "zh-Hant": "zh-TW", "en": "en-US"}


def open_page(browser, lang: str, viewport=PHONE, scale: int = 1):  # type: ignore[no-untyped-def]
    ctx = browser.new_context(viewport=viewport, locale=LOCALES[lang], device_scale_factor=scale)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return ctx, page, errors


# Every control on screen that is smaller than 44x44 CSS px. Exempt: a link inside a sentence (it
# flows with the text), the skip link, and a radio or checkbox whose label is the 44 px target.
SMALL_TARGETS_JS = """() => {
  const out = [];
  const shown = el => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'
      && s.opacity !== '0'; };
  for (const el of document.querySelectorAll('a[href], button, select, summary, input, label')) {
    if (!shown(el) || el.closest('.sr-only, [hidden]') || el.classList.contains('skip')) continue;
    const s = getComputedStyle(el);
    if (el.tagName === 'A' && s.display === 'inline' && el.closest('p, li, blockquote, dd, td')
        && !el.classList.contains('chip')) continue;
    if (el.tagName === 'LABEL' && !el.querySelector('input[type=radio], input[type=checkbox]')) continue;
    if (el.tagName === 'INPUT' && ['radio', 'checkbox'].includes(el.type) && el.closest('label')) continue;
    if (el.tagName === 'INPUT' && el.type === 'hidden') continue;
    const r = el.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5) {
      const name = (el.innerText || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 24);
      out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return out;
}"""

TARGET_PAGES = (
    "/",
    "/entries/dominion/library",
    "/entries/citadels/assassin",
    "/lookup",
    "/tools/setup",
    "/tools/kingdom",
    "/search?q=%E5%9B%BE%E4%B9%A6%E9%A6%86",
)


@pytest.mark.parametrize("lang", ["zh-Hant", "en"])
def test_every_control_is_a_44px_target_on_the_phone(live_server, browser, lang):
    ctx, page, errors = open_page(browser, lang)
    try:
        small = {}
        for path in TARGET_PAGES:
            page.goto(live_server.url + path)
            page.wait_for_load_state("load")
            page.wait_for_timeout(150)  # the tools draw their result from script
            found = page.evaluate(SMALL_TARGETS_JS)
            if found:
                small[path] = found[:6]
        assert small == {}
        assert errors == []
    finally:
        ctx.close()


# a pictograph from the emoji planes: drawn as an empty box where the phone has no emoji font
EMOJI = re.compile("[\U0001f000-\U0001faff]")


@pytest.mark.parametrize("path", ["/", "/lookup", "/tools"])
def test_the_interface_draws_no_emoji(live_server, browser, path):
    ctx, page, errors = open_page(browser, "zh-Hant")
    try:
        page.goto(live_server.url + path)
        text = page.evaluate("() => document.body.innerText")
        assert EMOJI.findall(text) == []
        assert errors == []
    finally:
        ctx.close()


# a separator outside the links of a source line: where a link wraps, it sits alone on a line
STRAY_SEPARATOR_JS = """() => {
  const out = [];
  for (const p of document.querySelectorAll('.sources')) {
    const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.parentElement.closest('a, .src-label')) continue;
      const t = n.textContent.trim();
      if (t) out.push(t);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
@pytest.mark.parametrize("path", ["/entries/dominion/rules/action-phase", "/entries/dominion/rules/setup"])
def test_a_list_of_sources_reads_one_source_a_line(live_server, browser, lang, path):
    ctx, page, errors = open_page(browser, lang)
    try:
        page.goto(live_server.url + path)
        assert page.evaluate(STRAY_SEPARATOR_JS) == []
        lines = page.evaluate("""() => [...document.querySelectorAll('.sources')].map(p =>
            [...p.querySelectorAll('.src, .pub')]
              .map(s => [Math.round(s.getBoundingClientRect().top), s.innerText.trim()]))""")
        if lang == "en" or path.endswith("setup"):  # several copies of the rulebook, or several sites
            assert any(len(line) > 1 for line in lines)
        for line in lines:
            tops = [top for top, _ in line]
            assert tops == sorted(set(tops)), line  # each on a line of its own
            names = [name for _, name in line]
            assert len(names) == len(set(names)), line  # and each told apart by its words
        assert errors == []
    finally:
        ctx.close()


def test_a_too_long_search_says_why_on_the_first_screen_at_200_percent_zoom(live_server, browser):
    ctx, page, errors = open_page(browser, "zh-Hant", viewport=ZOOM_200, scale=2)
    try:
        response = page.goto(live_server.url + "/search?q=" + "x" * (MAX_QUERY_CHARS + 200))
        assert response is not None and response.status == 400
        notice = page.locator(".notice[role=alert]")
        box = notice.bounding_box()
        assert box is not None and box["y"] + box["height"] <= ZOOM_200["height"], box
        assert str(MAX_QUERY_CHARS) in notice.inner_text()  # the reason: how long a search may be
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "en"])
@pytest.mark.parametrize("bad", ["game=bogus", "edition=zz", "limit=0"])
def test_a_bad_filter_is_explained_in_the_readers_words(live_server, browser, lang, bad):
    ctx, page, errors = open_page(browser, lang)
    try:
        response = page.goto(f"{live_server.url}/search?q=moat&{bad}")
        assert response is not None and response.status == 400
        text = page.locator(".notice[role=alert]").inner_text()
        # no setting names or values (game, 1e, bogus, limit), and on a Chinese page no English
        assert not re.search(r"\b(game|edition|limit|kind|bogus|zz|1e|2e|classic)\b", text), text
        if lang != "en":
            assert not re.search(r"[A-Za-z]{2,}", text), text
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_the_setup_tool_names_the_supply_as_the_editions_glossary_does(live_server, browser, lang):
    avoid = [
        w
        for term in load_glossary().for_game("dominion")
        if term.applies_to("dominion", "2e")
        for w in term.avoid.get(lang, ())
    ]
    assert avoid
    ctx, page, errors = open_page(browser, lang)
    try:
        page.goto(f"{live_server.url}/tools/setup?game=dominion&edition=2e&players=3")
        page.locator(".tool-result li").first.wait_for(timeout=5000)
        text = page.locator(".tool-result").inner_text()
        assert "2" in text
        assert [w for w in avoid if w in text] == []
        assert errors == []
    finally:
        ctx.close()


def test_a_cards_other_names_are_each_shown_once(live_server, browser):
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(live_server.url + "/browse?game=dominion")
        repeated = page.evaluate("""() => [...document.querySelectorAll('.result-alt')]
            .map(a => [...a.children].map(s => s.textContent))
            .filter(names => new Set(names).size < names.length).map(names => names.join(' '))""")
        assert repeated == []  # Cellar is 地窖 in both Chinese scripts: shown once
        assert errors == []
    finally:
        ctx.close()


# two buttons whose boxes touch or overlap: wrapped onto two lines with no gap they read as one
TOUCHING_BUTTONS_JS = """() => {
  const boxes = [...document.querySelectorAll('main .button, main button')]
    .filter(b => b.getBoundingClientRect().width > 0 && !b.closest('[hidden], .sr-only'))
    .map(b => [b.innerText.trim().slice(0, 20), b.getBoundingClientRect()]);
  const out = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [na, a] = boxes[i], [nb, b] = boxes[j];
    const dx = Math.max(a.left, b.left) - Math.min(a.right, b.right);
    const dy = Math.max(a.top, b.top) - Math.min(a.bottom, b.bottom);
    if (dx < 2 && dy < 2) out.push(`${na} | ${nb}`);
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["zh-Hant", "en"])
def test_buttons_that_wrap_keep_a_gap(live_server, browser, lang):
    ctx, page, errors = open_page(browser, lang)
    try:
        touching = {}
        for path in ("/scenarios", "/tools/kingdom", "/entries/dominion/library", "/tools/score"):
            page.goto(live_server.url + path)
            page.wait_for_load_state("load")
            page.wait_for_timeout(150)
            found = page.evaluate(TOUCHING_BUTTONS_JS)
            if found:
                touching[path] = found[:4]
        assert touching == {}
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize(("lang", "seat"), [("zh-Hant", "玩家 1"), ("en", "Player 1")])
def test_an_unnamed_winner_is_called_by_seat_as_the_form_calls_them(live_server, browser, lang, seat):
    ctx, page, errors = open_page(browser, lang)
    try:
        page.goto(f"{live_server.url}/tools/score?game=dominion&p0.estate=3&p1.estate=1")
        winner = page.locator("#winner")
        winner.wait_for(timeout=5000)
        assert seat in winner.inner_text()  # not "Winner: 1"
        assert seat in page.locator(".score-card h2").first.inner_text()
        assert errors == []
    finally:
        ctx.close()


TOOL_ERRORS = (
    "/tools/setup?edition=zz",  # a link with a setting the tool does not know
    "/tools/score?p0.estate=5&p0.total=2&p1.estate=1",  # a deck smaller than the cards counted in it
    "/tools/kingdom?edition=2e&lock=village&exclude=village",  # a card both always and never used
)


@pytest.mark.parametrize("path", TOOL_ERRORS)
def test_a_tools_error_is_said_in_the_readers_words(live_server, browser, path):
    ctx, page, errors = open_page(browser, "zh-Hant")
    try:
        page.goto(live_server.url + path)
        box = page.locator("#tool-error")
        box.wait_for(state="visible", timeout=5000)
        text = box.inner_text()
        assert text.strip() and not re.search(r"[A-Za-z\[\]'\"]", text), text  # no settings, ids, lists
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize(
    ("q", "lang"),
    [
        ("can chapel trash itself", "en"),
        ("图书馆 抓到行动牌可以跳过吗", "zh-Hans"),
        ("刺客 殺 國王", "zh-Hant"),
    ],
)
def test_at_200_percent_zoom_the_first_result_starts_on_the_first_screen(live_server, browser, q, lang):
    """The header, the box and the "read as" chips take less room when zoomed (the language links
    and the text-size button short, the search button a magnifier named by its word, the results
    heading read out rather than shown), so the first result is not a screen and a half down."""
    ctx, page, errors = open_page(browser, lang, viewport=ZOOM_200, scale=2)
    try:
        page.goto(f"{live_server.url}/search?q={q}&lang={lang}")
        top = page.locator("li.result").first.bounding_box()
        assert top is not None and top["y"] < ZOOM_200["height"], top
        button = page.locator("form.search button[type=submit]")
        assert button.inner_text().strip() == {"en": "Search", "zh-Hans": "搜索", "zh-Hant": "搜尋"}[lang]
        assert page.locator("#textsize").get_attribute("aria-pressed") in ("true", "false")
        assert errors == []
    finally:
        ctx.close()
