"""The class session: the SQLite store, the judging and summaries, ``settemezzo class-report``.

Reference values: the judged cost and option values of each answer are read independently from
`settemezzo.teaching.lookup.player_lookup` (the exact table) for the hand the seed deals; the
summaries are checked against answers written by hand.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from settemezzo.classroom_server.names import BadNameError
from settemezzo.classroom_server.report import answers_csv, load_summary, scoreboard_csv
from settemezzo.classroom_server.service import BadCodeError, Classroom
from settemezzo.classroom_server.store import (
    SCHEMA_VERSION,
    Answer,
    ClassStore,
    StoreError,
)
from settemezzo.classroom_server.summary import costliest, heat_map, progress, scoreboard
from settemezzo.cli import main
from settemezzo.i18n import LANGUAGES, TEXT
from settemezzo.teaching.lookup import player_lookup
from settemezzo.teaching.trainer import LEVELS, deal_question


def _a(name: str, hand: int, hole: str, up_total: int, correct: bool, cost: float,
       student: int = 1) -> Answer:
    return Answer(student, 1, "trainer", hand, 0, hole, "", up_total, "", "hit", "stand",
                  {}, cost, correct, 2.0, at=float(hand), name=name)


# -- store ------------------------------------------------------------------------------------
def test_store_is_wal_versioned_and_keeps_codes(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    s1 = ClassStore.open(path, seed=11)
    code, teacher = s1.class_code, s1.new_teacher_code()
    s1.close()
    s2 = ClassStore.open(path, seed=99)          # an existing class keeps its seed and codes
    assert s2.class_code == code and s2.check_teacher(teacher) and s2.seed == "11"
    assert s2.new_teacher_code() != teacher and not s2.check_teacher(teacher)
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        raw.execute("UPDATE meta SET value = '999' WHERE key = 'schema_version'")
    with pytest.raises(StoreError, match="schema version 999"):
        ClassStore.open(path)


def test_a_database_of_the_version_before_is_refused_untouched(tmp_path: Path) -> None:
    """A class file of schema version 2 (one game per student at the table) is refused with
    a message naming both versions, and nothing is written to it."""
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        raw.execute("INSERT INTO meta VALUES ('schema_version', '2')")
    with pytest.raises(StoreError, match=f"schema version 2; this settemezzo reads "
                                         f"version {SCHEMA_VERSION}"):
        ClassStore.open(path)
    with sqlite3.connect(path) as raw:
        names = {r[0] for r in raw.execute("SELECT name FROM sqlite_master")}
    assert names == {"meta", "sqlite_autoindex_meta_1"} and SCHEMA_VERSION > 2


def test_names_rounds_reset(tmp_path: Path) -> None:
    s = ClassStore.open(tmp_path / "c.db", seed=5)
    for bad in ("", "   ", "x" * 31, "a\x00b"):
        with pytest.raises(BadNameError, match="a name must"):
            s.join(bad)
    ada = s.join("Ada")
    assert s.student(ada.token) == ada and s.student("nope") is None
    assert s.new_round() == 2 and s.seed == "6"            # previous seed plus one
    assert s.new_round("abc") == 3 and s.seed == "abc"
    s.record(_a("Ada", 1, "5", 0, False, 0.5, ada.id))
    assert s.record(_a("Ada", 1, "5", 0, True, 0.0, ada.id)) == 0   # first answer counts
    assert [a.correct for a in s.answers()] == [False]
    s.reset()
    assert s.round == 1 and s.seed == "5" and s.students() == [] and s.answers() == []
    with pytest.raises(StoreError, match="kind"):
        s.record(Answer(1, 1, "poker", 1, 0, "5", "", 0, "", "hit", "hit", {}, 0, True, 1))


# -- summaries (hand-written answers) ---------------------------------------------------------
def test_summaries_by_hand() -> None:
    answers = [_a("Bo", 1, "5", 0, False, 0.4, 2), _a("Ada", 1, "5", 0, True, 0.0),
               _a("Ada", 2, "6", 2, False, 0.1), _a("Bo", 2, "6", 2, False, 0.3, 2),
               _a("Cy", 1, "½", 0, True, 0.0, 3)]
    board = scoreboard(answers)
    # Cy 1/1 and Ada 1/2 both have one right: fewer stakes lost first (Cy 0, Ada 0.1)
    assert [(b.name, b.right, b.answered) for b in board] == [("Cy", 1, 1), ("Ada", 1, 2),
                                                              ("Bo", 0, 2)]
    assert board[2].stakes_lost == pytest.approx(0.7)
    hm = heat_map(answers)
    assert hm.holes == ("½", "5", "6") and hm.totals == (0, 2)
    assert hm.cells[("5", 0)] == (1, 2) and hm.cells[("6", 2)] == (2, 2)
    assert hm.share("6", 2) == 1.0 and hm.share("½", 2) is None
    assert [a.cost for a in costliest(answers, 2)] == [0.4, 0.3]
    assert progress(answers)["Bo"] == [(1, 0.0, 0.4), (2, 0.0, 0.7)]


def test_every_class_word_in_every_language() -> None:
    keys = [k for k in TEXT if k.startswith("class.")]
    assert len(keys) > 40
    for k in keys:
        assert set(TEXT[k]) == set(LANGUAGES), k


# -- the class logic --------------------------------------------------------------------------
def test_answers_are_judged_against_the_exact_table(tmp_path: Path) -> None:
    room = Classroom.open(tmp_path / "c.db", seed=21, hands=4)
    with pytest.raises(BadCodeError):
        room.join("WRONG", "Ada")
    tokens = [room.join(room.store.class_code.lower(), n).token for n in ("Ada", "Bo")]
    lookup = player_lookup(room.rules, LEVELS[1].against)
    for token, choice in zip(tokens, ("stand", "hit"), strict=True):
        for hand in range(1, 5):
            assert room.answer(token, choice, hand) is not None
            assert room.answer(token, choice, hand) is None   # a second click
            room.next_hand(token)
    answers = room.store.answers()
    assert len(answers) == 8
    for a in answers:   # independent: the seed's hand and its row of the exact table
        q = deal_question("21", a.hand, LEVELS[1], False, lookup)
        row = lookup.row(q.hole, q.up)
        assert row is not None and a.hole == q.hole.label
        assert a.values == {"stand": row.stand_ev, "hit": row.hit_ev}
        assert a.cost == (0.0 if a.correct else row.cost_of_mistake)
        if not a.correct:
            assert a.choice != row.best and a.cost > 0
    # everyone got the same hands
    assert [a.cards for a in answers[:4]] == [a.cards for a in answers[4:]]
    view = room.student_view(tokens[0])
    assert view is not None and view.finished and view.answered == 4


def test_sessions_rebuild_from_the_store(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    room = Classroom.open(path, seed=4, hands=5)
    token = room.join(room.store.class_code, "Ada").token
    for hand in (1, 2):
        room.answer(token, "hit", hand)
        room.next_hand(token)
    room.answer(token, "stand", 3)
    before = room.student_view(token)
    again = Classroom.open(path)                       # a new process would do the same
    after = again.student_view(token)
    assert before is not None and after is not None
    assert (after.hand, after.right, after.answered, after.cards) == (
        before.hand, before.right, before.answered, before.cards)
    assert after.feedback is not None and after.feedback.choice == "stand"
    assert again.new_round() == 2
    fresh = again.student_view(token)
    assert fresh is not None and fresh.hand == 1 and fresh.answered == 0


# -- class-report -----------------------------------------------------------------------------
@pytest.fixture
def class_db(tmp_path: Path) -> Path:
    path = tmp_path / "class.db"
    room = Classroom.open(path, seed=8, hands=3)
    for name, choice in (("Ada", "stand"), ("Bo", "hit"), ("Cy", "stand")):
        token = room.join(room.store.class_code, name).token
        for hand in (1, 2, 3):
            room.answer(token, choice, hand)
            room.next_hand(token)
    room.store.close()
    return path


def test_class_report_json_text_csv(class_db: Path, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    store = ClassStore.open(class_db)
    answers = store.answers()
    assert main(["class-report", "--db", str(class_db), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["answers"] == 9 and got["round"] == 1 and got["seed"] == "8"
    assert got["right"] == sum(a.correct for a in answers)
    assert {r["name"] for r in got["scoreboard"]} == {"Ada", "Bo", "Cy"}
    assert sum(c["answers"] for c in got["heat_map"]) == 9
    assert main(["class-report", "--db", str(class_db), "--lang", "it"]) == 0
    assert "Resoconto della classe" in capsys.readouterr().out
    out = tmp_path / "board.csv"
    assert main(["class-report", "--db", str(class_db), "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == scoreboard_csv(load_summary(store))
    assert answers_csv(answers).count("\n") == 10


def test_class_report_pdf_is_one_page(class_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "class.pdf"
    assert main(["class-report", "--db", str(class_db), "--out", str(out), "--lang", "fr"]) == 0
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(re.findall(rb"/Type /Page\b(?!s)", data)) == 1


def test_class_report_bad_input(tmp_path: Path, class_db: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["class-report", "--db", str(tmp_path / "none.db")]) == 2
    assert "no class database" in capsys.readouterr().err
    assert main(["class-report", "--db", str(class_db), "--out", "x.txt"]) == 2
    assert ".csv or .pdf" in capsys.readouterr().err
    assert main(["class-report", "--db", str(class_db), "--round", "7"]) == 2
    assert "round 7" in capsys.readouterr().err
