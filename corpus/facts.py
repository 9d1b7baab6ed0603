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

from corpus.games import game_data
from corpus.ingest.normalise import to_traditional
from corpus.languages import CHINESE
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
                  "万一", "萬一", "唯一", "之一", "一律", "一致", "一定", "一点", "一點", "一边", "一邊",
                  "十分", "逐一", "一一", "一旁", "一同", "一并", "一併", "一方面", "四处", "四處")

#: A zone (or the act that puts a card there) in each script. English patterns are matched
#: without regard to case ("Trash this Feast"); Chinese words are taken longest first and each
#: taken word is blanked, so 弃牌堆顶 is the discard pile, not also 牌堆顶 (the deck).
ZONES: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "deck": {"en": (r"\bdecks?\b", r"\bdraw piles?\b"),
             "zh": ("牌库", "牌庫", "抽牌堆", "地区牌堆", "地區牌堆", "牌组(?!成)", "牌組(?!成)")},
    "hand": {"en": (r"\bhands?\b",),  # the verb ("hands the Abbot one gold") is left out below
             "zh": ("手牌", "手中", "手里", "手裡", "手裏", "(?<!玩家)手上")},
    "discard pile": {"en": (r"\bdiscard piles?\b",), "zh": ("弃牌堆", "棄牌堆", "废牌堆", "廢牌堆")},
    "trash": {"en": (r"\btrash(?:es|ed|ing)?\b",),
              "zh": ("移除", "废置", "廢置", "垃圾", "移除区", "移除區")},
    "set aside": {"en": (r"\bset(?:s|ting)? (?:[\w-]+ ){0,3}aside\b", r"\bset-aside\b"),
                  "zh": ("旁置", "放在一旁", "放到一旁", "放置一旁", "放在一边", "放在一邊")},
    "supply": {"en": (r"\bsupply\b",),
               "zh": ("供应区", "供應區", "补充资源", "補充資源", "供应堆", "供應堆", "供应牌", "供應牌")},
}


#: A list item's number ("these: 1. exchange … Or 2. discard", 或者2.选择): a label, not a count.
LIST_MARKER = re.compile(
    r"(?:^|(?<=[:：;；\n])|(?<=\bor )|(?<=\bOr )|(?<=或者))\s*\d\.(?=\s*[A-Za-z\u4e00-\u9fff])")


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
    """The numbers 2 and above a text states, digits or words. "A second Chapel" is another
    Chapel (另一张), not a count, so "a/an … second" is left out."""
    text = LIST_MARKER.sub(" ", text)
    found = {int(n) for n in re.findall(r"\d+", text)}
    if lang == "en":
        plain = re.sub(r"\b(?:a|an) second\b", " ", text, flags=re.IGNORECASE)
        found |= {EN_NUMBERS[w] for w in re.findall(r"[a-z]+", plain.lower()) if w in EN_NUMBERS}
    else:
        plain = text
        for word in ZH_NOT_NUMBERS:
            plain = plain.replace(word, "")
        found |= {_zh_number(run) for run in re.findall(r"[一二两兩三四五六七八九十]+", plain)}
    return frozenset(n for n in found if n >= 2)


def _game_zones(game: str | None) -> Mapping[str, tuple[str, ...]]:
    """Words one game adds (corpus/games.yaml): in Citadels 牌堆 alone is the district deck."""
    data = game_data(game or "")
    return data.zone_words if data else {}


def zones(text: str, lang: str, game: str | None = None) -> frozenset[str]:
    found = set()
    if _script(lang) == "en":
        for zone, words in ZONES.items():
            if any(re.search(w, text, re.IGNORECASE) for w in words["en"]):
                found.add(zone)
        if "hand" in found and not _hand_noun(text):
            found.discard("hand")
        return frozenset(found)
    words = [(w, zone) for zone, ws in ZONES.items() for w in ws["zh"]]
    words += [(w, zone) for zone, ws in _game_zones(game).items() for w in ws]
    rest = text
    for word, zone in sorted(words, key=lambda pair: -len(re.sub(r"\(\?<!.*?\)", "", pair[0]))):
        if re.search(word, rest):
            found.add(zone)
            rest = re.sub(word, "　", rest)
    return frozenset(found)


def _hand_noun(text: str) -> bool:
    """Whether an English text names a hand (the zone), not only the verb: "hands the Abbot one
    gold", "hand the crown on", "may not hand a player a district"."""
    verb = (r"\bhand(?:s|ed|ing)? (?:the|a|an|one|two|that|this|it|them|him|her|over|on|back|out|another"
            r"|each|every)\b")
    owner = r"(?:\bin|\bfrom|\binto|\byour|\btheir|\bhis|\bher|\bwhole|\bown|['’]s|\bnew|\bstarting) $"
    for m in re.finditer(r"\bhand(?:s|ed|ing)?\b", text, re.IGNORECASE):
        before = text[max(0, m.start() - 12):m.start()].lower()
        if re.match(verb, text[m.start():], re.IGNORECASE) and not re.search(owner, before):
            continue
        return True
    return False


def card_names(entries: Iterable[Entry], game: str) -> dict[str, list[tuple[str, str]]]:
    """Per language, (name, entry id) of the game's cards, longest first (so 大村庄 is found before
    村庄, 修道院院长 before 修道院): the names, and the aliases that are no other card's name (要塞, an
    alias of the Keep, is the Fortress's name). Both Chinese scripts share one list: a card's
    Simplified and Traditional names and aliases, each also in Traditional characters, since a
    Traditional text may keep a mainland name (刺客 beside the Taiwan 殺手). English names match
    with their capital letter only: 'Gold' the card, not 'gold' coins."""
    cards = [e for e in entries if e.game == game and e.kind == "card"]
    english: list[tuple[str, str]] = []
    chinese: list[tuple[str, str]] = []
    for e in cards:
        if e.names.get("en"):
            english.append((e.names["en"], e.id))
        chinese += [(e.names[lang], e.id) for lang in CHINESE if e.names.get(lang)]
    taken = {name: entry_id for name, entry_id in english + chinese}
    for e in cards:
        for alias in e.aliases:
            if taken.get(alias, e.id) != e.id:
                continue
            (chinese if re.search(r"[\u4e00-\u9fff]", alias) else english).append((alias, e.id))
    chinese += [(to_traditional(name), entry_id) for name, entry_id in chinese]
    out = {"en": sorted(set(english), key=lambda pair: (-len(pair[0]), pair))}
    out["zh-Hans"] = out["zh-Hant"] = sorted(set(chinese), key=lambda pair: (-len(pair[0]), pair))
    return out


def _english_name(name: str) -> str:
    """A pattern for an English card name with its plural: Village(s), Duchy/Duchies, Gardens."""
    if name.endswith("y") and not name.endswith(("ey", "ay", "oy")):
        return rf"\b{re.escape(name[:-1])}(?:y|ies)\b"
    return rf"\b{re.escape(name)}(?:s|es)?\b"


def cards(text: str, lang: str, names: Mapping[str, list[tuple[str, str]]]) -> frozenset[str]:
    found = set()
    rest = text
    for name, entry_id in names.get(lang, []):
        pattern = _english_name(name) if lang == "en" else re.escape(name)
        if re.search(pattern, rest):
            found.add(entry_id)
            rest = re.sub(pattern, " ", rest)
    return frozenset(found)


def facts(text: str, lang: str, names: Mapping[str, list[tuple[str, str]]], game: str | None = None,
          own: str | None = None) -> Facts:
    """What a text states; `own` (the entry the text belongs to) is left out of the cards, since
    a card's own text may say "you" or "this card" in one script and name it in another."""
    named = cards(text, lang, names) - {own}
    return Facts(numbers(text, lang), frozenset(named), zones(text, lang, game))


def compare(texts: Mapping[str, str], names: Mapping[str, list[tuple[str, str]]], game: str | None = None,
            own: str | None = None) -> list[str]:
    """How each script's text differs from the English one (empty: the same facts)."""
    if not texts.get("en"):
        return []
    english = facts(texts["en"], "en", names, game, own)
    out = []
    for lang in CHINESE:
        if texts.get(lang):
            found = facts(texts[lang], lang, names, game, own)
            out += [f"{lang} vs en: {d}" for d in found.differences(english)]
    return out
