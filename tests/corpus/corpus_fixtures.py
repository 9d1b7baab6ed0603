"""Seed file names and small curated entries shared by the corpus tests."""

from __future__ import annotations

from corpus.model import SOURCES_DIR

RULEBOOK = "000_2dfe370fb22f4214.txt"
COPY_001 = "001_7639e61cb57940a3.txt"
COPY_002 = "002_0055ec9b52a42cc5.txt"
CITADELS = "003_386c33ee6a748081.txt"
SECOND_ED = "004_2136ca2c44a9679b.txt"


def seed_line(file: str, number: int) -> str:
    return (SOURCES_DIR / file).read_text(encoding="utf-8").split("\n")[number - 1]


def library_entry(**overrides) -> dict:
    entry = {
        "id": "dominion/library",
        "kind": "card",
        "editions": ["1e", "2e"],
        "names": {"en": "Library", "zh-Hans": "图书馆", "zh-Hant": "圖書館"},
        "cost": 5,
        "types": ["action"],
        "text": {"en": "Draw until you have 7 cards in hand, setting aside Actions you choose to skip."},
        "text_from": {"file": RULEBOOK, "lines": [407, 415]},
        "rulings": [
            {
                "id": "set-aside-not-shuffled",
                "edition": "1e",
                "from": {"file": RULEBOOK, "lines": [407, 409], "sentences": [1, 1]},
                "en": "Cards set aside while drawing are not shuffled into a new deck.",
            }
        ],
        "related": [],
    }
    entry.update(overrides)
    return entry


def citadels_entry(**overrides) -> dict:
    entry = {
        "id": "citadels/assassin",
        "kind": "card",
        "editions": ["classic"],
        "names": {"en": "Assassin", "zh-Hans": "刺客", "zh-Hant": "刺客"},
        "types": ["character"],
        "text": {"en": "Name a character; it loses its turn this round."},
        "text_from": {"file": CITADELS, "lines": [279, 279]},
        "rulings": [
            {
                "id": "names-a-character",
                "from": {"file": CITADELS, "lines": [279, 279], "sentences": [1, 1]},
                "en": "The Assassin names a character, not a player.",
            }
        ],
    }
    entry.update(overrides)
    return entry
