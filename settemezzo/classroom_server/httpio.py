"""The strict HTTP layer under the class server, on the standard library's threaded server.

A request is read whole before any route runs, or the connection is closed: its head and body
must arrive within `StrictServer.request_timeout` seconds (a watchdog closes a socket that
trickles), its ``Content-Length`` must be ASCII digits no larger than `MAX_BODY` (else 400 or
413, and the connection closes), and ``Transfer-Encoding`` is refused (501), so no body is
ever left on the connection to be read as the next request. At most
`StrictServer.max_connections` connections are served at once (the next one gets 503). Cookies
are read leniently (a cookie another application set on the same host is skipped), form
fields are checked by `whole`, and any error in a route answers 500 and logs one line, never a
traceback. ``bench/classroom.md`` says why this is our own and not a server library.
"""

from __future__ import annotations

import contextlib
import re
import socket
import sys
import threading
import time
import urllib.parse
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from settemezzo.errors import InputError

__all__ = ["MAX_BODY", "MAX_FIELDS", "RequestError", "StrictHandler", "StrictServer",
           "parse_cookies", "whole"]

MAX_BODY = 10_000
"""The largest request body, in bytes (the longest form is a few hundred)."""

MAX_FIELDS = 20
"""The most fields a form may have."""

_DECIMAL = re.compile(r"[0-9]{1,9}")


class RequestError(InputError):
    """A request the server refuses: ``status`` is the HTTP status, the message says why (in
    the visitor's language when a page shows it)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def parse_cookies(header: str) -> dict[str, str]:
    """The cookies of a ``Cookie`` header, leniently: a pair without a name or ``=`` is
    skipped, the first of two with one name is kept, quotes around a value dropped.

    >>> parse_cookies('a/b=1; sm_lang=it; ;=x; junk; sm_lang=fr; q="v"')
    {'a/b': '1', 'sm_lang': 'it', 'q': 'v'}
    """
    jar: dict[str, str] = {}
    for part in header.split(";"):
        name, eq, value = part.strip().partition("=")
        if eq and name.strip():
            jar.setdefault(name.strip(), value.strip().strip('"'))
    return jar


def whole(form: dict[str, str], field: str, lo: int, hi: int) -> int:
    """The form's ``field`` as a whole number from ``lo`` to ``hi`` (ASCII digits only);
    `RequestError` 400 naming the field otherwise.

    >>> whole({"hand": "3"}, "hand", 1, 100)
    3
    >>> whole({"hand": "²"}, "hand", 1, 100)
    Traceback (most recent call last):
    ...
    settemezzo.classroom_server.httpio.RequestError: field 'hand' must be a whole number ...
    """
    value = form.get(field, "")
    if not _DECIMAL.fullmatch(value) or not lo <= int(value) <= hi:
        raise RequestError(HTTPStatus.BAD_REQUEST, f"field {field!r} must be a whole number "
                           f"from {lo} to {hi}, got {value[:20]!r}")
    return int(value)


def log_line(what: str, exc: BaseException) -> None:
    """One line on standard error for an error the server survived."""
    print(f"classroom server: {what}: {type(exc).__name__}: {str(exc)[:200]}",
          file=sys.stderr, flush=True)


class StrictServer(ThreadingHTTPServer):
    """The threaded server with a bound on connections and a watchdog on slow requests."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128   # a whole class connecting at once (the default is 5)
    request_timeout = 30.0
    """Seconds a connection may wait for its next request, and then for that request's head
    and body to arrive."""
    max_connections = 200
    """Connections served at once: a class of thirty, each browser opening a few."""

    def __init__(self, address: tuple[str, int], handler: type[StrictHandler]) -> None:
        super().__init__(address, handler)
        self._open = 0
        self._count_lock = threading.Lock()
        self._deadlines: dict[socket.socket, float] = {}
        threading.Thread(target=self._watch, daemon=True, name="class-watchdog").start()

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._count_lock:
            full = self._open >= self.max_connections
            if not full:
                self._open += 1
        if full:
            self._refuse(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.watch(request, None)
            self._release()

    def _release(self) -> None:
        with self._count_lock:
            self._open -= 1

    def _refuse(self, request: socket.socket) -> None:
        body = b"too many connections: try again in a moment\n"
        try:
            request.settimeout(1.0)
            request.sendall(b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\n"
                            b"Connection: close\r\nRetry-After: 5\r\nContent-Length: "
                            + str(len(body)).encode() + b"\r\n\r\n" + body)
        except OSError:
            pass
        self.shutdown_request(request)

    def watch(self, sock: socket.socket, seconds: float | None) -> None:
        """Close ``sock`` if it is still being read in ``seconds`` (None: stop watching)."""
        with self._count_lock:
            if seconds is None:
                self._deadlines.pop(sock, None)
            else:
                self._deadlines[sock] = time.monotonic() + seconds

    def _watch(self) -> None:
        while True:
            time.sleep(0.2)
            now = time.monotonic()
            with self._count_lock:
                late = [s for s, due in self._deadlines.items() if due < now]
                for s in late:
                    del self._deadlines[s]
            for s in late:
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """One line, not the standard library's traceback."""
        exc = sys.exc_info()[1]
        if exc is not None and not isinstance(exc, ConnectionError | TimeoutError):
            log_line("a connection failed", exc)


class StrictHandler(BaseHTTPRequestHandler):
    """Reads each request whole (`body`) before the route; see the module's rules."""

    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True   # headers and body are two writes: no 40 ms stall
    server: StrictServer
    body: bytes = b""
    sent = False

    def setup(self) -> None:
        super().setup()
        self.connection.settimeout(self.server.request_timeout)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal shows only the address and the codes."""

    def handle_one_request(self) -> None:
        self.server.watch(self.connection, self.server.request_timeout)
        self.sent = False
        super().handle_one_request()

    def parse_request(self) -> bool:
        """The standard head, then the body read whole under the rules above."""
        if not super().parse_request():
            return False
        try:
            self.body = self._read_body()
        except RequestError as exc:
            self.close_connection = True
            self.send_error(exc.status, str(exc))
            return False
        self.server.watch(self.connection, None)     # read in time: the route may be slow
        return True

    def _read_body(self) -> bytes:
        if self.headers.get("Transfer-Encoding") is not None:
            raise RequestError(HTTPStatus.NOT_IMPLEMENTED,
                               "Transfer-Encoding is not accepted: send a Content-Length")
        lengths = self.headers.get_all("Content-Length") or []
        if len(lengths) > 1:
            raise RequestError(HTTPStatus.BAD_REQUEST, "more than one Content-Length")
        text = lengths[0].strip(" \t") if lengths else "0"
        if not _DECIMAL.fullmatch(text):
            raise RequestError(HTTPStatus.BAD_REQUEST,
                               f"Content-Length must be a whole number of bytes, got "
                               f"{text[:20]!r}")
        if int(text) > MAX_BODY:
            raise RequestError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                               f"the body may be at most {MAX_BODY} bytes, got {text}")
        body = self.rfile.read(int(text))
        if len(body) != int(text):
            raise RequestError(HTTPStatus.BAD_REQUEST, "the body ended early")
        return body

    def form(self) -> dict[str, str]:
        """The body as a form (the first value of each field); `RequestError` 400 for more
        than `MAX_FIELDS` fields."""
        try:
            fields = urllib.parse.parse_qs(self.body.decode("utf-8", "replace"),
                                           max_num_fields=MAX_FIELDS)
        except ValueError as exc:
            raise RequestError(HTTPStatus.BAD_REQUEST, f"a form of at most {MAX_FIELDS} "
                               f"fields, please ({exc})") from None
        return {k: v[0] for k, v in fields.items()}

    def cookies(self) -> dict[str, str]:
        """The request's cookies (`parse_cookies`)."""
        return parse_cookies(self.headers.get("Cookie", ""))

    def end_headers(self) -> None:
        self.sent = True
        super().end_headers()

    def failed(self, exc: BaseException, message: str) -> None:
        """Answer 500 (``message``, plain text) after an error in a route, and log it."""
        log_line(f"{self.command} {urllib.parse.urlsplit(self.path).path[:100]}", exc)
        self.close_connection = True
        if self.sent:
            return
        data = message.encode("utf-8")
        self.send_response(HTTPStatus.INTERNAL_SERVER_ERROR)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)
