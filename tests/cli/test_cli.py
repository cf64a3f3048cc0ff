"""The ``settemezzo`` command line: output, JSON, errors, the real entry points.

Reference values are derived by hand from the 40-card deck (12 figures worth ½, four cards
each of 1..7); each derivation is in a comment next to the number.
"""

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


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    assert err == ""
    data = json.loads(out)  # exactly one JSON object and nothing else
    assert isinstance(data, dict)
    return data


# ---------------------------------------------------------------------------------------------
# Human output
# ---------------------------------------------------------------------------------------------


def test_hole_seven_alone(capsys: pytest.CaptureFixture[str]) -> None:
    # A face-down 7, nothing else seen: 39 unseen cards = 12 figures, four each of 1..6, three 7s.
    # Any card but a figure busts: 24 + 3 = 27 of 39 = 9/13. A figure makes 7½: 12/39 = 4/13.
    code, out, err = run(capsys, "odds", "--hole", "7")
    assert code == 0
    assert err == ""
    assert "Italian rules" in out
    assert "unseen cards: 39" in out
    assert "total 7" in out
    assert "9/13  (69.23%)" in out
    assert "4/13  (30.77%)" in out
    assert "1/13  (7.69%)" in out  # next card a 7: 3 of 39
    # threshold 5: a 7 stands at once, so the final total is 7 for sure
    assert "hit below 5, stand on 5 or more" in out
    assert "  7  1  (100.00%)" in out


def test_five_and_ace(capsys: pytest.CaptureFixture[str]) -> None:
    # [5] 1 = 6 points, 38 unseen. Bust needs 2 or more: 4+4+4+3 (fives)+4+4 = 23 of 38.
    # No single card adds exactly 1½, so 7½ is impossible. Aces left: 3 of 38.
    code, out, _ = run(capsys, "odds", "--hole", "5", "--up", "1")
    assert code == 0
    assert "unseen cards: 38" in out
    assert "total 6\n" in out
    assert "23/38  (60.53%)" in out
    assert "exactly 7½  0" in out
    assert "3/38  (7.89%)" in out


def test_up_cards_as_one_string_or_repeated(capsys: pytest.CaptureFixture[str]) -> None:
    _, repeated, _ = run(capsys, "odds", "--hole", "1", "--up", "1", "--up", "3")
    _, joined, _ = run(capsys, "odds", "--hole", "1", "--up", "1 3")
    assert repeated == joined
    assert "hand [1] 1 3: total 5" in joined


def test_two_step_threshold_policy(capsys: pytest.CaptureFixture[str]) -> None:
    # A lone 6 hitting below 7 (39 unseen: 12 figures, 4 aces, three 6s, four each of 2-5, 7).
    #   ace 4/39 -> 7, stand;  2..7 (23/39) -> bust;  figure 12/39 -> 6½, hit again from 38
    #   cards (11 figures, 4 aces, 23 others): figure -> 7, ace -> 7½, other -> bust.
    # P(7) = 4/39 + 12/39*11/38 = 142/741;  P(7½) = 12/39*4/38 = 8/247;
    # P(bust) = 23/39 + 12/39*23/38 = 575/741  (142 + 24 + 575 = 741).
    code, out, _ = run(capsys, "odds", "--hole", "6", "--threshold", "7")
    assert code == 0
    assert "hit below 7, stand on 7 or more" in out
    assert "bust  575/741  (77.60%)" in out
    assert "7     142/741  (19.16%)" in out
    assert "7½    8/247    (3.24%)" in out


def test_seen_cards_with_commas_and_names(capsys: pytest.CaptureFixture[str]) -> None:
    # [3] with three figures seen (re di denari, sota de copas, Kc): 36 unseen, 9 figures.
    # Bust on a 5, 6 or 7 (12 of 36 = 1/3); a figure gives 3½.
    data = run_json(capsys, "odds", "--hole", "3",
                    "--seen", "re di denari, sota de copas", "--seen", "Kc")
    assert data["unseen"] == 36
    figures = data["next_card"][0]
    assert (figures["card"], figures["count"], figures["fraction"]) == ("½", 9, "1/4")
    assert data["bust_chance"]["fraction"] == "1/3"


def test_finished_hands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--hole", "7", "--up", "J", "--variant", "royal")
    assert code == 0
    assert "royal 7½, the turn is over" in out
    assert "one more card" not in out
    data = run_json(capsys, "odds", "--hole", "7", "--up", "1")  # 8 points: bust
    assert data["finished"] is True
    assert data["result"] == "bust"
    assert data["bust_chance"] is None and data["seven_half_chance"] is None
    assert data["final_distribution"] == [
        {"score": 0, "label": "bust", "fraction": "1", "float": 1.0}]


def test_wild_king_never_busts(capsys: pytest.CaptureFixture[str]) -> None:
    # Under wild_king a lone K♦ counts 7; a hand busts only with the K♦ as ½, so never here.
    # 7½ needs K♦ + a figure (K♦ = 7) or K♦ + a 7 (K♦ = ½): 11 + 4 = 15 of 39 = 5/13.
    data = run_json(capsys, "odds", "--hole", "Kd", "--variant", "wild_king")
    assert data["rules"] == "Italian rules + wild K♦"
    assert data["total_label"] == "7"
    assert data["bust_chance"]["fraction"] == "0"
    assert data["seven_half_chance"]["fraction"] == "5/13"


# ---------------------------------------------------------------------------------------------
# JSON
# ---------------------------------------------------------------------------------------------


def test_json_fields(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "odds", "--hole", "7")
    assert set(data) >= {"rules", "hand", "total", "total_label", "finished", "unseen",
                         "next_card", "bust_chance", "seven_half_chance", "threshold",
                         "policy", "final_distribution"}
    assert data["total"] == 14 and data["total_label"] == "7"
    assert data["finished"] is False
    assert data["unseen"] == 39
    assert data["bust_chance"] == {"fraction": "9/13", "float": pytest.approx(9 / 13)}
    assert data["seven_half_chance"]["fraction"] == "4/13"
    assert sum(c["count"] for c in data["next_card"]) == 39
    for block in (data["next_card"], data["final_distribution"]):
        assert sum(Fraction(row["fraction"]) for row in block) == 1
        for row in block:
            assert row["float"] == pytest.approx(float(Fraction(row["fraction"])))


def test_json_spanish_and_threshold(capsys: pytest.CaptureFixture[str]) -> None:
    # Same numbers as test_two_step_threshold_policy: draw odds do not depend on the preset.
    data = run_json(capsys, "odds", "--hole", "6", "--threshold", "7", "--rules", "spanish")
    assert data["rules"].startswith("Spanish rules")
    assert data["threshold"] == "7"
    final = {row["label"]: row["fraction"] for row in data["final_distribution"]}
    assert final == {"bust": "575/741", "7": "142/741", "7½": "8/247"}


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
    from settemezzo.rules import ITALIAN

    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict) and next(iter(data)) == "rules"
    assert data["rules"] == describe_rules(ITALIAN)
    if hasattr(ITALIAN, "spec"):  # the canonical rule spec, once settemezzo.rules has it
        assert data["rules_spec"] == ITALIAN.spec()
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
