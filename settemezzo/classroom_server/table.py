"""The classroom table for the whole class: each student plays the computer banker.

Every student has their own `settemezzo.simulate.tablegame.TableGame` (heads-up against the
simulator's table banker), dealt from the round's seed, so the class plays the same cards as
long as it makes the same choices. Every move is committed to the store (so a restarted
server replays it), and every stand-or-hit decision the exact engine can judge - a player's
single hand with its face-down card first, the table's own hint `TableGame.hint` - is also
recorded as an answer of kind ``table``: the hand state, the value of each option, the cost
of the choice, the time taken.

>>> import tempfile, os
>>> from settemezzo.classroom_server.service import Classroom
>>> room = Classroom.open(os.path.join(tempfile.mkdtemp(), "c.db"), seed=3)
>>> tables = ClassTables(room)
>>> token = room.join(room.store.class_code, "Ada").token
>>> tables.game(token).phase
'stake'
>>> tables.act(token, "stake", 0, 2.0, amount=1)
True
>>> tables.game(token).phase
'play'
"""

from __future__ import annotations

import threading
import zlib
from concurrent.futures import Future, ThreadPoolExecutor

from settemezzo.cards import kind_of
from settemezzo.classroom_server.service import MAX_SECONDS, Classroom
from settemezzo.classroom_server.store import Answer, Student
from settemezzo.classroom_server.summary import up_total
from settemezzo.rows import TIE
from settemezzo.simulate.tablegame import ACTIONS, TableGame

__all__ = ["ClassTables", "table_seed"]

JUDGED = ("hit", "stand")


def table_seed(seed: str) -> int:
    """The round's seed as the table engine's whole number (a word gets a stable hash)."""
    return int(seed) if seed.isdigit() else zlib.crc32(seed.encode("utf-8"))


class ClassTables:
    """Each student's game at the table in the current round, rebuilt from the store.

    A game takes some 50 ms of pure Python to set up, so it is built on one worker thread as
    soon as the student joins (`prepare`), not when the whole class opens the table at once.
    """

    def __init__(self, room: Classroom) -> None:
        self.room = room
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="class-tables")
        self._games: dict[tuple[int, int], Future[TableGame]] = {}
        self._locks: dict[int, threading.Lock] = {}
        self._lock = threading.Lock()
        self.ready = threading.Event()

    def warm(self) -> None:
        """Build one game and ask its hint now (the compiled engine and the solved
        equilibrium the computer seats and the hints read load in a few seconds the first
        time - a rule set not shipped precomputed is solved then - and thirty students
        asking at once would each wait for them), so that no student waits; sets `ready`."""
        g = TableGame(self.room.rules, students=1, computers=0, seed=1)
        while g.view is not None and g.hint() is None and g.can_stake():
            g.stake(g.default_stake())
        self.ready.set()

    def _build(self, student: Student, round_number: int) -> TableGame:
        store = self.room.store
        g = TableGame(self.room.rules, students=1, computers=0,
                      seed=table_seed(store.round_seed(round_number)), names=[student.name])
        for action, amount in store.moves(student.id, round_number):
            _do(g, action, amount)
        return g

    def prepare(self, student: Student) -> Future[TableGame]:
        """Start building the student's game for the current round (once)."""
        key = (student.id, self.room.store.round)
        with self._lock:
            fut = self._games.get(key)
            if fut is None:
                fut = self._pool.submit(self._build, student, key[1])
                self._games[key] = fut
            return fut

    def _student_lock(self, student: Student) -> threading.Lock:
        with self._lock:
            return self._locks.setdefault(student.id, threading.Lock())

    def game(self, token: str) -> TableGame | None:
        """The game of the student holding ``token`` (None for an unknown token)."""
        student = self.room.store.student(token)
        if student is None:
            return None
        with self._student_lock(student):
            return self.prepare(student).result()

    def moves(self, token: str) -> int:
        """How many moves the student has made this round (a page sends it back, so that a
        second click on an old page does nothing)."""
        student = self.room.store.student(token)
        return 0 if student is None else len(self.room.store.moves(student.id,
                                                                    self.room.store.round))

    def act(self, token: str, action: str, seq: int, seconds: float,
            amount: int | None = None) -> bool:
        """Make move ``seq`` (the student's count of moves so far) if it is still the next
        one and allowed now; record it, and judge it when it is a stand-or-hit decision.
        Returns True if the move was made."""
        student = self.room.store.student(token)
        if student is None or action not in ACTIONS:
            return False
        with self._student_lock(student):
            g = self.prepare(student).result()
            store = self.room.store
            if seq != len(store.moves(student.id, store.round)) or not _can(g, action, amount):
                return False
            answer = _judge(g, student, store.round, action, seconds)
            _do(g, action, amount)
            store.record_move(student.id, store.round, seq, action, amount, answer)
            return True

    def clear(self) -> None:
        """Forget the games in memory (a new round, a reset)."""
        with self._lock:
            self._games.clear()


def _can(g: TableGame, action: str, amount: int | None) -> bool:
    return g.can_stake(amount) if action == "stake" else bool(getattr(g, f"can_{action}")())


def _do(g: TableGame, action: str, amount: int | None) -> None:
    if action == "stake":
        assert amount is not None
        g.stake(amount)
    else:
        getattr(g, action)()


def _judge(g: TableGame, student: Student, round_number: int, action: str,
           seconds: float) -> Answer | None:
    """The decision as a recorded answer, when the exact engine judges it (else None)."""
    v = g.view
    advice = g.hint() if action in JUDGED else None
    if v is None or advice is None:
        return None
    stand, hit = float(advice.stand_ev), float(advice.hit_ev)
    tie = abs(hit - stand) < TIE or advice.best not in JUDGED
    correct = tie or action == advice.best
    kinds = g.rules.plain_kinds(kind_of(c) for c in v.hand)
    step = sum(1 for _ in v.hand) - 1            # the decision's place in the hand: cards up
    return Answer(student.id, round_number, "table", g.hand_no, step, kinds[0].label,
                  " ".join(k.label for k in kinds[1:]), up_total(kinds[1:]),
                  " ".join(map(str, v.hand)), action, advice.best,
                  {"stand": stand, "hit": hit}, 0.0 if correct else abs(hit - stand), correct,
                  min(max(float(seconds), 0.0), MAX_SECONDS))
