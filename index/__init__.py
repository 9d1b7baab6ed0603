"""Search index for the rules reference: the only package that imports Whoosh, jieba,
pypinyin and rapidfuzz.

Public API: `normalise`, `tokenise`, `build`, `open_index`, `SearchIndex`, `SearchResults`,
`QueryError`, `IndexMissingError`, `IndexBrokenError`.

Build (`builder`): dataset -> units (an entry's own text, each ruling: `documents`) ->
normalised (`normalise`: OpenCC tw2s, NFKC, case, punctuation) -> tokens (`tokenise`: jieba
search mode with the game dictionary from `lexicon`, Porter stems for ASCII, "+1" kept) ->
Whoosh index + BM25 impact lists (`impacts`) + the corpus part of jieba's dictionary, in a
fresh folder; then the `current` symlink is swapped atomically.

Search (`searcher`: the build loaded by `opened`, the `stages` composed): parse the box
(`query`: filters, phrases, limits) -> analyse (`analysis`: names in any script, pinyin and
initials, typo fixes from `spelling`, game/edition hints, the game guessed from one game's
words (`game_words`), players' everyday words (`synonyms`), the kind of answer asked for
(`vocabulary.asked_intents`); every table is data in one file, vocabulary.yaml) -> score units
from the impact lists, rulings stating the kind of fact asked for higher -> rank entries
(`ranking`: names > rulings > body, pairs, FAQ questions) -> the ruling that answers the
question, and others of the top entry answering nearly as well as their own results ->
snippets (`snippet`: escaped, <mark>ed, requested script; that ruling's text).
"""

from index.builder import build
from index.errors import IndexBrokenError, IndexMissingError, QueryError
from index.index_format import current_folder
from index.normalise import normalise
from index.results import Result, SearchResults
from index.searcher import SearchIndex, open_index
from index.tokenise import tokenise

__all__ = [
    "IndexBrokenError",
    "IndexMissingError",
    "QueryError",
    "Result",
    "SearchIndex",
    "SearchResults",
    "build",
    "current_folder",
    "normalise",
    "open_index",
    "tokenise",
]
