"""Photo lookup: the real OCR engine on photos the test draws, and bad uploads refused with 4xx."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from corpus.model import DATASET_PATH
from refapp import create_app, lookup_reply

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from card_images import cards_from_dataset, jpeg_bytes, kingdom_photo, photo  # noqa: E402


@pytest.fixture(scope="module")
def real_client(tmp_path_factory):  # type: ignore[no-untyped-def]
    app = create_app({"TESTING": True, "REFAPP_DATA_DIR": str(tmp_path_factory.mktemp("data"))})
    return app.test_client()


@pytest.fixture(scope="module")
def cards():  # type: ignore[no-untyped-def]
    return {s: {c.id: c for c in cards_from_dataset(DATASET_PATH, s)} for s in ("zh-Hans", "zh-Hant", "en")}


@pytest.mark.parametrize(
    ("script", "card_id", "distortion"),
    [
        ("zh-Hans", "citadels/assassin", "rotate"),
        ("zh-Hant", "citadels/library", "background"),  # Library is a card of both games: no game given
        ("en", "dominion/witch", "perspective"),  # so is Witch
    ],
)
def test_a_photo_of_a_card_puts_its_entry_first(real_client, cards, script, card_id, distortion):
    body = jpeg_bytes(photo(cards[script][card_id], distortion, seed=3), quality=70)
    r = real_client.post("/api/lookup?lang=en", data={"image": (io.BytesIO(body), "card.jpg")},
                         content_type="multipart/form-data")
    assert r.status_code == 200
    data = r.get_json()
    first = data["candidates"][0]
    assert first["id"] == card_id
    assert first["url"] == f"/entries/{card_id}"
    assert first["names"][script] == cards[script][card_id].title
    assert first["first_line"]  # the card text's first sentence, in the reader's script
    assert len(data["candidates"]) <= 3
    assert cards[script][card_id].title in data["read"]
    assert parse_qs(urlsplit(data["search_url"]).query)["q"] == [data["title_read"]]
    x0, y0, x1, y1 = data["title_box"]  # where the crop step starts: the title, near the card's top
    assert 0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 0.5
    assert -20 <= data["angle"] <= 20


def test_a_kingdom_photo_names_all_ten_cards_and_fills_the_set_up_tool_and_the_picker(real_client, cards):
    slugs = ["cellar", "chapel", "moat", "village", "workshop",
             "smithy", "militia", "market", "mine", "witch"]
    img = kingdom_photo([cards["zh-Hans"][f"dominion/{s}"] for s in slugs], seed=1, distortion="glare")
    r = real_client.post("/api/lookup?mode=kingdom", data=jpeg_bytes(img))
    assert r.status_code == 200
    data = r.get_json()
    assert {c["id"] for c in data["cards"]} == {f"dominion/{s}" for s in slugs}
    assert all(c["sure"] for c in data["cards"]) and data["unread"] == []
    query = parse_qs(urlsplit(data["setup_url"]).query)
    assert set(query["lock"][0].split(",")) == set(slugs)
    assert real_client.get(data["setup_url"]).status_code == 200
    setup = parse_qs(urlsplit(data["setup_tool_url"]).query)
    assert set(setup["kingdom"][0].split(",")) == set(slugs) and setup["edition"] == ["2e"]
    tool = real_client.get(data["setup_tool_url"].replace("/tools/setup?", "/tools/setup.json?")).get_json()
    assert {line["card"] for line in tool["result"]["lines"] if line["key"] == "kingdom_pile"} == set(slugs)


def test_a_kingdom_with_a_covered_title_offers_the_cards_left_for_a_fix(real_client, cards):
    from PIL import ImageDraw

    slugs = ["adventurer", "chancellor", "feast", "spy", "thief",
             "woodcutter", "moat", "village", "smithy", "laboratory"]
    img = kingdom_photo([cards["en"][f"dominion/{s}"] for s in slugs], seed=4)
    # a hand over the first card's title: nothing of it can be read
    ImageDraw.Draw(img).rectangle((0, 0, img.width // 5, img.height // 10), fill=(200, 160, 130))
    data = real_client.post("/api/lookup?mode=kingdom&lang=zh-Hant", data=jpeg_bytes(img)).get_json()
    found = {c["id"].split("/", 1)[1] for c in data["cards"]}
    assert found == set(slugs) - {"adventurer"}
    assert data["setup_tool_url"] and "edition=1e" in data["setup_tool_url"]  # the rest is 1st edition
    html = real_client.get("/lookup?lang=zh-Hant").get_data(as_text=True)
    assert 'data-slug="adventurer"' in html and "冒險者" in html  # typing its name fixes the slot


def _png_bytes() -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (40, 20), (255, 255, 255)).save(buf, "PNG")
    return buf.getvalue()


@pytest.mark.parametrize(
    ("body", "status"),
    [
        (b"", 400),
        (b"GIF89a not a photo we read", 415),
        (b"<html>hello</html>", 415),
        (b"\xff\xd8\xff\xe0 a broken jpeg", 400),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * (5 * 1024 * 1024), 413),
    ],
)
def test_bad_uploads_get_a_clear_4xx(client, body, status):
    r = client.post("/api/lookup", data=body, content_type="application/octet-stream")
    assert r.status_code == status
    assert r.is_json and r.get_json()["status"] == status and r.get_json()["error"]


def test_a_form_without_the_image_field_and_a_bad_parameter_are_4xx(client):
    r = client.post("/api/lookup", data={"photo": (io.BytesIO(_png_bytes()), "x.png")},
                    content_type="multipart/form-data")
    assert r.status_code == 400 and "image" in r.get_json()["error"]
    for query in ("game=chess", "lang=fr", "mode=deck"):
        r = client.post(f"/api/lookup?{query}", data=_png_bytes())
        assert r.status_code == 400
        assert query.split("=")[0] in r.get_json()["error"]


def test_a_second_photo_while_one_is_read_is_told_to_come_back(client):
    assert lookup_reply.OCR_SLOTS.acquire(blocking=False)
    try:
        r = client.post("/api/lookup", data=_png_bytes())
    finally:
        lookup_reply.OCR_SLOTS.release()
    assert r.status_code == 503
    assert r.headers["Retry-After"].isdigit()


def test_exif_orientation_is_honoured_and_the_photo_scaled_down():
    from PIL import Image

    from refapp.lookup_ocr import SINGLE_SIDE, load_image

    upright = Image.new("RGB", (1200, 3000), (200, 10, 10))
    upright.paste((10, 10, 200), (0, 0, 1200, 300))  # the top is blue
    stored = upright.rotate(90, expand=True)  # what a phone held sideways stores: 3000 x 1200
    exif = Image.Exif()
    exif[0x0112] = 6  # "rotate 90 clockwise to view"
    buf = io.BytesIO()
    stored.save(buf, "JPEG", exif=exif)
    img = load_image(buf.getvalue())
    assert img.height > img.width  # upright again
    assert max(img.size) <= SINGLE_SIDE
    r, _, b = img.getpixel((img.width // 2, 5))
    assert b > r  # blue band back at the top


def test_the_lookup_page_opens_the_camera_in_every_script(client):
    titles = (("zh-Hans", "拍照查卡"), ("zh-Hant", "拍照查卡"), ("en", "Look a card up from a photo"))
    for lang, title in titles:
        r = client.get(f"/lookup?lang={lang}")
        assert r.status_code == 200
        html = r.get_data(as_text=True)
        assert 'capture="environment"' in html and 'accept="image/*"' in html
        assert title in html
        assert "http://" not in html.replace("http://www.w3.org", "") and "https://" not in html
