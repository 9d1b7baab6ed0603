"""The gunicorn worker behind `refapp serve`: it reads each request whole, and writes each
answer out, in its event loop, so a thread only ever runs the app.

gunicorn's own workers give a connection to a worker (sync) or a thread (gthread) as soon as it
is accepted or readable, and that worker then blocks reading the request: a handful of clients
that connect and send nothing, or half a request, held every worker (issue 12, defect 1); a
chunked body sent at a byte a second held a thread for as long as the client liked, since a
read timeout restarts with every byte (issue 21, defect 4). Here idle, slow and stalled clients
cost a socket, not a thread:

- a request (head and body, chunked or not) must arrive whole within REQUEST_TIMEOUT_S of the
  connection (or of the previous answer on a kept-alive connection), else it is answered 408
  (or, if nothing arrived, the connection is closed);
- a body may take up to the app's MAX_CONTENT_LENGTH (64 KiB); beyond, the worker answers 413;
- the request line and headers may take up to HEAD_LIMIT bytes (a browser's longest URL fits,
  so an overlong query still gets the app's clear 400); beyond that the worker answers 414 or
  431 itself. The whole request reaches gunicorn's parser in one piece, so parsing stays linear
  in its length (issue 12, defect 2: `--limit-request-line 0` read byte-chunks quadratically);
- a thread hands what the client does not take at once to the loop (up to QUEUE_LIMIT bytes
  for the whole worker; the app's answer is already in memory), and the loop sends it within
  SEND_TIMEOUT_S or closes the connection: a slow reader holds no thread;
- a connection is closed politely (FIN, then what the client still sends is read and dropped
  for DRAIN_S) from the loop, never by a thread or the loop blocking on it; after SIGTERM a
  request arriving on a kept-alive connection is answered with `Connection: close`;
- gunicorn's own error pages (400, 414, 431, ...) carry the app's security headers.
"""

from __future__ import annotations

import errno
import selectors
import socket
import threading
import time
from collections import deque
from functools import partial

from gunicorn import http
from gunicorn.workers.gthread import STOP_KEEPALIVE_LINGER, TConn, ThreadWorker

from refapp.commands.serve_scan import MORE, Refusal, RequestScan
from refapp.headers import SECURITY_HEADERS

REQUEST_TIMEOUT_S = 10.0
HEAD_TIMEOUT_S = REQUEST_TIMEOUT_S  # (the name of issue 12)
IO_TIMEOUT_S = 10.0  # a thread's socket calls, where they still block (QUEUE_LIMIT reached)
SEND_TIMEOUT_S = 30.0  # an answer handed to the loop must be taken by the client within this
HEAD_LIMIT = 2 * 1024 * 1024 + 64 * 1024  # Chromium's longest URL (2 MiB) plus headers
BODY_LIMIT = 64 * 1024  # when the app does not say (its MAX_CONTENT_LENGTH)
QUEUE_LIMIT = 64 * 1024 * 1024  # answer bytes a worker's loop holds for slow readers
RECV_SIZE = 256 * 1024
SEND_SIZE = 256 * 1024
DRAIN_S = 2.0

_SECURITY_LINES = "".join(f"{k}: {v}\r\n" for k, v in SECURITY_HEADERS.items()).encode("latin-1")


def plain_response(status: str, reason: str) -> bytes:
    """A short text answer the worker gives itself (never echoing the request)."""
    body = f"{status}: {reason}\n".encode()
    return (
        f"HTTP/1.1 {status}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\n".encode("latin-1")
        + _SECURITY_LINES
        + b"\r\n"
        + body
    )


def too_large_response(buf: bytes | bytearray) -> bytes:
    """The answer to a request head over HEAD_LIMIT: 414 if its first line alone is too long."""
    status = "414 URI Too Long" if b"\r\n" not in buf[:HEAD_LIMIT] else "431 Request Header Fields Too Large"
    return plain_response(status, "this request is longer than this server accepts.")


TIMEOUT_RESPONSE = plain_response("408 Request Timeout", "this request did not arrive whole in time.")


def with_security_headers(response: bytes) -> bytes:
    """Add the security headers to a raw HTTP/1.1 response (gunicorn's own error pages)."""
    line_end = response.find(b"\r\n")
    if line_end < 0 or not response.startswith(b"HTTP/"):
        return response
    return response[: line_end + 2] + _SECURITY_LINES + response[line_end + 2 :]


class _Queued:
    """Answer bytes the worker's threads handed to its loop (QUEUE_LIMIT in all)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bytes = 0

    def take(self, n: int) -> bool:
        with self.lock:
            if self.bytes + n > QUEUE_LIMIT:
                return False
            self.bytes += n
            return True

    def give_back(self, n: int) -> None:
        with self.lock:
            self.bytes -= n


class _TimedSocket(socket.socket):
    """A client socket whose blocking mode (what gunicorn's threads use) has a timeout, and
    whose sendall never waits for the client: what the kernel does not take at once is kept in
    `outbox` for the loop to send (`queued` counts it for the worker)."""

    def setblocking(self, flag: bool) -> None:
        self.settimeout(IO_TIMEOUT_S if flag else 0.0)

    @classmethod
    def adopt(cls, sock: socket.socket, queued: _Queued) -> _TimedSocket:
        timed = cls(sock.family, sock.type, sock.proto, fileno=sock.detach())
        timed.settimeout(0.0)
        timed.outbox = deque()
        timed.queued = queued
        return timed

    def sendall(self, data, flags: int = 0) -> None:  # type: ignore[no-untyped-def, override]
        view = memoryview(data if isinstance(data, bytes) else bytes(data)).cast("B")
        if not self.outbox:
            timeout = self.gettimeout()
            try:
                socket.socket.settimeout(self, 0.0)
                sent = self.send(view, flags)
            except (BlockingIOError, InterruptedError):
                sent = 0
            finally:
                socket.socket.settimeout(self, timeout)
            view = view[sent:]
        if not view:
            return
        if self.queued.take(len(view)):
            self.outbox.append(view)
            return
        self.flush_blocking()  # the worker holds enough for slow readers: this thread waits
        super().sendall(view, flags)

    def flush_blocking(self) -> None:
        while self.outbox:
            part = self.outbox.popleft()
            self.queued.give_back(len(part))
            super().sendall(part)

    def send_queued(self) -> bool:
        """Send what the kernel takes now (non-blocking socket); True once all is sent."""
        while self.outbox:
            part = self.outbox[0]
            sent = self.send(part[:SEND_SIZE])
            self.queued.give_back(sent)
            if sent < len(part):
                self.outbox[0] = part[sent:]
                return False
            self.outbox.popleft()
        return True

    def forget_queued(self) -> None:
        while self.outbox:
            self.queued.give_back(len(self.outbox.popleft()))


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
    """gthread, except that requests are read whole, and answers sent out, in the event loop."""

    def init_process(self) -> None:
        self.heads: deque[TConn] = deque()  # connections whose request is still arriving
        self.sending: deque[TConn] = deque()  # answers the loop is sending to slow readers
        self.draining: deque[TConn] = deque()  # connections closed on our side, read until closed
        self.queued = _Queued()
        self.body_limit = BODY_LIMIT
        super().init_process()

    def load_wsgi(self) -> None:
        """Load the app, and take its body limit (MAX_CONTENT_LENGTH) as the worker's."""
        super().load_wsgi()
        config = getattr(self.wsgi, "config", None)
        self.body_limit = int((config or {}).get("MAX_CONTENT_LENGTH") or BODY_LIMIT)

    def accept(self, listener):  # type: ignore[no-untyped-def]
        try:
            client, addr = listener.accept()
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        conn = TConn(self.cfg, _TimedSocket.adopt(client, self.queued), addr, listener.getsockname())
        self._await_request(conn)

    def on_client_socket_readable(self, conn, client):  # type: ignore[no-untyped-def]
        """A kept-alive connection has bytes again: read its next request in the loop too."""
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        self._await_request(conn)

    # -- reading a request ---------------------------------------------------------------------
    def _await_request(self, conn: TConn, already: bytes = b"") -> None:
        conn.sock.setblocking(False)
        conn.pending = bytearray(already)
        conn.scan = RequestScan(self.body_limit)
        conn.timeout = time.monotonic() + REQUEST_TIMEOUT_S
        self.heads.append(conn)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self._on_request_bytes, conn))
        if already:
            self._scan(conn)

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
        self._scan(conn)

    def _scan(self, conn: TConn) -> None:
        found = conn.scan.feed(conn.pending)
        if found is MORE:
            if conn.scan.head_end is None and len(conn.pending) > HEAD_LIMIT:
                self._refuse(conn, too_large_response(conn.pending))
            return
        if isinstance(found, Refusal):
            self._refuse(conn, plain_response(found.status, found.reason))
            return
        self.poller.unregister(conn.sock)
        self.heads.remove(conn)
        if conn.parser is None:
            conn.parser = http.get_parser(self.cfg, conn.sock, conn.client)
        conn.parser.unreader.unread(bytes(conn.pending))  # this request and any pipelined after it
        conn.pending = None
        conn.data_ready = True
        self.enqueue_req(conn)

    # -- after the app answered -------------------------------------------------------------------
    def finish_request(self, conn, fs):  # type: ignore[no-untyped-def]
        """In the loop: send what the thread left for it, then keep the connection or close it."""
        try:
            keep = bool(fs.result()) if not fs.cancelled() else False
        except Exception:  # noqa: BLE001 - gthread closes the connection too
            keep = False
        sock = conn.sock
        sock.setblocking(False)
        if sock.outbox:
            conn.keep = keep
            conn.timeout = time.monotonic() + SEND_TIMEOUT_S
            self.sending.append(conn)
            self.poller.register(sock, selectors.EVENT_WRITE, partial(self._on_writable, conn))
            self._on_writable(conn, sock)
            return
        self._after_answer(conn, keep)

    def _on_writable(self, conn: TConn, client: socket.socket) -> None:
        try:
            done = conn.sock.send_queued()
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self._forget(conn, self.sending)
            return
        if done:
            self.poller.unregister(conn.sock)
            self.sending.remove(conn)
            self._after_answer(conn, conn.keep)

    def _after_answer(self, conn: TConn, keep: bool) -> None:
        if not keep:
            self._close_politely(conn)
            return
        leftover = conn.parser.unreader.take_buffered()  # a request pipelined behind this one
        if leftover:
            self._await_request(conn, leftover)
            return
        conn.set_timeout()
        if not self.alive:
            conn.timeout = min(conn.timeout, time.monotonic() + STOP_KEEPALIVE_LINGER)
        self.keepalived_conns.append(conn)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_client_socket_readable, conn))

    # -- closing ------------------------------------------------------------------------------------
    def _refuse(self, conn: TConn, answer: bytes) -> None:
        """Answer and close without reading the request (the rest of what the client sends is
        read and discarded for up to DRAIN_S, so it reads the answer instead of a reset)."""
        self.poller.unregister(conn.sock)
        self.heads.remove(conn)
        conn.pending = None
        try:
            conn.sock.send(answer)
        except OSError:
            self.nr_conns -= 1
            conn.close()
            return
        self._close_politely(conn)

    def _close_politely(self, conn: TConn) -> None:
        """FIN now; read and drop what the client still sends until it closes or DRAIN_S
        (gunicorn's close_graceful does this blocking, and froze the loop for 2 s a close)."""
        try:
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
        conn.sock.forget_queued()
        self.nr_conns -= 1
        conn.close()

    def murder_keepalived(self, force: bool = False) -> None:
        """Idle kept-alive connections past their time are closed politely (a request that
        crossed our FIN is read and dropped, not answered with a reset); at exit, at once."""
        if force:
            super().murder_keepalived(force=True)
            return
        now = time.monotonic()
        while self.keepalived_conns and self.keepalived_conns[0].timeout <= now:
            conn = self.keepalived_conns.popleft()
            try:
                self.poller.unregister(conn.sock)
            except (OSError, KeyError, ValueError):
                pass
            self._close_politely(conn)

    def murder_pending(self) -> None:
        """Also answer 408 to requests that did not arrive whole within REQUEST_TIMEOUT_S,
        close connections that did not take their answer within SEND_TIMEOUT_S, and stop
        draining after DRAIN_S."""
        super().murder_pending()
        now = time.monotonic()
        while self.heads and self.heads[0].timeout <= now:
            conn = self.heads[0]
            if conn.pending:
                self._refuse(conn, TIMEOUT_RESPONSE)
            else:
                self._drop(conn)
        for waiting in (self.sending, self.draining):
            while waiting and waiting[0].timeout <= now:
                self._forget(waiting[0], waiting)

    def handle_error(self, req, client, addr, exc):  # type: ignore[no-untyped-def]
        super().handle_error(req, _SecureErrors(client), addr, exc)
