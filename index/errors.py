"""The index's exceptions: one root, :class:`SearchIndexError`, that every error the index
reports derives from (each keeps its builtin base: a bad query is a ``ValueError``, a missing
index a ``RuntimeError``)."""


class SearchIndexError(Exception):
    """The root of the index's errors."""


class QueryError(SearchIndexError, ValueError):
    """A query the index cannot run; the message is shown to the user (HTTP 400)."""


class IndexMissingError(SearchIndexError, RuntimeError):
    """No index has been built in the data directory."""


class IndexBrokenError(IndexMissingError):
    """A built index that cannot be opened or read; `file` names the part at fault."""

    def __init__(self, folder: str, file: str, reason: str):
        super().__init__(
            f"the search index {folder} cannot be read ({file}: {reason}); run `refapp build-index`"
        )
        self.folder = folder
        self.file = file
