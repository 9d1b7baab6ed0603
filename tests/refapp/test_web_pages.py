"""What a reader sees on each page, in each script, and what happens with bad input."""

from __future__ import annotations

import gzip
import json
import re

import pytest

from index.query import MAX_QUERY_CHARS
from refapp import i18n

LANG_HEADERS = {"en": "en-GB,en;q=0.9", "zh-Hans": "zh-CN,zh;q=0.9", "zh-Hant": "zh-TW,zh;q=0.9"}


def html(response) -> str:
    return response.get_data(as_text=True)


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_home_is_in_the_browser_language_with_a_focused_search_box(client, lang):
    page = html(client.get("/", headers={"Accept-Language": LANG_HEADERS[lang]}))
    assert f'<html lang="{lang}">' in page
    assert i18n.translate("site.tagline", lang) in page
    assert re.search(r'<input id="q"[^>]*autofocus', page, re.S)
    assert re.search(rf'<input id="q"[^>]*maxlength="{MAX_QUERY_CHARS}"', page, re.S)  # what the search takes
    assert 'href="/browse?game=dominion&amp;edition=1e"' in page
    assert 'href="/browse?game=dominion&amp;cost=5"' in page
    assert 'href="/browse?game=citadels&amp;type=character"' in page


def test_interface_strings_follow_the_chosen_script_not_only_content(client):
    page = html(client.get("/entries/dominion/library", headers={"Accept-Language": "zh-TW"}))
    for key in ("entry.rulings", "entry.related", "entry.names", "nav.skip"):
        assert i18n.translate(key, "zh-Hant") in page
    assert "裁定" in page and "相關條目" in page and "相关条目" not in page


def test_language_switch_sets_a_cookie_and_returns_to_the_page(client):
    r = client.get("/lang/en?next=/entries/dominion/library")
    assert r.status_code == 303
    assert r.headers["Location"].endswith("/entries/dominion/library")
    assert "lang=en" in r.headers["Set-Cookie"]
    page = html(client.get("/entries/dominion/library", headers={"Accept-Language": "zh-CN"}))
    assert '<html lang="en">' in page and "Rulings" in page


@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/x", "/\\evil", "javascript:alert(1)"]
)
def test_language_switch_never_redirects_off_site(client, target):
    r = client.get("/lang/zh-Hant", query_string={"next": target})
    assert r.status_code == 303
    assert r.headers["Location"] in ("/", "http://localhost/")


def test_unknown_language_is_a_404_and_sets_nothing(client):
    r = client.get("/lang/fr?next=/")
    assert r.status_code == 404
    assert "Set-Cookie" not in r.headers


def test_entry_page_shows_names_cost_types_rulings_with_sources_and_permalinks(client):
    page = html(client.get("/entries/dominion/library", headers={"Accept-Language": "en"}))
    for name in ("Library", "图书馆", "圖書館"):
        assert name in page
    assert 'class="badge cost">5<' in page
    assert ">Action<" in page
    assert 'id="set-aside-not-shuffled"' in page
    assert 'href="#set-aside-not-shuffled"' in page
    # each copy by its title, linked to the source reader at the cited lines
    assert 'href="/sources/000_2dfe370fb22f4214.txt?from=407&amp;to=409#L407"' in page
    assert 'href="/sources/002_0055ec9b52a42cc5.txt?from=285&amp;to=286#L285"' in page  # the 002 copy too
    assert "lines 407–409" not in page
    assert "1st edition" in page
    assert 'href="/scenarios/dominion/library-set-aside?step=8#step=8"' in page  # "show me", at the ★ step
    assert 'href="/entries/dominion/cellar"' in page  # related entry
    # content text is plain text: asterisks stay literal, never become markup
    assert "**Action**" in page and "<strong>Action</strong>" not in page


def test_edition_changes_are_shown_for_a_second_edition_card(client):
    page = html(client.get("/entries/dominion/artisan", headers={"Accept-Language": "en"}))
    assert "Changes between editions" in page and "New in the 2nd edition." in page
    assert "2nd edition" in page


def test_citadels_entry_shows_notes_and_no_editions(client):
    page = html(client.get("/entries/citadels/assassin", headers={"Accept-Language": "zh-CN"}))
    assert "刺客" in page and "杀手" in page
    assert "关于来源的说明" in page
    assert "第一版" not in page


@pytest.mark.parametrize(
    "path", ["/entries/dominion/nope", "/scenarios/nope", "/no/such/page", "/entries/", "/static/app.css"]
)
@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_unknown_addresses_get_a_friendly_404_in_the_chosen_script(client, path, lang):
    r = client.get(path, headers={"Accept-Language": LANG_HEADERS[lang]})
    assert r.status_code == 404
    page = html(r)
    assert i18n.translate("error.404.title", lang) in page
    assert i18n.translate("error.back_home", lang) in page
    assert "Traceback" not in page


def result_ids(page: str) -> list[str]:
    return re.findall(r'<a class="result-link" href="/entries/([^"?#]+)', page)


def test_results_keep_the_search_rank_with_the_game_as_a_badge(client, search):
    r = client.get("/search?q=a", headers={"Accept-Language": "en"})
    assert r.status_code == 200
    page = html(r)
    ranked = [x["id"] for x in search(search.calls[-1])[0]["results"]]
    assert ranked[0] == "citadels/assassin"  # the fake ranks Citadels first
    assert result_ids(page) == ranked  # never regrouped by game
    assert 'id="g-dominion"' not in page
    first = page[page.index('<li class="result">') : page.index("</li>", page.index('<li class="result">'))]
    assert 'class="badge game g-citadels">Citadels' in first
    assert search.calls[-1]["lang"] == "en"  # the page asks the same search as the API


def test_a_result_shows_its_ruling_text_and_that_rulings_demo(client):
    page = html(client.get("/search?q=lib", headers={"Accept-Language": "en"}))
    card = page[page.index('<li class="result">') :]
    assert '<blockquote class="snippet ruling-text"' in card
    answer = 'href="/entries/dominion/library?r=set-aside-not-shuffled#set-aside-not-shuffled"'
    assert card.count(answer) >= 2  # the title and the snippet open the matched ruling
    assert '<a class="result-link" ' + answer in card
    assert "<mark>Library</mark>" in card
    assert "<script>bad()" not in page and "<b>x</b>" not in page  # only <mark> survives in snippets
    assert 'href="/scenarios/dominion/library-set-aside?step=8#step=8"' in card  # "show me" at the ★ step


def test_a_result_names_the_entries_saying_the_same_answer_as_links(client, search):
    """A near-duplicate folded into a result (index.fold) is a link under it, in the reader's
    script, opening that entry at its ruling."""
    search.also = {
        "dominion/library": ["dominion/cellar#any-number", "dominion/cellar#other", "dominion/gone#x"]
    }
    page = html(client.get("/search?q=lib", headers={"Accept-Language": "zh-Hant"}))
    card = page[page.index('<li class="result">') : page.index("</li>", page.index('<li class="result">'))]
    assert '<p class="also-in">' in card and "也見於" in card
    assert card.count('class="chip" href="/entries/dominion/cellar?r=any-number#any-number">地窖</a>') == 1
    assert card.count('class="chip"') == 1  # each entry once; one the catalogue lacks is left out
    search.also = {}
    assert 'class="also-in"' not in html(client.get("/search?q=lib", headers={"Accept-Language": "en"}))


def test_filters_are_one_folded_control_with_removable_chips(client, search):
    page = html(client.get("/search?q=a&game=citadels&kind=card", headers={"Accept-Language": "en"}))
    assert search.calls[-1]["game"] == "citadels"
    assert page.count('<details class="filters"') == 1 and '<details class="filters" open' not in page
    active = page[page.index('class="chips active-filters"') :]
    active = active[: active.index("</ul>")]
    assert 'href="/search?q=a&amp;kind=card"' in active and "Remove filter: Citadels" in active
    assert 'href="/search?q=a&amp;game=citadels"' in active and "Remove filter: Card" in active
    assert result_ids(page) == ["citadels/assassin"]
    plain = html(client.get("/search?q=a", headers={"Accept-Language": "en"}))
    assert "active-filters" not in plain
    assert 'href="/search?q=a&amp;game=citadels"' in plain  # a choice inside the folded panel
    assert ">Dominion · 1st edition<" in plain  # an edition names its game while no game is chosen


def test_did_you_mean_links_to_the_suggestion(client):
    page = html(client.get("/search?q=libary", headers={"Accept-Language": "en"}))
    assert "Did you mean" in page and 'href="/search?q=library"' in page


HOSTILE = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "'; DROP TABLE x; --",
    "{{7*7}}",
    "\u202e\u0000evil",
]


@pytest.mark.parametrize("query", HOSTILE)
def test_hostile_queries_are_escaped_everywhere(client, query):
    r = client.get("/search", query_string={"q": query})
    assert r.status_code in (200, 400)
    page = html(r)
    assert "<script>alert(1)" not in page
    assert "<img src=x" not in page
    if query == "{{7*7}}":  # echoed literally: a template engine would have printed 49
        assert "{{7*7}}" in page
    assert "Traceback" not in page


def test_search_error_from_the_index_is_a_400_page(client):
    r = client.get("/search?q=((", headers={"Accept-Language": "en"})
    assert r.status_code == 400
    assert "That search could not be understood" in html(r)


def test_empty_and_overlong_queries(client):
    assert client.get("/search?q=").status_code == 200
    r = client.get("/search", query_string={"q": "x" * (MAX_QUERY_CHARS + 1)})
    assert r.status_code == 400


def test_results_page_says_when_no_index_is_built(scenarios, tmp_path):
    from refapp_fakes import DATASET

    from refapp import create_app

    app = create_app(
        {"DATASET_PATH": str(DATASET), "SCENARIO_SOURCE": scenarios, "REFAPP_DATA_DIR": str(tmp_path)}
    )
    r = app.test_client().get("/search?q=lib", headers={"Accept-Language": "en"})
    assert r.status_code == 503
    assert "Search is not available right now" in html(r)


def test_a_browse_page_names_its_filter_in_its_title(client):
    page = html(client.get("/browse?game=citadels&type=character", headers={"Accept-Language": "en"}))
    assert "<h1>Browse: Citadels · Character</h1>" in page
    assert "<title>Browse: Citadels · Character" in page
    assert 'href="/browse?type=character"' in page  # removing the game filter
    assert "<h1>Browse</h1>" in html(client.get("/browse", headers={"Accept-Language": "en"}))


def test_browse_filters_by_game_edition_type_and_cost(client):
    page = html(client.get("/browse?game=dominion&edition=2e&cost=6", headers={"Accept-Language": "en"}))
    assert "/entries/dominion/artisan" in page and "/entries/dominion/library" not in page
    page = html(client.get("/browse?type=character"))
    assert "/entries/citadels/assassin" in page and "/entries/dominion/" not in page


@pytest.mark.parametrize("query", ["game=chess", "edition=3e", "cost=-1", "cost=abc", "kind=x", "type=<b>"])
def test_browse_rejects_unknown_filters_with_a_clear_message(client, query):
    r = client.get("/browse?" + query, headers={"Accept-Language": "en"})
    assert r.status_code == 400
    assert "Unknown filter value" in html(r)
    assert "<b>" not in html(r).split("Unknown filter value")[1][:60]


def test_player_page_lists_every_step_without_javascript(client):
    r = client.get("/scenarios/dominion/library-set-aside", headers={"Accept-Language": "en"})
    assert r.status_code == 200
    page = html(r)
    assert page.count('<li id="step=') == 9
    assert 'href="#step=8"' in page
    assert re.search(r'<li id="step=8"[^>]*class="hl"', page)  # the ruling step is marked
    assert "The ruling happens here" in page
    assert "If you shuffle part-way through" in page  # the ruling text is shown
    assert 'href="/entries/dominion/library#set-aside-not-shuffled"' in page


def test_player_narration_is_in_the_chosen_script(client):
    page = html(client.get("/scenarios/dominion/library-set-aside", headers={"Accept-Language": "zh-HK"}))
    assert "圖書館結算完畢" in page and "示範：" in page


def test_offline_page_and_service_worker(client, app):
    assert client.get("/offline").status_code == 200
    sw = client.get("/sw.js")
    assert sw.status_code == 200 and sw.mimetype == "application/javascript"
    assert sw.headers["Cache-Control"] == "no-cache"
    body = sw.get_data(as_text=True)
    for asset in app.extensions["refapp"].assets.values():
        assert asset.url in body
    assert '"/api/names"' in body and '"/offline"' in body


def test_web_manifest_is_localised(client):
    r = client.get("/manifest.webmanifest", headers={"Accept-Language": "zh-TW"})
    assert r.mimetype == "application/manifest+json"
    data = r.get_json(force=True)
    assert data["name"] == "規則速查" and data["start_url"] == "/" and data["icons"]


def test_static_assets_are_fingerprinted_and_cached_for_a_year(client, app):
    asset = app.extensions["refapp"].assets["app.css"]
    assert re.fullmatch(r"/static/app\.[0-9a-f]{10}\.css", asset.url)
    r = client.get(asset.url)
    assert r.status_code == 200 and r.data == asset.body
    assert "max-age=31536000" in r.headers["Cache-Control"] and "immutable" in r.headers["Cache-Control"]
    page = html(client.get("/"))
    assert asset.url in page


def test_responses_are_gzip_compressed_when_accepted(client):
    r = client.get("/entries/dominion/library", headers={"Accept-Encoding": "gzip, br"})
    assert r.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in r.headers["Vary"]
    assert "图书馆" in gzip.decompress(r.data).decode()
    plain = client.get("/entries/dominion/library")
    assert "Content-Encoding" not in plain.headers
    refused = client.get("/entries/dominion/library", headers={"Accept-Encoding": "gzip;q=0"})
    assert "Content-Encoding" not in refused.headers


def test_an_unloadable_scenario_is_a_503_and_an_engine_bug_a_500(app, scenarios):
    from refapp.scenarios import ScenarioUnavailable

    def unloadable(scenario_id, names):
        raise ScenarioUnavailable(scenario_id)

    scenarios.run = unloadable
    client = app.test_client()
    r = client.get("/scenarios/dominion/library-set-aside", headers={"Accept-Language": "en"})
    assert r.status_code == 503 and "not available" in html(r)
    assert client.get("/scenarios/dominion/library-set-aside.json").status_code == 503

    def broken(scenario_id, names):
        raise ValueError("engine bug")

    scenarios.run = broken
    app.config.update(PROPAGATE_EXCEPTIONS=False, TESTING=False)
    r = client.get("/scenarios/dominion/library-set-aside", headers={"Accept-Language": "en"})
    assert r.status_code == 500 and "engine bug" not in html(r) and "Traceback" not in html(r)


def test_post_is_not_allowed_and_says_so(client):
    r = client.post("/", headers={"Accept-Language": "en"})
    assert r.status_code == 405 and "not allowed" in html(r)


def test_lang_parameter_on_a_page_is_remembered_but_not_on_the_api(client):
    r = client.get("/browse?lang=zh-Hant")
    assert '<html lang="zh-Hant">' in html(r) and "lang=zh-Hant" in r.headers["Set-Cookie"]
    assert "Set-Cookie" not in client.get("/api/entries?lang=en").headers


def test_differing_seed_copies_are_shown_with_the_reading_kept(client):
    page = html(client.get("/entries/dominion/library", headers={"Accept-Language": "en"}))
    assert page.index('<details class="dev">') < page.index('<details class="variants">')  # in the footer
    assert page.index('<article class="ruling"') < page.index("<footer")
    start = page.index('<details class="variants">')
    details = page[start : page.index("</details>", start)]
    assert "Copies differ (1)" in details and 'href="#set-aside-not-shuffled"' in details
    assert '<span class="reading">裏</span>' in details and '<span class="reading">里</span>' in details
    # each copy by its title, linked to its line in the source reader (no line numbers in words)
    assert "from=407&amp;to=407#L407" in details and "from=285&amp;to=285#L285" in details
    assert "line 407" not in details
    assert details.index("裏") < details.index("(kept)") < details.index("里")


def test_static_assets_are_sent_precompressed(client, app):
    asset = app.extensions["refapp"].assets["app.js"]
    r = client.get(asset.url, headers={"Accept-Encoding": "gzip"})
    assert r.headers["Content-Encoding"] == "gzip" and gzip.decompress(r.data) == asset.body
    assert client.get(asset.url).data == asset.body


def test_pages_revalidate_with_etags(client):
    first = client.get(
        "/entries/dominion/library", headers={"Accept-Encoding": "gzip", "Accept-Language": "en"}
    )
    etag = first.headers["ETag"]
    assert etag.startswith("W/")
    again = client.get(
        "/entries/dominion/library",
        headers={"Accept-Encoding": "gzip", "Accept-Language": "en", "If-None-Match": etag},
    )
    assert again.status_code == 304 and again.data == b""
    other = client.get(
        "/entries/dominion/library", headers={"Accept-Language": "zh-CN", "If-None-Match": etag}
    )
    assert other.status_code == 200  # another language is another page
    assert first.headers["Content-Language"] == "en"


def test_step_links_work_without_javascript(client):
    page = html(client.get("/scenarios/dominion/library-set-aside"))
    for n in range(1, 10):  # every "#step=N" link has its target on the page
        assert f'href="#step={n}"' in page and f'id="step={n}"' in page


def test_an_unexpected_failure_is_a_friendly_500_without_a_traceback(app):
    app.config["PROPAGATE_EXCEPTIONS"] = False
    app.config["TESTING"] = False

    @app.get("/boom")
    def boom():
        raise RuntimeError("secret internals")

    @app.get("/api/boom")
    def api_boom():
        raise RuntimeError("secret internals")

    client = app.test_client()
    r = client.get("/boom", headers={"Accept-Language": "zh-TW"})
    assert r.status_code == 500
    assert "伺服器出錯了" in html(r) and "secret internals" not in html(r) and "Traceback" not in html(r)
    r = client.get("/api/boom")
    assert r.status_code == 500 and r.get_json() == {"error": "Internal Server Error", "status": 500}


def test_demonstrations_index_lists_every_scenario_under_its_entry(client):
    page = html(client.get("/scenarios", headers={"Accept-Language": "en"}))
    assert "All demonstrations" in page and "1 demonstration<" in page
    assert "<summary>Library" in page and 'href="/entries/dominion/library">Open the entry</a>' in page
    assert 'href="/scenarios/dominion/library-set-aside"' in page
    assert 'href="/scenarios"' in html(client.get("/"))


def test_switching_language_from_a_page_opened_with_lang_really_switches(client):
    page = html(client.get("/browse?game=citadels&lang=zh-Hant"))
    assert 'href="/lang/en?next=%2Fbrowse%3Fgame%3Dcitadels"' in page
    r = client.get("/lang/en?next=%2Fbrowse%3Fgame%3Dcitadels")
    assert r.headers["Location"].endswith("/browse?game=citadels")
    assert '<html lang="en">' in html(client.get("/browse?game=citadels"))


def test_scenario_cache_keeps_the_most_recently_used_runs(app, scenarios):
    from refapp.scenarios import ScenarioLibrary

    first = scenarios.runs["dominion/library-set-aside"]
    scenarios.runs["dominion/library-copy"] = {**first, "id": "dominion/library-copy"}
    library = ScenarioLibrary.build(scenarios, app.extensions["refapp"].catalog)
    library._runs.max_items = 1
    library.run("dominion/library-set-aside")
    library.run("dominion/library-set-aside")
    assert scenarios.calls == 1  # cached
    library.run("dominion/library-copy")  # pushes the first out
    library.run("dominion/library-set-aside")
    assert scenarios.calls == 3
    assert list(library._runs) == ["dominion/library-set-aside"]


def test_a_runs_star_step_is_kept_apart_from_its_run(app, scenarios):
    """Every result with a demonstration links to its ★ step: reading it again neither plays the
    scenario again nor needs the run kept (a run is unpacked whole from the run cache)."""
    from refapp.board import ruling_index
    from refapp.scenarios import ScenarioLibrary

    library = ScenarioLibrary.build(scenarios, app.extensions["refapp"].catalog)
    library._runs.max_items = 0  # no run kept
    step = library.ruling_step("dominion/library-set-aside")
    assert step == ruling_index(scenarios.runs["dominion/library-set-aside"]) == 7
    calls = scenarios.calls
    assert library.ruling_step("dominion/library-set-aside") == step
    assert scenarios.calls == calls


def test_an_overlong_query_gets_a_small_400_page_that_echoes_only_the_accepted_part(client):
    response = client.get("/search?q=" + "图" * 10000)
    assert response.status_code == 400
    assert len(response.data) < 60_000
    assert "图" * (MAX_QUERY_CHARS + 1) not in response.get_data(as_text=True)


def embedded_run(page: str) -> dict:
    m = re.search(r'<script type="application/json" id="player-run">(.*?)</script>', page, re.S)
    assert m, "the player page embeds its run"
    return json.loads(m.group(1))


def test_player_page_embeds_its_run_in_the_readers_script_so_it_is_never_fetched_again(client):
    page = html(client.get("/scenarios/dominion/library-set-aside", headers={"Accept-Language": "zh-HK"}))
    run = embedded_run(page)
    assert len(run["events"]) == 9 and len(run["snapshots"]) >= 1
    assert "圖書館結算完畢" in "".join(ev["say"] for ev in run["events"])  # one script, not three
    assert all(isinstance(n, str) for n in run["names"].values())
    assert run["highlight"] and run["game"] == "dominion"
    assert "data-scenario" not in page  # nothing tells the script to fetch the run


def test_player_page_draws_the_step_it_opens_at_before_any_script(client):
    page = html(client.get("/scenarios/dominion/library-set-aside?step=8", headers={"Accept-Language": "en"}))
    stage = page[page.index('<div class="stage js-only">') : page.index('id="steplist"')]
    narration = stage[stage.index('id="narration"') :]
    assert "★ The ruling happens here" in narration.split("</p>")[0]  # step 8 is the ★ step
    assert "Step 8 of 9" in stage and 'class="pl' in stage  # its board too
    top = html(client.get("/scenarios/dominion/library-set-aside?step=99", headers={"Accept-Language": "en"}))
    assert "Step 1 of 9" in top[top.index('id="step-label"') :][:200]  # a step out of range: the first


def test_a_result_shows_another_scripts_name_only_when_it_is_another_name(client):
    """圖書館 and 图书馆 are one name in two scripts: a zh-Hant reader sees the English name only."""
    page = html(client.get("/search?q=lib", headers={"Accept-Language": "zh-TW"}))
    start = page.index('<a class="result-link"')
    link = page[start : page.index("</a>", start)]
    assert "圖書館" in link
    assert re.findall(r'<span lang="([^"]+)">', link) == ["en"]


def test_the_player_punctuates_in_the_readers_script(client):
    page = html(client.get("/scenarios/dominion/library-set-aside", headers={"Accept-Language": "zh-HK"}))
    assert "返回條目：" in page and "返回條目:" not in page
    strings = json.loads(page.split('id="player-strings">', 1)[1].split("</script>", 1)[0])
    assert strings["punct.colon"] == "："  # the script joins the ★ step's words with it
    assert " — " not in page


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_a_2nd_edition_name_is_not_listed_again_among_the_other_names(lang):
    from corpus.model import load_dataset
    from refapp.source_line import shown_aliases

    trash = load_dataset().by_id()["dominion/terms/trash"]
    assert trash.extra["names_2e"][lang] == "移除" and "移除" in trash.aliases  # its own row
    shown = shown_aliases(trash, lang)
    assert shown and "移除" not in shown and len(shown) == len(set(shown))


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_the_offline_page_tells_a_player_what_still_works(client, lang):
    from refapp import tools_strings

    page = html(client.get(f"/offline?lang={lang}"))
    assert i18n.translate("offline.body", lang) in page
    assert tools_strings.translate("table.save", lang) in i18n.translate("offline.body", lang)
    assert "names only" not in page and "仅匹配名称" not in page


def test_a_ruling_does_not_repeat_its_edition_badge():
    from refapp.source_line import without_lead

    assert without_lead("2nd edition: trashing is optional.", "2nd edition") == "Trashing is optional."
    assert without_lead("第二版：礼拜堂让你移除", "第二版") == "礼拜堂让你移除"
    assert without_lead("第二版中铜币改为可选", "第二版") == "第二版中铜币改为可选"  # a sentence, kept
    assert without_lead("Chapel trashes", "2nd edition") == "Chapel trashes"


@pytest.mark.parametrize(
    ("lang", "badge"), [("en", "2nd edition"), ("zh-Hans", "第二版"), ("zh-Hant", "第二版")]
)
def test_the_entry_page_says_a_rulings_edition_once(lang, badge, tmp_path):
    from corpus.model import DATASET_PATH
    from refapp import create_app

    app = create_app({"TESTING": True, "DATASET_PATH": str(DATASET_PATH), "REFAPP_DATA_DIR": str(tmp_path)})
    page = html(app.test_client().get(f"/entries/dominion/chapel?lang={lang}"))
    ruling = page.split('id="played-chapel-not-in-hand"', 1)[1].split("</article>", 1)[0]
    prose = re.search(r'<div class="prose">(.*?)</div>', ruling, re.S).group(1)
    assert f'<span class="badge ed">{badge}</span>' in ruling and badge not in prose
