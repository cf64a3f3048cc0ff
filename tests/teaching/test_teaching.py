"""The teaching logic, and that it stands without the widgets.

The classroom server and the terminal table import neither `settemezzo.widgets` nor
ipywidgets (read from their source, lazy imports included), and both still run in a process
where ``import ipywidgets`` raises. The judge agrees with the trainer; the cached lookups
agree with a count of the cards; the trainer session deals and scores as it promises.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import settemezzo
from settemezzo.cards import Kind
from settemezzo.errors import IllegalActionError, InputError
from settemezzo.rules import ITALIAN
from settemezzo.teaching import lookup as lk
from settemezzo.teaching.judge import TOLERANCE, is_tie, judge
from settemezzo.teaching.trainer import LEVELS, TrainerSession

K = Kind

PACKAGE = Path(settemezzo.__file__).parent
ROOT = PACKAGE.parent
FORBIDDEN = ("ipywidgets", "settemezzo.widgets")
WITHOUT_WIDGETS = ("teaching", "classroom_server", "cli/play.py")
"""The teaching package, the classroom server and the terminal table (paths in the package)."""


def imported_modules(source: str) -> set[str]:
    """Every module a source imports, at the top or inside a function (``from . import x``
    counts as the package)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return found


def forbidden_imports(source: str) -> set[str]:
    """The imports of ``source`` that reach the widgets or ipywidgets."""
    return {m for m in imported_modules(source)
            if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)}


def _sources() -> list[Path]:
    out: list[Path] = []
    for name in WITHOUT_WIDGETS:
        path = PACKAGE / name
        out += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return out


def test_server_table_and_teaching_import_no_widgets() -> None:
    files = _sources()
    assert len(files) >= 10 and all(f.is_file() for f in files)  # the modules are read
    bad = {str(f.relative_to(ROOT)): sorted(forbidden_imports(f.read_text(encoding="utf-8")))
           for f in files}
    assert {f: m for f, m in bad.items() if m} == {}


def test_the_import_check_catches_a_lazy_widget_import() -> None:
    lazy = "def f():\n    from settemezzo.widgets.tableview import log_lines\n"
    assert forbidden_imports(lazy) == {"settemezzo.widgets.tableview",
                                       "settemezzo.widgets.tableview.log_lines"}
    assert forbidden_imports("import ipywidgets as W\n") == {"ipywidgets"}
    assert forbidden_imports("from settemezzo import widgets\n") == {"settemezzo.widgets"}
    assert forbidden_imports("from settemezzo.teaching import lookup\n") == set()
    assert forbidden_imports("import settemezzo.widgetsmith\n") == set()


BLOCKER = '''
import importlib.abc, sys

class Blocker(importlib.abc.MetaPathFinder):
    """``import ipywidgets`` raises, as where it is not installed."""
    def find_spec(self, name, path=None, target=None):
        if name == "ipywidgets" or name.startswith("ipywidgets."):
            raise ImportError(f"ipywidgets is blocked in this test ({name})")
        return None

sys.meta_path.insert(0, Blocker())
try:
    import ipywidgets  # noqa: F401
except ImportError:
    pass
else:
    raise SystemExit("the blocker let ipywidgets in")
'''

PLAY = BLOCKER + """
import io, runpy

def play(*args, stdin=""):
    sys.argv = ["settemezzo", "play", "--seed", "3", "--lang", "it", *args]
    sys.stdin = io.StringIO(stdin)
    try:
        runpy.run_module("settemezzo", run_name="__main__")
    except SystemExit as e:
        assert not e.code, e.code

play("--auto")                                            # a game of computers, its log
print("=====")
play("--students", "1", "--computers", "1", stdin="\\ns\\nq\\n")  # stake, stand, quit
print("=====")
print("WIDGETS LOADED" if "settemezzo.widgets" in sys.modules else "NO WIDGETS")
"""

SERVER = BLOCKER + '''
import json, random, tempfile, threading
from pathlib import Path
from bench.bench_classroom import Client, student
from settemezzo.classroom_server.server import make_server

server = make_server(Path(tempfile.mkdtemp()) / "c.db", seed=3, hands=2)
threading.Thread(target=server.serve_forever, daemon=True).start()
port = int(server.server_address[1])
home = Client(port).request("GET", "/")
student(port, server.room.store.class_code, "Ada", 2, random.Random(1), table_hands=1)
store = server.room.store
moves = store.moves(store.students()[0].id, store.round)
trainer = len(store.answers(kind="trainer"))
server.shutdown()
print(json.dumps({"home": home[0], "trainer": trainer, "table_moves": len(moves),
                  "widgets": "settemezzo.widgets" in sys.modules}))
'''


def _run(script: str, timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout, check=False)


@pytest.mark.slow
def test_the_terminal_table_plays_without_ipywidgets() -> None:
    done = _run(PLAY, 300)
    assert done.returncode == 0, done.stderr[-2000:]
    auto, hand, loaded = done.stdout.split("=====\n")
    assert "Mano " in auto and "(banco)" in auto            # the log, in Italian
    assert "Studente 1" in hand and "Mano 1:" in hand       # the seats and the hand's log
    assert loaded.strip() == "NO WIDGETS"


@pytest.mark.slow
def test_the_classroom_server_serves_without_ipywidgets() -> None:
    done = _run(SERVER, 300)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["home"] == 200 and seen["trainer"] == 2 and seen["table_moves"] >= 1
    assert seen["widgets"] is False


def test_the_blocker_blocks() -> None:
    done = _run(BLOCKER + "\nimport ipywidgets\n", 60)
    assert done.returncode != 0 and "ipywidgets is blocked" in done.stderr


# ---------------------------------------------------------------------------------------------
# the judge
# ---------------------------------------------------------------------------------------------

def test_the_judge_agrees_with_the_trainer_session() -> None:
    s = TrainerSession(seed=11, level=2, hands=4)
    for i in range(4):
        row = s.row()
        wrong = "hit" if row.best == "stand" else "stand"
        fb = s.answer(wrong)
        # right within the tolerance (docs/rules.md: 0.01 stakes by default)
        assert fb.correct == (abs(row.margin) <= TOLERANCE) and fb.correct == fb.tie
        if is_tie(row.best, row.margin):
            assert fb.correct
        assert fb.cost == (0.0 if fb.tie else row.cost_of_mistake) and fb.cost >= 0
        if i < 3:
            s.next()


def test_the_judge_on_ties_and_mistakes() -> None:
    assert judge("hit", "stand", -0.3, 0.3) == (False, 0.3)
    assert judge("stand", "stand", -0.3, 0.3) == (True, 0.0)
    assert judge("hit", "mixed", 0.0, 0.0) == (True, 0.0)
    assert judge("stand", "either", 0.0, 0.0) == (True, 0.0)
    assert judge("stand", "hit", 1e-12, 1e-12) == (True, 0.0)   # within the solver's precision


# ---------------------------------------------------------------------------------------------
# lookups: the cached tables agree with the engine
# ---------------------------------------------------------------------------------------------

def test_lookup_bust_chances_match_a_count_of_the_cards() -> None:
    # every hand state's bust chance, against a count by hand: of the 40 - n unseen cards,
    # those whose value takes the total over 7½ (12 figures worth ½, four of each 1..7)
    table = lk.player_lookup(ITALIAN, "threshold:5")
    assert len(table) == 4389
    deck = {1: 12, **{2 * v: 4 for v in range(1, 8)}}    # half-points -> cards in the deck
    for (hole, up), row in table.rows.items():
        hand = [k.half_points for k in (hole, *up)]
        left = {v: n - hand.count(v) for v, n in deck.items()}
        busting = sum(n for v, n in left.items() if sum(hand) + v > 15)
        assert row.bust_if_hit == pytest.approx(busting / (40 - len(hand)), abs=1e-12)


def test_lookup_answers_at_once_after_the_first_build() -> None:
    import time

    lk.player_lookup(ITALIAN, "threshold:5")
    t0 = time.perf_counter()
    for _ in range(1000):
        lk.player_lookup(ITALIAN, "threshold:5").row(K.FIVE, (K.ACE,))
    assert time.perf_counter() - t0 < 0.1  # 1000 lookups well under 0.1 ms each


def test_hard_cases_have_the_smallest_margins() -> None:
    table = lk.player_lookup(ITALIAN, "threshold:5")
    hard = table.hard_cases(10, max_up=2)
    assert len(hard) == 10
    worst = max(r.cost_of_mistake for r in hard)
    easier = [r for r in table.rows.values() if len(r.up) <= 2 and r.cost_of_mistake > worst]
    assert len(easier) > 100 and all(r.cost_of_mistake > 1e-9 for r in hard)


# ---------------------------------------------------------------------------------------------
# the trainer session
# ---------------------------------------------------------------------------------------------

def test_same_seed_same_hands_whatever_the_answers() -> None:
    a = TrainerSession(seed=42, level=2, hands=6)
    b = TrainerSession(seed=42, level=2, hands=6)
    c = TrainerSession(seed=43, level=2, hands=6)
    qa, qb, qc = [], [], []
    for i in range(6):
        qa.append(a.question.cards)
        qb.append(b.question.cards)
        qc.append(c.question.cards)
        a.answer("stand")
        b.answer("hit")
        c.answer("hit")
        if i == 2:
            b.retry()
            b.answer("stand")
        if i < 5:
            a.next()
            b.next()
            c.next()
    assert qa == qb and qa != qc


def test_levels_deal_what_they_promise() -> None:
    s1 = TrainerSession(seed=5, level=1, hands=5)
    for i in range(5):
        assert len(s1.question.cards) == 1
        s1.answer("hit")
        if i < 4:
            s1.next()
    s3 = TrainerSession(seed=5, level=3, hands=1)
    assert s3.lookup.against == "equilibrium" and LEVELS[1].against == "threshold:5"


def test_scoring_right_wrong_and_retry() -> None:
    s = TrainerSession(seed=11, level=2, hands=3)
    row = s.row()
    wrong = "hit" if row.best == "stand" else "stand"
    fb = s.answer(wrong)
    assert not fb.correct and fb.cost == pytest.approx(row.cost_of_mistake)
    with pytest.raises(IllegalActionError, match="answered already"):
        s.answer(row.best)
    s.retry()
    fb2 = s.answer(row.best)
    assert fb2.correct and fb2.retry and fb2.cost == 0
    assert (s.answered, s.right) == (1, 0)          # the retry is not scored
    assert s.stakes_lost == pytest.approx(row.cost_of_mistake)
    s.next()
    s.answer(s.row().best)
    s.next()
    s.answer(s.row().best)
    assert s.finished and s.right == 2 and s.accuracy == pytest.approx(2 / 3)
    with pytest.raises(IllegalActionError, match="all done"):
        s.next()
    df = s.summary()
    assert list(df["correct"]) == [False, True, True]
    assert df["accuracy"].iloc[-1] == pytest.approx(2 / 3)


def test_hard_mode_draws_small_margins() -> None:
    s = TrainerSession(seed=1, level=2, hard=True, hands=8)
    pool = {(r.hole, r.up) for r in s.lookup.hard_cases(24, 3)}
    for i in range(8):
        assert (s.question.hole, s.question.up) in pool
        s.answer("stand")
        if i < 7:
            s.next()


def test_trainer_rejects_bad_settings() -> None:
    with pytest.raises(InputError, match="level"):
        TrainerSession(level=9)
    with pytest.raises(InputError, match="hands"):
        TrainerSession(hands=0)
    with pytest.raises(InputError, match="'fold'"):
        TrainerSession().answer("fold")
