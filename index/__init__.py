"""Search index for the rules reference: the only package that imports Whoosh, jieba,
pypinyin and rapidfuzz.

Public API: `normalise`, `tokenise`, `build`, `open_index`, `SearchIndex`, `SearchResults`,
`QueryError`, `IndexMissingError`.
"""

from index.builder import build, current_folder
from index.errors import IndexMissingError, QueryError
from index.normalise import normalise
from index.results import Result, SearchResults
from index.searcher import SearchIndex, open_index
from index.tokenise import tokenise

__all__ = [
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
