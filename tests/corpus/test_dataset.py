"""The committed dataset (corpus/data/dataset.json) holds every required entry with all three
names, every ruling cites a source, nothing dropped from the seeds leaks in, and it is exactly
what a fresh ingestion produces."""

from __future__ import annotations

import json

import pytest
from corpus_fixtures import CITADELS, COPY_001, COPY_002, RULEBOOK, SECOND_ED

from corpus.ingest.noise import find_noise
from corpus.ingest.normalise import to_traditional
from corpus.ingest.pipeline import check
from corpus.ingest.sources import read_sources
from corpus.ingest.taiwan import load_vocabulary, taiwan_phrasing
from corpus.model import DATASET_PATH, LANGS, SOURCES_DIR, load_dataset

DOMINION_1E_KINGDOM = (
    "adventurer bureaucrat cellar chancellor chapel council-room feast festival gardens laboratory library "
    "market militia mine moat moneylender remodel smithy spy thief throne-room village witch woodcutter "
    "workshop"
).split()
DOMINION_2E_NEW = "artisan bandit harbinger merchant poacher sentry vassal".split()
DOMINION_BASIC = "copper silver gold estate duchy province curse".split()
CITADELS_CHARACTERS = (
    "assassin thief magician king bishop merchant architect warlord queen witch tax-collector wizard emperor "
    "abbot alchemist navigator diplomat artist"
).split()
CITADELS_DISTRICTS = (
    "temple church monastery cathedral watchtower prison battlefield fortress manor castle palace tavern "
    "trading-post market docks harbor town-hall library dragon-gate graveyard haunted-city school-of-magic "
    "laboratory smithy observatory university keep great-wall armory poor-house museum hospital bell-tower "
    "quarry wishing-well"
).split()
REQUIRED_IDS = sorted(
    {f"dominion/{s}" for s in DOMINION_1E_KINGDOM + DOMINION_2E_NEW + DOMINION_BASIC}
    | {f"citadels/{s}" for s in CITADELS_CHARACTERS + CITADELS_DISTRICTS}
)
REMOVED_IN_2E = {"adventurer", "chancellor", "feast", "spy", "thief", "woodcutter"}


@pytest.fixture(scope="module")
def dataset():
    return load_dataset()


@pytest.fixture(scope="module")
def raw_text() -> str:
    return DATASET_PATH.read_text(encoding="utf-8")


@pytest.mark.parametrize("entry_id", REQUIRED_IDS)
def test_required_entry_exists_with_all_three_names(dataset, entry_id):
    entry = dataset.by_id().get(entry_id)
    assert entry is not None, f"{entry_id} is missing from the dataset"
    assert all(entry.names.get(lang) for lang in LANGS)


def test_dominion_editions_match_the_card_lists(dataset):
    by_id = dataset.by_id()
    for slug in DOMINION_1E_KINGDOM:
        expected = ["1e"] if slug in REMOVED_IN_2E else ["1e", "2e"]
        assert sorted(by_id[f"dominion/{slug}"].editions) == expected, slug
    for slug in DOMINION_2E_NEW:
        assert by_id[f"dominion/{slug}"].editions == ["2e"], slug


def test_every_ruling_cites_at_least_one_seed_line_range(dataset):
    line_counts = {name: src.line_count for name, src in read_sources(SOURCES_DIR).items()}
    for entry in dataset.entries:
        for ruling in entry.rulings:
            assert ruling.sources, f"{entry.id}#{ruling.id} has no source"
            for s in ruling.sources:
                assert 1 <= s.lines[0] <= s.lines[1] <= line_counts[s.file], f"{entry.id}#{ruling.id}"
            assert all(ruling.text.get(lang) for lang in LANGS), f"{entry.id}#{ruling.id}"


def test_no_dropped_passage_appears_anywhere_in_the_dataset(raw_text):
    for name, src in read_sources(SOURCES_DIR).items():
        for r in find_noise(src):
            for n in range(r.first, r.last + 1):
                line = src.line(n).strip()
                if len(line) >= 6:
                    assert line not in raw_text, f"dropped {name} line {n} leaked: {line}"
    leaks = ("罗马全面战争", "侠盗猎车", "国际法", "领海", "BGG 总排名", "复杂度 Weight", "WANGO 中文整理")
    assert [phrase for phrase in leaks if phrase in raw_text] == []


def test_dropped_log_names_file_lines_and_reason(dataset):
    files = {d["file"] for d in dataset.dropped}
    assert {COPY_001, COPY_002, CITADELS, SECOND_ED} <= files
    assert all(d["reason"] and len(d["lines"]) == 2 for d in dataset.dropped)


def test_library_note_is_one_set_of_rulings_citing_000_and_002(dataset):
    library = dataset.by_id()["dominion/library"]
    cited = [s for r in library.rulings for s in r.sources]
    assert {s.file for s in cited} >= {RULEBOOK, COPY_002}
    for ruling in library.rulings:
        files = [s.file for s in ruling.sources]
        if RULEBOOK in files:
            assert COPY_002 in files and files.count(RULEBOOK) == 1


def test_zh_hant_of_seed_derived_000_rulings_is_the_rulebook_wording_in_taiwan_usage(seeds, dataset):
    rulebook = seeds.documents[RULEBOOK].text
    copy = seeds.documents[COPY_002].text
    rewrites, keep = load_vocabulary()
    shown_rulebook = taiwan_phrasing(rulebook, rewrites, "dominion", keep)
    checked = 0
    for entry in dataset.entries:
        for ruling in entry.rulings:
            hans, hant = ruling.text["zh-Hans"], ruling.text["zh-Hant"]
            seed_copy, seed_shown = copy, shown_rulebook
            if ruling.variants and all(v.get("editorial") == "edition-word" for v in ruling.variants):
                # a ruling of both editions says the 2nd edition's words: the seed in those words
                for v in ruling.variants:
                    seed_copy = seed_copy.replace(v["readings"][COPY_002], v["shown"])
                    if RULEBOOK in v["readings"]:  # 玩家 is the Taiwan word of both editions
                        seed_shown = seed_shown.replace(v["readings"][RULEBOOK], to_traditional(v["shown"]))
            elif ruling.variants:
                continue
            from_seed = hans in seed_copy  # not a writer-supplied text
            if ruling.sources[0].file == RULEBOOK and from_seed:
                # the rulebook's own passage in Taiwan phrasing, not a conversion of the copy
                assert hant in seed_shown, f"{entry.id}#{ruling.id}"
                checked += 1
    assert checked >= 100


def test_curse_count_discrepancy_is_a_visible_note_citing_the_rulebook(dataset):
    notes = [
        (entry, note)
        for entry in dataset.entries
        for note in entry.notes
        if any(s.file == RULEBOOK and s.lines[0] <= 81 and s.lines[1] >= 79 for s in note.sources)
    ]
    assert notes, "no note cites the Curse-count lines 79-81 of the 000 rulebook"
    for _, note in notes:
        assert "30" in note.text["en"] and "20" in note.text["en"]
        assert all(note.text.get(lang) for lang in LANGS)
        assert {s.file for s in note.sources} >= {RULEBOOK, COPY_002}


def test_committed_dataset_is_reproducible():
    assert check() == []


def test_dataset_file_is_sorted_and_versioned(raw_text):
    data = json.loads(raw_text)
    ids = [e["id"] for e in data["entries"]]
    assert ids == sorted(ids) and len(ids) == len(set(ids))
    assert len(data["version"]) == 16


def test_every_citadels_entry_is_the_classic_edition_and_the_overview_says_so(dataset):
    citadels = [e for e in dataset.entries if e.game == "citadels"]
    assert citadels and {tuple(e.editions) for e in citadels} == {("classic",)}
    overview = dataset.by_id()["citadels/rules/overview"]
    note = next(n for n in overview.notes if n.id == "classic-edition")
    assert note.sources and "classic" in note.text["en"] and "2016" in note.text["en"]
    assert "经典版" in note.text["zh-Hans"] and "經典版" in note.text["zh-Hant"]
