"""The ``settemezzo`` command line as a whole: errors, the real entry points, the one JSON
emitter, careless inputs, the registry of subcommands."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from settemezzo.cli import COMMANDS, build_parser, command_of, main
from settemezzo.i18n import describe_rules
from tests.cli.running import run, run_json

# ---------------------------------------------------------------------------------------------
# Errors: one line on stderr, exit status 2, no traceback
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("argv", "quoted"), [
    (["--hole", "8"], "'8'"),
    (["--hole", "xx"], "'xx'"),
    (["--hole", "7", "--seen", "7d 7d"], "'7♦'"),
    (["--hole", "7", "--variant", "nonsense"], "'nonsense'"),
    (["--hole", "7", "--up", "7", "--up", "7", "--up", "7", "--up", "7"], "'7'"),
    (["--hole", "7", "--threshold", "9"], "'9'"),
    (["--hole", "7", "--variant", "burn=5"], "{5}"),
])
def test_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str], quoted: str) -> None:
    code, out, err = run(capsys, "odds", *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("settemezzo: error: ")
    assert err.count("\n") == 1, err  # a single line
    assert quoted in err
    assert "Traceback" not in err


def test_bad_input_messages(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "odds", "--hole", "8")
    assert "8, 9 and 10 are removed" in err
    _, _, err = run(capsys, "odds", "--hole", "7", "--up", "7", "--up", "7", "--up", "7",
                    "--up", "7")
    assert "5 cards of rank '7' listed; the deck holds only 4" in err
    _, _, err = run(capsys, "odds", "--hole", "7", "--seen", "7d 7d")
    assert "listed twice" in err


@pytest.mark.parametrize("argv", [
    [],
    ["odds"],
    ["odds", "--hole", "7", "--rules", "french"],
    ["nonsense"],
])
def test_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("usage: settemezzo")
    assert "error: " in err  # argparse: 'settemezzo: error:' or 'settemezzo odds: error:'
    assert "Traceback" not in err


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--help")
    assert code == 0
    assert "--threshold" in out and "--variant" in out


# ---------------------------------------------------------------------------------------------
# The real entry points
# ---------------------------------------------------------------------------------------------


def test_python_dash_m() -> None:
    done = subprocess.run([sys.executable, "-m", "settemezzo", "odds", "--hole", "5", "--up", "1"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "23/38  (60.53%)" in done.stdout
    assert "Traceback" not in done.stderr
    bad = subprocess.run([sys.executable, "-m", "settemezzo", "odds", "--hole", "8"],
                         capture_output=True, text=True, timeout=60, check=False)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.startswith("settemezzo: error: '8'")
    assert "Traceback" not in bad.stderr


def test_console_script() -> None:
    script = Path(sys.executable).parent / "settemezzo"
    # `make test` installs the package, console script included: a missing script is a bug
    assert script.exists(), f"console script not installed next to {sys.executable}"
    done = subprocess.run([str(script), "odds", "--hole", "7", "--json"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["bust_chance"]["fraction"] == "9/13"
    assert "Traceback" not in done.stderr


# ---------------------------------------------------------------------------------------------
# One JSON emitter (settemezzo.cli.common.print_json)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ["odds", "--hole", "7", "--up", "J"],
    ["evaluate", "--player", "threshold:5", "--banker", "threshold:5"],
    ["advise", "--hole", "7", "--against", "threshold:5"],
    ["edge", "--method", "threshold:5"],
    ["simulate", "--hands", "2000", "--no-progress"],
    ["play", "--auto", "--player", "threshold:5"],
], ids=lambda argv: argv[0])
def test_every_json_output_carries_the_rules(capsys: pytest.CaptureFixture[str],
                                             argv: list[str]) -> None:
    from settemezzo.rules import ITALIAN, dealt_down

    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict) and next(iter(data)) == "rules"
    rules = dealt_down(ITALIAN) if argv[0] == "play" else ITALIAN   # a table plays it down
    assert data["rules"] == describe_rules(rules)
    assert data["rules_spec"] == rules.spec()
    assert "\\u" not in out  # 7½, ♦ as they are, not \u00bd


def test_json_text_is_utf8_and_strict() -> None:
    from settemezzo.cli.common import json_text

    text = json_text({"half": "7½", "x": Fraction(1, 3), "nan": float("nan"),
                      "inf": float("inf")})
    assert json.loads(text) == {"half": "7½", "x": {"fraction": "1/3", "float": 1 / 3},
                                "nan": None, "inf": None}
    assert "7½" in text


# ---------------------------------------------------------------------------------------------
# Inputs a careless user types: one clear line and status 2, before any work
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["stake_timing=", "reshuffle=", "stake_timing= "])
def test_a_choice_knob_with_an_empty_value_is_refused(capsys: pytest.CaptureFixture[str],
                                                      variant: str) -> None:
    # 'stake_timing=' is a value forgotten, not the knob switched on
    code, out, err = run(capsys, "odds", "--hole", "5", "--variant", variant)
    assert code == 2 and out == ""
    knob = variant.partition("=")[0]
    assert err.count("\n") == 1 and f"variant {variant!r}" in err and "needs a value" in err
    assert f"{knob} alone" in err


def test_a_choice_knob_alone_still_switches_it_on(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "odds", "--hole", "5", "--variant", "stake_timing",
                    "--variant", "reshuffle")
    assert "stake_timing=after_first_card" in data["rules_spec"]
    assert "reshuffle=when_exhausted" in data["rules_spec"]


@pytest.mark.parametrize("hole", ["re di", "rey de", "roi de", "re d'"])
def test_a_card_name_cut_short_is_refused(capsys: pytest.CaptureFixture[str],
                                          hole: str) -> None:
    # 're di' is a King whose suit was cut off, not the rank alone
    code, out, err = run(capsys, "odds", "--hole", hole)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "cut short" in err


def test_a_card_name_with_its_suit_is_taken(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "odds", "--hole", "re di denari")
    assert data["hand"].startswith("[K♦]")


def test_simulate_refuses_an_output_it_cannot_write_before_dealing(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # /proc takes no file, even for root, whom the permission bits let write anywhere
    import settemezzo.simulate

    def dealt(*args: object, **kwargs: object) -> None:
        raise AssertionError("the simulation ran")

    monkeypatch.setattr(settemezzo.simulate, "simulate", dealt)
    for option in ("--out", "--sessions-out", "--hands-out"):
        code, out, err = run(capsys, "simulate", "--hands", "1000", option, "/proc/s.csv")
        assert code == 2 and out == "", err
        assert err == (f"settemezzo: error: {option} '/proc/s.csv': no file can be written "
                       f"in '/proc' (No such file or directory)\n")


def test_a_language_that_is_no_identifier_gets_a_clear_error(capsys: Any) -> None:
    """``--lang`` with a null character once crashed building the parser's class name (found by
    tests/project/test_fuzz.py); it is an unknown language like any other."""
    assert main(["odds", "--lang", "\x00", "--hole", "5"]) == 2
    assert "unknown language" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# The registry of subcommands
# ---------------------------------------------------------------------------------------------


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_the_registry_names_every_subcommand_in_the_order_the_modules_add_them() -> None:
    assert list(_subcommands(build_parser("en"))) == list(COMMANDS)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_light_parser_helps_as_the_whole_one(lang: str) -> None:
    # the summaries the registry gives are the ones each command module adds
    assert build_parser(lang, ()).format_help() == build_parser(lang).format_help()


def test_the_light_parser_builds_the_whole_parser_of_the_command_asked() -> None:
    whole, light = _subcommands(build_parser("en")), _subcommands(build_parser("en", ["edge"]))
    assert light["edge"].format_help() == whole["edge"].format_help()
    assert light["odds"].format_help() != whole["odds"].format_help()  # a summary only


@pytest.mark.parametrize(("argv", "command"), [
    (["odds", "--hole", "5"], "odds"), (["--lang", "it", "class-report"], "class-report"),
    (["--lang=fr", "edge", "--all"], "edge"), (["--help"], None), (["nosuch", "odds"], None),
    ([], None)])
def test_the_command_of_a_command_line(argv: list[str], command: str | None) -> None:
    assert command_of(argv) == command

