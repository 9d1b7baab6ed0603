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
    offline,
    pages,
    sandbox,
    sources_page,
    static_files,
    tools,
)


def register_views(app: Flask) -> None:
    """Every blueprint and the error pages, in the order their hooks run."""
    blueprints = (pages.bp, language.bp, offline.bp, static_files.bp, api.bp, tools.bp, sandbox.bp)
    blueprints += (health.bp, sources_page.bp, lookup.bp)
    for blueprint in blueprints:
        app.register_blueprint(blueprint)
    error_pages.register_error_pages(app)
