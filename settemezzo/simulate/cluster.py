"""Seeded chunks, run on every local core or on a Dask cluster.

A long run is cut into chunks of whole sessions. The cut depends only on the number of
sessions and their length (never on the number of workers), and chunk ``i`` draws its random
numbers from child ``i`` of ``numpy.random.SeedSequence(seed).spawn(...)``. Every sum the
chunks return is an exact integer, so the merged result of a seed is the same whatever the
number of workers, local threads or Dask workers.

Locally the chunks run in threads: the compiled engine releases the GIL (``nogil=True``), so
threads use every core without starting processes. Given a scheduler address
(``tcp://host:port``) they run on a Dask cluster instead (``pip install 'dask[distributed]'``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from settemezzo.errors import InputError
from settemezzo.simulate.layout import (
    MAXC,
    NA,
    NH,
    NLG,
    NLOG,
    NPA,
    NPL,
    NREC,
    NS,
    NSA,
    NSC,
    NSEAT,
    NSESSF,
    NSLOT,
    Conf,
    State,
    Status,
)
from settemezzo.simulate.phases import run

__all__ = [
    "CHUNK_HANDS",
    "ChunkResult",
    "EngineSpec",
    "EngineState",
    "chunk_sizes",
    "run_chunk",
    "run_chunks",
]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

CHUNK_HANDS = 1 << 19
"""Hands per chunk, about (whole sessions): a fixed size, so results never depend on workers."""

CONNECT_TIMEOUT = "10s"
"""How long to wait for a Dask scheduler."""


class ClusterError(InputError):
    """A bad worker count or scheduler address (an `InputError`)."""


@dataclass(frozen=True)
class EngineSpec:
    """Every constant array the engine reads (picklable: it is shipped to Dask workers)."""

    C: IntArray
    LIM: IntArray
    SP: IntArray
    ST: IntArray
    KIND: IntArray
    VAL: IntArray
    EQR: IntArray
    EQN: IntArray
    EQP: FloatArray
    PUBN: IntArray
    EQB: FloatArray
    NNEXT: IntArray
    NCNT: IntArray
    NSIZE: IntArray
    NSCO: IntArray
    NCHSC: IntArray
    NTOT: IntArray
    record_hands: bool = False

    @property
    def hands_per_session(self) -> int:
        return int(self.C[Conf.HANDS])


@dataclass
class EngineState:
    """The engine's mutable arrays for one chunk (or one classroom table)."""

    C: IntArray
    S: IntArray
    R: npt.NDArray[np.uint64]
    deck: IntArray
    disc: IntArray
    chips: IntArray
    active: IntArray
    elim: IntArray
    H: IntArray
    HC: IntArray
    PL: IntArray
    LOG: IntArray
    LOGC: IntArray
    FORCED: IntArray
    A: IntArray
    POSA: IntArray
    SEATA: IntArray
    SESS: IntArray
    REC: IntArray
    FPOOL: FloatArray
    FW: FloatArray
    FP: FloatArray
    FQ: FloatArray
    IB: IntArray
    IORD: IntArray
    IMARK: IntArray

    @classmethod
    def new(cls, spec: EngineSpec, n_sessions: int, rng: np.random.Generator,
            record: int = 0, forced: Sequence[int] = (), pause: bool = False) -> EngineState:
        C = spec.C.copy()
        C[Conf.NSESS] = n_sessions
        C[Conf.PAUSE] = int(pause)
        nn = spec.NSIZE.shape[0]
        R = rng.integers(0, np.iinfo(np.uint64).max, size=4, dtype=np.uint64, endpoint=True)
        if not R.any():
            R[0] = 1
        i64 = np.int64
        return cls(
            C=C, S=np.zeros(NS, i64), R=R, deck=np.arange(40, dtype=i64),
            disc=np.zeros(40, i64), chips=np.zeros(NSEAT, i64),
            active=np.zeros(NSEAT, i64), elim=np.full(NSEAT, -1, i64),
            H=np.zeros((NSLOT, NH), i64), HC=np.zeros((NSLOT, MAXC), i64),
            PL=np.zeros((NSEAT, NPL), i64), LOG=np.zeros((NLOG, NLG), i64),
            LOGC=np.zeros((NLOG, MAXC), i64), FORCED=np.asarray(forced, dtype=i64),
            A=np.zeros(NA, i64), POSA=np.zeros((NSEAT, NPA), i64),
            SEATA=np.zeros((NSEAT, NSA), i64), SESS=np.zeros((n_sessions, NSESSF), i64),
            REC=np.zeros((record, NREC), i64), FPOOL=np.zeros((13, 10)),
            FW=np.zeros((10, NSC)), FP=np.zeros((10, nn)), FQ=np.zeros(nn),
            IB=np.zeros(nn, i64), IORD=np.zeros(nn, i64), IMARK=np.zeros(nn, i64))

    def run(self, spec: EngineSpec) -> int:
        """Advance the engine (see `settemezzo.simulate.phases.run`); returns its status."""
        s = spec
        return int(run(
            (self.C, s.LIM, s.SP, s.ST, s.KIND, s.VAL),
            (s.EQR, s.EQN, s.EQP, s.PUBN, s.EQB, s.NNEXT, s.NCNT, s.NSIZE, s.NSCO, s.NCHSC,
             s.NTOT),
            (self.S, self.R, self.deck, self.disc, self.chips, self.active, self.elim, self.H,
             self.HC, self.PL, self.LOG, self.LOGC, self.FORCED),
            (self.A, self.POSA, self.SEATA, self.SESS, self.REC),
            (self.FPOOL, self.FW, self.FP, self.FQ, self.IB, self.IORD, self.IMARK)))


@dataclass(frozen=True)
class ChunkResult:
    """What one chunk returns: exact integer sums and records."""

    A: IntArray
    POSA: IntArray
    SEATA: IntArray
    SESS: IntArray
    REC: IntArray

    @staticmethod
    def merge(parts: Sequence[ChunkResult]) -> ChunkResult:
        """Sum the accumulators; concatenate the records in chunk order."""
        return ChunkResult(
            A=np.sum([p.A for p in parts], axis=0),
            POSA=np.sum([p.POSA for p in parts], axis=0),
            SEATA=np.sum([p.SEATA for p in parts], axis=0),
            SESS=np.concatenate([p.SESS for p in parts]),
            REC=np.concatenate([p.REC for p in parts]))


def run_chunk(spec: EngineSpec, n_sessions: int, seed: np.random.SeedSequence,
              forced: Sequence[int] = ()) -> ChunkResult:
    """Play ``n_sessions`` sessions with the random numbers of ``seed``."""
    rng = np.random.default_rng(seed)
    record = n_sessions * spec.hands_per_session if spec.record_hands else 0
    st = EngineState.new(spec, n_sessions, rng, record=record, forced=forced)
    status = st.run(spec)
    if status != Status.DONE:
        raise ClusterError("a seat played by a person cannot be simulated in chunks; use "
                         "settemezzo.simulate.play")
    return ChunkResult(st.A, st.POSA, st.SEATA, st.SESS, st.REC[:int(st.S[State.REC])])


def chunk_sizes(n_sessions: int, hands_per_session: int,
                chunk_hands: int = CHUNK_HANDS) -> list[int]:
    """Sessions per chunk: about ``chunk_hands`` hands each, whole sessions."""
    per = max(1, chunk_hands // max(1, hands_per_session))
    sizes = [per] * (n_sessions // per)
    if n_sessions % per:
        sizes.append(n_sessions % per)
    return sizes


def _check_workers(workers: int | None) -> int:
    if workers is None:
        return os.cpu_count() or 1
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ClusterError(f"workers must be a whole number of at least 1, got {workers!r}")
    return workers


def run_chunks(spec: EngineSpec, sizes: Sequence[int], seed: int | np.random.SeedSequence,
               *, workers: int | None = None, scheduler: str | None = None,
               progress: Callable[[int], None] | None = None) -> ChunkResult:
    """Run every chunk (threads, or Dask given ``scheduler``) and merge them in order.

    ``progress(hands)`` is called as chunks finish.
    """
    ss = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    kids = ss.spawn(len(sizes))
    hps = spec.hands_per_session
    results: list[ChunkResult | None] = [None] * len(sizes)
    if scheduler is not None:
        return ChunkResult.merge(_run_dask(spec, sizes, kids, scheduler, progress))
    n_workers = _check_workers(workers)
    if n_workers == 1 or len(sizes) == 1:
        for i, (n, kid) in enumerate(zip(sizes, kids, strict=True)):
            results[i] = run_chunk(spec, n, kid)
            if progress is not None:
                progress(n * hps)
    else:
        run_chunk(spec, 1, np.random.SeedSequence(0))  # compile (or load) once, up front
        with ThreadPoolExecutor(max_workers=n_workers) as pool:
            futures = {pool.submit(run_chunk, spec, n, kid): i
                       for i, (n, kid) in enumerate(zip(sizes, kids, strict=True))}
            for fut in as_completed(futures):
                i = futures[fut]
                results[i] = fut.result()
                if progress is not None:
                    progress(sizes[i] * hps)
    return ChunkResult.merge([r for r in results if r is not None])


def _run_dask(spec: EngineSpec, sizes: Sequence[int], kids: Sequence[np.random.SeedSequence],
              scheduler: str, progress: Callable[[int], None] | None) -> list[ChunkResult]:
    if not isinstance(scheduler, str) or "://" not in scheduler:
        raise ClusterError(
            f"scheduler must be a Dask scheduler address such as 'tcp://127.0.0.1:8786', "
            f"got {scheduler!r}")
    try:
        import distributed
    except ImportError:  # pragma: no cover - dask is an optional extra
        raise ClusterError("--scheduler needs Dask: pip install 'settemezzo[cluster]'") \
            from None
    dd: Any = distributed  # untyped
    try:
        client = dd.Client(scheduler, timeout=CONNECT_TIMEOUT)
    except OSError as exc:
        raise ClusterError(f"cannot reach the Dask scheduler {scheduler!r}: {exc}") from None
    try:
        spec_f = client.scatter(spec, broadcast=True)
        futures: list[Any] = [client.submit(run_chunk, spec_f, n, kid, pure=False)
                              for n, kid in zip(sizes, kids, strict=True)]
        index = {f.key: i for i, f in enumerate(futures)}
        out: list[ChunkResult | None] = [None] * len(futures)
        for fut in dd.as_completed(futures):
            i = index[fut.key]
            out[i] = fut.result()
            if progress is not None:
                progress(sizes[i] * spec.hands_per_session)
        return [r for r in out if r is not None]
    finally:
        client.close()
