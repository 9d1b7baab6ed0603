"""Curated YAML is merged with the seeds: Chinese text comes from the cited lines, in both
scripts, with the provenance of every copy; bad YAML fails with a message naming file, entry and
field."""

from __future__ import annotations

import json

import pytest
from corpus_fixtures import CITADELS, COPY_002, RULEBOOK, SECOND_ED, citadels_entry, library_entry, seed_line

from corpus.ingest.normalise import to_traditional
from corpus.ingest.pipeline import IngestError, ingest, serialise
from corpus.model import SOURCES_DIR


def run(curated_dir):
    return ingest(SOURCES_DIR, curated_dir).dataset


def test_library_note_in_000_and_002_becomes_one_ruling_citing_both(curated_dir):
    ds = run(curated_dir({"dominion/cards.yaml": [library_entry()]}))
    [entry] = ds.entries
    [ruling] = entry.rulings
    assert [(s.file, s.lines) for s in ruling.sources] == [(RULEBOOK, (407, 409)), (COPY_002, (285, 286))]
    assert ruling.text["zh-Hans"] == "如果在中途你需要洗牌，被旁置的牌不要洗进新牌库里。"
    # the Traditional seed's own words (牌庫裏) shown in Taiwan form (牌庫裡)
    assert ruling.text["zh-Hant"] == "如果在中途你需要洗牌，被旁置的牌不要洗進新牌庫裡。"
    assert [(s.file, s.lines) for s in entry.sources] == [(RULEBOOK, (407, 415)), (COPY_002, (285, 289))]


def test_zh_hant_of_a_000_passage_is_the_original_in_taiwan_usage(curated_dir):
    entry = library_entry(
        id="dominion/terms/plus-actions",
        kind="term",
        cost=None,
        types=[],
        names={"en": "+Actions", "zh-Hans": "+行动", "zh-Hant": "+行動"},
        text_from={"file": RULEBOOK, "lines": [151, 157]},
        rulings=[],
    )
    ds = run(curated_dir({"dominion/terms.yaml": [entry]}))
    text = ds.entries[0].text
    original = "".join(seed_line(RULEBOOK, n).strip() for n in range(151, 158, 2))
    # the rulebook's own words, with its mainland word 遊戲者 and variant character 説 in the
    # form Taiwan players write (玩家, 說), Taiwan quotation marks and a space between a Latin word
    # and a Chinese one; nothing else changes
    assert "説明" in original and "遊戲者" in original
    taiwan = original.replace("遊戲者", "玩家").replace("説", "說")
    assert text["zh-Hant"] == taiwan.replace('"+X Action(s)"', "「+X Action(s)」").replace("X個", "X 個")
    assert to_traditional(text["zh-Hans"]) != text["zh-Hant"]  # not a conversion of the Simplified copy
    assert text["zh-Hans"].startswith("“+X Action(s)” –游戏者本轮可以执行 X 个")


def test_card_name_lead_in_is_stripped_from_card_notes(curated_dir):
    ds = run(curated_dir({"dominion/cards.yaml": [library_entry()]}))
    text = ds.entries[0].text
    assert text["zh-Hant"].startswith("如果在中途你需要洗牌")
    assert text["zh-Hans"].startswith("如果在中途你需要洗牌")
    assert "Library" not in text["zh-Hans"] + text["zh-Hant"]


def test_sentences_select_whole_sentences_of_the_repaired_paragraph(curated_dir):
    entry = library_entry(
        rulings=[
            {
                "id": "discarded-after",
                "edition": "1e",
                "from": {"file": RULEBOOK, "lines": [407, 415], "sentences": [2, 3]},
                "en": "Set-aside cards are discarded afterwards; you may end short of seven.",
            }
        ]
    )
    ruling = run(curated_dir({"dominion/cards.yaml": [entry]})).entries[0].rulings[0]
    assert ruling.text["zh-Hans"] == (
        "在抓牌结束后它们会被弃掉。如果洗牌之后你仍然没有足够的卡牌，那么你就只能得到这么多了。"
    )
    assert [s.lines for s in ruling.sources] == [(409, 411), (286, 287)]


def test_a_1st_edition_passage_for_a_ruling_of_both_editions_says_the_2nd_editions_words(curated_dir):
    ruling = {
        "id": "discarded-after",
        "from": {"file": RULEBOOK, "lines": [407, 415], "sentences": [2, 3]},
        "en": "Set-aside cards are discarded afterwards; you may end short of seven.",
    }
    both = run(curated_dir({"dominion/cards.yaml": [library_entry(rulings=[ruling])]})).entries[0].rulings[0]
    assert both.text["zh-Hans"].startswith("在抽牌结束后") and "抓牌" not in both.text["zh-Hant"]
    [variant] = [v for v in both.variants if v["editorial"] == "edition-word"]
    assert variant["shown"] == "抽牌" and "抓牌" in variant["readings"].values()
    first = library_entry(editions=["1e"], rulings=[ruling])
    only_1e = run(curated_dir({"dominion/cards.yaml": [first]})).entries[0].rulings[0]
    assert only_1e.text["zh-Hans"].startswith("在抓牌结束后")  # an entry of the 1st edition only


def test_simplified_seed_gets_s2tw_traditional(curated_dir):
    ds = run(curated_dir({"citadels/characters.yaml": [citadels_entry()]}))
    ruling = ds.entries[0].rulings[0]
    assert ruling.text["zh-Hans"] == "选择一个角色（而非玩家）并将他干掉。"  # seed: "角色 (而非玩家) 并"
    assert ruling.text["zh-Hant"] == to_traditional(ruling.text["zh-Hans"])
    assert [(s.file, s.lines) for s in ruling.sources] == [(CITADELS, (279, 279))]


def test_citing_a_002_copy_resolves_through_the_000_original(curated_dir):
    entry = library_entry(
        rulings=[{"id": "from-002", "from": {"file": COPY_002, "lines": [285, 289]}, "en": "Library notes."}]
    )
    ruling = run(curated_dir({"dominion/cards.yaml": [entry]})).entries[0].rulings[0]
    assert {s.file for s in ruling.sources} == {RULEBOOK, COPY_002}
    assert ruling.text["zh-Hant"].startswith("如果在中途你需要洗牌，被旁置的牌不要洗進新牌庫裡。")


def test_writer_chinese_folded_by_yaml_loses_the_inserted_space(curated_dir):
    yaml_text = """
- id: citadels/assassin
  kind: card
  editions: [classic]
  names: {en: Assassin, zh-Hans: 刺客, zh-Hant: 刺客}
  text:
    en: Name a character.
    zh-Hans: >-
      选择一个角色，
      该角色本轮失去回合。
  rulings: []
"""
    ds = run(curated_dir({"citadels/c.yaml": yaml_text}))
    assert ds.entries[0].text["zh-Hans"] == "选择一个角色，该角色本轮失去回合。"


def test_output_is_deterministic(curated_dir):
    root = curated_dir({"dominion/cards.yaml": [library_entry()], "citadels/c.yaml": [citadels_entry()]})
    first, second = serialise(run(root)), serialise(run(root))
    assert first == second
    data = json.loads(first)
    assert [e["id"] for e in data["entries"]] == ["citadels/assassin", "dominion/library"]


def error_of(curated_dir, files) -> str:
    with pytest.raises(IngestError) as info:
        run(curated_dir(files))
    return "\n".join(info.value.problems)


def test_yaml_syntax_error_names_the_file_and_line(curated_dir):
    message = error_of(curated_dir, {"dominion/bad.yaml": "- id: dominion/x\n  names: {en: [unclosed\n"})
    assert "bad.yaml" in message and "invalid YAML" in message and "line" in message


def test_line_range_outside_the_file_names_entry_and_field(curated_dir):
    entry = library_entry(rulings=[{"id": "r", "from": {"file": RULEBOOK, "lines": [900, 901]}, "en": "x"}])
    message = error_of(curated_dir, {"dominion/cards.yaml": [entry]})
    assert "cards.yaml" in message and "'dominion/library'" in message and "rulings[r].from" in message
    assert "[900, 901]" in message


def test_citing_dropped_lines_is_an_error(curated_dir):
    entry = library_entry(rulings=[{"id": "law", "from": {"file": COPY_002, "lines": [4, 4]}, "en": "x"}])
    message = error_of(curated_dir, {"dominion/cards.yaml": [entry]})
    assert "dropped" in message and "rulings[law].from" in message


def test_ruling_without_source_is_an_error(curated_dir):
    entry = library_entry(rulings=[{"id": "unsourced", "en": "A fact from nowhere."}])
    message = error_of(curated_dir, {"dominion/cards.yaml": [entry]})
    assert "rulings[unsourced].from" in message and "is required" in message


def test_unknown_key_is_an_error(curated_dir):
    message = error_of(curated_dir, {"dominion/cards.yaml": [library_entry(colour="blue")]})
    assert "unknown key" in message and "colour" in message


def test_missing_name_language_is_an_error(curated_dir):
    entry = library_entry(names={"en": "Library", "zh-Hant": "圖書館"})
    message = error_of(curated_dir, {"dominion/cards.yaml": [entry]})
    assert "'dominion/library'" in message and "names" in message and "zh-Hans" in message


def test_duplicate_ids_and_unknown_related_ids_are_errors(curated_dir):
    twice = {"dominion/a.yaml": [library_entry()], "dominion/b.yaml": [library_entry()]}
    message = error_of(curated_dir, twice)
    assert "duplicate id" in message
    message = error_of(curated_dir, {"dominion/a.yaml": [library_entry(related=["dominion/nowhere"])]})
    assert "'dominion/nowhere' is not an entry id" in message


def test_id_form_and_kind_must_agree(curated_dir):
    message = error_of(curated_dir, {"dominion/a.yaml": [library_entry(id="dominion/rules/library")]})
    assert "field 'kind'" in message
    message = error_of(curated_dir, {"dominion/a.yaml": [library_entry(id="dominion/Library Card")]})
    assert "field 'id'" in message


def test_citadels_seed_cannot_back_a_dominion_entry(curated_dir):
    entry = library_entry(rulings=[{"id": "r", "from": {"file": CITADELS, "lines": [279, 279]}, "en": "x"}])
    message = error_of(curated_dir, {"dominion/cards.yaml": [entry]})
    assert "a citadels seed, for a dominion entry" in message


def test_sentence_selection_out_of_range_is_an_error(curated_dir):
    entry = library_entry(
        rulings=[{"id": "r", "from": {"file": RULEBOOK, "lines": [469, 469], "sentences": [2, 2]}, "en": "x"}]
    )
    message = error_of(curated_dir, {"dominion/cards.yaml": [entry]})
    assert "sentences [2, 2] out of range" in message


def test_variants_in_seed_supplied_entry_text_are_kept_in_extra(curated_dir):
    entry = library_entry(
        id="dominion/rules/overview",
        kind="rule",
        cost=None,
        types=[],
        names={"en": "Overview", "zh-Hans": "简介", "zh-Hant": "簡介"},
        text={"en": "You rule a small kingdom and want a bigger one."},
        text_from={"file": RULEBOOK, "lines": [3, 3]},
        rulings=[],
    )
    [built] = run(curated_dir({"dominion/rules.yaml": [entry]})).entries
    [variant] = built.extra["seed_variants"]
    assert variant["field"] == "text" and variant["readings"] == {RULEBOOK: "茵", COPY_002: "荫"}
    message = error_of(curated_dir, {"dominion/r.yaml": [library_entry(extra={"seed_variants": []})]})
    assert "extra.seed_variants" in message


def test_types_and_costs_must_fit_the_game(curated_dir):
    message = error_of(curated_dir, {"dominion/a.yaml": [library_entry(types=["noble"])]})
    assert "field 'types'" in message and "noble" in message
    message = error_of(curated_dir, {"dominion/a.yaml": [library_entry(cost=None)]})
    assert "field 'cost'" in message
    ruling = {"id": "r", "edition": "1e", "from": {"file": CITADELS, "lines": [279, 279]}, "en": "x"}
    message = error_of(curated_dir, {"citadels/a.yaml": [citadels_entry(rulings=[ruling])]})
    assert "rulings[r].edition" in message


def test_first_edition_ruling_cannot_rest_only_on_the_second_edition_seed(curated_dir):
    ruling = {"id": "r", "edition": "1e", "from": {"file": SECOND_ED, "lines": [13, 13]}, "en": "x"}
    message = error_of(curated_dir, {"dominion/a.yaml": [library_entry(rulings=[ruling])]})
    assert "rulings[r].edition" in message and "2nd-edition seed" in message


def test_first_edition_card_uses_the_taiwan_rulebook_name(curated_dir):
    entry = library_entry(names={"en": "Library", "zh-Hans": "图书馆", "zh-Hant": "圖書室"})
    message = error_of(curated_dir, {"dominion/a.yaml": [entry]})
    assert "names.zh-Hant" in message and "圖書室" in message


@pytest.mark.parametrize(
    "file, entry, says",
    [
        ("citadels/a.yaml", citadels_entry(editions=[]), "classic"),
        ("citadels/a.yaml", citadels_entry(editions=["2e"]), "classic"),
        ("dominion/a.yaml", library_entry(editions=["1e", "classic"]), "not dominion editions"),
        ("dominion/a.yaml", library_entry(editions=[]), "at least one"),
    ],
)
def test_each_game_names_only_its_own_editions(curated_dir, file, entry, says):
    message = error_of(curated_dir, {file: [entry]})
    assert "field 'editions'" in message and says in message


def test_a_citadels_entry_is_the_classic_edition(curated_dir):
    (entry,) = run(curated_dir({"citadels/a.yaml": [citadels_entry()]})).entries
    assert entry.editions == ["classic"]
