"""`refapp ingest [--check]` and `refapp entries [--json]`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from corpus.ingest.pipeline import IngestError, check, coverage_report, ingest, write_dataset
from corpus.languages import LANGS
from corpus.model import CURATED_DIR, DATASET_PATH, SOURCES_DIR, load_dataset

PATH = click.Path(path_type=Path)


def fail(problems: list[str], heading: str) -> None:
    click.echo(heading, err=True)
    for p in problems:
        click.echo(f"  - {p}", err=True)
    sys.exit(1)


@click.command("ingest")
@click.option(
    "--check", "check_only", is_flag=True, help="Fail if the committed dataset differs from a fresh run."
)
@click.option("--coverage/--no-coverage", default=True, help="Print seed passages no entry cites.")
@click.option(
    "--lenient-related",
    is_flag=True,
    help="Work in progress only: drop `related` ids that name no entry (with a warning) instead of failing.",
)
@click.option("--curated-dir", type=PATH, default=CURATED_DIR, show_default=True, help="Curated YAML folder.")
@click.option(
    "--sources-dir", type=PATH, default=SOURCES_DIR, show_default=True, help="Seed texts + manifest."
)
@click.option(
    "--dataset", type=PATH, default=DATASET_PATH, show_default=True, help="Dataset file to write/check."
)
def ingest_command(
    check_only: bool,
    coverage: bool,
    lenient_related: bool,
    curated_dir: Path,
    sources_dir: Path,
    dataset: Path,
) -> None:
    """Build corpus/data/dataset.json from the seeds and the curated YAML."""
    try:
        if check_only:
            differences = check(dataset, sources_dir, curated_dir)
            if differences:
                fail(differences, f"{dataset} is not reproducible; run `refapp ingest` and commit it:")
            click.echo(f"{dataset} is up to date")
            return
        result = ingest(sources_dir, curated_dir, lenient_related=lenient_related)
    except IngestError as exc:
        fail(exc.problems, "ingestion failed:")
        return
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
    path = write_dataset(result.dataset, dataset)
    ds = result.dataset
    click.echo(
        f"wrote {path}: {len(ds.entries)} entries, "
        f"{sum(len(e.rulings) for e in ds.entries)} rulings, {len(ds.dropped)} dropped passages, "
        f"version {ds.version}"
    )
    if coverage:
        click.echo(coverage_report(result))


@click.command("entries")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--dataset", type=PATH, default=DATASET_PATH, show_default=True, help="Dataset file to read.")
def entries_command(as_json: bool, dataset: Path) -> None:
    """List every entry: id, kind, game, editions and names."""
    try:
        ds = load_dataset(dataset)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        fail([f"{dataset}: {exc}"], "cannot read the dataset; run `refapp ingest`:")
        return
    rows = [
        {"id": e.id, "kind": e.kind, "game": e.game, "editions": e.editions, "names": e.names}
        for e in sorted(ds.entries, key=lambda e: e.id)
    ]
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    for r in rows:
        names = " / ".join(r["names"].get(lang, "") for lang in LANGS)
        click.echo(f"{r['id']}\t{r['kind']}\t{r['game']}\t{','.join(r['editions']) or '-'}\t{names}")


COMMANDS = [ingest_command, entries_command]
