"""Split repaired paragraphs into passages: rules paragraphs, glossary terms, one note per card,
FAQ question/answer pairs, each with its file, line range and the heading it sits under."""

from __future__ import annotations

from dataclasses import dataclass

from corpus.ingest.linerepair import Paragraph

# A paragraph of running text after one of these belongs to it (a card note broken after a
# full stop, the description under a numbered character name, an answer's second paragraph).
ABSORBS_TEXT = {"card_note": "card", "answer": "faq", "list_item": "item"}


@dataclass(frozen=True)
class Passage:
    file: str
    kind: str  # rule | term | card | faq | item
    first: int
    last: int
    section: str  # the nearest heading above, "" if none
    text: str

    def overlaps(self, file: str, first: int, last: int) -> bool:
        return self.file == file and self.first <= last and first <= self.last


def short_item(paragraph: Paragraph) -> bool:
    """A numbered name line such as '1. 刺客' that titles the text under it."""
    return paragraph.kind == "list_item" and len(paragraph.text) <= 12


def split_passages(paragraphs: list[Paragraph]) -> list[Passage]:
    passages: list[Passage] = []
    section = ""
    open_kind: str | None = None  # the kind of the last passage if it may absorb more text
    for p in paragraphs:
        if p.kind == "heading":
            section, open_kind = p.text, None
            continue
        if p.kind == "answer" and passages and open_kind == "question":
            passages[-1] = extend(passages[-1], p, "faq")
            open_kind = "answer"
            continue
        if p.kind == "text" and open_kind in ABSORBS_TEXT and passages:
            passages[-1] = extend(passages[-1], p, ABSORBS_TEXT[open_kind])
            continue
        kind = {"card_note": "card", "term": "term", "question": "faq", "answer": "faq"}.get(p.kind, "rule")
        passages.append(Passage(p.file, kind, p.first, p.last, section, p.text))
        open_kind = p.kind if p.kind in ("card_note", "question", "answer") else None
        if short_item(p):
            open_kind = "list_item"
    return passages


def extend(passage: Passage, paragraph: Paragraph, kind: str) -> Passage:
    return Passage(
        passage.file,
        kind,
        passage.first,
        paragraph.last,
        passage.section,
        passage.text + "\n" + paragraph.text,
    )
