"""Flask web app, JSON API and CLI."""

from __future__ import annotations

from flask import Flask


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__)
    app.json.ensure_ascii = False
    if config:
        app.config.update(config)
    return app
