"""Every recorded command prints what it printed when recorded (`tests/cli_golden.py`).

The reference is the code's own output at the time of recording, kept so that a restructuring
of the views (the command line, the words, the number formats) changes no byte a user sees.
Re-record with ``python -m tests.cli_golden`` only for a change meant to alter the output,
and say so in the commit.
"""

from __future__ import annotations

import json

import pytest

from tests.cli_golden import COMMANDS, GOLDEN, LANGS, key, run

RECORDED = json.loads(GOLDEN.read_text())


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("command", COMMANDS)
def test_output_as_recorded(command: str, lang: str) -> None:
    assert run(command, lang) == RECORDED[key(command, lang)]


def test_every_command_is_recorded() -> None:
    assert sorted(RECORDED) == sorted(key(c, lang) for c in COMMANDS for lang in LANGS)
