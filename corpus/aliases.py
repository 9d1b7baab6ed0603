"""Which script an alias is written in, so that a page shows only the reader's aliases.

Every alias stays searchable (the index reads `Entry.aliases` whole); only the "Also called"
row of a page is limited to the aliases written in the reader's script. An alias with Latin
letters and no Chinese is English; a Chinese alias is Simplified, Traditional or both (most
words are written the same way in both scripts). An alias mixing Latin letters and Chinese
("A阶段") is shown with the Chinese scripts it fits.
"""

from __future__ import annotations

import re
from functools import lru_cache

from corpus.ingest.normalise import to_simplified, to_traditional
from corpus.ingest.taiwan import load_vocabulary

_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_LATIN = re.compile(r"[A-Za-z]")


@lru_cache(maxsize=8192)
def alias_scripts(alias: str) -> frozenset[str]:
    """The scripts an alias is written in: a subset of en, zh-Hans, zh-Hant (empty for none,
    e.g. an alias of digits only)."""
    if not _HAN.search(alias):
        return frozenset({"en"}) if _LATIN.search(alias) else frozenset()
    scripts = set()
    if to_simplified(alias) == alias:
        scripts.add("zh-Hans")
    if to_traditional(alias) == alias:
        scripts.add("zh-Hant")
    # a character both converters leave alone, mixed with forms of each script: show it nowhere
    # rather than in the wrong script
    return frozenset(scripts)


@lru_cache(maxsize=1)
def _not_taiwan() -> tuple[str, ...]:
    """Words a Taiwan reader is not shown (corpus/taiwan/vocabulary.yaml): an alias containing
    one stays searchable but is not listed on a zh-Hant page."""
    rewrites, _ = load_vocabulary()
    return tuple(r.mainland for r in rewrites if r.game is None)


def displayed_aliases(
    aliases: list[str] | tuple[str, ...], lang: str, names: dict[str, str] | None = None
) -> list[str]:
    """The aliases a reader of ``lang`` sees on the page, in order, without the entry's own
    displayed name in that script, without repeats and (zh-Hant) without mainland words."""
    own = (names or {}).get(lang)
    hidden = _not_taiwan() if lang == "zh-Hant" else ()
    out: list[str] = []
    for a in aliases:
        if a != own and lang in alias_scripts(a) and a not in out and not any(w in a for w in hidden):
            out.append(a)
    return out
