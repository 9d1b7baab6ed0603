"""Read the text on a photo: checked decoding, EXIF rotation, bounded size, then RapidOCR.

No Flask here. RapidOCR's PP-OCR models ship inside its wheel, so nothing is downloaded: the engine
is built once per process with the wheel's own model files.
"""

from __future__ import annotations

import io
import math
import threading
from dataclasses import dataclass

from refapp.errors import RefappError

MAX_BYTES = 4 * 1024 * 1024
MAX_PIXELS = 40_000_000  # decoding guard (a decompression bomb is refused before it is decoded)
SINGLE_SIDE = 1024  # a one-card photo is scaled so its longer side is at most this
KINGDOM_SIDE = 2000  # a kingdom photo keeps more pixels: ten titles are small
MAGIC = {b"\xff\xd8\xff": "jpeg", b"\x89PNG\r\n\x1a\n": "png"}


class ImageRejected(RefappError, ValueError):
    """The upload is not an image we read (message says why; the API answers 4xx)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class TextLine:
    text: str
    score: float  # the recogniser's confidence, 0..1
    height: float  # box height in pixels of the scaled image
    x: float  # box centre
    y: float
    width: float = 0.0  # box length along the line (pixels of the scaled image)
    box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # x0, y0, x1, y1 around the line
    angle: float = 0.0  # the line's slant in degrees (clockwise positive, as on screen)


def sniff(data: bytes) -> str | None:
    for magic, kind in MAGIC.items():
        if data.startswith(magic):
            return kind
    if len(data) >= 12 and data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    return None


def load_image(data: bytes, max_side: int = SINGLE_SIDE):  # type: ignore[no-untyped-def]
    """Decoded RGB image, upright (EXIF orientation applied), longer side at most ``max_side``."""
    from PIL import Image, ImageOps

    if not data:
        raise ImageRejected("the upload is empty")
    if len(data) > MAX_BYTES:
        raise ImageRejected(f"the image is larger than {MAX_BYTES // (1024 * 1024)} MB", 413)
    if sniff(data) is None:
        raise ImageRejected("not a JPEG, PNG or WebP image", 415)
    try:
        with Image.open(io.BytesIO(data)) as probe:
            w, h = probe.size
            if w * h > MAX_PIXELS:
                raise ImageRejected(f"the image has more than {MAX_PIXELS // 1_000_000} million pixels", 413)
            probe.draft("RGB", (max_side, max_side))  # JPEG: decode at a reduced scale
            img = ImageOps.exif_transpose(probe)
            img = img.convert("RGB")
    except ImageRejected:
        raise
    except Exception as exc:  # Pillow raises many kinds for broken files
        raise ImageRejected("the image could not be read") from exc
    img.thumbnail((max_side, max_side), Image.Resampling.LANCZOS)
    return img


_engines: dict[str, object] = {}
_engine_lock = threading.Lock()
DET_SIDE = {"card": 640, "kingdom": KINGDOM_SIDE}  # detection input, longer side (bounded work)


def engine(kind: str = "card"):  # type: ignore[no-untyped-def]
    """The OCR engine for one card (detection at 640 px) or a kingdom (at 2000 px), built once."""
    with _engine_lock:
        if kind not in _engines:
            from rapidocr import RapidOCR

            _engines[kind] = RapidOCR(params={
                "Global.log_level": "error",
                "Global.max_side_len": KINGDOM_SIDE,
                "Det.limit_type": "max",
                "Det.limit_side_len": DET_SIDE[kind],
                "EngineConfig.onnxruntime.intra_op_num_threads": 1,
                "EngineConfig.onnxruntime.inter_op_num_threads": 1,
            })
        return _engines[kind]


def _line(box, text: str, score: float) -> TextLine:  # type: ignore[no-untyped-def]
    xs = [float(p[0]) for p in box]
    ys = [float(p[1]) for p in box]
    side_a = ((xs[1] - xs[0]) ** 2 + (ys[1] - ys[0]) ** 2) ** 0.5
    side_b = ((xs[3] - xs[0]) ** 2 + (ys[3] - ys[0]) ** 2) ** 0.5
    height = min(side_a, side_b)  # a line's shorter side is its glyph size, turned or not
    width = max(side_a, side_b)
    along = (xs[1] - xs[0], ys[1] - ys[0]) if side_a >= side_b else (xs[3] - xs[0], ys[3] - ys[0])
    angle = math.degrees(math.atan2(along[1], along[0]))
    angle = (angle + 90) % 180 - 90  # a line has no direction: -90..90
    return TextLine(str(text), float(score), height, sum(xs) / 4, sum(ys) / 4, width,
                    (min(xs), min(ys), max(xs), max(ys)), angle)


def read_lines(img, tallest: int | None = None, context: int = 2,  # type: ignore[no-untyped-def]
               kind: str = "card") -> list[TextLine]:
    """Text lines the OCR finds in ``img`` (a PIL image).

    ``tallest=None`` reads every line. ``tallest=n`` finds every line but reads only the ``n``
    tallest (a title is the largest text on a card) and the ``context`` longest of the rest (enough
    card text to tell same-named cards apart): reading is most of the cost, so the work per photo
    is bounded by ``n + context`` lines, whatever the photo holds.
    """
    import numpy as np

    bgr = np.asarray(img)[:, :, ::-1].copy()  # RapidOCR wants BGR like OpenCV
    ocr = engine(kind)
    if tallest is None:
        result = ocr(bgr)
        if result is None or result.txts is None:
            return []
        return [_line(b, t, sc) for b, t, sc in zip(result.boxes, result.txts, result.scores, strict=False)]
    from rapidocr.utils.process_img import get_rotate_crop_image

    found = ocr(bgr, use_det=True, use_cls=False, use_rec=False)
    boxes = [] if found is None or found.boxes is None else list(found.boxes)
    if not boxes:
        return []
    shapes = [_line(b, "", 0.0) for b in boxes]
    order = sorted(range(len(boxes)), key=lambda i: -shapes[i].height)
    chosen = order[:tallest]
    rest = sorted(order[tallest:], key=lambda i: -_width(boxes[i]))[:context]
    lines = []
    for i in sorted(chosen + rest):
        crop = get_rotate_crop_image(bgr, np.array(boxes[i], dtype=np.float32))
        got = ocr(crop, use_det=False, use_cls=True, use_rec=True)
        txts = getattr(got, "txts", None)
        if txts:
            lines.append(_line(boxes[i], txts[0], float(got.scores[0])))
    return lines


def _width(box) -> float:  # type: ignore[no-untyped-def]
    return float(max(p[0] for p in box) - min(p[0] for p in box))
