"""Errors the index reports to users."""


class QueryError(ValueError):
    """A query the index cannot run; the message is shown to the user (HTTP 400)."""


class IndexMissingError(RuntimeError):
    """No index has been built in the data directory."""
