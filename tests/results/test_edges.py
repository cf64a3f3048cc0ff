"""The edge table of many rule sets (`settemezzo.results.edges.edge_table`): in order on any
number of processes, read from the shipped results where they are."""

from fractions import Fraction
from typing import Any

import pytest

from settemezzo.edge import banker_edge, rule_family
from settemezzo.i18n import standard_rule_sets
from settemezzo.results.edges import edge_table
from settemezzo.rules import ITALIAN, Rules


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



def test_a_family_solves_a_shared_subgame_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule sets of one family (`settemezzo.edge.rule_family`: here the same subgames after
    a swap but those after a lone figure turned up, which may split) are solved together,
    their games held until the last is done: each subgame after a swap is solved once, even
    with no game kept by `settemezzo.game.heads_up` and every collection run between the rule
    sets. The reference is by a second method: the distinct subgames (by their `settemezzo.
    game.HeadsUpGame.key`) reached from both games (`_subgame_keys`)."""
    import gc

    from settemezzo import game, results
    from settemezzo.results import edges
    from settemezzo.solve import equilibria

    sets = [(s, ITALIAN.with_variants(*v)) for s, v in
            [("swap", ("swap_hidden",)), ("swap + split", ("swap_hidden", "split_figures=2"))]]
    assert len({rule_family(r) for _, r in sets}) == 1
    keys = _subgame_keys([r for _, r in sets])
    results.clear()
    monkeypatch.setattr(game, "RECENT_GAMES", 0)
    game._RECENT.clear()
    # (and games an earlier test left alive: a process that froze its objects after they
    # were made, as an in-process class server does after its warm-up, keeps them for good)
    game._CACHE.clear()
    gc.collect()
    solved: list[Any] = []
    real_solve, real_rows = equilibria._solve, edges._rows_for

    def counted(g: game.HeadsUpGame, *args: object) -> object:
        if g.start:
            solved.append(g.key)
        return real_solve(g, *args)  # type: ignore[arg-type]

    def then_collect(*args: object) -> object:
        out = real_rows(*args)  # type: ignore[arg-type]
        gc.collect()  # whatever no one holds is gone before the next rule set
        return out

    monkeypatch.setattr(equilibria, "_solve", counted)
    monkeypatch.setattr(edges, "_rows_for", then_collect)
    with results.precomputed_off():
        df = edge_table(sets, ["equilibrium"], workers=1)
    assert df.edge.notna().all()
    assert len(solved) == len(set(solved)) and set(solved) == keys  # each once
    results.clear()


def _subgame_keys(rule_sets: list[Rules]) -> set[Any]:
    """The key (`settemezzo.game.HeadsUpGame.key`: equal keys, the same game) of every
    subgame after a swap reached from the games of ``rule_sets`` (and from those subgames
    after another swap)."""
    from settemezzo.game import heads_up

    keys: set[Any] = set()
    todo = [heads_up(r) for r in rule_sets]
    while todo:
        g = todo.pop()
        for sub in {id(s): s for s in map(g.swap_subgame, g.swap_target)}.values():
            if sub.key not in keys:
                keys.add(sub.key)
                todo.append(sub)
    return keys
