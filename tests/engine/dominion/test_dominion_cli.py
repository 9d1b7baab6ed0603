"""`refapp scenario list|run|check` and `refapp simulate` (Dominion)."""

import json

from click.testing import CliRunner

from refapp.cli import main


def invoke(*args):
    return CliRunner().invoke(main, list(args))


def test_scenario_list_json_names_entry_and_ruling():
    result = invoke("scenario", "list", "--json")
    assert result.exit_code == 0
    items = json.loads(result.stdout)
    lib = next(i for i in items if i["id"] == "library-set-aside-discarded-after")
    assert lib["entry"] == "dominion/library" and lib["ruling"] == "set-aside-discarded-after"
    assert {"entry": "dominion/library", "ruling": "set-aside-not-shuffled"} in lib["rulings"]
    smithy = next(i for i in items if i["id"] == "smithy-draw-three")
    assert {"entry": "dominion/terms/hand", "ruling": "play-from-hand"} in smithy["rulings"]
    assert "hand-play-from-hand" in smithy["aliases"]


def test_scenario_run_prints_narration_and_passes():
    result = invoke("scenario", "run", "feast-throne-room-gains-two", "--lang", "zh-Hant")
    assert result.exit_code == 0 and "PASSED" in result.stdout


def test_scenario_run_json_is_the_run_dict():
    result = invoke("scenario", "run", "witch-curses-in-turn-order", "--json")
    data = json.loads(result.stdout)
    assert data["passed"] and data["entry"] == "dominion/witch"


def test_a_malformed_file_is_refused_with_field_and_problem(tmp_path):
    bad = tmp_path / "broken.yaml"
    bad.write_text(
        "id: broken\ngame: dominion\nedition: 1e\nentry: dominion/smithy\nruling: null\n"
        "title: {en: x, zh-Hans: x, zh-Hant: x}\nplayers: [{name: A, zones: {hand: [Smithy]}}, {name: B}]\n",
        encoding="utf-8",
    )
    result = invoke("scenario", "run", str(bad))
    assert result.exit_code == 1 and "players[0].zones.hand[0]" in result.output
    assert "Traceback" not in result.output


def test_unknown_scenario_id_is_a_clear_error():
    result = invoke("scenario", "run", "no-such-scenario")
    assert result.exit_code == 1 and "no scenario named" in result.output


def test_simulate_prints_rates_and_is_deterministic():
    args = (
        "simulate",
        "--edition",
        "2e",
        "--players",
        "BM,SmithyBM",
        "--games",
        "6",
        "--seed",
        "4",
        "--json",
    )
    first, second = invoke(*args), invoke(*args)
    assert first.exit_code == 0 and first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert data["games"] == 6 and {p["name"] for p in data["players"]} == {"BM", "SmithyBM"}
    assert sum(p["wins"] for p in data["players"]) + data["players"][0]["ties"] <= 6


def test_simulate_refuses_bad_input_without_a_traceback():
    for args in (("--players", "BM,Nobody"), ("--kingdom", "smithy,artisan"), ("--edition", "3e")):
        result = invoke("simulate", "--games", "2", *args)
        assert result.exit_code != 0 and "Traceback" not in result.output


def test_simulate_accepts_a_recommended_kingdom_by_name():
    from refapp.commands.engine import recommended_kingdoms

    sets = recommended_kingdoms()
    if "first-game" not in sets:
        import pytest

        pytest.skip("dataset has no recommended sets")
    result = invoke("simulate", "--kingdom", "first-game", "--games", "2", "--json")
    assert result.exit_code == 0
    assert sorted(json.loads(result.stdout)["kingdom"]) == sorted(sets["first-game"]["cards"])
    wrong = invoke("simulate", "--kingdom", "first-game", "--edition", "2e", "--games", "2")
    assert wrong.exit_code != 0 and "edition" in wrong.output


def test_simulate_dispatches_citadels_through_the_registry():
    import pytest

    from engine.core import UnknownGameError, game_module

    try:
        game_module("citadels")
    except UnknownGameError:
        pytest.skip("citadels engine not available")
    result = invoke(
        "simulate", "--game", "citadels", "--players", "4", "--games", "2", "--seed", "1", "--json"
    )
    assert result.exit_code == 0 and json.loads(result.stdout)


def test_scenario_run_falls_back_to_slugs_with_a_warning_without_the_dataset(monkeypatch, tmp_path):
    import corpus.model

    monkeypatch.setattr(corpus.model, "DATASET_PATH", tmp_path / "missing.json")
    result = CliRunner().invoke(main, ["scenario", "run", "smithy-draw-three"])
    assert result.exit_code == 0
    assert "warning: card names unavailable" in result.output and "smithy" in result.output
