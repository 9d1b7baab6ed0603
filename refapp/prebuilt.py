"""Answers made once at build time: `refapp build-index` writes what the server would otherwise
make at start-up into the build's folder (``served/``), and a server reads them from the build it
opened instead of making them.

What is kept: the saved pack's demonstrations and entry pages in every script (about 25 s of
CPU to make, which held a restarting replica out of service under load) and the search's
ranking data (a second or two per build). Each file is JSON, gzipped. They are made from the
dataset and the code, so ``served/meta.json`` names both (the dataset's version and a digest of
the packages' files); a server whose dataset or code differs ignores them and makes its own.
The files are written first and meta.json last, so a server never reads half a set.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import os
from functools import lru_cache
from pathlib import Path

FOLDER = "served"
META = "meta.json"
#: The packages whose files make the answers (engine: the runs; refapp: pages and narration;
#: corpus: the dataset's model and words; index: the ranking data).
PACKAGES = ("corpus", "engine", "index", "refapp")

Encoded = tuple[bytes, bytes]  # (JSON, the same gzipped)


@lru_cache(maxsize=1)
def code_digest() -> str:
    """A digest of every file of PACKAGES (sources, templates, data), as installed."""
    digest = hashlib.sha256()
    for package in PACKAGES:
        spec = importlib.util.find_spec(package)
        if spec is None or spec.origin is None:
            continue
        root = Path(spec.origin).parent
        for path in sorted(root.rglob("*")):
            if "__pycache__" in path.parts or not path.is_file():
                continue
            digest.update(f"{package}/{path.relative_to(root).as_posix()}\0".encode())
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:20]


def made_by(dataset_version: str) -> dict[str, str]:
    """What made a set of answers: the dataset's version and the code's digest."""
    return {"dataset": dataset_version, "code": code_digest()}


def write(build: Path, parts: dict[str, Encoded], dataset_version: str) -> Path:
    """Write `parts` (name -> encoded JSON) into `build`/served/, meta.json last."""
    folder = build / FOLDER
    folder.mkdir(exist_ok=True)
    for name, (_, packed) in parts.items():
        _replace(folder / f"{name}.json.gz", packed)
    meta = {**made_by(dataset_version), "parts": sorted(parts)}
    _replace(folder / META, json.dumps(meta, indent=1).encode("utf-8"))
    return folder


def read(build: Path, name: str, dataset_version: str) -> Encoded | None:
    """The part `name` kept in `build`, when it was made from this dataset by this code; else
    None (not built, made by other code, unreadable)."""
    folder = build / FOLDER
    try:
        meta = json.loads((folder / META).read_text(encoding="utf-8"))
        if not isinstance(meta, dict) or name not in meta.get("parts", ()):
            return None
        if {k: meta.get(k) for k in ("dataset", "code")} != made_by(dataset_version):
            return None
        packed = (folder / f"{name}.json.gz").read_bytes()
        return gzip.decompress(packed), packed
    except (OSError, ValueError, EOFError, gzip.BadGzipFile):
        return None


def _replace(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    tmp.write_bytes(data)
    os.replace(tmp, path)
