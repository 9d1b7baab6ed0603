"""The source reader (refapp/views/sources_page.py, refapp/source_reader.py): a cited passage in
context, highlighted, in the reader's script; its JSON twin; clear errors for a bad file or bad
lines; and the entry page's source line naming documents by title, linking to it, with no file
or line numbers in the words."""

from __future__ import annotations

import re

import pytest
from refapp_fakes import FixtureScenarios, FixtureSearch

from corpus.model import DATASET_PATH, SOURCES_DIR
from refapp import create_app

RULEBOOK = "000_2dfe370fb22f4214.txt"
CITADELS = "003_386c33ee6a748081.txt"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(
        {
            "TESTING": True,
            "DATASET_PATH": str(DATASET_PATH),
            "SCENARIO_SOURCE": FixtureScenarios(),
            "SEARCH_FUNCTION": FixtureSearch(scenarios={}),
            "REFAPP_DATA_DIR": str(tmp_path_factory.mktemp("src")),
        }
    )
    return app.test_client()


def seed_line(file: str, n: int) -> str:
    return (SOURCES_DIR / file).read_text(encoding="utf-8").splitlines()[n - 1]


def cited(html: str) -> list[tuple[int, str]]:
    return [
        (int(n), t)
        for n, t in re.findall(r'<li id="L(\d+)" value="\d+" class="cited"><mark>(.*?)</mark></li>', html)
    ]


def test_the_cited_lines_are_shown_highlighted_in_context(client):
    r = client.get(f"/sources/{RULEBOOK}?from=407&to=411&lang=zh-Hant")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    lines = cited(html)
    assert [n for n, _ in lines] == [n for n in range(407, 412) if seed_line(RULEBOOK, n).strip()]
    assert lines[0][1] == seed_line(RULEBOOK, 407)  # the Traditional rulebook as written
    shown = [int(n) for n in re.findall(r'<li id="L(\d+)"', html)]
    assert min(shown) < 407 - 5 and max(shown) > 411 + 5  # lines around the passage
    assert min(shown) > 100  # not the whole document
    assert "《皇輿爭霸》第一版規則（繁體譯本）" in html


def test_a_simplified_document_is_shown_to_a_taiwan_reader_in_traditional_characters(client):
    html = client.get(f"/sources/{CITADELS}?from=279&to=279&lang=zh-Hant").get_data(as_text=True)
    [(n, text)] = cited(html)
    assert n == 279 and "選擇一個角色" in text and "选择" not in text
    assert "script=original" in html and "簡體 003" not in html
    original = client.get(f"/sources/{CITADELS}?from=279&to=279&lang=zh-Hant&script=original").get_data(
        as_text=True
    )
    assert cited(original)[0][1] == seed_line(CITADELS, 279)


def test_an_english_reader_sees_the_document_as_written(client):
    html = client.get(f"/sources/{CITADELS}?from=279&to=279&lang=en").get_data(as_text=True)
    assert cited(html)[0][1] == seed_line(CITADELS, 279)
    assert "Citadels rules (Chinese)" in html


def test_the_whole_document_on_request(client):
    html = client.get(f"/sources/{CITADELS}?from=279&to=279&all=1").get_data(as_text=True)
    assert 'id="L1"' in html or 'id="L2"' in html
    assert [n for n, _ in cited(html)] == [279]


def test_the_json_twin(client):
    data = client.get(f"/sources/{CITADELS}.json?from=279&to=281&lang=zh-Hans").get_json()
    assert data["file"] == CITADELS and data["from"] == 279 and data["to"] == 281
    assert data["title"]["zh-Hans"] == "《富饶之城》中文规则"
    highlighted = [line["n"] for line in data["lines"] if line["highlight"]]
    assert highlighted == [n for n in range(279, 282) if seed_line(CITADELS, n).strip()]
    assert not data["converted"]


@pytest.mark.parametrize(
    "name", ["nope.txt", "manifest.json", "../manifest.json", "000.txt", "nope.txt.json"]
)
def test_an_unknown_file_is_a_404(client, name):
    r = client.get(f"/sources/{name}?from=1&to=2")
    assert r.status_code == 404


@pytest.mark.parametrize(
    "query",
    [
        "from=0",
        "from=9&to=3",
        "from=abc",
        "from=99999999",
        "from=1&to=100000",
        "from=-1",
        "from=１",
        "script=x",
    ],
)
def test_bad_lines_are_a_clear_400(client, query):
    r = client.get(f"/sources/{CITADELS}?{query}&lang=en")
    assert r.status_code == 400
    body = r.get_data(as_text=True)
    assert "Traceback" not in body
    assert "line numbers must be whole numbers" in body or "script can only be" in body
    j = client.get(f"/sources/{CITADELS}.json?{query}")
    assert j.status_code == 400 and j.get_json()["status"] == 400 and j.get_json()["message"]


def source_lines(html: str) -> list[str]:
    return re.findall(r'<p class="sources[^"]*">(.*?)</p>', html, re.S)


def words(fragment: str) -> str:
    return re.sub(r"<[^>]+>", "", fragment)


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
@pytest.mark.parametrize(
    "entry", ["dominion/library", "citadels/queen", "citadels/rules/scoring-and-bonuses"]
)
def test_a_source_line_names_documents_by_title_and_links_to_the_reader(client, entry, lang):
    html = client.get(f"/entries/{entry}?lang={lang}").get_data(as_text=True)
    lines = source_lines(html)
    assert lines
    for line in lines:
        text = words(line)
        assert not re.search(r"\b00\d\b|第\s*\d+|line|\.txt|\.tsv|\.md|github|/", text), text
        for href in re.findall(r'href="([^"]+)"', line):
            assert href.startswith(("/sources/", "https://")), href


def test_a_taiwan_reader_is_sent_to_the_traditional_rulebook(client):
    html = client.get("/entries/dominion/library?lang=zh-Hant").get_data(as_text=True)
    hrefs = [h for line in source_lines(html) for h in re.findall(r'href="(/sources/[^"]+)"', line)]
    assert hrefs and all(h.startswith(f"/sources/{RULEBOOK}") for h in hrefs)
    assert "簡體" not in "".join(words(line) for line in source_lines(html))


def test_a_source_link_opens_the_cited_lines_highlighted(client):
    html = client.get("/entries/dominion/library?lang=zh-Hans").get_data(as_text=True)
    href = re.search(r'href="(/sources/[^"#]+)#L(\d+)"', html)
    page = client.get(href.group(1).replace("&amp;", "&"))
    assert page.status_code == 200
    assert cited(page.get_data(as_text=True))[0][0] == int(href.group(2))


def test_a_published_citation_reads_as_a_title_with_its_address_one_tap_away(client):
    html = client.get("/entries/citadels/queen?lang=en").get_data(as_text=True)
    line = next(x for x in source_lines(html) if "published" in x)
    assert "the 2016 rulebook" in words(line)
    assert "rulespal" not in words(line)
    assert (
        'href="https://github.com/borisyankov/rulespal/blob/HEAD/data/rulebooks/citadels_rulebook.md"' in line
    )


@pytest.mark.parametrize(
    ("lang", "shown", "hidden"), [("en", "Harbour", "港口"), ("zh-Hans", None, "Harbour")]
)
def test_also_called_shows_only_aliases_in_the_readers_script(client, lang, shown, hidden):
    html = client.get(f"/entries/citadels/harbor?lang={lang}").get_data(as_text=True)
    row = re.search(r"<dt>[^<]*</dt><dd>([^<]*)</dd>", html[html.index('class="facts"') :])
    also = re.findall(r"<dt>(?:Also called|别名|別名)</dt><dd>([^<]*)</dd>", html)
    if shown:
        assert also == [shown]
    else:
        assert also == []
    assert row is not None
    assert all(hidden not in a for a in also)


def test_a_readings_list_names_documents_by_title_and_links_to_their_lines(client):
    html = client.get("/entries/citadels/armory?lang=zh-Hant").get_data(as_text=True)
    details = re.search(r'<details class="variants">(.*?)</details>', html, re.S).group(1)
    assert "《富饒之城》中文規則" in details
    assert re.search(r'href="/sources/003_386c33ee6a748081\.txt\?from=\d+&amp;to=\d+#L\d+"', details)
    assert not re.search(r"\b003\b|第\s*\d+", words(details))
