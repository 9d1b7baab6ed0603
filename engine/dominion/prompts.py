"""Decision prompts in three languages (pure: built from the purpose, card and names)."""

from __future__ import annotations

from typing import Any

from engine.core.localised import Localised, Names, name_of

# purpose -> (en, zh-Hans, zh-Hant); {card} is the asking card's name, {x} a context value.
PROMPTS: dict[str, tuple[str, str, str]] = {
    "play_action": ("Play an Action card, or none to end the action phase.",
                    "打出一张行动牌，或不打出以结束行动阶段。", "打出一張行動牌，或不打出以結束行動階段。"),
    "play_treasures": ("Play any Treasures for this turn's coins.",
                       "打出任意财宝牌以获得本回合的钱币。", "打出任意財富牌以獲得本回合的錢幣。"),
    "buy": ("Buy a card, or none to end the buy phase.",
            "购买一张牌，或不购买以结束购买阶段。", "購買一張牌，或不購買以結束購買階段。"),
    "gain": ("{card}: gain a card costing up to ${max_cost}.",
             "{card}：获得一张费用不超过{max_cost}的牌。", "{card}：獲得一張費用不超過{max_cost}的牌。"),
    "discard": ("{card}: choose cards to discard.", "{card}：选择要弃掉的牌。", "{card}：選擇要棄掉的牌。"),
    "trash": ("{card}: choose cards to trash.", "{card}：选择要移除的牌。", "{card}：選擇要廢置的牌。"),
    "throne": ("{card}: choose an Action card to play twice.",
               "{card}：选择一张行动牌打出两次。", "{card}：選擇一張行動牌執行兩次。"),
    "reveal_moat": ("Reveal {card} to be unaffected by {attack}?",
                    "展示{card}以不受{attack}影响吗？", "明示{card}以不受{attack}影響嗎？"),
    "set_aside": ("{card}: set aside {drawn} instead of keeping it?",
                  "{card}：将{drawn}放置一旁而不留在手中吗？", "{card}：將{drawn}旁置而不留在手中嗎？"),
    "deck_to_discard": ("{card}: put your deck into your discard pile?",
                        "{card}：将你的牌库放进弃牌堆吗？", "{card}：將你的牌庫放進棄牌堆嗎？"),
    "spy_discard": ("{card}: discard {revealed} from the top of {target}'s deck (no = put it back)?",
                    "{card}：弃掉{target}牌库顶的{revealed}吗（否则放回）？",
                    "{card}：棄掉{target}牌庫頂的{revealed}嗎（否則放回）？"),
    "thief_trash": ("{card}: choose which revealed Treasure {target} trashes.",
                    "{card}：选择{target}要移除的一张展示的财宝牌。",
                    "{card}：選擇{target}要廢置的一張明示的財富牌。"),
    "thief_gain": ("{card}: choose which trashed Treasures to gain.",
                   "{card}：选择要获得的被移除的财宝牌。", "{card}：選擇要獲得的被廢置的財富牌。"),
    "topdeck": ("{card}: choose a card to put onto your deck.",
                "{card}：选择一张牌放到牌库顶。", "{card}：選擇一張牌放到牌庫頂。"),
    "trash_copper": ("{card}: trash a {copper} for +3 coins?", "{card}：移除一张{copper}以获得+3钱币吗？",
                     "{card}：廢置一張{copper}以獲得+3錢幣嗎？"),
    "play_discarded": ("{card}: play the discarded {drawn}?", "{card}：打出被弃掉的{drawn}吗？",
                       "{card}：打出被棄掉的{drawn}嗎？"),
    "order_topdeck": ("{card}: put these back in order, top first.",
                      "{card}：按顺序放回（第一张在最上面）。", "{card}：按順序放回（第一張在最上面）。"),
}

_LANGS = ("en", "zh-Hans", "zh-Hant")
_CARD_KEYS = ("attack", "drawn", "revealed")


def prompt_for(purpose: str, card: str | None, context: dict[str, Any], names: Names,
               players: list[str] | None = None) -> Localised:
    """The decision's prompt in three languages; ``players`` names the player a context ``target`` means."""
    templates = PROMPTS.get(purpose, (purpose, purpose, purpose))
    out = {}
    for lang, template in zip(_LANGS, templates, strict=True):
        values = {k: v for k, v in context.items() if isinstance(v, (int, str))}
        for key in _CARD_KEYS:
            if key in values:
                values[key] = name_of(names, str(values[key]), lang)
        if "target" in values:
            target = int(values["target"])
            values["target"] = players[target] if players and target < len(players) else target + 1
        values["card"] = name_of(names, card, lang) if card else ""
        values["copper"] = name_of(names, "copper", lang)
        try:
            out[lang] = template.format(**values)
        except (KeyError, IndexError):
            out[lang] = template
    return out
