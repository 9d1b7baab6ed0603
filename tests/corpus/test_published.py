"""Published sources (not seeds) are a structured field of rulings and notes: checked when the
curated YAML is read, kept through dataset.json, and never written inside the text players read."""

from __future__ import annotations

import re

import pytest
from corpus_fixtures import CITADELS, citadels_entry

from corpus.ingest.pipeline import IngestError, ingest, write_dataset
from corpus.model import DATASET_PATH, LANGS, SOURCES_DIR, Published, load_dataset

RULESPAL = {
    "repo": "borisyankov/rulespal",
    "path": "data/rulebooks/citadels_rulebook.md",
    "what": "2016 rulebook",
}
WIKI = {"url": "https://wiki.dominionstrategy.com/index.php/Library"}

# A repository-looking citation (owner/name ... file.ext) or a known published source's name.
CITATION_IN_TEXT = re.compile(
    r"\b[\w.-]+/[\w.-]+\b.*\.(md|json|rs|tsv)\b"
    r"|borisyankov|rulespal|dominiontabs|sumpfork|taskin-saadman|citadels-classic|CharlesTaylor7"
    r"|allanhortle|one-pagers|dominionstrategy|https?://",
    re.IGNORECASE,
)


def ruling(**extra) -> dict:
    return {
        "id": "names-a-character",
        "from": {"file": CITADELS, "lines": [279, 279], "sentences": [1, 1]},
        "en": "The Assassin names a character, not a player.",
        **extra,
    }


def note(**extra) -> dict:
    return {"id": "edition-note", "en": "The 2016 rulebook agrees.", "zh-Hans": "2016年版规则相同。", **extra}


def error_of(curated_dir, entry: dict) -> str:
    with pytest.raises(IngestError) as info:
        ingest(SOURCES_DIR, curated_dir({"citadels/characters.yaml": [entry]}))
    return "\n".join(info.value.problems)


def test_a_ruling_and_a_note_keep_their_citations_through_dataset_json(curated_dir, tmp_path):
    entry = citadels_entry(rulings=[ruling(published=[RULESPAL, WIKI])], notes=[note(published=[RULESPAL])])
    ds = ingest(SOURCES_DIR, curated_dir({"citadels/characters.yaml": [entry]})).dataset
    [e] = ds.entries
    assert e.rulings[0].published == [Published(**RULESPAL), Published(**WIKI)]
    assert e.notes[0].published == [Published(**RULESPAL)]
    path = write_dataset(ds, tmp_path / "dataset.json")
    raw = path.read_text(encoding="utf-8")
    assert '"url": "https://wiki.dominionstrategy.com/index.php/Library"' in raw
    assert '"url": null' not in raw and '"what": null' not in raw  # only the keys a citation has
    again = load_dataset(path)
    assert again.entries[0].rulings[0].published == e.rulings[0].published
    assert again.entries[0].notes[0].published == e.notes[0].published


def test_without_published_a_ruling_has_an_empty_list(curated_dir):
    ds = ingest(SOURCES_DIR, curated_dir({"citadels/characters.yaml": [citadels_entry()]})).dataset
    assert ds.entries[0].rulings[0].published == []


@pytest.mark.parametrize(
    ("citation", "field", "says"),
    [
        ({"repo": "rulespal", "path": "data/x.md"}, "published[0].repo", "owner/name"),
        ({"repo": "borisyankov/rulespal", "path": "data/rule book.md"}, "published[0].path", "no spaces"),
        ({"repo": "borisyankov/rulespal", "path": ""}, "published[0].path", "non-empty"),
        ({"repo": "borisyankov/rulespal"}, "published[0].path", "is required"),
        ({"path": "data/x.md"}, "published[0].repo", "is required"),
        ({"url": "http://wiki.dominionstrategy.com/index.php/Library"}, "published[0].url", "https://"),
        ({**RULESPAL, "url": "https://example.org/x"}, "published[0]", "not both"),
        ({"what": "2016 rulebook"}, "published[0]", "repo and path"),
        ({**RULESPAL, "file": "x"}, "published[0]", "unknown key"),
        ({**RULESPAL, "what": "x" * 81}, "published[0].what", "80"),
    ],
)
def test_a_bad_citation_stops_ingestion_naming_the_field(curated_dir, citation, field, says):
    message = error_of(curated_dir, citadels_entry(rulings=[ruling(published=[citation])]))
    assert "characters.yaml" in message and "'citadels/assassin'" in message
    assert f"'rulings[names-a-character].{field}'" in message, message
    assert says in message, message


def test_a_bad_note_citation_and_a_non_list_are_errors(curated_dir):
    message = error_of(
        curated_dir, citadels_entry(notes=[note(published=[{"repo": "x y/z", "path": "a.md"}])])
    )
    assert "'notes[edition-note].published[0].repo'" in message
    message = error_of(curated_dir, citadels_entry(rulings=[ruling(published="borisyankov/rulespal")]))
    assert "'rulings[names-a-character].published'" in message and "must be a list" in message
    message = error_of(curated_dir, citadels_entry(rulings=[ruling(published=[RULESPAL, RULESPAL])]))
    assert "'rulings[names-a-character].published[1]'" in message and "twice" in message


# The committed dataset


@pytest.fixture(scope="module")
def dataset():
    return load_dataset(DATASET_PATH)


def test_no_displayed_text_cites_a_repository_or_page(dataset):
    found = []
    for e in dataset.entries:
        texts = {
            "names": e.names,
            "text": e.text,
            "text_2e": e.text_2e or {},
            "edition_changes": e.edition_changes or {},
        }
        texts |= {f"rulings[{r.id}]": r.text for r in e.rulings}
        texts |= {f"notes[{n.id}]": n.text for n in e.notes}
        for where, text in texts.items():
            for lang in LANGS:
                if CITATION_IN_TEXT.search(text.get(lang, "")):
                    found.append(f"{e.id} {where} {lang}: {text[lang][:80]}")
    assert not found, "cite published sources in `published`, not in the text:\n" + "\n".join(found)


def test_the_moved_citations_are_in_the_published_field(dataset):
    by_id = dataset.by_id()
    queen = {r.id: r for r in by_id["citadels/queen"].rulings}["five-or-more-players"]
    assert Published(**RULESPAL) in queen.published
    bell = {r.id: r for r in by_id["citadels/bell-tower"].rulings}["owner-may-announce"]
    assert [p.repo for p in bell.published] == ["taskin-saadman/citadels-classic"]
    ties = {n.id: n for n in by_id["citadels/rules/scoring-and-bonuses"].notes}["ties-editions"]
    # the 2010 official FAQ settles the tie-break; the 2016 rulebook shows where editions differ
    expected = ["https://vdocuments.mx/citadels-faq.html", "borisyankov/rulespal"]
    assert [p.url or p.repo for p in ties.published] == expected
    cited = sum(bool(item.published) for e in dataset.entries for item in [*e.rulings, *e.notes])
    assert cited >= 18
