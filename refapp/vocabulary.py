"""One word per concept: the board's zone labels are the glossary entries' names.

The glossary (Dominion term entries in the dataset) names the places a card can be: deck,
hand, play area, discard pile, set aside, trash pile, supply. The demo board and its
labels use exactly those names in each script, so what a player reads on the board is what
the glossary and the search know.
"""

from __future__ import annotations

from refapp import i18n
from refapp.catalog import Catalog, localised

# engine zone name -> glossary entry that names it
ZONE_TERMS: dict[str, str] = {
    "deck": "dominion/terms/deck",
    "hand": "dominion/terms/hand",
    "play": "dominion/terms/play-area",
    "discard": "dominion/terms/discard-pile",
    "set_aside": "dominion/terms/set-aside",
    "trash": "dominion/terms/trash-pile",
    "supply": "dominion/terms/supply",
}


def zone_label(catalog: Catalog, zone: str, lang: str) -> str:
    """The board's label for an engine zone: the glossary name, else the interface string."""
    entry = catalog.get(ZONE_TERMS.get(zone, ""))
    if entry is not None:
        return localised(entry.names, lang)
    key = f"zone.{zone}"
    return i18n.translate(key, lang) if i18n.has_key(key) else zone.replace("_", " ")


def zone_strings(catalog: Catalog, lang: str) -> dict[str, str]:
    """`zone.<name>` labels for the browser player: the glossary-named zones and the others."""
    zones = set(ZONE_TERMS) | {k[len("zone.") :] for k in i18n.all_keys() if k.startswith("zone.")}
    return {f"zone.{z}": zone_label(catalog, z, lang) for z in sorted(zones)}
