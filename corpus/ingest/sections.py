"""Split repaired paragraphs into passages: rules paragraphs, glossary terms, one note per card,
FAQ question/answer pairs, each with its file, line range and the heading it sits under."""

from __future__ import annotations

from dataclasses import dataclass

from corpus.ingest.linerepair import Paragraph

# A paragraph of running text after one of these belongs to it (a card note broken after a
# full stop, the description under a numbered character name, an answer's second paragraph).
ABSORBS_TEXT = {"card_note": "card", "answer": "faq", "list_item": "item"}
KIND_OF_BLOCK = {"card_note": "card", "term": "term", "question": "faq", "answer": "faq"}
NOTHING_HERE = {"N/A", "n/a", "无", "無"}  # an FAQ heading with no questions under it


@dataclass(frozen=True)
class Passage:
    file: str
    kind: str  # rule | term | card | faq | item | table
    first: int
    last: int
    section: str  # the nearest heading above, "" if none
    text: str

    def overlaps(self, file: str, first: int, last: int) -> bool:
        return self.file == file and self.first <= last and first <= self.last


def short_item(paragraph: Paragraph) -> bool:
    """A numbered name line such as '1. 刺客' that titles what follows it."""
    return paragraph.kind == "list_item" and len(paragraph.text) <= 12


def is_cell(paragraph: Paragraph) -> bool:
    """A table cell: a short paragraph without any letter ('3', '2**')."""
    return len(paragraph.text) <= 6 and not any(ch.isalpha() for ch in paragraph.text)


def is_subheading(paragraphs: list[Paragraph], i: int) -> bool:
    """A numbered name line directly followed by questions (or 'N/A') heads an FAQ group."""
    if not short_item(paragraphs[i]) or i + 1 >= len(paragraphs):
        return False
    nxt = paragraphs[i + 1]
    return nxt.kind in ("question", "heading") or nxt.text in NOTHING_HERE


def split_passages(paragraphs: list[Paragraph]) -> list[Passage]:
    passages: list[Passage] = []
    section = ""
    open_kind: str | None = None  # what the last passage may still absorb
    for i, p in enumerate(paragraphs):
        if p.text in NOTHING_HERE:
            continue
        if p.kind == "heading" or is_subheading(paragraphs, i):
            section, open_kind = p.text, None
            continue
        if is_cell(p):
            if open_kind == "table":
                passages[-1] = extend(passages[-1], p, "table")
            else:
                passages.append(Passage(p.file, "table", p.first, p.last, section, p.text))
                open_kind = "table"
            continue
        if p.kind == "answer" and open_kind == "question":
            passages[-1] = extend(passages[-1], p, "faq")
            open_kind = "answer"
            continue
        if p.kind == "text" and open_kind in ABSORBS_TEXT:
            passages[-1] = extend(passages[-1], p, ABSORBS_TEXT[open_kind])
            continue
        passages.append(Passage(p.file, KIND_OF_BLOCK.get(p.kind, "rule"), p.first, p.last, section, p.text))
        open_kind = p.kind if p.kind in ("card_note", "question", "answer") else None
        if short_item(p):
            open_kind = "list_item"
    return passages


def extend(passage: Passage, paragraph: Paragraph, kind: str) -> Passage:
    text = passage.text + "\n" + paragraph.text
    return Passage(passage.file, kind, passage.first, paragraph.last, passage.section, text)
