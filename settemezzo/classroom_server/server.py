"""The class's web server: one process, the standard library's threaded HTTP server made strict
(`settemezzo.classroom_server.httpio`).

Students open the printed address on their own devices, type the class code and a name, and
answer with plain HTML forms (no script runs on any page, and nothing a visitor sends is ever
run). A new student gets a personal code, shown once, that joining again with the same name
asks for. The teacher opens ``/teacher`` and types the teacher code, made anew at every start
and printed on its own line; the browser then holds a session id, not the code
(`settemezzo.classroom_server.access`). Every POST must come from the server's own pages
(its Origin, and a form token), and wrong codes are throttled per address. The exact tables
are solved once, when the server starts, and shared by every student; every answer is
committed to the SQLite file before the verdict is shown.

Why not Voilà or Solara, and why not a server library: ``bench/classroom.md``.
"""

from __future__ import annotations

import signal
import socket
import sys
import threading
import urllib.parse
from collections.abc import Callable
from http import HTTPStatus
from pathlib import Path
from types import FrameType
from typing import IO, Any

from settemezzo.classroom_server import pages
from settemezzo.classroom_server.access import (
    TeacherSessions,
    Throttle,
    form_token,
    same_origin,
)
from settemezzo.classroom_server.httpio import (
    RequestError,
    StrictHandler,
    StrictServer,
    whole,
)
from settemezzo.classroom_server.names import BadNameError
from settemezzo.classroom_server.report import (
    answers_csv,
    load_summary,
    pdf_bytes,
    scoreboard_csv,
)
from settemezzo.classroom_server.service import BadCodeError, Classroom
from settemezzo.classroom_server.store import ClassFullError
from settemezzo.classroom_server.summary import class_summary
from settemezzo.classroom_server.table import ClassTables, TableOptions
from settemezzo.errors import InputError, SettemezzoError
from settemezzo.fileio import json_text
from settemezzo.i18n import LANGUAGES, check_lang, rules_json, t
from settemezzo.simulate.tablegame import ACTIONS

__all__ = ["ClassServer", "lan_address", "make_server", "serve"]

_CSP = ("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; "
        "frame-ancestors 'none'")
_COOKIE = "Path=/; HttpOnly; SameSite=Strict"
MAX_SEQ = 100_000
"""The most moves a student's page may number (a round has a few hundred at most)."""


def lan_address() -> str:
    """This machine's address on its local network (127.0.0.1 if it has none)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))      # a documentation address: nothing is sent
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


class ClassServer(StrictServer):
    """The HTTP server holding the `Classroom`, the default language, the public URL, the
    teacher code of this start (shown once, kept only hashed) and the teacher's sessions."""

    def __init__(self, address: tuple[str, int], room: Classroom, lang: str) -> None:
        super().__init__(address, Handler)
        self.room = room
        self.tables = ClassTables(room)
        threading.Thread(target=self.tables.warm, daemon=True).start()
        self.lang = lang
        host = address[0] if address[0] not in ("", "0.0.0.0") else lan_address()
        self.url = f"http://{host}:{self.server_address[1]}"
        self.teacher_code = room.store.new_teacher_code()
        self.sessions = TeacherSessions()
        self.throttle = Throttle()
        self.fresh: dict[int, str] = {}      # personal codes not yet shown, by student id
        self.key = room.store.form_key

    def server_close(self) -> None:
        """Close the socket, then stop the tables' clock and judge."""
        super().server_close()
        self.tables.close()


class Handler(StrictHandler):
    """One request: a route of `_GET` or `_POST`, after the checks of its access level."""

    server: ClassServer

    # -- plumbing ------------------------------------------------------------------------------
    def _lang(self) -> tuple[str, bool]:
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
        asked = query.get("lang", [""])[0]
        if asked in LANGUAGES:
            return asked, True
        kept = self.cookies().get("sm_lang", "")
        return (kept if kept in LANGUAGES else self.server.lang), False

    def _send(self, status: int, body: bytes | str, ctype: str = "text/html; charset=utf-8",
              cookies: tuple[str, ...] = (), location: str | None = None) -> None:
        data = body.encode("utf-8") if isinstance(body, str) else body
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Security-Policy", _CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "same-origin")
        lang, asked = self._lang()
        for c in (*cookies, *((f"sm_lang={lang}",) if asked else ())):
            self.send_header("Set-Cookie", f"{c}; {_COOKIE}")
        if location:
            self.send_header("Location", location)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)

    def _plain(self, status: int, message: str) -> None:
        self._send(status, message, "text/plain; charset=utf-8")

    def _redirect(self, to: str, cookies: tuple[str, ...] = ()) -> None:
        self._send(HTTPStatus.SEE_OTHER, b"", "text/plain", cookies, to)

    def _route(self, table: dict[str, tuple[str, Callable[[Handler], None]]]) -> None:
        path = urllib.parse.urlsplit(self.path).path
        entry = table.get(path)
        try:
            if entry is None:
                self._plain(HTTPStatus.NOT_FOUND, "not found")
            elif self._allowed(entry[0]):
                entry[1](self)
        except RequestError as exc:
            self._plain(exc.status, str(exc))
        except Exception as exc:
            self.failed(exc, t("class.server_error", self._lang()[0]))

    def do_GET(self) -> None:
        self._route(_GET)

    def do_POST(self) -> None:
        self._route(_POST)

    def _allowed(self, access: str) -> bool:
        """The checks of a POST: its origin, the throttle, the form token of its session."""
        if self.command != "POST":
            return True
        lang = self._lang()[0]
        if not same_origin(self.headers.get("Origin", ""), self.headers.get("Referer", ""),
                           self.headers.get("Host", "")):
            self._plain(HTTPStatus.FORBIDDEN, t("class.cross_site", lang))
            return False
        if access == "open" and self.server.throttle.blocked(self.client_address[0]):
            self._plain(HTTPStatus.TOO_MANY_REQUESTS, t("class.too_many", lang))
            return False
        cookie = self._token() if access == "student" else self._session()
        if access != "open" and self.form().get("csrf") != self._form_token(access, cookie):
            self._plain(HTTPStatus.FORBIDDEN, t("class.cross_site", lang))
            return False
        return True

    def _form_token(self, who: str, cookie: str) -> str:
        return form_token(self.server.key, who, cookie)

    # -- who is asking -------------------------------------------------------------------------
    def _token(self) -> str:
        return self.cookies().get("sm_student", "")

    def _session(self) -> str:
        return self.cookies().get("sm_teacher", "")

    def _teacher(self) -> bool:
        return self.server.sessions.valid(self._session())

    def _wrong_code(self) -> None:
        self.server.throttle.fail(self.client_address[0])

    # -- students ------------------------------------------------------------------------------
    def home(self) -> None:
        if self.server.room.store.student(self._token()) is not None:
            self._redirect("/play")
        else:
            self._send(HTTPStatus.OK, pages.join_page(self._lang()[0]))

    def join(self) -> None:
        form, lang = self.form(), self._lang()[0]
        code, name, personal = form.get("code", ""), form.get("name", ""), form.get("personal",
                                                                                    "")
        try:
            student = self.server.room.join(code, name, personal)
        except (BadCodeError, BadNameError, ClassFullError) as exc:
            if isinstance(exc, BadCodeError) or (personal and isinstance(exc, BadNameError)
                                                 and exc.reason == "taken"):
                self._wrong_code()
            self._send(HTTPStatus.BAD_REQUEST, pages.join_page(
                lang, _join_error(exc, name, lang, self.server.room.max_students), code, name))
            return
        if student.code:
            self.server.fresh[student.id] = student.code
        self._redirect("/play", (f"sm_student={student.token}",))

    def play(self) -> None:
        view = self.server.room.student_view(self._token())
        if view is None:
            self._redirect("/")
            return
        fresh = self.server.fresh.pop(view.student.id, "")
        self._send(HTTPStatus.OK, pages.student_page(
            view, self._lang()[0], self._form_token("student", self._token()), fresh))

    def answer(self) -> None:
        form = self.form()
        choice = form.get("choice", "")
        if not choice or len(choice) > 16:  # the trainer names the answers a hand allows
            raise RequestError(HTTPStatus.BAD_REQUEST,
                               f"field 'choice' must be an answer of the hand, got {choice!r}")
        hand = whole(form, "hand", 1, 1000)
        try:
            self.server.room.answer(self._token(), choice, hand)
        except InputError as exc:  # not an answer this hand offers
            raise RequestError(HTTPStatus.BAD_REQUEST, str(exc)) from None
        self._redirect("/play")

    def next_hand(self) -> None:
        self.server.room.next_hand(self._token())
        self._redirect("/play")

    # -- the tables -----------------------------------------------------------------------------
    def table(self) -> None:
        token = self._token()
        student = self.server.room.store.student(token)
        if student is None:
            self._redirect("/")
            return
        lang, csrf = self._lang()[0], self._form_token("student", token)
        screen = self.server.tables.screen(token)
        if screen is None:
            self._send(HTTPStatus.OK, pages.tables_page(self.server.tables.rows(), student.id,
                                                        lang, csrf))
        else:
            self._send(HTTPStatus.OK, pages.table_page(screen, student.name, lang, csrf))

    def table_move(self) -> None:
        form = self.form()
        seq = whole(form, "seq", 0, MAX_SEQ)
        amount = whole(form, "amount", 0, 10**6) if form.get("amount") else None
        action = form.get("action", "")
        if action not in (*ACTIONS, "new_game"):
            raise RequestError(HTTPStatus.BAD_REQUEST,
                               f"field 'action' must be one of {', '.join(ACTIONS)}, new_game")
        self.server.tables.act(self._token(), action, seq, amount)
        self._redirect("/table")

    def table_sit(self) -> None:
        self.server.tables.sit(self._token(), whole(self.form(), "table", 1, 10**9))
        self._redirect("/table")

    def table_own(self) -> None:
        self.server.tables.own_table(self._token())
        self._redirect("/table")

    def table_leave(self) -> None:
        self.server.tables.leave(self._token())
        self._redirect("/table")

    # -- the teacher ---------------------------------------------------------------------------
    def teacher(self) -> None:
        lang = self._lang()[0]
        if not self._teacher():
            self._send(HTTPStatus.OK, pages.teacher_login_page(lang))
            return
        store, room = self.server.room.store, self.server.room
        summary = load_summary(store)
        summary["students"] = len(store.students())
        trainer = class_summary(store.answers(store.round, "trainer"), store.round, store.seed)
        tables = [s for s in (self.server.tables.table_screen(r.id)
                              for r in self.server.tables.rows()) if s is not None]
        self._send(HTTPStatus.OK, pages.dashboard_page(
            summary, store.answers(store.round), lang, self.server.url, store.class_code,
            self._form_token("teacher", self._session()), tables, _rule_sets(lang),
            room.against, trainer))

    def open_table(self) -> None:
        form = self.form()
        try:
            options = TableOptions(
                seats=whole(form, "seats", 2, 8), rules=form.get("rules", ""),
                fresh_deck=form.get("fresh_deck") == "yes",
                timeout=whole(form, "timeout", 0, 3600),
                feedback=form.get("feedback", "now"),
                tolerance=_decimal(form, "tolerance"), hands=whole(form, "hands", 0, 100))
        except SettemezzoError as exc:
            raise RequestError(HTTPStatus.BAD_REQUEST, str(exc)) from None
        self.server.tables.open_table(options)
        self._redirect("/teacher")

    def reset_form(self) -> None:
        self._send(HTTPStatus.OK, pages.reset_page(
            self._lang()[0], self._form_token("teacher", self._session())))

    def teacher_login(self) -> None:
        code = self.form().get("code", "")
        if self.server.room.check_teacher(code):
            sid = self.server.sessions.start()
            self._redirect("/teacher", (f"sm_teacher={sid}",))
        else:
            self._wrong_code()
            lang = self._lang()[0]
            self._send(HTTPStatus.FORBIDDEN,
                       pages.teacher_login_page(lang, t("class.bad_teacher", lang)))

    def logout(self) -> None:
        self.server.sessions.end(self._session())
        self._redirect("/teacher", ("sm_teacher=; Max-Age=0",))

    def students(self) -> None:
        store = self.server.room.store
        self._send(HTTPStatus.OK, pages.students_page(
            store.students(), self._lang()[0], self._form_token("teacher", self._session())))

    def student_action(self) -> None:
        form = self.form()
        sid = whole(form, "student", 1, 10**9)
        action = form.get("action", "")
        if action not in ("rename", "release", "remove"):
            raise RequestError(HTTPStatus.BAD_REQUEST,
                               "field 'action' must be rename, release or remove")
        try:
            _change_student(self.server, sid, action, form.get("name", ""))
        except BadNameError as exc:
            lang = self._lang()[0]
            self._send(HTTPStatus.BAD_REQUEST, pages.students_page(
                self.server.room.store.students(), lang,
                self._form_token("teacher", self._session()),
                _join_error(exc, form.get("name", ""), lang, 0)))
            return
        self._redirect("/teacher/students")

    def export(self) -> None:
        store = self.server.room.store
        path = urllib.parse.urlsplit(self.path).path
        summary = load_summary(store)
        if path.endswith(".json"):
            self._send(HTTPStatus.OK, json_text(summary, rules_json(
                self.server.room.rules, self._lang()[0])), "application/json")
        elif path.endswith("answers.csv"):
            self._send(HTTPStatus.OK, answers_csv(store.answers()), "text/csv; charset=utf-8")
        elif path.endswith(".csv"):
            self._send(HTTPStatus.OK, scoreboard_csv(summary), "text/csv; charset=utf-8")
        else:
            self._send(HTTPStatus.OK, pdf_bytes(store.answers(store.round), summary,
                                                self._lang()[0]), "application/pdf")

    def new_round(self) -> None:
        self.server.room.new_round()
        self.server.tables.clear()
        self._redirect("/teacher")

    def reset(self) -> None:
        if self.form().get("confirm") != "yes":
            self._send(HTTPStatus.OK, pages.reset_page(
                self._lang()[0], self._form_token("teacher", self._session()), refused=True))
            return
        self.server.room.reset()
        self.server.tables.clear()
        self._redirect("/teacher")

    def health(self) -> None:
        state = {"ok": True, "round": self.server.room.store.round,
                 "table_ready": self.server.tables.ready.is_set()}
        self._send(HTTPStatus.OK, json_text(state), "application/json")


def _join_error(exc: Exception, name: str, lang: str, limit: int) -> str:
    """The words for a refused join or name."""
    if isinstance(exc, BadCodeError):
        return t("class.bad_code", lang)
    if isinstance(exc, ClassFullError):
        return t("class.full", lang, n=limit)
    reason = getattr(exc, "reason", "length")
    if reason == "taken":
        return t("class.name_taken", lang, name=" ".join(name.split()))
    return t("class.name_invisible", lang) if reason == "invisible" else \
        t("class.bad_name", lang)


def _rule_sets(lang: str) -> list[tuple[str, str]]:
    """The rule sets a teacher may give a table: (spec, name in ``lang``), the usual ones
    first, then every other rule set shipped solved (the burn, the swap...: a table of
    them opens at once)."""
    from settemezzo.precomputed import catalogue
    from settemezzo.teaching.explain import rules_name
    from settemezzo.teaching.lookup import rule_choices

    usual = [r for _, r in rule_choices()]
    return [(r.spec(), rules_name(r, lang)) for r in
            [*usual, *(r for r in catalogue() if r not in usual)]]


def _decimal(form: dict[str, str], name: str) -> float:
    """A form field holding a decimal number from 0 to 1 (a comma is a decimal point)."""
    text = form.get(name, "").strip().replace(",", ".")
    try:
        value = float(text)
    except ValueError:
        raise RequestError(HTTPStatus.BAD_REQUEST,
                           f"field {name!r} must be a number from 0 to 1, got {text[:20]!r}") \
            from None
    if not 0 <= value <= 1:
        raise RequestError(HTTPStatus.BAD_REQUEST,
                           f"field {name!r} must be a number from 0 to 1, got {text[:20]!r}")
    return value


def _change_student(server: ClassServer, sid: int, action: str, name: str) -> None:
    store = server.room.store
    if action == "rename":
        store.rename(sid, name)
    elif action == "release":
        store.release(sid)
    else:
        store.remove(sid)
    server.room.forget(sid)
    server.tables.forget(sid)


def _teacher_only(route: Callable[[Handler], None]) -> Callable[[Handler], None]:
    """A teacher's route: 403 without a teacher's session."""
    def guarded(handler: Handler) -> None:
        if handler._teacher():
            route(handler)
        else:
            handler._plain(HTTPStatus.FORBIDDEN, "teacher code needed")
    return guarded


_Route = tuple[str, Callable[[Handler], None]]
_GET: dict[str, _Route] = {
    "/": ("open", Handler.home), "/play": ("open", Handler.play),
    "/teacher": ("open", Handler.teacher),
    "/teacher/summary.json": ("teacher", _teacher_only(Handler.export)),
    "/teacher/scoreboard.csv": ("teacher", _teacher_only(Handler.export)),
    "/teacher/answers.csv": ("teacher", _teacher_only(Handler.export)),
    "/teacher/summary.pdf": ("teacher", _teacher_only(Handler.export)),
    "/teacher/students": ("teacher", _teacher_only(Handler.students)),
    "/teacher/reset": ("teacher", _teacher_only(Handler.reset_form)),
    "/health": ("open", Handler.health), "/table": ("open", Handler.table)}
"""GET routes: (access, handler); access is "open", "student" or "teacher"."""
_POST: dict[str, _Route] = {
    "/join": ("open", Handler.join), "/teacher": ("open", Handler.teacher_login),
    "/answer": ("student", Handler.answer), "/next": ("student", Handler.next_hand),
    "/table": ("student", Handler.table_move),
    "/table/sit": ("student", Handler.table_sit), "/table/own": ("student", Handler.table_own),
    "/table/leave": ("student", Handler.table_leave),
    "/teacher/table": ("teacher", _teacher_only(Handler.open_table)),
    "/teacher/logout": ("teacher", Handler.logout),
    "/teacher/new-round": ("teacher", _teacher_only(Handler.new_round)),
    "/teacher/reset": ("teacher", _teacher_only(Handler.reset)),
    "/teacher/student": ("teacher", _teacher_only(Handler.student_action))}
"""POST routes: every one checks its Origin; "open" ones are throttled, the others need the
form token of their session."""


def make_server(db: str | Path, host: str = "127.0.0.1", port: int = 0,
                lang: str = "en", **settings: Any) -> ClassServer:
    """Open the class at ``db`` (see `Classroom.open` for ``settings``) and bind the server
    (port 0: any free port); call ``serve_forever`` on the result."""
    room = Classroom.open(db, **settings)
    return ClassServer((host, port), room, check_lang(lang))


def _stop(_signum: int, _frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def serve(db: str | Path, host: str, port: int, lang: str = "en", out: IO[str] = sys.stdout,
          **settings: Any) -> int:
    """Serve the class until Ctrl+C (or SIGTERM); prints the address and the class code, then
    the teacher code on a line of its own."""
    server = make_server(db, host, port, lang, **settings)
    store = server.room.store
    print(t("class.open_at", lang, url=server.url, code=store.class_code), file=out)
    print(t("class.teacher_line", lang, teacher=server.teacher_code), file=out, flush=True)
    signal.signal(signal.SIGTERM, _stop)
    # Ctrl+C stops the class even when the shell that started it ignores SIGINT (a job put in
    # the background by a script: Python then keeps SIGINT ignored)
    signal.signal(signal.SIGINT, _stop)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        store.close()
    print(t("class.stopped", lang, db=db), file=out, flush=True)
    return 0
