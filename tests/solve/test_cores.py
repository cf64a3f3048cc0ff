"""The solver's kernels cut across cores (`settemezzo.solve.cores`): the very same floats as
in one piece, nested cuts that end, and a forked process that can still cut."""

from __future__ import annotations

import multiprocessing as mp

import numpy as np
import pytest

from settemezzo.cards import Unseen
from settemezzo.game import heads_up
from settemezzo.rules import ITALIAN
from settemezzo.solve import cores
from settemezzo.solve.equilibria import equilibrium
from settemezzo.solve.results import Equilibrium
from settemezzo.solve.state import state_of


def _arrays(e: Equilibrium) -> list[np.ndarray]:
    return [np.asarray(e.player.hit, dtype=float), np.asarray(e.banker.hit, dtype=float),
            np.array([e.value, e.lower, e.upper])]


def test_cut_kernels_give_the_same_floats(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every kernel call cut in three (a part on each core and one more), against each in
    # one piece: the equilibrium of a thinned deck (cut loop, refinement, mixtures, the
    # canonical reply, the certificate) bit for bit the same.
    deck = Unseen.full()
    for k in [k for k, n in Unseen.full() for _ in range(n)][::5]:  # 8 cards seen
        deck = deck.remove(k)
    game = heads_up(ITALIAN, deck)
    monkeypatch.setattr(cores, "CORES", 1)
    whole = _arrays(equilibrium(game))
    state_of(game).equilibrium = None  # solved again, below
    monkeypatch.setattr(cores, "CORES", 3)
    monkeypatch.setattr(cores, "SPLIT_MIN_WORK", 0)
    calls = []
    real = cores._run_range
    monkeypatch.setattr(cores, "_run_range", lambda job: (calls.append(job[1]), real(job)))
    cut = _arrays(equilibrium(game))
    assert len(calls) > 30  # the parts did run, and cut: (a, b) ranges short of the whole
    for a, b in zip(whole, cut, strict=True):
        assert a.tobytes() == b.tobytes()


def test_a_cut_inside_a_part_runs_in_that_part(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cores, "CORES", 2)
    out = np.zeros(8)

    def inner(a: int, b: int) -> None:
        out[a:b] += 1

    def outer(a: int, b: int) -> None:
        cores.split(8, 10**9, inner)  # (every part would wait on a pool busy with parts)

    cores.split(2, 10**9, outer)
    assert out.tolist() == [2.0] * 8  # each of the two parts ran the whole inner range


def _child(q: mp.Queue) -> None:  # type: ignore[type-arg]
    out = np.zeros(4)

    def run(a: int, b: int) -> None:
        out[a:b] = np.arange(a, b)

    cores.split(4, 10**9, run)
    q.put(out.tolist())


@pytest.mark.skipif("fork" not in mp.get_all_start_methods(), reason="no fork here")
def test_a_forked_process_can_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cores, "CORES", 2)
    cores.split(4, 10**9, lambda a, b: None)  # the parent's pool has a thread now
    ctx = mp.get_context("fork")
    q = ctx.Queue()
    p = ctx.Process(target=_child, args=(q,))
    p.start()
    p.join(60)
    alive = p.is_alive()
    if alive:
        p.kill()
    assert not alive, "the forked process hung on its parent's pool"
    assert q.get(timeout=5) == [0.0, 1.0, 2.0, 3.0]
