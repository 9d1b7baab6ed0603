"""From dataset entries to the units the index holds: one unit for an entry's own text (names,
effect text, edition wording, notes) and one per ruling. Pure functions; no Whoosh here."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import ahocorasick

from corpus.languages import LANGS
from corpus.model import Dataset, Entry
from index.lexicon import Lexicon, NameForm
from index.normalise import normalise
from index.tokenise import Tokeniser, english_words


@dataclass
class Unit:
    """One searchable unit. `id` is the entry id, or '<entry id>#<ruling id>' for a ruling."""

    id: str
    entry: str
    part: str  # 'entry' | 'ruling'
    ruling: str | None
    editions: list[str]
    text: dict[str, str]  # display text per language (for snippets): no notes about the seed
    mentions: list[str] = field(default_factory=list)  # entry ids whose names the text contains
    norm: str = ""  # search_text(text), once computed
    notes: dict[str, str] = field(default_factory=dict)  # the entry's notes: searched, not snippets
    questions: list[str] = field(default_factory=list)  # players' questions it answers (search only)


def _join(*parts: dict[str, str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for lang in LANGS:
        pieces = [p[lang] for p in parts if p and p.get(lang)]
        if pieces:
            out[lang] = "\n".join(pieces)
    return out


def entry_units(entry: Entry) -> list[Unit]:
    """The entry's own text unit followed by one unit per ruling."""
    own = _join(entry.text, entry.text_2e, entry.edition_changes)
    notes = _join(*(n.text for n in entry.notes))
    units = [
        Unit(
            entry.id,
            entry.id,
            "entry",
            None,
            list(entry.editions),
            own,
            notes=notes,
            questions=list(entry.questions),
        )
    ]
    for r in entry.rulings:
        editions = [r.edition] if r.edition else list(entry.editions)
        units.append(
            Unit(
                f"{entry.id}#{r.id}",
                entry.id,
                "ruling",
                r.id,
                editions,
                _join(r.text),
                questions=list(r.questions),
            )
        )
    return units


def search_text(text: dict[str, str]) -> str:
    """The normalised text a unit is indexed under (Simplified Chinese and English)."""
    zh = text.get("zh-Hans") or text.get("zh-Hant") or ""
    return normalise(f"{zh}\n{text.get('en', '')}")


def _padded_words(norm: str) -> str:
    return " " + " ".join(english_words(norm)) + " "


class MentionFinder:
    """Finds which entries' names a text contains, for every unit of a build: one Aho-Corasick
    automaton over all Chinese name forms (substrings, two characters or more) and one over the
    English ones (whole words of the padded word string), so the cost per text does not grow
    with the number of names."""

    def __init__(self, forms: tuple[NameForm, ...]):
        self._zh = ahocorasick.Automaton()
        self._en = ahocorasick.Automaton()
        for f in forms:
            if f.chinese and len(f.norm) < 2:
                continue
            auto, key = (self._zh, f.norm) if f.chinese else (self._en, f" {f.norm} ")
            entries = auto.get(key) if key in auto else set()
            entries.add(f.entry)
            auto.add_word(key, entries)
        for auto in (self._zh, self._en):
            if len(auto):
                auto.make_automaton()

    def __call__(self, norm: str, owner: str) -> list[str]:
        """Entry ids named in normalised text; the unit's own entry always counts."""
        found = {owner}
        for auto, text in ((self._zh, norm), (self._en, _padded_words(norm))):
            if len(auto):
                for _, entries in auto.iter(text):
                    found |= entries
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
    find = MentionFinder(lexicon.own_forms)
    for entry in dataset.entries:
        names = normalise(" ".join(entry.names.values()))
        for u in entry_units(entry):
            u.norm = search_text(_join(u.text, u.notes))
            # An FAQ's question is its name: the entry's own unit mentions what its name names.
            u.mentions = find(u.norm + (f" {names}" if u.part == "entry" else ""), entry.id)
            units.append(u)
    return units
