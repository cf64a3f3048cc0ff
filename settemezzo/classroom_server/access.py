"""Who may do what on the class server: the teacher's sessions, the form tokens, the check that
a form comes from the server's own pages, and the throttle on wrong codes.

- The teacher's browser holds a random session id (`TeacherSessions`), never the teacher
  code; logging out ends the session on the server.
- Every form of a signed-in student or teacher carries a token (`form_token`), an HMAC of
  their cookie under the class's secret key: a page of another site (or of another port of
  the same host, which SameSite cookies do not tell apart) cannot know it.
- Every POST must name the server itself as its ``Origin`` (or, without one, its
  ``Referer``): `same_origin`.
- Wrong codes are counted per address: past `MAX_FAILURES` in `WINDOW_S` seconds, that
  address gets 429 until the window has passed (`Throttle`).

>>> t = Throttle(max_failures=2, window=60.0)
>>> t.fail("10.0.0.7", now=0.0); t.blocked("10.0.0.7", now=1.0)
False
>>> t.fail("10.0.0.7", now=2.0); t.blocked("10.0.0.7", now=3.0), t.blocked("10.0.0.7", 62.5)
(True, False)
>>> same_origin("http://127.0.0.1:8867", "", "127.0.0.1:8867")
True
>>> same_origin("http://127.0.0.1:9999", "", "127.0.0.1:8867")
False
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
import urllib.parse
from collections import deque

__all__ = ["MAX_FAILURES", "SESSION_S", "WINDOW_S", "TeacherSessions", "Throttle",
           "form_token", "same_origin"]

MAX_FAILURES = 10
"""Wrong codes one address may send in `WINDOW_S` seconds (a student mistyping is far
below; a script guessing about 900 a second is stopped at once)."""

WINDOW_S = 60.0

SESSION_S = 12 * 3600.0
"""How long a teacher's session lasts: a school day."""

_MAX_SESSIONS = 50
_MAX_ADDRESSES = 10_000


class Throttle:
    """Wrong codes per address in a sliding window; thread-safe."""

    def __init__(self, max_failures: int = MAX_FAILURES, window: float = WINDOW_S) -> None:
        self.max_failures = max_failures
        self.window = window
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, address: str, now: float) -> deque[float]:
        times = self._failures.setdefault(address, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        return times

    def blocked(self, address: str, now: float | None = None) -> bool:
        """True while ``address`` has sent too many wrong codes."""
        with self._lock:
            return len(self._recent(address, time.monotonic() if now is None else now)) \
                >= self.max_failures

    def fail(self, address: str, now: float | None = None) -> None:
        """Count one wrong code from ``address``."""
        with self._lock:
            if len(self._failures) > _MAX_ADDRESSES:
                self._failures.clear()
            self._recent(address, time.monotonic() if now is None else now).append(
                time.monotonic() if now is None else now)


class TeacherSessions:
    """The teacher's signed-in browsers: random ids, each valid for `SESSION_S` seconds."""

    def __init__(self) -> None:
        self._until: dict[str, float] = {}
        self._lock = threading.Lock()

    def start(self) -> str:
        """A new session id (the oldest session ends past `_MAX_SESSIONS`)."""
        sid = secrets.token_urlsafe(32)
        with self._lock:
            if len(self._until) >= _MAX_SESSIONS:
                del self._until[min(self._until, key=self._until.__getitem__)]
            self._until[sid] = time.monotonic() + SESSION_S
        return sid

    def valid(self, sid: str) -> bool:
        """True if ``sid`` is a session that has not ended."""
        with self._lock:
            until = self._until.get(sid)
            if until is not None and until < time.monotonic():
                del self._until[sid]
                until = None
        return until is not None

    def end(self, sid: str) -> None:
        """Log out."""
        with self._lock:
            self._until.pop(sid, None)


def form_token(key: bytes, who: str, cookie: str) -> str:
    """The token the forms of ``who`` ("student" or "teacher") holding ``cookie`` carry."""
    return hmac.new(key, f"{who}:{cookie}".encode(), hashlib.sha256).hexdigest()[:32]


def same_origin(origin: str, referer: str, host: str) -> bool:
    """True if the request's ``Origin`` (else its ``Referer``) is ``http://`` + the ``Host``
    it was sent to; False when neither is given."""
    if origin:
        return origin == f"http://{host}"
    if referer:
        parts = urllib.parse.urlsplit(referer)
        return parts.scheme == "http" and parts.netloc == host
    return False
