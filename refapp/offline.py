"""What makes the site installable and usable offline: service worker, manifest, offline page."""

from __future__ import annotations

from flask import Blueprint, Response, g, json, jsonify, make_response, render_template, request

from corpus.model import LANGS
from refapp import i18n
from refapp.offline_pack import build_pack
from refapp.state import get_state

#: Pages the service worker keeps from the first visit so the at-the-table tools work offline.
TOOL_PAGES = ["/tools", "/tools/setup", "/tools/kingdom", "/tools/score", "/tools/data.json"]

bp = Blueprint("offline", __name__)


@bp.get("/offline")
def offline() -> str:
    return render_template("offline.html", page="offline")


@bp.get("/sw.js")
def service_worker() -> Response:
    state = get_state()
    body = render_template(
        "sw.js",
        version=f"{state.assets_version}-{state.catalog.version}",
        precache=[a.url for a in state.assets.values()] + TOOL_PAGES,
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
        response = jsonify({"error": f"lang: use one of {list(LANGS)}", "status": 400})
        response.status_code = 400
        return response
    state = get_state()
    packs = state.extra.setdefault("offline_packs", {})
    if lang not in packs:
        packs[lang] = json.dumps(build_pack(state.catalog.dataset, lang), ensure_ascii=False,
                                 separators=(",", ":"))
    response = make_response(packs[lang])
    response.mimetype = "application/json"
    response.headers["Cache-Control"] = "no-cache"
    return response
