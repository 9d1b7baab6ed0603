"""The interaction matrix (issue 25): every pair run of every class is shipped, up to date, passes,
stars its interaction, reads as words in three scripts, stays within the sandbox's event budget,
and agrees with the rulings of the two cards it plays (a disagreement fails here)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

import engine
from corpus.model import load_dataset
from engine.core.check import duplicate_bodies, run_problems
from engine.core.narration_scan import scan_events, scan_localised
from engine.core.registry import game_names
from engine.core.scenario import scenario_paths
from engine.interactions import generate, pair_infos, pairs_for
from refapp.catalog import Catalog

GAMES = game_names()


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.from_dataset(load_dataset())


@pytest.fixture(scope="module")
def runs(catalog) -> dict[str, tuple[Any, Any]]:
    """Every shipped pair file, loaded and run with the web app's card names: id -> (scenario, run)."""
    out = {}
    for info in pair_infos():
        scenario = generate.load_pair(info.path)
        out[info.id] = (scenario, engine.run_scenario(scenario, catalog.slug_names(info.game, info.edition)))
    return out


def test_every_pair_of_every_class_is_shipped_and_up_to_date(catalog):
    from refapp.pair_runs import names_by_edition

    for game in GAMES:
        assert generate.stale(game, names_by_edition(catalog, game)) == []
    built = {p.id for g in GAMES for p in generate.pairs(g)}
    assert {i.id for i in pair_infos()} == built
    sizes = Counter(p.cls.id for g in GAMES for p in generate.pairs(g))
    # the classes the issue names, each with more than one pair (Warlord × a completed city: one)
    for cls in ("throne-room", "vassal", "harbinger", "moat", "library", "council-room", "chapel",
                "remodel", "mine-trash", "moneylender", "workshop", "feast", "artisan", "mine-gain",
                "gardens", "assassin", "thief", "witch", "magician", "warlord", "warlord-protection",
                "scoring"):
        assert sizes[cls] > 1, cls


def test_every_pair_run_finishes_passes_and_stars_its_interaction(runs):
    problems = []
    for pid, (scenario, run) in runs.items():
        if not run.passed:
            problems.append(f"{pid}: {run.failures[:2]}")
        problems.extend(f"{pid}: {p}" for p in run_problems(scenario, run))
        if len(run.events) > generate.EVENT_BUDGET:
            problems.append(f"{pid}: {len(run.events)} events, over the sandbox's budget")
    assert len(runs) == 817
    assert not problems, "\n".join(problems[:20])


def test_every_pair_run_agrees_with_the_rulings_of_its_two_cards(runs, catalog):
    by_id = generate.pairs_by_id()
    problems = []
    for pid, (_scenario, run) in runs.items():
        pair = by_id[pid]
        cited = [c.ruling for c in pair.cls.checks if generate.applies(c.when, pair)]
        assert cited, f"{pid} cites no ruling"
        for ref in cited:
            entry_id, _, ruling_id = ref.partition("#")
            entry = catalog.get(entry_id)
            known = entry is not None and any(r.id == ruling_id for r in entry.rulings)
            assert known, f"{pid}: {ref} is no ruling"
        cards = {f"{pair.cls.game}/{pair.x}", f"{pair.cls.game}/{pair.y}"}
        assert any(ref.partition("#")[0] in cards for ref in cited), f"{pid}: no ruling of its cards"
        problems += generate.agreement(pair, run.events, run.snapshots[-1])
    assert not problems, "\n".join(problems[:20])


def test_a_run_that_breaks_a_ruling_is_reported_as_a_disagreement_naming_it(runs):
    """Throne Room played once instead of twice: the play-twice ruling disagrees."""
    pair = generate.pairs_by_id("dominion")["pair-throne-room-village-2e"]
    _scenario, run = runs[pair.id]
    once = [e for e in run.events if not (e.kind == "resolve" and e.data.get("time") == 2)]
    problems = generate.agreement(pair, once, run.snapshots[-1])
    assert any("dominion/throne-room#play-twice" in p for p in problems)
    # and a Moat that blocked nothing: the attacked hand changed
    pair = generate.pairs_by_id("dominion")["pair-moat-witch-small-hand-2e"]
    _scenario, run = runs[pair.id]
    final = run.snapshots[-1]
    broken = {**final, "players": [final["players"][0],
                                   {**final["players"][1], "zones": {**final["players"][1]["zones"],
                                                                     "discard": ["curse"]}},
                                   final["players"][2]]}
    problems = generate.agreement(pair, run.events, broken)
    assert any("dominion/moat#unaffected-by-attack" in p for p in problems)


def test_every_pair_run_reads_as_words_in_three_scripts(runs):
    problems = []
    for pid, (scenario, run) in runs.items():
        assert set(scenario.title) == {"en", "zh-Hans", "zh-Hant"}
        problems += scan_localised(f"{pid} title", scenario.title)
        problems += scan_events(pid, run.to_dict()["events"])
    assert not problems, f"{len(problems)} id-like tokens, e.g.:\n" + "\n".join(problems[:20])


def test_no_pair_run_repeats_another_run_or_a_library_scenario():
    assert duplicate_bodies([i.path for i in pair_infos()] + scenario_paths()) == []


def test_the_runs_are_deterministic(runs, catalog):
    info = pair_infos()[0]
    again = engine.run_scenario(generate.load_pair(info.path), catalog.slug_names(info.game, info.edition))
    assert again.to_dict() == runs[info.id][1].to_dict()


def test_pairs_for_finds_a_pair_either_way_round():
    found = pairs_for("dominion/moat", "dominion/witch")
    assert {p.cls for p in found} == {"moat"} and len(found) == 4  # 1st and 2nd edition, two hand sizes
    assert pairs_for("dominion/witch", "dominion/moat") == found
    assert pairs_for("dominion/moat", "citadels/keep") == []


def test_a_class_that_does_not_fit_a_pair_is_refused_naming_it():
    cls = next(c for c in generate.load_classes("dominion") if c.id == "throne-room")
    broken = replace(cls, situation={**cls.situation, "setup": {"stop": "nonsense"}})
    with pytest.raises(generate.PairError, match="throne-room"):
        generate.build_pair(generate.Pair(broken, "throne-room", "village", "2e", {}), {})


def test_every_pair_title_and_step_passes_the_display_text_contract(runs):
    """The contract every displayed field meets (corpus/display_contract.py): no working words,
    the glossary's words for each concept, Taiwan usage in zh-Hant, full-width punctuation."""
    from corpus.display_contract import _localised, load_taiwan_vocabulary, scan
    from corpus.glossary import load_glossary

    fields = []
    for pid, (scenario, run) in runs.items():
        ed = scenario.edition if scenario.edition in ("1e", "2e") else None
        title = dict(scenario.title)
        fields += _localised("scenario", scenario.game, ed, f"scenario {pid} title", title, "title")
        for ev in run.to_dict()["events"]:
            fields += _localised("narration", scenario.game, ed, f"scenario {pid} step {ev['seq']}",
                                 ev.get("say"), "say")
    findings = scan(fields, load_glossary(), load_taiwan_vocabulary())
    shown = [f"{f.field.where} [{f.field.lang}] {f.kind}: {f.match}" for f in findings[:20]]
    assert not findings, "\n".join(shown)
