"""Point the phone at a card: GET /lookup (the page) and POST /api/lookup (a photo in, candidates out).

At most one OCR runs at a time in a process; a request that finds it busy is answered 503 with
Retry-After at once, so photos never occupy every worker.
"""

from __future__ import annotations

import threading
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, current_app, g, jsonify, render_template, request

from corpus.languages import DEFAULT_LANG, LANGS, order, pick
from engine.core.registry import game_names
from refapp import lookup_match, lookup_ocr
from refapp.catalog import localised
from refapp.state import get_state

bp = Blueprint("lookup", __name__)

OCR_SLOTS = threading.BoundedSemaphore(1)
GAMES = game_names()
LOOKUP_LANGS = order(DEFAULT_LANG)  # the lang= values, the default first (as its 400 lists them)
MODES = ("card", "kingdom")
RETRY_AFTER = "3"
CARD_LINES, CONTEXT_LINES = 4, 2  # lines read per card photo: the tallest (title) ones + card text
KINGDOM_LINES = 16  # ten titles and some slack

STRINGS: dict[str, dict[str, str]] = {
    "title": {"zh-Hans": "拍照查卡", "zh-Hant": "拍照查卡", "en": "Look a card up from a photo"},
    "intro": {"zh-Hans": "拍下一张卡牌，或一次拍下整个王国的十张卡。",
              "zh-Hant": "拍下一張卡牌，或一次拍下整個王國的十張卡。",
              "en": "Take a photo of one card, or of the ten cards of a kingdom."},
    "take": {"zh-Hans": "拍照或选择照片", "zh-Hant": "拍照或選擇照片", "en": "Take or choose a photo"},
    "mode": {"zh-Hans": "照片里有", "zh-Hant": "照片裡有", "en": "The photo shows"},
    "mode.card": {"zh-Hans": "一张卡", "zh-Hant": "一張卡", "en": "one card"},
    "mode.kingdom": {"zh-Hans": "一个王国（十张卡）", "zh-Hant": "一個王國（十張卡）",
                     "en": "a kingdom (ten cards)"},
    "game": {"zh-Hans": "游戏", "zh-Hant": "遊戲", "en": "Game"},
    "game.any": {"zh-Hans": "都可以", "zh-Hant": "都可以", "en": "Either"},
    "reading": {"zh-Hans": "正在识别……", "zh-Hant": "正在辨識……", "en": "Reading the card…"},
    "read": {"zh-Hans": "识别到的文字：", "zh-Hant": "辨識到的文字：", "en": "Text read:"},
    "results": {"zh-Hans": "是这张吗？", "zh-Hant": "是這張嗎？", "en": "Is it one of these?"},
    "none": {"zh-Hans": "没有认出卡名。请让卡名清楚地出现在照片里再试一次。",
             "zh-Hant": "沒有認出卡名。請讓卡名清楚地出現在照片裡再試一次。",
             "en": "No card name was recognised. Try again with the name clearly in the photo."},
    "not_it": {"zh-Hans": "都不是？用识别到的文字搜索", "zh-Hant": "都不是？用辨識到的文字搜尋",
               "en": "None of these? Search for what was read"},
    "kingdom.found": {"zh-Hans": "认出了 {n} 张卡（共 10 张）", "zh-Hant": "認出了 {n} 張卡（共 10 張）",
                      "en": "{n} of 10 cards recognised"},
    "kingdom.unread": {"zh-Hans": "没有认出：", "zh-Hant": "沒有認出：", "en": "Not recognised:"},
    "kingdom.setup": {"zh-Hans": "用这些卡开局设置", "zh-Hant": "用這些卡開局設定",
                      "en": "Set up this kingdom"},
    "kingdom.picker": {"zh-Hans": "在王国牌选择器中打开", "zh-Hant": "在王國牌選擇器中開啟",
                       "en": "Open in the kingdom picker"},
    "kingdom.check": {"zh-Hans": "请核对：", "zh-Hant": "請確認：", "en": "Please check:"},
    "kingdom.or": {"zh-Hans": "也可能是：", "zh-Hant": "也可能是：", "en": "It may be:"},
    "kingdom.type": {"zh-Hans": "或输入卡名", "zh-Hant": "或輸入卡名", "en": "or type its name"},
    "kingdom.type_only": {"zh-Hans": "输入卡名", "zh-Hant": "輸入卡名", "en": "Type its name"},
    "kingdom.missing": {"zh-Hans": "有一张卡没有找到：", "zh-Hant": "有一張卡沒有找到：",
                        "en": "A card was not found:"},
    "kingdom.not_card": {"zh-Hans": "不是王国牌：", "zh-Hant": "不是王國牌：", "en": "Not a kingdom card:"},
    "kingdom.mixed": {"zh-Hans": "这些卡来自两个版本；开局设置按一个版本进行。",
                      "zh-Hant": "這些卡來自兩個版本；開局設定按一個版本進行。",
                      "en": "These cards come from both editions; the set-up is for one edition."},
    "crop.title": {"zh-Hans": "不对？框出卡名再识别", "zh-Hant": "不對？框出卡名再辨識",
                   "en": "Not right? Frame the card's name"},
    "crop.help": {"zh-Hans": "黄框是认出卡名的地方。在照片上拖动可重新框选；用滑块把卡名转正。",
                  "zh-Hant": "黃框是認出卡名的地方。在照片上拖曳可重新框選；用滑桿把卡名轉正。",
                  "en": "The yellow frame is where the name was found. Drag on the photo to frame it "
                        "again; turn the name level with the slider."},
    "crop.turn": {"zh-Hans": "旋转", "zh-Hant": "旋轉", "en": "Turn"},
    "crop.turn90": {"zh-Hans": "旋转 90°", "zh-Hant": "旋轉 90°", "en": "Turn 90°"},
    "crop.reread": {"zh-Hans": "识别框内文字", "zh-Hant": "辨識框內文字", "en": "Read the framed part"},
    "offline": {"zh-Hans": "拍照查卡需要联网：照片在服务器上识别。搜索和已保存的条目离线仍可使用。",
                "zh-Hant": "拍照查卡需要連網：照片在伺服器上辨識。搜尋和已儲存的條目離線仍可使用。",
                "en": "Photo lookup needs the network: the photo is read on the server. Search and "
                      "the saved entries still work offline."},
    "busy": {"zh-Hans": "正在识别别的照片，请几秒后再试。", "zh-Hant": "正在辨識別的照片，請幾秒後再試。",
             "en": "Another photo is being read; try again in a few seconds."},
    "error": {"zh-Hans": "这张照片无法识别：", "zh-Hant": "這張照片無法辨識：",
              "en": "This photo could not be read:"},
}


def s(key: str, lang: str) -> str:
    return pick(STRINGS[key], lang, keep_empty=True)


# --------------------------------------------------------------------------- names
def lookup_names() -> tuple[tuple[lookup_match.Name, ...], dict[str, str]]:
    """Every card's names (all scripts, aliases, 2nd-edition names), built once per app."""
    cached = current_app.extensions.get("refapp.lookup_names")
    if cached is None:
        rows = []
        for e in get_state().catalog.dataset.entries:
            if e.kind != "card":
                continue
            names = list(e.names.values()) + list(e.aliases)
            n2 = e.extra.get("names_2e")
            if isinstance(n2, dict):
                names += [v for v in n2.values() if isinstance(v, str)]
            rows.append((e.id, e.game, names))
        texts = {e.id: lookup_match.normalise("".join(e.text.values()))
                 for e in get_state().catalog.dataset.entries if e.kind == "card"}
        cached = (lookup_match.build_names(rows), texts)
        current_app.extensions["refapp.lookup_names"] = cached
    return cached


def first_line(text: str) -> str:
    """The card text's first sentence (at most 80 characters)."""
    text = " ".join(text.split())
    for i, ch in enumerate(text):
        if ch in "。！？" or (ch in ".!?" and (i + 1 == len(text) or text[i + 1] == " ")):
            text = text[: i + 1]
            break
    return text if len(text) <= 80 else text[:79] + "…"


def candidate_json(c: lookup_match.Candidate, lang: str) -> dict[str, Any]:
    e = get_state().catalog.get(c.entry_id)
    assert e is not None
    return {
        "id": e.id,
        "game": e.game,
        "name": localised(e.names, lang),
        "names": {code: e.names.get(code, "") for code in LANGS},
        "score": c.score,
        "read": c.read,
        "first_line": first_line(localised(e.text, lang)),
        "url": f"/entries/{e.id}",
    }


def kingdom_edition(slugs: list[str]) -> str:
    """The edition every card belongs to (2nd first), or "mixed"."""
    from engine.tables.kingdoms import kingdom_cards

    return next((ed for ed in ("2e", "1e") if set(slugs) <= set(kingdom_cards(ed))), "mixed")


def kingdom_setup_url(slugs: list[str]) -> str:
    """The kingdom picker with these cards locked."""
    return "/tools/kingdom?" + urlencode({"edition": kingdom_edition(slugs), "lock": ",".join(slugs)})


def setup_tool_url(slugs: list[str]) -> str | None:
    """The set-up tool for this kingdom (one edition's cards only: the set-up is an edition's)."""
    edition = kingdom_edition(slugs)
    if edition == "mixed":
        return None
    return "/tools/setup?" + urlencode({"game": "dominion", "edition": edition, "kingdom": ",".join(slugs)})


def kingdom_choices() -> list[dict[str, Any]]:
    """Every card a kingdom may hold, for the tap-to-fix list: id, slug, names, editions."""
    from engine.tables.kingdoms import kingdom_cards, pool

    eds = {ed: set(kingdom_cards(ed)) for ed in ("1e", "2e")}
    out = []
    for slug in pool("mixed"):
        e = get_state().catalog.get(f"dominion/{slug}")
        if e is None:
            continue
        out.append({"id": e.id, "slug": slug, "names": {code: e.names.get(code, "") for code in LANGS},
                    "editions": [ed for ed in ("1e", "2e") if slug in eds[ed]]})
    return out


def choice_json(c: lookup_match.Candidate, lang: str) -> dict[str, Any]:
    e = get_state().catalog.get(c.entry_id)
    assert e is not None
    return {"id": e.id, "name": localised(e.names, lang), "score": c.score}


# --------------------------------------------------------------------------- API
def _error(message: str, status: int, **headers: str):  # type: ignore[no-untyped-def]
    return jsonify({"error": message, "status": status}), status, headers


def _param(name: str, choices: tuple[str, ...], default: str | None) -> str | None:
    raw = request.args.get(name) or request.form.get(name) or default
    if raw is not None and raw not in choices:
        raise ValueError(f"{name}: {raw[:20]!r} is not one of {list(choices)}")
    return raw


def _upload() -> bytes:
    if request.mimetype == "multipart/form-data":
        f = request.files.get("image")
        if f is None:
            raise lookup_ocr.ImageRejected("send the photo in the form field 'image'")
        return f.read(lookup_ocr.MAX_BYTES + 1)
    return request.get_data(cache=False)


@bp.before_request
def allow_photos() -> None:
    # the app's 64 KB body limit is for text; a photo may be up to 4 MB (plus the form's framing)
    if request.path == "/api/lookup":
        request.max_content_length = lookup_ocr.MAX_BYTES + 64 * 1024


@bp.post("/api/lookup")
def api_lookup():  # type: ignore[no-untyped-def]
    try:
        game = _param("game", GAMES, None)
        lang = _param("lang", LOOKUP_LANGS, g.get("lang") if g.get("lang") in LANGS else DEFAULT_LANG)
        mode = _param("mode", MODES, "card")
    except ValueError as exc:
        return _error(str(exc), 400)
    assert lang is not None
    try:
        data = _upload()
        side = lookup_ocr.KINGDOM_SIDE if mode == "kingdom" else lookup_ocr.SINGLE_SIDE
        img = lookup_ocr.load_image(data, side)
    except lookup_ocr.ImageRejected as exc:
        return _error(str(exc), exc.status)
    if not OCR_SLOTS.acquire(blocking=False):
        return _error("busy: another photo is being read", 503, **{"Retry-After": RETRY_AFTER})
    try:
        if mode == "kingdom":
            lines = lookup_ocr.read_lines(img, tallest=KINGDOM_LINES, context=0, kind="kingdom")
        else:
            lines = lookup_ocr.read_lines(img, tallest=CARD_LINES, context=CONTEXT_LINES)
    finally:
        OCR_SLOTS.release()
    read = [line.text for line in lines]
    names, texts = lookup_names()
    if mode == "kingdom":
        return jsonify(kingdom_json(lines, read, lang))
    ranked = lookup_match.rank(lines, names, game, texts=texts)
    best_read = ranked[0].read if ranked else (max(lines, key=lambda x: x.height).text if lines else "")
    title = next((ln for ln in lines if ln.text == best_read), None)
    w, h = img.size
    return jsonify({
        "title_box": [round(title.box[0] / w, 4), round(title.box[1] / h, 4),
                      round(title.box[2] / w, 4), round(title.box[3] / h, 4)] if title else None,
        "angle": round(title.angle, 1) if title else None,
        "mode": mode,
        "read": read,
        "title_read": best_read,
        "candidates": [candidate_json(c, lang) for c in ranked],
        "search_url": "/search?" + urlencode({"q": best_read}) if best_read else None,
    })


def kingdom_json(lines: list[lookup_ocr.TextLine], read: list[str], lang: str) -> dict[str, Any]:
    from engine.tables.kingdoms import kingdom_cards, pool

    names, _ = lookup_names()
    allowed = {f"dominion/{slug}" for slug in pool("mixed")}
    editions = {ed: {f"dominion/{slug}" for slug in kingdom_cards(ed)} for ed in ("2e", "1e")}
    found = lookup_match.kingdom(lines, names, allowed, editions=editions)
    cards = []
    for k in found.cards:
        row = candidate_json(k.card, lang)
        row["sure"] = k.sure
        row["choices"] = [choice_json(c, lang) for c in k.choices]
        cards.append(row)
    slugs = [c["id"].split("/", 1)[1] for c in cards]
    return {"mode": "kingdom", "read": read, "cards": cards,
            "unread": [{"read": u.read, "choices": [choice_json(c, lang) for c in u.choices]}
                       for u in found.unread],
            "setup_url": kingdom_setup_url(slugs) if slugs else None,
            "setup_tool_url": setup_tool_url(slugs) if slugs else None}


# --------------------------------------------------------------------------- page
@bp.app_context_processor
def lookup_helpers() -> dict[str, Any]:
    """``lookup_label()``: the lookup page's name in the reader's script (the home page links it)."""
    return {"lookup_label": lambda: s("title", g.get("lang") or DEFAULT_LANG)}


@bp.get("/lookup")
def page():  # type: ignore[no-untyped-def]
    lang = g.get("lang") or "zh-Hans"
    strings = {k: s(k, lang) for k in STRINGS}
    return render_template("lookup.html", page="lookup", query="", ls=strings,
                           games=GAMES, kingdom_cards=kingdom_choices())
