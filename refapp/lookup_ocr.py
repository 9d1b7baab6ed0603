"""Read the text on a photo: checked decoding, EXIF rotation, bounded size, then RapidOCR.

No Flask here. RapidOCR's PP-OCR models ship inside its wheel, so nothing is downloaded: the engine
is built once per process with the wheel's own model files.
"""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass

MAX_BYTES = 4 * 1024 * 1024
MAX_PIXELS = 40_000_000  # decoding guard (a decompression bomb is refused before it is decoded)
SINGLE_SIDE = 1024  # a one-card photo is scaled so its longer side is at most this
KINGDOM_SIDE = 2000  # a kingdom photo keeps more pixels: ten titles are small
MAGIC = {b"\xff\xd8\xff": "jpeg", b"\x89PNG\r\n\x1a\n": "png"}


class ImageRejected(ValueError):
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


_engine = None
_engine_lock = threading.Lock()


def engine():  # type: ignore[no-untyped-def]
    global _engine
    with _engine_lock:
        if _engine is None:
            from rapidocr import RapidOCR

            _engine = RapidOCR(params={"Global.log_level": "error", "Global.max_side_len": KINGDOM_SIDE,
                                       "EngineConfig.onnxruntime.intra_op_num_threads": 1,
                                       "EngineConfig.onnxruntime.inter_op_num_threads": 1})
        return _engine


def read_lines(img) -> list[TextLine]:  # type: ignore[no-untyped-def]
    """Every text line the OCR finds in ``img`` (a PIL image), in reading order."""
    import numpy as np

    result = engine()(np.asarray(img)[:, :, ::-1].copy())  # RapidOCR wants BGR like OpenCV
    if result is None or result.txts is None:
        return []
    lines = []
    for box, text, score in zip(result.boxes, result.txts, result.scores, strict=False):
        xs = [float(p[0]) for p in box]
        ys = [float(p[1]) for p in box]
        side_a = ((xs[1] - xs[0]) ** 2 + (ys[1] - ys[0]) ** 2) ** 0.5
        side_b = ((xs[3] - xs[0]) ** 2 + (ys[3] - ys[0]) ** 2) ** 0.5
        height = min(side_a, side_b)  # a line's shorter side is its glyph size, turned or not
        lines.append(TextLine(str(text), float(score), height, float(sum(xs) / 4), float(sum(ys) / 4)))
    return lines
