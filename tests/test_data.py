"""data/ holds tables that a fresh solve reproduces (regenerate: `settemezzo data`).

The strategy tables are solved afresh here. The edge table (``EDGE_FILE``) is checked
against the shipped solved results in tests/test_precomputed.py, which are themselves
checked against fresh solves there, so it is not re-solved here (a minute of the suite)."""

from pathlib import Path

import pandas as pd
import pytest

from settemezzo.cli_solve import DATA_FILES, write_tables

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("data")
    write_tables(out)
    return out


# Tables against a fixed banker are exact (printed to 12 digits). Tables from the equilibrium
# LP are floats: the solver is deterministic on one machine, but a different rounding of its
# inputs (another BLAS, another summation order) may move HiGHS to another point of the same
# optimal face, so their columns are compared to 1e-6 (their certificate is ~1e-10 in value).
TOLERANCE = {"italian_player_vs_threshold5.csv": 1e-9}


@pytest.mark.parametrize("name", sorted(DATA_FILES))
def test_committed_table_matches_a_fresh_solve(name: str, fresh: Path) -> None:
    committed = pd.read_csv(DATA / name, keep_default_na=False)
    new = pd.read_csv(fresh / name, keep_default_na=False)
    assert list(committed.columns) == list(new.columns)
    assert len(committed) == len(new)
    for col in committed.columns:
        a, b = committed[col], new[col]
        if pd.api.types.is_numeric_dtype(a) and pd.api.types.is_numeric_dtype(b):
            assert (a - b).abs().max() <= TOLERANCE.get(name, 1e-6), col
        else:
            assert (a.astype(str) == b.astype(str)).all(), col


def test_every_column_is_documented() -> None:
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    for name in DATA_FILES:
        for col in pd.read_csv(DATA / name, nrows=1).columns:
            assert f"`{col}`" in readme or col.startswith("p_hole_"), (name, col)
