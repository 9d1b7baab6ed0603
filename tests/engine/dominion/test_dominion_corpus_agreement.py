"""The engine's set-up agrees with the curated rules data (pile sizes, starting deck, recommended sets)."""

from pathlib import Path

import pytest
import yaml

from engine.core import Shuffler
from engine.dominion import new_game_state
from engine.dominion.supply import build_supply, validate_kingdom

RULES = Path(__file__).resolve().parents[3] / "corpus" / "curated" / "dominion" / "rules.yaml"


def extra(entry_id):
    if not RULES.exists():
        pytest.skip("curated rules not present")
    for entry in yaml.safe_load(RULES.read_text(encoding="utf-8")):
        if entry["id"] == entry_id and entry.get("extra"):
            return entry["extra"]
    pytest.skip(f"{entry_id} has no machine-readable extra yet")


@pytest.mark.parametrize("edition", ["1e", "2e"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_pile_sizes_match_the_curated_setup_table(edition, players):
    table = extra("dominion/rules/setup")["pile_sizes"][str(players)]
    supply = build_supply(players, edition, ["smithy", "gardens"])
    for pile in ("copper", "silver", "gold", "estate", "duchy", "province", "curse"):
        assert supply[pile] == table[pile], pile
    assert supply["smithy"] == table["kingdom"] and supply["gardens"] == table["victory_kingdom"]


def test_starting_deck_and_hand_match_the_curated_setup():
    setup = extra("dominion/rules/setup")
    state = new_game_state(["a", "b"], "1e", [], Shuffler(seed=2))
    p = state.players[0]
    assert len(p.hand) == setup["hand_size"]
    assert {c: p.all_cards().count(c) for c in setup["starting_deck"]} == setup["starting_deck"]
    assert len(p.all_cards()) == sum(setup["starting_deck"].values())


def test_every_recommended_kingdom_is_a_valid_ten_card_kingdom():
    for kingdom in extra("dominion/rules/recommended-kingdoms")["sets"]:
        assert len(kingdom["cards"]) == 10 and validate_kingdom(kingdom["cards"], kingdom["edition"]) == []


def test_the_engine_ships_no_copy_of_the_chinese_card_names():
    from corpus.model import DATASET_PATH, load_dataset

    if not DATASET_PATH.exists():
        pytest.skip("dataset not built")
    names = {
        n
        for e in load_dataset().entries
        if e.game == "dominion" and e.kind == "card"
        for n in (e.names["zh-Hans"], e.names["zh-Hant"])
    }
    engine_dir = Path(__file__).resolve().parents[3] / "engine"
    for path in list((engine_dir / "dominion").glob("*.py")) + list((engine_dir / "core").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not [n for n in names if n in text], path.name
