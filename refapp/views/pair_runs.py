"""The pair runs in the pages (refapp/pair_runs.py): "play X with Y" beside a search's results,
"played with" on a card page, "what if" into the sandbox. No routes: the runs play at
`/scenarios/<id>` like any demonstration."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, g

from refapp.pair_runs import offers, pairs_with, sandbox_url, text
from refapp.state import get_state

bp = Blueprint("pair_runs", __name__)


@bp.app_context_processor
def pair_helpers() -> dict[str, Any]:
    catalog = get_state().catalog

    def lang() -> str:
        return getattr(g, "lang", "en")

    return {
        "pair_offers": lambda names, edition=None, game=None, first_answer_game=None: offers(
            [n.get("ids") or () for n in names or ()], catalog, lang(), edition, game, first_answer_game
        ),
        "pairs_with": lambda entry_id: pairs_with(entry_id, catalog, lang()),
        "pair_text": lambda key, **fields: text(key, lang(), **fields),
        "pair_sandbox_url": sandbox_url,
    }
