"""The notebooks are committed clean: no outputs, no execution counts, valid nbformat, and
the numbered teaching path is complete (nbmake runs each of them in `make test`)."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PATH = ["01_rules_and_cards", "02_odds_explorer", "03_stand_or_hit", "04_the_banker",
        "05_variants_and_edge", "06_classroom", "07_simulation_and_checks"]


def _notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def test_the_teaching_path_is_there() -> None:
    names = {p.stem for p in _notebooks()}
    assert set(PATH) <= names, sorted(set(PATH) - names)


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.name)
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{path.name}: cell {i} has outputs (strip them)"
            assert cell.execution_count is None, f"{path.name}: cell {i} has a count"
        assert "attachments" not in cell or not cell.attachments, f"{path.name}: cell {i}"
    assert "widgets" not in nb.metadata, f"{path.name}: saved widget state in the metadata"
