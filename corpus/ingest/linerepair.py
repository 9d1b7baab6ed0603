"""Repair hard line wraps: join the lines of a broken sentence into one paragraph.

The seeds are wrapped at a fixed width (000 and 001 with a blank line after every line, 002
without). A line continues on the next one when it is about as wide as the file's wrap width and
does not end a sentence, unless the next line starts a block of its own: a heading (002 marks
them with ^), a list item, a card note ("Library圖書館——..."), a term definition
('"+X Card(s)" –...') or an FAQ question/answer.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

SENTENCE_END = "。！？!?；;…"
FOOTNOTE_REF = re.compile(r"\s*\^\[\d+\]\s*")

CARD_NOTE = re.compile(r"^[A-Z][A-Za-z']*(?: [A-Z][A-Za-z']*)*\s*[\u3400-\u9fff]{1,8}——")
TERM = re.compile(r"^[\"“”]?(?:\+\s*[X\d]|[A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)?)[^–—\"“”]{0,24}[\"“”]?\s*–")
QUESTION = re.compile(r"^Q\s*[：:]")
ANSWER = re.compile(r"^A\s*[：:]")
LIST_ITEM = re.compile(r"^(?:[A-C]\)|\d+\s*☆?\s*[.．、]|o\s|[*＊]|-\s|\d+\*)")
HEADING_MARK = re.compile(r"^\^")
COUNT_LINE = re.compile(r"^\d+\s*[张張枚个個]")
PUNCTUATION = re.compile(r"[，。：；！？、,.;:!?（）()“”\"「」『』]")

BLOCK_KINDS = ("heading", "card_note", "term", "question", "answer", "list_item")


@dataclass(frozen=True)
class Line:
    number: int  # 1-based line number in its file
    text: str  # stripped, footnote references removed


@dataclass(frozen=True)
class Paragraph:
    file: str
    kind: str  # heading | card_note | term | question | answer | list_item | text
    text: str
    char_lines: tuple[int, ...]  # the source line of every character of `text`

    @property
    def first(self) -> int:
        return self.char_lines[0]

    @property
    def last(self) -> int:
        return self.char_lines[-1]


def display_width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def clean_line(raw: str) -> str:
    return FOOTNOTE_REF.sub("", raw).strip()


def block_kind(text: str) -> str | None:
    """The kind of block a line starts on its own, or None for running text."""
    if HEADING_MARK.match(text):
        return "heading"
    if QUESTION.match(text):
        return "question"
    if ANSWER.match(text):
        return "answer"
    if CARD_NOTE.match(text):
        return "card_note"
    if TERM.match(text):
        return "term"
    if LIST_ITEM.match(text):
        return "list_item"
    return None


def ends_sentence(text: str) -> bool:
    stripped = text.rstrip("”」』\"'）) ")
    return bool(stripped) and stripped[-1] in SENTENCE_END or (bool(text) and text[-1] in SENTENCE_END)


def wrap_width(lines: Iterable[Line]) -> int:
    """The file's wrap width: the commonest display width of long lines that end mid-sentence."""
    widths = Counter(
        display_width(line.text) // 4 * 4
        for line in lines
        if not ends_sentence(line.text) and display_width(line.text) >= 40
    )
    if not widths:
        return 10**6  # nothing looks wrapped: never join
    return max(widths.items(), key=lambda kv: (kv[1], kv[0]))[0] + 2


def is_lead_in(text: str) -> bool:
    """A short line ending with a colon introduces a list; it is never the tail of a wrap."""
    return text.endswith(("：", ":")) and display_width(text) < 40


def continues(line: Line, nxt: Line, min_width: int) -> bool:
    """Whether `line` is wrapped and `nxt` holds the rest of its sentence."""
    if HEADING_MARK.match(line.text) or ends_sentence(line.text):
        return False
    if display_width(line.text) < min_width:
        return False
    return block_kind(nxt.text) is None and not is_lead_in(nxt.text)


def looks_like_heading(text: str) -> bool:
    """An unmarked heading: a short line with no punctuation that is not a count ('12張花園')."""
    return (
        display_width(text) <= 24
        and any(ch.isalpha() for ch in text)
        and not PUNCTUATION.search(text)
        and not COUNT_LINE.match(text)
    )


def join_texts(left: str, right: str) -> str:
    """Join a wrapped line with its continuation (a space only between two Latin words)."""
    if (
        left
        and right
        and left[-1].isascii()
        and left[-1].isalnum()
        and right[0].isascii()
        and right[0].isalnum()
    ):
        return " "
    return ""


def kept_lines(raw_lines: Iterable[tuple[int, str]]) -> list[Line]:
    """Non-blank lines with footnote references removed."""
    out = []
    for number, raw in raw_lines:
        text = clean_line(raw)
        if text:
            out.append(Line(number, text))
    return out


def repair(file: str, raw_lines: Iterable[tuple[int, str]]) -> list[Paragraph]:
    """Paragraphs of one file from its (line number, text) pairs; blank lines are ignored."""
    lines = kept_lines(raw_lines)
    min_width = int(wrap_width(lines) * 0.8)
    groups: list[list[Line]] = []
    for line in lines:
        if groups and continues(groups[-1][-1], line, min_width):
            groups[-1].append(line)
        else:
            groups.append([line])
    paragraphs = (paragraph_of(file, group) for group in groups)
    return [p for p in paragraphs if p.text]  # a bare heading mark holds nothing


def paragraph_of(file: str, group: list[Line]) -> Paragraph:
    text = ""
    char_lines: list[int] = []
    for line in group:
        body = line.text
        if char_lines and line.text:
            sep = join_texts(text, body)
            text += sep
            char_lines.extend([char_lines[-1]] * len(sep))
        text += body
        char_lines.extend([line.number] * len(body))
    kind = block_kind(text)
    if kind == "heading":
        body = text[1:]
        start = 1 + (len(body) - len(body.lstrip()))
        end = start + len(body.strip())
        text, char_lines = text[start:end], char_lines[start:end]
    elif kind is None:
        kind = "heading" if len(group) == 1 and looks_like_heading(text) else "text"
    return Paragraph(file=file, kind=kind, text=text, char_lines=tuple(char_lines))
