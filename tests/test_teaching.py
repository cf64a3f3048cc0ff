"""The teaching logic stands without the widgets: the classroom server and the terminal table
import neither `settemezzo.widgets` nor ipywidgets (read from their source, lazy imports
included), and both still run in a process where ``import ipywidgets`` raises.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import settemezzo
from settemezzo.teaching.judge import is_tie, judge
from settemezzo.teaching.trainer import TrainerSession

PACKAGE = Path(settemezzo.__file__).parent
ROOT = PACKAGE.parent
FORBIDDEN = ("ipywidgets", "settemezzo.widgets")
WITHOUT_WIDGETS = ("teaching", "classroom_server", "cli_play.py")
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
    assert "Mano 1:" in auto and "Banco" in auto            # the log, in Italian
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


# -- the judge ---------------------------------------------------------------------------------

def test_the_judge_agrees_with_the_trainer_session() -> None:
    s = TrainerSession(seed=11, level=2, hands=4)
    for i in range(4):
        row = s.row()
        wrong = "hit" if row.best == "stand" else "stand"
        fb = s.answer(wrong)
        assert (fb.correct, fb.cost) == judge(wrong, row.best, row.margin, row.cost_of_mistake)
        assert fb.tie == is_tie(row.best, row.margin) and fb.correct == fb.tie
        assert fb.cost == (0.0 if fb.tie else row.cost_of_mistake) and fb.cost >= 0
        if i < 3:
            s.next()


def test_the_judge_on_ties_and_mistakes() -> None:
    assert judge("hit", "stand", -0.3, 0.3) == (False, 0.3)
    assert judge("stand", "stand", -0.3, 0.3) == (True, 0.0)
    assert judge("hit", "mixed", 0.0, 0.0) == (True, 0.0)
    assert judge("stand", "either", 0.0, 0.0) == (True, 0.0)
    assert judge("stand", "hit", 1e-12, 1e-12) == (True, 0.0)   # within the solver's precision
