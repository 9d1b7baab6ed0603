"""Invariants over HTTP: random legal situations played with random legal answers never give a 500
and conserve every card and coin after every event; random illegal input gives a 422 (or 400/413)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.citadels import definitions as cd
from engine.dominion.cards import edition_cards

SETTINGS = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
STEPS = 12  # answers given per example


@st.composite
def dominion_situations(draw):  # type: ignore[no-untyped-def]
    edition = draw(st.sampled_from(["1e", "2e"]))
    cards = sorted(edition_cards(edition))
    pile = st.lists(st.sampled_from(cards), max_size=7)
    n = draw(st.integers(2, 4))
    players = [
        {"name": f"P{i}", "zones": {z: draw(pile) for z in ("hand", "deck", "discard")}} for i in range(n)
    ]
    supply = draw(st.dictionaries(st.sampled_from(cards), st.integers(0, 12), max_size=4))
    setup = {
        "active": draw(st.integers(0, n - 1)),
        "phase": draw(st.sampled_from(["action", "buy"])),
        "stop": draw(st.sampled_from(["card", "action", "buy", "turn", 2])),
    }
    return {
        "game": "dominion",
        "edition": edition,
        "seed": draw(st.integers(0, 999)),
        "players": players,
        "supply": supply,
        "shared": {"trash": draw(pile)},
        "setup": setup,
    }


@st.composite
def citadels_situations(draw):  # type: ignore[no-untyped-def]
    n = draw(st.integers(2, 7))
    deck = cd.base_deck()
    rng = random.Random(draw(st.integers(0, 10**6)))
    rng.shuffle(deck)
    players = []
    for i in range(n):
        hand = [deck.pop() for _ in range(draw(st.integers(0, 6)))]
        city = [deck.pop() for _ in range(draw(st.integers(0, 5)))]
        players.append(
            {
                "name": f"P{i}",
                "zones": {"hand": hand, "city": city},
                "counters": {"gold": draw(st.integers(0, 4))},
            }
        )
    setup: dict = {
        "stop": draw(st.sampled_from(["turn", "round", "game"])),
        "crown": draw(st.integers(0, n - 1)),
    }
    if n >= 4 and draw(st.booleans()):  # characters already chosen: the turns start at some rank
        chars = [c.slug for c in cd.CHARACTERS if not c.expansion and c.rank <= 8]
        rng.shuffle(chars)
        for p in players:
            p["zones"]["characters"] = [chars.pop()]
        setup.update(start="turns", from_rank=draw(st.integers(1, 8)))
    return {"game": "citadels", "seed": draw(st.integers(0, 999)), "players": players, "setup": setup}


def dominion_totals(snap: dict) -> Counter:
    cards: Counter = Counter()
    for p in snap["players"]:
        for zone in p["zones"].values():
            cards.update(zone)
    cards.update(snap["shared"].get("trash", []))
    for slug, count in snap["piles"].items():
        cards[slug] += count
    return +cards


def citadels_totals(snap: dict) -> tuple[int, int]:
    districts = snap["piles"]["deck"] + len(snap["shared"].get("drawn", []))
    gold = snap["piles"]["bank"]
    for p in snap["players"]:
        districts += len(p["zones"]["hand"]) + len(p["zones"]["city"]) + p["counters"].get("museum", 0)
        gold += p["counters"]["gold"] + p["counters"].get("gilded", 0)
    return districts, gold


def random_answer(pending: dict, rng: random.Random) -> list[str]:
    options = pending["options"]
    if pending["kind"] == "order":
        return rng.sample(options, len(options))
    return rng.sample(options, rng.randint(pending["min"], min(pending["max"], len(options))))


def play_randomly(client, situation: dict, seed: int, totals) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    answers: list = []
    for _ in range(STEPS):
        r = client.post("/api/sandbox", json={"situation": situation, "answers": answers})
        assert r.status_code == 200, r.get_json()
        run = r.get_json()
        first = totals(run["snapshots"][0])
        for i, snap in enumerate(run["snapshots"]):
            assert totals(snap) == first, f"not conserved after event {i}: {run['events'][i]['kind']}"
        if run["finished"]:
            break
        answers.append(random_answer(run["pending"], rng))
    only_last = client.post("/api/sandbox", json={"situation": situation, "answers": answers,
                                                  "snapshots": "last"}).get_json()
    whole = client.post("/api/sandbox", json={"situation": situation, "answers": answers}).get_json()
    assert only_last["snapshots"] == whole["snapshots"][-1:]  # the board at the end, without the others
    assert only_last["events"] == whole["events"]


@SETTINGS
@given(situation=dominion_situations(), seed=st.integers(0, 999))
def test_dominion_random_play_conserves_cards(client, situation, seed):
    play_randomly(client, situation, seed, dominion_totals)


@SETTINGS
@given(situation=citadels_situations(), seed=st.integers(0, 999))
def test_citadels_random_play_conserves_districts_and_gold(client, situation, seed):
    play_randomly(client, situation, seed, citadels_totals)


JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
PATHS = [
    ("players", 0, "zones", "hand"),
    ("players", 0, "counters"),
    ("supply",),
    ("setup",),
    ("players",),
    ("edition",),
    ("players", 1, "name"),
    ("shared",),
    ("seed",),
    ("kingdom",),
]


def corrupt(situation: dict, path: tuple, value) -> dict:  # type: ignore[no-untyped-def]
    node = situation
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return situation


@SETTINGS
@given(
    base=dominion_situations() | citadels_situations(),
    where=st.sampled_from(PATHS),
    value=JUNK,
    answers=st.lists(JUNK, max_size=3),
)
def test_random_bad_input_is_refused_never_a_500(client, base, where, value, answers):
    situation = corrupt(base, where, value)
    r = client.post("/api/sandbox", json={"situation": situation, "answers": answers})
    assert r.status_code in (200, 400, 413, 422), r.get_data(as_text=True)[:300]
    body = r.get_json()
    if r.status_code == 422:
        assert body["field"] and body["error"]


BREAKS = {
    "unknown card": lambda s, rng: s["players"][0]["zones"]["hand"].append("no-such-card"),
    "negative count": lambda s, rng: s["players"][0].update(
        counters={"gold" if s["game"] == "citadels" else "coins": -rng.randint(1, 9)}
    ),
    "too many cards": lambda s, rng: s["players"][0]["zones"].update(
        hand=["temple"] * 11 if s["game"] == "citadels" else ["copper"] * 61
    ),
    "one player": lambda s, rng: s.update(players=s["players"][:1]),
    "nine players": lambda s, rng: s.update(players=s["players"] * 5),
    "zone not a list": lambda s, rng: s["players"][0]["zones"].update(hand="copper"),
    "unknown zone": lambda s, rng: s["players"][0]["zones"].update(attic=[]),
    "nameless player": lambda s, rng: s["players"][0].pop("name"),
    "unknown setting": lambda s, rng: s["setup"].update(speed=3),
}


@SETTINGS
@given(
    base=dominion_situations() | citadels_situations(),
    how=st.sampled_from(sorted(BREAKS)),
    seed=st.integers(),
)
def test_illegal_situations_are_422_naming_a_field_of_the_situation(client, base, how, seed):
    BREAKS[how](base, random.Random(seed))
    r = client.post("/api/sandbox", json={"situation": base, "answers": []})
    assert r.status_code == 422, (how, r.get_json())
    assert r.get_json()["field"].startswith("situation"), r.get_json()


@SETTINGS
@given(
    situation=dominion_situations(), junk=st.lists(st.text(min_size=1, max_size=10), min_size=1, max_size=3)
)
def test_answers_that_are_not_options_are_422_naming_the_answer(client, situation, junk):
    r = client.post("/api/sandbox", json={"situation": situation, "answers": [["zz-" + j for j in junk]]})
    if r.status_code == 200:  # the situation asked nothing at all
        assert r.get_json()["finished"]
        return
    assert r.status_code == 422
    assert r.get_json()["field"] == "answers[0]"


@SETTINGS
@given(data=JUNK)
def test_any_json_body_is_answered_without_a_500(client, data):
    r = client.post("/api/sandbox", json=data)
    assert r.status_code in (200, 400, 422)


@SETTINGS
@given(situation=JUNK, answers=JUNK, raw=st.text(max_size=40), step=st.text(max_size=6))
def test_any_link_renders_a_page_or_a_clear_400(client, situation, answers, raw, step):
    from refapp.sandbox_code import encode

    code = encode(situation, answers)  # type: ignore[arg-type]
    for url in (
        f"/sandbox?s={code}",
        f"/sandbox?s={raw}",
        f"/sandbox/scenario.yaml?s={code}",
        f"/sandbox?from={raw}&step={step}",
        f"/sandbox?card={raw}",
    ):
        r = client.get(url)
        assert r.status_code in (200, 400, 422), (url, r.status_code)
