"""The class session in SQLite: codes, the class seed, rounds, students and every answer.

One file per class (its path is chosen by the teacher), in WAL mode so that the dashboard reads
while students write. Every answer is committed before the student sees the verdict, so a
server that is killed and started again on the same file loses nothing. The schema carries a
version number (`SCHEMA_VERSION`); a file written by another version is refused with a
`StoreError` rather than misread.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "class.db")
>>> store = ClassStore.open(path, seed=7)
>>> store.round, store.seed, len(store.class_code), len(store.teacher_code)
(1, '7', 5, 8)
>>> ada = store.join("Ada")
>>> store.join(" Ada ").id == ada.id          # the same name comes back to the same student
True
>>> store.record(Answer(ada.id, 1, "trainer", 1, 0, "5", "", 0, "5♠", "hit", "stand",
...                     {"stand": 0.1, "hit": -0.2}, 0.3, False, 4.2))
1
>>> ClassStore.open(path).answers()[0].cost     # a new connection reads it back
0.3
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "CODE_ALPHABET",
    "KINDS",
    "SCHEMA_VERSION",
    "Answer",
    "BadNameError",
    "ClassStore",
    "StoreError",
    "Student",
    "check_name",
    "new_code",
]

SCHEMA_VERSION = 1
KINDS = ("trainer", "table")
"""What an answer is: a stand-or-hit trainer answer, or a decision at the classroom table."""

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Class and teacher codes: capital letters and digits a person cannot confuse (no O/0, I/1)."""

MAX_NAME = 30

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rounds (
    round INTEGER PRIMARY KEY, seed TEXT NOT NULL, started REAL NOT NULL);
CREATE TABLE IF NOT EXISTS students (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, token TEXT NOT NULL UNIQUE,
    joined REAL NOT NULL);
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
    UNIQUE (student, round, kind, hand, step));
CREATE TABLE IF NOT EXISTS table_actions (
    student INTEGER NOT NULL REFERENCES students(id),
    round INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    amount INTEGER,
    at REAL NOT NULL,
    PRIMARY KEY (student, round, seq));
"""


class StoreError(ValueError):
    """A class database that cannot be used (another schema version, a bad value)."""


class BadNameError(StoreError):
    """A student name that cannot be used; the message quotes it."""


@dataclass(frozen=True)
class Student:
    """A student of the class: ``token`` is the secret their browser keeps."""

    id: int
    name: str
    token: str
    joined: float


@dataclass(frozen=True)
class Answer:
    """One recorded choice.

    ``hole`` is the face-down card's label ('½', '1'..'7', 'K♦'), ``up`` the face-up cards'
    labels separated by spaces, ``up_total`` their total in half-points (the K♦ as ½);
    ``cards`` the real cards as dealt. ``values`` is the value of each option per unit stake
    as the exact tables give it (e.g. ``{"stand": 0.12, "hit": -0.05}``), ``cost`` what the
    choice gave away against the best option (0 when right), ``seconds`` the time taken.
    ``step`` numbers the decisions within one hand (0 for the trainer).
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

    @property
    def state(self) -> str:
        """'[5] 1 ½': the face-down card in brackets, then the face-up cards in order."""
        return " ".join([f"[{self.hole}]", *self.up.split()])


def check_name(name: str) -> str:
    """A student's name, trimmed; `BadNameError` if empty, too long or with control characters."""
    clean = " ".join(str(name).split())
    if not clean or len(clean) > MAX_NAME or not clean.isprintable():
        raise BadNameError(f"a name must be 1 to {MAX_NAME} printable characters, got {name!r}")
    return clean


def new_code(length: int) -> str:
    """A random code of ``length`` characters of `CODE_ALPHABET`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


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
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, check_same_thread=False, timeout=10,
                               isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")   # a killed process loses no commit
        conn.execute("PRAGMA foreign_keys=ON")
        store = cls(conn, path)
        store._create(seed)
        return store

    def _create(self, seed: int | str | None) -> None:
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            for stmt in filter(str.strip, _SCHEMA.split(";")):
                self._conn.execute(stmt)
            version = self._meta_unlocked("schema_version")
            if version is None:
                self._init_meta(seed)
            self._conn.execute("COMMIT")
        if version is not None and int(version) != SCHEMA_VERSION:
            raise StoreError(f"{self.path!r} is a class database of schema version {version}; "
                             f"this settemezzo reads version {SCHEMA_VERSION}")

    def _init_meta(self, seed: int | str | None) -> None:
        first_seed = str(seed) if seed is not None else str(secrets.randbelow(10**6))
        for key, value in (("schema_version", str(SCHEMA_VERSION)),
                           ("class_code", new_code(5)), ("teacher_code", new_code(8)),
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

    @property
    def teacher_code(self) -> str:
        """The code that opens the teacher's dashboard."""
        return str(self.setting("teacher_code"))

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
    def join(self, name: str) -> Student:
        """The student called ``name``: a new one, or the same one again (no accounts: a
        student whose browser lost its cookie types the same name to carry on)."""
        clean = check_name(name)
        with self._lock:
            self._conn.execute("INSERT OR IGNORE INTO students (name, token, joined) "
                               "VALUES (?, ?, ?)", (clean, secrets.token_urlsafe(16),
                                                    time.time()))
            row = self._conn.execute("SELECT id, name, token, joined FROM students "
                                     "WHERE name = ?", (clean,)).fetchone()
        return Student(*row)

    def student(self, token: str) -> Student | None:
        """The student whose browser holds ``token``, or None."""
        with self._lock:
            row = self._conn.execute("SELECT id, name, token, joined FROM students "
                                     "WHERE token = ?", (token,)).fetchone()
        return None if row is None else Student(*row)

    def students(self) -> list[Student]:
        """Every student, in the order they joined."""
        with self._lock:
            rows = self._conn.execute("SELECT id, name, token, joined FROM students "
                                      "ORDER BY id").fetchall()
        return [Student(*r) for r in rows]

    # -- answers -------------------------------------------------------------------------------
    def record(self, a: Answer) -> int:
        """Commit one answer and return its row id; a second answer to the same decision
        (same student, round, kind, hand and step) is ignored and returns 0."""
        if a.kind not in KINDS:
            raise StoreError(f"an answer's kind must be one of {KINDS}, got {a.kind!r}")
        row = _row(a)
        with self._lock:
            cur = self._conn.execute(
                "INSERT OR IGNORE INTO answers (student, round, kind, hand, step, hole, up, "
                "up_total, cards, choice, best, option_values, cost, correct, seconds, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
            return int(cur.lastrowid or 0) if cur.rowcount else 0

    def answers(self, round_number: int | None = None, kind: str | None = None
                ) -> list[Answer]:
        """Every recorded answer (of one round, of one kind, when given), in the order given,
        each with the student's name."""
        sql = ("SELECT a.student, a.round, a.kind, a.hand, a.step, a.hole, a.up, a.up_total, "
               "a.cards, a.choice, a.best, a.option_values, a.cost, a.correct, a.seconds, a.at, "
               "s.name FROM answers a JOIN students s ON s.id = a.student WHERE 1 = 1")
        args: list[Any] = []
        if round_number is not None:
            sql += " AND a.round = ?"
            args.append(round_number)
        if kind is not None:
            sql += " AND a.kind = ?"
            args.append(kind)
        with self._lock:
            rows = self._conn.execute(sql + " ORDER BY a.id", args).fetchall()
        return [_answer(r) for r in rows]

    # -- the classroom table's moves ----------------------------------------------------------
    def record_move(self, student: int, round_number: int, seq: int, action: str,
                    amount: int | None = None, answer: Answer | None = None) -> bool:
        """Commit move ``seq`` (from 0) of a student's game at the table in this round, and
        the judged decision it was, if any, in one transaction; False (nothing written) if
        that move is recorded already."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            cur = self._conn.execute(
                "INSERT OR IGNORE INTO table_actions VALUES (?, ?, ?, ?, ?, ?)",
                (student, round_number, seq, action, amount, time.time()))
            if cur.rowcount and answer is not None:
                self._conn.execute(
                    "INSERT OR IGNORE INTO answers (student, round, kind, hand, step, hole, "
                    "up, up_total, cards, choice, best, option_values, cost, correct, seconds, "
                    "at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    _row(answer))
            self._conn.execute("COMMIT")
            return bool(cur.rowcount)

    def moves(self, student: int, round_number: int) -> list[tuple[str, int | None]]:
        """A student's moves at the table in one round, in order: (action, amount)."""
        with self._lock:
            rows = self._conn.execute(
                "SELECT action, amount FROM table_actions WHERE student = ? AND round = ? "
                "ORDER BY seq", (student, round_number)).fetchall()
        return [(str(a), None if n is None else int(n)) for a, n in rows]

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
            self._conn.execute("DELETE FROM answers")
            self._conn.execute("DELETE FROM table_actions")
            self._conn.execute("DELETE FROM students")
            self._conn.execute("DELETE FROM rounds WHERE round > 1")
            self._conn.execute("UPDATE meta SET value = '1' WHERE key = 'round'")
            self._conn.execute("COMMIT")


def _row(a: Answer) -> tuple[Any, ...]:
    return (a.student, a.round, a.kind, a.hand, a.step, a.hole, a.up, a.up_total, a.cards,
            a.choice, a.best, json.dumps(a.values, sort_keys=True), a.cost, int(a.correct),
            a.seconds, a.at or time.time())


def _answer(r: tuple[Any, ...]) -> Answer:
    values = {str(k): float(v) for k, v in json.loads(r[11]).items()}
    return Answer(int(r[0]), int(r[1]), str(r[2]), int(r[3]), int(r[4]), str(r[5]), str(r[6]),
                  int(r[7]), str(r[8]), str(r[9]), str(r[10]), values, float(r[12]),
                  bool(r[13]), float(r[14]), float(r[15]), str(r[16]))
