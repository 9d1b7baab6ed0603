"""Find the off-topic line ranges of each seed, from markers in the text itself.

Every range found is logged in `Dataset.dropped` as {file, lines: [first, last], reason}.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from corpus.errors import CorpusError
from corpus.ingest.sources import SourceText


@dataclass(frozen=True)
class DroppedRange:
    file: str
    first: int
    last: int
    reason: str

    def to_dict(self) -> dict:
        return {"file": self.file, "lines": [self.first, self.last], "reason": self.reason}

    def covers(self, number: int) -> bool:
        return self.first <= number <= self.last


class NoiseMarkerMissing(CorpusError):
    """A marker that delimits noise was not found: the seed is not the text we expect."""


def find_line(src: SourceText, pattern: str, start: int = 1) -> int:
    """The first 1-based line number >= start whose stripped text fully matches `pattern`."""
    regex = re.compile(pattern)
    for number in range(start, src.line_count + 1):
        if regex.fullmatch(src.line(number).strip()):
            return number
    raise NoiseMarkerMissing(f"{src.name}: no line matches {pattern!r} from line {start}")


def trimmed(src: SourceText, first: int, last: int, reason: str) -> list[DroppedRange]:
    """The range without its leading and trailing blank lines (nothing if all blank)."""
    while first <= last and not src.line(first).strip():
        first += 1
    while last >= first and not src.line(last).strip():
        last -= 1
    return [DroppedRange(src.name, first, last, reason)] if first <= last else []


def matching_lines(src: SourceText, pattern: str, reason: str) -> list[DroppedRange]:
    """Every single line whose stripped text fully matches `pattern`."""
    regex = re.compile(pattern)
    return [
        DroppedRange(src.name, n, n, reason)
        for n in range(1, src.line_count + 1)
        if regex.fullmatch(src.line(n).strip())
    ]


def noise_chat(src: SourceText) -> list[DroppedRange]:
    """001: a forum chat about video games precedes the rulebook's first heading 回合概览."""
    start = find_line(src, r"回合概[览覽]")
    reason = "unrelated forum chat about video games (Rome: Total War, Civilization, GTA San Andreas)"
    return trimmed(src, 1, start - 1, reason)


def noise_encyclopedia(src: SourceText) -> list[DroppedRange]:
    """002: the encyclopedia page before section '3 桌面游戏', and its publisher note at the end."""
    game = find_line(src, r"3\s*桌面游戏")
    out = trimmed(
        src,
        1,
        game,
        "encyclopedia article on the word 领土: dictionary meaning, international law, geography",
    )
    try:
        edition_note = find_line(src, r"\^中文版本", game)
    except NoiseMarkerMissing:
        return out
    return out + trimmed(
        src, edition_note, src.line_count, "publisher note on the Chinese edition (not rules)"
    )


def noise_citadels(src: SourceText) -> list[DroppedRange]:
    """003: marketing before 具体规则, wiki 编辑 links, separator rules and image captions."""
    rules = find_line(src, r"具体规则")
    out = trimmed(src, 1, rules - 1, "marketing: player count blurb, box contents and awards")
    out += matching_lines(src, r"编辑", "wiki page boilerplate: 编辑 (edit) link")
    out += matching_lines(src, r"[—\-_]{8,}", "separator line")
    out += matching_lines(src, r"富饶之城(角色一览)?", "image caption")
    return out


def noise_site(src: SourceText) -> list[DroppedRange]:
    """004: reference links, ratings table and the site's own Q&A.

    The title, blurb (player count, length) and edition-scope note are kept: they state facts."""
    background = find_line(src, r"游戏背景介绍")
    out: list[DroppedRange] = []
    refs = find_line(src, r"-?\s*介绍参考", background)  # the edition-scope note above it is kept
    table = find_line(src, r"WANGO\s*中文整理", refs)
    site_qa = find_line(src, r"玩家决策问答", table)
    out += trimmed(src, refs, table - 1, "site boilerplate: reference links")
    out += trimmed(src, table, site_qa - 1, "site ratings table (BGG snapshot: rank, weight, players, time)")
    out += trimmed(src, site_qa, src.line_count, "site Q&A: player count, complexity, where to learn")
    return out


def noise_publisher_note(src: SourceText) -> list[DroppedRange]:
    """000: the closing line about the Chinese edition's publisher is not rules."""
    try:
        note = find_line(src, r"《皇[輿舆]爭霸》.*")
    except NoiseMarkerMissing:
        return []
    return trimmed(src, note, src.line_count, "publisher note on the Chinese edition (not rules)")


def noise_none(src: SourceText) -> list[DroppedRange]:
    return []


# The detector for each seed (by file name); each finds its boundaries from markers in the text.
DETECTORS: dict[str, Callable[[SourceText], list[DroppedRange]]] = {
    "000_2dfe370fb22f4214.txt": noise_publisher_note,
    "001_7639e61cb57940a3.txt": noise_chat,
    "002_0055ec9b52a42cc5.txt": noise_encyclopedia,
    "003_386c33ee6a748081.txt": noise_citadels,
    "004_2136ca2c44a9679b.txt": noise_site,
}


def find_noise(src: SourceText) -> list[DroppedRange]:
    """All dropped ranges of one seed, sorted by first line."""
    detector = DETECTORS.get(src.name, noise_none)
    found = sorted(detector(src), key=lambda r: (r.first, -r.last))
    out: list[DroppedRange] = []
    for r in found:  # a line inside a range already dropped is not logged twice
        if not any(o.first <= r.first and r.last <= o.last for o in out):
            out.append(r)
    return out


def dropped_line_numbers(ranges: list[DroppedRange]) -> frozenset[int]:
    return frozenset(n for r in ranges for n in range(r.first, r.last + 1))
