"""Every route's answers in every language, as one JSON document (a before/after check of what
readers and clients get): status, headers and body of each request. Asset fingerprints and
per-response nonces are blanked, so a changed script file does not count as a changed page;
the metrics page keeps only its metric names (its counts depend on the requests before it), and
a body longer than LONG_BODY is kept as its SHA-256.

    PYTHONHASHSEED=0 python scripts/dump_pages.py > before.json ; ...
    PYTHONHASHSEED=0 python scripts/dump_pages.py > after.json

(the offline ranking data's order of equal items follows the hash seed)
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from typing import Any

from corpus.model import LANGS
from refapp import create_app, sandbox_start
from refapp.sandbox_code import encode

SOURCE = "/sources/001_7639e61cb57940a3.txt"
LONG_CHARS = "x" * 201  # longer than the search box accepts
PATHS = (
    "/", "/browse", "/browse?game=citadels", "/browse?game=nope", "/browse?cost=x",
    "/entries/dominion/library", "/entries/dominion/library.json", "/entries/citadels/assassin",
    "/entries/citadels/assassin.json", "/entries/nope", "/entries/nope.json",
    "/entries/dominion/library.json.json",
    "/scenarios", "/scenarios/nope", "/scenarios/nope.json",
    f"{SOURCE}?from=10&to=20", f"{SOURCE}.json?from=10&to=20", f"{SOURCE}?from=x", f"{SOURCE}.json?from=x",
    f"{SOURCE}?from=10&to=20&all=1", f"{SOURCE}?from=10&script=original", f"{SOURCE}?script=bad",
    f"{SOURCE}.json?script=bad", "/sources/nope.txt", "/sources/nope.txt.json", SOURCE,
    "/api/offline-pack?lang=en", "/api/offline-pack?lang=zh-Hant", "/api/offline-pack?lang=xx",
    "/api/offline-rank",
    "/sw.js", "/manifest.webmanifest", "/offline", "/api/names", "/api/entries", "/api/entries?game=citadels",
    "/api/entries?game=nope", "/api/scenarios", "/api/search?q=x&lang=zh-mo", "/api/search?q=library",
    "/api/search", "/api/search?q=library&limit=x", "/api/search?q=%E5%88%BA%E5%AE%A2&plain=x&no_intent=y",
    "/api/suggest?q=lib", "/api/suggest?q=%E5%9B%BE%E4%B9%A6%E9%A6%86%20%E8%B7%B3%E8%BF%87", "/api/suggest",
    "/search?q=library", "/search?q=%E5%88%BA%E5%AE%A2", "/search?q=", f"/search?q={LONG_CHARS}",
    "/search?q=library&game=citadels&kind=card", "/search?q=library&limit=x",
    "/tools", "/tools/setup", "/tools/setup?game=citadels&players=5", "/tools/setup?game=nope",
    "/tools/kingdom", "/tools/kingdom?seed=7&edition=1e", "/tools/kingdom?edition=x", "/tools/score",
    "/tools/score?game=citadels&p0.name=A", "/tools/setup.json", "/tools/setup.json?game=citadels&players=5",
    "/tools/setup.json?game=nope", "/tools/kingdom.json?seed=7", "/tools/kingdom.json?set=nope",
    "/tools/kingdom.json?edition=2e&set=first-game", "/tools/score.json",
    "/tools/score.json?p0.name=A&p0.estates=3",
    "/tools/nope", "/tools/nope.json", "/tools/data.json",
    "/sandbox", "/sandbox?game=citadels", "/sandbox?card=dominion/library", "/sandbox?card=nope",
    "/sandbox?from=nope", "/sandbox?s=bad", "/sandbox/scenario.yaml?s=bad", "/lookup",
    "/lang/en?next=/browse", "/lang/xx", "/healthz", "/readyz", "/metrics", "/static/nope.css",
    "/no-such-page", "/api/lookup", "/api/sandbox",
)
#: (method, path, content type, body) of the requests that send something
SENT = (
    ("POST", "/", "text/plain", b"x"),
    ("POST", "/api/lookup?game=nope", "application/octet-stream", b"x"),
    ("POST", "/api/lookup?mode=nope", "application/octet-stream", b"x"),
    ("POST", "/api/lookup", "application/octet-stream", b"not a photo"),
    ("POST", "/api/lookup", "multipart/form-data; boundary=b", b"--b--\r\n"),
    ("POST", "/api/sandbox", "application/json", b"[]"),
    ("POST", "/api/sandbox", "application/json", b"{"),
    ("POST", "/api/sandbox", "application/json", b'{"nope": 1}'),
    ("POST", "/api/sandbox", "application/json", b'{"situation": 1}'),
    ("POST", "/api/sandbox", "application/json", b"\xff"),
    ("POST", "/api/sandbox", "application/json", b" " * (33 * 1024)),
)
BLANK = (
    (re.compile(r"\.[0-9a-f]{8,}\.(js|css|png|svg|webmanifest)"), r".HASH.\1"),
    (re.compile(r'nonce="[^"]*"'), 'nonce=""'),
    (re.compile(r"nonce-[A-Za-z0-9+/=_-]+"), "nonce-"),
    (re.compile(r"Expires=[^;]*"), "Expires="),  # a cookie's, from the clock
)
VARYING_HEADERS = {"Date", "X-Request-ID", "ETag"}  # the clock, a fresh id, a hash of the nonces
LONG_BODY = 200_000


def blank(text: str) -> str:
    for pattern, repl in BLANK:
        text = pattern.sub(repl, text)
    return text


def shown_body(path: str, text: str) -> str:
    if path.startswith("/metrics"):
        return "\n".join(line for line in text.splitlines() if line.startswith("# "))
    if len(text) > LONG_BODY:
        return "sha256 " + hashlib.sha256(text.encode("utf-8")).hexdigest()
    return blank(text)


def sent_requests(app: Any) -> list[tuple[str, str, str | None, bytes | None]]:
    """The GET paths, the scenarios' and the sandbox's own addresses, and the requests with a body."""
    state = app.extensions["refapp"]
    scenario = sorted(app.config.get("SCENARIOS_BY_ENTRY", {}).items())[:2]
    paths = list(PATHS) + [f"/scenarios/{ids[0]}" for _, ids in scenario]
    paths += [f"/scenarios/{ids[0]}.json" for _, ids in scenario]
    paths += [f"/sandbox?from={ids[0]}&step=2" for _, ids in scenario]
    alias = sorted(state.scenarios.aliases)[:1]
    paths += [f"/scenarios/{a}" for a in alias] + [f"/scenarios/{a}.json" for a in alias]
    paths += [f"/scenarios/{p}" for p in sorted(state.scenarios.pairs)[:1]]
    paths += [f"/static/{name}" for name in ("app.css", "core.js")]  # fingerprinted below
    situation, answers = sandbox_start.blank("dominion")
    code = encode(situation, answers)
    paths += [f"/sandbox?s={code}", f"/sandbox/scenario.yaml?s={code}"]
    out: list[tuple[str, str, str | None, bytes | None]] = [("GET", p, None, None) for p in paths]
    out += [(method, path, kind, body) for method, path, kind, body in SENT]
    for boards in ('"all"', '"last"', "[0]", '"x"'):
        body = f'{{"situation": {json.dumps(situation)}, "snapshots": {boards}}}'.encode()
        out.append(("POST", "/api/sandbox", "application/json", body))
    return out


def asset_path(app: Any, path: str) -> str:
    if not path.startswith("/static/") or path == "/static/nope.css":
        return path
    return app.extensions["refapp"].asset_url(path[len("/static/"):])


def dump() -> dict[str, str]:
    app = create_app({"TESTING": True})
    client = app.test_client()
    out = {}
    for lang in LANGS:
        for method, path, kind, body in sent_requests(app):
            sep = "&" if "?" in path else "?"
            url = f"{asset_path(app, path)}{sep}lang={lang}"
            r = client.open(url, method=method, data=body, content_type=kind)
            varying = VARYING_HEADERS | ({"Content-Length"} if path == "/metrics" else set())
            headers = "".join(f"{k}: {blank(v)}\n" for k, v in r.headers.items() if k not in varying)
            text = shown_body(path, r.get_data(as_text=True))
            sent = hashlib.sha256(body).hexdigest()[:12] if body else ""
            key = f"{lang} {method} {path} {kind or ''} {sent}".rstrip()
            out[key] = f"{r.status_code}\n{headers}\n{text}"
    return out


if __name__ == "__main__":
    json.dump(dump(), sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)
    sys.stdout.write("\n")
