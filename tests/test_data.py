"""data/ holds tables that a fresh solve reproduces (regenerate: `settemezzo data`)."""

from pathlib import Path

import pandas as pd
import pytest

from settemezzo.cli_solve import DATA_FILES, write_data

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("data")
    write_data(out)
    return out


@pytest.mark.parametrize("name", sorted(DATA_FILES))
def test_committed_table_matches_a_fresh_solve(name: str, fresh: Path) -> None:
    committed = pd.read_csv(DATA / name, keep_default_na=False)
    new = pd.read_csv(fresh / name, keep_default_na=False)
    assert list(committed.columns) == list(new.columns)
    assert len(committed) == len(new)
    for col in committed.columns:
        a, b = committed[col], new[col]
        if pd.api.types.is_numeric_dtype(a) and pd.api.types.is_numeric_dtype(b):
            assert (a - b).abs().max() <= 1e-9, col
        else:
            assert (a.astype(str) == b.astype(str)).all(), col


def test_every_column_is_documented() -> None:
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    for name in DATA_FILES:
        for col in pd.read_csv(DATA / name, nrows=1).columns:
            assert f"`{col}`" in readme or col.startswith("p_hole_"), (name, col)
