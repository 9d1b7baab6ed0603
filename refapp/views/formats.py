"""One view, two formats: `X` is a page and `X.json` its JSON twin (entries, demonstrations,
tools, source passages).

A twin view returns a :class:`Twin`, both answers as functions; only the one asked for runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from flask import Blueprint, abort, redirect
from flask.typing import ResponseReturnValue

from refapp.errors import problem

JSON_SUFFIX = ".json"
LAST_VARIABLE = re.compile(r"<(?:\w+:)?(\w+)>$")  # the rule's variable the suffix ends

Answer = Callable[[], ResponseReturnValue]


@dataclass(frozen=True)
class Twin:
    """What a view answers as a page (`html`) and as JSON (`json`)."""

    html: Answer
    json: Answer


def missing(message: str, **extra: Any) -> Twin:
    """Nothing there: the site's 404 page, or the JSON refusal naming what was asked for."""
    return Twin(html=lambda: abort(404), json=lambda: problem(message, 404, **extra))


def moved(path: str) -> Twin:
    """Moved for good (301): the page to `path`, the JSON to `path` + ".json"."""
    return Twin(html=lambda: redirect(path, 301), json=lambda: redirect(path + JSON_SUFFIX, 301))


def twin(bp: Blueprint, rule: str) -> Callable[[Callable[..., Twin]], Callable[..., ResponseReturnValue]]:
    """Route GET `rule` (ending in a variable) to `view` for both `X` and `X.json`: the variable
    reaches the view without the suffix, and the view's Twin answers in the format asked for."""
    found = LAST_VARIABLE.search(rule)
    if found is None:
        raise ValueError(f"{rule}: a twin's rule ends in a variable (its .json twin ends it)")
    name = found.group(1)

    def register(view: Callable[..., Twin]) -> Callable[..., ResponseReturnValue]:
        @wraps(view)
        def serve(**values: Any) -> ResponseReturnValue:
            as_json = values[name].endswith(JSON_SUFFIX)
            if as_json:
                values[name] = values[name][: -len(JSON_SUFFIX)]
            answer = view(**values)
            return answer.json() if as_json else answer.html()

        bp.get(rule)(serve)
        return serve

    return register
