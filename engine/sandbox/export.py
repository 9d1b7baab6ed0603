"""A played sandbox as a scenario file: the situation, the answers as its script, the end as expectations.

``refapp scenario run FILE`` replays it. A finished sandbox passes (its expectations are the
board it reached); an unfinished one stops where the next question was open and reports that.
"""

from __future__ import annotations

import re
from typing import Any

from engine.sandbox.play import SandboxRun
from engine.sandbox.situation import normalise

COUNTER = re.compile(r"[a-z_]+")
HEAD = ("id", "game", "edition", "entry", "ruling", "rulings", "kind", "title", "description", "seed")
BODY = ("players", "kingdom", "supply", "shared", "shuffles", "setup")


def scenario_id(text: str) -> str:
    """A file-name-safe scenario id from any text (``sandbox`` when nothing is left)."""
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60].strip("-")
    return slug or "sandbox"


def _step(t: Any) -> dict[str, Any]:
    step: dict[str, Any] = {"player": t.player, "kind": t.kind}
    if t.card:
        step["card"] = t.card
    if t.purpose:
        step["purpose"] = t.purpose
    step["answer"] = list(t.answer)
    return step


def _expect(run: SandboxRun) -> dict[str, Any]:
    final = run.snapshots[-1] if run.snapshots else {}
    expect: dict[str, Any] = {key: final[key] for key in ("turn", "phase", "active") if key in final}
    expect["players"] = [{"zones": dict(p.get("zones", {}))} for p in final.get("players", [])]
    piles = {k: n for k, n in (final.get("piles") or {}).items() if COUNTER.fullmatch(k)}
    if piles:  # the scenario schema names counters with letters and '_' only
        expect["piles"] = piles
    shared = {z: list(c) for z, c in (final.get("shared") or {}).items()}
    if shared:
        expect["shared"] = shared
    result = run.result()
    if result is not None and "winners" in result:
        expect["result"] = {"winners": result["winners"], "scores": result["scores"]}
    return expect


def to_scenario(situation: dict[str, Any], run: SandboxRun) -> dict[str, Any]:
    """The scenario mapping (ready for YAML) that replays this sandbox run."""
    data = normalise(situation)
    out: dict[str, Any] = {key: data[key] for key in HEAD if key in data}
    out["id"] = scenario_id(str(data.get("id", "sandbox")))
    if "description" not in out:
        open_question = ""
        if run.pending:
            prompt = run.pending.get("prompt") or {}
            open_question = f" It stops at an open question: {prompt.get('en', run.pending.get('purpose'))}"
        done = not run.pending
        out["description"] = {
            "en": "A situation played in the sandbox." + open_question,
            "zh-Hans": "在试玩中摆出并下完的局面。" if done else "在试玩中摆出的局面，停在未答的问题上。",
            "zh-Hant": "在試玩中擺出並下完的局面。" if done else "在試玩中擺出的局面，停在未答的問題上。",
        }
    out.update({key: data[key] for key in BODY if key in data})
    out["script"] = [_step(t) for t in run.answers]
    out["expect"] = _expect(run)
    return out
