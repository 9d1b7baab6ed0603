"""At-the-table tools computed by the engines: set-up, kingdom picking, final scoring.

Everything here asks the game engines (their set-up, card effects and scoring code) and turns
the answers into plain data: :func:`export_tables` is what the web app ships to the browser so
the tools keep working offline, and the ``*_setup`` / ``score_*`` functions are what its JSON
twins return. Nothing here restates a rule: figures come from running the engines.
"""

from engine.tables.export import export_tables
from engine.tables.kingdoms import KingdomError, PickOptions, pick_kingdom, recommended_sets
from engine.tables.score import ScoreError, score_citadels, score_dominion
from engine.tables.setup import SetupRequestError, citadels_setup, dominion_setup, setup_options

__all__ = [
    "KingdomError", "PickOptions", "ScoreError", "SetupRequestError", "citadels_setup", "dominion_setup",
    "export_tables", "pick_kingdom", "recommended_sets", "score_citadels", "score_dominion",
    "setup_options",
]
