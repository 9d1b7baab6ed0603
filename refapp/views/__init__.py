"""The blueprints: each module answers one area's requests (routes, the helpers its templates
call) and leaves the work to the services beside this package in refapp/."""

from __future__ import annotations

from flask import Flask

from refapp.views import (
    api,
    error_pages,
    health,
    language,
    lookup,
    metrics,
    offline,
    pages,
    pair_runs,
    sandbox,
    search_api,
    sources_page,
    static_files,
    tools,
)


def register_views(app: Flask) -> None:
    """Every blueprint and the error pages (the language's hooks first, as they always ran)."""
    blueprints = (search_api.bp, pair_runs.bp, pages.bp, language.bp, offline.bp, static_files.bp, api.bp)
    blueprints += (tools.bp, sandbox.bp, health.bp, sources_page.bp, lookup.bp, metrics.bp)
    for blueprint in blueprints:
        app.register_blueprint(blueprint)
    error_pages.register_error_pages(app)
