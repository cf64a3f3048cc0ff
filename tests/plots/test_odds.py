"""The odds and EV charts' numbers (`settemezzo.plots.odds`), checked by hand."""

from __future__ import annotations

from fractions import Fraction

import pandas as pd
import pytest

from settemezzo import plots
from settemezzo.rules import ITALIAN


def test_bust_chance_data_hand_checked() -> None:
    d = plots.bust_chance_data(ITALIAN).set_index(["series", "total_half"])
    # one face-down 7: 27 of the 39 other cards bust; a figure: nothing busts
    assert d.loc[("one_card", 14), "bust_exact"] == "9/13"
    assert d.loc[("one_card", 1), "bust_exact"] == "0"
    # two figures (total 1): only the four 7s of the 38 cards left bust
    assert Fraction(d.loc[("two_cards", 2), "bust_exact"]) == Fraction(4, 38)
    # 7 as 6+1, 5+2, 4+3 (no figure used): all 26 non-figures of the 38 left bust
    assert Fraction(d.loc[("two_cards", 14), "bust_exact"]) == Fraction(26, 38)
    ones = [d.loc[("one_card", h), "bust"] for h in (1, 2, 4, 6, 8, 10, 12, 14)]
    assert ones == sorted(ones)


def test_banker_final_data_sums_to_one_and_is_hand_checked() -> None:
    d = plots.banker_final_data(ITALIAN, (4, 5, 6, 0.5))
    for _, g in d.groupby("threshold_half"):
        assert sum(Fraction(p) for p in g["probability_exact"]) == 1
    bust = d[d["score"] == 0].set_index("threshold_half")["probability"]
    assert bust[8] < bust[10] < bust[12]
    # hitting below ½ means taking one card only: a figure (12 of 40) is a total of ½
    half = d[(d["threshold_half"] == 1) & (d["score"] == 1)]
    assert half["probability_exact"].item() == "3/10"
    with pytest.raises(ValueError, match="'nine'"):
        plots.banker_final_data(ITALIAN, ("nine",))


def test_ev_data_is_a_weighted_mean_of_the_states(eq_table: pd.DataFrame) -> None:
    ev = plots.ev_data(eq_table).set_index("total_half")
    for half in (1, 9, 14):
        states = eq_table[eq_table["total_half"] == half]
        for col in ("stand_ev", "hit_ev"):
            assert states[col].min() - 1e-12 <= ev.loc[half, col] <= states[col].max() + 1e-12
    assert ev.loc[14, "stand_ev"] > ev.loc[14, "hit_ev"]
    assert ev.loc[1, "hit_ev"] > ev.loc[1, "stand_ev"]

