"""The notebooks are committed clean: no outputs, no execution counts, valid nbformat, and
the numbered teaching path is complete (nbmake runs each of them in `make test`).

What is checked is the *committed* notebook (``git show HEAD:notebooks/NAME``), so a
notebook run and saved in ``make lab`` does not break ``make test``; ``make strip``
(``.ci/strip_notebooks.py``) strips it before it is committed. Outside a git checkout, or
for a notebook not committed yet, the file itself is checked.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
PATH = ["01_rules_and_cards", "02_odds_explorer", "03_stand_or_hit", "04_the_banker",
        "05_variants_and_edge", "06_classroom", "07_simulation_and_checks",
        "08_playing_the_deck_down"]


def _notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def committed_text(path: Path, root: Path = ROOT) -> str:
    """The notebook as committed at HEAD, or the file when git cannot say."""
    git = shutil.which("git")
    if git is not None:
        rel = path.relative_to(root).as_posix()
        done = subprocess.run([git, "-C", str(root), "show", f"HEAD:{rel}"],
                              capture_output=True, text=True, encoding="utf-8")
        if done.returncode == 0:
            return done.stdout
    return path.read_text(encoding="utf-8")


def problems(nb: nbformat.NotebookNode, name: str) -> list[str]:
    """What makes a notebook unclean: outputs, execution counts, attachments, widget state."""
    out = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            if cell.outputs:
                out.append(f"{name}: cell {i} has outputs (run `make strip`)")
            if cell.execution_count is not None:
                out.append(f"{name}: cell {i} has an execution count (run `make strip`)")
        if cell.get("attachments"):
            out.append(f"{name}: cell {i} has attachments")
    if "widgets" in nb.metadata:
        out.append(f"{name}: saved widget state in the metadata (run `make strip`)")
    return out


def test_the_teaching_path_is_there() -> None:
    names = {p.stem for p in _notebooks()}
    assert set(PATH) <= names, sorted(set(PATH) - names)


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.name)
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    nb = nbformat.reads(committed_text(path), as_version=4)
    nbformat.validate(nb)
    assert problems(nb, path.name) == []


def saved_notebook(path: Path) -> None:
    """Write what `make lab` leaves after a run: outputs, counts, widget state."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# x"), nbformat.v4.new_code_cell("1 + 1")]
    nb.cells[1].outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "2"},
                                                  execution_count=1)]
    nb.cells[1].execution_count = 1
    nb.metadata["widgets"] = {"state": {}}
    nbformat.write(nb, path)


def test_a_saved_notebook_is_found_and_stripped(tmp_path: Path) -> None:
    path = tmp_path / "saved.ipynb"
    saved_notebook(path)
    assert len(problems(nbformat.read(path, as_version=4), "saved")) == 3
    done = subprocess.run([sys.executable, str(ROOT / ".ci" / "strip_notebooks.py"), str(path)],
                          capture_output=True, text=True, check=True)
    assert done.stdout == f"stripped {path}\n"
    stripped = nbformat.read(path, as_version=4)
    assert problems(stripped, "saved") == [] and stripped.cells[1].source == "1 + 1"


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_notebook_saved_after_the_commit_does_not_break_the_check(tmp_path: Path) -> None:
    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(tmp_path), "-c", "user.name=t", "-c",
                        "user.email=t@example.org", *args], check=True, capture_output=True)

    path = tmp_path / "nb.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")]), path)
    git("init", "-q")
    git("add", "nb.ipynb")
    git("commit", "-q", "-m", "clean")
    saved_notebook(path)  # run and saved in `make lab`, not committed
    assert problems(nbformat.read(path, as_version=4), "nb") != []
    assert problems(nbformat.reads(committed_text(path, tmp_path), as_version=4), "nb") == []
