"""Serving a notebook with Voilà for the real-browser tests, and the browser they drive.

One owner for the widget and casino browser tests: a free loopback port, Voilà started in its
own process group (its kernels go with it), ready once a static file answers (a GET / would
start a kernel), and stopped however the test ends.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
READY_PATH = "/voila/static/voila.js"


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_ready(url: str, proc: subprocess.Popen[bytes], timeout: float) -> None:
    """Return once Voilà at ``url`` serves `READY_PATH`; fail if it exits or is too slow."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited with status {proc.returncode}")
        try:
            with urllib.request.urlopen(url + READY_PATH, timeout=1) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.1)
    raise TimeoutError(f"voila did not answer {READY_PATH} within {timeout} s")


@contextmanager
def serve(notebook: str, timeout: float = 60) -> Iterator[str]:
    """Voilà serving ``notebook`` (a path from the repository's root): its base URL."""
    voila = Path(sys.executable).with_name("voila")
    # `make test` installs the notebook extra, Voilà included: its absence is a failure
    assert voila.exists(), f"voila is not installed next to {sys.executable}"
    port = free_port()
    proc = subprocess.Popen(
        [str(voila), notebook, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(url, proc, timeout)
        yield url
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
