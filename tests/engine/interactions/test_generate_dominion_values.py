"""The interaction classes' template values: class defaults, a variant's and a card's own values
(each may name {x}/{y}), and the computed supply limits."""

from __future__ import annotations

from dataclasses import replace

from engine.interactions import generate


def _village_then() -> generate.PairClass:
    return next(c for c in generate.load_classes("dominion") if c.id == "village-then")


def test_defaults_are_overridden_by_the_variant_then_by_the_card():
    cls = replace(_village_then(), defaults={"hand": 4, "coins": 0, "buys": 1},
                  per_y={"smithy": {"hand": 7}}, variants=[{"id": "v", "coins": 3}])
    values = generate.template_values(generate.Pair(cls, "village", "smithy", "1e", cls.variants[0]))
    assert (values["hand"], values["coins"], values["buys"]) == (7, 3, 1)
    other = generate.template_values(generate.Pair(cls, "village", "market", "1e", cls.variants[0]))
    assert (other["hand"], other["coins"]) == (4, 3)


def test_a_variants_values_may_name_the_two_cards():
    cls = replace(_village_then(), variants=[{"id": "v", "bob_hand": ["{y}", "copper", "{x}"]}],
                  defaults={"pile": "{y}-pile"})
    values = generate.template_values(generate.Pair(cls, "village", "smithy", "2e", cls.variants[0]))
    assert values["bob_hand"] == ["smithy", "copper", "village"]
    assert values["pile"] == "smithy-pile"
    # and the situation built from them holds the cards, not the field names
    body, _ = generate.situation(generate.Pair(cls, "village", "smithy", "2e", cls.variants[0]), {})
    assert "{y}" not in str(body["players"])


def test_supply_up_to_is_the_basic_piles_and_the_two_cards_within_the_limit():
    cls = next(c for c in generate.load_classes("dominion") if c.id == "workshop-after-coins")
    values = generate.template_values(generate.Pair(cls, "workshop", "festival", "2e", {}))
    assert values["supply_up_to_4"] == ["copper", "curse", "estate", "silver", "workshop"]
    assert "festival" not in values["supply_up_to_4"]  # costs 5
    pair = generate.Pair(cls, "workshop", "festival", "2e", {})
    assert "festival" in generate.VALUES["supply_up_to_5"](pair, {})
