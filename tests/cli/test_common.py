"""What every command shares (`settemezzo.cli.common`): the values people type (cards, a
policy in its place, ``--sale``), the output path checked before any work, the command line's
percentages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from settemezzo.cards import Card, InvalidCardError, Rank, Suit
from settemezzo.cli import common as C
from settemezzo.errors import InputError, LimitError
from settemezzo.fileio import OutputPathError
from settemezzo.policy import PolicyError

PLAYERS = ("threshold:K", "threshold:K,split", "equilibrium")


def test_one_value_names_one_card_or_several() -> None:
    king = Card(Rank.KING, Suit.DIAMONDS)
    assert C.parse_cards_arg("re di denari") == [king]  # one card in words, spaces and all
    assert C.parse_cards_arg("1 3") == [Rank.ACE, Rank.THREE]  # ranks alone
    assert C.parse_cards_arg("7d, Kc") == [Card(Rank.SEVEN, Suit.DIAMONDS),
                                           Card(Rank.KING, Suit.CLUBS)]
    assert C.parse_cards_args(["1", "3 5"]) == [Rank.ACE, Rank.THREE, Rank.FIVE]


def test_a_card_name_cut_short_is_refused() -> None:
    with pytest.raises(InvalidCardError, match="cut short"):
        C.parse_cards_arg("re di")


def test_a_policy_is_checked_against_what_its_place_allows() -> None:
    assert C.check_policy("THRESHOLD:5", "--banker", C.BANKERS) == "threshold:5"
    assert C.check_policy("omniscient", "--banker", C.BANKERS) == "omniscient"
    assert C.check_policy("threshold:4,split,swap", "--player", PLAYERS) == \
        "threshold:4,split,swap"
    with pytest.raises(C.CliError) as err:
        C.check_policy("best", "--banker", C.BANKERS)
    assert str(err.value) == ("--banker 'best' is not a policy here; use one of: "
                              "equilibrium, threshold:K, omniscient")
    with pytest.raises(C.CliError, match="'threshold:5,split' is not a policy here"):
        C.check_policy("threshold:5,split", "--banker", C.BANKERS)  # options: players only
    with pytest.raises(C.CliError, match="'equilibrium,split' is not a policy here"):
        C.check_policy("equilibrium,split", "--player", PLAYERS)  # options: thresholds only


def test_a_bad_threshold_keeps_the_thresholds_own_message() -> None:
    with pytest.raises(PolicyError, match="from ½ to 8"):
        C.check_policy("threshold:99", "--banker", C.BANKERS)


@pytest.mark.parametrize(("text", "sale"), [(None, None), ("20", (20, 5)), ("20@3", (20, 3)),
                                            (" 7 @ 2", (7, 2))])
def test_a_sale_is_a_price_and_the_hands_it_lasts(text: str | None,
                                                  sale: tuple[int, int] | None) -> None:
    assert C.parse_sale(text) == sale


@pytest.mark.parametrize(("text", "error", "words"), [
    ("x", C.CliError, "PRICE or PRICE@HANDS"), ("@5", C.CliError, "PRICE or PRICE@HANDS"),
    ("-1", C.CliError, "PRICE or PRICE@HANDS"), ("5@x", C.CliError, "PRICE or PRICE@HANDS"),
    ("0", LimitError, "--sale price must be a whole number from 1 to 10,000"),
    ("20@0", LimitError, "--sale hands must be a whole number from 1 to 1,000,000"),
])
def test_a_bad_sale_says_what_is_allowed(text: str, error: type[InputError],
                                         words: str) -> None:
    with pytest.raises(error, match=words):
        C.parse_sale(text)


def test_an_output_is_checked_before_any_work(tmp_path: Path) -> None:
    deeper = tmp_path / "new" / "folder" / "x.csv"
    assert C.check_out(deeper, [".csv"]) == deeper  # folders still to be made are fine
    assert not (tmp_path / "new").exists()  # and nothing is left behind
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(OutputPathError, match=re.escape("must name a .csv file, got 'x.txt'")):
        C.check_out("x.txt", [".csv"])


def test_an_output_where_no_file_can_be_made_is_refused(tmp_path: Path) -> None:
    """Under a file, where no folder can be (on every machine), and under /proc on Linux."""
    (tmp_path / "afile").write_text("x")
    under_a_file = tmp_path / "afile" / "x.csv"
    with pytest.raises(OutputPathError, match=re.escape("is a file, not a folder")):
        C.check_out(under_a_file, [".csv"])
    if Path("/proc").is_dir():
        words = re.escape("--out '/proc/x.csv': no file can be written")
        with pytest.raises(OutputPathError, match=words):
            C.check_out("/proc/x.csv", [".csv"])


def test_a_chart_output_error_is_a_chart_error() -> None:
    from settemezzo.plots import ChartError

    with pytest.raises(ChartError, match=r"\.png"):
        C.check_chart_out("chart.txt")


def test_percentages_as_the_command_line_prints_them() -> None:
    assert C.pct(0.25) == "25.000000%"
    assert C.pct(-0.01, "it") == "-1,000000%"  # an ASCII minus, the Italian decimal comma
    assert C.pct(0.5, "en", 1) == "50.0%"
    assert C.pct(None) == "n/a"
