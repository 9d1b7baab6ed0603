"""The mutation gate (scripts/mutation.py) refuses to start when the unmutated code already fails a
scenario or an engine test: a mutant "killed" by a check that fails anyway proves nothing."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import engine.dominion.effects as effects

ROOT = Path(__file__).resolve().parents[2]


def _load():
    spec = importlib.util.spec_from_file_location("mutation", ROOT / "scripts" / "mutation.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["mutation"] = mod
    spec.loader.exec_module(mod)
    return mod


mutation = _load()
ONE_FUNCTION = ["--game", "dominion", "--only", "engine/dominion/effects.py:village", "--workers", "1"]


def _smithy_draws_two(game, r):  # run with effects' globals once swapped in as smithy's code
    _plus(game, "smithy", cards=2)  # noqa: F821


def test_a_failing_engine_test_stops_the_gate(tmp_path, monkeypatch, capsys):
    failing = tmp_path / "test_planted.py"
    failing.write_text("def test_planted():\n    assert 1 == 2\n")
    monkeypatch.setitem(mutation.ENGINE_TESTS, "dominion", [str(failing)])
    out = tmp_path / "result.json"
    assert mutation.main([*ONE_FUNCTION, "--json", str(out)]) == 2
    err = capsys.readouterr().err
    assert "refusing to start" in err and "test_planted" in err
    assert not out.exists()  # no mutant was run


def test_a_failing_scenario_stops_the_gate(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(effects.smithy, "__code__", _smithy_draws_two.__code__)
    out = tmp_path / "result.json"
    assert mutation.main([*ONE_FUNCTION, "--scenarios-only", "--json", str(out)]) == 2
    err = capsys.readouterr().err
    assert "refusing to start" in err and "scenario " in err and " fails" in err
    assert not out.exists()


def test_a_sound_baseline_lets_the_gate_start():
    assert mutation.refuse_if_broken(["dominion"], False, True) == 0
