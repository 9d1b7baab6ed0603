"""The shipped Dominion scenarios: all pass, each cites a real ruling, every card has one; run JSON shape."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

import engine
from engine.core import scenario_from_dict, scenario_problems
from engine.dominion.cards import CARDS

ROOT = Path(__file__).resolve().parents[3]
INFOS = [i for i in engine.list_scenarios() if i.game == "dominion"]
NAMES = {
    "library": {"en": "Library", "zh-Hans": "图书馆", "zh-Hant": "圖書館"},
    "smithy": {"en": "Smithy", "zh-Hans": "铁匠铺", "zh-Hant": "鐵匠鋪"},
}


def curated_rulings() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for path in sorted((ROOT / "corpus" / "curated" / "dominion").glob("*.yaml")):
        for entry in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            out[entry["id"]] = {r["id"] for r in entry.get("rulings") or []}
    return out


def test_no_scenario_file_is_malformed():
    assert [p for p in scenario_problems() if "/dominion/" in p] == []


@pytest.mark.parametrize("info", INFOS, ids=[i.id for i in INFOS])
def test_every_scenario_passes(info):
    run = engine.run_scenario(engine.load_scenario(info.path), NAMES)
    assert run.passed, run.failures
    assert run.highlight, "a scenario highlights the step where its ruling happens"


def test_every_scenario_cites_an_existing_entry_and_ruling():
    rulings = curated_rulings()
    if not rulings:
        pytest.skip("curated Dominion data not present")
    wrong = [
        (i.id, str(r))
        for i in INFOS
        for r in i.rulings
        if r.entry not in rulings or (r.ruling is not None and r.ruling not in rulings[r.entry])
    ]
    assert wrong == []


def test_every_card_of_both_editions_has_a_scenario():
    shown = {r.entry.split("/", 1)[1] for i in INFOS for r in i.rulings}
    assert sorted(set(CARDS) - shown) == []


def test_card_rulings_each_have_a_scenario():
    rulings = curated_rulings()
    covered = {(r.entry, r.ruling) for i in INFOS for r in i.rulings}
    missing = [
        (entry, r)
        for entry, ids in rulings.items()
        if entry.split("/", 1)[1] in CARDS
        for r in ids
        if (entry, r) not in covered
    ]
    assert missing == []


def test_run_dict_has_the_agreed_shape_and_a_snapshot_per_event():
    run = engine.run_scenario(engine.load_scenario("library-set-aside-not-shuffled"), NAMES).to_dict()
    assert set(run) == {
        "id",
        "game",
        "edition",
        "entry",
        "ruling",
        "rulings",
        "title",
        "passed",
        "failures",
        "highlight",
        "events",
        "snapshots",
    }
    assert len(run["snapshots"]) == len(run["events"]) and run["events"][0]["kind"] == "setup"
    event = run["events"][1]
    assert set(event) == {"seq", "kind", "player", "cards", "from_zone", "to_zone", "data", "say"}
    assert set(event["say"]) == {"en", "zh-Hans", "zh-Hant"}
    snap = run["snapshots"][-1]
    assert set(snap) == {"turn", "phase", "active", "players", "piles", "shared"}
    assert set(snap["players"][0]["zones"]) == {"deck", "hand", "play", "discard", "set_aside"}
    assert {"actions", "buys", "coins"} <= set(snap["players"][0]["counters"])
    set_aside = next(e for e in run["events"] if e["kind"] == "set_aside")
    assert "图书馆" in set_aside["say"]["zh-Hans"] or "铁匠铺" in set_aside["say"]["zh-Hans"]
    discarded = next(e for e in run["events"] if e["kind"] == "discard" and e["from_zone"] == "set_aside")
    assert run["highlight"][0] == discarded["seq"] > set_aside["seq"]  # the ★: discarded once drawing is over


def test_snapshots_let_a_viewer_step_backwards():
    run = engine.run_scenario(engine.load_scenario("library-set-aside-not-shuffled"), NAMES).to_dict()
    first, last = run["snapshots"][0], run["snapshots"][-1]
    assert first["players"][0]["zones"]["hand"] == ["library", "copper", "copper"]
    assert last["players"][0]["zones"]["discard"] == ["smithy"]


def test_a_script_that_does_not_fit_fails_the_run_showing_answer_and_decision():
    raw = yaml.safe_load(engine.load_scenario("mine-usual-upgrades").path.read_text(encoding="utf-8"))
    bad = copy.deepcopy(raw)
    bad["script"][2] = "gold"  # Copper trashed: Gold costs more than $3 more
    run = engine.run_scenario(scenario_from_dict(bad), {})
    assert not run.passed
    assert any("script[2]" in f and "'gold'" in f and "mine" in f for f in run.failures)


def test_an_unmet_expectation_fails_the_run_naming_the_field():
    raw = yaml.safe_load(engine.load_scenario("smithy-draw-three").path.read_text(encoding="utf-8"))
    raw["expect"]["players"][0]["zones"]["hand"] = ["gold"]
    run = engine.run_scenario(scenario_from_dict(raw), {})
    assert not run.passed and run.failures[0].startswith("expect.players[0].zones.hand")


def test_narration_is_complete_in_three_languages_and_uses_card_names():
    import re

    from corpus.model import DATASET_PATH, load_dataset

    if not DATASET_PATH.exists():
        pytest.skip("dataset not built")
    names = {e.id.split("/", 1)[1]: dict(e.names) for e in load_dataset().entries if e.game == "dominion"}
    slug = re.compile(r"\b(" + "|".join(sorted(CARDS, key=len, reverse=True)) + r")\b")
    for info in INFOS:
        for event in engine.run_scenario(engine.load_scenario(info.path), names).events:
            for lang in ("en", "zh-Hans", "zh-Hant"):
                text = event.say[lang]
                assert text and "{" not in text, (info.id, event.kind, lang, text)
                if lang != "en" and all(c in names for c in event.cards):
                    assert not slug.search(text), (info.id, event.kind, text)
                if event.kind == "decision":
                    prompt = event.data["decision"]["prompt"][lang]
                    assert prompt and "{" not in prompt, (info.id, prompt)
