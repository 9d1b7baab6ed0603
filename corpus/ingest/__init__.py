"""Corpus ingestion: seed texts + curated YAML -> validated `corpus/data/dataset.json`.

Public API (see docs/architecture.md): `run_ingest()`, `write_dataset()`, `check()`.
"""

from corpus.ingest.pipeline import IngestError, check, coverage_report, run_ingest, write_dataset

__all__ = ["IngestError", "check", "coverage_report", "run_ingest", "write_dataset"]
