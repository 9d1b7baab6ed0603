"""'Save for the table': every entry in one script, compact, for search and reading offline.

Pure functions over the dataset; the route lives in :mod:`refapp.offline`.
"""

from __future__ import annotations

from typing import Any

from corpus.ingest.normalise import to_simplified, to_traditional
from corpus.model import LANGS, Dataset
from index.pinyin import full_pinyin, initials, syllables
from refapp.catalog import localised

PACK_FIELDS = [
    "id", "game", "kind", "title", "names", "aliases", "text", "rulings", "notes", "keys", "types", "cost",
]


def name_keys(e: Any) -> list[str]:
    """What a player may type for a Chinese name without Chinese input: its pinyin and initials."""
    keys: list[str] = []
    for name in [e.names.get("zh-Hans", "")] + [a for a in e.aliases if a and not a.isascii()]:
        if name:
            keys += [full_pinyin(name), initials(name)]
    return sorted({k for k in keys if k.isascii() and k.isalpha()})


def entry_row(e: Any, lang: str) -> list[Any]:
    """[id, game, kind, title, [names, every script, aliases in the other script], [aliases], text,
    [[ruling id, text]], [notes],
    [pinyin keys], [types], cost]."""
    names = [n for n in (e.names.get(code, "") for code in LANGS) if n]
    for alias in e.aliases:  # an alias typed in the other script (鐘樓 for 钟楼) matches too
        names += [x for x in (to_simplified(alias), to_traditional(alias)) if x != alias]
    names = list(dict.fromkeys(names))
    text = localised(e.text, lang)
    if e.text_2e:
        text = (text + "\n" + localised(e.text_2e, lang)).strip()
    return [
        e.id,
        e.game,
        e.kind,
        localised(e.names, lang),
        names,
        list(dict.fromkeys([*e.aliases, *e.keywords])),  # search-only keywords are matched like aliases
        text,
        [[r.id, localised(r.text, lang)] for r in e.rulings],
        [localised(n.text, lang) for n in e.notes],
        name_keys(e),
        list(e.types),
        e.cost,
    ]


def common_characters() -> list[str]:
    """The 3,755 most common Chinese characters (GB 2312 level 1), in code order."""
    out = []
    for hi in range(0xB0, 0xD8):
        for lo in range(0xA1, 0xFF):
            try:
                out.append(bytes([hi, lo]).decode("gb2312"))
            except UnicodeDecodeError:
                continue
    return out


def pinyin_table(dataset: Dataset) -> dict[str, str]:
    """syllable -> characters read so, for common characters and those in names and aliases:
    offline search reads a Chinese word found nowhere by its sound (刺课 -> cike, the Assassin)."""
    chars = set(common_characters())
    for e in dataset.entries:
        for name in [*e.names.values(), *e.aliases]:
            chars |= {c for c in name if "\u3400" <= c <= "\u9fff"}
    table: dict[str, str] = {}
    for c in sorted(chars):
        reading = syllables(c)[0].lower()
        if reading.isascii() and reading.isalpha():
            table[reading] = table.get(reading, "") + c
    return table


def build_pack(dataset: Dataset, lang: str) -> dict[str, Any]:
    """The offline pack for ``lang`` (one of corpus.model.LANGS)."""
    if lang not in LANGS:
        raise ValueError(f"lang: {lang!r} is not one of {list(LANGS)}")
    return {
        "version": dataset.version,
        "lang": lang,
        "fields": PACK_FIELDS,
        "entries": [entry_row(e, lang) for e in sorted(dataset.entries, key=lambda e: e.id)],
        "pinyin": pinyin_table(dataset),
    }
