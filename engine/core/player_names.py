"""What the example players are called in each language (`player_names.yaml`): the scenarios
name them in English, and a Chinese reader reads them as the Chinese rulebooks write an example
player's name (泰勒 for Taylor). A name the table lacks, one a reader typed in the sandbox, is
shown as typed (a reader who types one of the listed English names gets it written as the table
writes it). The engine's narration and option labels, the boards and the scenario texts shown in
Chinese all read them here."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import yaml

from engine.core.localised import LANGS, Localised
from engine.core.narration import spaced

TABLE_FILE = Path(__file__).with_name("player_names.yaml")


@lru_cache(maxsize=1)
def table() -> dict[str, Localised]:
    """English name -> its name in every language (English as it is)."""
    raw = yaml.safe_load(TABLE_FILE.read_text(encoding="utf-8")) or {}
    return {str(en): {lang: str(said.get(lang) or en) for lang in LANGS} for en, said in raw.items()}


def said_in(name: str, lang: str) -> str:
    """`name` as a reader of `lang` reads it."""
    said = table().get(name)
    return said[lang] if said else name


def players_in(players: Sequence[str], lang: str) -> list[str]:
    """Each of `players` as a reader of `lang` reads it."""
    return [said_in(p, lang) for p in players]


@lru_cache(maxsize=1)
def _latin_names() -> re.Pattern[str]:
    names = sorted(table(), key=len, reverse=True)
    return re.compile(r"(?<![A-Za-z])(" + "|".join(map(re.escape, names)) + r")(?![A-Za-z])")


def text_in(text: str, lang: str) -> str:
    """A scenario's text in `lang` with the example players' English names (a Latin word in a
    Chinese sentence: 'Bob 不用展示牌') written as that language writes them."""
    if lang == "en" or not text:
        return text
    said = _latin_names().sub(lambda m: said_in(m.group(1), lang), text)
    return spaced(said) if said != text else text  # '鲍勃 不用' is '鲍勃不用'


def texts_in(texts: Localised) -> Localised:
    """A scenario's title or description, each language's text naming the players as it does."""
    return {lang: text_in(str(text), lang) for lang, text in texts.items()}
