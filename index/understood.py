"""What the search understood of a query, for the results page's removable chips and the API's
`understood` object: the game (and whether a filter, a name or the question's vocabulary said
it), the cards and entries named, and the kind of answer asked for; each with `remove`, the
query that searches the same without it ("Citadels · 女巫 + 商人 · what happens": tapping
Citadels off searches with game:any). Pure functions over a finished analysis.

`remove` is a whole query for the search box: the understood text (normalised, typos
corrected) with the filters written back into it, so it is searched without URL filters."""

from __future__ import annotations

import re
from typing import Any

from corpus.languages import pick
from index.analysis import QueryAnalysis
from index.query import Filters
from index.vocabulary import intent_ask_patterns

ANY_GAME = "any"  # game:any: no game filter and no game guessed


def _query(text: str, phrases: list[str], filters: dict[str, str], any_game: bool) -> str:
    parts = [text] if text else []
    parts += [f'"{p}"' for p in phrases]
    for name, value in filters.items():
        parts.append(f"cost{value}" if name == "cost" else f"{name}:{value}")
    if any_game and "game" not in filters:
        parts.append(f"game:{ANY_GAME}")
    return " ".join(parts)


def _without(text: str, word: str) -> str:
    if word.isascii():
        pattern = rf"(?<![0-9a-z]){re.escape(word)}(?![0-9a-z])"
    else:
        pattern = re.escape(word)
    return " ".join(re.sub(pattern, " ", text).split())


def understood(
    a: QueryAnalysis,
    filters: Filters,
    phrases: list[str],
    asked: tuple[str, ...],
    entries: dict[str, dict[str, Any]],
    lang: str,
    any_game: bool = False,
) -> dict[str, Any]:
    """The `understood` object of a search answer (see docs/api.md)."""
    given = filters.to_dict()
    text = " ".join(w for w in (a.text, a.edition_word) if w)  # the edition word is still asked for
    with_game_word = " ".join(w for w in (text, a.game_word) if w)

    def q(text_: str = text, filters_: dict[str, str] = given, any_: bool = any_game) -> str:
        return _query(text_, phrases, filters_, any_)

    game: dict[str, Any] | None = None
    if filters.game:
        rest = {k: v for k, v in given.items() if k != "game"}
        game = {"value": filters.game, "source": "filter", "remove": q(with_game_word, rest)}
    elif a.game_hint:
        game = {"value": a.game_hint, "source": "name", "word": a.game_word, "remove": q(text, given, True)}
    elif a.game_guess:
        game = {"value": a.game_guess, "source": a.game_source, "remove": q(with_game_word, given, True)}
    base = with_game_word
    names: list[dict[str, Any]] = []
    for group in a.groups:
        forms = sorted({m.form.norm for m in a.names if m.form.entry in group}, key=len, reverse=True)
        words = forms or [w for w in base.split() if w.isascii() and any(w in k for k in a.pinyin_keys)]
        rest = base
        for w in words:
            rest = _without(rest, w)
        ids = sorted(group)
        label = entries[ids[0]]["names"] if ids and ids[0] in entries else {}
        names.append(
            {
                "ids": ids,
                "matched": forms[0] if forms else " ".join(words),
                "label": pick(label, lang) or ids[0],
                "remove": q(rest, given, any_game),
            }
        )
    patterns = intent_ask_patterns()
    intents = []
    for name in asked:
        rest = " ".join(patterns[name].sub(" ", base).split())
        intents.append({"value": name, "remove": q(rest, given, any_game)})
    names.sort(key=lambda n: (base.find(n["matched"]) % (len(base) + 1), n["matched"]))  # as typed
    return {"game": game, "names": names, "intents": intents}
