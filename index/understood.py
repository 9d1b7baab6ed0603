"""What the search understood of a query, for the results page's removable chips and the API's
`understood` object: the game (and whether a filter, a name or the question's vocabulary said
it), the cards and entries named, and the kind of answer asked for ("Citadels · 女巫 + 商人 ·
what happens"). Each part carries `without`: the search's parameters that search the same
without that reading, so a chip is a plain link:

- the game: `game=any` (both games, none guessed); a game filter written in the box is taken
  out of `q`; with `game=any` in force, the part is `any` and taking it off guesses again;
- a name: `plain=<word>` for each word that named it (the word is still searched, as words);
- an intent: `no_intent=<intent>` (rulings stating that kind of fact are not favoured).

`read_as_plain` applies `plain=` to an analysis. Pure functions."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from corpus.languages import pick
from index.analysis import QueryAnalysis, ascii_runs, name_groups
from index.errors import QueryError
from index.query import Filters, Without, without_field
from index.ranking import this_game
from index.tokenise import english_words

ANY_GAME = "any"  # game=any: no game filter and no game guessed


@dataclass(frozen=True)
class Asked:
    """What one search was asked: the box's text as typed, the filters given as parameters
    and written in the box, and the readings already taken off."""

    q: str
    url: Filters
    inline: Filters
    without: Without

    def params(self, q: str | None = None, game: str | None = "", **extra: tuple[str, ...]) -> dict[str, Any]:
        """The search's parameters with some changed (game "" keeps it, None drops it)."""
        out: dict[str, Any] = {"q": self.q if q is None else q}
        given = self.url.as_params()
        if game != "":
            given.pop("game", None)
            if game is not None:
                given = {"game": game, **given}
        out.update(given)
        plain = self.without.plain + extra.get("plain", ())
        intents = self.without.intents + extra.get("intents", ())
        if plain:
            out["plain"] = list(dict.fromkeys(plain))
        if intents:
            out["no_intent"] = list(dict.fromkeys(intents))
        return out


def _spans(text: str, word: str) -> list[tuple[int, int]]:
    if word.isascii():
        pattern = rf"(?<![0-9a-z]){re.escape(word)}(?![0-9a-z])"
    else:
        pattern = re.escape(word)
    return [m.span() for m in re.finditer(pattern, text)]


def read_as_plain(a: QueryAnalysis, plain: tuple[str, ...], pinyin: Any) -> QueryAnalysis:
    """`a` with each word of `plain` read as plain words: no name found inside it, and no pinyin
    or initials read from its ASCII words (`pinyin`: key -> entry ids). A word the query does
    not hold is a QueryError."""
    spans: list[tuple[int, int]] = []
    for word in plain:
        found = _spans(a.text, word)
        if not found:
            raise QueryError(f"plain={word!r} is not a word of the query; plain= takes a word of q")
        spans += found
    names = [m for m in a.names if not any(s <= m.start and m.end <= e for s, e in spans)]
    runs = {k for word in plain for k in ascii_runs(english_words(word))}
    keys = [k for k in a.pinyin_keys if k not in runs]
    return replace(
        a,
        names=names,
        pinyin_keys=keys,
        pinyin_entries={e for k in keys for e in pinyin[k]},
        groups=name_groups(names, keys, pinyin),
    )


def _pinyin_words(text: str, keys: list[str], pinyin: Any, group: frozenset[str]) -> list[str]:
    """The runs of ASCII words of `text` that read as pinyin or initials of the group's entries."""
    words = english_words(text)
    out = []
    for n in (4, 3, 2, 1):
        for i in range(len(words) - n + 1):
            run = words[i : i + n]
            key = "".join(run)
            if key in keys and pinyin[key] & group and not any(key in "".join(o.split()) for o in out):
                out.append(" ".join(run))
    return out


def _named_by(ids: list[str], word: str, a: QueryAnalysis) -> str:
    """Which of a name's entries (those of the game read, if any) the chip shows: the one whose own
    name it is (皇冠 names the term Crown and, as a component, the rules' list of components: the
    chip says 皇冠), else the first. The name matches the query holds say so: each (entry, name)
    found once, an alias marked."""
    own = {m.form.entry for m in a.names if m.form.norm == word and not m.form.alias}
    return next((e for e in ids if e in own), ids[0] if ids else "")


def _game(a: QueryAnalysis, filters: Filters, asked: Asked, any_game: bool) -> dict[str, Any] | None:
    inline_game = asked.inline.game is not None
    q_without = without_field(asked.q, "game") if inline_game else None
    if any_game:
        return {"value": ANY_GAME, "source": "filter", "without": asked.params(q_without, None)}
    if filters.game:
        return {"value": filters.game, "source": "filter", "without": asked.params(q_without, ANY_GAME)}
    if a.game_hint:
        return {
            "value": a.game_hint,
            "source": "name",
            "word": a.game_word,
            "without": asked.params(game=ANY_GAME),
        }
    if a.game_guess:
        return {"value": a.game_guess, "source": a.game_source, "without": asked.params(game=ANY_GAME)}
    return None


def understood(
    a: QueryAnalysis,
    filters: Filters,
    asked_intents: tuple[str, ...],
    entries: dict[str, dict[str, Any]],
    lang: str,
    asked: Asked,
    pinyin: Any,
    any_game: bool = False,
) -> dict[str, Any]:
    """The `understood` object of a search answer (see docs/api.md)."""
    base = " ".join(w for w in (a.text, a.edition_word, a.game_word) if w)
    names: list[dict[str, Any]] = []
    in_game = {e for g in this_game(a, entries, list(a.groups)) for e in g}
    game = filters.game or a.game_hint or a.game_guess  # whose entry a chip names, when one game's is
    for group in a.groups:
        if in_game.isdisjoint(group):
            continue  # a name only the other game has is a word of the question there, no thing in play
        # the words as written ('bishops' for the Bishop), so plain= finds them in the query
        written = {a.text[m.start : m.end] for m in a.names if m.form.entry in group}
        forms = sorted(written, key=lambda f: (-len(f), f))
        words = forms or _pinyin_words(a.text, a.pinyin_keys, pinyin, group)
        ids = sorted(group)
        mine = [e for e in ids if entries.get(e, {}).get("game") == game] if game else []
        shown = _named_by(mine or ids, words[0] if words else "", a)
        label = entries[shown]["names"] if shown in entries else {}
        names.append(
            {
                "ids": ids,
                "matched": words[0] if words else "",
                "label": pick(label, lang) or ids[0],
                "without": asked.params(plain=tuple(words)),
            }
        )
    names.sort(key=lambda n: (base.find(n["matched"]) % (len(base) + 1), n["matched"]))  # as typed
    intents = [{"value": name, "without": asked.params(intents=(name,))} for name in asked_intents]
    return {"game": _game(a, filters, asked, any_game), "names": names, "intents": intents}
