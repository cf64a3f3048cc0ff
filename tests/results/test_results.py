"""The one owner of solved results (`settemezzo.results`), and the explorer waiting on it."""

from __future__ import annotations

from settemezzo import results
from settemezzo.game import heads_up
from settemezzo.rules import ITALIAN
from settemezzo.solve.state import state_of
from settemezzo.tables import player_table
from settemezzo.widgets.explorer import odds_explorer

# not shipped precomputed (a pair of variants), and cheap to solve (about a second)
PAIR = ITALIAN.with_variants("royal", "ties_push")


def test_one_entry_per_rule_set_and_at_most_keep_of_them() -> None:
    results.clear()
    first = results.get(ITALIAN)
    assert results.get(ITALIAN) is first
    others = [ITALIAN.with_variants(v) for v in ("royal", "ties_push", "wild_king",
                                                  "pair_of_sevens")]
    for r in others:
        results.get(r)
    assert len(others) == results.KEEP  # so ITALIAN, the least recently used, is out
    assert results.peek(ITALIAN) is None
    assert all(results.peek(r) is not None for r in others)
    results.clear()
    assert all(results.peek(r) is None for r in others)


def test_results_are_the_engines_and_computed_once() -> None:
    results.clear()
    s = results.get(PAIR)
    assert not s.is_precomputed and not results.ready(PAIR, ("player", "threshold:5"))
    table = s.player_table("threshold:5")
    assert s.player_table("threshold:5") is table          # kept
    assert results.ready(PAIR, ("player", "threshold:5"))
    # the solvers (the bulk of a solved game's memory) are not kept once the table is
    assert not state_of(heads_up(PAIR)).solvers
    fresh = player_table(PAIR, "threshold:5")               # the engine, directly
    assert table.equals(fresh) and table.attrs == fresh.attrs


def test_a_shipped_rule_set_needs_no_solve() -> None:
    results.clear()
    s = results.get(ITALIAN)
    assert s.is_precomputed and results.ready(ITALIAN, ("player", "equilibrium"))
    assert s.stored is not None and s.summary().value < 0
    with results.precomputed_off():
        results.clear()
        assert not results.get(ITALIAN).is_precomputed
    results.clear()


def test_the_explorer_says_at_once_that_it_is_computing() -> None:
    results.clear()
    w = odds_explorer(rules=PAIR)
    w.wait()
    assert w.result is not None and w.result.row is not None and "sm-bars" in w.output.value
    assert w.progress.layout.display == "none"
    w.rules.value = ITALIAN                     # shipped: answered at once
    assert w.result is not None and w.result.row is not None
    results.clear()                              # PAIR forgotten: a rule change must wait
    w.rules.value = PAIR
    # at once: no numbers (of the previous rules or any), a message with an estimate, a bar
    assert w.result is None and "sm-bars" not in w.output.value
    assert "Computing the exact table" in w.output.value and " s, once" in w.output.value
    w.wait()
    assert w.result is not None and w.result.row is not None and "sm-bars" in w.output.value
    assert w.progress.layout.display == "none" and w.progress.value == 1.0
