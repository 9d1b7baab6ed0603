"""`SearchIndex`: an opened index folder (`index.opened`) and the search composed of its
stages (`index.stages`): the request parsed, its text analysed, candidate units scored from
the BM25F impact lists (names > rulings > body; Whoosh answers quoted phrases), entries ranked
(`index.ranking`) and snippets cut. Answers are kept in a bounded per-index cache."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from whoosh.index import EmptyIndexError

from corpus.languages import LANGS
from index.browse import browse
from index.build_files import culprit, reason
from index.cache import ResultCache, filters_key
from index.errors import IndexBrokenError, IndexMissingError
from index.filters import Filters
from index.impacts import MAX_POSTINGS
from index.index_format import META, current_folder
from index.normalise import to_traditional
from index.opened import open_build
from index.query import Without
from index.results import SearchResults
from index.snippet import prepare
from index.stages.analyse import analyse_request
from index.stages.answers import asks_besides_names, asks_telling, name_clauses
from index.stages.candidates import find_candidates
from index.stages.clauses import query_clauses
from index.stages.described import describe_cards
from index.stages.rank import rank_candidates
from index.stages.request import read_request
from index.stages.snippets import result, shown
from index.suggest import suggest
from index.understood import Asked, understood

NO_READINGS_OFF = Without()  # every reading made (no chip of the results page taken off)
WARM_UP = "图书馆 刺课 tushugaun"  # a name, a typo and pinyin: every table a search reads


class SearchIndex:
    """A built index, opened read-only. Safe to share between threads."""

    def __init__(self, folder: Path, cache_size: int = 1024):
        """Open `folder`; raises IndexMissingError (IndexBrokenError naming the file at fault)
        when it is not a complete, readable build of this version."""
        self.folder = Path(folder)
        try:
            self.opened = open_build(self.folder)
            # Load pypinyin's phrase tables and jieba's HMM now, before a server forks its
            # workers, rather than on some user's first request (and fill the tables ranking keeps).
            self._search(WARM_UP, "zh-Hans", None, 1)
        except IndexMissingError:  # IndexBrokenError too
            raise
        except (OSError, ValueError, KeyError, TypeError, IndexError, EmptyIndexError) as exc:
            raise IndexBrokenError(self.folder.name, culprit(exc), reason(exc, self.folder)) from exc
        self.cache = ResultCache(cache_size)

    def warm(self) -> None:
        """Fill the caches searches read, each up to its size: the heads of the terms' impact
        lists (most frequent terms first) and every passage's snippet preparation. A server calls
        it before forking: its workers start with them, shared, rather than each filling them on
        its first requests (a worker replaced after --max-requests too), about 0.2 s of CPU and
        18 MiB for today's corpus."""
        o = self.opened
        o.impacts.warm(MAX_POSTINGS)
        prepare(o.passages.passage(unit, lang) for unit in o.units for lang in LANGS)

    def close(self) -> None:
        """Close this thread's Whoosh searcher."""
        self.opened.phrases.close()

    def present(self) -> bool:
        """Whether the folder is still there (someone may delete it by hand)."""
        return (self.folder / META).exists()

    def search(
        self,
        query: str,
        lang: str | None = "zh-Hans",
        filters: Mapping[str, str] | Filters | None = None,
        limit: int | str | None = 20,
        without: Without | None = None,
    ) -> SearchResults:
        """Search; raises QueryError (message for the user) on bad input. `without`: readings
        not to make (index.query.parse_without). Answers for repeated (query, lang, filters,
        limit, without) come from a bounded per-index cache."""
        key = (query, lang, filters_key(filters), str(limit), without or None)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        found = self._search(query, lang, filters, limit, without or NO_READINGS_OFF)
        self.cache.put(key, found)
        return found

    def _search(
        self,
        query: object,
        lang: str | None,
        filters: Mapping[str, str] | Filters | None,
        limit: int | str | None,
        without: Without = NO_READINGS_OFF,
    ) -> SearchResults:
        o = self.opened
        req = read_request(query, lang, filters, limit, without, o.tokeniser)
        if req.browse:
            return browse(req, o)
        a = describe_cards(analyse_request(req, o), req, o)
        clauses = query_clauses(a, o)
        asks = asks_besides_names(a, o)  # a question: the second opinion is merged in
        found = find_candidates(req, clauses, o, name_clauses(a, clauses, o), asks, asks_telling(a))
        ranked = rank_candidates(req, a, found, o, asks)
        marked = shown(a, req.phrases, o)
        return SearchResults(
            query=req.query,
            lang=req.lang,
            total=len(ranked),
            suggestion=to_traditional(a.suggestion)
            if a.suggestion and req.lang == "zh-Hant"
            else a.suggestion,
            results=[result(s, req.lang, marked, o) for s in ranked[: req.limit]],
            filters=req.filters.to_dict(),
            understood=understood(
                a,
                req.filters,
                req.asked,
                o.entries,
                req.lang,
                Asked(req.query, req.parsed.url, req.parsed.inline, without),
                o.tables.pinyin,
                req.any_game,
            ),
        )

    def suggest(
        self, prefix: str, lang: str | None = "zh-Hans", limit: int | str | None = 10
    ) -> list[dict[str, Any]]:
        """Name completions for the search box: by name prefix (any script), pinyin or initials
        (`index.suggest`); raises QueryError on bad input."""
        return suggest(prefix, lang, limit, self.opened, lambda q, lng, n: self.search(q, lng, limit=n))


def open_index(data_dir: Path, cache_size: int = 1024) -> SearchIndex:
    """Open the current index under `data_dir` (raises IndexMissingError when none is built).
    If rebuilds prune the folder while it is being opened, the new `current` is opened instead."""
    problem = "no search index has been built; run `refapp build-index`"
    for _attempt in range(3):
        folder = current_folder(Path(data_dir))
        if folder is None:
            break
        try:
            return SearchIndex(folder, cache_size)
        except IndexBrokenError as exc:
            if folder.exists() and current_folder(Path(data_dir)) == folder:
                raise  # a damaged build, not one pruned while being opened
            problem = str(exc)
            continue  # pruned by a rebuild while being opened: look at `current` again
    raise IndexMissingError(problem)
