"""The languages are listed once (corpus/languages.py) and every string table is keyed by them.

Adding a language must be a row of corpus/languages.py plus its texts: so no module may define
its own list of languages (``LANGS = (...)``, ``("en", "zh-Hans", "zh-Hant")``, a ``["zh-Hans",
"en"]`` in a page script), and no string table may hold a row by position.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from corpus import languages
from corpus.languages import DEFAULT_LANG, LANGS, LANGUAGES, order, pick

ROOT = Path(__file__).resolve().parents[2]
PY_DIRS = ("corpus", "engine", "index", "refapp", "scripts")
THE_TABLE = ROOT / "corpus" / "languages.py"
LIST_NAME = re.compile(r"^_?(LANGS|LANG_KEYS|LANGUAGES|LANG_CODES)$")


def python_files() -> list[Path]:
    return sorted(p for d in PY_DIRS for p in (ROOT / d).rglob("*.py") if p != THE_TABLE)


def language_lists_in_python(source: str) -> list[str]:
    """Where ``source`` lists languages itself: a LANGS-like name assigned, or a list, tuple or
    set literal holding two or more language codes."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets = (
            node.targets if isinstance(node, ast.Assign)
            else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        found += [f"line {node.lineno}: {t.id} =" for t in targets
                  if isinstance(t, ast.Name) and LIST_NAME.match(t.id)]
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            codes = {e.value for e in node.elts if isinstance(e, ast.Constant) and e.value in LANGS}
            if len(codes) >= 2:
                found.append(f"line {node.lineno}: {sorted(codes)}")
    return found


JS_ARRAY = re.compile(r"\[[^\[\]]*\]")
JS_LIST_NAME = re.compile(r"\b(?:var|let|const)\s+(?:LANGS|ORDER|LANGUAGES)\b\s*=")


def language_lists_in_js(source: str) -> list[str]:
    """The same for a page script or template: an array literal holding two or more language
    codes, or a LANGS/ORDER variable."""
    found = []
    for m in JS_ARRAY.finditer(source):
        codes = {c for c in LANGS if re.search(rf"[\"']{re.escape(c)}[\"']", m.group(0))}
        if len(codes) >= 2:
            found.append(f"offset {m.start()}: {m.group(0)[:60]}")
    found += [f"offset {m.start()}: {m.group(0)}" for m in JS_LIST_NAME.finditer(source)]
    return found


def web_files() -> list[Path]:
    static = ROOT / "refapp" / "static"
    return sorted([*static.glob("*.js"), *(ROOT / "refapp" / "templates").rglob("*.html")])


def test_no_python_module_lists_the_languages_itself():
    found = {str(p.relative_to(ROOT)): hits for p in python_files()
             if (hits := language_lists_in_python(p.read_text(encoding="utf-8")))}
    assert found == {}


def test_no_page_script_or_template_lists_the_languages_itself():
    found = {str(p.relative_to(ROOT)): hits for p in web_files()
             if (hits := language_lists_in_js(p.read_text(encoding="utf-8")))}
    assert found == {}


@pytest.mark.parametrize("planted", [
    'LANGS = ("en", "zh-Hans", "zh-Hant")\n',
    '_LANGS: tuple[str, ...] = ("en",)\n',
    'for lang in ("zh-Hant", "zh-Hans"):\n    pass\n',
    'CHOICES = click.Choice(["en", "zh-Hans", "zh-Hant"])\n',
    'KEYS = {"id", "en", "zh-Hans"}\n',
])
def test_a_planted_python_copy_is_found(planted):
    assert language_lists_in_python(planted)


@pytest.mark.parametrize("planted", [
    'var ORDER = ["zh-Hans", "zh-Hant", "en"];',
    "var order = [want].concat(['zh-Hant', 'en']);",
    'const LANGS = Ref.langs;',
])
def test_a_planted_js_copy_is_found(planted):
    assert language_lists_in_js(planted)


def test_a_language_mapping_is_not_a_list():
    # string tables keyed by language are the intended form
    assert language_lists_in_python('ROW = {"en": "Home", "zh-Hans": "首页", "zh-Hant": "首頁"}\n') == []
    assert language_lists_in_js('var t = {"en": "Home", "zh-Hans": "首页"}; var xs = ["en"];') == []


def test_the_table_is_consistent():
    assert languages.check() == []
    assert DEFAULT_LANG in LANGS
    assert len(set(LANGS)) == len(LANGS)


def test_every_language_has_a_segmenter_the_index_has():
    from index.tokenise import SEGMENTERS

    assert {lang.segmenter for lang in LANGUAGES} <= set(SEGMENTERS)


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ("en", "zh-Hans", "zh-Hant")),
    ("zh-Hans", ("zh-Hans", "zh-Hant", "en")),
    ("zh-Hant", ("zh-Hant", "zh-Hans", "en")),  # a Taiwan reader reads the other Chinese script first
    ("xx", ("zh-Hans", "zh-Hant", "en")),  # an unknown language reads as the default one
    (None, ("zh-Hans", "zh-Hant", "en")),
])
def test_the_fallback_order(lang, expected):
    assert order(lang) == expected


def test_pick_skips_missing_and_empty_texts_unless_a_blank_is_the_text():
    texts = {"en": "", "zh-Hans": "首页", "zh-Hant": "首頁"}
    assert pick(texts, "en") == "首页"
    assert pick(texts, "en", keep_empty=True) == ""
    assert pick({"en": "Home"}, "zh-Hant") == "Home"
    assert pick({}, "en") == "" and pick(None, "en") == ""


def test_the_browser_gets_the_same_orders():
    facts = languages.browser_facts()
    assert facts["langs"] == list(LANGS) and facts["default"] == DEFAULT_LANG
    assert facts["order"] == {code: list(order(code)) for code in LANGS}


def test_the_schemas_ask_for_every_language():
    import json

    schemas = (ROOT / "corpus" / "schema" / "dataset.schema.json", ROOT / "engine" / "scenario.schema.json")
    for path in schemas:
        localised = json.loads(path.read_text(encoding="utf-8"))["$defs"]["localised"]
        assert localised["required"] == list(LANGS), path.name
        assert list(localised["properties"]) == list(LANGS), path.name


def test_every_interface_string_has_every_language():
    from refapp import i18n, pair_runs, source_reader, tools_strings
    from refapp.views import lookup

    tables = {"strings.yaml": i18n._TABLE, "tools_strings.yaml": tools_strings._TABLE,
              "source_strings.yaml": source_reader.STRINGS, "lookup_strings.yaml": lookup.STRINGS,
              "pair_strings.yaml": pair_runs.STRINGS}
    missing = {name: [k for k, row in t.items() if set(row) != set(LANGS)] for name, t in tables.items()}
    assert missing == {name: [] for name in tables}


def test_a_positional_row_is_refused(tmp_path):
    from refapp.string_table import load_table

    path = tmp_path / "t.yaml"
    path.write_text("a.b: [Home, 首页, 首頁]\n", encoding="utf-8")
    with pytest.raises(ValueError, match="a.b: a row maps each language"):
        load_table(path)
    path.write_text("a.b: {en: Home, zh-Hans: 首页}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="the languages must be exactly en, zh-Hans, zh-Hant"):
        load_table(path)
