"""Where a request that is still arriving ends: pure functions over the bytes received so far,
so the server's event loop can read a whole request (head and body) before a thread sees it
(refapp/commands/serve_worker.py).

`RequestScan.feed(buf)` is called with everything received on a connection so far (each call
with more); it resumes where the previous call stopped, so reading a request in pieces stays
linear in its length. It answers MORE (keep reading), the request's end, or a refusal (a
status the worker answers itself without reading further).
"""

from __future__ import annotations

from dataclasses import dataclass

MORE = None  # feed(): the request has not arrived whole yet
CHUNK_LINE_LIMIT = 1024  # a chunk-size line (hex size and extensions)
TRAILER_LIMIT = 8 * 1024  # the trailer section of a chunked body
CHUNK_OVERHEAD = 4  # a chunked body's bytes on the wire may be this many times its content


@dataclass(frozen=True)
class Refusal:
    """An answer the worker gives instead of dispatching: status line and a short reason."""

    status: str
    reason: str


BAD_CHUNKS = Refusal("400 Bad Request", "the chunked body of this request is malformed.")
TOO_LARGE = Refusal("413 Content Too Large", "the body of this request is larger than this server accepts.")


def header_value(head: bytes, name: bytes) -> bytes | None:
    """The value of header `name` (lower-case) in a request head, None when absent."""
    for line in head.split(b"\r\n")[1:]:
        key, sep, value = line.partition(b":")
        if sep and key.strip().lower() == name:
            return value.strip()
    return None


def content_length(head: bytes) -> int | None:
    """The Content-Length a request head declares (None when absent or not a number)."""
    value = header_value(head, b"content-length")
    if value is None:
        return None
    return int(value) if value.isdigit() and len(value) < 16 else None


def is_chunked(head: bytes) -> bool:
    value = header_value(head, b"transfer-encoding")
    return value is not None and value.lower().rsplit(b",", 1)[-1].strip() == b"chunked"


class RequestScan:
    """The framing of one request as its bytes arrive: head, then a Content-Length or chunked
    body of at most `body_limit` bytes. Anything odd the scan does not judge (a Content-Length
    that is not a number, an unknown Transfer-Encoding) ends the request at its head, so
    gunicorn's parser answers it at once."""

    def __init__(self, body_limit: int):
        self.body_limit = body_limit
        self.scanned = 0  # where the search for the head's blank line resumes
        self.head_end: int | None = None
        self.end: int | None = None  # a Content-Length body: where the request ends
        self.chunked = False
        self.pos = 0  # chunked: where the next chunk-size line (or the rest of a chunk) starts
        self.left = 0  # chunked: bytes of the current chunk still to come (and its CRLF)
        self.decoded = 0  # chunked: the body's content so far
        self.trailers: int | None = None  # chunked: where the trailer section starts

    def feed(self, buf: bytes | bytearray) -> int | Refusal | None:
        """The request's end in `buf`, a Refusal, or MORE."""
        if self.head_end is None:
            blank = buf.find(b"\r\n\r\n", max(0, self.scanned - 3))
            if blank < 0:
                self.scanned = len(buf)
                return MORE
            self.head_end = blank + 4
            head = bytes(buf[: self.head_end])
            if is_chunked(head):
                self.chunked, self.pos = True, self.head_end
            else:
                length = content_length(head) if header_value(head, b"transfer-encoding") is None else None
                if length is not None and length > self.body_limit:
                    return TOO_LARGE
                self.end = self.head_end + (length or 0)
        if not self.chunked:
            return self.end if len(buf) >= self.end else MORE
        if len(buf) - self.head_end > CHUNK_OVERHEAD * self.body_limit + TRAILER_LIMIT:
            return TOO_LARGE
        return self._chunks(buf)

    def _chunks(self, buf: bytes | bytearray) -> int | Refusal | None:
        while self.trailers is None:
            if self.left:
                if len(buf) < self.pos + self.left:
                    return MORE
                self.pos += self.left
                self.left = 0
                if buf[self.pos - 2 : self.pos] != b"\r\n":
                    return BAD_CHUNKS
            eol = buf.find(b"\r\n", self.pos)
            if eol < 0:
                return BAD_CHUNKS if len(buf) - self.pos > CHUNK_LINE_LIMIT else MORE
            size_text = bytes(buf[self.pos : eol]).split(b";", 1)[0].strip()
            if not size_text or len(size_text) > 8 or size_text.strip(b"0123456789abcdefABCDEF"):
                return BAD_CHUNKS
            size = int(size_text, 16)
            self.pos = eol + 2
            if size == 0:
                self.trailers = self.pos
                break
            self.decoded += size
            if self.decoded > self.body_limit:
                return TOO_LARGE
            self.left = size + 2  # the chunk and its CRLF
        # After the last chunk: an empty line, or trailer fields and an empty line. The search
        # starts at the last size line's CRLF, so "0\r\n\r\n" is found as CRLFCRLF too.
        end = buf.find(b"\r\n\r\n", max(self.trailers - 2, self.pos - 3))
        if end < 0:
            self.pos = len(buf)
            return BAD_CHUNKS if len(buf) - self.trailers > TRAILER_LIMIT else MORE
        return end + 4
