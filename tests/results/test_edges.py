"""The edge table of many rule sets (`settemezzo.results.edges.edge_table`): in order on any
number of processes, read from the shipped results where they are."""

from fractions import Fraction

import pytest

from settemezzo.edge import banker_edge
from settemezzo.i18n import standard_rule_sets
from settemezzo.results.edges import edge_table
from settemezzo.rules import ITALIAN


def test_processes_keep_the_order_and_the_numbers() -> None:
    """Rule sets that share a game run in one process (Italian with its rotate_bank twin);
    the rows come back in the order asked, with the numbers of a one-process run."""
    sets = [("Italian", ITALIAN), ("Italian + royal", ITALIAN.with_variants("royal")),
            ("Italian + rotate_bank", ITALIAN.with_variants("rotate_bank"))]
    two = edge_table(sets, ["threshold:5"], workers=2)
    one = edge_table(sets, ["threshold:5"], workers=1)
    assert list(two.variant) == [label for label, _ in sets]
    assert list(two.edge_exact) == list(one.edge_exact)
    assert two.edge_exact.iloc[0] == two.edge_exact.iloc[2]  # the same hand, the same game


def test_the_standard_table_reads_the_shipped_results(monkeypatch: pytest.MonkeyPatch) -> None:
    """`settemezzo edge --all` answers from the results shipped with the package: with the
    solver taken away, the whole table still comes out, and its exact edges are those of a
    fresh solve (ITALIAN's threshold:5 row, solved here; tests/precomputed/test_precomputed.py
    checks every shipped edge against data/edge_by_variant.csv, which `settemezzo data` solves
    afresh)."""
    from settemezzo import edge, results

    fresh = banker_edge(ITALIAN, "threshold:5").exact
    results.clear()

    def no_solve(*args: object, **kwargs: object) -> None:
        raise AssertionError("solved instead of read")

    monkeypatch.setattr(edge, "banker_edge", no_solve)
    df = edge_table(standard_rule_sets(), workers=1)
    assert len(df) == 3 * len(standard_rule_sets()) and df.edge.notna().all()
    row = df[(df.rules_spec == "italian") & (df.method == "threshold:5")].iloc[0]
    assert Fraction(row.edge_exact) == fresh
    with results.precomputed_off(), pytest.raises(AssertionError, match="solved instead"):
        edge_table([("Italian", ITALIAN)], ["omniscient"], workers=1)
    results.clear()

