"""The compiled engine's layout: one `IntEnum` per array, the flat names the Python side
reads, and numba's cache (compiled once, loaded by the next process)."""

from __future__ import annotations

import subprocess
import sys
from enum import IntEnum

from settemezzo.simulate import engine as E
from settemezzo.simulate import layout
from settemezzo.simulate.layout import FLAT_PREFIXES, State, Status, flat_names


def test_every_layout_has_distinct_fields_within_its_array() -> None:
    for enum in FLAT_PREFIXES:
        values = [int(m) for m in enum]
        assert len(set(values)) == len(values), enum.__name__
    sizes = {layout.Conf: E.NC, layout.Seat: E.NSP, layout.State: E.NS, layout.Hand: E.NH,
             layout.Player: E.NPL, layout.Log: E.NLG, layout.Acc: E.NA, layout.PosAcc: E.NPA,
             layout.SeatAcc: E.NSA}
    for enum, n in sizes.items():
        assert max(int(m) for m in enum) < n, enum.__name__


def test_the_flat_names_are_the_members_as_plain_ints() -> None:
    flat = flat_names()
    assert flat["S_HG"] == int(State.HG) == 19 and flat["NEED"] == int(Status.NEED)
    for name, value in flat.items():
        got = getattr(E, name)
        assert type(got) is int and got == value, name
    members = sum(len(list(enum)) for enum in FLAT_PREFIXES)
    assert len(flat) == members  # no two layouts give the same flat name
    assert all(issubclass(enum, IntEnum) for enum in FLAT_PREFIXES)


_SECOND_PROCESS = """
from settemezzo.simulate import simulate
from settemezzo.simulate.phases import run
simulate("italian", 2, 200, seed=1, chips=None, workers=1, banker="table")
print(sum(run.stats.cache_hits.values()), sum(run.stats.cache_misses.values()))
"""


def test_the_engine_compiles_once_and_loads_from_the_cache() -> None:
    # this process compiles the engine (or loads it); a second process must load it
    from settemezzo.simulate import simulate

    simulate("italian", 2, 200, seed=1, chips=None, workers=1, banker="table")
    out = subprocess.run([sys.executable, "-c", _SECOND_PROCESS], capture_output=True,
                         text=True, check=True).stdout.split()
    hits, misses = int(out[0]), int(out[1])
    assert hits >= 1 and misses == 0
