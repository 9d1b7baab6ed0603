"""Situations the sandbox tests share."""

from __future__ import annotations


def empty_dominion(**hands: list[str]) -> dict:
    """Two Dominion players with nothing anywhere except the given hands (alice=, bob=)."""
    return {
        "game": "dominion",
        "edition": "1e",
        "players": [
            {"name": "Alice", "zones": {"hand": hands.get("alice", []), "deck": [], "discard": []}},
            {"name": "Bob", "zones": {"hand": hands.get("bob", []), "deck": [], "discard": []}},
        ],
    }
