"""The class's web server: one process, the standard library's threaded HTTP server.

Students open the printed address on their own devices, type the class code and a name, and
answer with plain HTML forms (no script runs on any page, and nothing a visitor sends is ever
run). The teacher opens ``/teacher`` and types the teacher code. The exact tables are solved
once, when the server starts, and shared by every student; every answer is committed to the
SQLite file before the verdict is shown.

Why not Voilà or Solara: ``bench/classroom.md`` has the measurements.
"""

from __future__ import annotations

import signal
import socket
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable
from http import HTTPStatus
from http.cookies import SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import FrameType
from typing import IO, Any

from settemezzo.classroom_server import pages
from settemezzo.classroom_server.report import (
    answers_csv,
    load_summary,
    pdf_summary,
    scoreboard_csv,
)
from settemezzo.classroom_server.service import BadCodeError, Classroom
from settemezzo.classroom_server.store import BadNameError
from settemezzo.classroom_server.table import ClassTables
from settemezzo.fileio import json_text
from settemezzo.i18n import LANGUAGES, check_lang, t

__all__ = ["ClassServer", "lan_address", "make_server", "serve"]

MAX_BODY = 10_000
_CSP = ("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; "
        "frame-ancestors 'none'")


def _seconds(shown: str | None) -> float:
    """The time since the page said it was shown (0 if it did not say)."""
    try:
        seconds = time.time() - float(shown or "nan")
    except ValueError:
        return 0.0
    return seconds if seconds == seconds else 0.0


def lan_address() -> str:
    """This machine's address on its local network (127.0.0.1 if it has none)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))      # a documentation address: nothing is sent
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


class ClassServer(ThreadingHTTPServer):
    """The HTTP server holding the `Classroom`, the default language and the public URL."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128   # a whole class connecting at once (the default is 5)

    def __init__(self, address: tuple[str, int], room: Classroom, lang: str) -> None:
        super().__init__(address, Handler)
        self.room = room
        self.tables = ClassTables(room)
        threading.Thread(target=self.tables.warm, daemon=True).start()
        self.lang = lang
        host = address[0] if address[0] not in ("", "0.0.0.0") else lan_address()
        self.url = f"http://{host}:{self.server_address[1]}"


class Handler(BaseHTTPRequestHandler):
    """One request: a route of `_GET` or `_POST`."""

    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True   # headers and body are two writes: no 40 ms stall
    server: ClassServer

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal shows only the address and the codes."""

    # -- plumbing ------------------------------------------------------------------------------
    def _cookies(self) -> dict[str, str]:
        jar: SimpleCookie = SimpleCookie(self.headers.get("Cookie", ""))
        return {k: m.value for k, m in jar.items()}

    def _lang(self) -> tuple[str, bool]:
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
        asked = query.get("lang", [""])[0]
        if asked in LANGUAGES:
            return asked, True
        kept = self._cookies().get("sm_lang", "")
        return (kept if kept in LANGUAGES else self.server.lang), False

    def _form(self) -> dict[str, str]:
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            return {}
        data = self.rfile.read(length).decode("utf-8", "replace")
        return {k: v[0] for k, v in urllib.parse.parse_qs(data).items()}

    def _send(self, status: int, body: bytes | str, ctype: str = "text/html; charset=utf-8",
              cookies: tuple[str, ...] = (), location: str | None = None) -> None:
        data = body.encode("utf-8") if isinstance(body, str) else body
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Security-Policy", _CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        lang, asked = self._lang()
        for c in (*cookies, *((f"sm_lang={lang}",) if asked else ())):
            self.send_header("Set-Cookie", f"{c}; Path=/; HttpOnly; SameSite=Strict")
        if location:
            self.send_header("Location", location)
        self.end_headers()
        self.wfile.write(data)

    def _redirect(self, to: str, cookies: tuple[str, ...] = ()) -> None:
        self._send(HTTPStatus.SEE_OTHER, b"", "text/plain", cookies, to)

    def _route(self, table: dict[str, Callable[[Handler], None]]) -> None:
        path = urllib.parse.urlsplit(self.path).path
        handler = table.get(path)
        if handler is None:
            self._send(HTTPStatus.NOT_FOUND, b"not found", "text/plain")
        else:
            handler(self)

    def do_GET(self) -> None:
        self._route(_GET)

    def do_POST(self) -> None:
        self._route(_POST)

    # -- who is asking -------------------------------------------------------------------------
    def _token(self) -> str:
        return self._cookies().get("sm_student", "")

    def _teacher(self) -> bool:
        return self.server.room.check_teacher(self._cookies().get("sm_teacher", "") or "-")

    # -- students ------------------------------------------------------------------------------
    def home(self) -> None:
        if self.server.room.store.student(self._token()) is not None:
            self._redirect("/play")
        else:
            self._send(HTTPStatus.OK, pages.join_page(self._lang()[0]))

    def join(self) -> None:
        form, lang = self._form(), self._lang()[0]
        code, name = form.get("code", ""), form.get("name", "")
        try:
            student = self.server.room.join(code, name)
        except BadCodeError:
            self._send(HTTPStatus.BAD_REQUEST, pages.join_page(lang, t("class.bad_code", lang),
                                                               code, name))
            return
        except BadNameError:
            self._send(HTTPStatus.BAD_REQUEST, pages.join_page(lang, t("class.bad_name", lang),
                                                               code, name))
            return
        self.server.tables.prepare(student)
        self._redirect("/play", (f"sm_student={student.token}",))

    def play(self) -> None:
        view = self.server.room.student_view(self._token())
        if view is None:
            self._redirect("/")
        else:
            self.server.tables.prepare(view.student)      # its table game, in the background
            self._send(HTTPStatus.OK, pages.student_page(view, self._lang()[0]))

    def answer(self) -> None:
        form = self._form()
        choice, hand, shown = form.get("choice", ""), form.get("hand", ""), form.get("shown")
        if choice not in ("stand", "hit") or not hand.isdigit():
            self._send(HTTPStatus.BAD_REQUEST, b"choice must be stand or hit", "text/plain")
            return
        self.server.room.answer(self._token(), choice, int(hand), _seconds(shown))
        self._redirect("/play")

    def next_hand(self) -> None:
        self.server.room.next_hand(self._token())
        self._redirect("/play")

    # -- the table -----------------------------------------------------------------------------
    def table(self) -> None:
        token = self._token()
        game = self.server.tables.game(token)
        student = self.server.room.store.student(token)
        if game is None or student is None:
            self._redirect("/")
            return
        self._send(HTTPStatus.OK, pages.table_page(game, self.server.tables.moves(token),
                                                   student.name, self._lang()[0]))

    def table_move(self) -> None:
        form = self._form()
        seq, amount = form.get("seq", ""), form.get("amount", "")
        if not seq.isdigit() or (amount and not amount.isdigit()):
            self._send(HTTPStatus.BAD_REQUEST, b"seq and amount are whole numbers",
                       "text/plain")
            return
        self.server.tables.act(self._token(), form.get("action", ""), int(seq),
                               _seconds(form.get("shown")), int(amount) if amount else None)
        self._redirect("/table")

    # -- the teacher ---------------------------------------------------------------------------
    def teacher(self) -> None:
        lang = self._lang()[0]
        if not self._teacher():
            self._send(HTTPStatus.OK, pages.teacher_login_page(lang))
            return
        store = self.server.room.store
        summary = load_summary(store)
        summary["students"] = len(store.students())
        self._send(HTTPStatus.OK, pages.dashboard_page(
            summary, store.answers(store.round), lang, self.server.url, store.class_code))

    def teacher_login(self) -> None:
        code = self._form().get("code", "")
        if self.server.room.check_teacher(code or "-"):
            self._redirect("/teacher", (f"sm_teacher={code.strip().upper()}",))
        else:
            lang = self._lang()[0]
            self._send(HTTPStatus.FORBIDDEN,
                       pages.teacher_login_page(lang, t("class.bad_teacher", lang)))

    def _teacher_only(self, action: Callable[[], None]) -> None:
        if self._teacher():
            action()
        else:
            self._send(HTTPStatus.FORBIDDEN, b"teacher code needed", "text/plain")

    def export(self) -> None:
        self._teacher_only(self._export)

    def _export(self) -> None:
        store = self.server.room.store
        path = urllib.parse.urlsplit(self.path).path
        summary = load_summary(store)
        if path.endswith(".json"):
            self._send(HTTPStatus.OK, json_text(summary, self.server.room.rules,
                                                self._lang()[0]), "application/json")
        elif path.endswith("answers.csv"):
            self._send(HTTPStatus.OK, answers_csv(store.answers()), "text/csv; charset=utf-8")
        elif path.endswith(".csv"):
            self._send(HTTPStatus.OK, scoreboard_csv(summary), "text/csv; charset=utf-8")
        else:
            import io

            buf = io.BytesIO()
            pdf_summary(store.answers(store.round), summary, self._lang()[0]).savefig(
                buf, format="pdf")
            self._send(HTTPStatus.OK, buf.getvalue(), "application/pdf")

    def new_round(self) -> None:
        def act() -> None:
            self.server.room.new_round()
            self.server.tables.clear()
            self._redirect("/teacher")
        self._teacher_only(act)

    def reset(self) -> None:
        confirmed = self._form().get("confirm") == "yes"

        def act() -> None:
            if confirmed:
                self.server.room.reset()
                self.server.tables.clear()
            self._redirect("/teacher")
        self._teacher_only(act)

    def health(self) -> None:
        state = {"ok": True, "round": self.server.room.store.round,
                 "table_ready": self.server.tables.ready.is_set()}
        self._send(HTTPStatus.OK, json_text(state), "application/json")


_GET: dict[str, Callable[[Handler], None]] = {
    "/": Handler.home, "/play": Handler.play, "/teacher": Handler.teacher,
    "/teacher/summary.json": Handler.export, "/teacher/scoreboard.csv": Handler.export,
    "/teacher/answers.csv": Handler.export, "/teacher/summary.pdf": Handler.export,
    "/health": Handler.health, "/table": Handler.table}
_POST: dict[str, Callable[[Handler], None]] = {
    "/join": Handler.join, "/answer": Handler.answer, "/next": Handler.next_hand,
    "/teacher": Handler.teacher_login, "/teacher/new-round": Handler.new_round,
    "/teacher/reset": Handler.reset, "/table": Handler.table_move}


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
    """Serve the class until Ctrl+C (or SIGTERM); prints the address and both codes."""
    server = make_server(db, host, port, lang, **settings)
    store = server.room.store
    print(t("class.serving", lang, url=server.url, code=store.class_code,
            teacher=store.teacher_code), file=out, flush=True)
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
