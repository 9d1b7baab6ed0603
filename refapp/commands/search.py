"""`refapp build-index` and `refapp search QUERY`."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from corpus.languages import pick


def _data_dir(value: str | None) -> Path:
    from refapp.config import data_dir

    return Path(value) if value else data_dir()


@click.command("build-index")
@click.option("--data-dir", default=None, help="Where to build (default: REFAPP_DATA_DIR or var/).")
@click.option(
    "--dataset", "dataset_path", default=None, help="Dataset JSON (default corpus/data/dataset.json)."
)
@click.option(
    "--served/--no-served", default=True,
    help="Also keep in the build what a server would make at start (saved pack, ranking data).",
)
def build_index(data_dir: str | None, dataset_path: str | None, served: bool) -> None:
    """Build the search index into a fresh folder and switch to it atomically; then keep in it
    the answers a server would otherwise make at start-up (refapp.prebuilt)."""
    from corpus.model import DATASET_PATH, load_dataset
    from index import build

    path = Path(dataset_path) if dataset_path else DATASET_PATH
    if not path.exists():
        raise click.ClickException(f"no dataset at {path}; run `refapp ingest` first")
    started = time.perf_counter()
    try:
        dataset = load_dataset(path)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise click.ClickException(f"cannot read the dataset {path}: {exc}") from None
    target = _data_dir(data_dir)
    try:
        folder = build(dataset, target)
    except OSError as exc:  # a full disk, a read-only folder: one line, no traceback
        where = exc.filename or target
        raise click.ClickException(
            f"could not build the index in {target}: {exc.strerror or exc} ({where}); "
            "the partial build was removed and the current index is unchanged"
        ) from None
    meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    click.echo(
        f"built {folder} ({meta['entries']} entries, {meta['units']} units, "
        f"{meta['words']} dictionary words) in {time.perf_counter() - started:.2f} s"
    )
    if served:
        _keep_served(folder, path, target)


def _keep_served(folder: Path, dataset_path: Path, target: Path) -> None:
    """Make, as a server would, the answers it makes at start-up, and keep them in `folder`."""
    from refapp import create_app, prebuilt
    from refapp.search import opened_index
    from refapp.state import get_state
    from refapp.views.offline import served_parts

    started = time.perf_counter()
    app = create_app({"DATASET_PATH": str(dataset_path), "REFAPP_DATA_DIR": str(target)})
    with app.app_context():
        parts = served_parts()
        index = opened_index()
        if index is None or index.folder != folder:  # another build became current meanwhile
            parts.pop("rank", None)
        try:
            prebuilt.write(folder, parts, get_state().catalog.version)
        except OSError as exc:
            raise click.ClickException(
                f"built {folder}, but could not keep the served answers in it: {exc.strerror or exc}; "
                "a server makes them itself at start"
            ) from None
    size = sum(len(packed) for _, packed in parts.values())
    click.echo(
        f"kept {len(parts)} answers a server makes at start ({size / 1e6:.1f} MB gzipped) in "
        f"{folder / prebuilt.FOLDER} in {time.perf_counter() - started:.2f} s"
    )


@click.command("search")
@click.argument("query")
@click.option("--lang", default="zh-Hans", help="en, zh-Hans or zh-Hant.")
@click.option("--game", default=None)
@click.option("--edition", default=None)
@click.option("--kind", default=None)
@click.option("--type", "type_", default=None)
@click.option("--limit", default=None)
@click.option("--data-dir", default=None, help="Where the index is (default: REFAPP_DATA_DIR or var/).")
@click.option("--json", "as_json", is_flag=True, help="Print exactly what GET /api/search returns.")
def search(query, lang, game, edition, kind, type_, limit, data_dir, as_json) -> None:  # type: ignore[no-untyped-def]
    """Search the index like the web box does."""
    from flask import Flask

    from corpus.model import DATASET_PATH
    from refapp import search as search_service
    from refapp.state import load_scenario_map

    app = Flask("refapp-search-cli")
    app.config["REFAPP_DATA_DIR"] = str(_data_dir(data_dir))
    # the scenario map the web app builds, from the same dataset and engine
    app.extensions["scenario_map"] = load_scenario_map(DATASET_PATH, lambda m: None)
    search_service.attach_index(app)
    params = {
        "q": query,
        "lang": lang,
        "game": game,
        "edition": edition,
        "kind": kind,
        "type": type_,
        "limit": limit,
    }
    with app.test_request_context():
        data, status = search_service.run_search({k: v for k, v in params.items() if v is not None})
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    elif status != 200:
        click.echo(f"error: {data.get('error')}", err=True)
    else:
        _print_human(data)
    if status != 200:
        sys.exit(1)


def _print_human(data: dict) -> None:
    import html
    import re

    lang = data["lang"]
    if data.get("suggestion"):
        click.echo(f"did you mean: {data['suggestion']}")
    click.echo(f"{data['total']} results")
    for i, r in enumerate(data["results"], 1):
        title = pick(r["title"], lang) or r["id"]
        where = f"#{r['ruling']}" if r.get("ruling") else ""
        click.echo(f"{i:2}. [{r['game']}/{r['kind']}] {title}  {r['url']}{where}")
        snippet = html.unescape(re.sub(r"</?mark>", "*", r["snippet"]))
        click.echo(f"    {snippet}")


COMMANDS = [build_index, search]
