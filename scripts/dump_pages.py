"""The HTML of a set of pages in every language, as one JSON document (a before/after check of
what readers see). Asset fingerprints and per-response nonces are blanked, so a changed script
file does not count as a changed page.

    python scripts/dump_pages.py > before.json ; ... ; python scripts/dump_pages.py > after.json
"""

from __future__ import annotations

import json
import re
import sys

from corpus.model import LANGS
from refapp import create_app

PATHS = (
    "/", "/browse", "/browse?game=citadels", "/entries/dominion/library", "/entries/dominion/library.json",
    "/entries/citadels/assassin", "/scenarios", "/sources/001_7639e61cb57940a3.txt?from=10&to=20",
    "/sources/001_7639e61cb57940a3.txt?from=x", "/api/offline-pack?lang=en", "/sw.js",
    "/manifest.webmanifest", "/api/names", "/api/search?q=x&lang=zh-mo",
    "/search?q=library", "/search?q=%E5%88%BA%E5%AE%A2", "/tools", "/tools/setup", "/tools/kingdom",
    "/tools/score", "/tools/data.json", "/sandbox", "/lookup", "/offline", "/no-such-page",
    "/api/search?q=library", "/api/suggest?q=lib",
    "/api/suggest?q=%E5%9B%BE%E4%B9%A6%E9%A6%86%20%E8%B7%B3%E8%BF%87",
)
BLANK = (
    (re.compile(r"\.[0-9a-f]{8,}\.(js|css|png|svg|webmanifest)"), r".HASH.\1"),
    (re.compile(r'nonce="[^"]*"'), 'nonce=""'),
    (re.compile(r"nonce-[A-Za-z0-9+/=_-]+"), "nonce-"),
)


def blank(text: str) -> str:
    for pattern, repl in BLANK:
        text = pattern.sub(repl, text)
    return text


def dump() -> dict[str, str]:
    app = create_app({"TESTING": True})
    client = app.test_client()
    scenario = sorted(app.config.get("SCENARIOS_BY_ENTRY", {}).items())[:2]
    paths = list(PATHS) + [f"/scenarios/{ids[0]}" for _, ids in scenario]
    paths += [f"/sandbox?from={ids[0]}&step=2" for _, ids in scenario]
    out = {}
    for lang in LANGS:
        for path in paths:
            sep = "&" if "?" in path else "?"
            r = client.get(f"{path}{sep}lang={lang}")
            out[f"{lang} {path}"] = f"{r.status_code}\n{blank(r.get_data(as_text=True))}"
    return out


if __name__ == "__main__":
    json.dump(dump(), sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)
    sys.stdout.write("\n")
