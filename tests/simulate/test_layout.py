"""The compiled engine's layout (one `IntEnum` per array, its fields read as plain ints by
numba) and numba's cache (compiled once, loaded by the next process)."""

from __future__ import annotations

import re
import subprocess
import sys
from enum import IntEnum
from typing import Any

from settemezzo.simulate import layout

_ARRAYS = {layout.Conf: layout.NC, layout.SeatParam: layout.NSP, layout.State: layout.NS,
           layout.Hand: layout.NH, layout.Player: layout.NPL, layout.Log: layout.NLG,
           layout.Acc: layout.NA, layout.PosAcc: layout.NPA, layout.SeatAcc: layout.NSA}
"""Each array's layout and its length."""


def test_every_layout_has_distinct_fields_within_its_array() -> None:
    enums = [v for v in vars(layout).values()
             if isinstance(v, type) and issubclass(v, IntEnum) and v is not IntEnum]
    assert set(_ARRAYS) <= set(enums)
    for enum in enums:
        values = [int(m) for m in enum]
        assert len(set(values)) == len(values), enum.__name__
    for enum, n in _ARRAYS.items():
        assert max(int(m) for m in enum) < n, enum.__name__


def _machine_code(index: str) -> list[str]:
    """The instructions numba compiles for ``S[index] + 1`` (symbol names blanked)."""
    import numba
    import numpy as np

    scope: dict[str, Any] = {"State": layout.State}
    exec(f"def read(S):\n    return S[{index}] + 1\n", scope)
    read = numba.njit(scope["read"])
    assert read(np.arange(layout.NS, dtype=np.int64)) == layout.State.HG + 1
    asm = read.inspect_asm(read.signatures[0])
    return [re.sub(r"_ZN\S+", "F", line) for line in asm.splitlines()
            if line.startswith("\t") and not line.startswith("\t.")]


def test_numba_compiles_a_member_as_its_plain_int() -> None:
    assert _machine_code("State.HG") == _machine_code(str(int(layout.State.HG)))


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
