"""Strip what `make lab` saves into a notebook: outputs, execution counts, widget state.

    python .ci/strip_notebooks.py notebooks/*.ipynb      (``make strip``)

The tests check the committed notebooks (``tests/project/test_notebooks_clean.py``), so a notebook
saved with outputs never breaks ``make test``; strip it before committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat


def strip(path: Path) -> bool:
    """Strip one notebook in place; whether it changed."""
    nb = nbformat.read(path, as_version=4)
    before = nbformat.writes(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
        cell.metadata.pop("execution", None)
    nb.metadata.pop("widgets", None)
    after = nbformat.writes(nb)
    if after != before:
        path.write_text(after + ("" if after.endswith("\n") else "\n"), encoding="utf-8")
    return after != before


def main(paths: list[str]) -> int:
    for name in paths:
        if strip(Path(name)):
            print(f"stripped {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
