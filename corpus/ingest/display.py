"""Seed wording as a reader expects it: the seeds' layout (list numbers, "o" bullets, Q：/A：
labels, footnote asterisks) goes, words the seed lost come back as bracketed editorial insertions,
and known seed typos are corrected. Pure functions over one language's text.

Every change of wording (not of layout) is returned as an `Edit`, so that the seed's own reading
stays in the provenance (`variants`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from corpus.glossary import Term
from corpus.ingest.normalise import to_traditional

# A numbered section heading on a line of its own: "7.建筑师", "8☆.外交官", "9.皇后（扩展角色）".
HEADING = re.compile(r"\d{1,2}\s*[☆★]?\s*[.．、]\s*[\u4e00-\u9fff]{1,6}(?:[（(][^）)\n]{1,12}[）)])?")
LIST_NUMBER = re.compile(r"(\d{1,2})\s*[☆★]?\s*[.．、]\s*(?=\S)")  # "1. 有王冠的玩家", "9.皇后"
BULLET = re.compile(r"(?:o|O|-|\*|•|·|●|▪|◦)\s+(?=\S)")  # "o 建设：" (a letter o used as a bullet)
QA_LABEL = re.compile(r"\s*(Q|A|问|問|答)\s*[：:]\s*")
QUESTION_LABELS = ("Q", "问", "問")
FOOTNOTE_LINE = re.compile(r"(\*{1,3})\s*(?=\S)")  # "** 国王卡一定不可以……" (a footnote below a table)
# a footnote mark after a word: "2**" in a table cell, "一枚金币*。" (a "**" before a word is a lost word)
FOOTNOTE_REF = re.compile(r"(?<=[0-9\u4e00-\u9fff）)])(\*{1,3})(?![\u4e00-\u9fff*])")
FOOTNOTE_SIGNS = {1: "†", 2: "‡", 3: "§"}
CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
LIST_BULLET = "•"
LABEL = re.compile(r"[\u4e00-\u9fffA-Za-z]{2,8}")  # a short label without punctuation: '适用版本'

# "**" inside a sentence: seed 003 lost a word there. The word is read from what follows it;
# every such place in the seeds reads 其他 ("other") in the seed's own restatements of the rule.
LOST_WORD = re.compile(r"\*\*(?=[\u4e00-\u9fff])")
LOST_WORD_BEFORE: dict[str, str] = {"玩家": "其他", "角色": "其他", "颜色": "其他", "顏色": "其他"}
FULL_WIDTH_END = "。！？；"  # a question ending so needs no space before its answer


@dataclass(frozen=True)
class Edit:
    """One change to the seed's wording: `reading` is the seed's text, `shown` what is displayed."""

    kind: str  # "restored" (a lost word, put back) | "corrected" (a seed typo)
    reading: str
    shown: str
    reason: str


@dataclass(frozen=True)
class Erratum:
    """A typo in a seed: `reading` (Simplified; matched in both scripts) is shown as `corrected`."""

    file: str
    reading: str
    corrected: str
    reason: str


# Typos the seeds share (000 and its Simplified copies): corrected for display, kept in variants.
C3 = "003_386c33ee6a748081.txt"  # Citadels
ERRATA: tuple[Erratum, ...] = (
    Erratum(
        "000_2dfe370fb22f4214.txt",
        "如果你的对一个金殿用了金殿",
        "如果你对一个金殿用了金殿",
        "typo in the seed: a stray 的 after 你",
    ),
    Erratum(
        "000_2dfe370fb22f4214.txt",
        "不过，加入有人打出",
        "不过，假如有人打出",
        "typo in the seed: 加入 (to join) for 假如 (if), which sounds the same",
    ),
    Erratum(
        "000_2dfe370fb22f4214.txt",
        "一张手牌都没有的游戏者",
        "一张牌都没有的游戏者",
        "slip in the seed: 手牌 (hand) where the Thief's rule means the deck, as its first half says",
    ),
    Erratum(
        "000_2dfe370fb22f4214.txt",
        "废牌堆",
        "弃牌堆",
        "slip in the seed: 废牌堆 for the discard pile (弃牌堆, the rulebook's own word elsewhere)",
    ),
    # Citadels (seed 003): one word per concept (corpus/glossary/citadels.yaml); the crown holder
    # who calls the characters is not the Emperor (皇帝 is that character's name)
    Erratum(C3, "当皇帝读出角色名字时", "当持有皇冠的玩家读出角色名字时", "皇帝 for the crown holder"),
    Erratum(C3, "当国王读出角色名字时", "当持有皇冠的玩家读出角色名字时", "国王 for the crown holder"),
    Erratum(C3, "皇帝就按之前所列", "持有皇冠的玩家就按之前所列", "皇帝 for the crown holder"),
    Erratum(C3, "皇帝可以继续读出", "持有皇冠的玩家可以继续读出", "皇帝 for the crown holder"),
    Erratum(C3, "抽到皇帝卡", "抽到国王卡", "皇帝 for the King in the draft footnote"),
    Erratum(C3, "如果你是皇帝、主教", "如果你是国王、主教", "皇帝 for the King among the income characters"),
    Erratum(C3, "领主", "军阀", "the seed's second name for the Warlord (军阀 in its list)"),
    Erratum(C3, "牌迭", "牌堆", "牌迭 for the deck; the seed's FAQ says 牌堆"),
    Erratum(C3, "扩充地区牌", "扩充地区卡", "loose 地区牌 for the usual 地区卡"),
    Erratum(C3, "数量的地区牌，", "数量的地区卡，", "loose 地区牌 for the usual 地区卡"),
    Erratum(C3, "怎么拿地区牌", "怎么拿地区卡", "loose 地区牌 for the usual 地区卡"),
    Erratum(C3, "三张地区牌", "三张地区卡", "loose 地区牌 for the usual 地区卡"),
    Erratum(C3, "再拿地区牌", "再拿地区卡", "loose 地区牌 for the usual 地区卡"),
    Erratum(C3, "实时", "立即", "实时 (real time) where the rule means at once (立即)"),
    Erratum(C3, "技能", "能力", "技能 for a character's 能力 (the seed's FAQ word)"),
    Erratum(C3, "破坏", "摧毁", "破坏 for the Warlord's 摧毁 (the seed's FAQ word)"),
    Erratum(C3, "杀手", "刺客", "杀手 for the Assassin, 刺客 in the seed's character list and FAQ"),
    Erratum(C3, "炼金术师", "炼金术士", "炼金术师 for the Alchemist, 炼金术士 in the seed's heading"),
    Erratum(
        C3,
        "再选择一张(角色卡到",
        "再选择一张（角色卡）到",
        "an unclosed ( in the seed; its other (角色卡) are closed",
    ),
    Erratum(C3, "税务员", "税务官", "税务员 for the Tax Collector, 税务官 in the seed's heading and FAQ"),
    Erratum(C3, "大学或龙门", "大学或巨龙门", "龙门 for the Dragon Gate, 巨龙门 in the seed's district list"),
    Erratum(C3, "建有城墙", "建有长城", "城墙 for the Great Wall, 长城 in the seed's district list"),
    # a rule of its own, written as the seed's bracketed aside: shown as a sentence
    Erratum(C3, "(补充：当其余所有玩家", "当其余所有玩家", "the seed's aside label 补充 around a rule"),
    Erratum(C3, "才可以透露自己的角色)", "才可以透露自己的角色。", "the seed's aside bracket around a rule"),
)


def second_edition_word(text: str, lang: str, first: Term, second: Term) -> tuple[str, str | None]:
    """A 1st-edition rulebook passage shown for a ruling of both editions: a game term the two
    editions word differently in the 2nd edition's word (废置 -> 移除, 财富牌 -> 财宝), the word
    players of the edition in print read on their cards. Returns the text and the seed's word
    replaced (None when the passage does not use it)."""
    old, new = first.words.get(lang), second.words.get(lang)
    if not old or not new or old == new or old not in text:
        return text, None
    return text.replace(old, new), old


def restore_lost_words(text: str) -> tuple[str, list[Edit]]:
    """'只能摧毁**玩家的地区' -> '只能摧毁其他玩家的地区', with an Edit per restored word.
    A '**' before a word not in LOST_WORD_BEFORE is left alone (the text scan reports it)."""
    edits: list[Edit] = []

    def replace(m: re.Match[str]) -> str:
        after = text[m.end() : m.end() + 2]
        word = LOST_WORD_BEFORE.get(after)
        if word is None:
            return m.group(0)
        reason = f"word lost in the seed (**), restored as {word}"
        edits.append(Edit("restored", f"**{after}", f"{word}{after}", reason))
        return word

    return LOST_WORD.sub(replace, text), edits


def apply_errata(
    text: str, files: frozenset[str], errata: tuple[Erratum, ...] = ERRATA
) -> tuple[str, list[Edit]]:
    """Correct the known typos of the seed `files` the text comes from, in either script."""
    edits: list[Edit] = []
    for e in errata:
        if e.file not in files:
            continue
        hant = (to_traditional(e.reading), to_traditional(e.corrected))
        for reading, corrected in ((e.reading, e.corrected), hant):
            if reading in text:
                text = text.replace(reading, corrected)
                edits.append(Edit("corrected", reading, corrected, e.reason))
                break
    return text, edits


def sign(marks: str) -> str:
    return FOOTNOTE_SIGNS[len(marks)]


def footnote_marks(text: str) -> str:
    """Asterisk footnotes of a flattened table: a mark with its footnote in the same text becomes
    a dagger (* -> †, ** -> ‡); a footnote whose table is not in the text loses its mark."""
    lines = text.split("\n")
    notes = {m.group(1) for line in lines if (m := FOOTNOTE_LINE.match(line))}
    referenced = {m.group(1) for m in FOOTNOTE_REF.finditer(text)} & notes
    out = []
    for line in lines:
        m = FOOTNOTE_LINE.match(line)
        if m:
            marks = m.group(1)
            rest = line[m.end() :]
            line = f"{sign(marks)} {rest}" if marks in referenced else rest
        else:
            line = FOOTNOTE_REF.sub(lambda r: sign(r.group(1)) if r.group(1) in referenced else "", line)
        out.append(line)
    return "\n".join(out)


def unlabel_qa(text: str) -> str:
    """'Q：问题？\\nA：回答。' -> '问题？回答。': the FAQ labels go, the question stays as the
    answer's context, in the same paragraph."""
    out: list[str] = []
    pending_question = False
    for line in text.split("\n"):
        m = QA_LABEL.match(line)
        if not m:
            out.append(line)
            pending_question = False
            continue
        body = line[m.end() :]
        if m.group(1) not in QUESTION_LABELS and pending_question and out:
            question = out.pop()
            glue = "" if question.rstrip()[-1:] in FULL_WIDTH_END else " "
            out.append(question.rstrip() + glue + body)
            pending_question = False
        else:
            out.append(body)
            pending_question = m.group(1) in QUESTION_LABELS
    return "\n".join(out)


def drop_heading(text: str) -> str:
    """A numbered section heading ('7.建筑师') as the first line of a longer passage goes: it is
    the seed's FAQ section title, not part of the ruling."""
    first, sep, rest = text.partition("\n")
    if sep and rest.strip() and HEADING.fullmatch(first.strip()):
        return rest
    return text


def list_markers(text: str) -> str:
    """List numbers and bullets at line starts. A list of two or more items keeps its order with
    typographic markers (① ② …, •); a single item (a ruling citing one step) loses its marker."""
    lines = text.split("\n")
    numbered = [LIST_NUMBER.match(line) for line in lines]
    bullets = [BULLET.match(line) for line in lines]
    many_numbers = sum(1 for m in numbered if m) >= 2
    many_bullets = sum(1 for m in bullets if m) >= 2
    if len(lines) == 2 and all(bullets):
        label, value = (line[m.end() :] for line, m in zip(lines, bullets, strict=True))
        if LABEL.fullmatch(label) and not LABEL.fullmatch(value):
            return f"{label}：{value}"  # '- 适用版本' / '- 适用于……': a label and its value
    out = []
    for line, num, bullet in zip(lines, numbered, bullets, strict=True):
        if num:
            n = int(num.group(1))
            marker = f"{CIRCLED[n - 1]} " if many_numbers and 1 <= n <= len(CIRCLED) else ""
            line = marker + line[num.end() :]
        elif bullet:
            line = (f"{LIST_BULLET} " if many_bullets else "") + line[bullet.end() :]
        out.append(line)
    return "\n".join(out)


CELL_SEPARATOR = "｜"
HEADER_CELL = re.compile(r"[^\d\s，。：；！？,.;:!?]{2,12}")  # '玩家数目', '放在一旁面向上的卡'
VALUE_CELL = re.compile(r"\d{1,2}[*†‡§]*")  # '3', '2‡', '7*'
ROW_CELL = re.compile(r"[^\d\s，。：；！？,.;:!?]*[\u4e00-\u9fff][^\d\s，。：；！？,.;:!?]*")


def vertical_table(text: str) -> str:
    """A table the seed flattened to one cell per line (a few header cells, then rows of short
    numbers) is shown as rows: '玩家数目｜放在一旁面向上的卡｜…' then '3｜2‡｜1'."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        width = table_width(lines, i)
        if width:
            values = 0
            while i + width + values < len(lines) and VALUE_CELL.fullmatch(lines[i + width + values].strip()):
                values += 1
            values -= values % width
            cells = [line.strip() for line in lines[i : i + width + values]]
            out += [CELL_SEPARATOR.join(cells[r : r + width]) for r in range(0, len(cells), width)]
            i += width + values
        else:
            out.append(lines[i])
            i += 1
    return "\n".join(out)


def table_width(lines: list[str], i: int) -> int:
    """The number of header cells starting at line i when two or more rows of values follow."""
    width = 0
    while i + width < len(lines) and HEADER_CELL.fullmatch(lines[i + width].strip()):
        width += 1
    if width < 2:
        return 0
    rows = 0
    j = i + width
    while j < len(lines) and VALUE_CELL.fullmatch(lines[j].strip()):
        rows, j = rows + 1, j + 1
    return width if rows // width >= 2 else 0


def row_table(text: str) -> str:
    """Three or more lines of the same number (2+) of short space-separated Chinese cells are a
    table ('宗教地区 蓝色'): the cells are joined by ｜ instead of a space a reader cannot see
    once stray spaces between Chinese characters are removed."""
    lines = text.split("\n")
    cells = [row_cells(line) for line in lines]
    out = list(lines)
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and cells[j] and len(cells[j]) == len(cells[i]):
            j += 1
        if j - i >= 3:
            for k in range(i, j):
                out[k] = CELL_SEPARATOR.join(cells[k])
        i = max(j, i + 1)
    return "\n".join(out)


def row_cells(line: str) -> list[str]:
    parts = line.split()
    if len(parts) >= 2 and all(len(p) <= 8 and ROW_CELL.fullmatch(p) for p in parts):
        return parts
    return []


PRICE_ITEM = re.compile(r"(\d+\s*元\s*\d+\s*[张張])[ \t]*(?=[\u4e00-\u9fff])")  # '神庙 1 元 3 张 了望塔…'
COUNT_HEADER_END = re.compile(r"(\(\d+\s*[张張]\))(?=[\u4e00-\u9fff])")  # '商业地区 (20 张)神庙'


def price_list(text: str) -> str:
    """A price list run together on one line ('神庙 1 元 3 张 了望塔1 元 3 张 …', the district
    table) gets a separator after each item, and its column header a line of its own."""
    if not PRICE_ITEM.search(text):
        return text
    return PRICE_ITEM.sub(r"\1；", COUNT_HEADER_END.sub("\\1\n", text))


INLINE_NUMBER = re.compile(r"(?<=[：:；;。，,者\s])\s*(\d)[.．](?=[\u4e00-\u9fff])")


def inline_enumeration(text: str) -> str:
    """'以下其中一项行动： 1.与……或者2.选择……' -> '以下其中一项行动：①与……或者②选择……':
    numbers 1, 2, … of a list run into a sentence become circled numbers (only a run from 1)."""
    found = INLINE_NUMBER.findall(text)
    if len(found) < 2 or [int(n) for n in found] != list(range(1, len(found) + 1)):
        return text
    return INLINE_NUMBER.sub(lambda m: CIRCLED[int(m.group(1)) - 1], text)


LETTER_ITEM = re.compile(r"^([A-Z])\)(?=[\u4e00-\u9fff])", re.M)  # 'A)行动阶段' at a line start


def letter_list(text: str) -> str:
    """'A)行动阶段' -> 'A．行动阶段': a lettered list item loses its half-width parenthesis."""
    return LETTER_ITEM.sub("\\1．", text)


def for_reader(text: str, files: frozenset[str]) -> tuple[str, list[Edit]]:
    """Seed text (from `files`: the cited seed and its copies) as displayed, and the changes of
    wording made to it. Runs before `tidy_chinese`, which removes the spaces between Chinese
    characters that `row_table` reads as cell separators."""
    text, corrected = apply_errata(text, files)
    text = row_table(text)
    text, restored = restore_lost_words(text)
    text = footnote_marks(text)
    text = vertical_table(text)
    text = price_list(text)
    text = drop_heading(text)
    text = unlabel_qa(text)
    text = list_markers(text)
    text = inline_enumeration(text)
    text = letter_list(text)
    return text, corrected + restored
