"""The display-text contract (corpus/display_contract.py) over every field a player can see, in
three scripts: the dataset, every scenario's title, description and narrated step, the interface
strings and the tools' data. The real-data test is the contract itself; the others prove that it
can fail (a planted working note, a half-width comma, a second word for "trash")."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from corpus.display_contract import (
    Field,
    all_fields,
    dataset_fields,
    load_taiwan_vocabulary,
    scan,
)
from corpus.glossary import Glossary, GlossaryError, load_glossary, parse_rows
from corpus.model import LANGS, Dataset, Ruling, load_dataset

TRASH_ROW = [
    {
        "concept": "trash",
        "edition": "2e",
        "en": "trash",
        "zh-Hans": "移除",
        "zh-Hant": "移除",
        "avoid": {"zh-Hans": ["废置"], "zh-Hant": ["廢置"]},
    }
]


@pytest.fixture(scope="module")
def dataset() -> Dataset:
    return load_dataset()


@pytest.fixture(scope="module")
def everything(dataset):
    return all_fields(dataset)


def planted(dataset: Dataset, entry_id: str, text: dict[str, str], edition: str | None = None) -> Dataset:
    """A copy of the dataset with one more ruling on ``entry_id``."""
    ds = copy.deepcopy(dataset)
    entry = ds.by_id()[entry_id]
    entry.rulings.append(Ruling(id="planted", text=text, sources=[], edition=edition))
    return ds


def kinds_at(findings, where: str) -> set[str]:
    return {f.kind for f in findings if f.field.where == where}


def test_every_displayed_field_keeps_the_contract(everything):
    findings = scan(everything, load_glossary(), load_taiwan_vocabulary())
    areas = {f.area for f in everything}
    print(f"display-text contract: scanned {len(everything)} fields ({', '.join(sorted(areas))})")
    report = "\n".join(
        f"{f.kind} [{f.field.lang}] {f.field.where}: {f.match!r} {f.detail}" for f in findings[:60]
    )
    assert not findings, f"{len(findings)} findings (scripts/check_display_text.py lists them all):\n{report}"


def test_the_scan_reaches_every_surface_in_three_scripts(everything, dataset):
    areas = {f.area for f in everything}
    assert areas == {"dataset", "scenario", "narration", "ui", "tools"}
    for area in areas:
        assert {f.lang for f in everything if f.area == area} == set(LANGS), area
    # every entry's name in every script, every ruling of the dataset
    assert sum(1 for f in everything if f.role == "name") >= len(dataset.entries) * 3
    rulings = sum(len(e.rulings) for e in dataset.entries)
    assert sum(1 for f in everything if f.role == "ruling") >= rulings * 3
    # narrated demo steps: many per scenario
    assert sum(1 for f in everything if f.area == "narration") > sum(
        1 for f in everything if f.role == "title"
    )


def test_a_planted_seed_line_number_is_found(dataset):
    ds = planted(
        dataset,
        "dominion/library",
        {"en": "As the seed line 12 says, draw.", "zh-Hans": "照抄。", "zh-Hant": "照抄。"},
    )
    found = kinds_at(scan(dataset_fields(ds)), "dominion/library#planted ruling")
    assert {"working-word", "line-number"} <= found


def test_planted_chinese_working_notes_are_found(dataset):
    zh = "种子文本（000，第145、245行）说见裁定 tied-or-richest-gets-nothing 和 [其他] 及 three_player。"
    ds = planted(dataset, "citadels/king", {"en": "x.", "zh-Hans": zh, "zh-Hant": "x。"})
    found = kinds_at(scan(dataset_fields(ds)), "citadels/king#planted ruling")
    assert found >= {"working-word", "file-number", "line-number", "id", "placeholder", "setting-name"}


def test_a_planted_half_width_comma_between_chinese_characters_is_found(dataset):
    ds = planted(
        dataset,
        "dominion/cellar",
        {"en": "Discard, then draw.", "zh-Hans": "弃牌,然后抽牌。", "zh-Hant": "棄牌，然後抽牌。"},
    )
    findings = [f for f in scan(dataset_fields(ds)) if f.field.where == "dominion/cellar#planted ruling"]
    assert [(f.kind, f.field.lang, f.match) for f in findings] == [("half-width", "zh-Hans", ",")]


def test_planted_mainland_quotes_and_half_width_parentheses_are_found(dataset):
    ds = planted(
        dataset,
        "citadels/assassin",
        {
            "en": "Name a character (not a player).",
            "zh-Hans": '选择一个角色(而非玩家)并将他称为"目标"。',
            "zh-Hant": "選擇一個角色 （而非玩家） 並將他稱為“目標”。",
        },
    )
    findings = [f for f in scan(dataset_fields(ds)) if f.field.where == "citadels/assassin#planted ruling"]
    assert sorted((f.kind, f.field.lang, f.match) for f in findings) == [
        ("half-width", "zh-Hans", "(而非玩家)"),
        ("half-width", "zh-Hant", " （"),
        ("half-width", "zh-Hant", "） "),
        ("quote", "zh-Hans", '"'),
        ("quote", "zh-Hans", '"'),
        ("quote", "zh-Hant", "“"),
        ("quote", "zh-Hant", "”"),
    ]


def test_planted_quotes_of_the_wrong_level_or_script_are_found():
    hant = Field(
        "dataset",
        "citadels",
        None,
        "zh-Hant",
        "x",
        "不可以是『放在一旁的卡』，見「規則『摘要』」。",
        "ruling",
    )
    hans = Field("dataset", "citadels", None, "zh-Hans", "x", "缺了一个词，「其他」是补上的。", "ruling")
    assert [(f.kind, f.field.lang, f.match) for f in scan([hant, hans])] == [
        ("quote", "zh-Hant", "『"),
        ("quote", "zh-Hans", "「"),
        ("quote", "zh-Hans", "」"),
    ]


def test_a_planted_latin_word_run_into_chinese_is_found(dataset):
    text = {"en": "The FAQ says so.", "zh-Hans": "FAQ称他为刺客。", "zh-Hant": "FAQ 稱他為殺手。"}
    ds = planted(dataset, "citadels/assassin", text)
    findings = [f for f in scan(dataset_fields(ds)) if f.field.where == "citadels/assassin#planted ruling"]
    assert [(f.kind, f.field.lang, f.match) for f in findings] == [("spacing", "zh-Hans", "Q称")]


@pytest.mark.parametrize("area", ["scenario", "narration", "ui", "tools"])
def test_a_latin_name_or_a_number_run_into_chinese_is_found_in_what_we_write(area):
    def field(lang: str, text: str) -> Field:
        return Field(area, "dominion", None, lang, f"{area} planted", text, "title")

    fields = [
        field("zh-Hans", "民兵：Bob弃牌直到手中只剩3张"),
        field("zh-Hant", "民兵：Bob 棄牌直到手中只剩 3 張，獲得 +2 錢幣"),
        field("zh-Hans", "获得+1行动"),
    ]
    found = [(f.field.text[:4], f.match) for f in scan(fields)]
    assert found == [("民兵：B", "b弃"), ("民兵：B", "剩3"), ("获得+1", "得+1")]


def test_the_dataset_keeps_its_sources_spacing_of_numbers():
    fields = [Field("dataset", "citadels", None, "zh-Hans", "planted", "建筑费用是6 枚金币，拿2枚", "ruling")]
    assert scan(fields) == []


def test_quotes_and_parentheses_of_latin_text_are_not_findings():
    fields = [
        Field(
            "dataset",
            "dominion",
            None,
            "zh-Hant",
            "x",
            "「+X Card(s)」：抓 X 張牌，見「說明『地窖』」。",
            "ruling",
        ),
        Field("dataset", "dominion", None, "zh-Hans", "x", "“+X Card(s)”：抓 X 张牌（见地窖）。", "ruling"),
    ]
    assert not scan(fields)


def test_a_planted_half_width_full_stop_after_chinese_or_a_closing_bracket_is_found():
    text = "选择一张给自己.后将剩下的牌传给（B 玩家）.\n然后开始游戏!"
    f = Field("dataset", "citadels", None, "zh-Hans", "x", text, "ruling")
    assert [(x.kind, x.match) for x in scan([f])] == [
        ("half-width", "."),
        ("half-width", "."),
        ("half-width", "!"),
    ]
    latin = Field("dataset", "dominion", None, "zh-Hans", "x", "见 Card(s). 费用 2.5 枚", "ruling")
    assert not scan([latin])


def test_half_width_punctuation_beside_latin_text_or_numbers_is_not_a_finding():
    f = Field("dataset", "dominion", None, "zh-Hans", "x", "花费 $2, 或 3: Ann 的回合。", "ruling")
    assert not [x for x in scan([f]) if x.kind == "half-width"]


def test_a_planted_second_word_for_trash_is_found_in_its_edition_only(dataset):
    glossary = Glossary(tuple(parse_rows("dominion", TRASH_ROW, "test.yaml")))
    text = {"en": "Trash it.", "zh-Hans": "将它废置。", "zh-Hant": "將它廢置。"}
    ds = planted(dataset, "dominion/chapel", text, edition="2e")
    findings = [
        f for f in scan(dataset_fields(ds), glossary) if f.field.where == "dominion/chapel#planted ruling"
    ]
    assert sorted((f.kind, f.field.lang, f.match) for f in findings) == [
        ("glossary", "zh-Hans", "废置"),
        ("glossary", "zh-Hant", "廢置"),
    ]
    first = planted(dataset, "dominion/chapel", text, edition="1e")  # the 1st edition's own word
    assert not [
        f for f in scan(dataset_fields(first), glossary) if f.field.where == "dominion/chapel#planted ruling"
    ]


def test_a_1st_edition_word_in_a_ruling_of_both_editions_is_found(dataset):
    text = {"en": "Trash it.", "zh-Hans": "将它废置，再明示手牌。", "zh-Hant": "將它移除，再展示手牌。"}
    ds = planted(dataset, "dominion/chapel", text)  # Chapel is of both editions; the ruling too
    findings = [
        f
        for f in scan(dataset_fields(ds), load_glossary())
        if f.field.where == "dominion/chapel#planted ruling"
    ]
    assert sorted((f.kind, f.field.lang, f.match) for f in findings) == [
        ("glossary", "zh-Hans", "废置"),
        ("glossary", "zh-Hans", "明示"),
    ]
    shipped = dataset.by_id()["dominion/chapel"].rulings
    assert all("废置" not in r.text["zh-Hans"] for r in shipped if r.edition is None)


def test_a_glossary_avoid_word_stays_allowed_as_an_alias():
    glossary = Glossary(tuple(parse_rows("dominion", TRASH_ROW, "test.yaml")))
    alias = Field("dataset", "dominion", "2e", "zh-Hans", "dominion/terms/trash alias", "废置", "alias")
    assert not scan([alias], glossary)


def test_an_alias_that_is_another_entrys_name_is_found():
    name = Field("dataset", "citadels", None, "zh-Hans", "citadels/emperor name", "皇帝", "name")
    alias = Field("dataset", "citadels", None, "zh-Hans", "citadels/king alias", "皇帝", "alias")
    own = Field("dataset", "citadels", None, "zh-Hans", "citadels/emperor alias", "皇帝", "alias")
    assert [(f.kind, f.field.where) for f in scan([name, alias, own])] == [
        ("alias-collision", "citadels/king alias")
    ]


def test_mainland_words_in_traditional_text_are_found():
    taiwan = load_taiwan_vocabulary()
    f = Field("dataset", "dominion", None, "zh-Hant", "x", "每個遊戲者從牌迭裏抽牌。", "ruling")
    assert {x.match for x in scan([f], taiwan=taiwan)} == {"遊戲者", "牌迭", "裏"}
    assert not scan([replace(f, lang="zh-Hans")], taiwan=taiwan)


def test_interface_placeholders_are_not_setting_names():
    f = Field("ui", None, None, "en", "i18n results.count", "{n} results for {query_text}", "string")
    assert not scan([f])


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([{"en": "trash"}], "'concept' is required"),
        ([{"concept": "trash", "edition": "3e"}], "not an edition of dominion"),
        ([{"concept": "trash", "colour": "red"}], "unknown field 'colour'"),
        ([{"concept": "trash", "avoid": {"fr": ["x"]}}], "field 'avoid'"),
        (
            [{"concept": "trash", "zh-Hans": "移除", "avoid": {"zh-Hans": ["移除"]}}],
            "the displayed word itself",
        ),
        ([{"concept": "trash"}, {"concept": "trash"}], "listed twice"),
        ("trash", "expected a list"),
    ],
)
def test_a_bad_glossary_row_is_named(rows, message):
    with pytest.raises(GlossaryError, match=message):
        parse_rows("dominion", rows, "dominion.yaml")


def test_the_glossary_files_load():
    glossary = load_glossary()
    for term in glossary.terms:
        assert term.game in ("dominion", "citadels")


def test_an_entry_named_by_a_1st_edition_word_carries_the_2nd_editions_word(dataset):
    """A card or term whose name is a 1st-edition glossary word that the 2nd edition says
    differently (废置/移除, 补充资源/供应区, 省份/行省 …) has that 2nd-edition word as `names_2e`,
    so a page or a 2nd-edition demo board can show the edition's own word."""
    rows = [t for t in load_glossary().for_game("dominion") if t.edition]
    second = {t.concept: t.words for t in rows if t.edition == "2e"}
    first = {t.words["zh-Hans"]: t.concept for t in rows if t.edition == "1e"}
    checked = 0
    for e in dataset.entries:
        concept = first.get(e.names.get("zh-Hans", "")) if e.game == "dominion" else None
        if concept and concept in second and second[concept]["zh-Hans"] != e.names["zh-Hans"]:
            checked += 1
            own = e.extra.get("names_2e") or {}
            assert (own.get("zh-Hans"), own.get("zh-Hant")) == (
                second[concept]["zh-Hans"],
                second[concept]["zh-Hant"],
            ), e.id
    assert checked >= 10
