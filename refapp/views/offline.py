"""What makes the site installable and usable offline: service worker, manifest, offline page."""

from __future__ import annotations

import gzip

from flask import Blueprint, Response, g, json, jsonify, make_response, render_template, request

from corpus.model import LANGS
from refapp import i18n, prebuilt
from refapp.compress import accepts_gzip
from refapp.offline_demos import build_demos, demo_index
from refapp.offline_entries import build_entries
from refapp.offline_pack import build_pack
from refapp.scenarios import EngineSource
from refapp.search import opened_index
from refapp.state import get_state
from refapp.understood_chips import client_strings as understood_words

#: Pages the service worker keeps from the first visit so the at-the-table tools work offline.
TOOL_PAGES = ["/tools", "/tools/setup", "/tools/kingdom", "/tools/score", "/tools/data.json"]
#: The search's ranking data (index.offline_export), kept from the first visit: offline search
#: ranks with it as the server does, names, aliases, pinyin and initials included.
RANK_DATA = "/api/offline-rank"
#: Every demonstration's run in one script, saved with the pack (refapp.offline_demos).
DEMO_DATA = "/api/offline-demos"
#: Every entry's page (title and main part) in one script, saved with the pack (refapp.offline_entries),
#: and the frame that shows them offline.
ENTRY_DATA = "/api/offline-entries"
ENTRY_FRAME = "/offline/entry"
#: The page that plays them offline, saved with them (not precached: before saving there is
#: nothing for it to play, and the shell's rate limit in deploy/nginx lists the precached pages).
PLAYER = "/offline/player"

bp = Blueprint("offline", __name__)


@bp.get("/offline")
def offline() -> str:
    # the "read as" chips' words: the page reads a query as the results page does (ranker.js)
    return render_template("offline.html", page="offline", understood_strings=understood_words(g.lang))


@bp.get(PLAYER)
def offline_player() -> str:
    """The one player page of the saved pack: player.js plays any demonstration from
    /api/offline-demos (the service worker answers an unsaved /scenarios/<id> with this page)."""
    # the badges' words: every game's name and every edition's, as the interface strings hold them
    labels = i18n.client_strings(g.lang, ("game.", "edition."))
    return render_template("offline_player.html", page="player", labels=labels)


@bp.get(ENTRY_FRAME)
def offline_entry() -> str:
    """The saved pack's one entry page: its script fills the main part from /api/offline-entries
    (the service worker gives this page for an /entries/<id> not kept)."""
    return render_template("offline_entry.html", page="entry")


@bp.get(ENTRY_DATA)
def offline_entries() -> Response:
    """Every entry page's title and main part in one script (``?lang=``)."""
    lang = request.args.get("lang") or g.lang
    if lang not in LANGS:
        return _bad_lang()
    return _json_bytes(_entry_pages(get_state(), lang))


def _entry_pages(state, lang: str) -> tuple[bytes, bytes]:  # type: ignore[no-untyped-def]
    """Every entry page's title and main part in ``lang``, encoded, made once per app."""
    made = state.extra.setdefault("offline_entries", {})
    if lang not in made:
        made[lang] = _prebuilt(state, f"entries.{lang}") or _encoded(build_entries(state, lang))
    return made[lang]


@bp.get("/sw.js")
def service_worker() -> Response:
    state = get_state()
    body = render_template(
        "sw.js",
        version=f"{state.assets_version}-{state.catalog.version}",
        precache=[a.url for a in state.assets.values()] + TOOL_PAGES + [RANK_DATA],
    )
    response = make_response(body)
    response.mimetype = "application/javascript"
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@bp.get("/manifest.webmanifest")
def web_manifest() -> Response:
    state = get_state()
    lang = g.lang
    manifest = {
        "name": i18n.translate("site.name", lang),
        "short_name": i18n.translate("site.name", lang),
        "description": i18n.translate("site.tagline", lang),
        "lang": lang,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f6f1e7",
        "theme_color": "#5b3a1e",
        "icons": [
            {
                "src": state.asset_url("icons/icon.svg"),
                "sizes": "any",
                "type": "image/svg+xml",
                "purpose": "any",
            },
        ],
    }
    response = make_response(json.dumps(manifest, ensure_ascii=False))
    response.mimetype = "application/manifest+json"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/api/offline-pack")
def offline_pack() -> Response:
    """Every entry in one script (``?lang=``), what "save for the table" stores on the device."""
    lang = request.args.get("lang") or g.lang
    if lang not in LANGS:
        return _bad_lang()
    index = opened_index()  # without one the pack holds the entries only (no snippets offline)
    state = get_state()
    packs = state.extra.setdefault("offline_packs", {})
    key = (lang, index.folder.name if index else None)
    if key not in packs:
        from index.offline_export import export_texts

        pack = build_pack(state.catalog.dataset, lang)
        pack["demos"] = _demos(state, lang)[0]  # which demonstration shows what, and its ★ step
        if index is not None:
            pack["index"] = index.folder.name
            pack["texts"] = export_texts(index, lang)  # each unit's passage: the snippets offline
        packs[key] = _encoded(pack)
    return _json_bytes(packs[key])


@bp.get(DEMO_DATA)
def offline_demos() -> Response:
    """Every demonstration's run in one script (``?lang=``): what the offline player plays."""
    lang = request.args.get("lang") or g.lang
    if lang not in LANGS:
        return _bad_lang()
    return _json_bytes(_demos(get_state(), lang)[1])


def _demos(state, lang: str) -> tuple[list, tuple[bytes, bytes]]:  # type: ignore[no-untyped-def]
    """The demonstrations' index (offline_demos.demo_index) and data in ``lang``, encoded, made
    once per app (the data itself is not kept: only its bytes)."""
    if lang not in state.extra.get("offline_demos", {}):
        _make_demos(state, [lang])
    return state.extra["offline_demos"][lang]


def _make_demos(state, langs: list[str]) -> None:  # type: ignore[no-untyped-def]
    made = state.extra.setdefault("offline_demos", {})
    for lang in langs:
        kept = _prebuilt(state, f"demos.{lang}")
        if kept is not None:
            made[lang] = (demo_index(json.loads(kept[0]), state), kept)
    missing = [lang for lang in langs if lang not in made]
    for lang, data in (build_demos(state, missing) if missing else {}).items():
        made[lang] = (demo_index(data, state), _encoded(data))


@bp.get(RANK_DATA)
def offline_rank() -> Response:
    """The search's ranking data (index.offline_export): refapp/static/ranker.js ranks with it."""
    encoded = rank_data()
    return _no_index() if encoded is None else _json_bytes(encoded)


def rank_data() -> tuple[bytes, bytes] | None:
    """The opened index's ranking data, JSON and gzipped, once per index (None: no index): as
    the build keeps it (refapp.prebuilt), else made. `refapp serve` gets it in the master before it
    listens (serve_config.on_starting), so that no worker spends seconds of CPU on a reader's
    first visit while its other requests wait."""
    index = opened_index()
    if index is None:
        return None
    state = get_state()
    cache = state.extra.setdefault("offline_rank", {})
    if index.folder.name not in cache:
        from index.offline_export import export_ranking

        cache.clear()  # one index at a time
        kept = prebuilt.read(index.folder, "rank", state.catalog.version)
        if kept is None:
            data = export_ranking(index)
            data["index"] = index.folder.name
            kept = _encoded(data)
        cache[index.folder.name] = kept
    return cache[index.folder.name]


def warm_saved_pack() -> None:
    """Every script's demonstrations and entry pages as data, read from the build where `refapp
    build-index` kept them (refapp.prebuilt), else made (each run asked for once; about 25 s of
    CPU): `refapp serve` calls it in the master before forking, beside rank_data, so that the
    first reader who saves does not hold a worker for it."""
    state = get_state()
    _make_demos(state, [lang for lang in LANGS if lang not in state.extra.get("offline_demos", {})])
    for lang in LANGS:
        _entry_pages(state, lang)


def served_parts() -> dict[str, prebuilt.Encoded]:
    """Every answer `refapp build-index` keeps in the build it made (refapp.prebuilt): each
    script's demonstrations and entry pages, and the opened index's ranking data."""
    state = get_state()
    warm_saved_pack()
    parts = {f"demos.{lang}": _demos(state, lang)[1] for lang in LANGS}
    parts |= {f"entries.{lang}": _entry_pages(state, lang) for lang in LANGS}
    rank = rank_data()
    if rank is not None:
        parts["rank"] = rank
    return parts


def _prebuilt(state, name: str) -> prebuilt.Encoded | None:  # type: ignore[no-untyped-def]
    """The answer `name` as the opened build keeps it (made at build time), if it does: made by
    the engine's own scenarios (an app given other scenarios, a test's, makes its own)."""
    index = opened_index()
    if index is None or not isinstance(state.scenarios.source, EngineSource):
        return None
    return prebuilt.read(index.folder, name, state.catalog.version)


def _bad_lang() -> Response:
    response = jsonify({"error": f"lang: use one of {list(LANGS)}", "status": 400})
    response.status_code = 400
    return response


def _no_index() -> Response:
    response = jsonify({"error": "the search index is not available; try again later", "status": 503})
    response.status_code = 503
    response.headers["Retry-After"] = "30"
    return response


def _encoded(data: object) -> tuple[bytes, bytes]:
    """JSON once, and gzipped once (large and asked for by every device that saves)."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return raw, gzip.compress(raw, compresslevel=9, mtime=0)


def _json_bytes(encoded: tuple[bytes, bytes]) -> Response:
    raw, packed = encoded
    zipped = accepts_gzip(request.environ.get("HTTP_ACCEPT_ENCODING"))
    response = make_response(packed if zipped else raw)
    response.mimetype = "application/json"
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Vary"] = "Accept-Encoding"
    if zipped:
        response.headers["Content-Encoding"] = "gzip"
    return response
