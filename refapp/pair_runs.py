"""The interaction matrix where players ask (issue 25): two cards played together.

- A search naming two cards of one game offers "play X with Y" (``_pair_run.html``, included by
  the results page): :func:`offers` the pair runs of the first two cards of one game among the
  names the search understood (its `understood` names, the chips under the box: every script,
  aliases, pinyin, a name taken off by its chip not among them).
- Each card page lists what it is played with (``_pair_list.html``): :func:`pairs_with`.
- Any pair opens in the sandbox ("what if"): :func:`sandbox_url`, the sandbox's own start from a
  demonstration's ★ step (a pair file is found by the engine's scenario lookup like any other).

The runs are the library's (refapp/scenarios.py): run once per process and cached; a pair is no
entry's demonstration and no search result's "show me". Pure functions over the catalogue and the
matrix (the templates reach them through refapp/views/pair_runs.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from corpus.languages import pick
from engine.core.registry import game_names, get_game
from engine.core.scenario import ScenarioError, read_yaml
from engine.interactions import PairInfo, pair_infos, pairs_for
from refapp.catalog import Catalog, localised
from refapp.scenarios import EngineSource, ScenarioLibrary, ScenarioSummary
from refapp.string_table import load_table

MOST_OFFERS = 3  # runs offered beside a search's results
STRINGS_FILE = Path(__file__).with_name("pair_strings.yaml")
STRINGS: dict[str, dict[str, str]] = load_table(STRINGS_FILE)  # key -> {language: text}


def text(key: str, lang: str, **fields: Any) -> str:
    words = pick(STRINGS[key], lang, keep_empty=True)
    return words.format(**fields) if fields else words


@dataclass(frozen=True)
class Offer:
    id: str
    title: str
    x: str  # the two cards' names in the reader's script
    y: str
    edition: str | None


def names_by_edition(catalog: Catalog, game: str) -> dict[str, dict]:
    """The names a pair run is narrated with, by edition ("-" for a game of one edition)."""
    editions = get_game(game).editions
    if editions:
        return {ed: catalog.slug_names(game, ed) for ed in editions}
    return {"-": catalog.slug_names(game)}


def named_pair(names: Sequence[Sequence[str]], read: str | None = None) -> tuple[str, str] | None:
    """The first two different cards of one game among the names the search understood (each
    name's entry ids, in the order typed) that are played together, if any; of the game `read`
    only when the search read the question as that game's ('my merchant got assassinated, do I
    get the gold' names Dominion's Merchant and Gold too, but asks about Citadels)."""
    for game in [read] if read in game_names() else game_names():
        seen: list[str] = []
        for ids in names:
            seen += [e for e in ids if e.startswith(game + "/") and e not in seen]
        for i, a in enumerate(seen):
            for b in seen[i + 1:]:
                if pairs_for(a, b):
                    return a, b
    return None


# --------------------------------------------------------------------------- what the pages show
def _offer(info: PairInfo, catalog: Catalog, lang: str) -> Offer:
    title = localised(load_title(info), lang)
    x, y = (localised(catalog.names.get(e), lang) for e in (info.x, info.y))
    return Offer(info.id, title, x, y, info.edition)


@lru_cache(maxsize=1024)
def _title(info: PairInfo) -> tuple[tuple[str, str], ...]:
    """The run's title in each script, read from its file without building the scenario (every
    pair's title is read at start-up; the run itself is checked when it is played)."""
    try:
        title = read_yaml(info.path).get("title")
    except (ScenarioError, AttributeError):
        title = None
    return tuple((str(k), str(v)) for k, v in title.items()) if isinstance(title, dict) else ()


def load_title(info: PairInfo) -> dict[str, str]:
    return dict(_title(info))


def offers(
    names: Sequence[Sequence[str]], catalog: Catalog, lang: str, edition: str | None = None,
    game: str | None = None, first_answer_game: str | None = None,
) -> list[Offer]:
    """The pair runs of two cards the search understood the query to name (the edition asked for
    first, then the 2nd), of the game it read the query as (`game`), else of the game of the
    answer shown first: a Citadels Thief answer never sits beside a Dominion Thief run, though
    both games have a Thief."""
    found = named_pair(names, game or first_answer_game)
    if found is None:
        return []
    runs = pairs_for(*found)
    runs.sort(key=lambda p: (p.edition != edition, p.edition != "2e", p.x != found[0]))
    return [_offer(p, catalog, lang) for p in runs[:MOST_OFFERS]]


def pairs_with(entry_id: str, catalog: Catalog, lang: str) -> list[Offer]:
    """Every pair run that plays this card, in class order."""
    return [_offer(p, catalog, lang) for p in pair_infos() if entry_id in (p.x, p.y)]


def sandbox_url(pair_id: str) -> str:
    """The sandbox opened at the pair's situation with its answers up to the ★ step."""
    return "/sandbox?" + urlencode({"from": pair_id})


# --------------------------------------------------------------------------- wiring
def add_pairs(library: ScenarioLibrary) -> int:
    """Make every pair run playable and cached by the library (only with the engine as its source)."""
    if not isinstance(library.source, EngineSource):
        return 0
    for p in pair_infos():
        library.pairs[p.id] = ScenarioSummary(
            id=p.id, game=p.game, entry=p.x, ruling=None, title=load_title(p), edition=p.edition)
    return len(library.pairs)
