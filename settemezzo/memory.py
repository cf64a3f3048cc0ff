"""The process's memory: the C library's allocator and Python's cyclic collector. What a solve
frees is kept for its next arrays (`keep_freed_memory`, set when the solver is loaded:
`settemezzo.solve.cores`) and handed back to the system once results are kept
(`trim_freed_memory`), glibc only. The builders of trees and tables pause the cyclic collector
(`gc_paused`) and hand what they made to its oldest generation; a process that has loaded what
it keeps leaves it out of the collector's walks (`freeze_long_lived`). None of them changes
what is computed."""

from __future__ import annotations

import contextlib
import functools
import gc
from collections.abc import Iterator
from typing import Any

__all__ = ["FULL_COLLECTIONS_EVERY", "KEEP_FREED_MB", "PROMOTE_MIN", "freeze_long_lived",
           "gc_paused", "keep_freed_memory", "trim_freed_memory"]

KEEP_FREED_MB = 256
"""Blocks up to this many MB come from the process's heap, and up to four times as much freed
heap is kept, rather than mapped afresh from the system and given back when freed: a solve
frees and allocates the same large arrays round after round (HiGHS's vectors at every run of
the LP, the banker's states x hands arrays), and each fresh page costs a page fault. Measured
on the explorer's first answer under ``italian+royal+wild_king+burn=3,4`` (cold, eight runs
each way, alternating): 53,000-62,000 page faults and 2.9 s on average without, 43,000-
46,000 and 2.7 s with, the same floats. Resident memory then stays near its peak between
solves, until `trim_freed_memory` (`python -m bench memory`: the peak 743 MB with, 748 MB
without)."""


@functools.cache
def _libc() -> Any:
    """The C library (glibc's allocator calls), or None where it cannot be asked."""
    import ctypes

    try:
        return ctypes.CDLL(None)
    except (OSError, TypeError):
        return None


def keep_freed_memory() -> None:
    """Set the C library's allocator as `KEEP_FREED_MB` says (glibc's ``mallopt``), before
    any solve's arrays."""
    mallopt = getattr(_libc(), "mallopt", None)
    if mallopt is not None:
        mallopt(-3, KEEP_FREED_MB << 20)  # M_MMAP_THRESHOLD: larger blocks are mapped apart
        mallopt(-1, 4 * KEEP_FREED_MB << 20)  # M_TRIM_THRESHOLD: free heap kept at its top


def trim_freed_memory() -> None:
    """Hand the heap memory freed so far back to the system (glibc's ``malloc_trim``; with
    another C library, nothing): once results are kept and their solve's temporaries are
    gone, the memory `keep_freed_memory` kept for the next arrays is not needed."""
    trim = getattr(_libc(), "malloc_trim", None)
    if trim is not None:
        trim(0)


_FROZEN = False  # `freeze_long_lived` has run: `gc_paused` then leaves the collector be

FULL_COLLECTIONS_EVERY = 100
"""With `freeze_long_lived`, a full collection follows this many collections of the middle
generation (Python's default 10: ten times rarer)."""


def freeze_long_lived() -> None:
    """For a process that has just loaded what it keeps to its end (a class server after its
    warm-up, a test process after collecting its tests): collect once, then move every object
    alive out of the cyclic collector's reach (`gc.freeze`) and make full collections ten
    times rarer (`FULL_COLLECTIONS_EVERY`). A full collection walks every object alive,
    holding the GIL: the engine's tables and trees are millions of objects with no reference
    cycles among them (a tree forgotten is freed by reference counting alone), so the walk
    finds nothing there. Measured: 100-240 ms a walk in a class server, every click waiting
    (`python -m bench classroom`: click p95 118-245 ms before, 89-132 ms after); a fifth of
    a test process's CPU."""
    global _FROZEN
    gc.collect()
    gc.freeze()
    _FROZEN = True
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTIONS_EVERY)


PROMOTE_MIN = 20_000
"""`gc_paused` hands the young objects to the oldest generation when at least this many were
made inside (a game tree of a thinned deck: 100,000-300,000): fewer are walked as they are."""


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection inside: for the builders of many small objects (a game
    tree, a solver's arrays, exact tables), whose allocations otherwise set off collections
    that walk every object alive: about 40% of a SPANISH game's build. Nothing they make is
    garbage in a cycle; reference counting still frees the rest at once.

    On the way out (of the outermost pause) collection resumes, and what was made inside goes
    straight to the oldest generation (`PROMOTE_MIN`; ``gc.freeze`` then ``gc.unfreeze``, which
    moves objects without walking them), where the next full collection sees it. Else the
    next two young collections would walk the whole new tree, holding the GIL: 140 ms a
    thinned SPANISH deck and 30 ms of the explorer's first answer, in the middle of the
    solve. In a process that froze its long-lived objects (`freeze_long_lived`, or
    ``gc.freeze`` itself) nothing is moved, since ``gc.unfreeze`` would give them back to the
    collector. (``gc.get_freeze_count`` walks every frozen object, 3 ms in a class server:
    it is asked only of a large build, and never after `freeze_long_lived`.)
    """
    if not gc.isenabled():  # an outer pause (or the caller) has it off
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        if gc.get_count()[0] >= PROMOTE_MIN and not _FROZEN and gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
