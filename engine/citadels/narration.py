"""Narration and decision prompts in en, zh-Hans and zh-Hant.

Card and character names come from the corpus through ``names`` (slug -> localised name);
Traditional Chinese is the Simplified template converted with OpenCC ``s2tw`` (characters only).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import opencc

from engine.core.events import Event
from engine.core.localised import Localised, Names, join_names, name_of

COLOUR_NAMES: dict[str, tuple[str, str]] = {
    "noble": ("noble (gold)", "贵族（金色）"),
    "religious": ("religious (blue)", "宗教（蓝色）"),
    "trade": ("trade (green)", "商业（绿色）"),
    "military": ("military (red)", "军事（红色）"),
    "special": ("special (purple)", "特别（紫色）"),
}

PROMPTS: dict[str, tuple[str, str]] = {
    "pick_character": ("Choose your character.", "选择你的角色。"),
    "discard_character": (
        "Choose a character to put face down in the middle.",
        "选择一张角色卡面朝下放到桌子中央。",
    ),
    "action": ("{c}: what do you do next?", "{c}：接下来做什么？"),
    "keep_cards": (
        "Keep {n} of the districts you drew; the rest go to the bottom of the deck.",
        "从抽到的地区卡中保留 {n} 张，其余放到牌堆底部。",
    ),
    "build": ("Choose the district to build.", "选择要建设的地区。"),
    "laboratory": ("Laboratory: discard which card for 1 gold?", "实验室：弃掉哪张地区卡换取一枚金币？"),
    "museum": ("Museum: place which card under the Museum?", "博物馆：把哪张地区卡放到博物馆下？"),
    "armory": (
        "Armory: destroy which district (the Armory is destroyed too)?",
        "军械库：摧毁哪个地区（军械库也一同被摧毁）？",
    ),
    "assassinate": ("Name the character to assassinate.", "说出要暗杀的角色。"),
    "bewitch": ("Name the character to bewitch.", "说出要施法的角色。"),
    "rob": ("Name the character to rob.", "说出要洗劫的角色。"),
    "magic_mode": (
        "Exchange hands with a player, or redraw cards from the deck?",
        "与一名玩家交换手牌，还是与牌堆换牌？",
    ),
    "magic_exchange": ("Exchange your hand with whom?", "与谁交换手牌？"),
    "magic_redraw": ("Which cards go to the bottom of the deck?", "哪些地区卡放到牌堆底部？"),
    "wizard_player": ("Look at whose hand?", "观看谁的手牌？"),
    "wizard_card": ("Take which card?", "拿走哪张地区卡？"),
    "wizard_use": ("Keep the card or build it now?", "保留这张地区卡，还是立即建设？"),
    "emperor_crown": ("Give the crown to whom?", "把皇冠交给谁？"),
    "emperor_pay": ("Pay the Emperor 1 gold or 1 district card?", "付给皇帝一枚金币还是一张地区卡？"),
    "emperor_card": ("Give the Emperor which card?", "把哪张地区卡交给皇帝？"),
    "bell_tower_announce": (
        "Bell Tower: announce that the game ends once a city has one district fewer?",
        "钟塔：宣布城市少建一个地区即完成、游戏提前结束吗？",
    ),
    "navigate": ("Take 4 gold or draw 4 districts?", "拿取 4 枚金币还是抽 4 张地区卡？"),
    "destroy": ("Destroy which district (or none)?", "摧毁哪个地区（或不摧毁）？"),
    "graveyard": (
        "Graveyard: pay 1 gold to take the destroyed district into your hand?",
        "墓地：支付一枚金币把被摧毁的地区拿到手上吗？",
    ),
    "exchange": (
        "Exchange which district of yours for which of theirs (or none)?",
        "用你的哪个地区交换别人的哪个地区（或不交换）？",
    ),
    "beautify": ("Put a gold on which one or two districts?", "在哪一个或两个地区上放金币？"),
}

# Event narration: (en, zh-Hans). Fields: {p} the event's player, {cards}, {c} data.character,
# {t} the other player named by the event, and any data key.
EVENTS: dict[str, tuple[str, str]] = {
    "setup": (
        "Set-up: {players} players; the district deck shuffled ({deck} cards); the bank holds {bank} gold.",
        "准备：{players} 名玩家；洗混地区牌堆（{deck} 张）；银行有 {bank} 枚金币。",
    ),
    "setup_scenario": (
        "Starting position: {players} players, {deck} districts in the deck, {bank} gold in the bank.",
        "开始局面：{players} 名玩家，地区牌堆 {deck} 张，银行 {bank} 枚金币。",
    ),
    "crown_draw": (
        "{p} draws {cards} (cost {cost}) to decide who takes the crown.",
        "{p} 抽到 {cards}（费用 {cost}），以决定谁拿皇冠。",
    ),
    "crown_draw_return": (
        "The drawn cards go back and the deck is shuffled again.",
        "抽出的地区卡放回牌堆，重新洗混。",
    ),
    "deal": ("{p} receives 4 districts and {gold} gold.", "{p} 获发 4 张地区卡和 {gold} 枚金币。"),
    "round_start": ("Round {round} begins.", "第 {round} 轮开始。"),
    "set_aside_down": ("{count} character card(s) set aside face down.", "{count} 张角色卡面朝下放在一旁。"),
    "set_aside_up": ("Set aside face up: {cards}.", "面朝上放在一旁：{cards}。"),
    "king_not_face_up": (
        "The {cards} may never be set aside face up; another card takes its place.",
        "{cards}不可以面朝上放在一旁，由另一张角色卡代替。",
    ),
    "take_face_down": (
        "{p} also takes the face-down character for the last pick.",
        "{p} 最后选择时同时拿取面朝下的角色卡。",
    ),
    "pick": ("{p} chooses a character in secret ({cards}).", "{p} 秘密选择了一个角色（{cards}）。"),
    "discard_character": (
        "{p} puts a character face down in the middle.",
        "{p} 将一张角色卡面朝下放到桌子中央。",
    ),
    "call": ("The {cards} is called.", "叫到{cards}。"),
    "absent": ("No one is the {cards}.", "没有人选择{cards}。"),
    "reveal": ("{p} reveals the {cards}.", "{p} 亮出{cards}。"),
    "killed_skip": (
        "The {cards} was assassinated: {p} stays silent and loses the turn.",
        "{cards}已被暗杀：{p} 不出声，失去这个回合。",
    ),
    "hospital": (
        "{p}'s {cards}: the assassinated player still takes an action.",
        "{p} 的{cards}：被暗杀的玩家仍然可以执行行动。",
    ),
    "robbed": ("{t} robs {p} of {gold} gold.", "{t} 洗劫 {p}，拿走 {gold} 枚金币。"),
    "crown": ("{p} takes the crown.", "{p} 拿取皇冠。"),
    "take_gold": ("{p} takes {gold} gold from the bank.", "{p} 从银行拿取 {gold} 枚金币。"),
    "draw": ("{p} draws {cards}.", "{p} 抽取 {cards}。"),
    "keep": ("{p} keeps {cards}.", "{p} 保留 {cards}。"),
    "bottom": ("To the bottom of the deck: {cards}.", "放到牌堆底部：{cards}。"),
    "merchant_bonus": ("{p} ({cards}) takes {gold} more gold.", "{p}（{cards}）额外获得 {gold} 枚金币。"),
    "architect_draw": (
        "{p} ({via}) draws 2 more districts: {cards}.",
        "{p}（{via}）额外抽取 2 张地区卡：{cards}。",
    ),
    "income": ("{p} collects {gold} gold from {colour} districts.", "{p} 从{colour}地区收取 {gold} 枚金币。"),
    "build": ("{p} builds {cards} for {cost} gold.", "{p} 支付 {cost} 枚金币建设 {cards}。"),
    "complete": (
        "{p}'s city has {size} districts: the game ends after this round.",
        "{p} 的城市已有 {size} 个地区：本轮结束后游戏结束。",
    ),
    "bell_tower": (
        "{via}: a city is now complete at {end_size} districts.",
        "{via}：现在建完 {end_size} 个地区即为完成城市。",
    ),
    "bell_tower_silent": (
        "{p} builds the {cards} without announcing it: the game still ends at the usual size.",
        "{p} 建成{cards}但没有宣布：游戏仍按原来的地区数结束。",
    ),
    "bell_tower_gone": (
        "The {cards} is gone: a city is complete at {end_size} districts again.",
        "{cards}已不在：城市重新要建完 {end_size} 个地区才算完成。",
    ),
    "laboratory": (
        "{p} discards {cards} at the {via} for {gold} gold.",
        "{p} 在{via}弃掉 {cards}，换取 {gold} 枚金币。",
    ),
    "smithy": ("{p} pays 2 gold at the {via} and draws {cards}.", "{p} 在{via}支付 2 枚金币，抽取 {cards}。"),
    "museum": ("{p} places {cards} under the {via}.", "{p} 将 {cards} 放到{via}下。"),
    "armory": ("{p} destroys the {cards} to use it.", "{p} 摧毁{cards}以使用它。"),
    "assassinate": ("{p} assassinates the {cards}.", "{p} 暗杀{cards}。"),
    "bewitch": ("{p} bewitches the {cards}; {p}'s turn ends.", "{p} 对{cards}施法，回合结束。"),
    "bewitched_turn": (
        "The {cards} is bewitched: {p} takes an action, then the turn ends.",
        "{cards}被施法：{p} 执行一次行动，然后回合结束。",
    ),
    "witch_takes_over": ("{p} ({via}) plays on as the {cards}.", "{p}（{via}）介入，以{cards}的身份行动。"),
    "rob": ("{p} will rob the {cards}.", "{p} 选择洗劫{cards}。"),
    "magic_exchange": ("{p} exchanges hands with {t}.", "{p} 与 {t} 交换手牌。"),
    "magic_discard": ("{p} puts {cards} at the bottom of the deck.", "{p} 将 {cards} 放到牌堆底部。"),
    "magic_draw": ("{p} draws {cards}.", "{p} 抽取 {cards}。"),
    "wizard_look": ("{p} looks at {t}'s hand: {cards}.", "{p} 观看 {t} 的手牌：{cards}。"),
    "wizard_take": ("{p} takes {cards} from {t}.", "{p} 从 {t} 手上拿走 {cards}。"),
    "crown_payment": ("{p} pays {t} for the crown: {paid_say}.", "{p} 为皇冠付给 {t}：{paid_say}。"),
    "abbot": (
        "{p} ({cards}) takes {gold} gold from the richest player, {t}.",
        "{p}（{cards}）从金币最多的玩家 {t} 处获得 {gold} 枚金币。",
    ),
    "abbot_nothing": (
        "{p} ({cards}) gets nothing: no single other player is richest (the Abbot himself is, "
        "several share the most gold, or nobody has any).",
        "{p}（{cards}）得不到金币：没有唯一一名比他富有的玩家（修道院长本人最富有、多人并列最多或无人有金币）。",
    ),
    "navigate": (
        "{p} ({via}): {gold} gold, cards {cards}; no building this turn.",
        "{p}（{via}）：{gold} 枚金币，地区卡 {cards}；本回合不能建设。",
    ),
    "no_destroy": ("{p} destroys nothing.", "{p} 没有摧毁任何地区。"),
    "destroy": (
        "{p}'s {cards} is destroyed; {by_say} paid {paid} gold.",
        "{p} 的 {cards} 被摧毁；{by_say} 支付 {paid} 枚金币。",
    ),
    "graveyard": (
        "{p} pays 1 gold ({via}) and takes {cards} into hand.",
        "{p} 支付一枚金币（{via}），将 {cards} 拿到手上。",
    ),
    "no_exchange": ("{p} exchanges nothing.", "{p} 没有交换地区。"),
    "exchange": (
        "{p} exchanges districts with {t} ({cards}), paying {paid} gold.",
        "{p} 与 {t} 交换地区（{cards}），支付 {paid} 枚金币。",
    ),
    "queen_waits": (
        "{p} ({via}) sits next to the assassinated {cards}: the 3 gold come when it is revealed.",
        "{p}（{via}）坐在被暗杀的{cards}旁边：亮出该角色时才拿 3 枚金币。",
    ),
    "queen": ("{p} ({via}) takes {gold} gold.", "{p}（{via}）拿取 {gold} 枚金币。"),
    "beautify": ("{p} puts a gold on {cards}.", "{p} 在 {cards} 上放一枚金币。"),
    "tax": ("{p} pays {gold} gold tax to {t}.", "{p} 向 {t} 缴税 {gold} 枚金币。"),
    "alchemist_refund": (
        "{p} ({cards}) takes back {gold} gold spent on building.",
        "{p}（{cards}）拿回建设花费的 {gold} 枚金币。",
    ),
    "poor_house": ("{p} has no gold: the {cards} gives {gold}.", "{p} 没有金币：{cards}给予 {gold} 枚。"),
    "end_turn": ("{p} ends the turn.", "{p} 结束回合。"),
    "reveal_killed": ("{p} reveals the assassinated {cards}.", "{p} 亮出被暗杀的{cards}。"),
    "round_end": ("Round {round} ends.", "第 {round} 轮结束。"),
    "score": (
        "{p} scores {total}: districts {districts}, colours {colours}, complete city {completion}, "
        "extras {extras}.",
        "{p} 得 {total} 分：地区 {districts}，五色 {colours}，完成城市 {completion}，其他 {extras}。",
    ),
    "game_end": (
        "Game over after {rounds} rounds; winner(s): {winner_names}.",
        "游戏在 {rounds} 轮后结束；胜利者：{winner_names}。",
    ),
}

#: The card behind an event whose ``cards`` hold something else (named through ``names``).
VIA: dict[str, str] = {
    "architect_draw": "architect",
    "bell_tower": "bell-tower",
    "laboratory": "laboratory",
    "smithy": "smithy",
    "museum": "museum",
    "witch_takes_over": "witch",
    "navigate": "navigator",
    "graveyard": "graveyard",
    "queen_waits": "queen",
    "queen": "queen",
}


@lru_cache(maxsize=1)
def _converter() -> opencc.OpenCC:
    return opencc.OpenCC("s2tw")


@lru_cache(maxsize=512)
def to_hant(text: str) -> str:
    return _converter().convert(text)


class _Fields(dict):
    def __missing__(self, key: str) -> str:
        return "?"


def _localise(en: str, hans: str, fields_for: Any) -> Localised:
    return {
        "en": en.format_map(_Fields(fields_for("en"))),
        "zh-Hans": hans.format_map(_Fields(fields_for("zh-Hans"))),
        "zh-Hant": to_hant(hans).format_map(_Fields(fields_for("zh-Hant"))),
    }


def prompt(key: str, names: Names | None = None, **fmt: Any) -> Localised:
    en, hans = PROMPTS[key]

    def fields(lang: str) -> dict[str, Any]:
        out = dict(fmt)
        if "character" in fmt:
            out["c"] = name_of(names or {}, fmt["character"], lang)
        return out

    return _localise(en, hans, fields)


def narrate(event: Event, names: Names, players: list[str]) -> Localised:
    data = event.data
    kind = event.kind
    if kind == "abbot" and not data.get("gold"):
        kind = "abbot_nothing"
    elif kind == "setup" and data.get("scenario"):
        kind = "setup_scenario"
    en, hans = EVENTS.get(kind, (event.kind, event.kind))

    def player_name(i: Any) -> str:
        return players[i] if isinstance(i, int) and 0 <= i < len(players) else "?"

    def fields(lang: str) -> dict[str, Any]:
        out: dict[str, Any] = {k: v for k, v in data.items() if not isinstance(v, (list, dict))}
        out["p"] = player_name(event.player)
        out["cards"] = join_names(names, list(event.cards), lang)
        if "character" in data:
            out["c"] = name_of(names, data["character"], lang)
        if event.kind in VIA:
            out["via"] = name_of(names, VIA[event.kind], lang)
        other = next(
            (data[k] for k in ("target", "robber", "receiver", "to", "source", "by") if k in data), None
        )
        out["t"] = player_name(other)
        if "colour" in data and data["colour"] in COLOUR_NAMES:
            en_c, hans_c = COLOUR_NAMES[data["colour"]]
            out["colour"] = en_c if lang == "en" else (hans_c if lang == "zh-Hans" else to_hant(hans_c))
        if event.kind == "destroy":
            by = player_name(data.get("by"))
            out["by_say"] = (
                by if data.get("warlord") else (by + (" (Armory)" if lang == "en" else "（军械库）"))
            )
        if event.kind == "crown_payment":
            paid = {
                "gold": ("1 gold", "一枚金币"),
                "card": ("a district card", "一张地区卡"),
                "nothing": ("nothing (no gold, no cards)", "无（没有金币也没有手牌）"),
            }[data["paid"]]
            out["paid_say"] = paid[0] if lang == "en" else paid[1]
        if event.kind == "score":
            out["extras"] = sum(data.get(k, 0) for k in ("gilded", "museum", "wishing_well"))
        if event.kind == "game_end":
            sep = ", " if lang == "en" else "、"
            out["winner_names"] = sep.join(player_name(i) for i in data.get("winners", []))
        if lang == "zh-Hant":
            out = {
                k: (to_hant(v) if isinstance(v, str) and k in ("by_say", "paid_say", "extras") else v)
                for k, v in out.items()
            }
        return out

    return _localise(en, hans, fields)
