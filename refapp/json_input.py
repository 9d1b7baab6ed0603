"""JSON from clients, parsed within limits: nesting depth checked before parsing, every number
finite and of a size a request can mean. Pure functions; the caller turns :class:`JSONInputError`
into its reply (400 for what is not JSON or nested too deep, 422 for a number out of range).
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

from refapp.errors import RefappError

MAX_DEPTH = 20  # a sandbox situation needs 6 (situation > players > [i] > zones > hand > [j])
MAX_NUMBER = 2**53  # beyond this a number is not a count, a seed or a step of anything here
# A string (to its closing quote, or to the end when it has none: one pass, never quadratic) or a bracket.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.S)
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class JSONInputError(RefappError, ValueError):
    """The text is not JSON within the limits: ``status`` 400 or 422, ``field`` names where."""

    def __init__(self, status: int, field: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.field = field


class _BadNumber:
    """A number the parser met that no request may carry (kept with its text to name it)."""

    def __init__(self, text: str, finite: bool) -> None:
        self.text = text if len(text) <= 24 else text[:20] + "…"
        self.finite = finite


def depth(text: str) -> int:
    """How deeply arrays and objects nest in JSON text (brackets inside strings do not count)."""
    steps = (_STEP[token] for token in _TOKENS.findall(text) if token in _STEP)
    return max(accumulate(steps), default=0)


def _int(text: str) -> int | _BadNumber:
    if len(text) > 17 or abs(value := int(text)) > MAX_NUMBER:  # 17: no int() of a 10,000-digit text
        return _BadNumber(text, finite=True)
    return value


def _float(text: str) -> float | _BadNumber:
    value = float(text)
    return value if math.isfinite(value) and abs(value) <= MAX_NUMBER else _BadNumber(text, finite=True)


def _path(parent: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{parent}[{key}]"
    return f"{parent}.{key}" if parent else key


def _bad_number(value: Any, root: str) -> tuple[str, _BadNumber] | None:
    """The first out-of-range number and where it is (an iterative walk: no recursion)."""
    todo: list[tuple[str, Any]] = [(root, value)]
    while todo:
        where, item = todo.pop()
        if isinstance(item, _BadNumber):
            return where, item
        if isinstance(item, dict):
            todo.extend((_path(where, k), v) for k, v in reversed(item.items()))
        elif isinstance(item, list):
            todo.extend((_path(where, i), v) for i, v in reversed(list(enumerate(item))))
    return None


def loads(text: str, root: str = "", max_depth: int = MAX_DEPTH) -> Any:
    """Parse ``text``; JSONInputError naming the field when it is not JSON, nests deeper than
    ``max_depth``, or holds NaN, an infinity or a number beyond ±2^53. ``root`` prefixes the
    field names (e.g. ``s`` for a link code)."""
    where = root or "body"
    if depth(text) > max_depth:
        raise JSONInputError(400, where, f"{where}: arrays and objects nest deeper than {max_depth} levels")
    bad: list[_BadNumber] = []

    def keep(number: Any) -> Any:
        if isinstance(number, _BadNumber):
            bad.append(number)
        return number

    try:
        value = json.loads(text, parse_int=lambda t: keep(_int(t)), parse_float=lambda t: keep(_float(t)),
                           parse_constant=lambda name: keep(_BadNumber(name, finite=False)))
    except (ValueError, RecursionError) as exc:
        raise JSONInputError(400, where, f"{where}: not JSON ({exc})") from None
    found = _bad_number(value, root) if bad else None
    if found is not None:
        field, bad = found
        field = field or where
        if not bad.finite:
            raise JSONInputError(400, field, f"{field}: {bad.text} is not a number JSON allows")
        raise JSONInputError(422, field, f"{field}: {bad.text} is too large a number (at most 2^53)")
    return value
