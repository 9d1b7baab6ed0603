"""POST /api/sandbox: replays, pending decisions, refusals and bad input, against docs/openapi.yaml."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from sandbox_helpers import empty_dominion

SPEC = yaml.safe_load((Path(__file__).resolve().parents[2] / "docs" / "openapi.yaml").read_text("utf-8"))


def check_spec(response) -> None:  # type: ignore[no-untyped-def]
    content = SPEC["paths"]["/api/sandbox"]["post"]["responses"][str(response.status_code)]["content"]
    ref = content["application/json"]["schema"]["$ref"]
    registry = Registry().with_resource("urn:spec", Resource.opaque(SPEC))
    validator = Draft202012Validator({"$ref": "urn:spec" + ref}, registry=registry)
    errors = list(validator.iter_errors(response.get_json()))
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:3]]


def post(client, situation, answers=()):  # type: ignore[no-untyped-def]
    r = client.post("/api/sandbox", json={"situation": situation, "answers": list(answers)})
    check_spec(r)
    return r


def test_throne_room_on_feast_gains_twice_and_trashes_feast_once(client):
    situation = empty_dominion(alice=["throne-room", "feast"])
    first = post(client, situation).get_json()
    assert first["pending"]["purpose"] == "play_action"
    assert first["pending"]["options"] == ["throne-room", "feast"]
    assert first["pending"]["labels"][0]["en"] == "Throne Room"
    done = post(client, situation, ["throne-room", "silver", "duchy"]).get_json()
    kinds = [(e["kind"], e["cards"]) for e in done["events"]]
    assert kinds.count(("trash", ["feast"])) == 1
    assert ("gain", ["silver"]) in kinds and ("gain", ["duchy"]) in kinds
    final = done["snapshots"][-1]
    assert final["shared"]["trash"] == ["feast"]
    assert final["players"][0]["zones"]["discard"] == ["silver", "duchy"]
    assert done["pending"]["purpose"] == "buy" and not done["finished"]


def test_same_input_same_output_and_the_code_round_trips(client):
    situation = {"game": "citadels", "seed": 7, "players": [{"name": n} for n in "ABCD"]}
    a = post(client, situation, ["king"]).get_json()
    b = post(client, situation, ["king"]).get_json()
    assert a == b
    page = client.get("/sandbox?s=" + a["code"])
    assert page.status_code == 200
    assert a["events"][-1]["say"]["zh-Hans"] in page.get_data(as_text=True)


def test_an_answer_that_does_not_fit_is_refused_with_the_engines_reason(client):
    r = post(client, empty_dominion(alice=["throne-room", "feast"]), ["throne-room", "province"])
    assert r.status_code == 422
    body = r.get_json()
    assert body["field"] == "answers[1]" and body["index"] == 1
    assert "province" in body["reason"]


def test_answers_after_the_end_are_refused(client):
    situation = {**empty_dominion(alice=["copper"]), "setup": {"stop": "buy"}}
    r = post(client, situation, [["copper"], ["silver"], ["copper"], "gold"])
    assert r.status_code == 422 and r.get_json()["field"].startswith("answers[")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda s: s["players"][0]["zones"]["hand"].append("dragon"), "situation.players[0].zones.hand[0]"),
        (lambda s: s.update(supply={"copper": -1}), "situation.supply.copper"),
        (lambda s: s["players"].pop(), "situation.players"),
        (lambda s: s.update(game="chess"), "situation.game"),
        (lambda s: s["players"][0].update(counters={"coins": -3}), "situation.players[0].counters.coins"),
        (lambda s: s["players"][0]["zones"].update(deck=["copper"] * 61), "situation.players[0].zones.deck"),
        (lambda s: s.update(script=["feast"]), "situation.script"),
        (lambda s: s["players"][0]["zones"].update(hand=["moat", 3]), "situation.players[0].zones.hand[1]"),
    ],
)
def test_a_bad_dominion_situation_is_422_naming_the_field(client, change, field):
    situation = empty_dominion()
    change(situation)
    r = post(client, situation)
    assert r.status_code == 422
    assert r.get_json()["field"] == field, r.get_json()


def test_eleven_cards_in_a_citadels_hand_is_422(client):
    hand = ["manor"] * 5 + ["tavern"] * 5 + ["temple"]
    situation = {"game": "citadels", "players": [{"name": "A", "zones": {"hand": hand}}, {"name": "B"}]}
    r = post(client, situation)
    assert r.status_code == 422
    assert r.get_json()["field"] == "situation.players[0].zones.hand"
    assert "at most 10" in r.get_json()["error"]


def test_oversized_and_malformed_bodies(client):
    big = empty_dominion(alice=["copper"] * 20)
    big["players"][0]["name"] = "x" * 40_000
    r = client.post("/api/sandbox", json={"situation": big})
    assert r.status_code == 413 and r.get_json()["status"] == 413
    r = client.post("/api/sandbox", data="{not json", content_type="application/json")
    assert r.status_code == 400 and r.get_json()["field"] == "body"
    r = client.post("/api/sandbox", json={"situation": empty_dominion(), "answers": "yes"})
    assert r.status_code == 422 and r.get_json()["field"] == "answers"
    r = client.post("/api/sandbox", json={"situation": empty_dominion(), "extra": 1})
    assert r.status_code == 422 and r.get_json()["field"] == "extra"
    r = client.post("/api/sandbox", json=[1, 2])
    assert r.status_code == 422


def test_too_many_answers_is_422(client):
    r = post(client, empty_dominion(), ["no"] * 301)
    assert r.status_code == 422 and "at most 300" in r.get_json()["error"]


def test_a_demo_step_becomes_a_sandbox_with_the_answers_given_so_far(client):
    page = client.get("/sandbox?from=library-set-aside-optional")  # default: the ★ step
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    assert '"answers": ["library", true]' in text
    question = text.split('class="sb-ask"', 1)[1].split("</div>", 1)[0]
    assert "铁匠铺" in question and question.count('class="chip"') == 2  # set the Smithy aside? yes / no
    early = client.get("/sandbox?from=library-set-aside-optional&step=1").get_data(as_text=True)
    assert '"answers": []' in early


def test_try_it_from_a_card_character_or_district_page(client):
    for entry in ("dominion/witch", "citadels/warlord", "citadels/queen", "citadels/museum",
                  "citadels/diplomat"):
        r = client.get("/sandbox?card=" + entry)
        assert r.status_code == 200, entry
        assert 'role="alert" id="sb-error" hidden' in r.get_data(as_text=True), entry
    entry_page = client.get("/entries/dominion/witch").get_data(as_text=True)
    assert 'href="/sandbox?card=dominion/witch"' in entry_page
    assert client.get("/sandbox?card=dominion/rules").status_code == 400
    assert client.get("/sandbox?s=%%%").status_code == 400


def test_download_as_scenario_runs_with_refapp_scenario_run(client, tmp_path):
    situation = empty_dominion(alice=["throne-room", "feast"])
    code = post(client, situation, ["throne-room", "silver", "duchy", []]).get_json()["code"]
    r = client.get("/sandbox/scenario.yaml?s=" + code)
    assert r.status_code == 200
    name = r.headers["Content-Disposition"].split('filename="')[1].rstrip('"')
    path = tmp_path / name
    path.write_bytes(r.data)
    done = subprocess.run([str(Path(sys.executable).parent / "refapp"), "scenario", "run", str(path)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "PASSED" in done.stdout


def test_every_card_character_and_district_page_offers_try_it_and_it_plays(client, sandbox_app):
    catalog = sandbox_app.extensions["refapp"].catalog
    cards = [e.id for e in catalog.dataset.entries if e.kind == "card"]
    assert len(cards) > 80
    for entry_id in cards:
        assert f'href="/sandbox?card={entry_id}"' in client.get(f"/entries/{entry_id}").get_data(as_text=True)
        page = client.get(f"/sandbox?card={entry_id}")
        assert page.status_code == 200, entry_id
        assert 'class="sb-ask"' in page.get_data(as_text=True), entry_id  # a question to answer


def test_a_bot_plays_for_a_player_named_in_setup_bots(client):
    situation = {**empty_dominion(alice=["copper"] * 3, bob=["silver"] * 3),
                 "setup": {"stop": 2, "bots": {"1": "BM"}}}  # JSON keys are strings
    body = post(client, situation, [["copper"] * 3, "silver"]).get_json()  # Alice: treasures, buy
    bought = [(e["player"], e["cards"]) for e in body["events"] if e["kind"] == "buy"]
    assert bought == [(0, ["silver"]), (1, ["gold"])]  # Big Money buys Gold with $6
    assert body["finished"]


def test_since_sends_only_the_events_a_client_does_not_hold(client):
    situation = empty_dominion(alice=["throne-room", "feast"])
    first = post(client, situation, ["throne-room"]).get_json()
    whole = post(client, situation, ["throne-room", "silver"]).get_json()
    r = client.post("/api/sandbox", json={"situation": situation, "answers": ["throne-room", "silver"],
                                          "since": len(first["events"])})
    check_spec(r)
    rest = r.get_json()
    assert rest["since"] == len(first["events"]) and rest["total"] == len(whole["events"])
    assert first["events"] + rest["events"] == whole["events"]
    assert first["snapshots"] + rest["snapshots"] == whole["snapshots"]
    bad = client.post("/api/sandbox", json={"situation": situation, "since": -1})
    assert bad.status_code == 422 and bad.get_json()["field"] == "since"


def probe() -> dict:
    """The issue's probe: 4 Big Money bots, five zones of 60 Silver each, 100 turns (a 12.6 KB body)."""
    zones = {z: ["silver"] * 60 for z in ("hand", "deck", "discard", "play", "set_aside")}
    return {"game": "dominion", "players": [{"name": f"P{i}", "zones": dict(zones)} for i in range(4)],
            "supply": {s: 60 for s in ("copper", "silver", "gold", "estate", "duchy", "province")},
            "setup": {"stop": 100, "bots": {str(i): "BM" for i in range(4)}}}


def test_a_replay_over_the_work_budget_is_422_naming_the_limit_and_the_same_every_time(client):
    replies = [client.post("/api/sandbox", json={"situation": probe()}) for _ in range(3)]
    check_spec(replies[0])
    assert {r.status_code for r in replies} == {422}
    assert len({r.data for r in replies}) == 1  # the same body, byte for byte
    body = replies[0].get_json()
    assert body["field"] == "limits.boards" and body["limit"] == "boards" and body["most"] == 60_000
    assert "snapshots" in body["error"]  # it says how to ask for less


def test_snapshots_last_or_at_listed_steps_keeps_a_long_replay_small(client):
    r = client.post("/api/sandbox", json={"situation": probe(), "snapshots": "last"})
    check_spec(r)
    assert r.status_code == 200 and len(r.data) < 1_000_000
    run = r.get_json()
    assert run["finished"] and len(run["snapshots"]) == 1 and run["snapshot_seqs"] == [run["total"] - 1]
    some = client.post("/api/sandbox", json={"situation": probe(), "snapshots": [0, 10, 5000]}).get_json()
    assert some["snapshot_seqs"] == [0, 10]
    small = empty_dominion(alice=["throne-room", "feast"])
    whole = post(client, small, ["throne-room", "silver"]).get_json()
    assert whole["snapshot_seqs"] == list(range(len(whole["events"])))
    picked = client.post("/api/sandbox", json={"situation": small, "answers": ["throne-room", "silver"],
                                               "snapshots": [1, 3]}).get_json()
    assert picked["snapshots"] == [whole["snapshots"][1], whole["snapshots"][3]]
    for bad in ("some", [-1], [True], list(range(101)), 3):
        r = client.post("/api/sandbox", json={"situation": small, "snapshots": bad})
        assert r.status_code == 422 and r.get_json()["field"] == "snapshots", bad


def test_a_reply_over_the_byte_budget_is_422_naming_the_limit(client, sandbox_app, monkeypatch):
    from engine.sandbox import Limits

    monkeypatch.setitem(sandbox_app.config, "SANDBOX_LIMITS", Limits(reply_bytes=5_000))
    r = client.post("/api/sandbox", json={"situation": empty_dominion(alice=["throne-room", "feast"])})
    check_spec(r)
    assert r.status_code == 422 and r.get_json()["field"] == "limits.reply_bytes"
    assert "5,000 bytes" in r.get_json()["error"]


def test_the_wall_clock_safety_net_is_503_with_retry_after(client, sandbox_app, monkeypatch):
    from engine.sandbox import Limits

    monkeypatch.setitem(sandbox_app.config, "SANDBOX_LIMITS", Limits(wall_seconds=-1.0))  # always past
    situation = empty_dominion(alice=["copper"])
    r = client.post("/api/sandbox", json={"situation": situation})
    check_spec(r)
    assert r.status_code == 503 and r.headers["Retry-After"] == "5"
    assert "try again" in r.get_json()["error"]
    from refapp.sandbox_code import encode

    for path in ("/sandbox?s=", "/sandbox/scenario.yaml?s="):
        page = client.get(path + encode(situation, []))
        assert page.status_code == 503 and page.headers["Retry-After"] == "5", path


def test_an_engine_bug_is_a_logged_500_and_user_errors_stay_4xx(client, monkeypatch, caplog):
    import refapp.sandbox_replay as routes
    from refapp.sandbox_code import encode

    def broken(*_args, **_kwargs):  # type: ignore[no-untyped-def]
        raise KeyError("a bug in the engine")

    monkeypatch.setattr(routes.sandbox, "play", broken)
    situation = empty_dominion(alice=["copper"])
    r = client.post("/api/sandbox", json={"situation": situation})
    check_spec(r)
    assert r.status_code == 500 and r.get_json()["status"] == 500
    assert "Traceback" not in r.get_data(as_text=True) and "KeyError" not in r.get_data(as_text=True)
    assert any("engine error" in rec.getMessage() and rec.exc_info for rec in caplog.records)
    for path in ("/sandbox?s=", "/sandbox/scenario.yaml?s="):
        page = client.get(path + encode(situation, []))
        assert page.status_code == 500, path
        assert "Traceback" not in page.get_data(as_text=True)
    monkeypatch.undo()
    assert post(client, empty_dominion(alice=["dragon"])).status_code == 422  # the client's error


def test_bad_json_bodies_are_clear_400_or_422_naming_the_field(client):
    nested = client.post("/api/sandbox", data="[" * 1000 + "]" * 1000, content_type="application/json")
    check_spec(nested)
    assert nested.status_code == 400 and "nest deeper" in nested.get_json()["error"]
    huge = empty_dominion()
    huge["players"][0]["counters"] = {"coins": 1e308}
    r = client.post("/api/sandbox", json={"situation": huge})
    check_spec(r)
    assert r.status_code == 422 and r.get_json()["field"] == "situation.players[0].counters.coins"
    nan = client.post("/api/sandbox", data='{"situation": {"game": "dominion", "seed": NaN}}',
                      content_type="application/json")
    assert nan.status_code == 400 and nan.get_json()["field"] == "situation.seed"
    five = empty_dominion()
    five["players"][0]["counters"] = {"coins": 5.5}
    r = client.post("/api/sandbox", json={"situation": five})
    assert r.status_code == 422 and r.get_json()["field"] == "situation.players[0].counters.coins"
