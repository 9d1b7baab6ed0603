"""Readable labels for a decision's options, in the three scripts.

Options are card/character/district slugs, named choices (``yes``, ``gold``, ``build`` …),
players (``player-1``), a player's district (``player-1:keep``) or an exchange
(``manor>player-1:keep``). Card names come from ``names`` (the corpus), player names from the
situation.
"""

from __future__ import annotations

from engine.core.localised import LANGS, Localised, Names, name_of

#: Named choices the engines offer: (en, zh-Hans, zh-Hant).
WORDS: dict[str, tuple[str, str, str]] = {
    "yes": ("Yes", "是", "是"),
    "no": ("No", "否", "否"),
    "gold": ("Take gold", "拿金币", "拿金幣"),
    "cards": ("Draw cards", "抽地区牌", "抽地區牌"),
    "card": ("Give a card", "给一张牌", "給一張牌"),
    "income": ("Collect income", "收取收入", "收取收入"),
    "ability": ("Use the ability", "使用技能", "使用技能"),
    "build": ("Build a district", "建设地区", "建設地區"),
    "end": ("End the turn", "结束回合", "結束回合"),
    "exchange": ("Exchange hands", "交换手牌", "交換手牌"),
    "redraw": ("Discard and redraw", "弃牌后重抽", "棄牌後重抽"),
}
_WORD_CONTEXT: dict[tuple[str, str], tuple[str, str, str]] = {
    ("emperor", "gold"): ("Pay 1 gold", "付一枚金币", "付一枚金幣"),
    ("navigator", "gold"): ("Take 4 gold", "拿四枚金币", "拿四枚金幣"),
    ("navigator", "cards"): ("Draw 4 cards", "抽四张地区牌", "抽四張地區牌"),
}


def _player(option: str, players: list[str]) -> str | None:
    """The player's name for ``player-N`` (None when it is not such an option)."""
    if not option.startswith("player-"):
        return None
    number = option.removeprefix("player-")
    if not number.isdigit() or int(number) >= len(players):
        return None
    return players[int(number)]


def option_label(option: str, names: Names, players: list[str], card: str | None = None) -> Localised:
    """The option as a player reads it, in every language."""
    word = _WORD_CONTEXT.get((card or "", option)) or WORDS.get(option)
    if word:
        return dict(zip(LANGS, word, strict=True))
    who = _player(option, players)
    if who is not None:
        return {lang: who for lang in LANGS}
    if ">" in option:
        mine, theirs = option.split(">", 1)
        return {lang: f"{name_of(names, mine, lang)} ⇄ {option_label(theirs, names, players)[lang]}"
                for lang in LANGS}
    if ":" in option:
        owner, slug = option.split(":", 1)
        who = _player(owner, players) or owner
        return {lang: f"{name_of(names, slug, lang)} ({who})" for lang in LANGS}
    return {lang: name_of(names, option, lang) for lang in LANGS}
