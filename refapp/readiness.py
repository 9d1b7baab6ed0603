"""What this replica has loaded and whether that is enough to serve: the body of `/healthz` and
`/readyz` (refapp/views/health.py) and of the metrics' build info. It never shows a server path
(the log has the details)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, current_app

from refapp.search import index_version
from refapp.state import get_state

DATASET_ERROR = "the dataset could not be loaded; the server log names the file and the fault"


def log_scenario_problems(app: Flask, loaded: int) -> list[str]:
    """Name every scenario file the engine could not load (the library drops them), once at
    start. The files are only parsed again when some are missing from the `loaded` count."""
    if app.config.get("SCENARIO_SOURCE") is not None:
        return []
    try:
        import engine
        from engine.core.scenario import scenario_paths

        if len(scenario_paths()) == loaded:
            return []
        problems = list(engine.scenario_problems())
    except Exception as exc:  # noqa: BLE001 - the engine's absence is logged by the library
        app.logger.debug("scenario check skipped (%r)", exc)
        return []
    for problem in problems:
        app.logger.error("scenario file skipped: %s", problem)
    return problems


def current_index_version(data_dir: Path) -> str | None:
    """The build the `current` pointer names (what a server would open next), if any."""
    pointer = data_dir / "index" / "current"
    try:
        if pointer.is_symlink() or pointer.is_dir():
            return pointer.resolve().name if pointer.is_dir() else None  # a dangling link: gone
        if pointer.is_file():
            return pointer.read_text(encoding="utf-8").strip() or None
    except OSError:
        return None
    return None


def readiness() -> dict[str, Any]:
    """What this replica has loaded, and whether that is enough to serve (`ready`)."""
    state = get_state()
    opened = index_version(current_app)
    injected = current_app.config.get("SEARCH_FUNCTION") is not None  # tests replace the index
    dataset_ok = state.dataset_error is None and bool(state.catalog.dataset.entries)
    current = current_index_version(Path(current_app.config["REFAPP_DATA_DIR"]))
    # the build this replica serves must still be there for a worker forked now (issue 21)
    index_ok = (opened is not None and current is not None) or (injected and state.search is not None)
    scenarios_ok = bool(state.scenarios.summaries)
    return {
        "ready": dataset_ok and index_ok and scenarios_ok,
        "dataset": {
            "version": state.catalog.version,
            "entries": len(state.catalog.dataset.entries),
            "error": DATASET_ERROR if state.dataset_error else None,
            "loaded": dataset_ok,
        },
        "index": {
            "version": opened,
            "current": current,
            "loaded": index_ok,
        },
        "scenarios": {"count": len(state.scenarios.summaries), "loaded": scenarios_ok},
        "assets": state.assets_version,
    }
