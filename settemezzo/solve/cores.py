"""The machine's cores for the solver: a compiled kernel's rows cut across the
cores (`split`), in threads (the kernels release the GIL). Every part is computed as it would
be alone, in the same order, so the floats do not depend on the number of cores. A split
inside a part runs in that part's thread: a part never waits on another queued behind it.
The memory a solve frees is kept for its next arrays from this module's import on
(`settemezzo.memory.keep_freed_memory`).

(Whole solves side by side in threads, the subgames after a swap, were measured slower:
their Python holds the GIL, and two of them took more wall time than one after the other.)"""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from settemezzo.memory import keep_freed_memory

T = TypeVar("T")
R = TypeVar("R")

CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
"""The cores this process may use."""

SPLIT_MIN_WORK = 200_000
"""A kernel call is cut across the cores only when it visits at least this many cells (rows
times banker hands): below that, handing a part to another thread costs more than it saves."""

_HERE = threading.local()  # ``inside``: this thread is running a part


def _new_pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=CORES, thread_name_prefix="settemezzo-core")


_POOL = _new_pool()


def _after_fork() -> None:
    """A forked process (`settemezzo.results.edges`' workers) has none of its parent's
    threads: a pool of its own, else its parts would wait for threads that are not there."""
    global _POOL
    _POOL = _new_pool()


os.register_at_fork(after_in_child=_after_fork)


def limit(n: int) -> None:
    """Use at most ``n`` cores from now on: in a process that is one of several workers
    sharing the machine's cores (`settemezzo.results.edges`), whose cuts would only take
    turns with the other workers."""
    global CORES
    CORES = max(1, n)


def _part(fn: Callable[[T], R], item: T) -> R:
    """``fn(item)`` as a part: what it starts runs here, not in the pool."""
    _HERE.inside = True
    try:
        return fn(item)
    finally:
        _HERE.inside = False


def _parts(n: int) -> int:
    """How many parts to cut ``n`` items into here: 1 inside a part or on one core."""
    return 1 if getattr(_HERE, "inside", False) else max(1, min(CORES, n))


def split(n: int, work: int, run: Callable[[int, int], None]) -> None:
    """``run(a, b)`` over consecutive parts ``[a, b)`` of ``range(n)``, one per core, the
    first in this thread, when ``work`` is at least `SPLIT_MIN_WORK`; else ``run(0, n)``.
    Each part must write only its own rows."""
    parts = _parts(n) if work >= SPLIT_MIN_WORK else 1
    if parts <= 1:
        run(0, n)
        return
    ranges = list(itertools.pairwise(n * i // parts for i in range(parts + 1)))
    futures = [_POOL.submit(_part, _run_range, (run, ab)) for ab in ranges[1:]]
    _part(_run_range, (run, ranges[0]))
    for f in futures:
        f.result()


def _run_range(job: tuple[Callable[[int, int], None], tuple[int, int]]) -> None:
    run, (a, b) = job
    run(a, b)


keep_freed_memory()  # before the first solve's arrays
