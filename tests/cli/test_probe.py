"""A probe of bad input across every subcommand of ``settemezzo`` (issue 15).

Done when: at least 300 bad inputs end with no traceback, no run over 60 s, and no exit
status other than 0, 1 or 2. The probe runs in-process through `settemezzo.cli.main`, with
the expensive engine entry points (the equilibrium, the tables, the edge table, the
simulator, the charts) replaced by a stub that raises `ReachedWork`: a bad input must be
refused *before* any of them runs, so reaching one is a failure for every input of `BAD`.
The hostile values of `HOSTILE` are tried on every option of every subcommand (found from
the parser, so a new subcommand is probed too); some of them are valid somewhere (``0`` is a
fine seed), so for those reaching the work is allowed, a traceback is not.

A handful of real subprocesses (no stubs) check the exit statuses, the three inputs that ran
for minutes before (issue 15), and a closed pipe.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

import pytest

from settemezzo import cli
from tests.probing import TOO_BIG, parser_unchanged, probe

# ---------------------------------------------------------------------------------------------
# The inputs
# ---------------------------------------------------------------------------------------------

HOSTILE = ["", "-1", "0", TOO_BIG, "1" * 5000, "1e99999999", "nan", "x", "½", "٣",
           "threshold:99", "/", "\u202e"]
"""Values tried on every option of every subcommand."""

CARDS = ["8", "0", "Z", "7 8", "A A A A A", "J J J J J J J J J J J J J", "K♦♦",
         "re di bastoni bastoni", ",,,", "7d 7d", "½½", "7 x"]

BAD: list[list[str]] = [
    # odds: cards, impossible hands, thresholds
    *[["odds", "--hole", c] for c in CARDS],
    *[["odds", "--hole", "5", "--up", c] for c in CARDS if c.strip(", ")],
    *[["odds", "--hole", "5", "--seen", c] for c in CARDS if c.strip(", ")],
    ["odds", "--hole", "7", "--up", "J J"], ["odds", "--hole", "7", "--up", "1 1"],
    ["odds", "--hole", "7", "--up", "J", "--up", "1"], ["odds", "--hole", "6", "--up", "2 J"],
    ["odds", "--hole", "7", "--up", "7", "--variant", "pair_of_sevens", "--up", "A"],
    ["odds", "--hole", "A", "--seen", "A A A A"], ["odds", "--hole", "A", "--up", "A A A A"],
    ["odds", "--hole", "Kd", "--up", "Kd"], ["odds", "--hole", "5", "--seen", "5d 5d"],
    *[["odds", "--hole", "5", "--threshold", t] for t in
      ["1e99999999", "9" * 5000, "0", "-1", "8.5", "5.25", "nan", "inf", "x", "5½½", "",
       "1/3", TOO_BIG, "threshold:1e9"]],
    # rules and variants, for every subcommand that takes them
    *[[cmd, *extra, "--variant", v]
      for cmd, extra in [("odds", ["--hole", "5"]), ("solve", []), ("evaluate", []),
                         ("table", []), ("edge", []), ("simulate", []),
                         ("advise", ["--hole", "5"]), ("handout", ["--out", "h.pdf"])]
      for v in ["bogus", "rounds=-3", "seven_half_pays=3", "seven_half_pays=0",
                "split_figures=13", "burn=5", "min_stake=0", "royal=maybe", "=", "",
                "max_stake=-1", "rounds=x", "stake_timing=later"]],
    # stakes chosen after the first card: the exact engine keeps one game per stake
    *[[cmd, *extra, "--rules", "spanish", "--variant", v]
      for cmd, extra in [("solve", []), ("evaluate", []), ("table", []), ("edge", []),
                         ("advise", ["--hole", "5"]), ("handout", ["--out", "h.pdf"]),
                         ("chart", ["ev", "--out", "c.png"])]
      for v in ["max_stake=30", f"max_stake={TOO_BIG}"]],
    # a game estimated large: refused without --yes
    *[[cmd, *extra, "--rules", "spanish", "--variant", "burn=3,4", "--variant", "wild_king"]
      for cmd, extra in [("solve", []), ("evaluate", []), ("table", []), ("edge", []),
                         ("advise", ["--hole", "5"]), ("handout", ["--out", "h.pdf"]),
                         ("chart", ["strategy", "--out", "c.png"])]],
    # the simulator's 64-bit sums
    *[["simulate", "--variant", v] for v in [f"max_stake={TOO_BIG}", f"rounds={TOO_BIG}",
                                              "max_stake=10001", "rounds=1000001"]],
    *[[cmd, "--rules", r] for cmd in ("odds", "solve", "simulate") for r in ("bogus", "")],
    # solve, evaluate, advise, table, edge: policies, sizes, outputs
    ["solve", "--rules", "spanish", "--variant", "max_stake=30"],
    *[["evaluate", "--player", p] for p in ["bogus", "omniscient", "threshold:9", "threshold:",
                                             "threshold:5,burn", "", "best,split"]],
    *[["evaluate", "--banker", p] for p in ["bogus", "threshold:0", "threshold:5,split", "",
                                             "threshold:1e99999999"]],
    ["evaluate", "--player", "best", "--banker", "best"],
    *[["advise", "--hole", h, "--up", u] for h, u in [("7", "J J"), ("5", "8"), ("A", "A A A A"),
                                                       ("7", "7 7"), ("Z", "1")]],
    *[["advise", "--hole", "5", "--against", a] for a in ["best", "bogus", "", "threshold:99"]],
    *[["table", "--against", a] for a in ["best", "bogus", ""]],
    *[["table", "--max-up", v] for v in ["-1", "13", TOO_BIG, "x"]],
    *[["table", "--out", o] for o in ["x.txt", "x", "", "/", "x.csv/a.txt"]],
    *[["edge", "--method", m] for m in ["best", "bogus", "", "threshold:0"]],
    ["edge", "--all", "--method", "bogus"], ["edge", "--all", "--out", "x.txt"],
    *[["edge", "--out", o] for o in ["x.txt", "x.jpeg", ""]],
    # charts
    *[["chart", k, "--out", "c.png"] for k in ["bogus", "", "STRATEGY "]],
    *[["chart", "bust", "--out", o] for o in ["c.txt", "c", "", "c.csv", "/"]],
    *[["chart", "bust", "--out", "c.png", "--lang", lang] for lang in ["xx", "", "EN "]],
    *[["chart", "banker-final", "--out", "c.png", "--thresholds", t] for t in
      ["", ",", "1e99999999", "9", "0", "x,5", TOO_BIG]],
    *[["chart", "strategy", "--out", "c.png", "--against", a] for a in ["best", "bogus"]],
    ["chart", "strategy", "--out", "c.png", "--rules", "spanish", "--variant", "max_stake=30"],
    *[["handout", "--out", o] for o in ["h.png", "h", ""]],
    ["handout", "--out", "h.pdf", "--lang", "xx"],
    *[["charts", "--format", f] for f in ["jpeg", "", "csv"]],
    *[["charts", "--kind", k] for k in ["bogus", ""]], ["charts", "--lang", "xx"],
    # simulate: every number, the strategies, the outputs, the cost
    *[["simulate", opt, v] for opt in ["--players", "--hands", "--sessions", "--session-hands",
                                       "--workers"]
      for v in ["0", "-1", TOO_BIG, "1e12", "x", ""]],
    ["simulate", "--players", "8"], ["simulate", "--hands", "1000000000000"],
    ["simulate", "--hands", "100000000", "--players", "7"],
    ["simulate", "--sessions", "4000001"], ["simulate", "--hands", "10", "--sessions", "10"],
    *[["simulate", "--chips", c] for c in ["0", "-5", TOO_BIG, "x", "", "10001"]],
    *[["simulate", "--rules", "spanish", "--variant", "keep_bank", "--sale", s]
      for s in ["x", "-1", TOO_BIG, f"5@{TOO_BIG}", "5@x", "0", ""]],
    ["simulate", "--sale", "20"],
    *[["simulate", "--seat", s] for s in ["x", "9=threshold:5", "1=", "=threshold:5",
                                          "1=bogus", "1=threshold:5/bogus",
                                          f"1=threshold:5,stake={TOO_BIG}"]],
    *[["simulate", role, s] for role in ["--player", "--banker"]
      for s in ["bogus", "", "threshold:99", "threshold:5,stake=0", "threshold:5,stake=x",
                f"threshold:5,stake={TOO_BIG}", "threshold:5,fly"]],
    ["simulate", "--exact", "--players", "2"], ["simulate", "--exact", "--seat", "1=threshold:4"],
    *[["simulate", "--out", o] for o in ["x.txt", "x", "", "/"]],
    *[["simulate", "--sessions-out", o] for o in ["x.txt", ""]],
    ["simulate", "--seed", "-1"], ["simulate", "--seed", str(2**64)],
    # data
    ["data", "--out", "/dev/null"],
    # the terminal table
    *[["play", opt, v] for opt in ["--students", "--computers"]
      for v in ["8", "-1", TOO_BIG, "x", ""]],
    *[["play", "--seed", v] for v in ["-1", "x"]], ["play", "--lang", "xx"],
    ["play", "--students", "0", "--computers", "0"], ["play", "--json"],
    ["play", "--auto", "--students", "2"],
    ["play", "--auto", "--variant", "bogus"],
    # recorded hands
    ["simulate", "--hands-out", "x.txt"], ["simulate", "--hands-out", "/"],
    ["simulate", "--hands", "2000000", "--hands-out", "h.csv"],
    # the classroom server
    *[["classroom", "--port", v] for v in ["70000", "-1", "x", TOO_BIG]],
    *[["classroom", "--level", v] for v in ["99", "0", "x"]], ["classroom", "--lang", "xx"],
    # deck down
    *[["deckdown", "--cycles", v] for v in ["1", "-1", TOO_BIG, "x", "1001"]],
    ["deckdown", "--players", "x"],
    ["deckdown", "--out", "x.txt"], ["deckdown", "--data", "/nonexistent"],
    ["deckdown", "--rules", "bogus"], ["deckdown", "--rules", "italian+bogus"],
    # the class report
    *[["class-report", "--db", d] for d in ["nope.db", "", "/", "garbage.db"]],
    ["class-report", "--db", "garbage.db", "--out", "x.txt"], ["class-report"],
    ["class-report", "--db", "garbage.db", "--lang", "xx"],
    ["class-report", "--db", "garbage.db", "--round", "x"],
    # argparse itself
    [], ["bogus"], ["odds"], ["chart"], ["handout"], ["odds", "--hole"], ["--version-x"],
]
"""Inputs that must be refused (status 2) before any expensive work."""


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def _options(parser: argparse.ArgumentParser) -> list[str]:
    """The value-taking options of a subparser (``--hole``, ``--out``...)."""
    return [a.option_strings[-1] for a in parser._actions
            if a.option_strings and a.nargs != 0 and a.option_strings[-1] != "--help"]


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


REQUIRED = {"odds": ["--hole", "5"], "advise": ["--hole", "5"],
            "chart": ["bust", "--out", "c.png"], "handout": ["--out", "h.pdf"]}
"""Valid values of the required arguments, so that each hostile value is what is tested."""


def hostile_inputs() -> list[list[str]]:
    """Every hostile value on every option of every subcommand."""
    out = []
    for name, parser in _subparsers().items():
        base = REQUIRED.get(name, [])
        for opt in _options(parser):
            for value in HOSTILE:
                argv = [name, *base, opt, value]
                if opt in base:  # replace the required value instead of repeating the option
                    i = base.index(opt)
                    argv = [name, *base[:i], opt, value, *base[i + 2:]]
                out.append(argv)
    return out


# ---------------------------------------------------------------------------------------------
# The probe
# ---------------------------------------------------------------------------------------------


def test_the_probe_is_big_enough() -> None:
    assert len(BAD) + len(hostile_inputs()) >= 300
    assert len(BAD) >= 300, len(BAD)
    probed = {argv[0] for argv in BAD if argv}
    assert set(_subparsers()) <= probed, set(_subparsers()) - probed


def test_bad_inputs_are_refused_before_any_work(stubbed: None, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    Path("garbage.db").write_text("this is not a database\n" * 20)
    failures = []
    for argv in BAD:
        kind, status, seconds, detail = probe(argv)
        _, err = capsys.readouterr()
        last = err.strip().splitlines()[-1] if err.strip() else ""
        if kind != "status" or status != 2 or seconds > 5 or "Traceback" in err:
            failures.append((argv, kind, status, round(seconds, 2), detail or err[-200:]))
        elif not (last.startswith("settemezzo") and ": error: " in last):
            failures.append((argv, "no error line", status, err))  # usage, then one line
    assert not failures, failures[:10]
    assert files(tmp_path) == ["garbage.db"], "a refused command wrote a file"
    assert parser_unchanged()  # the probes reused one parser (`tests.probing.probe`)


def test_hostile_values_on_every_option(stubbed: None, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    failures, outcomes = [], {"status": 0, "work": 0}
    for argv in hostile_inputs():
        kind, status, seconds, detail = probe(argv)
        _, err = capsys.readouterr()
        if kind == "traceback" or status not in (None, 0, 1, 2) or seconds > 5 \
                or "Traceback" in err:
            failures.append((argv, kind, status, round(seconds, 2), detail or err[-200:]))
        else:
            outcomes[kind] += 1
    assert not failures, failures[:10]
    assert outcomes["status"] > outcomes["work"]  # most hostile values are refused
    assert parser_unchanged()


def test_error_messages_say_what_is_allowed(stubbed: None,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    expected = {
        ("odds", "--hole", "7", "--up", "J J"): "[7] ½ makes 7½, the turn ends there",
        ("odds", "--hole", "6", "--up", "2 J"): "[6] 2 is bust",
        ("simulate", "--variant", "rounds=-3"): "rounds must be",
        ("simulate", "--variant", "seven_half_pays=3"): "1 (Italy) or 2 (Spain), got 3",
        ("simulate", "--chips", TOO_BIG): "from 1 to 10,000",
        ("solve", "--rules", "spanish", "--variant", "max_stake=30"): "at most 8",
        ("solve", "--rules", "spanish", "--variant", "burn=3,4"): "Add --yes",
        ("advise", "--hole", "5", "--against", "best"):
            "use one of: equilibrium, threshold:K, omniscient",
        ("evaluate", "--player", "omniscient"): "threshold:K, threshold:K,split, equilibrium, best",
        ("simulate", "--hands", "1000000000000"): "a billion hands",
        ("odds", "--hole", "5", "--threshold", "1e99999999"): "'1e99999999'",
    }
    for argv, words in expected.items():
        kind, status, _, _ = probe(list(argv))
        err = capsys.readouterr().err
        assert (kind, status) == ("status", 2), argv
        assert words in err, (argv, err)
        assert "round_number" not in err and "equilibrium or best" not in err


# ---------------------------------------------------------------------------------------------
# Real processes: exit statuses, the inputs that used to run for minutes, a closed pipe
# ---------------------------------------------------------------------------------------------


def command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "settemezzo", *argv]


@pytest.mark.parametrize("argv", [
    ["odds", "--hole", "7", "--up", "J J"],
    ["odds", "--hole", "5", "--threshold", "1e99999999"],
    ["simulate", "--hands", "1000000000000"],
    ["solve", "--rules", "spanish", "--variant", "max_stake=30"],
    ["simulate", "--chips", TOO_BIG, "--hands", "10"],
], ids=lambda a: " ".join(a)[:40])
def test_real_process_refuses_at_once(argv: list[str]) -> None:
    t0 = time.monotonic()
    done = subprocess.run(command(*argv), capture_output=True, text=True, timeout=60)
    assert time.monotonic() - t0 < 30
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) <= 3 and "error:" in done.stderr


def test_real_process_os_error_names_the_path(tmp_path: Path) -> None:
    # the folder of the output is a file: refused before any work, naming it
    blocker = tmp_path / "file"
    blocker.write_text("x")
    done = subprocess.run(command("simulate", "--hands", "100", "--out",
                                  str(blocker / "x.csv")), capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and str(blocker) in done.stderr
    assert "Traceback" not in done.stderr
    # a folder where no file can be made (in /proc, even for root): refused before any work,
    # status 2, one line naming the path and the folder
    target = "/proc/settemezzo-nope/bust.png"
    done = subprocess.run(command("chart", "bust", "--out", target), capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == (f"settemezzo: error: --out {target!r}: no file can be "
                                   f"written in '/proc' (No such file or directory)")


def test_closed_pipe_ends_quietly() -> None:
    proc = subprocess.Popen(command("odds", "--hole", "3", "--up", "1", "--seen", "7d Kc"),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the first line (like `| head -0`)
    err = proc.stderr.read().decode()
    status = proc.wait(timeout=60)
    assert status in (0, 1), err
    assert err == "", err
