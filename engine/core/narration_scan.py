"""Engine machinery in player-facing text: ids where there should be words (a pure check).

Narration, prompts and option labels are sentences in the reader's script. What must never show
is an id: a slug (``throne-room``), a player id (``player-1``), an exchange (``a>b``), an
``owner:district`` pair, a dotted string key (``player.supply``), a snake_case key
(``set_aside``), a template's braces or a missing field (a lone ``?``), and in Chinese any
lower-case Latin word (a name left untranslated) or half-width punctuation. Tests scan every
demo and sandbox runs with it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

#: (what, pattern) for every script.
PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("player id", re.compile(r"player-\d+")),
    ("slug", re.compile(r"(?<![A-Za-z0-9])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![A-Za-z0-9])")),
    ("exchange id", re.compile(r"[^\s>]>[^\s>]")),
    ("pair id", re.compile(r"[A-Za-z0-9_-]:[A-Za-z0-9_-]")),
    ("dotted key", re.compile(r"(?<![\w.])[a-z_]+(?:\.[a-z_]+)+(?![\w])")),
    ("snake_case key", re.compile(r"(?<![\w])[a-z]+(?:_[a-z0-9]+)+(?![\w])")),
    ("template field", re.compile(r"[{}]")),
    ("missing field", re.compile(r"(?:^|(?<=[\s(（:：]))\?(?=$|[\s.,;)）。，])")),
)
#: Only in Chinese texts: a lower-case Latin word (an untranslated slug such as ``castle``), and
#: half-width punctuation (Chinese is written with full-width ，：；（）？！).
LATIN_WORD = re.compile(r"(?<![A-Za-z])[a-z]{2,}(?![A-Za-z])")
HALF_WIDTH = re.compile(r"[,;:()!?]")


def id_like(text: str, lang: str) -> list[str]:
    """Every id-like token in ``text`` as "what: token" (empty when the text reads as words)."""
    found = [f"{what}: {m.group(0)}" for what, pattern in PATTERNS for m in pattern.finditer(text)]
    if lang != "en":
        found.extend(f"Latin word: {m.group(0)}" for m in LATIN_WORD.finditer(text))
        found.extend(f"half-width punctuation: {m.group(0)}" for m in HALF_WIDTH.finditer(text))
    return found


def scan_localised(where: str, texts: Mapping[str, str]) -> list[str]:
    """Problems in one {lang: text}, each naming ``where`` and the language."""
    return [f"{where} [{lang}] {problem} in {text!r}" for lang, text in texts.items()
            for problem in id_like(text, lang)]


def scan_events(where: str, events: Iterable[Mapping]) -> list[str]:
    """Problems in the narration (``say``) and the decision prompts of a run's events."""
    problems: list[str] = []
    for event in events:
        at = f"{where}#{event.get('seq')}"
        problems.extend(scan_localised(at, event.get("say") or {}))
        decision = (event.get("data") or {}).get("decision") or {}
        if decision.get("prompt"):
            problems.extend(scan_localised(at + " prompt", decision["prompt"]))
    return problems
