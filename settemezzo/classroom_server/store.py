"""The class session in SQLite: codes, the class seed, rounds, students and every answer.

One file per class (its path is chosen by the teacher), in WAL mode so that the dashboard reads
while students write, readable by its owner only (mode 0600). Every answer is committed before
the student sees the verdict, so a server that is killed and started again on the same file
loses nothing. The teacher code and the students' personal codes are kept as salted hashes
(`settemezzo.classroom_server.codes`). The schema carries a version number
(`SCHEMA_VERSION`); a file written by another version is refused with a `StoreError` rather
than misread.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "class.db")
>>> store = ClassStore.open(path, seed=7)
>>> store.round, store.seed, len(store.class_code)
(1, '7', 5)
>>> ada = store.join("Ada")
>>> len(ada.code)                             # her personal code, given once
5
>>> store.join(" ada ", ada.code).id == ada.id   # the same name with it: the same student
True
>>> store.join("Ada")
Traceback (most recent call last):
...
settemezzo.classroom_server.names.BadNameError: 'Ada' is taken by a student of the class ...
>>> store.record(Answer(ada.id, 1, "trainer", 1, 0, "5", "", 0, "5♠", "hit", "stand",
...                     {"stand": 0.1, "hit": -0.2}, 0.3, False, 4.2))
1
>>> ClassStore.open(path).answers()[0].cost     # a new connection reads it back
0.3
"""

from __future__ import annotations

import json
import numbers
import os
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from settemezzo.classroom_server.codes import hash_code, matches, new_code
from settemezzo.classroom_server.names import BadNameError, check_name, name_key
from settemezzo.errors import InputError, LimitError

__all__ = [
    "KINDS",
    "PERSONAL_CODE_LENGTH",
    "SCHEMA_VERSION",
    "Answer",
    "ClassFullError",
    "ClassStore",
    "ClassTable",
    "StoreError",
    "Student",
    "TableMove",
]

SCHEMA_VERSION = 3
KINDS = ("trainer", "table")
"""What an answer is: a stand-or-hit trainer answer, or a decision at the classroom table."""

PERSONAL_CODE_LENGTH = 5
_COLUMNS = "id, name, token, joined, code_hash = ''"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rounds (
    round INTEGER PRIMARY KEY, seed TEXT NOT NULL, started REAL NOT NULL);
CREATE TABLE IF NOT EXISTS students (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, name_key TEXT NOT NULL UNIQUE,
    token TEXT NOT NULL UNIQUE, code_hash TEXT NOT NULL, joined REAL NOT NULL);
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY,
    student INTEGER NOT NULL REFERENCES students(id),
    round INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('trainer', 'table')),
    hand INTEGER NOT NULL,
    step INTEGER NOT NULL,
    hole TEXT NOT NULL,
    up TEXT NOT NULL,
    up_total INTEGER NOT NULL,
    cards TEXT NOT NULL,
    choice TEXT NOT NULL,
    best TEXT NOT NULL,
    option_values TEXT NOT NULL,
    cost REAL NOT NULL,
    correct INTEGER NOT NULL,
    seconds REAL NOT NULL,
    at REAL NOT NULL,
    decision TEXT NOT NULL,
    banker TEXT NOT NULL,
    tbl INTEGER NOT NULL,
    game INTEGER NOT NULL,
    reason TEXT NOT NULL,
    reason_args TEXT NOT NULL,
    UNIQUE (student, round, kind, tbl, game, hand, step));
CREATE TABLE IF NOT EXISTS class_tables (
    id INTEGER PRIMARY KEY,
    owner INTEGER,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    game INTEGER NOT NULL,
    opened REAL NOT NULL);
CREATE TABLE IF NOT EXISTS table_seats (
    tbl INTEGER NOT NULL REFERENCES class_tables(id),
    seat INTEGER NOT NULL,
    student INTEGER NOT NULL UNIQUE REFERENCES students(id),
    PRIMARY KEY (tbl, seat));
CREATE TABLE IF NOT EXISTS table_moves (
    tbl INTEGER NOT NULL REFERENCES class_tables(id),
    game INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    student INTEGER,
    action TEXT NOT NULL,
    amount INTEGER,
    at REAL NOT NULL,
    PRIMARY KEY (tbl, game, seq));
"""
_ANSWER_COLUMNS = ("student, round, kind, hand, step, hole, up, up_total, cards, choice, best, "
                   "option_values, cost, correct, seconds, at, decision, banker, tbl, game, "
                   "reason, reason_args")


class StoreError(InputError):
    """A class database that cannot be used (another schema version, a bad value)."""


class ClassFullError(LimitError):
    """A student joining a class that has its maximum number of students."""


@dataclass(frozen=True)
class Student:
    """A student of the class: ``token`` is the secret their browser keeps; ``code`` is the
    personal code in clear, only on the `Student` that a join has just given one (else "");
    ``released`` when the teacher has freed the name (the next to join with it takes it)."""

    id: int
    name: str
    token: str
    joined: float
    released: bool = False
    code: str = field(default="", compare=False)


@dataclass(frozen=True)
class Answer:
    """One recorded choice.

    ``hole`` is the face-down card's label ('½', '1'..'7', 'K♦'), ``up`` the face-up cards'
    labels separated by spaces, ``up_total`` their total in half-points (the K♦ as ½);
    ``cards`` the real cards as dealt. ``values`` is the value of each option per unit stake
    as the exact tables give it (e.g. ``{"stand": 0.12, "hit": -0.05}``), ``cost`` what the
    choice gave away against the best option (0 when right), ``seconds`` the time taken.
    ``step`` numbers the decisions within one hand (0 for the trainer). At a table:
    ``decision`` is the judged decision's kind (`settemezzo.teaching.judge.KINDS`: ``play``,
    stand or hit; ``stake``, ``burn``, ``swap``, ``split``; the bank's ``bank`` and
    ``bank_burn``), ``banker`` whom it is judged against, ``table`` and ``game`` where
    it was played, ``reason`` the catalogue key of its reason with ``reason_args``.
    """

    student: int
    round: int
    kind: str
    hand: int
    step: int
    hole: str
    up: str
    up_total: int
    cards: str
    choice: str
    best: str
    values: dict[str, float]
    cost: float
    correct: bool
    seconds: float
    at: float = 0.0
    name: str = ""
    decision: str = "play"
    banker: str = ""
    table: int = 0
    game: int = 0
    reason: str = ""
    reason_args: dict[str, Any] = field(default_factory=dict)

    @property
    def state(self) -> str:
        """'[5] 1 ½': the face-down card in brackets, then the face-up cards in order."""
        return " ".join([f"[{self.hole}]", *self.up.split()])


@dataclass(frozen=True)
class ClassTable:
    """A table of the class: ``options`` as the teacher chose them (JSON, read by
    `settemezzo.classroom_server.table.TableOptions`), ``seed`` its first game's seed,
    ``game`` the game being played (from 1), ``owner`` the student who opened it for
    themselves (None: the teacher's, open to all), ``seated`` the students by seat."""

    id: int
    owner: int | None
    options: str
    seed: str
    game: int
    seated: dict[int, int]


@dataclass(frozen=True)
class TableMove:
    """One move at a table: ``seat`` made it, ``student`` when a student did (None: the
    computer playing the seat)."""

    seq: int
    seat: int
    student: int | None
    action: str
    amount: int | None


class ClassStore:
    """One class session in one SQLite file; safe to share between threads.

    Open it with `ClassStore.open`. Settings (``level``, ``hands``, the rule set) are kept in
    the file's ``meta`` table by `set_setting`, so a restarted server finds them again.
    """

    def __init__(self, conn: sqlite3.Connection, path: str) -> None:
        self._conn = conn
        self._lock = threading.Lock()
        self.path = path

    # -- opening -------------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path, seed: int | str | None = None) -> ClassStore:
        """Open the class at ``path``, creating it (new codes, ``seed`` or a random seed)
        if the file is new. An existing class keeps its codes and seed."""
        path = str(path)
        if path != ":memory:":
            _private_file(Path(path))
        conn = sqlite3.connect(path, check_same_thread=False, timeout=10,
                               isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")   # a killed process loses no commit
        conn.execute("PRAGMA foreign_keys=ON")
        store = cls(conn, path)
        store._create(seed)
        return store

    def _create(self, seed: int | str | None) -> None:
        """Create the tables of a new file; a file of another schema version is refused
        before anything is written to it."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            has_meta = self._conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone()
            version = self._meta_unlocked("schema_version") if has_meta else None
            if version is not None and int(version) != SCHEMA_VERSION:
                self._conn.execute("ROLLBACK")
                raise StoreError(f"{self.path!r} is a class database of schema version "
                                 f"{version}; this settemezzo reads version {SCHEMA_VERSION}")
            for stmt in filter(str.strip, _SCHEMA.split(";")):
                self._conn.execute(stmt)
            if version is None:
                self._init_meta(seed)
            self._conn.execute("COMMIT")

    def _init_meta(self, seed: int | str | None) -> None:
        first_seed = str(seed) if seed is not None else str(secrets.randbelow(10**6))
        for key, value in (("schema_version", str(SCHEMA_VERSION)),
                           ("class_code", new_code(5)),
                           ("teacher_hash", hash_code(new_code(8))),
                           ("form_key", secrets.token_hex(32)),
                           ("round", "1"), ("created", repr(time.time()))):
            self._conn.execute("INSERT INTO meta VALUES (?, ?)", (key, value))
        self._conn.execute("INSERT INTO rounds VALUES (1, ?, ?)", (first_seed, time.time()))

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._conn.close()

    # -- settings ------------------------------------------------------------------------------
    def _meta_unlocked(self, key: str) -> str | None:
        row = self._conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def setting(self, key: str) -> str | None:
        """A stored setting, or None."""
        with self._lock:
            return self._meta_unlocked(key)

    def set_setting(self, key: str, value: str) -> None:
        """Store a setting (kept across restarts)."""
        with self._lock:
            self._conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    @property
    def class_code(self) -> str:
        """The short code students type to join."""
        return str(self.setting("class_code"))

    def new_teacher_code(self) -> str:
        """A new teacher code (the one before no longer opens the dashboard); only its hash
        is kept, so the caller shows it once."""
        code = new_code(8)
        self.set_setting("teacher_hash", hash_code(code))
        return code

    def check_teacher(self, code: str) -> bool:
        """True if ``code`` is the current teacher code."""
        return matches(code, self.setting("teacher_hash") or "")

    @property
    def form_key(self) -> bytes:
        """The class's secret key of the form tokens (kept, so pages outlive a restart)."""
        return bytes.fromhex(str(self.setting("form_key")))

    @property
    def round(self) -> int:
        """The current round (from 1)."""
        return int(self.setting("round") or 1)

    @property
    def seed(self) -> str:
        """The current round's seed: everyone in the round gets the same hands."""
        return self.round_seed(self.round)

    def round_seed(self, number: int) -> str:
        """The seed of round ``number``."""
        with self._lock:
            row = self._conn.execute("SELECT seed FROM rounds WHERE round = ?",
                                     (number,)).fetchone()
        if row is None:
            raise StoreError(f"round {number!r} has not been played in {self.path!r}")
        return str(row[0])

    # -- students ------------------------------------------------------------------------------
    def join(self, name: str, personal: str = "", limit: int | None = None) -> Student:
        """The student called ``name`` (`settemezzo.classroom_server.names.check_name`): a new
        one, with a new personal code (`Student.code`); the same one again when ``personal``
        is their code; a released name taken over with a new code and a new token. Any other
        name that looks like one in the class is a `BadNameError`; a new student past
        ``limit`` students a `ClassFullError`."""
        clean = check_name(name)
        key = name_key(clean)
        found = self._by_key(key)
        if found is not None and not found.released:
            if personal and matches(personal, self._code_hash(found.id)):
                return found
            raise BadNameError(f"{clean!r} is taken by a student of the class (as "
                               f"{found.name!r}); their personal code is needed", "taken")
        code = new_code(PERSONAL_CODE_LENGTH)
        kept, token = hash_code(code), secrets.token_urlsafe(16)
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                self._claim(found, (clean, key, token, kept), limit)
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")
        made = self._by_key(key)
        assert made is not None
        return Student(made.id, made.name, made.token, made.joined, False, code)

    def _claim(self, found: Student | None, row: tuple[str, str, str, str],
               limit: int | None) -> None:
        clean, key, token, kept = row
        if found is not None:          # a released name: its answers go to the new owner
            cur = self._conn.execute("UPDATE students SET token = ?, code_hash = ? WHERE id = ? "
                                     "AND code_hash = ''", (token, kept, found.id))
            if not cur.rowcount:         # taken a moment ago by another browser
                raise BadNameError(f"{clean!r} is taken by a student of the class", "taken")
            return
        count = self._conn.execute("SELECT COUNT(*) FROM students").fetchone()[0]
        if limit is not None and count >= limit:
            raise ClassFullError(f"the class has its {limit} students (--max-students); "
                                 f"{clean!r} cannot join")
        try:
            self._conn.execute("INSERT INTO students (name, name_key, token, code_hash, joined)"
                               " VALUES (?, ?, ?, ?, ?)", (clean, key, token, kept, time.time()))
        except sqlite3.IntegrityError:      # the same name, joined a moment ago
            raise BadNameError(f"{clean!r} is taken by a student of the class", "taken") \
                from None

    def _by_key(self, key: str) -> Student | None:
        with self._lock:
            row = self._conn.execute(f"SELECT {_COLUMNS} FROM students WHERE name_key = ?",
                                     (key,)).fetchone()
        return None if row is None else _student(row)

    def _code_hash(self, student_id: int) -> str:
        with self._lock:
            row = self._conn.execute("SELECT code_hash FROM students WHERE id = ?",
                                     (student_id,)).fetchone()
        return "" if row is None else str(row[0])

    def student(self, token: str) -> Student | None:
        """The student whose browser holds ``token``, or None."""
        with self._lock:
            row = self._conn.execute(f"SELECT {_COLUMNS} FROM students WHERE token = ?",
                                     (token,)).fetchone()
        return None if row is None else _student(row)

    def students(self) -> list[Student]:
        """Every student, in the order they joined."""
        with self._lock:
            rows = self._conn.execute(f"SELECT {_COLUMNS} FROM students ORDER BY id").fetchall()
        return [_student(r) for r in rows]

    def rename(self, student_id: int, name: str) -> None:
        """Give a student another name (`BadNameError` if it is not free)."""
        clean = check_name(name)
        key = name_key(clean)
        other = self._by_key(key)
        if other is not None and other.id != student_id:
            raise BadNameError(f"{clean!r} is taken by a student of the class", "taken")
        with self._lock:
            self._conn.execute("UPDATE students SET name = ?, name_key = ? WHERE id = ?",
                               (clean, key, student_id))

    def release(self, student_id: int) -> None:
        """Free a student's name: the browser holding it is signed out, and the next to join
        with the name gets a new personal code and these answers."""
        with self._lock:
            self._conn.execute("UPDATE students SET code_hash = '', token = ? WHERE id = ?",
                               (secrets.token_urlsafe(16), student_id))

    def remove(self, student_id: int) -> None:
        """Forget a student and everything they answered or played."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            for table in ("answers", "table_seats"):
                self._conn.execute(f"DELETE FROM {table} WHERE student = ?", (student_id,))
            self._conn.execute("UPDATE table_moves SET student = NULL WHERE student = ?",
                               (student_id,))
            self._conn.execute("DELETE FROM students WHERE id = ?", (student_id,))
            self._conn.execute("COMMIT")

    # -- answers -------------------------------------------------------------------------------
    def record(self, a: Answer) -> int:
        """Commit one answer and return its row id; a second answer to the same decision
        (same student, round, kind, hand and step) is ignored and returns 0."""
        if a.kind not in KINDS:
            raise StoreError(f"an answer's kind must be one of {KINDS}, got {a.kind!r}")
        row = _row(a)
        with self._lock:
            cur = self._conn.execute(
                f"INSERT OR IGNORE INTO answers ({_ANSWER_COLUMNS}) VALUES "
                f"({', '.join('?' * len(row))})", row)
            return int(cur.lastrowid or 0) if cur.rowcount else 0

    def answers(self, round_number: int | None = None, kind: str | None = None,
                table: tuple[int, int] | None = None) -> list[Answer]:
        """Every recorded answer (of one round, of one kind, of one ``(table, game)``, when
        given), in the order given, each with the student's name."""
        cols = ", ".join(f"a.{c.strip()}" for c in _ANSWER_COLUMNS.split(","))
        sql = (f"SELECT {cols}, s.name FROM answers a JOIN students s ON s.id = a.student "
               "WHERE 1 = 1")
        args: list[Any] = []
        if round_number is not None:
            sql += " AND a.round = ?"
            args.append(round_number)
        if kind is not None:
            sql += " AND a.kind = ?"
            args.append(kind)
        if table is not None:
            sql += " AND a.tbl = ? AND a.game = ?"
            args.extend(table)
        with self._lock:
            rows = self._conn.execute(sql + " ORDER BY a.id", args).fetchall()
        return [_answer(r) for r in rows]

    # -- the class's tables ------------------------------------------------------------------
    def open_table(self, options: str, seed: str, owner: int | None = None) -> int:
        """Open a table (``options`` as JSON, its first game's ``seed``); returns its id."""
        with self._lock:
            cur = self._conn.execute(
                "INSERT INTO class_tables (owner, options, seed, game, opened) "
                "VALUES (?, ?, ?, 1, ?)", (owner, options, seed, time.time()))
            return int(cur.lastrowid or 0)

    def tables(self) -> list[ClassTable]:
        """Every open table, in the order opened, with who sits where."""
        with self._lock:
            rows = self._conn.execute(
                "SELECT id, owner, options, seed, game FROM class_tables ORDER BY id").fetchall()
            seats = self._conn.execute("SELECT tbl, seat, student FROM table_seats").fetchall()
        seated: dict[int, dict[int, int]] = {}
        for tbl, seat, student in seats:
            seated.setdefault(int(tbl), {})[int(seat)] = int(student)
        return [ClassTable(int(i), None if o is None else int(o), str(opt), str(seed), int(g),
                           seated.get(int(i), {})) for i, o, opt, seed, g in rows]

    def sit(self, table: int, seat: int, student: int) -> bool:
        """Seat ``student`` at ``seat`` of ``table`` (leaving any other seat); False if the
        seat is taken."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            taken = self._conn.execute("SELECT student FROM table_seats WHERE tbl = ? AND "
                                       "seat = ?", (table, seat)).fetchone()
            if taken is not None and int(taken[0]) != student:
                self._conn.execute("ROLLBACK")
                return False
            self._conn.execute("DELETE FROM table_seats WHERE student = ?", (student,))
            self._conn.execute("INSERT INTO table_seats VALUES (?, ?, ?)",
                               (table, seat, student))
            self._conn.execute("COMMIT")
            return True

    def leave(self, student: int) -> None:
        """The student leaves their seat (a computer plays it)."""
        with self._lock:
            self._conn.execute("DELETE FROM table_seats WHERE student = ?", (student,))

    def new_game(self, table: int) -> int:
        """Start the table's next game; returns its number."""
        with self._lock:
            self._conn.execute("UPDATE class_tables SET game = game + 1 WHERE id = ?", (table,))
            row = self._conn.execute("SELECT game FROM class_tables WHERE id = ?",
                                     (table,)).fetchone()
        return int(row[0])

    def record_move(self, table: int, game: int, move: TableMove) -> bool:
        """Commit move ``move.seq`` (from 0) of a game at a table; False (nothing written) if
        that move is recorded already."""
        with self._lock:
            cur = self._conn.execute(
                "INSERT OR IGNORE INTO table_moves VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (table, game, move.seq, move.seat, move.student, move.action, move.amount,
                 time.time()))
            return bool(cur.rowcount)

    def moves(self, table: int, game: int) -> list[TableMove]:
        """The moves of one game at a table, in order."""
        with self._lock:
            rows = self._conn.execute(
                "SELECT seq, seat, student, action, amount FROM table_moves WHERE tbl = ? AND "
                "game = ? ORDER BY seq", (table, game)).fetchall()
        return [TableMove(int(q), int(s), None if st is None else int(st), str(a),
                          None if n is None else int(n)) for q, s, st, a, n in rows]

    # -- the teacher's actions -----------------------------------------------------------------
    def new_round(self, seed: int | str | None = None) -> int:
        """Start the next round (``seed``, or the previous seed plus one when it is a number,
        else a random one); returns its number. Earlier rounds stay recorded."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            current = int(self._meta_unlocked("round") or 1)
            old = self._conn.execute("SELECT seed FROM rounds WHERE round = ?",
                                     (current,)).fetchone()
            if seed is None:
                seed = int(old[0]) + 1 if old and str(old[0]).isdigit() else \
                    secrets.randbelow(10**6)
            self._conn.execute("INSERT OR REPLACE INTO rounds VALUES (?, ?, ?)",
                               (current + 1, str(seed), time.time()))
            self._conn.execute("UPDATE meta SET value = ? WHERE key = 'round'",
                               (str(current + 1),))
            self._conn.execute("COMMIT")
        return current + 1

    def reset(self) -> None:
        """Forget every student and answer and go back to round 1 with the first seed; the
        codes and the settings stay."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            for table in ("answers", "table_moves", "table_seats", "class_tables"):
                self._conn.execute(f"DELETE FROM {table}")
            self._conn.execute("DELETE FROM students")
            self._conn.execute("DELETE FROM rounds WHERE round > 1")
            self._conn.execute("UPDATE meta SET value = '1' WHERE key = 'round'")
            self._conn.execute("COMMIT")


def _student(r: tuple[Any, ...]) -> Student:
    return Student(int(r[0]), str(r[1]), str(r[2]), float(r[3]), bool(r[4]))


def _private_file(path: Path) -> None:
    """Create ``path`` readable and writable by its owner only (SQLite gives its WAL and
    shared-memory files the same mode), or make an existing file so."""
    path.parent.mkdir(parents=True, exist_ok=True)
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    os.chmod(path, 0o600)


def _row(a: Answer) -> tuple[Any, ...]:
    return (a.student, a.round, a.kind, a.hand, a.step, a.hole, a.up, a.up_total, a.cards,
            a.choice, a.best, json.dumps(a.values, sort_keys=True), a.cost, int(a.correct),
            a.seconds, a.at or time.time(), a.decision, a.banker, a.table, a.game, a.reason,
            json.dumps(a.reason_args, sort_keys=True, default=_plain))


def _plain(x: object) -> object:
    """A number of another type (a `fractions.Fraction`, a numpy scalar) as a float for
    JSON; anything else as its text."""
    return float(x) if isinstance(x, numbers.Real) else str(x)


def _answer(r: tuple[Any, ...]) -> Answer:
    values = {str(k): float(v) for k, v in json.loads(r[11]).items()}
    return Answer(int(r[0]), int(r[1]), str(r[2]), int(r[3]), int(r[4]), str(r[5]), str(r[6]),
                  int(r[7]), str(r[8]), str(r[9]), str(r[10]), values, float(r[12]),
                  bool(r[13]), float(r[14]), float(r[15]), str(r[22]), str(r[16]), str(r[17]),
                  int(r[18]), int(r[19]), str(r[20]), dict(json.loads(r[21])))
