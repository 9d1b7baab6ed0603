"""What a reader sees of the dataset: no conversion slips, no stray spaces, and none of the seeds'
layout (list numbers, Q：/A： labels, stray bullets, asterisks, Markdown escapes) in any displayed
field of any entry, in any of the three scripts."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from corpus.ingest.normalise import to_traditional
from corpus.model import LANGS, Entry, load_dataset

LAYOUT = {
    "list number": re.compile(r"(?m)^\s*\d{1,2}\s*[☆★]?\s*[.．、](?!\d)"),
    "Q/A label": re.compile(r"(?m)(^|\s)(Q|A|问|問|答)\s*[：:]"),
    "stray bullet": re.compile(r"(?m)^\s*[oO*\-·▪◦●]\s+"),
    "asterisk": re.compile(r"\*"),
    "markdown escape": re.compile(r"\\[\\`*_{}\[\]()#+\-.!]"),
}


def displayed_fields(entry: Entry) -> Iterator[tuple[str, str]]:
    """(where, text) for every field an entry page, a result card or the demo's ruling box shows:
    names (an FAQ's question), aliases, effect text (an FAQ's answer), edition wording, rulings
    and notes, in every language."""
    localised = {"names": entry.names, "text": entry.text}
    if entry.text_2e:
        localised["text_2e"] = entry.text_2e
    if entry.edition_changes:
        localised["edition_changes"] = entry.edition_changes
    localised |= {f"rulings[{r.id}]": r.text for r in entry.rulings}
    localised |= {f"notes[{n.id}]": n.text for n in entry.notes}
    for field, value in localised.items():
        for lang in LANGS:
            yield f"{entry.id} {field} {lang}", value.get(lang, "")
    for i, alias in enumerate(entry.aliases):
        yield f"{entry.id} aliases[{i}]", alias


@pytest.fixture(scope="module")
def fields() -> list[tuple[str, str]]:
    return [f for e in load_dataset().entries for f in displayed_fields(e)]


def test_the_scan_covers_every_entry_in_all_three_scripts(fields):
    entries = load_dataset().entries
    assert len(fields) > len(entries) * len(LANGS) * 2
    assert {where.split()[-1] for where, _ in fields} >= set(LANGS)


@pytest.mark.parametrize("pattern", sorted(LAYOUT))
def test_no_displayed_field_shows_the_seeds_layout(fields, pattern):
    regex = LAYOUT[pattern]
    assert [(where, text[:60]) for where, text in fields if regex.search(text)] == []


@pytest.mark.parametrize(
    "sample",
    [
        "4.国王\nQ：x",
        "8☆.外交官",
        "Q：可以么？",
        "x\nA：可以。",
        "o 建设：",
        "只能摧毁**玩家",
        "3 \\*or\\* 4",
        "金币*。",
    ],
)
def test_the_scan_catches_each_layout_it_looks_for(sample):
    assert any(regex.search(sample) for regex in LAYOUT.values())


def test_adverb_zhi_stays_zhi_in_traditional():
    # OpenCC s2tw reads 是只/多只 as the measure word 隻; in rules text it means "only".
    assert to_traditional("但是只能执行一次") == "但是只能執行一次"
    assert to_traditional("最多只能建4个地区") == "最多只能建4個地區"


def test_measure_word_zhi_still_becomes_zhi_measure():
    assert to_traditional("一只猫") == "一隻貓"


def chinese(fields):
    return [(where, text) for where, text in fields if not where.endswith(" en")]


def test_no_dataset_text_has_a_space_between_two_chinese_characters(fields):
    bad = [(w, t) for w, t in chinese(fields) if re.search(r"[\u4e00-\u9fff] +[\u4e00-\u9fff]", t)]
    assert bad == []


def test_no_adverb_zhi_was_converted_to_the_measure_word(fields):
    bad = [(w, t) for w, t in chinese(fields) if re.search(r"(是|多)隻(能|有|要)", t)]
    assert bad == []


def test_the_throne_room_ruling_reads_without_the_seeds_typo():
    entry = load_dataset().by_id()["dominion/throne-room"]
    text = " ".join(r.text["zh-Hans"] for r in entry.rulings)
    assert "如果你对一个金殿用了金殿" in text and "你的对一个金殿" not in text


def test_every_restored_word_is_explained_by_a_note_citing_its_passage():
    restored = 0
    for entry in load_dataset().entries:
        items = [*entry.rulings, *entry.notes]
        if any(v.get("editorial") == "restored" for r in entry.rulings for v in r.variants):
            restored += 1
            note = next((n for n in items if n.id == "restored-words"), None)
            assert note is not None, entry.id
            assert note.sources and all("其他" in note.text[lang] or lang == "en" for lang in LANGS)
            assert "[" not in " ".join(t for r in entry.rulings for t in r.text.values())
    assert restored
