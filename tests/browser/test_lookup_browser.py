"""Point the phone at a card, on a 390x844 phone: a photo the test draws opens the right entry in two
taps (take the photo, tap the first candidate); the crop-and-rotate step frames the title and reads
the framed part again; a kingdom photo fills the set-up tool and the kingdom picker, a card that
was not read is fixed with a tap; offline the page says lookup needs the network."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from corpus.model import DATASET_PATH

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from card_images import cards_from_dataset, jpeg_bytes, kingdom_photo, photo  # noqa: E402

LOCALES = {"zh-Hans": "zh-CN", "zh-Hant": "zh-TW", "en": "en-US"}


@pytest.mark.parametrize(
    ("script", "card_id"),
    [("zh-Hans", "citadels/assassin"), ("zh-Hant", "citadels/library"), ("en", "dominion/witch")],
)
def test_a_card_photo_opens_its_entry_in_two_taps(live_server, phone, tmp_path, script, card_id):
    card = {c.id: c for c in cards_from_dataset(DATASET_PATH, script)}[card_id]
    shot = tmp_path / "card.jpg"
    shot.write_bytes(jpeg_bytes(photo(card, "rotate", seed=5), quality=75))
    ctx, log = phone(locale=LOCALES[script])
    page = ctx.new_page()
    page.goto(f"{live_server.url}/lookup?lang={script}")
    page.set_input_files("#lookup-photo", str(shot))  # tap 1: the camera's photo
    first = page.locator(".lookup-list a.cand").first
    first.wait_for(timeout=60_000)
    assert card.title in first.inner_text()
    assert page.locator("a.not-it").count() == 1
    crop = page.locator("#lookup-crop")
    crop.wait_for(state="visible")
    frame = page.eval_on_selector("#lookup-canvas", "c => [c.width, c.height]")
    assert frame[0] > 100 and frame[1] > 100
    first.click()  # tap 2
    page.wait_for_url(f"**/entries/{card_id}")
    assert page.locator("h1").inner_text() == card.title
    page.screenshot(path=str(tmp_path / "entry.png"))
    assert log.errors == []


def test_the_crop_step_reads_the_framed_title_again(live_server, phone, tmp_path):
    card = {c.id: c for c in cards_from_dataset(DATASET_PATH, "zh-Hant")}["citadels/library"]
    shot = tmp_path / "card.jpg"
    shot.write_bytes(jpeg_bytes(photo(card, "rotate", seed=8), quality=75))
    ctx, log = phone(locale="zh-TW")
    page = ctx.new_page()
    page.goto(f"{live_server.url}/lookup?lang=zh-Hant")
    page.set_input_files("#lookup-photo", str(shot))
    page.locator("#lookup-crop").wait_for(state="visible", timeout=60_000)
    page.locator(".lookup-list a.cand").first.wait_for()
    # turn the photo a little and read only the framed part: the title is still found
    page.fill("#lookup-turn", "3")
    page.dispatch_event("#lookup-turn", "input")
    with page.expect_response("**/api/lookup?**") as resp:
        page.click("#lookup-reread")
    assert resp.value.ok
    first = page.locator(".lookup-list a.cand").first
    first.wait_for(timeout=60_000)
    assert card.title in first.inner_text()
    assert log.errors == []


def _kingdom_page(live_server, phone, tmp_path, slugs, script, locale, cover_first=False):  # type: ignore[no-untyped-def]
    cards = {c.id: c for c in cards_from_dataset(DATASET_PATH, script)}
    img = kingdom_photo([cards[f"dominion/{s}"] for s in slugs], seed=2)
    if cover_first:  # a hand over the first card's title
        from PIL import ImageDraw

        ImageDraw.Draw(img).rectangle((0, 0, img.width // 5, img.height // 10), fill=(200, 160, 130))
    shot = tmp_path / "kingdom.jpg"
    shot.write_bytes(jpeg_bytes(img))
    ctx, log = phone(locale=locale)
    page = ctx.new_page()
    page.goto(f"{live_server.url}/lookup?lang={script}")
    page.check("input[name=mode][value=kingdom]")
    page.set_input_files("#lookup-photo", str(shot))
    page.locator("a.setup").wait_for(timeout=90_000)
    return page, log, cards


KINGDOM_2E = ["artisan", "bandit", "cellar", "gardens", "harbinger", "merchant", "poacher", "sentry",
              "vassal", "throne-room"]


def test_a_kingdom_photo_fills_the_set_up_tool(live_server, phone, tmp_path):
    page, log, cards = _kingdom_page(live_server, phone, tmp_path, KINGDOM_2E, "en", "en-US")
    assert page.locator(".kingdom-slot a.cand:visible").count() == 10
    assert page.locator(".kingdom-slot.to-fix").count() == 0
    page.click("a.setup")
    page.wait_for_url("**/tools/setup?**")
    page.locator("#result li").first.wait_for(timeout=10_000)
    shown = page.locator("#result").inner_text()
    assert all(cards[f"dominion/{s}"].title in shown for s in KINGDOM_2E)
    page.screenshot(path=str(tmp_path / "setup.png"))
    assert log.errors == []


def test_a_kingdom_photo_fills_the_kingdom_picker(live_server, phone, tmp_path):
    page, log, cards = _kingdom_page(live_server, phone, tmp_path, KINGDOM_2E, "en", "en-US")
    page.click("a.picker")
    page.wait_for_url("**/tools/kingdom?**")
    page.locator("#result li, #result a").first.wait_for(timeout=10_000)
    locked = page.eval_on_selector_all("input[name=lock]:checked", "els => els.map(e => e.value)")
    assert sorted(locked) == sorted(KINGDOM_2E)
    shown = page.locator("#result").inner_text()
    assert all(cards[f"dominion/{s}"].title in shown for s in KINGDOM_2E)
    page.screenshot(path=str(tmp_path / "kingdom.png"))
    assert log.errors == []


def test_a_card_not_read_in_a_kingdom_photo_is_fixed_by_typing_its_name(live_server, phone, tmp_path):
    slugs = ["adventurer", "chancellor", "feast", "spy", "thief",
             "woodcutter", "moat", "village", "smithy", "laboratory"]
    page, log, cards = _kingdom_page(live_server, phone, tmp_path, slugs, "zh-Hans", "zh-CN",
                                     cover_first=True)
    to_fix = page.locator(".kingdom-slot.to-fix")
    assert to_fix.count() == 1
    assert page.locator(".kingdom-slot:not(.to-fix) a.cand").count() == 9
    field = to_fix.locator("input.fix-type")
    field.fill(cards["dominion/adventurer"].title)  # 冒险者, as a player types it
    field.dispatch_event("change")
    assert page.locator(".kingdom-slot.to-fix").count() == 0
    page.click("a.setup")
    page.wait_for_url("**/tools/setup?**")
    page.locator("#result li").first.wait_for(timeout=10_000)
    assert "edition=1e" in page.url
    shown = page.locator("#result").inner_text()
    assert all(cards[f"dominion/{s}"].title in shown for s in slugs)
    assert log.errors == []


@pytest.mark.parametrize(("script", "locale", "words"),
                         [("zh-Hans", "zh-CN", "需要联网"), ("zh-Hant", "zh-TW", "需要連網"),
                          ("en", "en-US", "needs the network")])
def test_offline_the_page_says_lookup_needs_the_network(live_server, phone, script, locale, words):
    ctx, log = phone(locale=locale)
    page = ctx.new_page()
    page.goto(f"{live_server.url}/lookup?lang={script}")
    notice = page.locator("#lookup-offline")
    assert not notice.is_visible()
    # what loads after the page opens (the service worker and what it keeps) is in before the
    # network goes: a load cut off by going offline is Chromium's console error, not the page's
    page.wait_for_load_state("networkidle")
    ctx.set_offline(True)
    notice.wait_for(state="visible")
    assert words in notice.inner_text()
    ctx.set_offline(False)
    notice.wait_for(state="hidden")
    assert log.errors == []


def test_the_lookup_page_opened_offline_says_it_needs_the_network(live_server, phone):
    ctx, log = phone(locale="zh-TW", service_workers="allow")
    page = ctx.new_page()
    page.goto(f"{live_server.url}/lookup?lang=zh-Hant")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now the service worker controls the page and keeps it
    for _ in range(100):
        if page.evaluate("() => navigator.serviceWorker.controller !== null"):
            break
        page.wait_for_timeout(100)
    page.goto(f"{live_server.url}/lookup?lang=zh-Hant")
    ctx.set_offline(True)
    page.goto(f"{live_server.url}/lookup?lang=zh-Hant")
    assert page.locator("h1").inner_text() == "拍照查卡"
    page.locator("#lookup-offline").wait_for(state="visible")
    assert "需要連網" in page.locator("#lookup-offline").inner_text()
    assert log.errors == []
