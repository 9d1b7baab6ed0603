"""A ruling's published sources reach the entry page's source line and the entry's JSON twin,
and the ruling's own text names no repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator
from refapp_fakes import FixtureScenarios, FixtureSearch
from referencing import Registry, Resource

from corpus.ingest.pipeline import ingest, write_dataset
from corpus.model import DATASET_PATH, SOURCES_DIR
from refapp import create_app

CITADELS = "003_386c33ee6a748081.txt"
RULESPAL = {
    "repo": "borisyankov/rulespal",
    "path": "data/rulebooks/citadels_rulebook.md",
    "what": "2016 rulebook",
}
WIKI = {"url": "https://wiki.dominionstrategy.com/index.php/Reshuffle"}
SPEC = yaml.safe_load(
    (Path(__file__).resolve().parents[2] / "docs" / "openapi.yaml").read_text(encoding="utf-8")
)


def app_for(dataset_path: Path, tmp_path: Path):
    return create_app(
        {
            "TESTING": True,
            "DATASET_PATH": str(dataset_path),
            "SCENARIO_SOURCE": FixtureScenarios(),
            "SEARCH_FUNCTION": FixtureSearch(scenarios={}),
            "REFAPP_DATA_DIR": str(tmp_path),
        }
    )


def article(html: str, ruling_id: str) -> str:
    start = html.index(f'<article class="ruling" id="{ruling_id}"')
    return html[start : html.index("</article>", start)]


def source_line(fragment: str) -> str:
    """The source line's HTML without the <wbr> break points placed after each "/" of a path."""
    return re.search(r'<p class="sources[^"]*">(.*?)</p>', fragment, re.S).group(1).replace("<wbr>", "")


def prose(fragment: str) -> str:
    return re.search(r'<div class="prose">(.*?)</div>', fragment, re.S).group(1)


@pytest.fixture
def ingested_client(tmp_path):
    """Curated YAML with a published citation → ingest → dataset.json → the app."""
    entry = {
        "id": "citadels/assassin",
        "kind": "card",
        "editions": ["classic"],
        "names": {"en": "Assassin", "zh-Hans": "刺客", "zh-Hant": "刺客"},
        "types": ["character"],
        "text": {"en": "Name a character; it loses its turn this round."},
        "text_from": {"file": CITADELS, "lines": [279, 279]},
        "rulings": [
            {
                "id": "names-a-character",
                "from": {"file": CITADELS, "lines": [279, 279], "sentences": [1, 1]},
                "en": "The Assassin names a character, not a player; the published rules agree.",
                "published": [RULESPAL, WIKI],
            }
        ],
    }
    curated = tmp_path / "curated" / "citadels"
    curated.mkdir(parents=True)
    (curated / "characters.yaml").write_text(yaml.safe_dump([entry], allow_unicode=True), encoding="utf-8")
    path = write_dataset(ingest(SOURCES_DIR, curated.parent).dataset, tmp_path / "dataset.json")
    return app_for(path, tmp_path).test_client()


def test_ingested_citation_is_on_the_rulings_source_line(ingested_client):
    html = ingested_client.get("/entries/citadels/assassin?lang=en").get_data(as_text=True)
    line = source_line(article(html, "names-a-character"))
    assert "Published" in line
    # a title in words, the address one tap away; no repository path in the words
    assert ">the 2016 rulebook</a>" in line
    assert 'href="https://github.com/borisyankov/rulespal/blob/HEAD/data/rulebooks/citadels_rulebook.md"' in (
        line
    )
    assert "borisyankov/rulespal" not in re.sub(r"<[^>]+>", "", line)
    assert line.index("Citadels rules") < line.index("Published")  # after the seed sources
    assert '<a href="https://wiki.dominionstrategy.com/index.php/Reshuffle" rel="noopener">' in line
    assert ">the Dominion Strategy wiki (Reshuffle)</a>" in line
    assert "borisyankov" not in prose(article(html, "names-a-character"))


@pytest.mark.parametrize(
    ("lang", "label"), [("zh-Hans", "已出版"), ("zh-Hant", "已出版"), ("en", "Published")]
)
def test_the_label_is_localised(ingested_client, lang, label):
    html = ingested_client.get(f"/entries/citadels/assassin?lang={lang}").get_data(as_text=True)
    assert f'<span class="src-label">{label}' in source_line(article(html, "names-a-character"))


def test_ingested_citation_is_in_the_json_twin(ingested_client):
    data = ingested_client.get("/entries/citadels/assassin.json").get_json()
    [r] = data["rulings"]
    assert r["published"] == [RULESPAL, WIKI]


# The committed dataset


@pytest.fixture(scope="module")
def real_client(tmp_path_factory):
    return app_for(DATASET_PATH, tmp_path_factory.mktemp("pub")).test_client()


def test_queen_page_shows_the_rulebook_on_the_source_line_not_in_the_text(real_client):
    titles = {"en": "the 2016 rulebook", "zh-Hans": "2016 年版规则书", "zh-Hant": "2016 年版規則書"}
    for lang in ("en", "zh-Hans", "zh-Hant"):
        html = real_client.get(f"/entries/citadels/queen?lang={lang}").get_data(as_text=True)
        ruling = article(html, "five-or-more-players")
        line = source_line(ruling)
        assert f">{titles[lang]}</a>" in line, lang
        assert "github.com/borisyankov/rulespal/blob/HEAD/data/rulebooks/citadels_rulebook.md" in line, lang
        assert "borisyankov" not in prose(ruling) and "rulespal" not in prose(ruling), lang


def test_a_notes_citation_is_on_its_source_line(real_client):
    html = real_client.get("/entries/citadels/rules/scoring-and-bonuses?lang=en").get_data(as_text=True)
    start = html.index('id="note-ties-editions"')
    note = html[start : html.index("</p>", html.index('class="sources"', start)) + 4]
    line = source_line(note)
    assert "borisyankov/rulespal" in line and "vdocuments.mx/citadels-faq.html" in line  # the links
    assert "the 2016 rulebook" in line and "the 2010 FAQ" in line  # the words
    assert "rulespal" not in prose(note) and "vdocuments" not in prose(note)


def test_entry_json_returns_published_for_rulings_and_notes_as_documented(real_client):
    data = real_client.get("/entries/citadels/queen.json").get_json()
    rulings = {r["id"]: r for r in data["rulings"]}
    assert rulings["five-or-more-players"]["published"] == [RULESPAL]
    assert all(r["published"] == [] for rid, r in rulings.items() if rid != "five-or-more-players")
    assert all("published" in n for n in data["notes"])
    registry = Registry().with_resource("urn:spec", Resource.opaque(SPEC))
    validator = Draft202012Validator({"$ref": "urn:spec#/components/schemas/Entry"}, registry=registry)
    assert not [e.message for e in validator.iter_errors(data)]
    # the documented shape requires the field: a ruling without it does not validate
    rulings["five-or-more-players"].pop("published")
    assert list(validator.iter_errors(data))
