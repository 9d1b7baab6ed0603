"""Conformance against pyminion 0.4.0: every 2nd-edition card both engines have, played from random
states with the same shuffles and the same decisions, ends in the same zones and counters, except
for pyminion's listed deviations (docs/quality.md, Conformance). Skipped when pyminion is absent."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyminion")

ROOT = Path(__file__).resolve().parents[3]


def _load():
    spec = importlib.util.spec_from_file_location("conformance", ROOT / "scripts" / "conformance.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["conformance"] = mod
    spec.loader.exec_module(mod)
    return mod


conformance = _load()
CARDS = conformance.common_cards()
STATES = 30


def test_every_shared_card_is_compared():
    # the 2nd-edition kingdom minus Gardens (a Victory card, never played): 25 Actions
    assert len(CARDS) == 25
    assert {"throne-room", "library", "sentry", "bandit", "vassal", "moat"} <= set(CARDS)


@pytest.mark.parametrize("card", CARDS)
def test_card_agrees_with_pyminion(card):
    rep = conformance.compare([card], STATES)
    assert rep.compared == STATES
    shown = [f"seed {st.seed}: " + "; ".join(d) for st, d in rep.unexplained[:3]]
    assert not rep.unexplained, f"{card}: {len(rep.unexplained)} unexplained\n" + "\n".join(shown)


def test_random_states_exercise_the_rules_that_matter():
    # the states reach the situations the explanations and the hard cases need
    setups = [conformance.random_setup(c, k) for c in CARDS for k in range(STATES)]
    assert any(len(s.players) == 4 for s in setups) and any(len(s.players) == 2 for s in setups)
    assert any(not s.players[0]["deck"] and s.players[0]["discard"] for s in setups)  # a shuffle is due
    assert any(0 in s.supply.values() for s in setups)  # Poacher's empty piles
    assert any("moat" in p["hand"] for s in setups for p in s.players[1:])


def test_a_broken_rule_is_caught(monkeypatch):
    # plant a defect in our engine (Militia discards down to 4): the comparison must report it
    from engine.dominion import effects

    def militia(game, r):
        effects._plus(game, "militia", coins=2)

        def hit(v):
            hand = game.state.players[v].hand
            excess = len(hand) - 4
            if excess > 0:
                game.discard_cards(v, list(hand)[:excess])

        game.attack("militia", hit)

    monkeypatch.setitem(effects.EFFECTS, "militia", militia)
    assert conformance.compare(["militia"], STATES).unexplained


def test_the_same_question_gets_the_same_answer_in_both_engines():
    a = conformance.choose(7, "discard:cellar", 0, ["copper", "estate", "copper"], 0, 3)
    b = conformance.choose(7, "discard:cellar", 0, ["estate", "copper", "copper"], 0, 3)
    assert a == b
    assert conformance.shared_shuffle(3, ["b", "a", "c"]) == conformance.shared_shuffle(3, ["c", "b", "a"])


def _setup(hand, deck=(), discard=(), seed=0, opponents=1):
    from engine.dominion.supply import build_supply

    kingdom = sorted(["throne-room", "merchant", "library", "remodel", "village", "smithy", "cellar",
                      "market", "moat", "militia"])
    players = [{"hand": list(hand), "deck": list(deck)[::-1], "discard": list(discard)}]
    players += [{"hand": ["copper"] * 5, "deck": [], "discard": []} for _ in range(opponents)]
    return conformance.Setup(seed=seed, card=hand[0], kingdom=kingdom, players=players,
                             supply=build_supply(1 + opponents, "2e", kingdom), actions=1, buys=1, coins=0)


def _explain(st):
    ours, theirs = conformance.run_ours(st), conformance.run_theirs(st)
    hits = [ex.key for ex in conformance.EXPLAINED if ex.applies(st, ours, theirs)]
    return ours, theirs, hits


def test_pyminion_loses_the_cards_library_set_aside():
    seed = next(s for s in range(100) if conformance.yes(s, "library:village", 0))
    ours, theirs, hits = _explain(_setup(["library"], deck=["village"], seed=seed))
    # the rules: the set-aside Village is discarded once drawing is over; pyminion drops it
    assert ours.players[0]["discard"]["village"] == 1
    assert theirs.players[0]["discard"]["village"] == 0 and theirs.players[0]["hand"]["village"] == 0
    assert hits == ["library-loses-set-aside"]


def test_pyminion_fails_on_remodel_with_an_empty_hand():
    ours, theirs, hits = _explain(_setup(["remodel"]))
    assert ours.error is None and ours.trash == conformance.Counter()  # nothing to trash, nothing gained
    assert theirs.error and hits == ["remodel-empty-hand"]


def test_throne_room_merchant_pays_two_with_the_first_silver():
    ours, theirs, hits = _explain(_setup(["throne-room", "merchant", "silver"], deck=["copper", "copper"]))
    assert ours.counters[2] == 2 + 2 + 2  # two Coppers drawn, Silver, +$1 for each Merchant play
    assert theirs.counters[2] == ours.counters[2] - 1
    assert hits == ["throne-room-merchant"]


def test_an_explanation_does_not_hide_a_defect_of_ours(monkeypatch):
    # a Merchant of ours that paid +$2 per play would differ by more than the listed deviation
    from engine.dominion import effects

    def merchant(game, r):
        effects._plus(game, "merchant", cards=1, actions=1)
        if not game.silver_played:
            game.merchants += 2

    monkeypatch.setitem(effects.EFFECTS, "merchant", merchant)
    _, _, hits = _explain(_setup(["throne-room", "merchant", "silver"], deck=["copper", "copper"]))
    assert hits == []


# --------------------------------------------------------------------------- interaction classes
PAIR_STATES = 12


def test_interaction_matrix_runs_finish_and_agree_with_the_rulings():
    matrix = conformance.interaction_matrix(PAIR_STATES)
    sizes = {name: rep.pairs for name, rep in matrix.items()}
    assert sorted(sizes.values()) == [4, 25]  # every Attack x Moat; Throne Room x every Action
    for name, rep in matrix.items():
        assert rep.runs == rep.pairs * PAIR_STATES
        shown = [f"{st.card}+{st.throne_target} seed {st.seed}: {d}" for st, d in rep.problems[:3]]
        assert not rep.problems, f"{name}:\n" + "\n".join(shown)
    moat = next(rep for name, rep in matrix.items() if "Moat" in name)
    assert 0 < moat.blocked < moat.runs  # Moat revealed in some runs, not in others


def test_matrix_catches_an_attack_that_ignores_moat(monkeypatch):
    from engine.dominion.table import DominionTable

    def attack(self, card, hit):
        for k in range(1, len(self.state.players)):
            hit((self.state.active + k) % len(self.state.players))

    monkeypatch.setattr(DominionTable, "attack", attack)
    matrix = conformance.interaction_matrix(PAIR_STATES)
    moat = next(rep for name, rep in matrix.items() if "Moat" in name)
    assert any("revealed Moat but was affected" in line for _, d in moat.problems for line in d)


def test_matrix_catches_a_throne_room_that_spends_an_action(monkeypatch):
    from engine.dominion import effects

    original = effects.EFFECTS["throne-room"]

    def throne_room(game, r):
        game.state.actions -= 1
        original(game, r)

    monkeypatch.setitem(effects.EFFECTS, "throne-room", throne_room)
    matrix = conformance.interaction_matrix(PAIR_STATES)
    throne = next(rep for name, rep in matrix.items() if "Throne" in name)
    assert any("actions after Throne Room" in line for _, d in throne.problems for line in d)
