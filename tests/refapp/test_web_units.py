"""Pure pieces of the web app: language choice, safe redirects, sanitising, gzip, filters, serve."""

from __future__ import annotations

import gzip
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corpus.model import LANGS
from index.filters import Filters
from refapp import i18n
from refapp.catalog import FilterError, localised, parse_filters
from refapp.commands.web import gunicorn_argv
from refapp.compress import accepts_gzip
from refapp.links import url_with
from refapp.markup import render_snippet, render_text
from refapp.views.language import safe_next


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("zh-TW,zh;q=0.9,en;q=0.8", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh-Hant-TW", "zh-Hant"),
        ("zh-CN,zh;q=0.9", "zh-Hans"),
        ("zh", "zh-Hans"),
        ("zh-SG", "zh-Hans"),
        ("en-GB,en;q=0.9,zh-CN;q=0.8", "en"),
        ("fr-FR,en;q=0.5,zh-TW;q=0.9", "zh-Hant"),  # q values decide, not order
        ("fr, de", i18n.DEFAULT_LANG),
        ("", i18n.DEFAULT_LANG),
        (None, i18n.DEFAULT_LANG),
        ("en;q=0, zh-TW", "zh-Hant"),  # q=0 means "not this"
        ("en;q=abc, zh-CN", "zh-Hans"),
    ],
)
def test_language_from_accept_language(header, expected):
    assert i18n.choose_lang(None, None, header) == expected


def test_explicit_choice_beats_cookie_beats_browser():
    assert i18n.choose_lang("en", "zh-Hant", "zh-CN") == "en"
    assert i18n.choose_lang(None, "zh-Hant", "en") == "zh-Hant"
    assert i18n.choose_lang("xx", "yy", "en") == "en"


@given(st.one_of(st.none(), st.text()), st.one_of(st.none(), st.text()), st.one_of(st.none(), st.text()))
def test_choose_lang_always_gives_one_of_our_languages(q, cookie, header):
    assert i18n.choose_lang(q, cookie, header) in LANGS


def test_every_interface_string_exists_in_three_scripts_with_the_same_placeholders():
    import string

    for key in i18n.all_keys():
        texts = [i18n.translate(key, lang) for lang in LANGS]
        assert all(texts), key
        fields = [{f for _, f, _, _ in string.Formatter().parse(t) if f} for t in i18n._TABLE[key].values()]
        assert fields[0] == fields[1] == fields[2], key


def test_simplified_and_traditional_strings_differ_where_the_characters_do():
    # a sample that must not be left in the wrong script
    assert i18n.translate("search.button", "zh-Hans") == "搜索"
    assert i18n.translate("search.button", "zh-Hant") == "搜尋"
    assert i18n.translate("entry.related", "zh-Hant") == "相關條目"


@given(st.text())
def test_safe_next_is_always_a_local_path(target):
    out = safe_next(target)
    assert out.startswith("/") and not out.startswith("//") and "\\" not in out
    assert all(ord(c) >= 32 for c in out)


def test_url_with_drops_empty_values_and_encodes():
    assert (
        url_with("/search", {"q": "图书馆", "game": "dominion"}, game=None)
        == "/search?q=%E5%9B%BE%E4%B9%A6%E9%A6%86"
    )
    assert url_with("/search", {}, q="a&b") == "/search?q=a%26b"


@pytest.mark.parametrize(
    "hostile",
    [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(1)">',
        "[x](javascript:alert(1))",
        '<a href="https://evil.example">x</a>',
        "<iframe src=//evil></iframe>",
    ],
)
def test_content_text_is_sanitised(hostile):
    html = str(render_text(hostile))
    for bad in ("<script", "<iframe", "<a ", "<img"):
        assert bad not in html
    assert set(re.findall(r"<(\w+)", html)) <= {"p", "br"}  # no element of the input survives
    if hostile.startswith("<"):  # shown as the text it is, escaped
        assert "&lt;" in html
    else:  # Markdown link syntax stays literal text
        assert hostile in html


def test_seed_text_renders_literally_with_its_line_breaks():
    # 003 marks footnotes with * and lost words with **; numbered steps start lines with "1."
    html = str(render_text("每有一个地区可得一枚金币*。\n** 国王卡\n1. 有王冠的玩家\n- 适用版本"))
    assert "<strong>" not in html and "<em>" not in html and "<li>" not in html
    assert "金币*。" in html and "** 国王卡" in html and "1. 有王冠的玩家" in html and "- 适用版本" in html
    assert html.count("<br") == 3


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc"))))
def test_any_text_renders_without_markup_of_its_own(text):
    html = str(render_text(text))
    import re

    tags = {t.lower() for t in re.findall(r"<\s*/?\s*([a-zA-Z][a-zA-Z0-9]*)", html)}
    assert tags <= {"p", "br"}


@given(st.text())
def test_snippets_keep_only_mark(snippet):
    html = str(render_snippet(snippet))
    import re

    tags = {t.lower() for t in re.findall(r"<\s*/?\s*([a-zA-Z][a-zA-Z0-9]*)", html)}
    assert tags <= {"mark"}


@pytest.mark.parametrize(
    ("header", "ok"),
    [
        ("gzip", True),
        ("br, gzip", True),
        ("gzip;q=0", False),
        ("*", True),
        ("identity", False),
        (None, False),
    ],
)
def test_accepts_gzip(header, ok):
    assert accepts_gzip(header) is ok


@given(st.binary(min_size=600, max_size=5000))
@settings(deadline=None)  # no timing in tests: a loaded machine is not a failure
def test_gzip_round_trip_through_the_app(body):
    from flask import Flask, Response

    from refapp.compress import gzip_response

    app = Flask(__name__)
    with app.test_request_context(headers={"Accept-Encoding": "gzip"}):
        from flask import request

        out = gzip_response(request, Response(body, mimetype="application/json"))
        assert out.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(out.get_data()) == body


def test_filters_reject_values_no_entry_can_have():
    exact = Filters(game="dominion", cost=("=", 5))  # browse's cost is exact
    assert parse_filters({"game": "dominion", "cost": "5"}, ["action"]) == exact
    assert parse_filters({"game": "", "edition": ""}, []).game is None
    for bad in ({"game": "go"}, {"cost": "٣"}, {"cost": "100"}, {"type": "x"}, {"edition": "3e"}):
        with pytest.raises(FilterError):
            parse_filters(bad, ["action"])


def test_localised_falls_back_to_another_script_rather_than_nothing():
    assert localised({"en": "Library", "zh-Hans": "图书馆", "zh-Hant": ""}, "zh-Hant") == "图书馆"
    assert localised({"en": "Library"}, "zh-Hans") == "Library"
    assert localised(None, "en") == ""


def test_serve_uses_gunicorn_on_loopback_without_control_socket_or_debug():
    argv = gunicorn_argv("127.0.0.1", 8000, 2, debug=False)
    assert argv[0] == "gunicorn" and "--no-control-socket" in argv
    assert argv[argv.index("--bind") + 1] == "127.0.0.1:8000"
    assert "--reload" not in argv and argv[-1] == "refapp:create_app()"


def test_serve_is_registered_on_the_cli():
    from click.testing import CliRunner

    from refapp.cli import main

    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0 and "--port" in result.output
    bad = CliRunner().invoke(main, ["serve", "--port", "0"])
    assert bad.exit_code != 0 and "port" in bad.output.lower()


def test_english_counts_agree_in_number():
    assert i18n.translate("results.count", "en", n=1) == "1 result"
    assert i18n.translate("results.count", "en", n=2) == "2 results"
    assert i18n.translate("results.count", "zh-Hans", n=1) == "共 1 条结果"
