"""The class server: its pages and routes, thirty students at once, a kill and a restart, and
the README's classroom section followed from start to stop.

The server runs in its own process (`bench.bench_classroom.start_server`) as a teacher starts
it, except for the route tests, which serve from a thread of the test process.
"""

from __future__ import annotations

import json
import re
import shlex
import signal
from pathlib import Path

import pytest

from bench.bench_classroom import (
    MEMORY_BUDGET_BYTES,
    P95_BUDGET_S,
    Client,
    Server,
    run_load,
    start_server,
    student,
)
from settemezzo.classroom_server.server import ClassServer
from settemezzo.classroom_server.service import Classroom
from settemezzo.classroom_server.store import ClassStore
from settemezzo.classroom_server.table import ClassTables

ROOT = Path(__file__).resolve().parents[2]


def _port(server: ClassServer) -> int:
    return int(server.server_address[1])


def test_join_answer_and_the_pages_run_no_script(served: ClassServer) -> None:
    c = Client(_port(served))
    status, page = c.request("POST", "/join", {"code": "nope", "name": "Ada"})
    assert status == 400 and "class code is not right" in page
    status, page = c.request("POST", "/join", {"code": served.room.store.class_code,
                                               "name": "  "})
    assert status == 400 and "Type a name" in page
    status, page = c.request("POST", "/join?lang=it", {"code": served.room.store.class_code,
                                                       "name": "<b>Ada</b>"})
    assert status == 200 and "Ciao, &lt;b&gt;Ada&lt;/b&gt;" in page and "<b>Ada</b>" not in page
    assert "<script" not in page and c.cookies["sm_lang"] == "it"
    status, _ = c.request("POST", "/answer", {"hand": "1", "choice": "fold"})
    assert status == 400
    hand = re.search(r'name="hand" value="(\d+)"', page)
    assert hand is not None
    page = c.click("/answer", {"hand": hand.group(1), "choice": "hit"})
    assert 'id="verdict"' in page and len(served.room.store.answers()) == 1
    page = c.click("/answer", {"hand": hand.group(1), "choice": "stand"})
    assert len(served.room.store.answers()) == 1              # a second click is not recorded


def test_teacher_code_guards_the_dashboard(served: ClassServer) -> None:
    kid = Client(_port(served))
    for path in ("/teacher/summary.json", "/teacher/answers.csv", "/teacher/summary.pdf"):
        assert kid.request("GET", path)[0] == 403
    assert kid.request("POST", "/teacher/reset", {"confirm": "yes"})[0] == 403
    status, page = kid.request("POST", "/teacher", {"code": "WRONG"})
    assert status == 403 and "teacher code is not right" in page
    teacher = Client(_port(served))
    status, page = teacher.request("POST", "/teacher", {"code": served.teacher_code})
    assert status == 200 and 'id="nobody"' in page and served.room.store.class_code in page
    student(_port(served), served.room.store.class_code, "Ada", 2, __import__("random").Random(1))
    page = teacher.request("GET", "/teacher")[1]
    assert 'id="scoreboard"' in page and "Ada" in page and 'id="heatmap"' in page
    assert teacher.request("GET", "/teacher/summary.pdf")[1].startswith("%PDF")
    rows = teacher.request("GET", "/teacher/answers.csv")[1].splitlines()
    assert rows[0].startswith("name,round,kind") and len(rows) == 3
    teacher.request("POST", "/teacher/reset", {})              # not confirmed: nothing happens
    assert len(served.room.store.answers()) == 2
    teacher.request("POST", "/teacher/new-round", {})
    summary = json.loads(teacher.request("GET", "/teacher/summary.json")[1])
    assert summary["round"] == 2 and summary["seed"] == "4" and summary["answers"] == 0
    # the one JSON writer of every output (settemezzo.fileio.json_text), as class-report --json
    assert summary["rules_spec"] == served.room.rules.spec()
    teacher.request("POST", "/teacher/reset", {"confirm": "yes"})
    assert served.room.store.answers() == [] and served.room.store.round == 1


@pytest.mark.slow
def test_thirty_students_at_once() -> None:
    """The load test of ``python -m bench classroom`` with one hand at the table each (not
    three): every answer recorded, the memory budget of issue #16, and no stall.

    The click budget (p95 within `P95_BUDGET_S`, 150 ms) is the benchmark's to measure: here
    the other test worker shares the two cores, and a loaded CI machine measured 166 ms.
    This test only fails a server that stalls (a p95 over `STALL_S`)."""
    result = run_load(students=30, hands=10, seed=2, time_limit=90, table_hands=1)
    print(result.report())
    assert result.recorded == 300 and result.table_decisions >= 1
    assert len(result.clicks) >= 30 * (1 + 10 + 9 + 2)    # join, trainer, a table hand
    assert result.p95 <= STALL_S, result.report()
    assert result.peak_bytes <= MEMORY_BUDGET_BYTES, result.report()


STALL_S = 10 * P95_BUDGET_S
"""A p95 click slower than this is a stalled server, whatever else the machine does."""


def test_tables_of_students_at_once() -> None:
    """The load of ``python -m bench.bench_classroom_tables``, smaller (two tables of three
    Spanish students, two rounds): every game ends, the decisions are judged, no stall."""
    from bench.bench_classroom_tables import run_tables

    result = run_tables(tables=2, seats=3, hands=2, seed=3, time_limit=150, arrival_s=1.0,
                        judge_limit=300)
    print(result.report())
    assert result.games_over == 2 and len(result.judge_latencies) >= 2 * 3 * 2
    assert result.p95 <= STALL_S, result.report()


def test_killed_server_loses_no_answer(tmp_path: Path) -> None:
    db = tmp_path / "class.db"
    server = start_server(db, ["--seed", "9", "--hands", "4"])
    codes = (server.class_code, server.teacher_code)
    kids = [Client(server.port) for _ in range(3)]
    seen = []
    for i, kid in enumerate(kids):
        page = kid.click("/join", {"code": server.class_code, "name": f"Kid {i}"})
        for _ in range(2 + i % 2):
            m = re.search(r'name="hand" value="(\d+)"', page)
            assert m is not None
            page = kid.click("/answer", {"hand": m.group(1), "choice": "hit"})
            seen.append(re.search(r'id="verdict">(.*?)</p>', page).group(1))  # type: ignore[union-attr]
            page = kid.click("/next", {})
    assert server.stop(signal.SIGKILL) == -signal.SIGKILL      # no clean shutdown at all
    again = start_server(db)
    try:
        # the class code stays; the teacher code is new at every start, the old one refused
        assert again.class_code == codes[0] and again.teacher_code != codes[1]
        assert ClassStore.open(db).check_teacher(again.teacher_code)
        assert not ClassStore.open(db).check_teacher(codes[1])
        store = ClassStore.open(db)
        assert len(store.answers()) == len(seen) == 7
        for i, kid in enumerate(kids):                          # the same browsers carry on
            kid.conn = type(kid.conn)("127.0.0.1", again.port, timeout=30)
            kid.origin = f"http://127.0.0.1:{again.port}"
            page = kid.request("GET", "/play")[1]     # the last verdict again ('Next' is
            assert f"Hand {2 + i % 2} of 4" in page and 'id="verdict"' in page   # not stored)
            page = kid.click("/next", {})
            assert f"Hand {3 + i % 2} of 4" in page and f"Kid {i}" in page
    finally:
        assert again.stop() == 0


def _readme_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## The whole class at once")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def _readme_tables(section: str, server: Server, ada: Client) -> None:
    """The README's tables: the teacher presses "Open a table", two students press "Play at
    the table" and "Sit at table 1", and play at it together."""
    for button in ("Open a table", "Play at the table", "Sit at table 1", "New game"):
        assert f"**{button}**" in section
    teacher = Client(server.port)
    board = teacher.click("/teacher", {"code": server.teacher_code})
    assert ">Open a table</button>" in board
    form = dict(re.findall(r'name="(\w+)"[^>]*value="([^"]*)"',
                           board.split('id="open_table_form"')[1].split("</form>")[0]))
    board = teacher.click("/teacher/table", {**form, "rules": ""})
    bea = Client(server.port)
    bea.click("/join", {"code": server.class_code, "name": "Bea"})
    for kid in (ada, bea):
        page = kid.request("GET", "/play")[1]
        assert ">Play at the table</a>" in page
        page = kid.request("GET", "/table")[1]
        assert ">Sit at table 1</button>" in page
        page = kid.click("/table/sit", {"table": "1"})
    assert "<b>Ada</b> (you" in ada.request("GET", "/table")[1] and "<b>Bea</b> (you" in page
    page = ada.request("GET", "/table")[1]
    assert "Your turn." in page and 'id="stake"' in page and "holds the bank" in page


def test_readme_classroom_section_start_join_stop(tmp_path: Path) -> None:
    """Follow the README: the start command (its port and file replaced by free ones), the
    student joining with the printed code, Ctrl+C, the report command."""
    section = _readme_section()
    start_cmd = re.search(r"^(settemezzo classroom .*)$", section, re.M)
    report_cmd = re.search(r"^(settemezzo class-report .*?)(?:\s+#.*)?$", section, re.M)
    assert start_cmd and report_cmd and "make classroom" in section and "Ctrl+C" in section
    args = shlex.split(start_cmd.group(1))[2:]
    assert args[args.index("--host") + 1] == "0.0.0.0"
    db_name = args[args.index("--db") + 1]
    for option in ("--port", "--db"):            # start_server passes a free port and a file
        i = args.index(option)
        del args[i:i + 2]
    server = start_server(tmp_path / db_name, args)
    try:
        assert server.url.startswith("http://") and "/teacher" in server.lines[-2]
        teacher_line = server.lines[-1]
        assert teacher_line.startswith("teacher code: ") and "do not project" in teacher_line
        kid = Client(server.port)
        page = kid.click("/join", {"code": server.class_code.lower(), "name": "Ada"})
        assert "Hello, Ada" in page and 'id="stand"' in page
        _readme_tables(section, server, kid)
    finally:
        assert server.stop(signal.SIGINT) == 0                   # Ctrl+C
    assert any("every answer is kept" in line for line in server.lines)
    from settemezzo.cli import main

    report = shlex.split(report_cmd.group(1))[1:]
    report[report.index("--db") + 1] = str(tmp_path / db_name)
    out = tmp_path / "class.pdf"
    if "--out" in report:
        report[report.index("--out") + 1] = str(out)
    assert main(report) == 0


def test_the_table_records_judged_decisions(served: ClassServer) -> None:
    """At a table of her own: stake, hit or stand until the hand ends; each judged decision
    is recorded, once the judge's worker is done, as `judge_move` judges it on the game
    replayed here from the recorded moves up to that decision, with its kind, the banker
    and the table; a right answer costs nothing, a wrong one the gap to the best value; a
    server started again on the file replays the moves into the same table."""
    from settemezzo.classroom_server.table import TableOptions, table_rules, table_seed
    from settemezzo.simulate.tablegame import TableGame
    from settemezzo.teaching.judge import judge_move

    kid = Client(_port(served))
    page = kid.click("/join", {"code": served.room.store.class_code, "name": "Ada"})
    assert 'href="/table"' in page
    served.tables.ready.wait(120)
    page = kid.request("GET", "/table")[1]
    assert 'id="own_table"' in page and 'id="no_tables"' in page and "<script" not in page
    page = kid.click("/table/own", {})
    assert 'id="stake"' in page and "<script" not in page
    assert kid.request("POST", "/table", {"seq": "x", "action": "stake"})[0] == 400
    seq = int(re.search(r'name="seq" value="(\d+)"', page).group(1))  # type: ignore[union-attr]
    page = kid.click("/table", {"seq": str(seq), "action": "stake", "amount": "2"})
    kid.click("/table", {"seq": str(seq), "action": "stake", "amount": "2"})   # an old page
    table = served.tables.rows()[0]
    kept = served.room.store.moves(table.id, 1)
    assert [(m.action, m.amount, m.student) for m in kept if m.student] == [("stake", 2, 1)]
    mine = 0
    while 'id="hit"' in page and mine < 8:
        seq = int(re.search(r'name="seq" value="(\d+)"', page).group(1))  # type: ignore[union-attr]
        page = kid.click("/table", {"seq": str(seq),
                                    "action": "hit" if mine == 0 else "stand"})
        mine += 1
    served.tables.wait_judged()
    judged = [a for a in served.room.store.answers(kind="table") if a.decision == "play"]
    assert len(judged) == mine >= 1  # every stand or hit in a plain hand is judged
    options = TableOptions.from_json(table.options)
    moves = served.room.store.moves(table.id, 1)
    for a in judged:
        g = TableGame(table_rules(served.room.rules, options), students=options.seats - 1,
                      computers=0, seed=table_seed(table.seed))
        for m in moves[:a.step]:
            g.stake(m.amount) if m.action == "stake" else getattr(g, m.action)()  # type: ignore[func-returns-value]
        j = judge_move(g, moves[a.step].seat, moves[a.step].action, moves[a.step].amount,
                       options.tolerance)
        assert j is not None and a.values == dict(j.values) and a.best == j.best
        assert (a.correct, a.cost) == (j.right, j.cost)
        assert a.cost == 0.0 if a.correct else a.cost > 0
        assert (a.banker, a.table, a.game) == (j.banker, table.id, 1)
    # a server started again on the file replays the moves: the same table
    token = served.room.store.students()[0].token
    again = ClassTables(Classroom.open(served.room.store.path), tick_seconds=0)
    before, after = served.tables.screen(token), again.screen(token)
    assert before is not None and after is not None
    assert after.seats == before.seats and after.seq == before.seq
    again.close()


def test_the_minimal_judge_values_stand_or_hit_as_advise_does(served: ClassServer) -> None:
    """The values of a stand-or-hit judgement are the exact engine's, computed here
    independently by `settemezzo.advice.advise` for the same cards."""
    from settemezzo.results.answers import advise
    from settemezzo.simulate.tablegame import TableGame
    from settemezzo.teaching.judge import judge_move

    g = TableGame(served.room.rules, students=1, computers=0, seed=4)
    g.stake(g.default_stake())
    j = judge_move(g, 1, "stand")
    assert j is not None and g.view is not None
    ref = advise(str(g.view.hand[0]), [str(c) for c in g.view.hand[1:]],
                 rules=served.room.rules)
    assert j.values["stand"] == pytest.approx(float(ref.stand_ev), abs=1e-9)
    assert j.values["hit"] == pytest.approx(float(ref.hit_ev), abs=1e-9)
