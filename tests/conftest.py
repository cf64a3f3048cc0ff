"""Fixtures and hooks shared by the test modules."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests import numba_warm
from tests.probing import stub_engine

ROOT = Path(__file__).resolve().parent.parent


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist the solver's kernels, then the simulator, are compiled once, in the
    background, while the workers start (`tests.numba_warm`); each worker waits for the part
    it is about to compile."""
    if hasattr(config, "workerinput"):  # a worker
        numba_warm.wait_in_this_process()
        return
    if not getattr(config.option, "numprocesses", None) or os.environ.get(numba_warm.ENV):
        return
    folder = Path(tempfile.mkdtemp(prefix="settemezzo-numba-"))
    done = folder / "done"
    os.environ[numba_warm.ENV] = str(done)   # inherited by the workers, started after this
    with (folder / "warm.log").open("w") as log:
        warm = subprocess.Popen([sys.executable, "-m", "tests.numba_warm", str(done)],
                                cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)

    def stop() -> None:  # a short run may end first: numba writes its cache files whole
        warm.terminate()
        warm.wait()
        shutil.rmtree(folder, ignore_errors=True)

    config.add_cleanup(stop)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What a test process imported and collected stays alive to its end: out of the cyclic
    collector's walks, full collections ten times rarer (`settemezzo.memory.freeze_long_lived`,
    as a class server after its warm-up). Measured on eight test modules in one process: full
    collections took 17.8 s of its 90 s of CPU, 7.1 s so; the same peak memory (1.0 GB)."""
    from settemezzo.memory import freeze_long_lived

    freeze_long_lived()


@pytest.fixture
def stubbed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The expensive engine entry points raise `tests.probing.ReachedWork`; stdin is empty
    (an interactive command sees the end of its input at once)."""
    stub_engine(monkeypatch)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    yield


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Any]:
    """A classroom server of three hands on a free loopback port, in a thread, for the
    server's tests; shut down and its database closed afterwards."""
    import threading

    from settemezzo.classroom_server.server import make_server

    server = make_server(tmp_path / "c.db", seed=3, hands=3)
    # polled every 50 ms, not 0.5 s: `shutdown` waits for the next poll
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    server.room.store.close()
