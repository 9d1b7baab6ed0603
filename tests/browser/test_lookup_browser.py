"""Point the phone at a card, on a 390x844 phone: a photo the test draws opens the right entry in two
taps (take the photo, tap the first candidate), and a kingdom photo fills the kingdom picker."""

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
    first.click()  # tap 2
    page.wait_for_url(f"**/entries/{card_id}")
    assert page.locator("h1").inner_text() == card.title
    page.screenshot(path=str(tmp_path / "entry.png"))
    assert log.errors == []


def test_a_kingdom_photo_fills_the_kingdom_picker(live_server, phone, tmp_path):
    slugs = ["artisan", "bandit", "cellar", "gardens", "harbinger", "merchant", "poacher", "sentry",
             "vassal", "throne-room"]
    cards = {c.id: c for c in cards_from_dataset(DATASET_PATH, "en")}
    shot = tmp_path / "kingdom.jpg"
    shot.write_bytes(jpeg_bytes(kingdom_photo([cards[f"dominion/{s}"] for s in slugs], seed=2)))
    ctx, log = phone(locale="en-US")
    page = ctx.new_page()
    page.goto(f"{live_server.url}/lookup?lang=en")
    page.check("input[name=mode][value=kingdom]")
    page.set_input_files("#lookup-photo", str(shot))
    setup = page.locator("a.setup")
    setup.wait_for(timeout=90_000)
    assert page.locator(".lookup-list a.cand").count() == 10
    setup.click()
    page.wait_for_url("**/tools/kingdom?**")
    page.locator("#result li, #result a").first.wait_for(timeout=10_000)
    locked = page.eval_on_selector_all("input[name=lock]:checked", "els => els.map(e => e.value)")
    assert sorted(locked) == sorted(slugs)
    shown = page.locator("#result").inner_text()
    assert all(cards[f"dominion/{s}"].title in shown for s in slugs)
    page.screenshot(path=str(tmp_path / "kingdom.png"))
    assert log.errors == []
