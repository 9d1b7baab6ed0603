"""Property tests of the text pipeline: normalisation, tokenising, snippets, script invariance."""

from __future__ import annotations

import html

import opencc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpus.model import SOURCES_DIR
from index import normalise, tokenise
from index.snippet import make_snippet

TO_TRAD = opencc.OpenCC("s2tw")
CJK = st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF)
# Chinese characters of the seed texts: the domain where script invariance must hold.
SEED_CHARS = sorted(
    {c for p in SOURCES_DIR.glob("*.txt") for c in p.read_text(encoding="utf-8") if "\u4e00" <= c <= "\u9fff"}
)
MIXED = st.text(alphabet=st.one_of(CJK, st.characters(codec="utf-8")), max_size=60)


@settings(max_examples=300, deadline=None)
@given(MIXED)
def test_normalise_is_idempotent_and_single_spaced(text):
    once = normalise(text)
    assert normalise(once) == once
    assert "  " not in once and once == once.strip()


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(SEED_CHARS), max_size=30))
def test_traditional_and_simplified_normalise_alike(text):
    assert normalise(TO_TRAD.convert(text)) == normalise(text)


@settings(max_examples=200, deadline=None)
@given(MIXED)
def test_tokens_are_non_empty_and_free_of_spaces(text):
    for token in tokenise(text):
        assert token and not any(c.isspace() for c in token)


@settings(max_examples=300, deadline=None)
@given(text=MIXED, terms=st.lists(st.text(alphabet=CJK, min_size=1, max_size=3), max_size=3))
def test_snippet_is_escaped_text_with_only_mark_tags(text, terms):
    snippet = make_snippet(text, [normalise(t) for t in terms])
    plain = snippet.replace("<mark>", "").replace("</mark>", "")
    assert "<" not in plain and ">" not in plain
    assert html.unescape(plain).strip("…") in " ".join(text.split())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_names_in_either_script_give_the_same_results(real, data):
    chinese = sorted({f.norm for f in real.lexicon.forms if f.chinese and len(f.norm) <= 8})
    names = data.draw(st.lists(st.sampled_from(chinese), min_size=1, max_size=3))
    query = " ".join(names)
    assert real.search(TO_TRAD.convert(query)).ids() == real.search(query).ids()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    q=st.text(
        alphabet=st.one_of(
            st.sampled_from(SEED_CHARS), st.sampled_from('abcdefghijklmnopqrstuvwxyz +:"<=*~^')
        ),
        max_size=60,
    ),
    lang=st.sampled_from(["en", "zh-Hans", "zh-Hant"]),
)
def test_random_queries_on_the_real_index_answer_or_explain(real, q, lang):
    from index import QueryError

    try:
        found = real.search(q, lang)
    except QueryError as exc:
        assert str(exc)
        return
    assert len(found.results) <= 20 and found.total >= len(found.results)
    assert all(r.id in real.entries for r in found.results)
