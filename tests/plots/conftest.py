"""The player tables the chart tests draw. Every preset is solved (SPANISH as a restricted
game: its first solve takes most of a minute; the tables are cached per process, so the
SPANISH tests share one solve)."""

from __future__ import annotations

import pandas as pd
import pytest

from settemezzo.cli.chart import cached_player_table
from settemezzo.rules import ITALIAN, SPANISH


@pytest.fixture(scope="module")
def eq_table() -> pd.DataFrame:
    return cached_player_table(ITALIAN, "equilibrium")


@pytest.fixture(scope="module")
def th_table() -> pd.DataFrame:
    return cached_player_table(ITALIAN, "threshold:5")


@pytest.fixture(scope="module")
def spanish_table() -> pd.DataFrame:
    return cached_player_table(SPANISH, "equilibrium")   # one ~20 s solve per session

