"""The command line's start-up: two light commands as whole processes, against 0.35 s.

``python -m bench cli [--runs N]`` runs ``settemezzo odds --hole 5`` and ``settemezzo
evaluate --player threshold:5 --banker threshold:5`` (a rule-of-thumb evaluation: an 8 ms
answer) as fresh processes (``python -m settemezzo ...``), N times each, interleaved with
the baseline ``python -c "import settemezzo"`` (the interpreter and the front door; the
interpreter alone, ``python -c pass``, is shown beside it), and prints each command's
median in seconds and as a ratio to the same run's baseline median.
The medians include the interpreter's own start, so a loaded machine shows in the baseline
too; the processor time of each run (user and system, from the operating system's count
for the child) is printed beside, which a busy machine barely moves.

Exit status 1 if a command's median is over `TARGET_S`, or if a run fails.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence

TARGET_S = 0.35
"""Each command's median start-to-exit time on the project's machine (2 cores)."""

COMMANDS: dict[str, list[str]] = {
    "odds --hole 5": ["odds", "--hole", "5"],
    "evaluate --player threshold:5 --banker threshold:5":
        ["evaluate", "--player", "threshold:5", "--banker", "threshold:5"],
}
"""The commands timed, by the name the report gives them."""

BASELINE = [sys.executable, "-c", "import settemezzo"]

INTERPRETER = [sys.executable, "-c", "pass"]
"""The interpreter's own start, shown beside the baseline."""

ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""The children's environment: byte-code written and read, as after an install (a session
that sets PYTHONDONTWRITEBYTECODE would otherwise compile every module at every start)."""


def _seconds(argv: Sequence[str]) -> tuple[float, float]:
    """One run of ``argv`` as a fresh process (its output discarded): (seconds start to exit,
    seconds of processor time)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                   env=ENV)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(runs: int) -> dict[str, list[tuple[float, float]]]:
    """(seconds, processor seconds) of every run: the baseline's and each command's, one
    round of each in turn (so that a change in the machine's load touches all alike), after
    one unmeasured round that warms the disk cache and the byte-code."""
    argvs = {"baseline": BASELINE, "interpreter": INTERPRETER,
             **{name: [sys.executable, "-m", "settemezzo", *args]
                for name, args in COMMANDS.items()}}
    for argv in argvs.values():
        _seconds(argv)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in argvs}
    for _ in range(runs):
        for name, argv in argvs.items():
            times[name].append(_seconds(argv))
    return times


def _medians(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return (statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench cli", description=__doc__)
    parser.add_argument("--runs", type=int, default=9, help="runs of each (default 9)")
    args = parser.parse_args(argv)
    try:
        times = measure(max(1, args.runs))
    except subprocess.CalledProcessError as exc:
        print(f"a run failed: {exc}; stderr: {exc.stderr!r}")
        return 1
    base, base_cpu = _medians(times["baseline"])
    bare, bare_cpu = _medians(times["interpreter"])
    print(f"\nCommand line start-up ({args.runs} runs each, medians, whole processes)")
    print("=" * 66)
    print(f"  interpreter  python -c pass: {bare:.3f} s ({bare_cpu:.3f} s of processor time)")
    print(f"  baseline  python -c 'import settemezzo': {base:.3f} s ({base_cpu:.3f} s of "
          f"processor time)")
    failed = False
    for name in COMMANDS:
        med, cpu = _medians(times[name])
        ok = med <= TARGET_S
        failed |= not ok
        print(f"  settemezzo {name}: {med:.3f} s, {med / base:.2f}x the baseline, "
              f"{med / TARGET_S:.2f}x the target {TARGET_S:g} s ({'ok' if ok else 'OVER'}); "
              f"{cpu:.3f} s of processor time, {cpu / max(base_cpu, 1e-3):.2f}x the "
              f"baseline's")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
