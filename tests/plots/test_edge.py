"""The edge-by-variant chart (`settemezzo.plots.edge`)."""

from __future__ import annotations

import pandas as pd
import pytest

from settemezzo import plots
from settemezzo.rules import ITALIAN, SPANISH


def test_edge_chart_sorts_and_labels() -> None:
    edges = pd.DataFrame({
        "variant": ["Italian", "Italian + royal", "Italian + ties_push", "Spanish"] * 2,
        "method": ["equilibrium"] * 4 + ["threshold:5"] * 4,
        "edge": [0.2114, 0.19, 0.12, float("nan"), 0.1734, 0.15, 0.09, float("nan")],
        "exploitability": [3e-11, 2e-11, 1e-11, None, None, None, None, None]})
    ax = plots.edge_by_variant_chart(edges).axes[0]
    # barh draws the first label at the bottom: the largest edge ends on top
    assert [x.get_text() for x in ax.get_yticklabels()] == [
        "Italian + ties_push", "Italian + royal", "Italian"]
    labels = {x.get_text() for x in ax.texts}
    assert {"21.14%", "17.34%", "9.00%"} <= labels
    assert any("Spanish" in x for x in labels)              # the footnote names it
    assert len(ax.get_legend().get_texts()) == 2
    one = plots.edge_by_variant_chart(edges[edges["method"] == "equilibrium"].drop(
        columns="method"), lang="it").axes[0]
    assert "21,14%" in {x.get_text() for x in one.texts}
    with pytest.raises(plots.ChartError, match="'edge'"):
        plots.edge_by_variant_chart(pd.DataFrame({"variant": ["x"]}))
    with pytest.raises(plots.ChartError, match="no number"):
        plots.edge_by_variant_chart(edges.assign(edge=float("nan")))


def test_edge_chart_marks_restricted_rows() -> None:
    edges = pd.DataFrame({"variant": ["Italian", "Spanish", "Spanish without split"],
                          "rules_spec": [ITALIAN.spec(), SPANISH.spec(),
                                         SPANISH.with_variants("split_figures=off").spec()],
                          "edge": [0.2114, 0.0861, 0.09], "method": ["equilibrium"] * 3})
    for df in (edges, edges.assign(bound=[False, True, False])):  # worked out, or given
        ax = plots.edge_by_variant_chart(df).axes[0]
        labels = [x.get_text() for x in ax.texts]
        assert "21.14%" in labels and "≤ 8.61%" in labels and "9.00%" in labels
        foot = " ".join(labels).replace("\n", " ")
        assert "at most this: the player is restricted" in foot
        assert "player kept to two hands and no swap inside a split hand" in foot
    it = plots.edge_by_variant_chart(edges.assign(bound=[False, True, False]), lang="it")
    words = " ".join(x.get_text() for x in it.axes[0].texts).replace("\n", " ")
    assert "≤ 8,61%" in words and "il giocatore è limitato" in words
    plain = plots.edge_by_variant_chart(edges.iloc[[0, 2]]).axes[0]
    assert not any("≤" in x.get_text() for x in plain.texts)

