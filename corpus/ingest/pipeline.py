"""The ingestion pipeline: seeds + curated YAML -> validated Dataset -> dataset.json."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from corpus.errors import CorpusError
from corpus.ingest.curated import CuratedError, load_curated
from corpus.ingest.noise import NoiseMarkerMissing
from corpus.ingest.questions import QuestionsError, attach_questions, load_questions, questions_dir
from corpus.ingest.sections import Passage
from corpus.ingest.seeds import SeedCorpus, load_seeds
from corpus.ingest.sources import SourceError
from corpus.ingest.taiwan import Presenter
from corpus.ingest.validate import validate
from corpus.model import (
    CURATED_DIR,
    DATASET_PATH,
    SOURCES_DIR,
    Dataset,
    Entry,
    dataset_to_dict,
    entry_from_dict,
)


class IngestError(CorpusError):
    """Ingestion cannot produce a valid dataset; `problems` lists each reason."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass(frozen=True)
class IngestResult:
    dataset: Dataset
    seeds: SeedCorpus
    warnings: tuple[str, ...] = ()


def prune_dangling_related(entries: list[Entry]) -> tuple[list[Entry], list[str]]:
    """Lenient mode only: drop `related` ids that name no entry, saying which."""
    ids = {e.id for e in entries}
    warnings = []
    for e in entries:
        missing = [r for r in e.related if r not in ids]
        if missing:
            warnings.append(f"entry {e.id!r}, field 'related': dropped unknown id(s) {missing}")
            e.related = [r for r in e.related if r in ids]
    return entries, warnings


def content_version(entries: list[dict[str, Any]], dropped: list[dict[str, Any]]) -> str:
    payload = json.dumps({"entries": entries, "dropped": dropped}, ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:16]


def ingest(
    sources_dir: Path = SOURCES_DIR, curated_dir: Path = CURATED_DIR, lenient_related: bool = False
) -> IngestResult:
    """Run the pipeline. `lenient_related` (for work in progress) prunes `related` ids that name
    no entry instead of failing; `check()` and the default run are strict."""
    try:
        seeds = load_seeds(sources_dir)
    except (SourceError, NoiseMarkerMissing) as exc:
        raise IngestError([str(exc)]) from exc
    return build_dataset(seeds, curated_dir, lenient_related)


def build_dataset(seeds: SeedCorpus, curated_dir: Path, lenient_related: bool = False) -> IngestResult:
    """Merge the curated YAML with already-loaded seeds and validate the result."""
    try:
        entries = load_curated(curated_dir, seeds)
        entries = attach_questions(entries, load_questions(questions_dir(curated_dir)))
        entries = Presenter.load().present(entries)  # zh-Hant as Taiwan players write it
    except (CuratedError, QuestionsError) as exc:
        raise IngestError([str(exc)]) from exc
    entries = sorted(entries, key=lambda e: e.id)
    warnings: list[str] = []
    if lenient_related:
        entries, warnings = prune_dangling_related(entries)
    dropped = [r.to_dict() for name in sorted(seeds.dropped) for r in seeds.dropped[name]]
    entry_dicts = [dataset_to_dict(Dataset("", [e]))["entries"][0] for e in entries]
    data = {"version": content_version(entry_dicts, dropped), "entries": entry_dicts, "dropped": dropped}
    problems = validate(json.loads(json.dumps(data)), seeds.sources, seeds.dropped)
    if problems:
        raise IngestError(problems)
    dataset = Dataset(
        version=data["version"], entries=[entry_from_dict(e) for e in entry_dicts], dropped=dropped
    )
    return IngestResult(dataset, seeds, tuple(warnings))


def run_ingest(sources_dir: Path = SOURCES_DIR, curated_dir: Path = CURATED_DIR) -> Dataset:
    """Build the dataset from the seeds and curated YAML; raises IngestError if it is not valid."""
    return ingest(sources_dir, curated_dir).dataset


def serialise(ds: Dataset) -> str:
    """Deterministic JSON: sorted keys and entries, UTF-8 text, a trailing newline."""
    data = dataset_to_dict(ds)
    data["entries"] = sorted(data["entries"], key=lambda e: e["id"])
    return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n"


def write_dataset(ds: Dataset, path: Path = DATASET_PATH) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(serialise(ds), encoding="utf-8")
    tmp.replace(path)
    return path


def describe_differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """A readable summary of what differs between two serialised datasets."""
    out = []
    if old.get("version") != new.get("version"):
        out.append(f"version: committed {old.get('version')} != fresh {new.get('version')}")
    old_entries = {e["id"]: e for e in old.get("entries", [])}
    new_entries = {e["id"]: e for e in new.get("entries", [])}
    for eid in sorted(new_entries.keys() - old_entries.keys()):
        out.append(f"entry {eid}: missing from the committed dataset")
    for eid in sorted(old_entries.keys() - new_entries.keys()):
        out.append(f"entry {eid}: in the committed dataset but no longer produced")
    for eid in sorted(old_entries.keys() & new_entries.keys()):
        a, b = old_entries[eid], new_entries[eid]
        fields = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
        if fields:
            out.append(f"entry {eid}: differs in {', '.join(fields)}")
    if old.get("dropped") != new.get("dropped"):
        out.append("dropped: the list of dropped seed passages differs")
    return out


def check(
    path: Path = DATASET_PATH, sources_dir: Path = SOURCES_DIR, curated_dir: Path = CURATED_DIR
) -> list[str]:
    """Differences between the committed dataset and a fresh ingestion (empty = reproducible)."""
    fresh = serialise(run_ingest(sources_dir, curated_dir))
    try:
        committed = Path(path).read_text(encoding="utf-8")
    except OSError:
        return [f"{path} does not exist; run `refapp ingest`"]
    if committed == fresh:
        return []
    try:
        old = json.loads(committed)
    except json.JSONDecodeError as exc:
        return [f"{path} is not valid JSON ({exc}); run `refapp ingest`"]
    try:
        differences = describe_differences(old, json.loads(fresh))
    except (AttributeError, KeyError, TypeError):
        return [f"{path} is not a dataset (unexpected structure); run `refapp ingest`"]
    return differences or [f"{path} differs from a fresh ingestion in formatting only; run `refapp ingest`"]


def cited_ranges(entries: list[Entry]) -> list[tuple[str, int, int]]:
    out = []
    for e in entries:
        for s in e.sources:
            out.append((s.file, *s.lines))
        for item in [*e.rulings, *e.notes]:
            for s in item.sources:
                out.append((s.file, *s.lines))
    return out


def uncited_passages(result: IngestResult) -> list[Passage]:
    """Seed passages that no entry's text, ruling or note cites (directly or as an aligned copy)."""
    cited = cited_ranges(result.dataset.entries)
    out = []
    for name in sorted(result.seeds.passages):
        for p in result.seeds.passages[name]:
            if not any(p.overlaps(f, a, b) for f, a, b in cited):
                out.append(p)
    return out


def coverage_report(result: IngestResult) -> str:
    """Passages no curated entry cites, per file, for the curated writers to close gaps."""
    missing = uncited_passages(result)
    total = sum(len(ps) for ps in result.seeds.passages.values())
    tail = "uncited:" if missing else "none is uncited"
    lines = [f"coverage: {total - len(missing)} of {total} seed passages are cited; {tail}"]
    for p in missing:
        snippet = p.text.replace("\n", " ")[:40]
        section = f" [{p.section}]" if p.section else ""
        lines.append(f"  {p.file} {p.first}-{p.last} {p.kind}{section}: {snippet}")
    return "\n".join(lines)
