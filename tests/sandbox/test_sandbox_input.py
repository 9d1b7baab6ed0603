"""Bad JSON from clients (a body or a link): too deep, or numbers no request can mean, get a clear
400/422 naming the field, never a 500 (issue 21: depth 1,000 gave RecursionError, 1e308 passed)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sandbox_helpers import empty_dominion

from refapp.json_input import MAX_DEPTH, JSONInputError, depth, loads
from refapp.sandbox_code import CodeError, decode, encode

NESTED = "[" * 1000 + "]" * 1000


def refused(text: str) -> JSONInputError:
    with pytest.raises(JSONInputError) as caught:
        loads(text)
    return caught.value


def test_nesting_is_counted_outside_strings():
    assert depth('{"a": [[1], {"b": "[[[[{{"}]}') == 3
    assert depth('"\\"[[["') == 0 and depth("7") == 0
    assert depth('["a", "b\\"[[[') == 1  # an unterminated string runs to the end
    assert refused('"' + 'a\\"' * 10_000).status == 400
    assert refused(NESTED).status == 400
    assert f"deeper than {MAX_DEPTH}" in str(refused(NESTED))
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None


def test_numbers_beyond_any_count_or_seed_are_refused_naming_the_field():
    e = refused('{"situation": {"players": [{"counters": {"coins": 1e308}}]}}')
    assert (e.status, e.field) == (422, "situation.players[0].counters.coins")
    assert "1e308" in str(e)
    huge = ("[1e400]", "[123456789012345678901234567890]", "[-9007199254740993]", "[" + "9" * 5000 + "]")
    for text in huge:
        assert (refused(text).status, refused(text).field) == (422, "[0]"), text
    assert len(str(refused("[" + "9" * 5000 + "]"))) < 200  # the number is not echoed whole


def test_nan_and_infinity_are_not_json():
    for word in ("NaN", "Infinity", "-Infinity"):
        e = refused('{"a": {"b": [0, ' + word + "]}}")
        assert (e.status, e.field) == (400, "a.b[1]")


def test_ordinary_numbers_pass_unchanged():
    assert loads('{"a": 1, "b": -2.5, "c": 1e2, "d": 9007199254740992}') == {
        "a": 1, "b": -2.5, "c": 100.0, "d": 2**53}


LEAVES = (st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=6)
          | st.floats(allow_nan=False, allow_infinity=False, min_value=-1e9, max_value=1e9))


@given(st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=10))
def test_any_json_within_the_limits_parses_as_the_standard_parser_does(value):
    text = json.dumps(value)
    assert loads(text) == json.loads(text)


def test_a_link_with_nested_json_or_a_huge_number_is_a_clear_400(client):
    import base64
    import zlib

    def code_of(text: str) -> str:
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        return base64.urlsafe_b64encode(packer.compress(text.encode()) + packer.flush()).decode().rstrip("=")

    deep = code_of("[1, " + NESTED + ", []]")
    with pytest.raises(CodeError, match="nest deeper"):
        decode(deep)
    situation = empty_dominion()
    situation["players"][0]["counters"] = {"coins": 1e308}
    huge = encode(situation, [])
    with pytest.raises(CodeError, match=r"situation\.players\[0\]\.counters\.coins"):
        decode(huge)
    for code in (deep, huge):
        for path in ("/sandbox?s=", "/sandbox/scenario.yaml?s="):
            r = client.get(path + code)
            assert r.status_code == 400, (path, r.status_code)
            assert "Traceback" not in r.get_data(as_text=True)
