"""The banker's float programme over its hands, compiled with numba: the inner loop of every
float best reply, cut and certificate of `settemezzo.solve` (`solve._FloatRows`).

The arrays are laid out one row per column of the programme (a deck and a player's score, or
a public state's weighted rows) and one column per banker hand: each row is solved on its
own, in the cache. The hands come children first (`Hands.order`); a hand's value is its
stand term or its hit term, the finished hands one card later plus its children's values
(``F + sum V[child]``), or a burn (its burn child's value). The exact programme
(Fractions, `solve._BankerRows`) is the independent second method the tests compare it
with.

The sums and comparisons are those of the numpy programme it replaced, in the same order
(children in index order, added to zero, then to ``F``; ties go to standing, then to not
burning), so the floats are the same to the bit (checked on every Italian variant and
SPANISH). numba compiles each kernel once per machine into its cache (``cache=True``, in
``settemezzo/__pycache__``); the module is imported only when a float programme first runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]
F = TypeVar("F", bound=Callable[..., Any])


def _jit(fn: F) -> F:
    """``numba.njit(cache=True, nogil=True)``, without reference counting (the kernels
    allocate nothing: every array comes from the caller), typed for mypy."""
    njit: Any = numba.njit
    return cast(F, njit(cache=True, nogil=True, _nrt=False)(fn))


@dataclass(frozen=True)
class Hands:
    """The banker's hands as the kernels read them: the order to visit them (children
    first), whether each is empty (it must draw), each one's children (CSR: ``indptr``,
    ``indices``, in increasing order) and its burn child (-1: none)."""

    order: IntArray
    must_draw: BoolArray
    indptr: IntArray
    indices: IntArray
    burn_child: IntArray

    @classmethod
    def of(cls, order: IntArray, must_draw: BoolArray, children: list[list[int]],
           burn_child: IntArray) -> Hands:
        """From the visiting order, the empty hands, each hand's children (any order) and
        burn child, by hand."""
        indptr = np.zeros(len(children) + 1, dtype=np.int64)
        np.cumsum([len(c) for c in children], out=indptr[1:])
        indices = np.array([k for c in children for k in sorted(c)], dtype=np.int64)
        return cls(np.ascontiguousarray(order, dtype=np.int64),
                   np.ascontiguousarray(must_draw, dtype=np.bool_), indptr, indices,
                   np.ascontiguousarray(burn_child, dtype=np.int64))


def best(hands: Hands, F: FloatArray, S: FloatArray) -> tuple[FloatArray, BoolArray, BoolArray]:
    """The banker's best (least for the player) in every row of ``F`` and ``S`` (columns x
    hands: one row per deck and player's score, or per public state): the empty hand's
    values, and where it hits and where it burns (columns x hands).

    Toy: one hand with S = -0.2 and F = 0.3 and no child: it stands, worth -0.2.
    """
    F, S = _c(F), _c(S)
    V = np.zeros(F.shape)
    hit = np.zeros(F.shape, dtype=np.bool_)
    burn = np.zeros(F.shape, dtype=np.bool_)
    _best(hands.order, hands.must_draw, hands.indptr, hands.indices, hands.burn_child,
          F, S, V, hit, burn)
    return V[:, 0].copy(), hit, burn


def fixed(hands: Hands, F: FloatArray, S: FloatArray, H: FloatArray,
          Ub: FloatArray | None) -> FloatArray:
    """The empty hand's values for a banker who hits with chance ``H`` and burns with chance
    ``Ub`` (or never: None), all columns x hands.

    Toy: one hand with S = -0.2 and F = 0.3 and no child, hitting half the time: 0.05.
    """
    F, S, H = _c(F), _c(S), _c(H)
    V = np.zeros(F.shape)
    _fixed(hands.order, hands.must_draw, hands.indptr, hands.indices, hands.burn_child,
           F, S, H, _c(Ub) if Ub is not None else H, Ub is not None, V)
    out: FloatArray = V[:, 0].copy()
    return out


def _c(a: npt.ArrayLike) -> FloatArray:
    """A float array laid out in rows, as the kernels are compiled for (a copy only if
    needed)."""
    out: FloatArray = np.ascontiguousarray(a, dtype=np.float64)
    return out


@_jit
def _hit_value(j: int, indptr: IntArray, indices: IntArray, F: FloatArray,
               V: FloatArray) -> float:  # pragma: no cover - compiled
    """Hand ``j``'s value if it hits, in one column: its children's values (``V``) added to
    zero one after the other, then to its finished hands' (``F``)."""
    h = 0.0
    for e in range(indptr[j], indptr[j + 1]):
        h += V[indices[e]]
    out: float = F[j] + h
    return out


@_jit
def _best(order: IntArray, must_draw: BoolArray, indptr: IntArray, indices: IntArray,
          burn_child: IntArray, F: FloatArray, S: FloatArray, V: FloatArray, hit: BoolArray,
          burn: BoolArray) -> None:  # pragma: no cover - compiled
    for c in range(F.shape[0]):
        Vc = V[c]
        for t in range(order.shape[0]):
            j = order[t]
            h = _hit_value(j, indptr, indices, F[c], Vc)
            if must_draw[j]:
                Vc[j] = h
                hit[c, j] = True
                continue
            s = S[c, j]
            hd = h < s
            v = h if hd else s
            b = burn_child[j]
            if b >= 0 and Vc[b] < v:
                burn[c, j] = True
                hd = False
                v = Vc[b]
            hit[c, j] = hd
            Vc[j] = v


@_jit
def _fixed(order: IntArray, must_draw: BoolArray, indptr: IntArray, indices: IntArray,
           burn_child: IntArray, F: FloatArray, S: FloatArray, H: FloatArray, Ub: FloatArray,
           burns: bool, V: FloatArray) -> None:  # pragma: no cover - compiled
    for c in range(F.shape[0]):
        Vc = V[c]
        for t in range(order.shape[0]):
            j = order[t]
            h = _hit_value(j, indptr, indices, F[c], Vc)
            if must_draw[j]:
                Vc[j] = h
                continue
            s = S[c, j]
            v = s + (h - s) * H[c, j]
            b = burn_child[j] if burns else -1
            if b >= 0:
                v += (Vc[b] - s) * Ub[c, j]
            Vc[j] = v
