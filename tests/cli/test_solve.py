"""The solver subcommands: solve, evaluate, advise, table, data."""

import json
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest

from settemezzo.solve import equilibrium, evaluate
from tests.cli.running import run


def test_solve_json_carries_the_certificate(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--json")
    assert code == 0
    data = json.loads(out)
    eq = equilibrium()
    assert data["banker_edge"] == pytest.approx(eq.banker_edge, abs=1e-12)
    cert = data["certificate"]
    assert cert["lower"] <= data["player_value"] <= cert["upper"]
    assert cert["exploitability"] < 1e-9


def test_solve_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve")
    assert code == 0 and "Banker's edge" in out and "Certificate" in out


def test_evaluate_prints_the_exact_fraction(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "evaluate", "--player", "threshold:5", "--banker",
                       "threshold:5", "--json")
    assert code == 0
    data = json.loads(out)
    assert Fraction(data["player_value"]["fraction"]) == evaluate("threshold:5", "threshold:5")


@pytest.mark.parametrize("argv", [("--player", "best", "--banker", "threshold:5"),
                                  ("--player", "threshold:5", "--banker", "best"),
                                  ("--player", "threshold:5", "--banker", "omniscient"),
                                  ("--player", "equilibrium", "--banker", "equilibrium")])
def test_evaluate_policies(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    code, out, _ = run(capsys, "evaluate", *argv)
    assert code == 0 and "Player's value" in out


def test_advise_answers_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "advise", "--hole", "7", "--against", "threshold:5")
    assert code == 0
    assert out.startswith("face-down 7, nothing up: STAND")
    code, out, _ = run(capsys, "advise", "--hole", "5", "--json")
    assert code == 0 and json.loads(out)["best"] in {"stand", "hit", "mixed"}


def test_table_to_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "t.csv"
    code, _out, _ = run(capsys, "table", "--against", "threshold:5", "--out", str(out_file))
    assert code == 0
    df = pd.read_csv(out_file)
    assert len(df) == 4389 and "cost_of_mistake" in df.columns


@pytest.mark.parametrize("argv, quoted", [
    (("evaluate", "--player", "threshold:9"), "'threshold:9'"),
    (("evaluate", "--banker", "clever"), "'clever'"),
    (("advise", "--hole", "8"), "'8'"),
    (("solve", "--variant", "split_figures=13"), "13"),
    (("solve", "--variant", "burn=5"), "burn"),
    (("table", "--against", "threshold:5", "--out", "x.txt"), "'x.txt'"),
])
def test_bad_input_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str],
                                            argv: tuple[str, ...], quoted: str) -> None:
    code, _out, err = run(capsys, *argv)
    assert code == 2
    assert quoted in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_solve_names_the_restriction(capsys: pytest.CaptureFixture[str]) -> None:
    """The Spanish rules are solved with the player restricted (settemezzo.game.restriction_codes):
    the output says so, in text and in JSON; the Italian rules print no such line."""
    code, out, _ = run(capsys, "solve", "--rules", "spanish")
    assert code == 0
    assert "Restricted:" in out and "never splits into more than two hands" in out
    code, out, _ = run(capsys, "solve", "--rules", "spanish", "--json")
    assert code == 0 and "never swaps inside a split hand" in json.loads(out)["restriction"]
    code, out, _ = run(capsys, "solve")
    assert code == 0 and "Restricted" not in out
