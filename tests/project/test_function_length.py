"""No function in ``settemezzo/`` is over 80 lines (issue #12: a reader sees a function whole).

Measured with `ast` from the ``def`` line to the last line of the body, decorators excluded,
so a docstring counts: a long docstring is a sign the function does too much, too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import settemezzo

LIMIT = 80
PACKAGE = Path(settemezzo.__file__).parent


def _long_functions(source: str, path: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > LIMIT:
                found.append(f"{path}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_function_in_the_package_is_over_80_lines() -> None:
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) > 30  # the whole package is read, not an empty folder
    long = [f for p in files for f in _long_functions(p.read_text(encoding="utf-8"), str(p))]
    assert long == [], "functions over 80 lines:\n" + "\n".join(long)


def test_the_measure_catches_a_long_function() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(LIMIT))
    assert _long_functions(f"def f():\n{body}\n", "demo.py") == ["demo.py:1 f (81 lines)"]
    assert _long_functions("def g():\n    return 1\n", "demo.py") == []
