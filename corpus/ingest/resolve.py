"""Turn a seed reference {file, lines, sentences} into Chinese text in both scripts, with the
provenance of every copy and the differences between copies.

- A 000 (Traditional) passage: zh-Hant is the original repaired text, never a conversion;
  zh-Hans is the aligned Simplified copy (002, else 001), where a difference between the copies is
  settled for the reading the seeds attest more often (ties keep the Traditional original's
  reading, converted); every difference is recorded in `variants`.
- A passage cited from a Simplified copy of that rulebook resolves through its 000 original.
- Any other Simplified seed: zh-Hans is the original, zh-Hant is OpenCC s2tw (characters only).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from corpus.errors import CorpusError
from corpus.ingest.align import Counterpart, Difference, attestation, counterpart
from corpus.ingest.display import Edit, for_reader
from corpus.ingest.linerepair import CARD_NOTE
from corpus.ingest.normalise import fold, tidy_chinese, to_simplified, to_traditional
from corpus.ingest.seeds import SeedCorpus
from corpus.languages import CHINESE
from corpus.model import Source

CONTENT_GAP = 4  # a one-sided difference longer than this (folded) is missing text, not a variant


class ReferenceError_(CorpusError, ValueError):
    """A reference that cannot be resolved; the message says why."""


@dataclass(frozen=True)
class Ref:
    file: str
    first: int
    last: int
    sentences: tuple[int, int] | None = None


@dataclass
class Resolved:
    text: dict[str, str]  # zh-Hans, zh-Hant
    sources: list[Source]
    variants: list[dict[str, Any]] = field(default_factory=list)
    origin: dict[str, Source] = field(default_factory=dict)  # language -> the seed copy its text is from


SENTENCE_END = "。！？!?"
CLOSERS = "”」』）)\"'"


def sentence_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Sentences of text[start:end]: split after 。！？ (with any closing quotes/brackets) and at
    paragraph breaks; each span trimmed of whitespace, empty ones left out."""
    raw: list[tuple[int, int]] = []
    begin = i = start
    while i < end:
        ch = text[i]
        if ch == "\n":
            raw.append((begin, i))
            begin = i = i + 1
            continue
        i += 1
        if ch in SENTENCE_END:
            while i < end and (text[i] in SENTENCE_END or text[i] in CLOSERS):
                i += 1
            raw.append((begin, i))
            begin = i
    raw.append((begin, end))
    spans = []
    for s, e in raw:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if s < e:
            spans.append((s, e))
    return spans


def overlaps_dropped(ref: Ref, seeds: SeedCorpus) -> bool:
    return any(r.first <= ref.last and ref.first <= r.last for r in seeds.dropped.get(ref.file, []))


def cite_only(ref: Ref, seeds: SeedCorpus) -> Source:
    """A citation without text: only the file and line range are checked (dropped lines allowed,
    for a note that explains why seed lines are not rules)."""
    check_ref(ref, seeds, allow_dropped=True)
    return Source(file=ref.file, lines=(ref.first, ref.last))


def check_ref(ref: Ref, seeds: SeedCorpus, allow_dropped: bool = False) -> None:
    src = seeds.sources.get(ref.file)
    if src is None:
        raise ReferenceError_(f"unknown file {ref.file!r} (not in corpus/sources/manifest.json)")
    if not (1 <= ref.first <= ref.last <= src.line_count):
        raise ReferenceError_(
            f"lines [{ref.first}, {ref.last}] are not a range within {ref.file} (1..{src.line_count})"
        )
    for r in [] if allow_dropped else seeds.dropped[ref.file]:
        if r.first <= ref.last and ref.first <= r.last:
            raise ReferenceError_(
                f"lines [{ref.first}, {ref.last}] of {ref.file} overlap dropped lines "
                f"[{r.first}, {r.last}] ({r.reason})"
            )


def cited_span(ref: Ref, seeds: SeedCorpus) -> tuple[int, int]:
    doc = seeds.documents[ref.file]
    span = doc.span_of_lines(ref.first, ref.last)
    if span is None:
        raise ReferenceError_(f"lines [{ref.first}, {ref.last}] of {ref.file} hold no text")
    if ref.sentences is not None:
        sentences = sentence_spans(doc.text, *span)
        i, j = ref.sentences
        if not (1 <= i <= j <= len(sentences)):
            raise ReferenceError_(
                f"sentences [{i}, {j}] out of range: lines [{ref.first}, {ref.last}] hold "
                f"{len(sentences)} sentence(s)"
            )
        span = (sentences[i - 1][0], sentences[j - 1][1])
    return span


def without_card_lead_in(text: str, start: int, end: int) -> tuple[int, int]:
    """Skip a card note's name lead-in ('Library圖書館——') at the start of a span."""
    if start == 0 or text[start - 1] == "\n":
        m = CARD_NOTE.match(text[start:end])
        if m:
            return start + m.end(), end
    return start, end


def source_of(seeds: SeedCorpus, file: str, span: tuple[int, int]) -> Source:
    return Source(file=file, lines=seeds.documents[file].lines_of_span(*span))


def for_display(resolved: Resolved) -> Resolved:
    """The seed's wording as a reader should see it: no stray spaces between two Chinese
    characters (003 has them mid-line, e.g. 每有 一个) and none of the seed's layout
    (display.for_reader). Each change of wording is recorded in `variants` with the reading of
    every seed copy the text comes from."""
    files = frozenset(s.file for s in resolved.sources)
    text: dict[str, str] = {}
    edits: dict[str, list[Edit]] = {}
    for lang, value in resolved.text.items():
        value, edits[lang] = for_reader(value, files)
        text[lang] = tidy_chinese(value)
    variants = resolved.variants + edit_variants(edits, resolved.origin)
    return Resolved(text, resolved.sources, variants, resolved.origin)


def edit_variants(edits: dict[str, list[Edit]], origin: dict[str, Source]) -> list[dict[str, Any]]:
    """One variant per change of wording: the seed's reading in each copy a language's text is
    taken from (a converted script adds nothing), and the text shown instead (Simplified)."""
    hans = edits.get("zh-Hans", [])
    out = []
    for i, edit in enumerate(hans):
        readings: dict[str, str] = {}
        lines: dict[str, list[int]] = {}
        for lang in sorted(CHINESE, key=lambda code: code != "zh-Hant"):  # the Traditional copy first
            source, own = origin.get(lang), edits.get(lang, [])
            if source is not None and i < len(own) and source.file not in readings:
                readings[source.file] = own[i].reading
                lines[source.file] = list(source.lines)
        variant = {"editorial": edit.kind, "readings": readings, "lines": lines}
        out.append({**variant, "shown": edit.shown, "reason": edit.reason})
    return out


def resolve(ref: Ref, seeds: SeedCorpus) -> Resolved:
    return for_display(resolve_raw(ref, seeds))


def resolve_raw(ref: Ref, seeds: SeedCorpus) -> Resolved:
    check_ref(ref, seeds)
    span = cited_span(ref, seeds)
    src = seeds.sources[ref.file]
    if src.script == "zh-Hant":
        return resolve_traditional(ref.file, span, seeds)
    original = seeds.traditional_original(ref.file)
    if original is not None:
        match = counterpart(seeds.alignments[(ref.file, original)], *span)
        if match is not None:
            return resolve_traditional(original, match.span, seeds)
    doc = seeds.documents[ref.file]
    start, end = without_card_lead_in(doc.text, *span)
    text = doc.text[start:end]
    source = source_of(seeds, ref.file, (start, end))
    return Resolved({"zh-Hans": text, "zh-Hant": to_traditional(text)}, [source], origin={"zh-Hans": source})


def resolve_traditional(file: str, span: tuple[int, int], seeds: SeedCorpus) -> Resolved:
    doc = seeds.documents[file]
    start, end = without_card_lead_in(doc.text, *span)
    hant = doc.text[start:end]
    sources = [source_of(seeds, file, (start, end))]
    variants: list[dict[str, Any]] = []
    hans: str | None = None
    origin = {"zh-Hant": sources[0]}
    for copy in seeds.copies_of(file):
        match = counterpart(seeds.alignments[(file, copy)], start, end)
        if match is None:
            continue
        sources.append(source_of(seeds, copy, match.span))
        chosen = [settle(file, copy, d, seeds) for d in match.differences]
        variants.extend(variant for variant, _ in chosen)
        if hans is None:
            origin["zh-Hans"] = sources[-1]
            hans = simplified_reading(
                seeds,
                copy,
                match,
                [d for d, (_, a_wins) in zip(match.differences, chosen, strict=True) if a_wins],
            )
    if hans is None:
        hans = to_simplified(hant)
        lines = list(sources[0].lines)
        variants.append({"note": f"no Simplified copy of {file} {lines}; zh-Hans is OpenCC tw2s of it"})
    return Resolved({"zh-Hans": hans, "zh-Hant": hant}, sources, variants, origin)


def settle(a_file: str, b_file: str, d: Difference, seeds: SeedCorpus) -> tuple[dict[str, Any], bool]:
    """Record one difference and decide whether the Traditional original's reading wins."""
    b_doc = seeds.documents[b_file]
    left = fold(b_doc.text[max(0, d.b_span[0] - 4) : d.b_span[0]])
    right = fold(b_doc.text[d.b_span[1] : d.b_span[1] + 4])
    a_fold, b_fold = fold(d.a_text), fold(d.b_text)
    one_sided = not a_fold or not b_fold
    whole = (
        is_whole_paragraph(b_doc.text, d.b_span)
        if b_fold
        else is_whole_paragraph(seeds.documents[a_file].text, d.a_span)
    )
    if one_sided and (len(a_fold + b_fold) > CONTENT_GAP or whole):
        # not a variant reading but text only one copy has (e.g. 002's component list):
        # the zh-Hans text stays parallel to the passage cited in the original
        a_wins = True
        reason = f"text present only in {b_file if b_fold else a_file}; zh-Hans follows the cited {a_file}"
    else:
        a_score = attestation(a_fold, left, right, seeds.bigrams)
        b_score = attestation(b_fold, left, right, seeds.bigrams)
        a_wins = a_score >= b_score
        reason = (
            f"attested {max(a_score, b_score)}x vs {min(a_score, b_score)}x beside its neighbours in seeds"
            if a_score != b_score
            else "equally attested; the Traditional original's reading is kept"
        )
    a_doc = seeds.documents[a_file]
    variant = {
        "readings": {a_file: d.a_text, b_file: d.b_text},
        "lines": {
            a_file: list(a_doc.lines_of_span(*widen(d.a_span))),
            b_file: list(b_doc.lines_of_span(*widen(d.b_span))),
        },
        "chosen": a_file if a_wins else b_file,
        "reason": reason,
    }
    return variant, a_wins


def is_whole_paragraph(text: str, span: tuple[int, int]) -> bool:
    """Whether a span is one or more whole paragraphs (a heading only one copy has)."""
    start, end = span
    before = text[:start].rstrip(" \t")
    after = text[end:].lstrip(" \t")
    return start < end and (not before or before.endswith("\n")) and (not after or after.startswith("\n"))


def widen(span: tuple[int, int]) -> tuple[int, int]:
    """A non-empty span for line lookup (an insertion point maps to the character before it)."""
    return span if span[1] > span[0] else (max(0, span[0] - 1), span[0])


def simplified_reading(seeds: SeedCorpus, copy: str, match: Counterpart, overrides: list[Difference]) -> str:
    """The copy's text, with the differences the original wins replaced by its reading."""
    text = seeds.documents[copy].text
    start, end = match.span
    out = text[start:end]
    for d in sorted(overrides, key=lambda d: d.b_span[0], reverse=True):
        b0, b1 = d.b_span[0] - start, d.b_span[1] - start
        out = out[:b0] + to_simplified(d.a_text) + out[b1:]
    return "\n".join(line for line in out.split("\n") if line.strip())
