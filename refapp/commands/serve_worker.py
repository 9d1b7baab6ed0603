"""The gunicorn worker behind `refapp serve`: it buffers each request before the app sees it.

gunicorn's own workers give a connection to a worker (sync) or a thread (gthread) as soon as it
is accepted or readable, and that worker then blocks reading the request: a handful of clients
that connect and send nothing, or half a request, held every worker (issue 12, defect 1). This
worker reads request heads (and small bodies) in its event loop, without a thread, and hands
only complete requests to its threads, so idle and slow clients cost a socket, not a worker:

- a request must arrive whole within HEAD_TIMEOUT_S of the connection (or of the previous
  answer on a kept-alive connection), else the connection is closed;
- the request line and headers may take up to HEAD_LIMIT bytes (a browser's longest URL fits,
  so an overlong query still gets the app's clear 400); beyond that the worker answers 414 or
  431 itself. The whole head reaches gunicorn's parser in one piece, so parsing stays linear
  in its length (issue 12, defect 2: `--limit-request-line 0` read byte-chunks quadratically);
- once a request is dispatched, each socket read or write in the thread times out after
  IO_TIMEOUT_S (a huge chunked body or a client that stops reading its answer);
- gunicorn's own error pages (400, 414, 431, ...) carry the app's security headers.
"""

from __future__ import annotations

import errno
import selectors
import socket
import time
from collections import deque
from functools import partial

from gunicorn import http
from gunicorn.workers.gthread import TConn, ThreadWorker

from refapp.headers import SECURITY_HEADERS

HEAD_TIMEOUT_S = 10.0
IO_TIMEOUT_S = 10.0
HEAD_LIMIT = 2 * 1024 * 1024 + 64 * 1024  # Chromium's longest URL (2 MiB) plus headers
BODY_BUFFER_LIMIT = 64 * 1024  # bodies up to the app's MAX_CONTENT_LENGTH are read here too
RECV_SIZE = 256 * 1024
DRAIN_S = 2.0

_SECURITY_LINES = "".join(f"{k}: {v}\r\n" for k, v in SECURITY_HEADERS.items()).encode("latin-1")


def request_end(buf: bytes | bytearray, start: int = 0) -> int | None:
    """Where the request that begins `buf` ends (head plus a Content-Length body of at most
    BODY_BUFFER_LIMIT bytes), or None while the head is incomplete. `start` is where to resume
    looking for the blank line, so feeding a request in pieces stays linear."""
    blank = buf.find(b"\r\n\r\n", max(0, start - 3))
    if blank < 0:
        return None
    head_end = blank + 4
    length = content_length(bytes(buf[:head_end]))
    if length is None or length > BODY_BUFFER_LIMIT:
        return head_end  # chunked or large bodies are read by the thread, with IO_TIMEOUT_S
    return head_end + length


def content_length(head: bytes) -> int | None:
    """The Content-Length a request head declares (None when absent or not a number)."""
    for line in head.split(b"\r\n")[1:]:
        name, sep, value = line.partition(b":")
        if sep and name.strip().lower() == b"content-length":
            value = value.strip()
            return int(value) if value.isdigit() and len(value) < 16 else None
    return None


def too_large_response(buf: bytes | bytearray) -> bytes:
    """The answer to a request head over HEAD_LIMIT: 414 if its first line alone is too long."""
    status = "414 URI Too Long" if b"\r\n" not in buf[:HEAD_LIMIT] else "431 Request Header Fields Too Large"
    body = f"{status}: this request is longer than this server accepts.\n".encode()
    return (
        f"HTTP/1.1 {status}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\n".encode("latin-1")
        + _SECURITY_LINES
        + b"\r\n"
        + body
    )


def with_security_headers(response: bytes) -> bytes:
    """Add the security headers to a raw HTTP/1.1 response (gunicorn's own error pages)."""
    line_end = response.find(b"\r\n")
    if line_end < 0 or not response.startswith(b"HTTP/"):
        return response
    return response[: line_end + 2] + _SECURITY_LINES + response[line_end + 2 :]


class _TimedSocket(socket.socket):
    """A client socket whose blocking mode (what gunicorn's threads use) has a timeout."""

    def setblocking(self, flag: bool) -> None:
        self.settimeout(IO_TIMEOUT_S if flag else 0.0)

    @classmethod
    def adopt(cls, sock: socket.socket) -> _TimedSocket:
        timed = cls(sock.family, sock.type, sock.proto, fileno=sock.detach())
        timed.settimeout(0.0)
        return timed


class _SecureErrors:
    """What gunicorn's error writer needs of a socket, adding the security headers."""

    def __init__(self, sock: socket.socket):
        self._sock = sock

    def gettimeout(self) -> float | None:
        return self._sock.gettimeout()

    def setblocking(self, flag: bool) -> None:
        self._sock.setblocking(flag)

    def sendall(self, data: bytes) -> None:
        self._sock.sendall(with_security_headers(data))


class BufferingWorker(ThreadWorker):
    """gthread, except that requests are read whole in the event loop before dispatch."""

    def init_process(self) -> None:
        self.heads: deque[TConn] = deque()  # connections whose request is still arriving
        self.draining: deque[TConn] = deque()  # refused connections, read until closed
        super().init_process()

    def accept(self, listener):  # type: ignore[no-untyped-def]
        try:
            client, addr = listener.accept()
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        conn = TConn(self.cfg, _TimedSocket.adopt(client), addr, listener.getsockname())
        self._await_request(conn)

    def on_client_socket_readable(self, conn, client):  # type: ignore[no-untyped-def]
        """A kept-alive connection has bytes again: read its next request in the loop too."""
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        self._await_request(conn)

    def _await_request(self, conn: TConn) -> None:
        conn.sock.setblocking(False)
        conn.pending = bytearray()
        conn.scanned = 0  # where the search for the head's blank line resumes
        conn.timeout = time.monotonic() + HEAD_TIMEOUT_S
        self.heads.append(conn)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self._on_request_bytes, conn))

    def _on_request_bytes(self, conn: TConn, client: socket.socket) -> None:
        try:
            data = conn.sock.recv(RECV_SIZE)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._drop(conn)
            return
        conn.pending += data
        end = request_end(conn.pending, conn.scanned)
        if end is None:
            conn.scanned = len(conn.pending)  # the head is still arriving
            if len(conn.pending) > HEAD_LIMIT:
                self._refuse(conn, too_large_response(conn.pending))
            return
        if len(conn.pending) < end:
            return  # the body is still arriving (`scanned` stays before the head's blank line)
        self.poller.unregister(conn.sock)
        self.heads.remove(conn)
        if conn.parser is None:
            conn.parser = http.get_parser(self.cfg, conn.sock, conn.client)
        conn.parser.unreader.unread(bytes(conn.pending))
        conn.pending = None
        conn.data_ready = True
        self.enqueue_req(conn)

    def _refuse(self, conn: TConn, answer: bytes) -> None:
        """Answer and close without reading the request: the rest of what the client sends is
        read and discarded for up to DRAIN_S first, so it reads the answer instead of a reset."""
        self.poller.unregister(conn.sock)
        self.heads.remove(conn)
        conn.pending = None
        try:
            conn.sock.send(answer)
            conn.sock.shutdown(socket.SHUT_WR)
        except OSError:
            self.nr_conns -= 1
            conn.close()
            return
        conn.timeout = time.monotonic() + DRAIN_S
        self.draining.append(conn)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self._on_drain_bytes, conn))

    def _on_drain_bytes(self, conn: TConn, client: socket.socket) -> None:
        try:
            if conn.sock.recv(RECV_SIZE):
                return
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            pass
        self._close_drained(conn)

    def _close_drained(self, conn: TConn) -> None:
        self._forget(conn, self.draining)

    def _drop(self, conn: TConn) -> None:
        self._forget(conn, self.heads)

    def _forget(self, conn: TConn, waiting: deque[TConn]) -> None:
        """Close a connection the loop is watching and take it off its queue."""
        try:
            self.poller.unregister(conn.sock)
        except (OSError, KeyError, ValueError):
            pass
        try:
            waiting.remove(conn)
        except ValueError:
            pass
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self) -> None:
        """Also close connections whose request did not arrive whole within HEAD_TIMEOUT_S."""
        super().murder_pending()
        now = time.monotonic()
        while self.heads and self.heads[0].timeout <= now:
            self._drop(self.heads[0])
        while self.draining and self.draining[0].timeout <= now:
            self._close_drained(self.draining[0])

    def handle_error(self, req, client, addr, exc):  # type: ignore[no-untyped-def]
        super().handle_error(req, _SecureErrors(client), addr, exc)
