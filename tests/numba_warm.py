"""The solver's compiled kernels and the compiled simulator, compiled once per test run
(``tests/conftest.py``).

On a fresh clone numba's cache (``cache=True``, in the packages' ``__pycache__``) is empty:
compiling the solver's kernels (`settemezzo.solve.kernels`) takes seconds of one core, the
simulator (`settemezzo.simulate`) most of two minutes. Under pytest-xdist each worker would
compile them for itself, at the same time. Instead the controller starts
``python -m tests.numba_warm DONE`` at once, in the background: it compiles the kernels first
and writes `solver_done` (``DONE.solver``), then the simulator, and writes ``DONE``. Each
worker waits for the file of what it is about to compile (`wait_in_this_process`): a solver's
test for the kernels only, not for the simulator; it then loads what the warm-up wrote to the
cache. The workers run other tests meanwhile. With a warm cache the warm-up only loads it
(seconds). `make test` compiles it even earlier, while mypy runs (see `main`).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import Any

ENV = "SETTEMEZZO_TEST_NUMBA_WARM"
"""The file the warm-up writes when it is over (set by the controller, read by workers)."""

PATIENCE = 600.0
"""Seconds a worker waits at most; then it compiles for itself (a test run never hangs)."""


def solver_done(done: Path) -> Path:
    """The file the warm-up writes when the solver's kernels are compiled (before ``done``)."""
    return done.with_name(done.name + ".solver")


def warm_solver() -> None:
    """Compile (or load) the solver's kernels: the banker's programme (best replies and fixed
    rules), the player's backward induction and the certificate."""
    from settemezzo import solve
    from settemezzo.rules import ITALIAN

    solve.equilibrium(ITALIAN)


def warm_simulator() -> None:
    """Compile (or load) what the tests use of the simulator: a whole table of bots, a table
    banker reading the players (its posterior), the hand total a seat's view shows."""
    from settemezzo.simulate import dealing, simulate

    simulate("italian", players=2, hands=200, seed=0, chips=None)
    simulate("spanish", players=2, hands=200, seed=0, banker="table")
    dealing.total(0, 0)


def awaited(module: str, done: Path) -> Path | None:
    """The file a function of ``module`` waits for before compiling: ``done`` for the
    simulator's, `solver_done` for the rest of the package's (the solver's kernels), none for
    other packages'."""
    if module.startswith("settemezzo.simulate"):
        return done
    return solver_done(done) if module.startswith("settemezzo.") else None


def wait_in_this_process() -> None:
    """Make every compiled function of the package wait for its part of the warm-up before
    compiling (numba calls ``_compile_for_args`` only when no compiled version matches the
    call); numba's module is imported here, the package's modules only when the tests do."""
    done = os.environ.get(ENV)
    if not done:
        return
    from numba.core.dispatcher import Dispatcher

    dispatcher: Any = Dispatcher  # ``_compile_for_args`` is not in numba's type hints
    compile_for_args = dispatcher._compile_for_args

    def compile_after_the_warm_up(self: Any, *args: Any, **kwargs: Any) -> Any:
        file = awaited(getattr(self.py_func, "__module__", None) or "", Path(done))
        t0 = time.monotonic()
        while file is not None and not file.exists() and time.monotonic() - t0 < PATIENCE:
            time.sleep(0.2)
        return compile_for_args(self, *args, **kwargs)

    dispatcher._compile_for_args = compile_after_the_warm_up


def main(argv: list[str]) -> int:
    """``DONE``: warm up, writing `solver_done` then ``DONE`` (what the test run's controller
    starts).
    ``--start DONE -- COMMAND...``: start that warm-up in the background, run ``COMMAND`` and
    exit with its code, not waiting for the warm-up: `make test` runs mypy so (one core busy
    for half a minute), then the tests with `ENV` set to ``DONE``, whose workers run what
    needs no compiling until the warm-up is over. ``-- COMMAND...``: warm up while ``COMMAND``
    runs, and exit with its code when both are over."""
    if argv[:1] == ["--start"] and argv[2:3] == ["--"]:
        done = Path(argv[1]).resolve()
        done.unlink(missing_ok=True)
        solver_done(done).unlink(missing_ok=True)
        with done.with_suffix(".log").open("w") as log:
            subprocess.Popen([sys.executable, "-m", "tests.numba_warm", str(done)],
                             stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        return subprocess.call(argv[3:])
    if argv[:1] == ["--"]:
        command = subprocess.Popen(argv[1:])
        try:
            warm_solver()
            warm_simulator()
        except Exception:  # the tests compile it again and fail there: the command's result
            traceback.print_exc()
        return command.wait()
    done = Path(argv[0])
    try:
        try:
            warm_solver()
        finally:
            solver_done(done).write_text("done\n", encoding="utf-8")
        warm_simulator()
    finally:
        done.write_text("done\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
