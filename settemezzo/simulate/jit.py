"""How the compiled engine is compiled: numba's ``njit`` with the engine's options.

Every function of the engine (`settemezzo.simulate.dealing`, `play`, `phases`) is `jit`;
the phases of `settemezzo.simulate.phases.run` are `phase_jit`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

__all__ = ["jit", "phase_jit"]

F = TypeVar("F", bound=Callable[..., Any])


def jit(fn: F) -> F:
    """``numba.njit(cache=True, nogil=True)`` without numba's reference counting, typed for
    mypy.

    The engine never allocates (every array comes from the caller), so it needs no
    reference counts; without them each call passing arrays saves atomic increments and
    decrements, which cost more than a whole deal (measured: 35 ns against 2.5 ns a card).
    """
    njit: Any = numba.njit  # ``_nrt`` is not in numba's type hints
    return cast(F, njit(cache=True, nogil=True, _nrt=False)(fn))


def phase_jit(fn: F) -> F:
    """`jit`, inlined into its caller by numba (``inline="always"``): the phases of `run`
    take the grouped arrays as tuples, which a real call would copy (measured: 4x slower)."""
    njit: Any = numba.njit
    return cast(F, njit(cache=True, nogil=True, _nrt=False, inline="always")(fn))
