"""The banker's charts (`settemezzo.plots.banker`): its cells and the posterior."""

from __future__ import annotations

import pytest

from settemezzo import plots
from settemezzo.cli.chart import cached_banker_table
from settemezzo.rules import ITALIAN


def test_banker_cells() -> None:
    bt = cached_banker_table(ITALIAN)
    cells = plots.banker_cells(bt)
    real = cells[~cells["forced"]]
    assert real["hit_probability"].between(0, 1).all()
    nothing = cells[cells["n_up"] == 0].set_index("banker_total_half")["hit_probability"]
    # nothing up, banker on 5: the player stood on 3..7; the table says stand on 5
    rows = bt[(bt["n_up"] == 0) & (bt["banker_total_half"] == 10)]["hit_probability"]
    assert nothing[10] == pytest.approx(rows.mean()) == pytest.approx(0.0)
    assert nothing[6] == pytest.approx(1.0)
    # forced cells lie outside the totals the player can hold: a face-up 6 means 6½ or 7
    six = cells[(cells["n_up"] == 1) & (cells["up_total_half"] == 12)]
    forced = six[six["forced"]].set_index("banker_total_half")["hit_probability"]
    assert forced[12] == 1.0


def test_posterior_chart() -> None:
    post = {"7": 0.1, "½": 0.4, "1": 0.2, "3": 0.3}
    ax = plots.posterior_chart(post, title="after a face-up 4").axes[0]
    assert [x.get_text() for x in ax.get_xticklabels()] == ["½", "1", "3", "7"]
    assert [round(p.get_height(), 3) for p in ax.patches] == [0.4, 0.2, 0.3, 0.1]
    assert ax.get_title() == "after a face-up 4"
    with pytest.raises(plots.ChartError, match="'½'"):
        plots.posterior_chart({"½": 1.5})
    with pytest.raises(plots.ChartError, match="non-empty"):
        plots.posterior_chart({})

