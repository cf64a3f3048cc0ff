"""The one-page handout (`settemezzo.plots.handout`): its numbers, pages and words."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from settemezzo import plots
from settemezzo.rules import ITALIAN, SPANISH
from tests.plots.charts import pdf_pages, png_bytes


def test_handout_numbers_never_beat_the_equilibrium() -> None:
    numbers = plots.handout_numbers(ITALIAN)
    # the equilibrium banker holds every player strategy to the game's value or less
    for k, v in numbers.thresholds.items():
        assert v <= -numbers.banker_edge + 1e-9, k
    assert numbers.best_threshold in numbers.thresholds


def test_handout_pdf_pages(tmp_path: Path, eq_table: pd.DataFrame) -> None:
    numbers = plots.handout_numbers(ITALIAN)
    # one page per rule set (the one-page case is the CLI's test)
    two = plots.write_handout([(ITALIAN, eq_table, numbers)] * 2, tmp_path / "two.pdf",
                              lang="it")
    assert pdf_pages(two.read_bytes()) == 2
    page = plots.handout_page(ITALIAN, eq_table, numbers)
    assert page.get_size_inches() == pytest.approx(plots.A4_PORTRAIT)
    words = " ".join(x.get_text() for x in page.texts)
    assert "21.1%" in words and "Rule of thumb" in words and "7½" in words
    with pytest.raises(plots.ChartError, match=r"'x\.png'"):
        plots.write_handout([(ITALIAN, eq_table, numbers)], "x.png")


def test_rules_in_brief_follow_the_rules() -> None:
    italian = " ".join(plots.rules_brief(ITALIAN))
    assert "Everyone stakes, then" in italian and "Wins pay 1 to 1." in italian
    assert "2:1" not in italian and "face-down card up" not in italian
    spanish = " ".join(plots.rules_brief(SPANISH))
    assert "between 2 and 5 chips" in spanish and "6–12" in spanish
    assert "pays 2:1 when the banker did not bust" in spanish
    assert "face-down card up" in spanish and "split into two hands" in spanish
    assert "up to 12 hands" in spanish
    it = " ".join(plots.rules_brief(SPANISH, "it"))
    assert "tra 2 e 5 fiches" in it and "2:1" in it and "dividere" in it
    variants = " ".join(plots.rules_brief(ITALIAN.with_variants(
        "royal", "wild_king", "pair_of_sevens", "burn=3,4", "ties_push")))
    for words in ("K♦ is wild", "3 or 4", "Royal 7½", "pair of sevens", "a tie returns"):
        assert words in variants


def test_spanish_handout_text(spanish_table: pd.DataFrame) -> None:
    page = plots.handout_page(SPANISH, spanish_table, plots.handout_numbers(SPANISH))
    text = " ".join(x.get_text() for x in page.texts).replace("\n   ", " ")
    assert "2:1" in text and "between 2 and 5 chips" in text
    assert "Stake chosen after the first card" in text
    assert "Wins pay 1 to 1." not in text
    png_bytes(page)

