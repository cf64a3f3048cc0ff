"""The classroom server's class logic: students join, answer the hands, each answer is kept.

`Classroom` owns one `settemezzo.classroom_server.store.ClassStore` and one
`settemezzo.teaching.trainer.TrainerSession` per student and round. The sessions judge every
answer against the exact tables, which are solved once per rule set and shared by every
student (`settemezzo.teaching.lookup.player_lookup` caches them); a session only holds its
student's answers. After a restart the sessions are rebuilt by replaying the recorded answers
(the hands depend only on the seed and the hand number, so the replay deals the same hands).
The time an answer took is measured here, from the first time its hand was shown to the
answer (a page cannot tell it).

>>> import tempfile, os
>>> room = Classroom.open(os.path.join(tempfile.mkdtemp(), "c.db"), seed=3, hands=2)
>>> token = room.join(room.store.class_code, "Ada").token
>>> view = room.student_view(token)
>>> view.hand, view.feedback is None
(1, True)
>>> fb = room.answer(token, "stand", hand=1)
>>> len(room.store.answers()), room.student_view(token).feedback is not None
(1, True)
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from settemezzo.cards import Card
from settemezzo.classroom_server.codes import typed
from settemezzo.classroom_server.store import Answer, ClassStore, StoreError, Student
from settemezzo.classroom_server.summary import up_total
from settemezzo.errors import InputError
from settemezzo.rules import ITALIAN, Rules, preset
from settemezzo.teaching.trainer import LEVELS, Feedback, TrainerSession

__all__ = ["BadCodeError", "Classroom", "StudentView", "rules_from_setting",
           "rules_setting"]

MAX_SECONDS = 3600.0   # a longer "time taken" is a student who left the page open
MAX_STUDENTS = 100
"""The default bound on a class's students (``settemezzo classroom --max-students``)."""


class BadCodeError(InputError):
    """A class or teacher code that does not match (the server answers it apart from a
    `StoreError`)."""


@dataclass(frozen=True)
class StudentView:
    """What a student's page shows: the current hand, and the verdict once answered."""

    student: Student
    round: int
    hand: int
    hands: int
    cards: str
    total: str
    feedback: Feedback | None
    right: int
    answered: int
    stakes_lost: float
    finished: bool
    against: str
    choices: tuple[str, ...] = ("stand", "hit")   # the answers the level offers
    dealt: tuple[Card, ...] = ()                  # the cards of ``cards``, face-down first


def rules_setting(name: str, variants: tuple[str, ...] = ()) -> str:
    """The rule set as the store keeps it: a preset name and its variants, as JSON."""
    return json.dumps({"rules": name, "variants": list(variants)})


def rules_from_setting(text: str | None) -> Rules:
    """The rule set kept by `rules_setting` (ITALIAN when none is kept)."""
    if not text:
        return ITALIAN
    spec = json.loads(text)
    rules = preset(spec["rules"])
    return rules.with_variants(*spec["variants"]) if spec["variants"] else rules


def is_tie(fb: Feedback) -> bool:
    """True when both plays are equally good (every answer is right); the trainer's rule."""
    return fb.tie


class Classroom:
    """A class session: the store, the settings and each student's trainer session."""

    def __init__(self, store: ClassStore, rules: Rules, level: int, hands: int,
                 max_students: int = MAX_STUDENTS) -> None:
        self.store = store
        self.rules = rules
        self.level = level
        self.hands = hands
        self.max_students = max_students
        self._sessions: dict[tuple[int, int], TrainerSession] = {}
        self._shown: dict[tuple[int, int, int], float] = {}
        self._lock = threading.Lock()
        self._warm()

    @classmethod
    def open(cls, path: str | Path, seed: int | str | None = None, rules: str = "italian",
             variants: tuple[str, ...] = (), level: int = 1, hands: int = 10,
             max_students: int = MAX_STUDENTS) -> Classroom:
        """Open (or create) the class at ``path``. A class created earlier keeps the settings
        it was created with; the arguments only set up a new one (``max_students`` bounds
        the students who may join, on every start)."""
        if level not in LEVELS:
            raise StoreError(f"level must be one of {sorted(LEVELS)}, got {level!r}")
        if not isinstance(hands, int) or not 1 <= hands <= 100:
            raise StoreError(f"hands must be a whole number from 1 to 100, got {hands!r}")
        if not isinstance(max_students, int) or not 1 <= max_students <= 1000:
            raise StoreError(f"max_students must be a whole number from 1 to 1000, got "
                             f"{max_students!r}")
        store = ClassStore.open(path, seed)
        if store.setting("rules") is None:
            rules_from_setting(rules_setting(rules, variants))   # RulesError if bad
            store.set_setting("rules", rules_setting(rules, variants))
            store.set_setting("level", str(level))
            store.set_setting("hands", str(hands))
        return cls(store, rules_from_setting(store.setting("rules")),
                   int(store.setting("level") or 1), int(store.setting("hands") or 10),
                   max_students)

    def _warm(self) -> None:
        """Solve the round's tables now (once, shared), not at the first student's click;
        keeps whom the trainer judges against (`against`)."""
        self.against = TrainerSession(self.store.seed, self.level, rules=self.rules,
                                      hands=1).lookup.against

    # -- students -----------------------------------------------------------------------------
    def join(self, class_code: str, name: str, personal: str = "") -> Student:
        """A student joins with the class code, a name and, to come back to a name already
        in the class, its personal code (`ClassStore.join`; `BadCodeError`, `BadNameError`,
        `ClassFullError`)."""
        if typed(class_code) != self.store.class_code:
            raise BadCodeError(f"{class_code!r} is not this class's code")
        return self.store.join(name, personal, self.max_students)

    def check_teacher(self, code: str) -> bool:
        """True if ``code`` is the teacher code."""
        return self.store.check_teacher(code)

    def session(self, student: Student) -> TrainerSession:
        """The student's session for the current round, rebuilt from the store if needed."""
        rnd = self.store.round
        key = (student.id, rnd)
        s = self._sessions.get(key)
        if s is None:
            s = TrainerSession(self.store.round_seed(rnd), self.level, rules=self.rules,
                               hands=self.hands)
            mine = [a for a in self.store.answers(rnd, "trainer") if a.student == student.id]
            for a in sorted(mine, key=lambda a: a.hand):
                if not s.can_answer and not s.finished:
                    s.next()
                if a.hand != s.number:
                    break
                s.answer(a.choice)
            self._sessions[key] = s
        return s

    def student_view(self, token: str) -> StudentView | None:
        """What the student holding ``token`` sees, or None for an unknown token."""
        student = self.store.student(token)
        if student is None:
            return None
        with self._lock:
            s = self.session(student)
            fb = s.history[-1] if s.history and not s.can_answer else None
            if fb is None:
                self._shown.setdefault((student.id, self.store.round, s.number),
                                       time.monotonic())
            return StudentView(student, self.store.round, s.number, s.hands,
                               " ".join(map(str, s.question.cards)), s.row().total_label, fb,
                               s.right, s.answered, s.stakes_lost, s.finished,
                               s.lookup.against, s.question.choices, s.question.cards)

    def answer(self, token: str, choice: str, hand: int,
               seconds: float | None = None) -> Feedback | None:
        """Judge and record the answer to hand ``hand``; None (nothing recorded) if that hand
        is not the one waiting for an answer (a second click, an old page). The time taken is
        ``seconds`` when a caller measured it (a script, a test), else this server's time
        from when the hand was first shown (0 if it never showed it): never a page's word."""
        student = self.store.student(token)
        if student is None:
            return None
        with self._lock:
            s = self.session(student)
            if hand != s.number or not s.can_answer:
                return None
            shown = self._shown.pop((student.id, self.store.round, hand), None)
            fb = s.answer(choice)                   # InputError for a bad choice
            if seconds is None:
                seconds = 0.0 if shown is None else time.monotonic() - shown
            self.store.record(self._answer(student, fb, seconds))
            return fb

    def next_hand(self, token: str) -> None:
        """Move the student to the next hand once the current one is answered."""
        student = self.store.student(token)
        if student is None:
            return
        with self._lock:
            s = self.session(student)
            if not s.can_answer and not s.finished:
                s.next()

    def _answer(self, student: Student, fb: Feedback, seconds: float) -> Answer:
        q, row = fb.question, fb.row
        values = ({"stand": row.stand_ev, "hit": row.hit_ev}
                  if q.kind == "play" else dict(fb.judgement.values))
        return Answer(student.id, self.store.round, "trainer", q.number, 0, q.hole.label,
                      " ".join(k.label for k in q.up), up_total(q.up),
                      " ".join(map(str, q.cards)), fb.choice, fb.best, values, fb.cost,
                      fb.correct,
                      min(max(float(seconds), 0.0), MAX_SECONDS))

    # -- the teacher ---------------------------------------------------------------------------
    def new_round(self, seed: int | str | None = None) -> int:
        """Start the next round: every student starts again at hand 1 of the new seed."""
        with self._lock:
            number = self.store.new_round(seed)
            self._sessions.clear()
            self._shown.clear()
        self._warm()
        return number

    def reset(self) -> None:
        """Forget every student and answer (round 1 again, same codes)."""
        with self._lock:
            self.store.reset()
            self._sessions.clear()
            self._shown.clear()

    def forget(self, student_id: int) -> None:
        """Drop a student's sessions in memory (after a rename or removal)."""
        with self._lock:
            for key in [k for k in self._sessions if k[0] == student_id]:
                del self._sessions[key]
