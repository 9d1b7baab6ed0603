"""Everything ingestion derives from the seed texts, built once per run and passed around."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from corpus.ingest.align import Alignment, align, bigram_counts
from corpus.ingest.document import Document, build_document
from corpus.ingest.noise import DroppedRange, find_noise
from corpus.ingest.sections import Passage, split_passages
from corpus.ingest.sources import SourceText, read_sources


@dataclass(frozen=True)
class SeedCorpus:
    sources: dict[str, SourceText]
    dropped: dict[str, list[DroppedRange]]
    documents: dict[str, Document]
    passages: dict[str, list[Passage]]
    alignments: dict[tuple[str, str], Alignment]  # (from file, to file) for rulebook copies
    bigrams: Counter[str]

    def copies_of(self, file: str) -> list[str]:
        """The other copies of the same text, Simplified first in file order (002 before 001 etc.)."""
        return [b for (a, b) in self.alignments if a == file]

    def traditional_original(self, file: str) -> str | None:
        """The Traditional copy that a Simplified rulebook copy was aligned to, if any."""
        return next(
            (b for (a, b) in self.alignments if a == file and self.sources[b].script == "zh-Hant"), None
        )


def rulebook_copies(sources: dict[str, SourceText]) -> dict[str, list[str]]:
    """Traditional file -> its Simplified copies: same game and edition, the other script."""
    out: dict[str, list[str]] = {}
    for name, src in sources.items():
        if src.script != "zh-Hant":
            continue
        copies = [
            other.name
            for other in sources.values()
            if other.script == "zh-Hans" and other.game == src.game and other.edition == src.edition
        ]
        # the most complete copy first: it supplies the zh-Hans reading
        out[name] = sorted(copies, key=lambda n: -sources[n].line_count)
    return out


def load_seeds(sources_dir: Path) -> SeedCorpus:
    sources = read_sources(sources_dir)
    dropped = {name: find_noise(src) for name, src in sources.items()}
    documents = {name: build_document(src, dropped[name]) for name, src in sources.items()}
    passages = {name: split_passages(list(doc.paragraphs)) for name, doc in documents.items()}
    alignments: dict[tuple[str, str], Alignment] = {}
    for trad, copies in rulebook_copies(sources).items():
        for copy in copies:
            alignments[(trad, copy)] = align(documents[trad], documents[copy])
            alignments[(copy, trad)] = align(documents[copy], documents[trad])
    # variant readings are weighed by how often the rulebook copies attest them
    folded = {a: al.fa.text for (a, _b), al in alignments.items()}  # each copy once
    return SeedCorpus(sources, dropped, documents, passages, alignments, bigram_counts(list(folded.values())))
