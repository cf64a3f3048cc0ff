"""The class logic: students join, answer the round's hands, every answer is recorded.

`Classroom` owns one `settemezzo.classroom_server.store.ClassStore` and one
`settemezzo.widgets.trainer.TrainerSession` per student and round. The sessions judge every
answer against the exact tables, which are solved once per rule set and shared by every
student (`settemezzo.widgets.lookup.player_lookup` caches them); a session only holds its
student's answers. After a restart the sessions are rebuilt by replaying the recorded answers
(the hands depend only on the seed and the hand number, so the replay deals the same hands).

>>> import tempfile, os
>>> room = Classroom.open(os.path.join(tempfile.mkdtemp(), "c.db"), seed=3, hands=2)
>>> token = room.join(room.store.class_code, "Ada").token
>>> view = room.student_view(token)
>>> view.hand, view.feedback is None
(1, True)
>>> fb = room.answer(token, "stand", hand=1, seconds=2.5)
>>> len(room.store.answers()), room.student_view(token).feedback is not None
(1, True)
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from pathlib import Path

from settemezzo.classroom_server.store import Answer, ClassStore, StoreError, Student
from settemezzo.classroom_server.summary import up_total
from settemezzo.rows import TIE
from settemezzo.rules import ITALIAN, Rules, preset
from settemezzo.widgets.trainer import LEVELS, Feedback, TrainerSession

__all__ = ["BadCodeError", "Classroom", "StudentView", "rules_from_setting",
           "rules_setting"]

MAX_SECONDS = 3600.0   # a longer "time taken" is a student who left the page open


class BadCodeError(StoreError):
    """A class or teacher code that does not match."""


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
    return abs(fb.row.margin) < TIE or fb.row.best in ("mixed", "either")


class Classroom:
    """A class session: the store, the settings and each student's trainer session."""

    def __init__(self, store: ClassStore, rules: Rules, level: int, hands: int) -> None:
        self.store = store
        self.rules = rules
        self.level = level
        self.hands = hands
        self._sessions: dict[tuple[int, int], TrainerSession] = {}
        self._lock = threading.Lock()
        self._warm()

    @classmethod
    def open(cls, path: str | Path, seed: int | str | None = None, rules: str = "italian",
             variants: tuple[str, ...] = (), level: int = 1, hands: int = 10) -> Classroom:
        """Open (or create) the class at ``path``. A class created earlier keeps the settings
        it was created with; the arguments only set up a new one."""
        if level not in LEVELS:
            raise StoreError(f"level must be one of {sorted(LEVELS)}, got {level!r}")
        if not isinstance(hands, int) or not 1 <= hands <= 100:
            raise StoreError(f"hands must be a whole number from 1 to 100, got {hands!r}")
        store = ClassStore.open(path, seed)
        if store.setting("rules") is None:
            rules_from_setting(rules_setting(rules, variants))   # RulesError if bad
            store.set_setting("rules", rules_setting(rules, variants))
            store.set_setting("level", str(level))
            store.set_setting("hands", str(hands))
        return cls(store, rules_from_setting(store.setting("rules")),
                   int(store.setting("level") or 1), int(store.setting("hands") or 10))

    def _warm(self) -> None:
        """Solve the round's tables now (once, shared), not at the first student's click."""
        TrainerSession(self.store.seed, self.level, rules=self.rules, hands=1)

    # -- students -----------------------------------------------------------------------------
    def join(self, class_code: str, name: str) -> Student:
        """A student joins with the class code and a name (`BadCodeError`, `BadNameError`)."""
        if class_code.strip().upper() != self.store.class_code:
            raise BadCodeError(f"{class_code!r} is not this class's code")
        return self.store.join(name)

    def check_teacher(self, code: str) -> bool:
        """True if ``code`` is the teacher code."""
        return code.strip().upper() == self.store.teacher_code

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
            return StudentView(student, self.store.round, s.number, s.hands,
                               " ".join(map(str, s.question.cards)), s.row().total_label, fb,
                               s.right, s.answered, s.stakes_lost, s.finished,
                               s.lookup.against)

    def answer(self, token: str, choice: str, hand: int, seconds: float) -> Feedback | None:
        """Judge and record the answer to hand ``hand``; None (nothing recorded) if that hand
        is not the one waiting for an answer (a second click, an old page)."""
        student = self.store.student(token)
        if student is None:
            return None
        with self._lock:
            s = self.session(student)
            if hand != s.number or not s.can_answer:
                return None
            fb = s.answer(choice)                   # RulesError for a bad choice
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
        return Answer(student.id, self.store.round, "trainer", q.number, 0, q.hole.label,
                      " ".join(k.label for k in q.up), up_total(q.up),
                      " ".join(map(str, q.cards)), fb.choice, row.best,
                      {"stand": row.stand_ev, "hit": row.hit_ev}, fb.cost, fb.correct,
                      min(max(float(seconds), 0.0), MAX_SECONDS))

    # -- the teacher ---------------------------------------------------------------------------
    def new_round(self, seed: int | str | None = None) -> int:
        """Start the next round: every student starts again at hand 1 of the new seed."""
        with self._lock:
            number = self.store.new_round(seed)
            self._sessions.clear()
        self._warm()
        return number

    def reset(self) -> None:
        """Forget every student and answer (round 1 again, same codes)."""
        with self._lock:
            self.store.reset()
            self._sessions.clear()
