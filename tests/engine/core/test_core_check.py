"""`refapp scenario check`'s library checks: copies refused, set-up-only runs, runs with nothing
highlighted and a ★ that is not the ruling's event flagged, and the shipped library held to them
(a ratchet list while contents are fixed)."""

from __future__ import annotations

import copy
from pathlib import Path

import yaml
from test_core_scenarios import VALID

import engine
from engine.core import scenario_from_dict
from engine.core.check import duplicate_bodies, run_problems
from engine.core.scenario import scenario_paths

PENDING = Path(__file__).with_name("weak_scenarios.txt")

SMITHY = {  # the core loader tests' Smithy scenario, drawing three different cards, highlighted
    **copy.deepcopy(VALID),
    "id": "check-smithy",
    "players": [
        {"name": "A", "zones": {"hand": ["smithy"], "deck": ["copper", "silver", "gold"]}},
        {"name": "B"},
    ],
    "expect": {"players": [{"zones": {"hand": ["copper", "silver", "gold"]}}]},
    "highlight": [{"kind": "draw"}],
}


def problems_of(raw: dict) -> list[str]:
    scenario = scenario_from_dict(raw)
    return run_problems(scenario, engine.run_scenario(scenario, {}))


def test_a_run_that_changes_what_it_expects_and_highlights_it_is_not_flagged():
    assert problems_of(copy.deepcopy(SMITHY)) == []


def test_expectations_that_hold_at_set_up_are_flagged_unless_kind_setup():
    raw = copy.deepcopy(SMITHY)
    raw["expect"] = {"players": [{"zones": {"hand": ["smithy"]}, "counters": {"actions": 1}}]}
    raw["script"], raw["setup"] = [[]], {"stop": "action"}  # plays nothing: the hand never changes
    raw["highlight"] = [{"kind": "answer"}]
    assert any("already holds before the first event" in p for p in problems_of(raw))
    raw["kind"] = "setup"
    assert problems_of(raw) == []


def test_only_absent_expectations_hold_at_set_up():
    raw = copy.deepcopy(SMITHY)
    raw["expect"] = {"absent": [{"kind": "shuffle"}]}
    assert any("already holds" in p for p in problems_of(raw))


def test_a_highlight_that_matches_no_event_and_a_run_without_highlight_are_flagged():
    raw = copy.deepcopy(SMITHY)
    raw["highlight"] = [{"kind": "trash"}]
    found = problems_of(raw)
    assert "highlight[0]: no event of the log matches {'kind': 'trash'}" in found
    assert any(p.startswith("highlight: no event is highlighted") for p in found)
    del raw["highlight"]
    assert any(p.startswith("highlight: no event is highlighted") for p in problems_of(raw))
    raw["expect"]["events"] = [{"kind": "draw", "player": 0}]  # expect.events highlight by default
    assert problems_of(raw) == []


def test_two_files_with_the_same_body_are_refused(tmp_path):
    a = copy.deepcopy(SMITHY)
    b = {**copy.deepcopy(SMITHY), "id": "check-other", "ruling": "other", "title": {**SMITHY["title"]},
         "highlight": [{"kind": "play"}]}
    c = {**copy.deepcopy(SMITHY), "id": "check-third", "seed": 3}
    for raw in (a, b, c):
        (tmp_path / f"{raw['id']}.yaml").write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    found = duplicate_bodies(sorted(tmp_path.glob("*.yaml")))
    assert len(found) == 1 and found[0].startswith("check-other: same body as check-smithy")


def test_the_shipped_library_has_no_copies():
    assert duplicate_bodies(scenario_paths()) == []


def pending() -> set[tuple[str, str]]:
    lines = [line.split("#", 1)[0].strip() for line in PENDING.read_text(encoding="utf-8").splitlines()]
    return {tuple(line.split(None, 1)) for line in lines if line}  # type: ignore[misc]


def test_weak_scenarios_are_exactly_the_listed_ones():
    """Every shipped scenario is checked; the list of known weak ones may only shrink."""
    found: set[tuple[str, str]] = set()
    for info in engine.list_scenarios():
        scenario = engine.load_scenario(info.path)
        for problem in run_problems(scenario, engine.run_scenario(scenario, {})):
            found.add((info.id, "set-up only" if problem.startswith("expect:") else "nothing highlighted"))
    new = sorted(found - pending())
    fixed = sorted(pending() - found)
    assert new == [], f"newly weak scenarios (fix them; do not add them to {PENDING.name}): {new}"
    assert fixed == [], f"fixed: delete these lines from {PENDING.name}: {fixed}"


def feast_with(highlight: list[dict]) -> list[str]:
    """The Throne Room on Feast demo (the ruling: two gains, Feast trashed once) with another ★."""
    path = next(scenario_paths_named("feast-throne-room-gains-two"))
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    raw["highlight"] = highlight
    return problems_of(raw)


def scenario_paths_named(stem: str):  # type: ignore[no-untyped-def]
    return (p for p in scenario_paths() if p.stem == stem)


def test_the_shipped_star_of_the_feast_demo_is_the_failed_second_trash():
    shipped = [{"kind": "trash_failed", "cards": ["feast"]}, {"kind": "gain", "cards": ["festival"]}]
    assert feast_with(shipped) == []


def test_a_star_before_the_rulings_event_is_flagged():
    """Planted: the old Feast highlight opened the demo at the first gain, before the ruling's event."""
    found = feast_with([{"kind": "trash_failed"}, {"kind": "gain"}])
    assert any("comes before the ruling's event" in p for p in found), found


def test_a_star_matcher_naming_several_events_is_flagged():
    found = feast_with([{"kind": "gain"}, {"kind": "trash_failed"}])
    assert any("matches 2 different events" in p for p in found), found


def test_a_star_on_an_event_the_expectations_do_not_check_is_flagged():
    raw = copy.deepcopy(SMITHY)
    raw["expect"] = {"players": [None, {"zones": {"hand": []}}]}  # only B is expected; the ★ is A's draw
    found = problems_of(raw)
    assert any("is not one the expectations check" in p for p in found), found


def test_every_shipped_star_is_the_rulings_event():
    """`refapp scenario check`'s ★ check holds for the whole library (357 demos)."""
    from engine.core.check import star_problems

    found = []
    for info in engine.list_scenarios():
        scenario = engine.load_scenario(info.path)
        found.extend(f"{info.id}: {p}" for p in star_problems(scenario, engine.run_scenario(scenario, {})))
    assert found == []
