"""The generator's computed values for fixed shuffles (engine/interactions/generate.py): ``arranged``
puts the ``lead`` cards first, ``{y}`` filled in, then the rest of the ``cast`` in its order."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.interactions import generate


def _pair(y: str, **variant: object) -> generate.Pair:
    cls = next(c for c in generate.load_classes("citadels") if c.id == "draft-face-down-king")
    return generate.Pair(cls, cls.x, y, None, dict(variant))


CAST = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]


def test_arranged_puts_the_lead_first_with_y_filled_in_then_the_rest_of_the_cast():
    pair = _pair("bishop", cast=CAST, lead=["king", "{y}"])
    values = {"y": "bishop", "cast": CAST, "lead": ["king", "{y}"]}
    order = generate.VALUES["arranged"](pair, values)
    assert order == ["king", "bishop", "assassin", "thief", "magician", "merchant", "architect", "warlord"]
    assert sorted(order) == sorted(CAST)  # an arrangement of exactly the cast: the shuffle accepts it
    assert generate.VALUES["rest"](pair, values) == order[2:]


def test_the_cast_may_name_y_too():
    cast = [*CAST, "{y}"]
    values = {"y": "queen", "cast": cast, "lead": ["king"]}
    order = generate.VALUES["arranged"](_pair("queen"), values)
    assert order[0] == "king" and order[-1] == "queen" and len(order) == 9


def test_a_class_using_them_gets_one_shuffle_per_pair():
    pair = generate.pairs_by_id("citadels")["pair-draft-face-down-king-thief-seven-players"]
    raw, values = generate.situation(pair, {})
    assert raw["shuffles"] == [["king", "thief", "assassin", "magician", "bishop", "merchant", "architect",
                                "warlord"]]
    assert values["rest"] == ["assassin", "magician", "bishop", "merchant", "architect", "warlord"]


def test_a_variants_values_may_name_the_pairs_cards():
    pair = generate.pairs_by_id("citadels")["pair-build-quarry-manor-second-copy"]
    values = generate.template_values(pair)
    assert values["city"] == ["quarry", "manor", "manor"]
    raw, _ = generate.situation(pair, {})
    assert raw["players"][0]["zones"]["city"] == ["quarry", "manor", "manor"]


def test_a_class_whose_game_never_ends_is_refused_not_played_forever():
    """Two players end at ten districts: a Bell Tower's seventh ends nothing, nobody builds, and
    the game would go on round after round. The generator stops it at the event budget."""
    cls = next(c for c in generate.load_classes("citadels") if c.id == "build-bell-tower")
    endless = replace(cls, situation={**cls.situation, "players": cls.situation["players"][:2]})
    variant = next(v for v in cls.variants if v["id"] == "announced")
    with pytest.raises(generate.PairError, match="build-bell-tower.*still playing after"):
        generate.build_pair(generate.Pair(endless, cls.x, "bell-tower", None, variant), {})
