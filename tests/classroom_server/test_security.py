"""The hostile classmate: each finding of a curious student tried against the class server.

Every attack runs on loopback against a server in a thread of this process, bounded in count
(a few dozen requests at most) and in time (every socket has a timeout of a few seconds). Each
test asserts the server's defence: who may act as whom, what a name can do to the teacher's
exports, what the HTTP layer accepts, the teacher's credential, cross-site requests and the
time taken.
"""

from __future__ import annotations

import csv
import io
import os
import re
import socket
import sqlite3
import stat
import threading
import time
from pathlib import Path

import pytest

from bench.bench_classroom import Client
from settemezzo.classroom_server.server import ClassServer, make_server

TIMEOUT_S = 5.0


def _port(server: ClassServer) -> int:
    return int(server.server_address[1])


def _code(server: ClassServer) -> str:
    return server.room.store.class_code


def _teacher_code(server: ClassServer) -> str:
    return str(getattr(server, "teacher_code", None) or server.room.store.teacher_code)


def _dropped(s: socket.socket) -> bool:
    """True once the server has closed the connection (or answered 408 and closed)."""
    s.settimeout(3.0)
    try:
        data = s.recv(65536)
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return data == b"" or data.startswith(b"HTTP/1.1 408")


def _teacher(server: ClassServer) -> Client:
    t = Client(_port(server))
    status, page = t.request("POST", "/teacher", {"code": _teacher_code(server)})
    assert status == 200 and 'id="summary"' in page
    return t


def _raw(port: int, data: bytes, wait: float = TIMEOUT_S) -> bytes:
    """Send raw bytes on a fresh connection; everything the server sends back in ``wait``
    seconds (or until it closes)."""
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as s:
        s.sendall(data)
        out = b""
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                chunk = s.recv(65536)
            except (TimeoutError, ConnectionResetError):
                break
            if not chunk:
                break
            out += chunk
        return out


def _statuses(reply: bytes) -> list[int]:
    return [int(m) for m in re.findall(rb"^HTTP/1\.[01] (\d{3})", reply, re.M)]


def _join(server: ClassServer, name: str, personal: str = "") -> tuple[Client, int, str]:
    c = Client(_port(server))
    form = {"code": _code(server), "name": name}
    if personal:
        form["personal"] = personal
    status, page = c.request("POST", "/join", form)
    return c, status, page


# -- identity ---------------------------------------------------------------------------------
def test_a_classmate_cannot_answer_as_another_student(served: ClassServer) -> None:
    ada, status, page = _join(served, "Ada")
    assert status == 200 and "Hello, Ada" in page
    shown = re.search(r'id="personal_code"[^>]*>.*?<b>(\w+)</b>', page)
    assert shown is not None, "the personal code is shown once, on the page"
    assert "personal_code" not in ada.request("GET", "/play")[1]      # once only
    for name in ("Ada", " ada ", "ADA"):
        thief, status, page = _join(served, name)
        assert status == 400 and "Hello" not in page and "sm_student" not in thief.cookies
        assert "personal code" in page
    _, status, page = _join(served, "Ada", "WRONG")
    assert status == 400 and "Hello" not in page
    status, page = _join(served, "Ada", shown.group(1).lower())[1:]   # Ada, new browser
    assert status == 200 and "Hello, Ada" in page
    assert len(served.room.store.students()) == 1


@pytest.mark.parametrize("name", ["\u0410da", "Ad\u0430", "A\u200bda", "\u3164", "\u2800",
                                  "\u115f\u1160", "\u202eadA", "x" * 31])
def test_look_alike_invisible_and_long_names_are_refused(served: ClassServer,
                                                         name: str) -> None:
    assert _join(served, "Ada")[1] == 200
    _, status, page = _join(served, name)
    assert status == 400 and 'id="error"' in page and "Hello" not in page
    assert [s.name for s in served.room.store.students()] == ["Ada"]


def test_the_teacher_renames_releases_and_removes_students(served: ClassServer) -> None:
    _join(served, "Ada")
    bo = _join(served, "Bo")[0]
    teacher = _teacher(served)
    assert 'id="manage"' in teacher.request("GET", "/teacher")[1]
    page = teacher.request("GET", "/teacher/students")[1]
    assert 'id="students"' in page and "Ada" in page and "Bo" in page
    assert Client(_port(served)).request("GET", "/teacher/students")[0] == 403
    ids = {s.name: s.id for s in served.room.store.students()}
    teacher.request("POST", "/teacher/student", {"student": str(ids["Ada"]),
                                                 "action": "rename", "name": "Ada L."})
    teacher.request("POST", "/teacher/student", {"student": str(ids["Ada"]),
                                                 "action": "release"})
    status, page = _join(served, "Ada L.")[1:]     # released: the name is free again
    assert status == 200 and "Hello, Ada L." in page
    teacher.request("POST", "/teacher/student", {"student": str(ids["Bo"]), "action": "remove"})
    assert [s.name for s in served.room.store.students()] == ["Ada L."]
    assert bo.request("GET", "/play")[1].count('id="join"') == 1     # Bo is out


# -- exports ----------------------------------------------------------------------------------
HOSTILE = ["=1+2", "+SUM(A1)", "-2+3", "@cmd", "=HYPERLINK(\"http://x\")", "$\\foo$",
           "$x^2$", "a $ b", "\\frac{1}{2}", "سارة", "עדה", "<b>Ada</b>", "<script>x</script>",
           "Bo'); DROP TABLE students;--", "' OR 1=1 --", "Chloé", "Zoë", "李雷", "Ōta",
           "tab\tname", "%s%n", "{name}", "Ada", "Bo", "Émile", "O'Neil", "Ünal", "Ιωάννα",
           "Мария", "名前"]
REFUSED = ["\u0410da", "B\u043e", "A\u200bda", "\u202eevil", "\u3164", "\u2800", "", "x" * 31,
           "ada"]


def test_a_class_of_hostile_names_gets_a_dashboard_csv_and_pdf(served: ClassServer,
                                                               tmp_path: Path) -> None:
    from settemezzo.classroom_server.report import write_report

    joined = []
    for name in HOSTILE:
        kid, status, page = _join(served, name)
        assert status == 200, (name, page[-300:])
        hand = re.search(r'name="hand" value="(\d+)"', page)
        assert hand is not None
        kid.click("/answer", {"hand": hand.group(1), "choice": "hit"})
        joined.append(kid)
    for name in REFUSED:
        status, page = _join(served, name)[1:]
        assert status == 400 and 'id="error"' in page, name
    assert len(served.room.store.students()) == len(HOSTILE) == 30
    teacher = _teacher(served)
    status, page = teacher.request("GET", "/teacher")
    assert status == 200 and "<script>x</script>" not in page and "&lt;script&gt;" in page
    status, pdf = teacher.request("GET", "/teacher/summary.pdf")
    assert status == 200 and pdf.startswith("%PDF")
    for path in ("/teacher/scoreboard.csv", "/teacher/answers.csv"):
        status, text = teacher.request("GET", path)
        assert status == 200
        for row in list(csv.reader(io.StringIO(text)))[1:]:
            assert row[0][:1] not in ("=", "+", "-", "@", "\t", "\r"), row
        names = {row[0] for row in list(csv.reader(io.StringIO(text)))[1:]}
        assert "'=1+2" in names and "'@cmd" in names and "$\\foo$" in names
    assert write_report(served.room.store, tmp_path / "x.pdf").read_bytes()[:4] == b"%PDF"
    from settemezzo.cli import main  # and as the teacher runs it

    out = tmp_path / "class.pdf"
    assert main(["class-report", "--db", served.room.store.path, "--out", str(out)]) == 0
    assert out.read_bytes()[:4] == b"%PDF"


# -- the HTTP layer ---------------------------------------------------------------------------
def _post(path: str, body: bytes, *headers: str) -> bytes:
    head = "".join(f"{h}\r\n" for h in headers)
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{head}\r\n").encode() + body


def test_a_negative_content_length_is_refused_at_once(served: ClassServer) -> None:
    reply = _raw(_port(served), _post("/join", b"x" * 1000, "Content-Length: -1"))
    assert _statuses(reply) == [400]


@pytest.mark.parametrize("length", ["abc", "1" * 5000, "\u00b2", "1e3", "+5", "0x10", "-0"])
def test_a_content_length_that_is_not_a_small_decimal_is_refused(served: ClassServer,
                                                                 length: str) -> None:
    reply = _raw(_port(served), _post("/join", b"code=x", f"Content-Length: {length}"))
    assert _statuses(reply) in ([400], [413]) and b"Traceback" not in reply


def test_a_body_too_large_and_chunked_bodies_are_refused(served: ClassServer) -> None:
    assert _statuses(_raw(_port(served), _post("/join", b"", "Content-Length: 10001"))) == [413]
    reply = _raw(_port(served), _post("/join", b"5\r\ncode=\r\n0\r\n\r\n",
                                      "Transfer-Encoding: chunked"))
    assert _statuses(reply) in ([400], [411], [501])


def test_an_unread_body_is_not_run_as_the_next_request(served: ClassServer) -> None:
    smuggled = b"POST /teacher/reset HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n"
    reply = _raw(_port(served), _post("/next", smuggled, f"Content-Length: {len(smuggled)}"),
                 wait=2.0)
    assert len(_statuses(reply)) == 1, reply


@pytest.mark.parametrize("field, value", [("hand", "\u00b2"), ("hand", "9" * 5000),
                                          ("hand", "-1"), ("hand", "١")])
def test_form_fields_are_validated_with_a_400_naming_them(served: ClassServer, field: str,
                                                         value: str) -> None:
    kid = _join(served, "Ada")[0]
    status, page = kid.request("POST", "/answer", {"choice": "hit", field: value})
    assert status == 400 and field in page
    status, page = kid.request("POST", "/table", {"action": "stake", "seq": value})
    assert status == 400 and "seq" in page
    assert served.room.store.answers() == []


def test_a_cookie_set_by_another_app_breaks_nothing(served: ClassServer,
                                                    capfd: pytest.CaptureFixture[str]) -> None:
    kid = _join(served, "Ada")[0]
    kid.cookies["a/b"] = "1"
    kid.cookies["x"] = '"unterminated'
    status, page = kid.request("GET", "/play")
    assert status == 200 and "Hello, Ada" in page
    status, page = Client(_port(served)).request("GET", "/")   # a fresh browser
    reply = _raw(_port(served), b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: a/b=1; ;;=;"
                 b"\xff\xfe=\x00\r\nConnection: close\r\n\r\n")   # no 5 s wait for the end
    assert _statuses(reply) == [200]
    assert "Traceback" not in capfd.readouterr().err


def test_an_error_answers_500_in_one_line(served: ClassServer,
                                          capfd: pytest.CaptureFixture[str]) -> None:
    def broken(_handler: object) -> None:
        raise RuntimeError("boom")

    from settemezzo.classroom_server import server as mod

    mod._GET["/broken"] = ("open", broken)
    try:
        reply = _raw(_port(served), b"GET /broken HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    finally:
        del mod._GET["/broken"]
    assert _statuses(reply) == [500] and b"boom" not in reply
    err = capfd.readouterr().err
    assert "Traceback" not in err and len([x for x in err.splitlines() if "boom" in x]) == 1


def test_slow_clients_are_dropped_and_connections_are_bounded(served: ClassServer) -> None:
    served.request_timeout = 1.0
    served.max_connections = 8
    slow = [socket.create_connection(("127.0.0.1", _port(served)), timeout=TIMEOUT_S)
            for _ in range(8)]
    try:
        for s in slow:
            s.sendall(b"GET / HT")                     # and then nothing
        extra = _raw(_port(served), b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n", wait=2.0)
        assert _statuses(extra) == [503]
        assert all(_dropped(s) for s in slow)          # the server closes each slow one
    finally:
        for s in slow:
            s.close()
    time.sleep(0.2)
    assert _statuses(_raw(_port(served), b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")) == [200]


def test_a_trickling_client_is_dropped_after_the_request_time(served: ClassServer) -> None:
    served.request_timeout = 1.0
    with socket.create_connection(("127.0.0.1", _port(served)), timeout=TIMEOUT_S) as s:
        t0 = time.monotonic()
        for byte in b"GET / HTTP/1.1\r\nX-Slow: " + b"a" * 40:   # a byte every 0.1 s
            if time.monotonic() - t0 > 3.0:
                break
            try:
                s.sendall(bytes([byte]))
            except OSError:
                break
            time.sleep(0.1)
        assert _dropped(s) and time.monotonic() - t0 < 6.5


# -- the teacher's credential -----------------------------------------------------------------
def test_the_teacher_cookie_is_a_session_with_a_logout(served: ClassServer) -> None:
    teacher = _teacher(served)
    cookie = teacher.cookies["sm_teacher"]
    assert _teacher_code(served).upper() not in cookie.upper() and len(cookie) >= 32
    assert teacher.request("GET", "/teacher/summary.json")[0] == 200
    teacher.request("POST", "/teacher/logout", {})
    stale = Client(_port(served))
    stale.cookies["sm_teacher"] = cookie
    assert stale.request("GET", "/teacher/summary.json")[0] == 403
    forged = Client(_port(served))
    forged.cookies["sm_teacher"] = _teacher_code(served)
    assert forged.request("GET", "/teacher/summary.json")[0] == 403


def test_the_database_is_private_and_holds_no_code_in_clear(served: ClassServer) -> None:
    page = _join(served, "Ada")[2]
    personal = re.search(r'id="personal_code"[^>]*>.*?<b>(\w+)</b>', page)
    assert personal is not None
    path = Path(served.room.store.path)
    assert stat.S_IMODE(os.stat(path).st_mode) & 0o077 == 0
    served.room.store.set_setting("probe", "1")            # the WAL file exists now
    for extra in (Path(f"{path}-wal"), Path(f"{path}-shm")):
        if extra.exists():
            assert stat.S_IMODE(os.stat(extra).st_mode) & 0o077 == 0
    with sqlite3.connect(path) as raw:
        dump = "\n".join(raw.iterdump())
    assert _teacher_code(served) not in dump and personal.group(1) not in dump


def test_wrong_codes_are_throttled_per_address(served: ClassServer) -> None:
    guesser = Client(_port(served))
    statuses = [guesser.request("POST", "/teacher", {"code": f"GUESS{i:03d}"})[0]
                for i in range(15)]
    assert statuses[0] == 403 and statuses[-1] == 429
    assert guesser.request("POST", "/teacher", {"code": _teacher_code(served)})[0] == 429
    statuses = [Client(_port(served)).request("POST", "/join", {"code": f"N{i}", "name": "X"})[0]
                for i in range(3)]
    assert statuses == [429] * 3


def test_the_number_of_students_is_bounded(tmp_path: Path) -> None:
    server = make_server(tmp_path / "c.db", seed=3, hands=3, max_students=2)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        assert [_join(server, n)[1] for n in ("Ada", "Bo")] == [200, 200]
        _, status, page = _join(server, "Cy")
        assert status == 400 and 'id="error"' in page and "2" in page
    finally:
        server.shutdown()
        server.server_close()
        server.room.store.close()


# -- cross-site requests ----------------------------------------------------------------------
def test_a_post_from_another_origin_is_refused(served: ClassServer) -> None:
    kid = _join(served, "Ada")[0]
    teacher = _teacher(served)
    other = "http://127.0.0.1:1"
    for client, path, form in ((kid, "/answer", {"hand": "1", "choice": "hit"}),
                               (teacher, "/teacher/new-round", {}),
                               (teacher, "/teacher/reset", {"confirm": "yes"})):
        status, _ = client.request("POST", path, form, origin=other)
        assert status == 403, path
        status, _ = client.request("POST", path, form, origin="", referer=f"{other}/x")
        assert status == 403, path
    assert served.room.store.answers() == [] and served.room.store.round == 1
    assert len(served.room.store.students()) == 1


def test_a_post_without_the_form_token_is_refused(served: ClassServer) -> None:
    kid = _join(served, "Ada")[0]
    teacher = _teacher(served)
    for client, path, form in ((kid, "/answer", {"hand": "1", "choice": "hit"}),
                               (teacher, "/teacher/new-round", {}),
                               (teacher, "/teacher/reset", {"confirm": "yes"})):
        assert client.request("POST", path, {**form, "csrf": "forged"})[0] == 403, path
    assert served.room.store.answers() == [] and served.room.store.round == 1


# -- the time taken -----------------------------------------------------------------------------
def test_the_time_taken_is_measured_by_the_server(served: ClassServer) -> None:
    kid, _, page = _join(served, "Ada")
    hand = re.search(r'name="hand" value="(\d+)"', page)
    assert hand is not None
    time.sleep(0.3)
    kid.click("/answer", {"hand": hand.group(1), "choice": "hit", "shown": "0"})   # forged
    kid.click("/next", {})
    hand = re.search(r'name="hand" value="(\d+)"', kid.request("GET", "/play")[1])
    assert hand is not None
    kid.click("/answer", {"hand": hand.group(1), "choice": "hit",
                          "shown": f"{time.time() + 100:.3f}"})
    first, second = (a.seconds for a in served.room.store.answers())
    assert 0.3 <= first < 5.0 and 0.0 <= second < 5.0
