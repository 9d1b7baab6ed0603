"""Fingerprinted static assets: /static/<name>.<hash>.<ext>, cached for a year."""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from pathlib import Path

STATIC_DIR = Path(__file__).resolve().parent / "static"
LONG_CACHE = "public, max-age=31536000, immutable"


@dataclass(frozen=True)
class Asset:
    name: str  # e.g. "app.css"
    url: str  # e.g. "/static/app.3f2a9c1b.css"
    body: bytes
    mimetype: str
    gzipped: bytes | None = None  # precompressed body when that is smaller


def fingerprinted_name(name: str, body: bytes) -> str:
    digest = hashlib.sha256(body).hexdigest()[:10]
    stem, dot, ext = name.rpartition(".")
    return f"{stem}.{digest}.{ext}" if dot else f"{name}.{digest}"


def load_assets(directory: Path = STATIC_DIR) -> dict[str, Asset]:
    """Every file under `directory`, keyed by its plain name (subfolders use '/')."""
    out: dict[str, Asset] = {}
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        name = path.relative_to(directory).as_posix()
        body = path.read_bytes()
        mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
        if name.endswith(".webmanifest"):
            mimetype = "application/manifest+json"
        packed = gzip.compress(body, compresslevel=9, mtime=0)
        out[name] = Asset(
            name=name,
            url=f"/static/{fingerprinted_name(name, body)}",
            body=body,
            mimetype=mimetype,
            gzipped=packed if len(packed) < len(body) else None,
        )
    return out


def assets_version(assets: dict[str, Asset]) -> str:
    h = hashlib.sha256()
    for a in sorted(assets.values(), key=lambda a: a.name):
        h.update(a.url.encode())
    return h.hexdigest()[:12]
