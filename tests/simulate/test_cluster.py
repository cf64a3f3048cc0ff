"""Chunks: the result of a seed is the same with one thread, every core, or a Dask cluster
(a small local one on 127.0.0.1, closed at the end)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from settemezzo.rules import SPANISH
from settemezzo.simulate import cluster, simulate
from settemezzo.simulate.cluster import chunk_sizes
from settemezzo.simulate.session import SimulationResult

# small chunks, so that a small run has several of them
KW = {"rules": SPANISH, "players": 3, "hands": 60_000, "seed": 12, "chunk_hands": 9_000,
      "record_hands": True}


def same(a: SimulationResult, b: SimulationResult) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(
        (a.chunks.A, a.chunks.POSA, a.chunks.SEATA, a.chunks.SESS, a.chunks.REC),
        (b.chunks.A, b.chunks.POSA, b.chunks.SEATA, b.chunks.SESS, b.chunks.REC),
        strict=True))


def test_chunks_depend_on_the_run_only() -> None:
    assert chunk_sizes(1000, 15, 9_000) == [600, 400]
    assert sum(chunk_sizes(66_667, 15)) == 66_667


def test_one_thread_or_many_give_the_same_result() -> None:
    one = simulate(workers=1, **KW)  # type: ignore[arg-type]
    two = simulate(workers=2, **KW)  # type: ignore[arg-type]
    three = simulate(workers=3, **KW)  # type: ignore[arg-type]
    assert len(chunk_sizes(4_000, 15, 9_000)) == 7
    assert same(one, two) and same(one, three)


def test_a_dask_cluster_gives_the_same_result() -> None:
    distributed = pytest.importorskip("distributed")
    local = simulate(workers=1, **KW)  # type: ignore[arg-type]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  host="127.0.0.1", protocol="tcp://",
                                  dashboard_address=None) as cluster:
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        remote = simulate(scheduler=cluster.scheduler_address, **KW)  # type: ignore[arg-type]
    assert same(local, remote)


def test_an_unreachable_scheduler_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", "1s")
    with pytest.raises(ValueError, match=re.escape("'tcp://127.0.0.1:9'")):
        simulate("italian", 1, 1000, scheduler="tcp://127.0.0.1:9")
