"""Checking a run's end state and events against a scenario's expectations (pure functions)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.events import Event


def contains(have: Any, want: Any) -> bool:
    """``want`` is found in ``have``: mappings match key by key (recursively), anything else by equality."""
    if isinstance(want, dict):
        return isinstance(have, dict) and all(k in have and contains(have[k], v) for k, v in want.items())
    return have == want


def event_matches(event: Event, matcher: dict[str, Any]) -> bool:
    for key, want in matcher.items():
        if key == "data":
            if not contains(event.data, want):
                return False
        elif key == "cards":
            if list(event.cards) != list(want):
                return False
        elif getattr(event, key) != want:
            return False
    return True


def match_in_order(events: list[Event], matchers: list[dict[str, Any]]) -> tuple[list[int], list[str]]:
    """Find the matchers as a subsequence of events; return (matched seqs, failures)."""
    seqs: list[int] = []
    failures: list[str] = []
    position = 0
    for i, matcher in enumerate(matchers):
        found = next((e for e in events[position:] if event_matches(e, matcher)), None)
        if found is None:
            earlier = any(event_matches(e, matcher) for e in events[:position])
            hint = " (it happens, but before the previous expected event)" if earlier else ""
            failures.append(f"expect.events[{i}]: no event matching {matcher}{hint}")
            continue
        seqs.append(found.seq)
        position = found.seq + 1
    return seqs, failures


def _compare_player(i: int, want: dict[str, Any], got: dict[str, Any]) -> list[str]:
    failures = []
    zones = got.get("zones", {})
    for zone, cards in want.get("zones", {}).items():
        have = zones.get(zone, [])
        if list(have) != list(cards):
            failures.append(f"expect.players[{i}].zones.{zone}: expected {cards}, got {have}")
    for zone, cards in want.get("zones_any_order", {}).items():
        have = zones.get(zone, [])
        if Counter(have) != Counter(cards):
            failures.append(
                f"expect.players[{i}].zones_any_order.{zone}: expected {sorted(cards)}, got {sorted(have)}"
            )
    for zone, n in want.get("counts", {}).items():
        have = len(zones.get(zone, []))
        if have != n:
            failures.append(f"expect.players[{i}].counts.{zone}: expected {n} cards, got {have}")
    counters = got.get("counters", {})
    for name, n in want.get("counters", {}).items():
        if counters.get(name) != n:
            failures.append(f"expect.players[{i}].counters.{name}: expected {n}, got {counters.get(name)}")
    return failures


SELECTORS = ("player", "kind", "card", "purpose")


def _selected(event: Event, selector: dict[str, Any]) -> bool:
    """A ``decision`` event asked with every given selector (decision kind, player, card, purpose)."""
    if event.kind != "decision":
        return False
    decision = event.data.get("decision", {})
    context = decision.get("context", {})
    for key, want in selector.items():
        have = context.get(key) if key in ("card", "purpose") else decision.get(key)
        if have != want:
            return False
    return True


def check_offered(wants: list[dict[str, Any]], events: list[Event]) -> tuple[list[int], list[str]]:
    """``expect.offered``: every decision matching a selector offered exactly ``options`` (any order),
    all of ``includes`` and none of ``excludes``; at least one such decision must have been asked."""
    seqs: list[int] = []
    failures: list[str] = []
    for i, want in enumerate(wants):
        selector = {k: want[k] for k in SELECTORS if k in want}
        asked = [e for e in events if _selected(e, selector)]
        if not asked:
            failures.append(f"expect.offered[{i}]: no decision matching {selector} was asked")
            continue
        for e in asked:
            options = list(e.data["decision"].get("options", []))
            problems = []
            if "options" in want and Counter(options) != Counter(want["options"]):
                problems.append(f"expected the options {sorted(want['options'])}")
            missing = [o for o in want.get("includes", []) if o not in options]
            if missing:
                problems.append(f"{missing} not offered")
            barred = [o for o in want.get("excludes", []) if o in options]
            if barred:
                problems.append(f"{barred} offered")
            if problems:
                failures.append(
                    f"expect.offered[{i}]: decision at event {e.seq}: {'; '.join(problems)} "
                    f"(offered {options})"
                )
            seqs.append(e.seq)
    return seqs, failures


def check_expectations(
    expect: dict[str, Any], snapshot: dict[str, Any], events: list[Event]
) -> tuple[list[int], list[str]]:
    """Compare the final snapshot and the event list with ``expect``; return (highlight seqs, failures)."""
    failures: list[str] = []
    for key in ("turn", "phase", "active"):
        if key in expect and snapshot.get(key) != expect[key]:
            failures.append(f"expect.{key}: expected {expect[key]!r}, got {snapshot.get(key)!r}")
    players = snapshot.get("players", [])
    for i, want in enumerate(expect.get("players", [])):
        if want is None:
            continue
        if i >= len(players):
            failures.append(f"expect.players[{i}]: there are only {len(players)} players")
            continue
        failures.extend(_compare_player(i, want, players[i]))
    piles = snapshot.get("piles", {})
    for slug, n in expect.get("piles", {}).items():
        if piles.get(slug) != n:
            failures.append(f"expect.piles.{slug}: expected {n}, got {piles.get(slug)}")
    shared = snapshot.get("shared", {})
    for zone, cards in expect.get("shared", {}).items():
        if list(shared.get(zone, [])) != list(cards):
            failures.append(f"expect.shared.{zone}: expected {cards}, got {shared.get(zone, [])}")
    seqs, event_failures = match_in_order(events, expect.get("events", []))
    failures.extend(event_failures)
    offered_seqs, offered_failures = check_offered(expect.get("offered", []), events)
    failures.extend(offered_failures)
    seqs = sorted(set(seqs) | set(offered_seqs))
    for i, matcher in enumerate(expect.get("absent", [])):
        hit = next((e for e in events if event_matches(e, matcher)), None)
        if hit is not None:
            failures.append(f"expect.absent[{i}]: event {hit.seq} ({hit.kind} {hit.cards}) matches {matcher}")
    if "result" in expect:
        end = next((e for e in reversed(events) if e.kind == "game_end"), None)
        if end is None:
            failures.append("expect.result: the game did not end")
        else:
            for key, want in expect["result"].items():
                if end.data.get(key) != want:
                    failures.append(f"expect.result.{key}: expected {want!r}, got {end.data.get(key)!r}")
    return seqs, failures


def highlight_seqs(matchers: list[dict[str, Any]], events: list[Event]) -> list[int]:
    """Seqs of every event matching any highlight matcher."""
    return [e.seq for e in events if any(event_matches(e, m) for m in matchers)]
