"""The canonical banker (`settemezzo.solve.canonical`, opt-in: `equilibria.CANONICAL`).

Checked on a deck played down where the shipped banker (`offpath_banker`) moves with the
solve path (bench/refined.md: 3.1e-4 of a stake between the shipped settings and other
starting cuts): the canonical banker gives one table on both paths, certified; and its LP
values standing as the banker's own programme does (a second computation, the compiled one
of `settemezzo.solve.rows.FloatRows`)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from settemezzo.cards import Kind, Unseen
from settemezzo.game import heads_up
from settemezzo.rules import ITALIAN
from settemezzo.solve import canonical, equilibria
from tests.solve.test_refined import OFFPATH_TOL, _forget, _solve

DECK = {Kind.FIGURE: 7, Kind.ACE: 3, Kind.TWO: 3, Kind.THREE: 4, Kind.FOUR: 2, Kind.FIVE: 4,
        Kind.SIX: 4, Kind.SEVEN: 4, Kind.KING_OF_DIAMONDS: 1}
"""`bench paths --seed 12`'s deck 10: 32 cards, 8 seen."""


def _game() -> Any:
    return heads_up(ITALIAN, Unseen.from_counts(DECK))


@pytest.mark.parametrize("path", [{"START_THRESHOLDS": (9, 11, 12)}, {"SIMPLEX_STRATEGY": 4}])
def test_the_canonical_banker_gives_one_table_on_both_paths(
        path: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    game = _game()
    shipped, old = _solve(game, monkeypatch)
    _, old_again = _solve(game, monkeypatch, **path)
    eq, table = _solve(game, monkeypatch, CANONICAL=True)
    other, again = _solve(game, monkeypatch, CANONICAL=True, **path)
    assert np.abs(again - table).max() <= 1e-12
    for e in (eq, other):
        assert e.exploitability <= 1e-9 and e.offpath_gap <= OFFPATH_TOL
        assert abs(e.value - shipped.value) <= 1e-9
    if path == {"START_THRESHOLDS": (9, 11, 12)}:  # the deck is one where the paths differ
        assert np.abs(old_again - old).max() > 1e-5


def test_the_lp_values_standing_as_the_banker_s_programme_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The flows of the banker who stands first (every tied hand's flow on its first
    choice), put through `canonical.TiedFlows`'s linear model, against the compiled values
    of standing against that banker."""
    seen: dict[str, Any] = {}

    def keep(s: Any, T: Any, sol: Any, banker: Any) -> Any:
        seen.update(s=s, sol=sol, banker=banker)
        return None  # (the shipped banker answers)

    game = _game()
    _forget(game)
    monkeypatch.setattr(equilibria, "CANONICAL", True)
    monkeypatch.setattr(equilibria, "canonical_banker", keep)
    equilibria.equilibrium(game)
    s, sol = seen["s"], seen["sol"]
    plan = canonical.Plan.of(sol.x)
    stands = np.array(s.reach, dtype=np.float64) * s.is_play * s.stake
    trembling = stands * np.maximum(sol.x_tremble[:len(sol.x)][0::2], 0.0)
    ties = canonical.find_ties(s, s.stand_rows, stands * plan.stand_share, trembling)
    where = np.flatnonzero(ties.candidate.any(axis=0))
    where = where[ties.relevant_at(s, where).any(axis=0)]
    assert len(where) > 10
    flows = canonical.TiedFlows.of(s, s.stand_rows, ties, where)
    first = canonical.stand_first(seen["banker"], ties.first)
    phi = _first_flows(flows, ties)
    model = flows.base + np.bincount(
        np.searchsorted(flows.members, flows.value_row), weights=flows.value * phi[
            flows.value_var], minlength=len(flows.members))
    s.forget_banker()
    kernel = np.asarray(s.stand_values(first), dtype=np.float64)[flows.members]
    assert np.abs(model - kernel).max() <= 1e-12
    _forget(game)


def _first_flows(flows: canonical.TiedFlows, ties: canonical.Ties) -> np.ndarray:
    """Each variable's flow when every tied hand plays its first choice: a pair's flow is
    what reaches it (``inflow``) plus what the variables above send into it, all of it on
    the first choice (pairs in order of their hands: a hand comes after those above it)."""
    phi = np.zeros(len(flows.choice))
    total = flows.inflow.copy()
    into_pair, into_var, count = flows.into
    order = np.lexsort((flows.pair_hand, flows.pair_state))
    for p in order.tolist():
        total[p] = flows.inflow[p] + float((count[into_pair == p] * phi[into_var[
            into_pair == p]]).sum())
        mine = np.flatnonzero(flows.pair == p)
        g, j = flows.pair_state[p], flows.pair_hand[p]
        phi[mine[flows.choice[mine] == ties.first[j, g]]] = total[p]
    return phi
