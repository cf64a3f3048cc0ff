"""The banker's edge by variant."""

import math
from fractions import Fraction

import pytest

from settemezzo.edge import banker_edge, edge_table, standard_rule_sets
from settemezzo.game import UnsupportedRulesError
from settemezzo.rules import ITALIAN, RulesError
from settemezzo.solve import best_response, equilibrium


def test_edge_is_minus_the_player_value() -> None:
    e = banker_edge(ITALIAN, "threshold:5")
    assert e.exact == -best_response("threshold:5", "player").value
    assert isinstance(e.exact, Fraction)
    eq = banker_edge(ITALIAN, "equilibrium")
    assert eq.edge == pytest.approx(equilibrium().banker_edge, abs=1e-15)
    assert eq.exploitability is not None and eq.exploitability < 1e-9
    # a banker who sees the face-down card does better than one who plays an equilibrium
    assert banker_edge(ITALIAN, "omniscient").edge > eq.edge


def test_unsupported_rules_are_named_not_dropped() -> None:
    with pytest.raises(UnsupportedRulesError, match="split_figures"):
        banker_edge(ITALIAN.with_variants("split_figures=3"))
    sets = standard_rule_sets()
    assert len(sets) == 1 + 9 + 1 + 4
    df = edge_table([s for s in sets if s[0] in ("Italian", "Spanish",
                                                 "Spanish without swap_hidden")],
                    ["threshold:5"])
    assert len(df) == 3
    spanish = df[df.variant.str.startswith("Spanish")]
    assert spanish.edge.map(math.isnan).all()
    assert spanish.note.str.contains("split_figures=12").all()
    assert not math.isnan(df[df.variant == "Italian"].edge.iloc[0])


def test_ties_push_lowers_the_edge() -> None:
    # A tie no longer goes to the banker: the banker must lose edge, whatever the banker.
    for m in ("threshold:5", "omniscient"):
        assert banker_edge(ITALIAN.with_variants("ties_push"), m).edge < \
            banker_edge(ITALIAN, m).edge


def test_bad_method() -> None:
    with pytest.raises(RulesError, match="'wizard'"):
        banker_edge(ITALIAN, "wizard")
