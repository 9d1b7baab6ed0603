"""Random kingdoms x bots x seeds: no card is ever created or lost, and a seed replays the same game."""

from dominion_helpers import census
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import EventLog, Shuffler
from engine.dominion import Game, kingdom_cards, make_bot, new_game_state

EDITIONS = st.sampled_from(["1e", "2e"])
BOTS = st.sampled_from(["General", "General", "BM", "SmithyBM"])


@st.composite
def games(draw):
    edition = draw(EDITIONS)
    kingdom = draw(st.lists(st.sampled_from(kingdom_cards(edition)), min_size=10, max_size=10, unique=True))
    if "smithy" not in kingdom:
        kingdom[0] = "smithy"
    bots = draw(st.lists(BOTS, min_size=2, max_size=4))
    seed = draw(st.integers(min_value=0, max_value=2**31))
    return edition, sorted(kingdom), bots, seed


def play(edition, kingdom, bots, seed, check=True):
    shuffler = Shuffler(seed=seed)
    state = new_game_state([f"{b}{i}" for i, b in enumerate(bots)], edition, kingdom, shuffler)
    log = EventLog(snapshot=state.snapshot, keep_snapshots=False)
    before = census(state)
    if check:

        def conserved(event):
            assert census(state) == before, f"event {event.seq} {event.kind} {event.cards} changed the cards"
            assert all(n >= 0 for n in state.supply.values())

        log.listeners.append(conserved)
    game = Game(state, [make_bot(b, seed + i) for i, b in enumerate(bots)], shuffler, log)
    result = game.play_game(max_turns=60)
    return result, [(e.kind, e.player, tuple(e.cards), e.from_zone, e.to_zone) for e in log.events]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_no_card_is_created_or_lost_and_a_seed_replays_the_game(params):
    result, events = play(*params)
    again, events_again = play(*params, check=False)
    assert result == again and events == events_again
    assert result["reason"] in ("provinces", "three_piles", "turn_limit")
    assert len(result["scores"]) == len(params[2])
