"""The LP (`settemezzo.solve.lp`): its objective, realization constraints and rows, the cuts
and the cutting-plane loop with the strategies and certificate it ends in
(`settemezzo.solve.equilibria`), the master LP, its first basis; by hand on the toy game
(`tests.solve.toy`) and against the plain loops."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from settemezzo.cards import Kind, Unseen
from settemezzo.game import HIT, STAND, heads_up
from settemezzo.rules import ITALIAN
from settemezzo.solve import BankerStrategy, equilibrium, evaluate
from settemezzo.solve.equilibria import certificate, lp_strategies
from settemezzo.solve.lp import LP_SCALE, Cuts, cutting_planes, lp_objective, lp_realization
from settemezzo.solve.state import game_solver
from tests.solve.toy import toy


def test_objective_and_realization_by_hand() -> None:
    game, s, T = toy()
    assert [st.hole for st in game.infosets] == [Kind.SIX, Kind.SEVEN]
    c = lp_objective(s, T)
    nx = 2 * len(game.infosets)
    for i in range(2):
        assert c[2 * i + HIT] == pytest.approx(-0.5)   # 1/2 · (a sure bust, -1)
        assert c[2 * i + STAND] == 0.0
    assert (c[nx:] == 1.0).all()                        # one t_g per public state
    A, b = lp_realization(game)
    # two first decisions: x(i, STAND) + x(i, HIT) = 1 each
    assert A.toarray()[:, :nx].tolist() == [[1, 1, 0, 0], [0, 0, 1, 1]]
    assert b.tolist() == [1.0, 1.0]


def test_cuts_loop_strategies_and_certificate_by_hand() -> None:
    game, s, T = toy()
    c = lp_objective(s, T)
    cuts = Cuts(s)
    sol = cutting_planes(s, c, 0.0, cuts, 2e-10, 50)
    # the starting cut is the banker's rule of thumb (hit below 5½) in every public state
    assert len(cuts.group) >= len(game.publics)
    # a rule-of-thumb cut at the one public state: standing with a 6 is worth, per unit of
    # x(6, STAND) and LP_SCALE, 1/2 · (-1) (the banker's 6 or 7 beats or ties it), and with a
    # 7 it is 1/2 · (4/7 · 1 + 3/7 · -1) = 1/14
    coef = cuts.row(0) / LP_SCALE
    assert coef.tolist() == pytest.approx([-0.5, 1 / 14])
    assert sol.lp_value == pytest.approx(-3 / 7, abs=1e-9)
    player, banker = lp_strategies(game, sol, cuts, {})
    # with a 7 it never hits (a sure bust instead of 1/14); with a 6 it loses either way
    # (the banker's 6 ties, its 7 wins), so any chance of hitting is a best reply there
    assert player.hit[1] == pytest.approx(0.0)
    low, upper = certificate(s, player, banker, {}, {})
    assert low == pytest.approx(-3 / 7, abs=1e-9) and upper == pytest.approx(-3 / 7, abs=1e-9)
    eq = equilibrium(game)
    assert eq.exploitability <= 1e-9 and eq.value == pytest.approx(-3 / 7, abs=1e-9)
    # and the exact value of standing on anything against any banker rule is -3/7
    assert evaluate("threshold:1", "threshold:5", game) == Fraction(-3, 7)
    assert np.isclose(float(evaluate("threshold:1", "omniscient", game)), -3 / 7)


def test_master_lp_and_polish_by_hand() -> None:
    # the restricted program's costs are minus the objective times LP_SCALE, and -1 per
    # t_g; solving its last round afresh gives the same value, -3/7
    from settemezzo.solve.lp import master_lp, polish
    game, s, T = toy()
    c = lp_objective(s, T)
    lp = master_lp(s, c, Cuts(s))
    nx = 2 * len(game.infosets)
    cost = np.array(lp.h.getLp().col_cost_)
    assert cost[:nx].tolist() == pytest.approx([0.0, 500.0, 0.0, 500.0])
    assert cost[nx:].tolist() == [-1.0] * len(game.publics)
    sol = cutting_planes(s, c, 0.0, Cuts(s), 2e-10, 50)
    again = polish(sol)
    assert again.rounds == sol.rounds + 1
    assert again.lp_value == pytest.approx(-3 / 7, abs=1e-9)


def test_exact_public_states_solve_the_same_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # A public state made exact (`Cuts.exact`: the banker's whole programme there, instead
    # of stopping rules one round at a time) must give the same game: here every beaten state
    # is made exact at once, on a 20-card deck, and the value is compared with the one the
    # cuts alone find (the second method), with both certificates tight. The banker's
    # strategy read from the exact states' duals (`_block_flows`) is what the certificate's
    # upper bound plays against, so a wrong reading would widen it.
    from settemezzo.solve import lp
    from settemezzo.solve.state import state_of

    deck = Unseen((6, 1, 1, 1, 2, 2, 2, 4, 1))
    game = heads_up(ITALIAN, deck)
    by_cuts = equilibrium(game)
    made: list[int] = []
    exact = Cuts.exact

    def counting(self: Cuts, which: np.ndarray) -> None:
        made.extend(which.tolist())
        exact(self, which)

    monkeypatch.setattr(Cuts, "exact", counting)
    monkeypatch.setattr(lp, "EXACT_STREAK", 0)
    monkeypatch.setattr(lp, "EXACT_MIN_DECISIONS", 0)
    monkeypatch.setattr(lp, "EXACT_MAX_STATES", 10**6)
    state_of(game).equilibrium = None
    by_blocks = equilibrium(game)
    assert len(made) > 100  # most of the 548 public states
    assert by_blocks.exploitability <= 1e-9 and by_cuts.exploitability <= 1e-9
    assert by_blocks.value == pytest.approx(by_cuts.value, abs=1e-9)
    assert by_blocks.iterations < by_cuts.iterations


def test_first_basis_is_the_first_lps_optimum() -> None:
    # `first_basis` says, by backward induction, which basis solves the first LP (one
    # rule-of-thumb cut per public state). The second method is HiGHS itself: the same LP
    # solved from scratch by its dual simplex reaches the same value, and started from our
    # basis it confirms optimality without a single pivot (a basis that was not primal and
    # dual feasible would need pivots; a singular one is refused). Checked on the 20-card
    # deck of the test above and on a burn=4 deck (burning decisions are in the tree).
    from settemezzo.solve.lp import first_basis, master_lp

    decks = [(ITALIAN, Unseen((6, 1, 1, 1, 2, 2, 2, 4, 1))),
             (ITALIAN.with_variants("burn=4"), Unseen((6, 2, 2, 2, 2, 2, 2, 4, 1)))]
    for rules, deck in decks:
        game = heads_up(rules, deck)
        s = game_solver(game, False)
        T = s.shown_values(BankerStrategy("best", "omniscient"))
        c = lp_objective(s, T)
        values, pivots = [], []
        for start in (False, True):
            cuts = Cuts(s)
            cuts.add_thresholds()
            lp = master_lp(s, c, cuts)
            lp.add_rows(cuts.new_rows(), cuts.n_cols)
            if start:
                sole = cuts.sole()
                assert sole is not None
                lp.set_basis(first_basis(game, c, *sole, cuts.G))
            res = lp.solve(1)
            values.append(res.fun)
            pivots.append(lp.h.getInfo().simplex_iteration_count)
        assert pivots[0] > 50 and pivots[1] == 0
        assert values[1] == pytest.approx(values[0], rel=1e-12)


def test_lp_rows_are_scipys_to_the_bit() -> None:
    # The LP's rows skip scipy's sparse objects (`CSR`): HiGHS must get the very arrays
    # scipy's construction from coordinates (rows sorted, columns sorted in each row) and
    # `sparse.vstack` gave it before, on a game with decisions several levels deep.
    from scipy import sparse

    from settemezzo.solve.plans import CSR

    game = heads_up(ITALIAN.with_variants("swap_hidden"))
    sub = max({id(s): s for s in map(game.swap_subgame, game.swap_target)}.values(),
              key=lambda s: len(s.infosets))
    for g in (game, sub):
        A, _ = lp_realization(g)
        nI = len(g.infosets)
        rows, cols, vals = [], [], []
        for st in g.infosets:  # x(I, STAND) + x(I, HIT) - x(parent sequence) = 0 or 1
            i = st.index
            rows += [i, i]
            cols += [2 * i + STAND, 2 * i + HIT]
            vals += [1.0, 1.0]
            if st.parent >= 0:
                rows.append(i)
                cols.append(2 * st.parent + st.parent_action)
                vals.append(-1.0)
        B = sparse.csr_matrix((vals, (rows, cols)), shape=A.shape)
        assert max(st.parent for st in g.infosets) > 0 and nI > 10
        assert np.array_equal(A.indptr, B.indptr) and np.array_equal(A.indices, B.indices)
        assert np.array_equal(A.data, B.data) and A.nnz == B.nnz
    # stacking: scipy's vstack, widened to more columns
    parts = [CSR(B.indptr, B.indices, (B.shape[0], B.shape[1] + 3), B.data),
             CSR(A.indptr[:3], A.indices[:A.indptr[2]], (2, B.shape[1] + 3), A.data[:A.indptr[2]])]
    S = CSR.stack(parts, B.shape[1] + 3)
    ref = sparse.vstack([sparse.csr_matrix((p.data, p.indices, p.indptr), shape=p.shape)
                         for p in parts], format="csr")
    assert S.shape == ref.shape and np.array_equal(S.indptr, ref.indptr)
    assert np.array_equal(S.indices, ref.indices) and np.array_equal(S.data, ref.data)
    assert CSR.stack([], 5).shape == (0, 5)


def test_lp_objective_is_the_plain_loop_to_the_bit() -> None:
    # `finished_terms` adds the finishing children's products a place at a time for all
    # decisions at once; the second method is the plain loop, decision by decision, child
    # by child from 0, compared byte for byte (swaps valued by their subgames).
    from settemezzo.solve.lp import finished_terms

    game = heads_up(ITALIAN.with_variants("swap_hidden"))
    sub = max({id(s): s for s in map(game.swap_subgame, game.swap_target)}.values(),
              key=lambda s: len(s.infosets))
    for g in (game, sub):
        s = game_solver(g, False)
        T = s.with_swaps(s.shown_values(BankerStrategy("best", "omniscient")),
                         {i: 0.1 * (i % 7) - 0.3 for i, _ in s.swaps})
        for action, which, probs, values in ((1, "children", s.child_prob, T.one),
                                             (0, "children0", s.child_prob0, T.zero)):
            out = []
            for st, r, ps, vs in zip(g.infosets, s.reach, probs, values, strict=True):
                acc = 0.0
                for p, ch, v in zip(ps, getattr(st, which), vs, strict=True):
                    if ch.infoset < 0:
                        acc += p * v
                out.append(r * acc)
            assert finished_terms(s, action, T).tobytes() == np.array(out).tobytes()

