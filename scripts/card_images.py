"""Card-like photos made from our own names and text, for the lookup tests and benchmark.

A card: a frame, the title band at the top, an art box, a text box with the card's text. Fonts are
Debian's (Noto CJK, WenQuanYi, AR PL); distortions imitate a phone photo at the table. Pure
functions of (card, script, distortion, seed): the same arguments make the same image.
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageEnhance, ImageFilter, ImageFont

FONT_FILES = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/arphic/uming.ttc",
    "/usr/share/fonts/truetype/arphic/ukai.ttc",
)
DISTORTIONS = ("clean", "rotate", "perspective", "blur", "jpeg", "glare", "lowlight", "occlude", "background")
CARD_W, CARD_H = 420, 640


def fonts() -> list[str]:
    found = [f for f in FONT_FILES if Path(f).exists()]
    if not found:
        raise RuntimeError("no CJK font: install fonts-noto-cjk or fonts-wqy-microhei (make browser-deps)")
    return found


@dataclass(frozen=True)
class Card:
    id: str
    title: str
    text: str
    cost: str | None = None


def _wrap(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: int) -> list[str]:
    lines: list[str] = []
    cur = ""
    words = text.split(" ") if text.isascii() else list(text)
    sep = " " if text.isascii() else ""
    for w in words:
        trial = (cur + sep + w) if cur else w
        if draw.textlength(trial, font=font) > width and cur:
            lines.append(cur)
            cur = w
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


def render_card(card: Card, rng: random.Random, font_file: str | None = None) -> Image.Image:
    font_file = font_file or rng.choice(fonts())
    hue = rng.choice([(226, 214, 180), (200, 220, 235), (230, 200, 200), (210, 230, 200), (235, 225, 160)])
    img = Image.new("RGB", (CARD_W, CARD_H), (40, 30, 20))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((8, 8, CARD_W - 8, CARD_H - 8), 18, fill=hue, outline=(20, 15, 10), width=4)
    # title band
    d.rectangle((24, 24, CARD_W - 24, 96), fill=(250, 245, 230), outline=(90, 70, 40), width=3)
    size = 46
    font = ImageFont.truetype(font_file, size)
    while d.textlength(card.title, font=font) > CARD_W - 90 and size > 20:
        size -= 2
        font = ImageFont.truetype(font_file, size)
    tw = d.textlength(card.title, font=font)
    d.text(((CARD_W - tw) / 2, 60), card.title, font=font, fill=(20, 15, 10), anchor="lm")
    # art box: a few coloured shapes
    d.rectangle((32, 110, CARD_W - 32, 350), fill=(120, 140, 160))
    for _ in range(6):
        x, y = rng.randint(32, CARD_W - 80), rng.randint(110, 300)
        col = tuple(rng.randint(40, 220) for _ in range(3))
        d.ellipse((x, y, x + rng.randint(30, 90), y + rng.randint(30, 60)), fill=col)
    # text box with the card's own text, smaller
    d.rectangle((32, 365, CARD_W - 32, CARD_H - 70), fill=(245, 240, 225), outline=(90, 70, 40), width=2)
    small = ImageFont.truetype(font_file, 17)
    y = 378
    for line in _wrap(d, card.text, small, CARD_W - 90)[:9]:
        d.text((45, y), line, font=small, fill=(30, 25, 20))
        y += 24
    if card.cost:
        d.ellipse((24, CARD_H - 64, 70, CARD_H - 18), fill=(230, 190, 60), outline=(80, 60, 10), width=2)
        cost_font = ImageFont.truetype(font_file, 24)
        d.text((47, CARD_H - 41), card.cost, font=cost_font, fill=(0, 0, 0), anchor="mm")
    return img


def _background(size: tuple[int, int], rng: random.Random, busy: bool) -> Image.Image:
    bg = Image.new("RGB", size, (rng.randint(60, 120), rng.randint(50, 90), rng.randint(30, 60)))
    if busy:
        d = ImageDraw.Draw(bg)
        for _ in range(60):
            x, y = rng.randint(0, size[0]), rng.randint(0, size[1])
            col = tuple(rng.randint(0, 255) for _ in range(3))
            d.rectangle((x, y, x + rng.randint(10, 120), y + rng.randint(10, 80)), fill=col)
        for _ in range(8):
            x, y = rng.randint(0, size[0]), rng.randint(0, size[1])
            d.line((x, y, rng.randint(0, size[0]), rng.randint(0, size[1])), fill=(0, 0, 0), width=3)
    return bg


def _perspective(img: Image.Image, rng: random.Random, amount: float,
                 fill: tuple[int, ...] = (70, 60, 40)) -> Image.Image:
    w, h = img.size
    dx, dy = w * amount, h * amount
    src = [(rng.uniform(0, dx), rng.uniform(0, dy)), (w - rng.uniform(0, dx), rng.uniform(0, dy)),
           (w - rng.uniform(0, dx), h - rng.uniform(0, dy)), (rng.uniform(0, dx), h - rng.uniform(0, dy))]
    dst = [(0, 0), (w, 0), (w, h), (0, h)]
    coeffs = _coeffs(dst, src)
    return img.transform((w, h), Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BICUBIC,
                         fillcolor=fill)


def _coeffs(pa: list[tuple[float, float]], pb: list[tuple[float, float]]) -> list[float]:
    import numpy as np

    rows = []
    for (x, y), (u, v) in zip(pa, pb, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    a = np.array(rows, dtype=float)
    b = np.array([c for p in pb for c in p], dtype=float)
    return list(np.linalg.solve(a, b))


def photo(card: Card, distortion: str = "clean", seed: int = 0) -> Image.Image:
    """A photo of one card lying on the table, with one distortion."""
    rng = random.Random(f"{card.id}|{card.title}|{distortion}|{seed}")
    img = render_card(card, rng)
    if distortion == "occlude":  # a finger or another card over up to 20 % of the title
        d = ImageDraw.Draw(img)
        title_w = CARD_W - 48
        cover = int(title_w * rng.uniform(0.1, 0.2))
        left = rng.choice([24, CARD_W - 24 - cover])
        d.rectangle((left, 20, left + cover, 100), fill=(200, 160, 130))
    alpha = Image.new("L", (CARD_W, CARD_H), 255)
    if distortion == "perspective":  # corners moved up to 12 % of the card, on room around it
        pad_x, pad_y = int(CARD_W * 0.12), int(CARD_H * 0.12)
        room = Image.new("RGBA", (CARD_W + 2 * pad_x, CARD_H + 2 * pad_y), (0, 0, 0, 0))
        room.paste(img.convert("RGBA"), (pad_x, pad_y))
        turned = _perspective(room, rng, 0.12 * CARD_W / room.width, fill=(0, 0, 0, 0))
        img, alpha = turned.convert("RGB"), turned.getchannel("A")
    angle = rng.uniform(-15, 15) if distortion == "rotate" else rng.uniform(-2, 2)
    img = img.rotate(angle, expand=True, resample=Image.Resampling.BICUBIC, fillcolor=(0, 0, 0))
    mask = alpha.rotate(angle, expand=True)
    margin = 80
    bg = _background((img.width + 2 * margin, img.height + 2 * margin), rng, distortion == "background")
    bg.paste(img, (margin + rng.randint(-30, 30), margin + rng.randint(-30, 30)), mask)
    img = bg
    if distortion == "blur":
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(1.5, 2.5)))
    if distortion == "glare":
        over = Image.new("L", img.size, 0)
        od = ImageDraw.Draw(over)
        cx, cy = rng.randint(0, img.width), rng.randint(0, img.height // 2)
        r = rng.randint(120, 220)
        od.ellipse((cx - r, cy - r, cx + r, cy + r), fill=150)
        over = over.filter(ImageFilter.GaussianBlur(60))
        img = Image.composite(Image.new("RGB", img.size, (255, 255, 250)), img, over)
        shade = Image.new("L", img.size, 0)
        ImageDraw.Draw(shade).rectangle((0, img.height // 2, img.width, img.height), fill=110)
        shade = shade.filter(ImageFilter.GaussianBlur(40))
        img = Image.composite(Image.new("RGB", img.size, (0, 0, 0)), img, shade)
    if distortion == "lowlight":
        img = ImageEnhance.Brightness(img).enhance(rng.uniform(0.3, 0.45))
        img = ImageEnhance.Contrast(img).enhance(0.8)
    scale = rng.uniform(0.8, 1.1)
    img = img.resize((int(img.width * scale), int(img.height * scale)), Image.Resampling.BILINEAR)
    if distortion == "jpeg":
        img = Image.open(io.BytesIO(jpeg_bytes(img, rng.randint(30, 60)))).convert("RGB")
    return img


KINGDOM_DISTORTIONS = ("clean", "rotate", "perspective", "blur", "jpeg", "glare", "lowlight", "background")


def kingdom_photo(cards: list[Card], seed: int = 0, distortion: str = "clean") -> Image.Image:
    """Ten cards laid out in two rows of five, each slightly turned, on a table; ``distortion``
    (one of KINGDOM_DISTORTIONS) applies to the whole photo: the table turned up to ±8°, a
    perspective of up to 8 %, blur, JPEG 30–60, glare and shadow, low light, a busy table."""
    rng = random.Random(f"kingdom|{seed}|{','.join(c.id for c in cards)}")
    if distortion == "clean":
        return _kingdom_table(cards, rng, busy=False)
    table = _kingdom_table(cards, rng, busy=distortion == "background")
    if distortion == "rotate":
        table = table.rotate(rng.uniform(-8, 8), expand=True, resample=Image.Resampling.BICUBIC,
                             fillcolor=(70, 60, 40))
        w = table.width
        table = table.resize((2000, int(table.height * 2000 / w)), Image.Resampling.BILINEAR)
    if distortion == "perspective":  # on a wider table, so the turned view keeps every card
        pad_x, pad_y = int(table.width * 0.09), int(table.height * 0.09)
        wider = Image.new("RGB", (table.width + 2 * pad_x, table.height + 2 * pad_y), (70, 60, 40))
        wider.paste(table, (pad_x, pad_y))
        table = _perspective(wider, rng, 0.08)
        table = table.resize((2000, int(table.height * 2000 / table.width)), Image.Resampling.BILINEAR)
    return _light(table, distortion, rng)


def _light(img: Image.Image, distortion: str, rng: random.Random) -> Image.Image:
    if distortion == "blur":
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(1.5, 2.5)))
    if distortion == "glare":
        over = Image.new("L", img.size, 0)
        od = ImageDraw.Draw(over)
        cx, cy = rng.randint(0, img.width), rng.randint(0, img.height // 2)
        r = rng.randint(img.width // 12, img.width // 7)
        od.ellipse((cx - r, cy - r, cx + r, cy + r), fill=150)
        over = over.filter(ImageFilter.GaussianBlur(r // 3))
        img = Image.composite(Image.new("RGB", img.size, (255, 255, 250)), img, over)
        shade = Image.new("L", img.size, 0)
        ImageDraw.Draw(shade).rectangle((0, img.height // 2, img.width, img.height), fill=110)
        shade = shade.filter(ImageFilter.GaussianBlur(40))
        img = Image.composite(Image.new("RGB", img.size, (0, 0, 0)), img, shade)
    if distortion == "lowlight":
        img = ImageEnhance.Brightness(img).enhance(rng.uniform(0.3, 0.45))
        img = ImageEnhance.Contrast(img).enhance(0.8)
    if distortion == "jpeg":
        img = Image.open(io.BytesIO(jpeg_bytes(img, rng.randint(30, 60)))).convert("RGB")
    return img


def _kingdom_table(cards: list[Card], rng: random.Random, busy: bool) -> Image.Image:
    cols, gap = 5, 30
    rows = (len(cards) + cols - 1) // cols
    table = _background((cols * (CARD_W + gap) + gap, rows * (CARD_H + gap) + gap), rng, busy)
    for i, card in enumerate(cards):
        img = render_card(card, rng)
        angle = rng.uniform(-4, 4)
        img = img.rotate(angle, expand=True, resample=Image.Resampling.BICUBIC)
        mask = Image.new("L", (CARD_W, CARD_H), 255).rotate(angle, expand=True)
        x = gap + (i % cols) * (CARD_W + gap) - (img.width - CARD_W) // 2
        y = gap + (i // cols) * (CARD_H + gap) - (img.height - CARD_H) // 2
        table.paste(img, (x, y), mask)
    w = 2000
    return table.resize((w, int(table.height * w / table.width)), Image.Resampling.BILINEAR)


def jpeg_bytes(img: Image.Image, quality: int = 85) -> bytes:
    buf = io.BytesIO()
    img.convert("RGB").save(buf, "JPEG", quality=quality)
    return buf.getvalue()


def cards_from_dataset(path: str | Path, script: str) -> list[Card]:
    """Every card entry of the dataset, titled in ``script``, with its first sentence of text."""
    import json

    data = json.loads(Path(path).read_text(encoding="utf-8"))
    out = []
    for e in data["entries"]:
        if e["kind"] != "card":
            continue
        text = " ".join(((e.get("text") or {}).get(script) or "").split())
        cost = e.get("cost")
        out.append(Card(e["id"], e["names"][script], text, None if cost is None else str(cost)))
    return out
