"""The facts a text states, comparable across scripts: the numbers, the cards and the zones it names.

A ruling (or a card's text) says the same thing in English, Simplified and Traditional Chinese;
these pure functions pull out what can be compared mechanically, so a test can find a text that
says more, or less, in one script than in another. Small numbers that are mostly articles ("a
card", 一张牌) are left out: only 2 and above count.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from corpus.model import Entry

EN_NUMBERS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "twice": 2, "second": 2, "third": 3, "fourth": 4, "fifth": 5,
    "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "both": 2, "double": 2,
}
ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
             "八": 8, "九": 9}
#: Chinese numerals that are words, not numbers (一些 'some', 一样 'the same', 三思 …) or count
#: something English says without a number (两者 'both' is kept: English says "both").
ZH_NOT_NUMBERS = ("一些", "一样", "一樣", "一起", "一旦", "一直", "一般", "一切", "一下", "统一", "統一",
                  "万一", "萬一", "唯一", "之一", "一律", "一致", "一定", "一点", "一點", "一边", "一邊")

#: A zone (or the act that puts a card there) in each script. Order matters where one word holds
#: another (弃牌堆 before 弃).
ZONES: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "deck": {"en": (r"\bdecks?\b", r"\bdraw piles?\b", r"\bdistrict deck\b"),
             "zh": ("牌库", "牌庫", "抽牌堆", "地区牌堆", "地區牌堆", "牌堆顶", "牌堆頂", "牌堆底")},
    "hand": {"en": (r"\bhand\b(?! (?:it|them|him|her|over)\b)",
                    r"\b(?:their|your|his|her|the|all|players'|players’) hands\b"),
             "zh": ("手牌", "手中", "手里", "手裡", "手裏")},
    "discard pile": {"en": (r"\bdiscard piles?\b",), "zh": ("弃牌堆", "棄牌堆")},
    "trash": {"en": (r"\btrash(?:es|ed|ing)?\b",),
              "zh": ("移除", "废置", "廢置", "垃圾", "移除区", "移除區")},
    "set aside": {"en": (r"\bset(?:s|ting)? (?:it |them |that card |the card |one |cards )?aside\b",
                         r"\bset-aside\b"), "zh": ("旁置", "放在一旁", "放到一旁", "放在一邊")},
    "supply": {"en": (r"\bSupply\b",),
               "zh": ("供应区", "供應區", "补充资源", "補充資源", "供应堆", "供應堆")},
}


@dataclass(frozen=True)
class Facts:
    numbers: frozenset[int]
    cards: frozenset[str]  # entry ids of the game's cards named
    zones: frozenset[str]

    def differences(self, other: Facts) -> list[str]:
        out = []
        for field in ("numbers", "cards", "zones"):
            mine, theirs = getattr(self, field), getattr(other, field)
            if mine != theirs:
                out.append(f"{field}: {sorted(mine - theirs)} only here, {sorted(theirs - mine)} only there")
        return out


def _script(lang: str) -> str:
    return "en" if lang == "en" else "zh"


def _zh_number(run: str) -> int:
    """A run of Chinese numeral characters (十 included) as a number: 十二 -> 12, 二十 -> 20."""
    if "十" in run:
        tens, _, ones = run.partition("十")
        return (ZH_DIGITS.get(tens, 1) if tens else 1) * 10 + (ZH_DIGITS.get(ones, 0) if ones else 0)
    return ZH_DIGITS.get(run[-1], 0)


def numbers(text: str, lang: str) -> frozenset[int]:
    """The numbers 2 and above a text states, digits or words."""
    found = {int(n) for n in re.findall(r"\d+", text)}
    if lang == "en":
        found |= {EN_NUMBERS[w] for w in re.findall(r"[a-z]+", text.lower()) if w in EN_NUMBERS}
    else:
        plain = text
        for word in ZH_NOT_NUMBERS:
            plain = plain.replace(word, "")
        found |= {_zh_number(run) for run in re.findall(r"[一二两兩三四五六七八九十]+", plain)}
    return frozenset(n for n in found if n >= 2)


def zones(text: str, lang: str) -> frozenset[str]:
    script = _script(lang)
    found = set()
    for zone, words in ZONES.items():
        for word in words[script]:
            hit = re.search(word, text) if script == "en" else word in text
            if hit:
                found.add(zone)
                break
    return frozenset(found)


def card_names(entries: Iterable[Entry], game: str) -> dict[str, list[tuple[str, str]]]:
    """Per language, (name, entry id) of the game's cards, longest first (so 大村庄 is found before
    村庄): the names, and the aliases in that script that are no other card's name (要塞, an alias
    of the Keep, is the Fortress's name). English names match with their capital letter only:
    'Gold' the card, not 'gold' coins."""
    cards = [e for e in entries if e.game == game and e.kind == "card"]
    out: dict[str, list[tuple[str, str]]] = {}
    for e in cards:
        for lang, name in e.names.items():
            if name:
                out.setdefault(lang, []).append((name, e.id))
    taken = {name for names in out.values() for name, _ in names}
    for e in cards:
        for alias in e.aliases:
            if alias in taken:
                continue
            chinese = bool(re.search(r"[\u4e00-\u9fff]", alias))
            for lang in ("zh-Hans", "zh-Hant") if chinese else ("en",):
                out.setdefault(lang, []).append((alias, e.id))
    for names in out.values():
        names.sort(key=lambda pair: -len(pair[0]))
    return out


def cards(text: str, lang: str, names: Mapping[str, list[tuple[str, str]]]) -> frozenset[str]:
    found = set()
    rest = text
    for name, entry_id in names.get(lang, []):
        pattern = rf"\b{re.escape(name)}s?\b" if lang == "en" else re.escape(name)
        if re.search(pattern, rest):
            found.add(entry_id)
            rest = re.sub(pattern, " ", rest)
    return frozenset(found)


def facts(text: str, lang: str, names: Mapping[str, list[tuple[str, str]]]) -> Facts:
    return Facts(numbers(text, lang), cards(text, lang, names), zones(text, lang))


def compare(texts: Mapping[str, str], names: Mapping[str, list[tuple[str, str]]]) -> list[str]:
    """How each script's text differs from the English one (empty: the same facts)."""
    if not texts.get("en"):
        return []
    english = facts(texts["en"], "en", names)
    out = []
    for lang in ("zh-Hans", "zh-Hant"):
        if texts.get(lang):
            out += [f"{lang} vs en: {d}" for d in facts(texts[lang], lang, names).differences(english)]
    return out
