"""Property tests of the text pipeline: normalisation, tokenising, snippets, script invariance."""

from __future__ import annotations

import html

import opencc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from corpus.model import SOURCES_DIR
from index import normalise, tokenise
from index.snippet import MAX_CANDIDATE_WINDOWS, _window, make_snippet

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


SEED_LINES = [
    line.strip()
    for p in sorted(SOURCES_DIR.glob("*.txt"))
    for line in p.read_text(encoding="utf-8").splitlines()
    if sum("\u4e00" <= c <= "\u9fff" for c in line) >= 4
]


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_traditional_and_simplified_normalise_alike(data):
    # Any stretch of the seeds' Simplified text, as a player might copy or type it. (Random
    # character soup is not used: OpenCC's phrase tables make s2tw/tw2s disagree on nonsense
    # such as 借借 -> 藉藉, which no player types.)
    line = data.draw(st.sampled_from(SEED_LINES))
    start = data.draw(st.integers(0, len(line) - 1))
    text = line[start : start + data.draw(st.integers(1, 30))]
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


def _most_covered_window(length: int, spans: list[tuple[int, int]], width: int) -> tuple[int, int]:
    """The window `_window` chooses, counted character by character."""
    if length <= width:
        return 0, length
    best, best_start = -1, 0
    for s, _ in spans[:MAX_CANDIDATE_WINDOWS]:
        start = max(0, min(s - width // 4, length - width))
        covered = sum(max(0, min(e, start + width) - max(s2, start)) for s2, e in spans)
        if covered > best:
            best, best_start = covered, start
    return (best_start, best_start + width) if spans else (0, width)


@settings(max_examples=500, deadline=None)
@given(
    gaps=st.lists(st.tuples(st.integers(0, 60), st.integers(1, 50)), max_size=60),
    tail=st.integers(0, 200),
    width=st.integers(1, 150),
)
def test_the_snippet_window_holds_the_most_matched_characters(gaps, tail, width):
    spans, at = [], 0
    for gap, length in gaps:  # sorted, disjoint spans
        spans.append((at + gap, at + gap + length))
        at += gap + length
    text = "x" * (at + tail)
    assert _window(text, spans, width) == _most_covered_window(len(text), spans, width)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_names_in_either_script_give_the_same_results(real, data):
    chinese = sorted({f.norm for f in real.opened.lexicon.forms if f.chinese and len(f.norm) <= 8})
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
    assert all(r.id in real.opened.entries for r in found.results)
