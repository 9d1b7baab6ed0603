"""The corpus's exceptions: one root, :class:`CorpusError`, that every error of ingestion,
the glossary and the questions derives from (each keeps the builtin base it always had, so a
caller catching ``ValueError`` still catches it). Each message names the file and the problem."""

from __future__ import annotations


class CorpusError(Exception):
    """The root of the corpus's errors: a seed, curated, glossary or questions file that cannot be used."""
