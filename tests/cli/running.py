"""Running a ``settemezzo`` command in the test process, as the command line tests do."""

from __future__ import annotations

import json
from typing import Any

import pytest

from settemezzo.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``settemezzo *argv``: (exit status, stdout, stderr)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    """``settemezzo *argv --json``, which succeeds quietly: its one JSON object."""
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    assert err == ""
    data = json.loads(out)  # exactly one JSON object and nothing else
    assert isinstance(data, dict)
    return data
