"""Validate a dataset: JSON Schema (corpus/schema/dataset.schema.json) plus semantic checks.
Every problem names the entry and the field."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema

from corpus.games import GAMES, GameData, game_data
from corpus.ingest.noise import DroppedRange
from corpus.ingest.sources import SourceText

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schema" / "dataset.schema.json"
KIND_OF_PREFIX = {"rules": "rule", "faq": "faq", "terms": "term"}


@lru_cache(maxsize=1)
def load_schema() -> dict[str, Any]:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def schema_errors(data: dict[str, Any]) -> list[str]:
    validator = jsonschema.Draft202012Validator(load_schema())
    out = []
    for err in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        path = list(err.absolute_path)
        where = ""
        if len(path) >= 2 and path[0] == "entries" and isinstance(path[1], int):
            entry_id = data["entries"][path[1]].get("id", f"#{path[1]}")
            field = ".".join(str(p) for p in path[2:]) or "(entry)"
            where = f"entry {entry_id!r}, field {field!r}"
        else:
            where = "dataset field " + (".".join(str(p) for p in path) or "(root)")
        out.append(f"{where}: {err.message}")
    return out


def expected_kind(entry_id: str) -> str:
    parts = entry_id.split("/")
    return KIND_OF_PREFIX.get(parts[1], "card") if len(parts) == 3 else "card"


def source_errors(
    where: str,
    sources: list[dict[str, Any]],
    game: str,
    seeds: dict[str, SourceText],
    dropped: dict[str, list[DroppedRange]],
) -> list[str]:
    out = []
    for s in sources:
        src = seeds.get(s["file"])
        first, last = s["lines"]
        if src is None:
            out.append(f"{where}: unknown source file {s['file']!r}")
            continue
        if not 1 <= first <= last <= src.line_count:
            out.append(f"{where}: lines [{first}, {last}] outside {s['file']} (1..{src.line_count})")
        if src.game != game:
            out.append(f"{where}: cites {s['file']}, a {src.game} seed, for a {game} entry")
        for r in dropped.get(s["file"], []):
            if r.first <= last and first <= r.last:
                out.append(f"{where}: cites dropped lines {r.first}-{r.last} of {s['file']} ({r.reason})")
    return out


def taiwan_name_errors(e: dict[str, Any], seeds: dict[str, SourceText]) -> list[str]:
    """A 1st-edition card's zh-Hant name is the one its Traditional (Taiwan) rulebook uses."""
    texts = [
        "".join(src.lines)
        for src in seeds.values()
        if src.script == "zh-Hant" and src.game == e["game"] and src.edition == "1e"
    ]
    name = e["names"]["zh-Hant"]
    if texts and not any(name in text for text in texts):
        return [
            f"entry {e['id']!r}, field 'names.zh-Hant': {name!r} does not occur in the Traditional rulebook"
        ]
    return []


def edition_errors(eid: str, game: str, data: GameData | None, editions: list[str]) -> list[str]:
    """A game whose entries cover every edition (Citadels: the one the rulebook covers) names them
    all; otherwise (Dominion) at least one of its editions. ``data`` is the game's facts (None: no game)."""
    own = data.editions if data else ()
    where = f"entry {eid!r}, field 'editions'"
    if data and data.every_edition and list(editions) != list(own):
        return [f"{where}: every {game} entry is {list(own)}, got {editions}"]
    if not editions:
        return [f"{where}: a {game} entry names at least one of {list(own)}"]
    foreign = [ed for ed in editions if ed not in own]
    return [f"{where}: {foreign} are not {game} editions {list(own)}"] if foreign else []


def semantic_errors(
    data: dict[str, Any], seeds: dict[str, SourceText], dropped: dict[str, list[DroppedRange]]
) -> list[str]:
    out: list[str] = []
    entries = data["entries"]
    ids = [e["id"] for e in entries]
    seen: set[str] = set()
    for entry_id in ids:
        if entry_id in seen:
            out.append(f"entry {entry_id!r}, field 'id': duplicate id")
        seen.add(entry_id)
    for e in entries:
        eid = e["id"]
        game = eid.split("/", 1)[0]
        if game not in GAMES:
            out.append(f"entry {eid!r}, field 'id': game {game!r} is not one of {list(GAMES)}")
        if e["game"] != game:
            out.append(f"entry {eid!r}, field 'game': {e['game']!r} does not match the id prefix")
        if e["kind"] != expected_kind(eid):
            out.append(
                f"entry {eid!r}, field 'kind': {e['kind']!r} but the id form means {expected_kind(eid)!r}"
            )
        data = game_data(game)
        out += edition_errors(eid, game, data, e["editions"])
        types = data.card_types if data else frozenset()
        unknown_types = sorted(set(e["types"]) - types)
        if unknown_types:
            out.append(f"entry {eid!r}, field 'types': {unknown_types} not among {sorted(types)}")
        if e["kind"] == "card" and data and data.cards_cost_coins and e["cost"] is None:
            out.append(f"entry {eid!r}, field 'cost': a {game} card has a cost in coins")
        if e["kind"] != "card" and e["cost"] is not None:
            out.append(f"entry {eid!r}, field 'cost': only cards have a cost")
        if e["kind"] == "card" and "1e" in e["editions"]:
            out += taiwan_name_errors(e, seeds)
        for rel in e["related"]:
            if rel not in seen:
                out.append(f"entry {eid!r}, field 'related': {rel!r} is not an entry id")
            if rel == eid:
                out.append(f"entry {eid!r}, field 'related': an entry is not related to itself")
        out += source_errors(f"entry {eid!r}, field 'sources'", e["sources"], game, seeds, dropped)
        for kind in ("rulings", "notes"):
            item_ids = [item["id"] for item in e[kind]]
            for dup in sorted({i for i in item_ids if item_ids.count(i) > 1}):
                out.append(f"entry {eid!r}, field '{kind}[{dup}].id': duplicate id within the entry")
            # notes may cite dropped lines (to say why they are not rules) but carry their own text
            allowed_dropped = {} if kind == "notes" else dropped
            for item in e[kind]:
                where = f"entry {eid!r}, field '{kind}[{item['id']}].sources'"
                out += source_errors(where, item["sources"], game, seeds, allowed_dropped)
        for r in e["rulings"]:
            if data and not data.rulings_by_edition and r["edition"] is not None:
                out.append(f"entry {eid!r}, field 'rulings[{r['id']}].edition': {game} rulings have none")
            if r["edition"] is not None and r["edition"] not in (e["editions"] or [r["edition"]]):
                out.append(
                    f"entry {eid!r}, field 'rulings[{r['id']}].edition': {r['edition']!r} "
                    f"is not among the entry's editions {e['editions']}"
                )
            seed_editions = {seeds[s["file"]].edition for s in r["sources"] if s["file"] in seeds}
            if r["edition"] == "1e" and seed_editions == {"2e"}:
                out.append(
                    f"entry {eid!r}, field 'rulings[{r['id']}].edition': a 1st-edition ruling "
                    "cannot rest only on the 2nd-edition seed"
                )
    return out


def validate(
    data: dict[str, Any], seeds: dict[str, SourceText], dropped: dict[str, list[DroppedRange]]
) -> list[str]:
    """All problems found; empty means valid. Semantic checks run only on schema-valid data."""
    errors = schema_errors(data)
    if errors:
        return errors
    return semantic_errors(data, seeds, dropped)
