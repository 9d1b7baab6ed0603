"""Flask web app, JSON API and CLI."""

from __future__ import annotations

from typing import Any

from flask import Flask, g, request

from corpus.model import DATASET_PATH


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app. Config keys (all optional):

    DATASET_PATH: dataset JSON (default corpus/data/dataset.json);
    REFAPP_DATA_DIR: where the built index lives (default refapp.config.data_dir());
    SCENARIO_SOURCE: object with list_infos()/run(id, names) replacing the engine (tests);
    SEARCH_FUNCTION: replacement for refapp.search.run_search (tests).
    """
    from refapp import (
        client_info,
        compress,
        headers,
        metrics,
        pair_runs,
        readiness,
        request_limits,
        search,
        state,
    )
    from refapp.config import data_dir
    from refapp.views import register_views

    app = Flask(__name__, static_folder=None)
    app.json.ensure_ascii = False
    app.json.sort_keys = False
    app.config.update(
        DATASET_PATH=str(DATASET_PATH),
        REFAPP_DATA_DIR=str(data_dir()),
        SCENARIOS_BY_ENTRY={},
        MAX_CONTENT_LENGTH=64 * 1024,
    )
    if config:
        app.config.update(config)

    app_state = state.build_state(app, app.config.get("SEARCH_FUNCTION") or search.run_search)
    app.extensions["refapp"] = app_state
    app.config["SCENARIOS_BY_ENTRY"] = {k: list(v) for k, v in app_state.scenarios.by_entry.items()}
    readiness.log_scenario_problems(app, len(app_state.scenarios.summaries))
    search.attach_index(app)
    pair_runs.add_pairs(app_state.scenarios)  # the interaction matrix's runs play as demonstrations
    register_views(app)
    metrics.init_app(app)
    app.wsgi_app = request_limits.limit_requests(app.wsgi_app)  # type: ignore[method-assign]

    @app.after_request
    def finish(response):  # type: ignore[no-untyped-def]
        response = headers.add_security_headers(response)
        response = headers.relative_location(request, response)
        if response.mimetype == "text/html":
            response.vary.add("Cookie")
            response.vary.add("Accept-Language")
            response.headers["Content-Language"] = g.get("lang", "zh-Hans")
        response.headers["X-Request-ID"] = client_info.request_id(request.environ)
        response = headers.conditional(request, response)
        return compress.gzip_response(request, response)

    return app
