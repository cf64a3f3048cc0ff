"""The memory Voilà needs per visitor of the one-screen classroom page (issue #16, way (a)).

``python -m bench classroom-voila [--visitors 4]``. Voilà serves
``notebooks/06_classroom.ipynb`` on loopback; each ``GET /`` starts a kernel that runs the
notebook (the trainer, with its exact tables solved in that kernel). After each visitor the
proportional set size (PSS) of Voilà and all its kernels is read, and the growth per visitor
is extrapolated to thirty: the figure `bench/classroom.md` compares with ``settemezzo
classroom``. Exit status 1 if thirty visitors would need more than 4 GB.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from bench.bench_classroom import MEMORY_BUDGET_BYTES, ROOT, pss_bytes

READY_PATH = "/voila/static/voila.js"   # a static file: a GET / would start a kernel


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def measure(visitors: int = 4) -> tuple[int, list[tuple[float, int]]]:
    """Voilà's PSS before any visitor, and (seconds to the page, PSS) after each visitor."""
    voila = Path(sys.executable).with_name("voila")
    port = _free_port()
    proc = subprocess.Popen([str(voila), "notebooks/06_classroom.ipynb", "--no-browser",
                             f"--port={port}", "--Voila.ip=127.0.0.1"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url + READY_PATH, timeout=1).close()
                break
            except (urllib.error.URLError, OSError):
                if time.monotonic() > deadline:
                    raise TimeoutError("voila did not start within 60 s") from None
                time.sleep(0.2)
        base = pss_bytes(proc.pid)
        after = []
        for _ in range(visitors):
            t0 = time.perf_counter()
            urllib.request.urlopen(url + "/", timeout=180).read()
            after.append((time.perf_counter() - t0, pss_bytes(proc.pid)))
        return base, after
    finally:
        proc.terminate()
        proc.wait(30)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print; 1 if thirty visitors would pass the memory budget."""
    parser = argparse.ArgumentParser(prog="python -m bench classroom-voila")
    parser.add_argument("--visitors", type=int, default=4)
    args = parser.parse_args(argv)
    base, after = measure(args.visitors)
    for i, (seconds, pss) in enumerate(after, start=1):
        print(f"visitor {i}: page in {seconds:.1f} s, Voilà and kernels PSS "
              f"{pss / 2**20:.0f} MB")
    per = (after[-1][1] - base) / len(after)
    thirty = base + 30 * per
    print(f"Voilà alone {base / 2**20:.0f} MB; {per / 2**20:.0f} MB per visitor; thirty "
          f"visitors {thirty / 2**30:.2f} GB (budget {MEMORY_BUDGET_BYTES / 2**30:.0f} GB)")
    return 0 if thirty <= MEMORY_BUDGET_BYTES else 1


if __name__ == "__main__":
    sys.exit(main())
