"""The command line's output, recorded: every command below in en, it, es and fr.

``python -m tests.cli_golden`` records ``tests/reference/cli_golden.json`` from the code as it
is; ``tests/cli/test_golden.py`` runs the same commands and compares. A restructuring of the
views must leave every output byte for byte the same, apart from the masked parts: durations
and speeds (the machine's), and numbers in scientific notation (an LP's exploitability, which
the certificate bounds but a solver's path may move in its last digits).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
import sys
import tempfile
from pathlib import Path

LANGS = ("en", "it", "es", "fr")
GOLDEN = Path(__file__).resolve().parent / "reference" / "cli_golden.json"

COMMANDS = (
    'odds --hole 3 --up 1 --seen "7d Kc"',
    'odds --hole 3 --up 1 --seen "7d Kc" --json',
    "odds --hole 5 --rules spanish --threshold 6",
    "odds --hole K --up 2 --variant wild_king",
    "solve",
    "solve --json",
    "solve --rules spanish",
    "evaluate --player threshold:5 --banker threshold:5",
    "evaluate --player threshold:5 --banker threshold:5 --json",
    "evaluate --player threshold:5 --banker omniscient",
    "advise --hole 5 --against threshold:5",
    "advise --hole 5 --against threshold:5 --json",
    "advise --hole J --up Q --variant split_figures=2 --against threshold:5",
    "advise --rules spanish --hole 7",
    "advise --hole 3",
    'advise --hole 5 --against threshold:5 --seen "7 7 7 6 6 5"',
    "edge --variant ties_push",
    "edge --variant ties_push --json",
    "edge --all",
    "simulate --players 4 --hands 20000 --rules spanish --seed 1",
    "simulate --players 2 --hands 20000 --seed 3 --json",
    "play --rules spanish --auto --seed 1",
    "odds --hole 8x",
    "odds --hole 3 --variant nosuch",
    "advise --hole 3 --up 7 --up 7",
    "evaluate --player threshold:99 --banker threshold:5",
    "simulate --players 0",
)

DURATION = re.compile(r"\d[\d.,]*\s?(?:s|ms|µs)\b")
SPEED = re.compile(
    r"\d[\d.,\s]*\s?(?:hands|mani|manos|mains)"
    r"(?:/s| a second| al secondo| por segundo| par seconde)"
)
SCIENTIFIC = re.compile(r"\d(?:[.,]\d+)?e[-+]?\d+", re.IGNORECASE)
THREADS = re.compile(r"\d+ (?:threads?|thread|hilos?|fils?)\b")
JSON_TIMING = re.compile(r'("(?:seconds|hands_per_second)": )[-+\d.e]+')
PROGRESS = re.compile(r"\d+%\|")


def mask(text: str) -> str:
    """The output with the machine's durations, speeds and LP round-off masked."""
    text = JSON_TIMING.sub(r"\1<time>", text)
    text = "\n".join(line for line in text.splitlines() if not PROGRESS.search(line))
    for pattern, token in ((SCIENTIFIC, "<sci>"), (SPEED, "<speed>"), (DURATION, "<time>"),
                           (THREADS, "<threads>")):
        text = pattern.sub(token, text)
    return text


def run(command: str, lang: str) -> dict[str, object]:
    """One command in one language, in-process in an empty folder: status, stdout, stderr."""
    from settemezzo.cli import main

    out, err = io.StringIO(), io.StringIO()
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = main([*shlex.split(command), "--lang", lang])
        finally:
            os.chdir(cwd)
    return {"status": status, "stdout": mask(out.getvalue()), "stderr": mask(err.getvalue())}


def key(command: str, lang: str) -> str:
    return f"{lang} | {command}"


def record() -> None:
    """Write the golden file from the code as it is."""
    golden = {key(c, lang): run(c, lang) for c in COMMANDS for lang in LANGS}
    GOLDEN.write_text(json.dumps(golden, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(golden)} outputs in {GOLDEN}", file=sys.stderr)


if __name__ == "__main__":
    record()
