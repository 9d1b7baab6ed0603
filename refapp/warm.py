"""What `refapp serve` makes in gunicorn's master before it listens and forks (serve_config's
on_starting), so that every worker starts with it instead of making it on some reader's request
while that worker's other requests wait: the search's ranking data, the saved pack's data (both
read from the build when `refapp build-index` kept them: refapp.prebuilt), the search index's
caches (`SearchIndex.warm`), the engines' tables the tools compute with, and every template
compiled."""

from __future__ import annotations

from flask import Flask


def before_fork(app: Flask) -> None:
    from refapp.search import opened_index
    from refapp.tools import tables
    from refapp.views.offline import rank_data, warm_saved_pack

    with app.app_context():
        index = opened_index()
        if index is not None:
            index.warm()
        rank_data()
        warm_saved_pack()  # what "save for the table" fetches: demonstrations and entry pages as data
        tables()  # /tools/data.json and the tool pages (half a second of scoring)
    for name in app.jinja_env.list_templates():
        app.jinja_env.get_template(name)  # compiled once, here, not in each worker
