"""The strategy chart (`settemezzo.plots.strategy`): its cells and stakes, against the tables."""

from __future__ import annotations

import hashlib

import pandas as pd
import pytest

from settemezzo import plots
from settemezzo.plots.strategy import stake_text
from settemezzo.plots.style import half_of_label
from settemezzo.results.answers import advise


def _rounded(x: float) -> str:
    s = f"{x:.3f}"
    return "0.000" if s == "-0.000" else s


def test_strategy_cells_hash_against_threshold5(th_table: pd.DataFrame) -> None:
    # Regression guard on every cell of the strategy chart against the threshold:5 banker
    # (exact arithmetic, so the same on every machine; the equilibrium's mixing frequencies
    # are not unique, so its chart is checked by sanity assertions instead). Produced by:
    #   cells = strategy_cells(player_table(ITALIAN, "threshold:5"))
    #   text = "\n".join(f"{hole} {up_total_half} {action} {hit_share:.3f} {margin:.3f}")
    #   (with -0.000 written 0.000), then sha256(text). Recompute it the same way, and look
    #   at the chart, when the engine's numbers are meant to change.
    cells = plots.strategy_cells(th_table)
    text = "\n".join(f"{r.hole} {r.up_total_half} {r.action} {_rounded(r.hit_share)} "
                     f"{_rounded(r.margin)}" for r in cells.itertuples())
    assert len(cells) == 63
    assert hashlib.sha256(text.encode()).hexdigest() == (
        "acfd5579fc9ff3afe8da1a049a9ce1e8b673a92d019b0387c0bc4dd9ee0f916b")


def _cell(cells: pd.DataFrame, hole: str, up_half: int) -> pd.Series:
    row = cells[(cells["hole"] == hole) & (cells["up_total_half"] == up_half)]
    assert len(row) == 1
    return row.iloc[0]


def test_strategy_cells_sanity_against_threshold5(th_table: pd.DataFrame) -> None:
    cells = plots.strategy_cells(th_table)
    # a face-down 7 with nothing up: 27 of the 39 cards bust it; stand
    assert _cell(cells, "7", 0)["action"] == "stand"
    assert _cell(cells, "½", 0)["action"] == "hit"
    # a one-state cell is that state: its margin is advise()'s exact margin
    a = advise("5", against="threshold:5")
    assert _cell(cells, "5", 0)["margin"] == pytest.approx(float(a.margin), abs=1e-12)
    # no decision is left at 7½ or more; every card of the deck shows up as a row
    assert all(cells["up_total_half"] + [half_of_label(h) for h in cells["hole"]] < 15)
    assert list(dict.fromkeys(cells["hole"])) == ["½", "1", "2", "3", "4", "5", "6", "7"]
    # nothing up: the face-down card's deal chance, 12/40 for ½ and 4/40 for the others
    first = cells[cells["up_total_half"] == 0].set_index("hole")["weight"]
    assert first["½"] == pytest.approx(0.3) and first["4"] == pytest.approx(0.1)


def test_strategy_cells_sanity_at_equilibrium(eq_table: pd.DataFrame) -> None:
    cells = plots.strategy_cells(eq_table)
    assert _cell(cells, "7", 0)["action"] == "stand"
    assert _cell(cells, "6", 0)["action"] == "stand"
    assert _cell(cells, "½", 0)["action"] == "hit"
    # a face-down 3 with nothing up: the equilibrium player hits half the time
    three = _cell(cells, "3", 0)
    assert three["action"] == "mixed" and three["hit_share"] == pytest.approx(0.5, abs=0.02)
    assert abs(three["margin"]) < 1e-9
    assert set(cells["action"]) == {"stand", "hit", "mixed"}


def test_strategy_cells_weighting_by_hand() -> None:
    # Two hands in one cell (face-down ½, face-up 1 then 3 / 3 then 1 ... here ½ + '1 3' and
    # ½ + '½ ½ 3'), weights 3 and 1: hit share (3*1 + 1*0)/4, margin (3*0.2 + 1*(-0.2))/4.
    table = pd.DataFrame({
        "hole": ["½", "½", "7"], "up": ["1 3", "½ ½ 3", ""], "deal_chance": [0.3, 0.1, 0.1],
        "best": ["hit", "stand", "stand"], "margin": [0.2, -0.2, -1.0],
        "hit_frequency": [None, None, None]})
    cells = plots.strategy_cells(table)
    c = _cell(cells, "½", 8)
    assert c["hit_share"] == pytest.approx(0.75) and c["margin"] == pytest.approx(0.1)
    assert c["action"] == "mixed" and c["states"] == 2
    assert _cell(cells, "7", 0)["action"] == "stand"
    # a tie is shown as the equilibrium plays it, not by the sign of a rounding error
    tie = table.assign(best=["hit"] * 3, margin=[1e-17] * 3, hit_frequency=[0.0] * 3)
    assert set(plots.strategy_cells(tie)["action"]) == {"stand"}


def test_a_face_up_wild_king_is_left_out() -> None:
    # its value, hence the face-up total, is the player's choice; a face-down K♦ is a row
    table = pd.DataFrame({"hole": ["½", "K♦"], "up": ["K♦ 3", "2"], "deal_chance": [0.1, 0.1],
                          "best": ["hit", "stand"], "margin": [0.1, -0.1]})
    cells = plots.strategy_cells(table)
    assert list(zip(cells["hole"], cells["up_total_half"], strict=True)) == [("K♦", 4)]


def test_strategy_cells_rejects_a_table_without_its_columns() -> None:
    with pytest.raises(plots.ChartError, match="lacks the column"):
        plots.strategy_cells(pd.DataFrame({"hole": ["½"]}))
    with pytest.raises(plots.ChartError, match="empty"):
        plots.strategy_cells(pd.DataFrame(columns=["hole", "up", "deal_chance", "best",
                                                   "margin"]))


def test_strategy_chart_cells_are_hatched_and_annotated(eq_table: pd.DataFrame) -> None:
    ax = plots.strategy_chart(eq_table).axes[0]
    hatches = {p.get_hatch() for p in ax.patches}
    assert {plots.STYLE[a]["hatch"] for a in ("stand", "hit", "mixed")} <= hatches
    texts = [x.get_text() for x in ax.texts]
    assert "S\n−1.06" in texts          # face-down 7, nothing up: stand, by 1.06 stakes
    assert "H 50%\n0.00" in texts        # face-down 3: the equilibrium hits half the time
    assert not any("−0.00" in x for x in texts)


def test_strategy_cells_use_only_rows_the_player_holds(spanish_table: pd.DataFrame) -> None:
    cells = plots.strategy_cells(spanish_table)
    reached = spanish_table[spanish_table.deal_chance * spanish_table.chart_reach > 0]
    assert cells.states.sum() == len(reached)
    # the first decisions weigh the chance of each first card (own reach of the stakes
    # sums to 1): a figure 12/40, every other card 4/40
    first = cells[cells.up_total_half == 0].set_index("hole")
    assert first.weight["½"] == pytest.approx(0.3) and first.weight["7"] == pytest.approx(0.1)
    # a table where nobody reaches anything cannot be drawn
    with pytest.raises(plots.ChartError, match="reaches"):
        plots.strategy_cells(spanish_table.assign(chart_reach=0.0))
    ev = plots.ev_data(spanish_table)
    assert ev.states.sum() == len(reached)


def test_stake_cells(spanish_table: pd.DataFrame, eq_table: pd.DataFrame) -> None:
    stakes = plots.stake_cells(spanish_table)
    sums = stakes.groupby("first_card").frequency.sum()
    assert len(sums) == 8 and ((sums - 1).abs() < 1e-9).all()
    assert set(stakes.stake) <= {2, 5}          # the equilibrium never stakes 3 or 4
    line = stake_text(spanish_table, "en")
    assert line.startswith("Stake chosen after the first card")
    assert plots.stake_cells(eq_table).empty and stake_text(eq_table, "en") == ""

