"""The names the index knows: every name and alias of every entry, with their normalised,
pinyin and initials keys. Built from the dataset at index time and stored with the index."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from corpus.model import Dataset, Entry
from index.normalise import normalise
from index.pinyin import initials, syllables
from index.tokenise import CJK_RUN, GAME_TERMS


@dataclass(frozen=True)
class NameForm:
    """One way of writing an entry's name."""

    entry: str  # entry id
    text: str  # as written in the dataset
    norm: str  # normalise(text)
    chinese: bool  # contains Chinese characters
    alias: bool  # an alias rather than one of the entry's three names
    pinyin: str  # 'tushuguan' ('' for non-Chinese forms)
    initials: str  # 'tsg'
    sylls: tuple[str, ...]  # ('tu', 'shu', 'guan')


def _forms_of(entry: Entry) -> list[NameForm]:
    seen: set[str] = set()
    forms: list[NameForm] = []
    aliases = [*entry.aliases, *entry.keywords]  # search-only keywords are matched like aliases
    candidates = [(v, False) for v in entry.names.values()] + [(a, True) for a in aliases]
    for text, alias in candidates:
        if not text or not text.strip():
            continue
        norm = normalise(text)
        if not norm or norm in seen:
            continue
        seen.add(norm)
        chinese = bool(CJK_RUN.search(norm))
        zh = "".join(CJK_RUN.findall(norm)) if chinese else ""
        sylls = syllables(zh) if zh else []
        forms.append(
            NameForm(
                entry=entry.id,
                text=text,
                norm=norm,
                chinese=chinese,
                alias=alias,
                pinyin="".join(sylls).lower(),  # full_pinyin(zh), without reading zh twice
                initials=initials(zh) if zh else "",
                sylls=tuple(sylls),
            )
        )
    return forms


@dataclass(frozen=True)
class Lexicon:
    forms: tuple[NameForm, ...]

    @classmethod
    def from_dataset(cls, dataset: Dataset) -> Lexicon:
        return cls(tuple(f for e in dataset.entries for f in _forms_of(e)))

    def jieba_words(self) -> tuple[str, ...]:
        """The user dictionary: fixed game terms plus every Chinese name and alias (and its
        Chinese runs, so a mixed alias like 'X牌' still lands whole)."""
        words = set(GAME_TERMS)
        for f in self.forms:
            if f.chinese:
                words.update(r for r in CJK_RUN.findall(f.norm) if len(r) > 1)
        return tuple(sorted(words))

    def to_json(self) -> list[dict[str, Any]]:
        return [asdict(f) for f in self.forms]

    @classmethod
    def from_json(cls, raw: list[dict[str, Any]]) -> Lexicon:
        return cls(tuple(NameForm(**{**r, "sylls": tuple(r["sylls"])}) for r in raw))
