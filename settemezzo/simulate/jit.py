"""How the compiled engine is compiled: numba's ``njit`` with the engine's options.

Every function of the engine (`settemezzo.simulate.dealing`, `play`, `phases`) is `jit`;
the phases of `settemezzo.simulate.phases.run`, and the small functions they call on every
card or decision, are `inline_jit`: compiled once each, and inlined by LLVM into their
callers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

__all__ = ["inline_jit", "jit"]

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


def inline_jit(fn: F) -> F:
    """`jit`, inlined into each caller by LLVM (``forceinline=True``: LLVM's
    ``alwaysinline``).

    A real call passes every array as its seven or nine words (pointer, shape, strides...):
    the phases of `run` take the grouped arrays as tuples, which a call would copy (measured:
    4x slower), and the functions called on every card (`settemezzo.simulate.dealing.deal`,
    `hand_score`, `play.log_decision`...) take five or six arrays each, which cost more to
    pass than their work (measured: three fifths of the time of a heads-up hand).

    LLVM rather than numba (``inline="always"``) inlines them: numba types and lowers a
    function again at each of its call sites, LLVM inlines the function compiled once
    (measured: a third less compile time for the engine, and the same speed)."""
    njit: Any = numba.njit
    return cast(F, njit(cache=True, nogil=True, _nrt=False, forceinline=True)(fn))
