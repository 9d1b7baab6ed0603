"""From dataset entries to the units the index holds: one unit for an entry's own text (names,
effect text, edition wording, notes) and one per ruling. Pure functions; no Whoosh here."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from corpus.model import Dataset, Entry
from index.lexicon import Lexicon, NameForm
from index.normalise import normalise
from index.tokenise import Tokeniser, english_words

LANG_KEYS = ("en", "zh-Hans", "zh-Hant")


@dataclass
class Unit:
    """One searchable unit. `id` is the entry id, or '<entry id>#<ruling id>' for a ruling."""

    id: str
    entry: str
    part: str  # 'entry' | 'ruling'
    ruling: str | None
    editions: list[str]
    text: dict[str, str]  # display text per language (for snippets)
    mentions: list[str] = field(default_factory=list)  # entry ids whose names the text contains


def _join(*parts: dict[str, str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for lang in LANG_KEYS:
        pieces = [p[lang] for p in parts if p and p.get(lang)]
        if pieces:
            out[lang] = "\n".join(pieces)
    return out


def entry_units(entry: Entry) -> list[Unit]:
    """The entry's own text unit followed by one unit per ruling."""
    notes = [n.text for n in entry.notes]
    own = _join(entry.text, entry.text_2e, entry.edition_changes, *notes)
    units = [Unit(entry.id, entry.id, "entry", None, list(entry.editions), own)]
    for r in entry.rulings:
        editions = [r.edition] if r.edition else list(entry.editions)
        units.append(Unit(f"{entry.id}#{r.id}", entry.id, "ruling", r.id, editions, _join(r.text)))
    return units


def search_text(text: dict[str, str]) -> str:
    """The normalised text a unit is indexed under (Simplified Chinese and English)."""
    zh = text.get("zh-Hans") or text.get("zh-Hant") or ""
    return normalise(f"{zh}\n{text.get('en', '')}")


def _padded_words(norm: str) -> str:
    return " " + " ".join(english_words(norm)) + " "


def form_in_text(form: NameForm, norm: str, words: str) -> bool:
    """Whether a name form occurs in normalised text (`words`: its padded ASCII word string)."""
    if form.chinese:
        return len(form.norm) >= 2 and form.norm in norm
    return f" {form.norm} " in words


def mentions(norm: str, forms: tuple[NameForm, ...], owner: str) -> list[str]:
    """Entry ids named in a unit's text; the unit's own entry always counts."""
    words = _padded_words(norm)
    found = {owner}
    for f in forms:
        if f.entry not in found and form_in_text(f, norm, words):
            found.add(f.entry)
    return sorted(found)


def name_tokens(entry: Entry, lexicon_forms: list[NameForm], tok: Tokeniser) -> list[str]:
    """Tokens of every name and alias, plus each Chinese name as one whole token."""
    out: list[str] = []
    for f in lexicon_forms:
        out.extend(tok.search_tokens(f.norm))
        if f.chinese and " " not in f.norm:
            out.append(f.norm)
    return out


def pinyin_tokens(forms: list[NameForm]) -> list[str]:
    """Full pinyin and initials of Chinese forms; English names also without spaces."""
    out: list[str] = []
    for f in forms:
        if f.chinese:
            out += [f.pinyin, f.initials]
        elif " " in f.norm:
            out.append(re.sub(r"[^0-9a-z]", "", f.norm))
    return [t for t in out if t]


def all_units(dataset: Dataset, lexicon: Lexicon) -> list[Unit]:
    units: list[Unit] = []
    for entry in dataset.entries:
        names = normalise(" ".join(entry.names.values()))
        for u in entry_units(entry):
            # An FAQ's question is its name: the entry's own unit mentions what its name names.
            text = search_text(u.text) + (f" {names}" if u.part == "entry" else "")
            u.mentions = mentions(text, lexicon.forms, entry.id)
            units.append(u)
    return units
