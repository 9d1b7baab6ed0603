"""The real engine's scenarios, as the player shows them: every page renders, every zone,
counter, phase and pile the engine emits has an interface string in three scripts, and every
card the run mentions has a name from the dataset."""

from __future__ import annotations

import html

import pytest

from corpus.aliases import displayed_aliases
from corpus.model import DATASET_PATH, LANGS
from refapp import create_app, i18n
from refapp.vocabulary import BOARD_TERMS

GLOSSARY_KEYS = {key for terms in BOARD_TERMS.values() for key in terms}  # named by the dataset


@pytest.fixture(scope="module")
def real_app(tmp_path_factory):
    return create_app(
        {"DATASET_PATH": str(DATASET_PATH), "REFAPP_DATA_DIR": str(tmp_path_factory.mktemp("d"))}
    )


def names_in(run: dict) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {"zone": set(), "counter": set(), "phase": set(), "pile": set()}
    for snap in run["snapshots"]:
        if snap.get("phase"):
            found["phase"].add(snap["phase"])
        for p in snap["players"]:
            found["zone"] |= set(p["zones"])
            found["counter"] |= set(p.get("counters", {}))
        found["zone"] |= set(snap.get("shared", {}))
        if run["game"] == "citadels":
            found["pile"] |= set(snap.get("piles", {}))
    return found


def test_every_engine_scenario_plays_with_translated_labels_and_named_cards(real_app):
    state = real_app.extensions["refapp"]
    ids = sorted(state.scenarios.summaries)
    assert ids, "the engine lists no scenarios"
    client = real_app.test_client()
    missing_labels: set[str] = set()
    unnamed: set[str] = set()
    for sid in ids:
        r = client.get(f"/scenarios/{sid}.json")
        assert r.status_code == 200, sid
        run = r.get_json()
        for prefix, values in names_in(run).items():
            missing_labels |= {
                f"{prefix}.{v}"
                for v in values
                if not i18n.has_key(f"{prefix}.{v}") and f"{prefix}.{v}" not in GLOSSARY_KEYS
            }
        unnamed |= {
            f"{run['game']}/{slug}"
            for slug, names in run["names"].items()
            if names.get("en") == slug and slug not in state.catalog.slug_names(run["game"])
        }
        for lang in LANGS:
            assert all(ev["say"].get(lang) for ev in run["events"]), (sid, lang)
        page = client.get(f"/scenarios/{sid}", headers={"Accept-Language": "zh-TW"})
        assert page.status_code == 200, sid
        assert run["entry"] in state.catalog.entries, f"{sid} demonstrates unknown entry {run['entry']}"
    assert not missing_labels, sorted(missing_labels)
    assert not unnamed, sorted(unnamed)


def test_every_type_kind_and_game_in_the_dataset_has_an_interface_label():
    from corpus.model import load_dataset

    ds = load_dataset(DATASET_PATH)
    needed = {f"type.{t}" for e in ds.entries for t in e.types}
    needed |= {f"kind.{e.kind}" for e in ds.entries} | {f"game.{e.game}" for e in ds.entries}
    needed |= {f"edition.{ed}" for e in ds.entries for ed in e.editions}
    assert sorted(k for k in needed if not i18n.has_key(k)) == []


def test_an_faq_answer_shows_the_demonstrations_of_the_ruling_that_answers_it(real_app):
    client = real_app.test_client()
    faq = client.get("/entries/citadels/faq/assassinated-king-crown.json").get_json()
    target = faq["extra"]["answer_ruling"]
    answering = client.get(f"/entries/{target['entry']}.json").get_json()
    ruling = next(r for r in answering["rulings"] if r["id"] == target["ruling"])
    assert ruling["scenarios"] and set(ruling["scenarios"]) <= set(faq["scenarios"])
    page = client.get("/entries/citadels/faq/assassinated-king-crown").get_data(as_text=True)
    assert f'/scenarios/{ruling["scenarios"][0]}' in page
    for lang in LANGS:
        assert i18n.translate("entry.no_rulings", lang) not in client.get(
            "/entries/citadels/faq/assassinated-king-crown", headers={"Accept-Language": lang}
        ).get_data(as_text=True)


def test_also_called_lists_aliases_and_never_search_keywords(real_app):
    client = real_app.test_client()
    shown = 0
    for e in real_app.extensions["refapp"].catalog.entries.values():
        keywords = [k for k in getattr(e, "keywords", []) if k not in e.aliases and len(k) > 3]
        if not (keywords or e.aliases):
            continue
        page = client.get(f"/entries/{e.id}", headers={"Accept-Language": "en"}).get_data(as_text=True)
        also = page.split("Also called", 1)[1].split("</dd>", 1)[0] if "Also called" in page else ""
        shown_names = set(html.unescape(also.split("<dd>", 1)[-1]).split(", ")) - {""}
        # an English page lists the entry's English aliases only (corpus/aliases.py)
        assert shown_names == set(displayed_aliases(e.aliases, "en", e.names)), e.id
        assert not shown_names & set(keywords), e.id
        shown += bool(shown_names)
    assert shown


def test_a_merged_copy_keeps_its_link_and_every_ruling_it_shows_lists_it(real_app):
    client = real_app.test_client()
    page = client.get("/scenarios/hand-play-from-hand")
    assert page.status_code == 301 and page.headers["Location"].endswith("/scenarios/smithy-draw-three")
    as_json = client.get("/scenarios/hand-play-from-hand.json")
    assert as_json.status_code == 301
    assert as_json.headers["Location"].endswith("/scenarios/smithy-draw-three.json")
    entry = client.get("/entries/dominion/terms/hand.json").get_json()
    assert "smithy-draw-three" in entry["scenarios"]
    ruling = next(r for r in entry["rulings"] if r["id"] == "play-from-hand")
    assert ruling["scenarios"] == ["smithy-draw-three"]
    listed = {s["id"]: s for s in client.get("/api/scenarios").get_json()["scenarios"]}
    assert "hand-play-from-hand" not in listed
    shown = listed["smithy-draw-three"]["rulings"]
    assert {"entry": "dominion/terms/hand", "ruling": "play-from-hand"} in shown
