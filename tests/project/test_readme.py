"""Every ```console block of README.md against a real run (issue 15: no example goes stale).

Each ``$ settemezzo ...`` line is run in-process (`settemezzo.cli.main`) in an empty folder,
and its output compared with the lines below it in the README:

- a line is compared exactly, except that
- ``...`` alone on a line stands for any number of lines;
- a timing line (``Solved in 2.42 s ...``, ``Played ... 1.92 s (...)``) is compared up to
  its first duration: times, speeds and thread counts are the machine's;
- a Monte Carlo line (``14.313% ± 0.071%``) is compared with its numbers masked, and each
  ``value ± error`` must lie within 4 standard errors of the README's (the same seed gives
  the same numbers; the margin lets the simulator change its card order);
- ``the simulation is Z standard errors away``: Z must be at most 4;
- an LP certificate (``Certificate: the value lies in [a, b] (exploitability e)``) and
  numbers in scientific notation (an exploitability) are compared within 1e-9, the
  certificate the project asks of every equilibrium.

A command shown without output (``edge --all --out edge.csv``, a minute or more) is checked
as far as the work: its arguments must all be accepted (the engine stubbed as in
``tests/cli/test_probe.py``); a command the program refuses would fail here.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from settemezzo.cli import main
from tests.probing import probe

README = Path(__file__).resolve().parents[2] / "README.md"
SE = 4
"""Monte Carlo numbers must agree within this many standard errors."""
CERTIFICATE = 1e-9

NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?(?:e[-+]?\d+)?")
PLUS_MINUS = re.compile(r"([-+]?\d[\d,]*(?:\.\d+)?)(%?)( \w+)? ± (\d[\d,]*(?:\.\d+)?)%?")
TIMING = re.compile(r"\d[\d,]*(?:\.\d+)? s\b")
SCIENTIFIC = re.compile(r"\d(?:\.\d+)?e[-+]\d+")
Z_AWAY = re.compile(r"is (-?\d+(?:\.\d+)?) standard errors away")


@dataclass(frozen=True)
class Example:
    """One ``$ settemezzo ...`` line of the README and the output shown below it."""

    line: int
    command: str
    expected: tuple[str, ...]

    @property
    def argv(self) -> list[str]:
        text = re.sub(r"\s{2,}#.*$|\s#\s.*$", "", self.command)
        words = shlex.split(text)
        assert words[0] == "settemezzo", f"README line {self.line}: {self.command!r}"
        return words[1:]


def examples(text: str) -> Iterator[Example]:
    """The examples of every ```console block."""
    block: list[tuple[int, str]] | None = None
    for i, line in enumerate(text.splitlines(), 1):
        if block is None:
            if line.strip() == "```console":
                block = []
        elif line.strip() == "```":
            yield from _split(block)
            block = None
        else:
            block.append((i, line))
    assert block is None, "an unclosed ```console block"


def _split(block: list[tuple[int, str]]) -> Iterator[Example]:
    current: tuple[int, str] | None = None
    out: list[str] = []
    for i, line in block:
        if line.startswith("$ "):
            if current is not None:
                yield Example(current[0], current[1], tuple(out))
            current, out = (i, line[2:]), []
        else:
            assert current is not None, f"README line {i}: output before any '$ ' command"
            out.append(line)
    if current is not None:
        yield Example(current[0], current[1], tuple(out))


# ---------------------------------------------------------------------------------------------
# Comparing a line
# ---------------------------------------------------------------------------------------------


def _mask(line: str) -> str:
    return NUMBER.sub("#", line)


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def same_line(expected: str, actual: str) -> str | None:
    """None if ``actual`` matches ``expected`` under the rules above, else why not."""
    if expected == actual:
        return None
    timing = TIMING.search(expected)
    if timing is not None:
        head = expected[:timing.start()]
        return None if actual.startswith(head) else "timing line differs before the time"
    if _mask(expected.strip()) != _mask(actual.strip()) and \
            " ".join(_mask(expected).split()) != " ".join(_mask(actual).split()):
        return "differs beyond its numbers"
    if "±" in expected:
        return _monte_carlo(expected, actual)
    if Z_AWAY.search(expected):
        z = _number(Z_AWAY.search(actual).group(1))  # type: ignore[union-attr]
        return None if abs(z) <= SE else f"the simulation is {z} standard errors away"
    return _certified(expected, actual)


def _monte_carlo(expected: str, actual: str) -> str | None:
    exp, act = PLUS_MINUS.findall(expected), PLUS_MINUS.findall(actual)
    if len(exp) != len(act):
        return "a different number of 'value ± error' pairs"
    for (v0, _, _, s0), (v1, _, _, s1) in zip(exp, act, strict=True):
        se = max(_number(s0), _number(s1))
        if abs(_number(v0) - _number(v1)) > SE * se + 1e-12:
            return f"{v1} ± {s1} is more than {SE} standard errors from {v0} ± {s0}"
    return None


def _certified(expected: str, actual: str) -> str | None:
    """Numbers an LP gives: scientific ones both tiny, the rest within 1e-9."""
    exp, act = NUMBER.findall(expected), NUMBER.findall(actual)
    if len(exp) != len(act):
        return "a different number of numbers"
    tolerant = expected.lstrip().startswith("Certificate:")
    for a, b in zip(exp, act, strict=True):
        if a == b:
            continue
        if SCIENTIFIC.fullmatch(a) and SCIENTIFIC.fullmatch(b):
            if max(_number(a), _number(b)) > CERTIFICATE:
                return f"{b}: not below {CERTIFICATE}"
        elif not (tolerant and abs(_number(a) - _number(b)) <= CERTIFICATE):
            return f"{b} where the README has {a}"
    return None


def compare(expected: tuple[str, ...], actual: list[str]) -> str | None:
    """None if the output matches, else the first difference (``...`` skips lines)."""
    def match(i: int, j: int) -> str | None:
        while i < len(expected):
            if expected[i].strip() == "...":
                if i + 1 == len(expected):
                    return None
                errors = [match(i + 1, k) for k in range(j, len(actual) + 1)]
                return None if None in errors else errors[0]
            if j >= len(actual):
                return f"missing line: {expected[i]!r}"
            why = same_line(expected[i].rstrip(), actual[j].rstrip())
            if why is not None:
                return f"{why}:\n  README: {expected[i]!r}\n  actual: {actual[j]!r}"
            i, j = i + 1, j + 1
        return None if j == len(actual) else f"unexpected line: {actual[j]!r}"
    return match(0, 0)


# ---------------------------------------------------------------------------------------------
# The tests
# ---------------------------------------------------------------------------------------------

EXAMPLES = list(examples(README.read_text(encoding="utf-8")))
SHOWN = [e for e in EXAMPLES if e.expected]
UNSHOWN = [e for e in EXAMPLES if not e.expected]


def test_the_readme_has_console_examples() -> None:
    assert len(SHOWN) >= 10 and UNSHOWN


@pytest.mark.slow
@pytest.mark.parametrize("example", SHOWN, ids=lambda e: f"line{e.line}")
def test_console_example(example: Example, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    status = main(example.argv)
    out, err = capsys.readouterr()
    assert status == 0, err
    difference = compare(example.expected, out.splitlines())
    assert difference is None, f"README line {example.line}: $ {example.command}\n{difference}"


@pytest.mark.parametrize("example", UNSHOWN, ids=lambda e: f"line{e.line}")
def test_console_command_is_accepted(example: Example, stubbed: None, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    kind, status, _, detail = probe(example.argv)
    err = capsys.readouterr().err
    assert kind == "work" or (kind, status) == ("status", 0), (example.command, detail, err)


# ---------------------------------------------------------------------------------------------
# The comparison itself (so that a stale README cannot pass)
# ---------------------------------------------------------------------------------------------


def test_compare_catches_a_stale_monte_carlo_number() -> None:
    readme = ("Banker's edge per player-hand: 10.510% ± 0.070% (the banker's gain)",)
    now = ["Banker's edge per player-hand: 14.313% ± 0.071% (the banker's gain)"]
    assert "standard errors" in (compare(readme, now) or "")
    close = ["Banker's edge per player-hand: 10.700% ± 0.071% (the banker's gain)"]
    assert compare(readme, close) is None


def test_compare_ignores_times_but_not_counts() -> None:
    readme = ("Played 1,000,005 hands in 66,667 sessions, 1.92 s (520,106 hands/s)",)
    assert compare(readme, ["Played 1,000,005 hands in 66,667 sessions, 7.5 s (3 hands/s; "
                            "1 thread)"]) is None
    assert compare(readme, ["Played 1,000,001 hands in 66,667 sessions, 1.92 s "
                            "(520,106 hands/s)"]) is not None
    assert compare(("Solved in 2.42 s (11 LP rounds)",), ["Solved in 9.1 s (12 LP rounds)"]) \
        is None


def test_compare_exact_lines_and_ellipsis() -> None:
    readme = ("a 5/12", "...", "z 1")
    assert compare(readme, ["a 5/12", "b", "c", "z 1"]) is None
    assert compare(readme, ["a 5/12", "z 1"]) is None
    assert compare(readme, ["a 7/12", "z 1"]) is not None
    assert compare(readme, ["a 5/12", "b"]) is not None
    assert compare(("x",), ["x", "y"]) is not None
    assert compare(("Certificate: in [-0.211357926125, -0.211357926123] (exploitability "
                    "2.1e-12)",),
                   ["Certificate: in [-0.211357926126, -0.211357926122] (exploitability "
                    "9.9e-13)"]) is None
    assert compare(("edge 10.4267%    1.474043e-12",), ["edge 10.4267%    2.5e-12"]) is None
    assert compare(("edge 10.4267%    1.474043e-12",), ["edge 10.4268%    1.474043e-12"]) \
        is not None


def test_examples_are_parsed_with_comments_removed() -> None:
    text = "```console\n$ settemezzo charts --out charts   # everything\n```\n"
    (example,) = examples(text)
    assert example.argv == ["charts", "--out", "charts"] and example.expected == ()
