"""Displayed Traditional Chinese as Taiwan players write it, and Chinese punctuation.

Every displayed zh-Hant text of an entry (card text, rulings, notes, an FAQ's question and
answer) goes through `taiwan_phrasing` at the end of ingestion, whatever it came from (the
Traditional seed's own wording, OpenCC `s2tw` of a Simplified seed, or curated YAML):

1. OpenCC's Taiwan phrase conversion on Traditional text (`TWPhrases`, `TWVariantsPhrases`,
   `TWVariants`: the second half of `s2twp`): 信息 -> 資訊, 默認 -> 預設, 設置 -> 設定,
   支持 -> 支援, 實時 -> 即時, 裏 -> 裡;
2. the project vocabulary `corpus/taiwan/vocabulary.yaml` (board-game words OpenCC does not
   know: 遊戲者 -> 玩家, 牌迭 -> 牌疊, 説 -> 說, 攻打併破壞 -> 攻打並破壞 ...), longest first;
3. the Taiwan names of `corpus/taiwan/names.yaml` in the text of their game (刺客 -> 殺手);
4. `chinese_punctuation`: `full_width_punctuation`, `full_width_parentheses` ('(蓝色)' ->
   '（藍色）', no space outside them), `chinese_quotes` (quotation marks by depth: 「 」, 『 』
   nested, whatever marks the text had: “ ”, 『 』, straight ") and `latin_spacing`
   ('FAQ稱他為' -> 'FAQ 稱他為');
5. `question_particle`: a yes/no question ends in 嗎 in Taiwan writing, not the mainland's
   colloquial 麼 (可以先建造麼？ -> 可以先建造嗎？; 什麼、怎麼、這麼、那麼、多麼 stay).

The seed's own Traditional text is kept unchanged in the seed file, which the source-reader
page shows; only displayed text is rewritten. zh-Hans text gets step 4 only, its quotation marks
by depth being “ ” and ‘ ’.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import opencc

from corpus.model import Entry, Localised
from corpus.yaml_files import load_yaml

TAIWAN_DIR = Path(__file__).resolve().parent.parent / "taiwan"
VOCABULARY_FILE = TAIWAN_DIR / "vocabulary.yaml"
NAMES_FILE = TAIWAN_DIR / "names.yaml"
HAN = "\u3400-\u9fff\uf900-\ufaff"
# after a Chinese character, before another one or at the end of a line
_HALF_WIDTH = re.compile(rf"(?<=[{HAN}）」』])[ \t]*([,;:?.!])[ \t]*(?=[{HAN}]|\n|$)")
_FULL = {",": "，", ";": "；", ":": "：", "?": "？", ".": "。", "!": "！"}
# 麼 ending a question, unless it ends a word of its own (什麼, 怎麼, 這麼, 那麼, 多麼, 要麼)
_QUESTION_MO = re.compile(r"(?<![什怎這那多要甚])麼(?=[？?])")


@dataclass(frozen=True)
class Rewrite:
    mainland: str
    taiwan: str
    game: str | None = None


@dataclass(frozen=True)
class TaiwanName:
    """A Taiwan name shown as an entry's zh-Hant name; ``was`` (the name it replaces) becomes an
    alias and is rewritten in the zh-Hant text of the entry's game. ``published``: whether the
    name is a published Taiwan edition's (True) or ours (False)."""

    entry: str
    name: str
    was: str
    published: bool


@lru_cache(maxsize=1)
def _t2twp() -> opencc.OpenCC:
    """OpenCC Traditional -> Taiwan with Taiwan phrases (there is no shipped `t2twp`: this is the
    Taiwan half of `s2twp`). The dictionaries are named by absolute path, so the config is
    written once to a temporary file."""
    share = Path(opencc.__file__).resolve().parent / "clib" / "share" / "opencc"
    dicts = [
        {"type": "ocd2", "file": str(share / f)}
        for f in ("TWPhrases.ocd2", "TWVariantsPhrases.ocd2", "TWVariants.ocd2")
    ]
    config = {
        "name": "Traditional Chinese to Taiwan Standard with Taiwan phrases",
        "segmentation": {"type": "mmseg", "dict": dicts[0]},
        "conversion_chain": [{"dict": {"type": "group", "match_policy": "short_circuit", "dicts": dicts}}],
    }
    fd, path = tempfile.mkstemp(prefix="t2twp-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(config, f)
    try:
        return opencc.OpenCC(path)
    finally:
        os.unlink(path)


def load_vocabulary(path: Path = VOCABULARY_FILE) -> tuple[tuple[Rewrite, ...], tuple[str, ...]]:
    """The rewrites (longest first) and the words OpenCC must leave alone (rows ``{keep: 查看}``)."""
    rows = load_yaml(path.read_text(encoding="utf-8")) or []
    out = [Rewrite(str(r["mainland"]), str(r["taiwan"]), r.get("game")) for r in rows if "mainland" in r]
    keep = tuple(str(r["keep"]) for r in rows if "keep" in r)
    return tuple(sorted(out, key=lambda r: -len(r.mainland))), keep


def load_names(path: Path = NAMES_FILE) -> tuple[TaiwanName, ...]:
    if not path.exists():
        return ()
    rows = load_yaml(path.read_text(encoding="utf-8")) or []
    return tuple(
        TaiwanName(str(r["id"]), str(r["zh-Hant"]), str(r["was"]), bool(r.get("published", False)))
        for r in rows
    )


def full_width_punctuation(text: str) -> str:
    """Half-width , ; : ? . ! between two Chinese characters (or after a full-width closing
    bracket, or ending a Chinese line) -> ，；：？。！ (spaces around it go)."""
    return _HALF_WIDTH.sub(lambda m: _FULL[m.group(1)], text)


# half-width parentheses around Chinese words (mainland and Taiwan text alike use （）)
_HAN_PARENS = re.compile(rf"\(([^()\n]*[{HAN}][^()\n]*)\)")
_QUOTE_MARKS = re.compile('[“”「」『』"]')
# a space outside a full-width parenthesis, next to a Chinese character: '角色 （而非玩家） 並'
_PAREN_SPACE = re.compile(rf"(?<=[{HAN}])[ \t]+(?=（)|(?<=）)[ \t]+(?=[{HAN}])")
# a Latin word run into a Chinese character: 'FAQ稱他為', '的FAQ'
_LATIN_HAN = re.compile(rf"(?<=[{HAN}])(?=[A-Za-z])|(?<=[A-Za-z])(?=[{HAN}])")


def full_width_parentheses(text: str) -> str:
    """'(蓝色)' -> '（蓝色）': a half-width pair holding a Chinese character; 'Card(s)' stays."""
    return _PAREN_SPACE.sub("", _HAN_PARENS.sub(r"（\1）", text))


def latin_spacing(text: str) -> str:
    """'FAQ稱他為' -> 'FAQ 稱他為': a space between a Latin word and a Chinese character, as the
    rest of the product writes ('Alice 打出', '用 JavaScript')."""
    return _LATIN_HAN.sub(" ", text)


def chinese_punctuation(text: str, taiwan: bool) -> str:
    """Every punctuation and spacing step of step 4 (the module's docstring)."""
    text = full_width_punctuation(full_width_parentheses(text))
    return latin_spacing(chinese_quotes(text, taiwan))


def chinese_quotes(text: str, taiwan: bool) -> str:
    """Quotation marks of Chinese text, by depth: 「 」 in Taiwan text with 『 』 nested in
    another quotation, “ ” in mainland text with ‘ ’ nested. Any of “ ” 「 」 『 』 and straight "
    pairs are read as quotation marks (a seed writes 『放在一旁面向上的卡』 at the top level; a
    straight " opens a quotation when none is open and closes one otherwise). Text whose
    quotation marks do not pair is returned unchanged (the display-text contract names it)."""
    if not _QUOTE_MARKS.search(text):
        return text
    marks = (("「", "」"), ("『", "』")) if taiwan else (("“", "”"), ("‘", "’"))
    out: list[str] = []
    depth = 0
    for ch in text:
        if ch in "“「『" or (ch == '"' and depth == 0):
            depth += 1
            out.append(marks[(depth - 1) % 2][0])
        elif ch in '”」』"':
            if depth == 0:
                return text
            out.append(marks[(depth - 1) % 2][1])
            depth -= 1
        else:
            out.append(ch)
    return "".join(out) if depth == 0 else text


def question_particle(text: str) -> str:
    """A yes/no question's final 麼 -> 嗎 (Taiwan usage); 什麼？ and the like are left alone."""
    return _QUESTION_MO.sub("嗎", text)


def _rewrite(text: str, rewrites: tuple[Rewrite, ...], game: str | None) -> str:
    for r in rewrites:
        if r.game in (None, game) and r.mainland in text:
            text = text.replace(r.mainland, r.taiwan)
    return text


def taiwan_phrasing(
    text: str, rewrites: tuple[Rewrite, ...] = (), game: str | None = None, keep: tuple[str, ...] = ()
) -> str:
    """Steps 1-4 of the module's docstring. The vocabulary applies before OpenCC (so that a
    board-game word is not taken for a computing one: 擴展 is an expansion, 擴充, not
    OpenCC's 擴充套件) and again after it; words in ``keep`` are left as they are."""
    out = _rewrite(text, rewrites, game)
    kept: dict[str, str] = {}
    for i, word in enumerate(keep):
        if word in out:
            mark = chr(0xE000 + i)  # a private-use character OpenCC leaves alone
            kept[mark] = word
            out = out.replace(word, mark)
    out = _t2twp().convert(out)
    for mark, word in kept.items():
        out = out.replace(mark, word)
    return question_particle(chinese_punctuation(_rewrite(out, rewrites, game), taiwan=True))


@dataclass(frozen=True)
class Presenter:
    """The displayed-text pass of ingestion over whole entries."""

    rewrites: tuple[Rewrite, ...]
    names: tuple[TaiwanName, ...]
    keep: tuple[str, ...] = ()

    @classmethod
    def load(cls) -> Presenter:
        rewrites, keep = load_vocabulary()
        return cls(rewrites, load_names(), keep)

    def game_rewrites(self, game: str, entry_ids: set[str]) -> tuple[Rewrite, ...]:
        named = [Rewrite(n.was, n.name, game) for n in self.names if n.entry in entry_ids and n.was != n.name]
        return tuple(sorted((*self.rewrites, *named), key=lambda r: -len(r.mainland)))

    def present(self, entries: list[Entry]) -> list[Entry]:
        by_game: dict[str, set[str]] = {}
        for e in entries:
            by_game.setdefault(e.game, set()).add(e.id)
        rewrites = {g: self.game_rewrites(g, ids) for g, ids in by_game.items()}
        names = {n.entry: n for n in self.names}
        return [present_entry(e, rewrites[e.game], names.get(e.id), self.keep) for e in entries]


def _localised(value: Localised | None, hant: Callable[[str], str]) -> Localised | None:
    if not value:
        return value
    out = dict(value)
    if out.get("zh-Hans"):
        out["zh-Hans"] = chinese_punctuation(out["zh-Hans"], taiwan=False)
    if out.get("zh-Hant"):
        out["zh-Hant"] = hant(out["zh-Hant"])
    return out


def present_entry(
    e: Entry, rewrites: tuple[Rewrite, ...], name: TaiwanName | None, keep: tuple[str, ...] = ()
) -> Entry:
    """An entry with its displayed Chinese in Taiwan phrasing (zh-Hant) and Chinese punctuation."""

    def hant(text: str) -> str:
        return taiwan_phrasing(text, rewrites, e.game, keep)

    names = dict(e.names)
    aliases = list(e.aliases)
    if e.kind != "card":  # an FAQ's question, a rule's or a term's name: words, not a card's title
        names = _localised(names, hant) or names
    elif name is not None:
        old = names.get("zh-Hant")
        names["zh-Hant"] = name.name
        if old and old != name.name and old not in aliases:
            aliases.append(old)
    extra: dict[str, Any] = dict(e.extra)
    return replace(
        e,
        names=names,
        aliases=aliases,
        text=_localised(e.text, hant) or {},
        text_2e=_localised(e.text_2e, hant),
        edition_changes=_localised(e.edition_changes, hant),
        rulings=[replace(r, text=_localised(r.text, hant) or {}) for r in e.rulings],
        notes=[replace(n, text=_localised(n.text, hant) or {}) for n in e.notes],
        extra=extra,
    )
