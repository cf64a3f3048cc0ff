"""Timing helpers: cold caches, repetitions, medians."""

from __future__ import annotations

import gc
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# Module-level result caches of the engine, by module and attribute name. Cleared before
# every cold repetition; names that a module does not (or no longer) define are skipped.
_CACHE_DICTS = {
    "settemezzo.solve": ("_EQ_CACHE", "_SOLVERS", "_SPLITS"),
    "settemezzo.game": ("_CACHE", "_RECENT", "_BANKER_NODES"),
    "settemezzo.results": ("_ENTRIES",),
    "settemezzo.results.answers": ("_DECKS",),
}


def clear_caches() -> None:
    """Forget every cached result of the engine, so that the next call is a cold one.

    Clears the module dicts named in the brief (``solve._EQ_CACHE``, ``solve._SOLVERS``,
    ``game._CACHE``) and every ``functools.lru_cache``/``cache`` in the loaded ``settemezzo``
    modules (e.g. ``odds._final``).
    """
    for modname, names in _CACHE_DICTS.items():
        mod = sys.modules.get(modname)
        for name in names:
            d = getattr(mod, name, None)
            clear = getattr(d, "clear", None)  # a dict, or a weak one
            if callable(clear):
                clear()
    for modname, mod in list(sys.modules.items()):
        if mod is None or not (modname == "settemezzo" or modname.startswith("settemezzo.")):
            continue
        for obj in list(vars(mod).values()):
            clear = getattr(obj, "cache_clear", None)
            if callable(clear) and getattr(obj, "__module__", None) == modname:
                clear()
    gc.collect()


@dataclass(frozen=True)
class Timing:
    """Seconds of each repetition, and what each repetition returned."""

    label: str
    seconds: tuple[float, ...]
    results: tuple[Any, ...]

    @property
    def result(self) -> Any:
        """The last repetition's result."""
        return self.results[-1]

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def spread(self) -> str:
        return f"min {min(self.seconds):.3f} / max {max(self.seconds):.3f} s, n={len(self.seconds)}"


def measure(label: str, fn: Callable[[], Any], repeat: int, *, cold: bool,
            warmup: bool = False) -> Timing:
    """Time ``fn()`` ``repeat`` times with `time.perf_counter`.

    ``cold``: clear the engine's caches before every repetition (outside the timed region).
    Otherwise the caches are kept, and ``warmup`` makes one untimed call first so that every
    timed call is warm.
    """
    times: list[float] = []
    results: list[Any] = []
    if warmup and not cold:
        fn()
    for _ in range(repeat):
        if cold:
            clear_caches()
        else:
            gc.collect()
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
        results.append(result)
    return Timing(label, tuple(times), tuple(results))
