"""Narration of Dominion events in English, Simplified and Traditional Chinese (pure functions)."""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.core.events import Event
from engine.core.localised import LANGS, Localised, Names, join_names, name_of

# Zone names per language (Traditional follows the 000 rulebook's terms).
ZONE_NAMES: dict[str, tuple[str, str, str]] = {
    "deck": ("deck", "牌库", "牌庫"),
    "hand": ("hand", "手牌", "手牌"),
    "play": ("play", "场上", "場上"),
    "discard": ("discard pile", "弃牌堆", "棄牌堆"),
    "set_aside": ("set-aside cards", "一旁", "一旁"),
    "supply": ("supply", "供应区", "補充資源"),
    "trash": ("trash", "移除区", "垃圾牌堆"),
}
PHASES: dict[str, tuple[str, str, str]] = {
    "action": ("action phase", "行动阶段", "行動階段"),
    "buy": ("buy phase", "购买阶段", "購買階段"),
    "cleanup": ("clean-up phase", "清理阶段", "清理階段"),
}
COUNTERS: dict[str, tuple[str, str, str]] = {
    "actions": ("Action", "行动", "行動"),
    "buys": ("Buy", "购买", "購買"),
    "coins": ("coin", "钱币", "錢幣"),
}
PURPOSES: dict[str, tuple[str, str, str]] = {
    "play_action": ("which Action to play", "打出哪张行动牌", "打出哪張行動牌"),
    "play_treasures": ("which Treasures to play", "打出哪些财宝牌", "打出哪些財富牌"),
    "buy": ("what to buy", "购买什么", "購買什麼"),
    "gain": ("what to gain", "获得什么", "獲得什麼"),
    "discard": ("what to discard", "弃掉什么", "棄掉什麼"),
    "trash": ("what to trash", "移除什么", "廢置什麼"),
    "throne": ("which Action to play twice", "哪张行动牌打出两次", "哪張行動牌執行兩次"),
    "reveal_moat": ("whether to reveal [moat]", "是否展示[moat]", "是否明示[moat]"),
    "set_aside": ("whether to set the card aside", "是否将牌放置一旁", "是否將牌旁置"),
    "deck_to_discard": ("whether to put the deck into the discard pile", "是否将牌库放进弃牌堆",
                        "是否將牌庫放進棄牌堆"),
    "spy_discard": ("whether the revealed card is discarded", "是否弃掉展示的牌", "是否棄掉明示的牌"),
    "thief_trash": ("which Treasure is trashed", "移除哪张财宝牌", "廢置哪張財富牌"),
    "thief_gain": ("which trashed Treasures to gain", "获得哪些被移除的财宝牌", "獲得哪些被廢置的財富牌"),
    "topdeck": ("which card goes onto the deck", "哪张牌放到牌库顶", "哪張牌放到牌庫頂"),
    "trash_copper": ("whether to trash a [copper]", "是否移除一张[copper]", "是否廢置一張[copper]"),
    "play_discarded": ("whether to play the discarded card", "是否打出被弃掉的牌", "是否打出被棄掉的牌"),
    "order_topdeck": ("the order to put cards back", "放回的顺序", "放回的順序"),
}
FAIL_REASONS: dict[str, tuple[str, str, str]] = {
    "pile empty": ("its pile is empty", "该牌堆已空", "該牌堆已空"),
    "nothing affordable": ("no card in the Supply is cheap enough", "供应区没有费用足够低的牌",
                           "補充資源沒有費用足夠低的牌"),
    "empty hand": ("no card in hand", "手中没有牌", "手中沒有牌"),
    "no treasure in hand": ("no Treasure in hand", "手中没有财宝牌", "手中沒有財富牌"),
    "no copper in hand": ("no [copper] in hand", "手中没有[copper]", "手中沒有[copper]"),
}
REASONS: dict[str, tuple[str, str, str]] = {
    "provinces": ("the [province] pile is empty", "[province]已被买空", "[province]已被買空"),
    "three_piles": ("three supply piles are empty", "三堆供应牌已空", "三堆補充資源已空"),
    "turn_limit": ("the turn limit was reached", "达到回合上限", "達到回合上限"),
}


_CARD_MENTION = re.compile(r"\[([a-z-]+)\]")


def _pick(table: dict[str, tuple[str, str, str]], key: str | None, lang: str,
          names: Names | None = None) -> str:
    """A table phrase in ``lang``; ``[slug]`` mentions become the card's name from ``names``."""
    row = table.get(key or "")
    text = row[LANGS.index(lang)] if row else str(key)
    return _CARD_MENTION.sub(lambda m: name_of(names or {}, m.group(1), lang), text)


def _line(event: Event, names: Names, players: list[str], lang: str) -> str:  # noqa: C901
    en = lang == "en"
    hans = lang == "zh-Hans"
    who = players[event.player] if event.player is not None and event.player < len(players) else ""
    cards = join_names(names, event.cards, lang)
    src = _pick(ZONE_NAMES, event.from_zone, lang)
    dst = _pick(ZONE_NAMES, event.to_zone, lang)
    by = event.data.get("by")
    by_txt = (f" ({name_of(names, by, lang)})" if en else f"（{name_of(names, by, lang)}）") if by else ""
    n = len(event.cards)
    k = event.kind

    def t(e: str, s: str, h: str) -> str:
        return e if en else (s if hans else h)

    if k == "setup":
        return t("The game is set up.", "游戏准备就绪。", "遊戲準備就緒。")
    if k == "turn_start":
        num = event.data.get("player_turn")
        return t(f"{who} begins turn {num}.", f"{who}开始第{num}个回合。", f"{who}開始第{num}個回合。")
    if k == "phase":
        ph = _pick(PHASES, event.data.get("phase"), lang)
        return t(f"{who} enters the {ph}.", f"{who}进入{ph}。", f"{who}進入{ph}。")
    if k == "turn_end":
        return t(f"{who}'s turn ends.", f"{who}的回合结束。", f"{who}的回合結束。")
    if k == "draw":
        return t(f"{who} draws {n} card{'s' if n != 1 else ''}: {cards}.", f"{who}抽了{n}张牌：{cards}。",
                 f"{who}抽了{n}張牌：{cards}。")
    if k == "shuffle":
        c = event.data.get("count", n)
        return t(f"{who} shuffles {c} discarded cards into a new deck.",
                 f"{who}将弃牌堆的{c}张牌洗混，组成新牌库。",
                 f"{who}將棄牌堆的{c}張牌重洗，組成新牌庫。")
    if k == "reveal":
        if event.data.get("empty"):
            return t(f"{who} has no card to reveal{by_txt}.", f"{who}没有牌可展示{by_txt}。",
                     f"{who}沒有牌可明示{by_txt}。")
        if event.data.get("reaction"):
            return t(f"{who} reveals {cards} from hand.",
                     f"{who}从手牌展示{cards}。",
                     f"{who}從手牌明示{cards}。")
        return t(f"{who} reveals {cards}{by_txt}.",
                 f"{who}展示{cards}{by_txt}。",
                 f"{who}明示{cards}{by_txt}。")
    if k == "look":
        return t(f"{who} looks at {cards} from the deck{by_txt}.", f"{who}查看牌库顶的{cards}{by_txt}。",
                 f"{who}查看牌庫頂的{cards}{by_txt}。")
    if k == "set_aside":
        return t(f"{who} sets aside {cards}{by_txt}.",
                 f"{who}将{cards}放置一旁{by_txt}。",
                 f"{who}將{cards}旁置{by_txt}。")
    if k == "play":
        coins = event.data.get("coins")
        if coins is not None:
            return t(f"{who} plays {cards} (+{coins}, {event.data.get('total')} in total).",
                     f"{who}打出{cards}（+{coins}，共{event.data.get('total')}钱币）。",
                     f"{who}打出{cards}（+{coins}，共{event.data.get('total')}錢幣）。")
        return t(f"{who} plays {cards}{' from the ' + src if event.from_zone != 'hand' else ''}{by_txt}.",
                 f"{who}打出{cards}{by_txt}。", f"{who}打出{cards}{by_txt}。")
    if k == "resolve":
        time = event.data.get("time")
        return t(f"{cards} resolves (time {time}){by_txt}.", f"{cards}第{time}次执行{by_txt}。",
                 f"{cards}第{time}次執行{by_txt}。")
    if k == "discard":
        return t(f"{who} discards {cards} from {src}{by_txt}.", f"{who}从{src}弃掉{cards}{by_txt}。",
                 f"{who}從{src}棄掉{cards}{by_txt}。")
    if k == "trash":
        return t(f"{who} trashes {cards} from {src}.",
                 f"{who}从{src}移除{cards}。",
                 f"{who}從{src}廢置{cards}。")
    if k in ("gain", "buy"):
        bought = k == "buy"
        verb = t("buys" if bought else "gains", "购买" if bought else "获得", "購買" if bought else "獲得")
        if bought and "cost" in event.data:
            d = event.data
            return t(f"{who} buys {cards} for {d['cost']} (coins left {d['coins']}, buys left {d['buys']}), "
                     f"to the {dst}.",
                     f"{who}花{d['cost']}钱币购买{cards}（剩{d['coins']}钱币、{d['buys']}次购买），放入{dst}。",
                     f"{who}花{d['cost']}錢幣購買{cards}（剩{d['coins']}錢幣、{d['buys']}次購買），放入{dst}。")
        if en:
            origin = " from the trash" if event.from_zone == "trash" else ""
            return f"{who} {verb} {cards}{origin}, to the {dst}."
        return f"{who}{verb}{cards}，放入{dst}。"
    if k == "gain_failed":
        what = _pick(FAIL_REASONS, event.data.get("reason", ""), lang, names)
        return t(f"{who} gains nothing: {what}.", f"{who}没有获得牌：{what}。", f"{who}沒有獲得牌：{what}。")
    if k == "trash_failed":
        reason = event.data.get("reason", "")
        if reason == "not in play":
            return t(f"{who} cannot trash {cards} again: it is no longer in play.",
                     f"{cards}已不在场上，{who}无法再次移除它。", f"{cards}已不在場上，{who}無法再次廢置它。")
        what = _pick(FAIL_REASONS, reason, lang, names)
        return t(f"{who} trashes nothing: {what}.", f"{who}没有移除牌：{what}。",
                 f"{who}沒有廢置牌：{what}。")
    if k == "put_on_deck":
        return t(f"{who} puts {cards} from {src} onto the deck.", f"{who}将{src}的{cards}放到牌库顶。",
                 f"{who}將{src}的{cards}放到牌庫頂。")
    if k == "to_hand":
        return t(f"{who} puts {cards} into hand{by_txt}.", f"{who}将{cards}放入手牌{by_txt}。",
                 f"{who}將{cards}放入手牌{by_txt}。")
    if k in COUNTERS:
        d = event.data.get("delta", 0)
        total = event.data.get("total")
        label = _pick(COUNTERS, k, lang)
        sign = f"+{d}" if d >= 0 else str(d)
        plural = "s" if abs(d) != 1 else ""
        if k == "coins":
            return t(f"{who}: {sign} {label}{plural} ({total} in total){by_txt}.",
                     f"{who}：{sign}{label}（共{total}）{by_txt}。",
                     f"{who}：{sign}{label}（共{total}）{by_txt}。")
        return t(f"{who}: {sign} {label}{plural} ({total} left){by_txt}.",
                 f"{who}：{sign}{label}（剩{total}）{by_txt}。",
                 f"{who}：{sign}{label}（剩{total}）{by_txt}。")
    if k == "decision":
        what = _pick(PURPOSES, event.data.get("decision", {}).get("context", {}).get("purpose"), lang, names)
        return t(f"{who} must decide {what}.", f"{who}需要决定{what}。", f"{who}需要決定{what}。")
    if k == "answer":
        ans = event.data.get("answer", [])
        what = _pick(PURPOSES, event.data.get("purpose"), lang, names)
        if ans in (["yes"], ["no"]):
            shown = t(ans[0], "是" if ans == ["yes"] else "否", "是" if ans == ["yes"] else "否")
        elif not ans:
            shown = t("none", "不选", "不選")
        else:
            shown = join_names(names, list(ans), lang)
        return t(f"{who} decides {what}: {shown}.", f"{who}决定{what}：{shown}。",
                 f"{who}決定{what}：{shown}。")
    if k == "attack_blocked":
        return t(f"{who} is unaffected by {cards}.", f"{who}不受{cards}影响。", f"{who}不受{cards}影響。")
    if k == "game_end":
        reason = _pick(REASONS, event.data.get("reason"), lang, names)
        scores = event.data.get("scores", [])
        winners = "、".join(players[w] for w in event.data.get("winners", []))
        table = ", ".join(f"{players[i]} {s}" for i, s in enumerate(scores))
        return t(f"The game ends: {reason}. Scores: {table}. Winner: {winners.replace('、', ', ')}.",
                 f"游戏结束：{reason}。得分：{table}。胜者：{winners}。",
                 f"遊戲結束：{reason}。得分：{table}。勝者：{winners}。")
    return t(f"{who}: {k} {cards}.", f"{who}：{k} {cards}。", f"{who}：{k} {cards}。")


def narrator(names: Names, players: list[str]) -> Callable[[Event], Localised]:
    """A function giving each event its ``say`` in the three languages."""

    def narrate(event: Event) -> Localised:
        return {lang: _line(event, names, players, lang) for lang in LANGS}

    return narrate
