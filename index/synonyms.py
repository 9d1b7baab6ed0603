"""Everyday words players type for the rulebooks' own vocabulary (query side only).

The seeds say 获胜 where a player types 赢, 抓牌 (1st edition) where another types 抽牌
(2nd edition, Citadels), 弃 where one types 丢 or 扔. Each key is a search token; its values
are words searched alongside it (tokenised like the query), at a lower weight. General
words only, never answers.
"""

from __future__ import annotations

SYNONYMS: dict[str, tuple[str, ...]] = {
    "赢": ("获胜", "胜利"),
    "获胜": ("胜利",),
    "抽": ("抓",),
    "抓": ("抽",),
    "抽牌": ("抓牌",),
    "抓牌": ("抽牌",),
    "丢": ("弃",),
    "扔": ("弃",),
    "丢掉": ("弃掉",),
    "丢牌": ("弃牌",),
    "扔牌": ("弃牌",),
    "扔掉": ("弃掉",),
    "买": ("购买",),
    "钱": ("钱币", "金币"),
    "先手": ("起始玩家",),
    "开始": ("起始",),
    "王冠": ("皇冠",),
    "皇冠": ("王冠",),
    "销毁": ("废置", "移除"),
    "删除": ("废置", "移除"),
    # English, as Porter stems
    "winner": ("win",),
    "monei": ("coin",),
    "begin": ("start",),
    "throw": ("discard",),
    "destroi": ("trash",),
    "remov": ("trash",),
}


def expand(tokens: list[str]) -> list[str]:
    """Tokens that stand for the query's everyday words, not already among them."""
    have = set(tokens)
    return [s for t in tokens for s in SYNONYMS.get(t, ()) if s not in have]
