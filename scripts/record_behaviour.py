"""Record what the engines and the game-facing pages answer, to compare before and after a refactor.

Usage: python scripts/record_behaviour.py OUT_DIR, then the same after the change into another
directory, then ``diff -r BEFORE AFTER`` (or ``--compare BEFORE AFTER``). Written files:
- ``runs.json``: every shipped scenario's run (events, narration, snapshots) as the web app's
  ``/scenarios/<id>.json`` serves it, by id;
- ``tables.json``: ``/tools/data.json`` (the tools' exported tables);
- ``tools.json``: the tools' ``.json`` twins for a range of requests;
- ``sandbox.json``: ``POST /api/sandbox`` for every blank game, every card's "try it" situation
  and every demonstration's situation with its first answers;
- ``pages/*.html``: the sandbox, tools and player pages (asset fingerprints removed, since the
  scripts they name may change; the embedded page data stays).
Figures printed: how many runs, requests and pages were recorded.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "refapp"))
sys.path.insert(0, str(ROOT))

from corpus.languages import LANGS  # noqa: E402

FINGERPRINT = re.compile(r"(/static/[\w./-]+?)\.[0-9a-f]{8,}(\.\w+)")
TOOL_QUERIES = [
    "setup.json?game=dominion&edition=1e&players=2",
    "setup.json?game=dominion&edition=2e&players=4&kingdom=gardens,village",
    "setup.json?game=citadels&players=3",
    "setup.json?game=citadels&players=7&ninth=queen&short=1",
    "setup.json?game=citadels&players=2&ninth=artist",
    "setup.json?game=citadels&players=9",
    "setup.json?game=chess",
    "kingdom.json?edition=1e&seed=5",
    "kingdom.json?edition=mixed&seed=7&require=plus_actions",
    "kingdom.json?edition=2e&set=first-game",
    "score.json?game=dominion&p0.name=A&p0.province=3&p0.gardens=1&p0.total=40&p1.name=B&p1.duchy=2",
    "score.json?game=citadels&p0.name=A&p0.city=temple,castle,museum&p0.museum=2&p0.gold=3"
    "&p1.city=manor,palace&p1.late=palace&short=1&bell=0",
    "score.json?game=citadels",
]
PAGE_PATHS = [
    "/sandbox", "/sandbox?game=citadels", "/sandbox?card=dominion/library", "/sandbox?card=citadels/magician",
    "/sandbox?card=citadels/museum", "/sandbox?card=nothing", "/tools", "/tools/setup",
    "/tools/setup?game=citadels&players=5", "/tools/kingdom", "/tools/score",
    "/tools/score?game=citadels&p0.city=temple", "/scenarios",
]


def make_client() -> Any:
    from refapp_fakes import FixtureSearch

    from refapp import create_app

    dataset = ROOT / "corpus" / "data" / "dataset.json"
    app = create_app({"TESTING": True, "DATASET_PATH": str(dataset),
                      "SEARCH_FUNCTION": FixtureSearch(dataset), "REFAPP_DATA_DIR": str(ROOT / "var")})
    return app.test_client()


def get_json(client: Any, path: str) -> Any:
    response = client.get(path)
    return {"status": response.status_code, "body": response.get_json(silent=True)}


def sandbox_bodies() -> list[dict[str, Any]]:
    import engine
    from engine.core.registry import game_names
    from refapp import sandbox_start

    bodies = [{"situation": sandbox_start.blank(g)[0], "answers": []} for g in game_names()]
    dataset = json.loads((ROOT / "corpus" / "data" / "dataset.json").read_text(encoding="utf-8"))
    for entry in dataset["entries"]:
        start = sandbox_start.for_card(entry["id"])
        if start is not None:
            bodies.append({"situation": start[0], "answers": start[1], "snapshots": "last"})
    for info in engine.list_scenarios():
        start = sandbox_start.from_demo(info.id, None)
        if start is not None:
            bodies.append({"situation": start[0], "answers": start[1][:3], "snapshots": "last"})
    return bodies


def record(out: Path) -> None:
    import engine

    client = make_client()
    out.mkdir(parents=True, exist_ok=True)
    (out / "pages").mkdir(exist_ok=True)
    runs = {info.id: get_json(client, f"/scenarios/{info.id}.json") for info in engine.list_scenarios()}
    write(out / "runs.json", runs)
    write(out / "tables.json", get_json(client, "/tools/data.json"))
    write(out / "tools.json", {q: get_json(client, f"/tools/{q}") for q in TOOL_QUERIES})
    replies = []
    for body in sandbox_bodies():
        response = client.post("/api/sandbox", json=body)
        reply = response.get_json(silent=True)
        replies.append({"body": body, "status": response.status_code, "reply": reply})
    write(out / "sandbox.json", replies)
    paths = PAGE_PATHS + [f"/scenarios/{i}?step=2" for i in sorted(runs)[::25]]
    for lang in LANGS:
        for path in paths:
            response = client.get(path, headers={"Cookie": f"lang={lang}"})
            name = re.sub(r"\W+", "_", path).strip("_") + f".{lang}.html"
            text = FINGERPRINT.sub(r"\1\2", response.get_data(as_text=True))
            (out / "pages" / name).write_text(f"{response.status_code}\n{text}", encoding="utf-8")
    print(f"{len(runs)} runs, {len(TOOL_QUERIES)} tool requests, {len(replies)} sandbox replays, "
          f"{3 * len(paths)} pages -> {out}")


def write(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1), encoding="utf-8")


def compare(before: Path, after: Path) -> int:
    differ = 0
    names = sorted({p.relative_to(before) for p in before.rglob("*") if p.is_file()}
                   | {p.relative_to(after) for p in after.rglob("*") if p.is_file()})
    for name in names:
        a, b = before / name, after / name
        if not (a.exists() and b.exists()) or a.read_bytes() != b.read_bytes():
            differ += 1
            print(f"differs: {name}")
    print(f"{len(names)} files compared, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--compare":
        sys.exit(compare(Path(sys.argv[2]), Path(sys.argv[3])))
    if len(sys.argv) != 2:
        sys.exit("usage: record_behaviour.py OUT_DIR | --compare BEFORE AFTER")
    record(Path(sys.argv[1]))
