"""A seed as one repaired text: its kept paragraphs joined by newlines, with the source line of
every character, so that any line range maps to a text span and back."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from corpus.ingest.linerepair import Paragraph, repair
from corpus.ingest.noise import DroppedRange, dropped_line_numbers
from corpus.ingest.sources import SourceText


@dataclass(frozen=True)
class Document:
    file: str
    script: str
    paragraphs: tuple[Paragraph, ...]
    text: str
    char_lines: tuple[int, ...]  # len(text); a paragraph break carries the line before it

    def span_of_lines(self, first: int, last: int) -> tuple[int, int] | None:
        """The [start, end) span of characters that come from lines first..last, or None."""
        lo, hi = bisect_left(self.char_lines, first), bisect_right(self.char_lines, last)
        while lo < hi and self.text[lo] == "\n":
            lo += 1
        while hi > lo and self.text[hi - 1] == "\n":
            hi -= 1
        return (lo, hi) if lo < hi else None

    def lines_of_span(self, start: int, end: int) -> tuple[int, int]:
        numbers = [self.char_lines[i] for i in range(start, end) if self.text[i] != "\n"]
        return min(numbers), max(numbers)


def build_document(src: SourceText, dropped: list[DroppedRange]) -> Document:
    skip = dropped_line_numbers(dropped)
    numbered = [(n, src.line(n)) for n in range(1, src.line_count + 1) if n not in skip]
    paragraphs = tuple(repair(src.name, numbered))
    text_parts: list[str] = []
    lines: list[int] = []
    for p in paragraphs:
        if text_parts:
            text_parts.append("\n")
            lines.append(lines[-1])
        text_parts.append(p.text)
        lines.extend(p.char_lines)
    return Document(src.name, src.script, paragraphs, "".join(text_parts), tuple(lines))
