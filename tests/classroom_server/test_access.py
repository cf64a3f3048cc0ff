"""Who may do what on the class server (`settemezzo.classroom_server.access`): the throttle
on wrong codes, the teacher's sessions, the form tokens and the same-origin check."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from settemezzo.classroom_server import access
from settemezzo.classroom_server.access import TeacherSessions, Throttle, form_token, same_origin


def test_the_throttle_blocks_an_address_past_its_failures_within_the_window() -> None:
    t = Throttle(max_failures=3, window=10.0)
    for now in (0.0, 1.0):
        t.fail("a", now=now)
    assert not t.blocked("a", now=2.0)
    t.fail("a", now=2.0)
    assert t.blocked("a", now=2.5)
    assert not t.blocked("b", now=2.5)  # per address
    assert t.blocked("a", now=9.9)
    assert not t.blocked("a", now=10.5)  # the first failure has left the window


def test_the_window_slides_one_failure_at_a_time() -> None:
    t = Throttle(max_failures=2, window=10.0)
    t.fail("a", now=0.0)
    t.fail("a", now=8.0)
    assert t.blocked("a", now=9.0)
    assert not t.blocked("a", now=10.0)  # the failure at 0 is out; the one at 8 stays
    t.fail("a", now=11.0)
    assert t.blocked("a", now=17.9) and not t.blocked("a", now=18.0)


def test_a_teachers_session_is_valid_until_it_ends() -> None:
    s = TeacherSessions()
    a, b = s.start(), s.start()
    assert a != b and len(a) >= 32
    assert s.valid(a) and s.valid(b) and not s.valid("guess")
    s.end(a)
    assert not s.valid(a) and s.valid(b)
    s.end("never started")  # ending twice, or a stranger's id, is harmless


def test_a_session_past_its_time_is_no_longer_valid(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [1000.0]
    monkeypatch.setattr(access, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    s = TeacherSessions()
    sid = s.start()
    clock[0] += access.SESSION_S - 1
    assert s.valid(sid)
    clock[0] += 2
    assert not s.valid(sid)


def test_the_form_token_depends_on_the_key_the_role_and_the_cookie() -> None:
    key = b"k" * 32
    token = form_token(key, "student", "c1")
    assert token == form_token(key, "student", "c1") and len(token) == 32
    others = {form_token(b"j" * 32, "student", "c1"), form_token(key, "teacher", "c1"),
              form_token(key, "student", "c2")}
    assert token not in others and len(others) == 3


@pytest.mark.parametrize(("origin", "referer", "ok"), [
    ("http://127.0.0.1:8867", "", True),
    ("http://127.0.0.1:8867", "http://evil.example/", True),  # the Origin decides
    ("http://127.0.0.1:9999", "", False),  # another port of the same host
    ("https://127.0.0.1:8867", "", False),
    ("null", "", False),
    ("", "http://127.0.0.1:8867/class?x=1", True),
    ("", "http://127.0.0.1:8867.evil.example/", False),
    ("", "https://127.0.0.1:8867/", False),
    ("", "", False),  # neither: refused
])
def test_same_origin_names_the_server_itself(origin: str, referer: str, ok: bool) -> None:
    assert same_origin(origin, referer, "127.0.0.1:8867") is ok
