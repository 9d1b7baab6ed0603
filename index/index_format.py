"""The format of a built index, shared by the writer (`index.builder`) and the reader
(`index.opened`): where builds live, the names of a build's files, the format version, and the
words both the build's and a query's tokeniser must know.

A data folder holds `index/<build>/` folders and the `index/current` symlink naming the build
in use. A build folder holds:

- `meta.json`: `format` (INDEX_FORMAT), the dataset version, when it was built, counts;
- `userdict.txt` (the words added to jieba's dictionary) and `dictionary.txt` (the corpus part
  of jieba's own dictionary: its total on the first line, then `word frequency` lines);
- `lexicon.json` (every name form), `entries.json` (each entry's metadata), `vocab.json`
  (English words with counts, for typo fixes), `common_words.json` (ordinary English and Chinese words a
  typo fix leaves alone: `index.common_words`), `questions.json` (the unit each player question
  belongs to, in question-document order);
- `units.json` + `units.bin` and `terms.json` + `postings.bin` (`index.store`);
- `whoosh/`: the Whoosh index of the phrase field.
"""

from __future__ import annotations

import fcntl
from pathlib import Path
from typing import BinaryIO

from index.game_words import load_game_words, load_weak_game_words
from index.normalise import normalise
from index.synonyms import load_rows
from index.tokenise import CJK_RUN

INDEX_FORMAT = 9  # bump when the files of a built index change; older builds are refused
CURRENT = "current"  # the symlink naming the build in use

META = "meta.json"
USERDICT = "userdict.txt"
DICTIONARY = "dictionary.txt"
LEXICON = "lexicon.json"
ENTRIES = "entries.json"
VOCAB = "vocab.json"
COMMON_WORDS = "common_words.json"
QUESTIONS = "questions.json"
UNITS = "units.json"
UNIT_TEXTS = "units.bin"
TERMS = "terms.json"
POSTINGS = "postings.bin"
WHOOSH = "whoosh"


def index_root(data_dir: Path) -> Path:
    """The folder holding a data folder's builds and its `current` link."""
    return Path(data_dir) / "index"


def current_folder(data_dir: Path) -> Path | None:
    """The folder `current` points to, or None when no index has been built."""
    link = index_root(data_dir) / CURRENT
    if not link.exists():
        return None
    return link.resolve()


def hold_build(folder: Path) -> BinaryIO:
    """Open `folder`'s meta.json with a shared lock, held until the returned file is closed
    (or the process, and every process forked from it, exits). OSError when it is missing."""
    held = open(folder / META, "rb")  # noqa: SIM115 - the caller keeps it open
    try:
        fcntl.flock(held.fileno(), fcntl.LOCK_SH)
    except OSError:
        held.close()
        raise
    return held


def query_words() -> set[str]:
    """Chinese words of the synonym and game-word tables: in the dictionary, so that a query
    segments them whole (跳过, not 跳/过) and they can be looked up."""
    listed = [w for r in load_rows() for w in (*r.say, *r.means)]
    for table in (load_game_words(), load_weak_game_words()):
        listed += [w for ws in table.values() for w in ws]
    norms = (normalise(w) for w in listed)
    return {w for w in norms if len(w) > 1 and CJK_RUN.fullmatch(w)}
