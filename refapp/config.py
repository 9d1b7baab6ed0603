"""Where the app keeps what it builds (the index, caches)."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    """`REFAPP_DATA_DIR`, or `var/` in the project root."""
    return Path(os.environ.get("REFAPP_DATA_DIR") or PROJECT_ROOT / "var")
