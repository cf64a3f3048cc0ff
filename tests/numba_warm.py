"""The compiled simulator and the solver's compiled banker programme, compiled once per test
run (``tests/conftest.py``).

On a fresh clone numba's cache (``cache=True``, in ``settemezzo/simulate/__pycache__`` and
``settemezzo/__pycache__``) is empty, and compiling the engine takes most of a minute of one
core. Under pytest-xdist each
worker would compile it for itself, at the same time. Instead the controller starts
``python -m tests.numba_warm DONE`` at once, in the background, and each worker waits for it
(`wait_in_this_process`) before its own first compilation: it then loads what the warm-up
wrote to the cache. The workers run other tests meanwhile. With a warm cache the warm-up only
loads it (seconds). `make test` compiles it even earlier, while mypy runs (see `main`).
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


def warm() -> None:
    """Compile (or load) what the tests use: the banker's programme of the solver (best
    replies and fixed rules), a whole table of bots, a table banker reading
    the players (its posterior), the hand total a seat's view shows."""
    from settemezzo import solve
    from settemezzo.rules import ITALIAN
    from settemezzo.simulate import dealing, simulate

    solve.equilibrium(ITALIAN)

    simulate("italian", players=2, hands=200, seed=0, chips=None)
    simulate("spanish", players=2, hands=200, seed=0, banker="table")
    dealing.total(0, 0)


def wait_in_this_process() -> None:
    """Make every compiled function of the engine wait for the warm-up before compiling
    (numba calls ``_compile_for_args`` only when no compiled version matches the call)."""
    done = os.environ.get(ENV)
    if not done:
        return
    from numba.core.dispatcher import Dispatcher

    from settemezzo.simulate import dealing, phases, play
    from settemezzo.solve import kernels

    def waiting(compile_for_args: Any) -> Any:
        def compile_after_the_warm_up(*args: Any, **kwargs: Any) -> Any:
            t0 = time.monotonic()
            while not Path(done).exists() and time.monotonic() - t0 < PATIENCE:
                time.sleep(0.2)
            return compile_for_args(*args, **kwargs)
        return compile_after_the_warm_up

    modules = (dealing, play, phases, kernels)  # each function once (phases imports the others')
    dispatchers: dict[int, Any] = {id(v): v for m in modules for v in vars(m).values()
                                   if isinstance(v, Dispatcher)}
    for value in dispatchers.values():
        value._compile_for_args = waiting(value._compile_for_args)


def main(argv: list[str]) -> int:
    """``DONE``: warm up, then write the file ``DONE`` (what the test run's controller starts).
    ``--start DONE -- COMMAND...``: start that warm-up in the background, run ``COMMAND`` and
    exit with its code, not waiting for the warm-up: `make test` runs mypy so (one core busy
    for half a minute), then the tests with `ENV` set to ``DONE``, whose workers run what
    needs no compiling until the warm-up is over. ``-- COMMAND...``: warm up while ``COMMAND``
    runs, and exit with its code when both are over."""
    if argv[:1] == ["--start"] and argv[2:3] == ["--"]:
        done = Path(argv[1]).resolve()
        done.unlink(missing_ok=True)
        with done.with_suffix(".log").open("w") as log:
            subprocess.Popen([sys.executable, "-m", "tests.numba_warm", str(done)],
                             stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        return subprocess.call(argv[3:])
    if argv[:1] == ["--"]:
        command = subprocess.Popen(argv[1:])
        try:
            warm()
        except Exception:  # the tests compile it again and fail there: the command's result
            traceback.print_exc()
        return command.wait()
    try:
        warm()
    finally:
        Path(argv[0]).write_text("done\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
