"""The README's section "The whole class at once", followed step by step: its command starts
the server (on a free port of this machine), the lines it prints have the README's shape,
the teacher opens the dashboard with the teacher code and presses **Open a table**, two
students type the class code and a name, press **Play at the table** and **Sit at table 1**,
see their own face-down card, whose turn it is and who holds the bank, play the game out
and see its winner and **New game**. Every bold button word of the section's tables step is
checked on the page where the README says it is.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from bench.bench_classroom import ROOT, Client, wait_for_server

SECTION = "## The whole class at once"


def _section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.index("\n## ", start + len(SECTION))
    return text[start:end]


def _command(section: str) -> list[str]:
    """The README's own command line, with a free port of this machine and its own file."""
    line = next(x for x in section.splitlines() if x.startswith("settemezzo classroom"))
    return shlex.split(line)


def _bold(bullet: str) -> list[str]:
    return re.findall(r"\*\*(.+?)\*\*", bullet)


def _own_seat(page: str, name: str) -> str:
    me = re.search(rf'<div class="seat" id="seat\d"[^>]*><b>{name}</b> \(you.*?</div></div>',
                   page, re.S)
    assert me is not None, page
    return me.group(0)


def _play_out(kids: dict[str, Client], limit: int = 400) -> tuple[str, set[str]]:
    """Each student moves on their turn (the least stake, stand), until the game is over;
    the last page, and the students who saw their own face-down card drawn as such."""
    page, saw = "", set()
    for _ in range(limit):
        for name, kid in kids.items():
            page = kid.request("GET", "/table")[1]
            if 'id="over"' in page:
                return page, saw
            if 'class="down"' in _own_seat(page, name):
                saw.add(name)
            seq = re.search(r'name="seq" value="(\d+)"', page)
            if seq is None:
                continue
            if "Your turn." in page and 'id="stake"' in page:
                low = re.search(r'id="amount" min="(\d+)"', page)
                assert low is not None
                kid.click("/table", {"seq": seq.group(1), "action": "stake",
                                     "amount": low.group(1)})
            elif "Your turn." in page and 'id="stand"' in page:
                kid.click("/table", {"seq": seq.group(1), "action": "stand"})
            elif 'id="next_hand"' in page:
                kid.click("/table", {"seq": seq.group(1), "action": "next_hand"})
    raise AssertionError(f"the game did not end in {limit} looks: {page[-400:]!r}")


def test_the_readme_seats_students_at_a_table(tmp_path: Path) -> None:
    section = _section()
    cmd = _command(section)
    assert cmd[:2] == ["settemezzo", "classroom"] and "--db" in cmd and "--port" in cmd
    args = cmd[2:]
    args[args.index("--port") + 1] = "0"
    args[args.index("--host") + 1] = "127.0.0.1"          # this machine only, in a test
    db = tmp_path / args[args.index("--db") + 1]
    args[args.index("--db") + 1] = str(db)
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "settemezzo", "classroom", *args],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    server = wait_for_server(proc, db)
    try:
        printed = [x for x in section.splitlines() if x.startswith(("Class open at",
                                                                      "teacher code:"))]
        shape = [re.escape(x) for x in printed]
        shape[0] = re.sub(r"http://[^ ]+?:8867", "http://[^ ]+", shape[0])
        shape[0] = shape[0].replace("7KQ2M", r"\w+")
        shape[1] = shape[1].replace("X4P9RW2C", r"\w+")
        for pattern in shape:
            assert any(re.fullmatch(pattern.replace(r"\ ", " "), line)
                       for line in server.lines), (pattern, server.lines)
        tables_step = next(x for x in section.split("\n- ") if x.startswith("**Tables.**"))
        words = _bold(tables_step)
        assert words[1:] == ["Open a table", "Play at the table", "Sit at table 1", "New game"]
        teacher = Client(server.port)
        board = teacher.request("POST", "/teacher", {"code": server.teacher_code})[1]
        assert f">{words[1]}</button>" in board
        teacher.click("/teacher/table", {"seats": "3", "rules": "", "timeout": "0",
                                         "feedback": "now", "tolerance": "0.01",
                                         "hands": "1"})
        kids = {}
        for name in ("Ada", "Bruno"):
            kid = Client(server.port)
            page = kid.click("/join", {"code": server.class_code, "name": name})
            assert f">{words[2]}</a>" in page             # Play at the table
            page = kid.request("GET", "/table")[1]
            assert f">{words[3]}</button>" in page        # Sit at table 1
            page = kid.click("/table/sit", {"table": "1"})
            assert 'id="turn"' in page and "holds the bank for this hand." in page
            kids[name] = kid
        over, saw = _play_out(kids)
        assert saw == set(kids)                   # each saw her own face-down card, marked
        assert "wins the game" in over and f">{words[4]}</button>" in over   # New game
        board = teacher.request("GET", "/teacher")[1]
        assert 'id="table1"' in board and "Ada" in board and "Bruno" in board
    finally:
        assert server.stop() == 0
