"""What the command line loads: building the parser and running a light command import
only what that command needs (`bench/bench_cli.py` times it).

Each check runs in a fresh interpreter, since the test session has long loaded everything.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("numpy", "pandas", "scipy", "numba", "matplotlib", "ipywidgets", "tqdm")
"""Libraries that take a tenth of a second or more to import."""


def _loaded(code: str, libraries: tuple[str, ...] = HEAVY) -> set[str]:
    """Which of ``libraries`` (default: the heavy ones) are loaded after running ``code`` in
    a fresh interpreter."""
    probe = (f"import sys\n{code}\nimport json\n"
             f"print(json.dumps(sorted(m for m in {libraries!r} if m in sys.modules)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def test_building_the_parser_loads_no_heavy_library() -> None:
    assert _loaded("from settemezzo.cli import build_parser\nbuild_parser('it')") == set()


@pytest.mark.parametrize("argv", [["odds", "--hole", "5"], ["odds", "--help"], ["--help"],
                                  ["solve", "--rules", "nosuch"], ["play", "--seed", "-1"]])
def test_a_light_command_loads_no_heavy_library(argv: list[str]) -> None:
    code = ("import contextlib, io\nfrom settemezzo.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()), "
            "contextlib.redirect_stderr(io.StringIO()):\n"
            f"    main({argv!r})")
    assert _loaded(code) == set()


def test_evaluate_loads_no_more_than_the_engine_it_asks() -> None:
    # two rules of thumb: the command adds nothing to what the evaluation itself imports
    engine = _loaded("from settemezzo.rules import ITALIAN\n"
                     "from settemezzo.solve import evaluate, expected_stake\n"
                     "from settemezzo.game import restriction_codes\n"
                     "evaluate('threshold:5', 'threshold:5', ITALIAN, None)\n"
                     "expected_stake('threshold:5', 'threshold:5', ITALIAN, None)\n"
                     "restriction_codes(ITALIAN)")
    command = _loaded("import contextlib, io\nfrom settemezzo.cli import main\n"
                      "with contextlib.redirect_stdout(io.StringIO()):\n"
                      "    main(['evaluate', '--player', 'threshold:5', '--banker', "
                      "'threshold:5'])")
    assert command <= engine, command - engine


COMMAND_MODULES = ("chart", "classroom", "deck", "odds", "play", "simulate", "solve")


@pytest.mark.parametrize(("argv", "module"), [
    (["odds", "--hole", "5"], "odds"),
    (["evaluate", "--player", "threshold:5", "--banker", "threshold:5"], "solve"),
    (["--help"], None)])
def test_a_command_imports_its_own_module_only(argv: list[str], module: str | None) -> None:
    code = ("import contextlib, io\nfrom settemezzo.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    main({argv!r})")
    modules = tuple(f"settemezzo.cli.{m}" for m in COMMAND_MODULES)
    assert _loaded(code, modules) == ({f"settemezzo.cli.{module}"} if module else set())


def test_evaluate_loads_babel_only_of_the_libraries() -> None:
    # two rules of thumb: no game tree, no numpy; Babel formats the numbers shown
    code = ("import contextlib, io\nfrom settemezzo.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    main(['evaluate', '--player', 'threshold:5', '--banker', 'threshold:5'])")
    assert _loaded(code, (*HEAVY, "babel")) == {"babel"}
