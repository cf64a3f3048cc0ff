"""The equilibrium's pieces (`settemezzo.solve`: LP objective, realization constraints,
cuts, cutting-plane loop, strategies, certificate) on a toy game solved by hand.

The toy deck holds four 6s and four 7s and nothing else (Italian rules). Any two of these
cards bust (6 + 6 = 12 points), so after its face-down card a hand can only stand: hitting
busts for sure. By hand:

- the player has two decisions, one per face-down card (6 or 7), each with chance 1/2;
  hitting loses the stake at once, so the objective of the HIT sequence is
  ``1/2 · -1 = -1/2`` and that of STAND is 0 (its value comes through the banker's term);
- the banker, whatever it does, ends with its one card (hitting busts it), and wins ties:
  the player wins only holding a 7 against a 6, with chance ``4/8 · 4/7 = 2/7``, and loses
  otherwise, so the game value is ``2/7 - 5/7 = -3/7``.
"""

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
from settemezzo.solve.rows import weighted_rows
from settemezzo.solve.state import game_solver


def _toy():
    counts = [0] * len(Kind)
    counts[Kind.SIX] = counts[Kind.SEVEN] = 4
    game = heads_up(ITALIAN, Unseen(tuple(counts)))
    s = game_solver(game, False)
    T = s.shown_values(BankerStrategy("best", "omniscient"))
    return game, s, T


def test_objective_and_realization_by_hand() -> None:
    game, s, T = _toy()
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
    game, s, T = _toy()
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


def test_float_banker_rows_by_hand() -> None:
    # The banker's hands in the toy deck: the empty hand (it must draw), then a lone 6 or a
    # lone 7 (a second card busts it). Row "6" is the player standing on a face-down 6
    # (left: three 6s, four 7s), row "7" on a 7 (left: four 6s, three 7s). The banker wins
    # ties, so by hand, standing after its card it wins with chance 1 against the 6 (-1
    # for the player) and with chance 3/7 against the 7 (4/7 · 1 + 3/7 · -1 = 1/7); hitting
    # busts it (+1 for the player).
    game, s, _ = _toy()
    rows = s.stand_rows
    assert [nd.size for nd in game.banker_nodes] == [0, 1, 1]
    assert rows.values(None, "min").tolist() == pytest.approx([-1.0, 1 / 7])
    assert rows.values([1, 1, 1]).tolist() == pytest.approx([1.0, 1.0])     # always hits
    # hitting with chance 1/2 holding a card: half of each
    assert rows.values([1, 0.5, 0.5]).tolist() == pytest.approx([0.0, 4 / 7])
    # the exact rows (integers, one division at the end) give the same, as fractions
    exact = game_solver(game, True).stand_rows
    assert exact.values(None, "min").tolist() == [Fraction(-1), Fraction(1, 7)]
    # one public state, each row weighted 1/2: standing on a 6 gives the player
    # 1/2 · (3/7 · -1) + 1/2 · (4/7 · 1) = 1/14, hitting gives 1/2 (a bust), so the banker
    # stands; on a 7, standing -1/2 against hitting 1/2: it stands. In all 1/14 - 1/2 = -3/7
    value, choice = rows.grouped_best(np.array([0.5, 0.5]), np.array([0, 0]), 1)
    assert value.tolist() == pytest.approx([-3 / 7])
    assert choice.tolist() == [[HIT, STAND, STAND]]
    # a public state no row reaches: worth 0, and the banker there stands (draws if empty)
    value, choice = rows.grouped_best(np.array([0.5, 0.0]), np.array([0, 1]), 2)
    assert value[1] == 0.0 and choice[1].tolist() == [HIT, STAND, STAND]
    # a banker playing by public state: row "6" in state 0 (always hit), "7" in state 1
    # (always stand)
    by_group = np.array([[1.0, 1.0, 1.0], [1.0, 0.0, 0.0]])
    assert rows.group_values(by_group, None, np.array([0, 1])).tolist() == \
        pytest.approx([1.0, 1 / 7])


def test_weighted_rows_by_hand_and_against_scipy() -> None:
    # by hand (`weighted_rows`' example): rows in groups 3, 1, 3 with weights 0.5, 0, 0.25
    # on distinct rows 1, 0, 1: group 1 is not reached; group 3 holds 0.5 + 0.25 on row 1
    active, W = weighted_rows(np.array([0.5, 0.0, 0.25]), np.array([3, 1, 3]),
                               np.array([1, 0, 1]), 2)
    assert active.tolist() == [3]
    assert W.indptr.tolist() == [0, 1] and W.indices.tolist() == [1]
    assert W.data.tolist() == [0.75] and W.shape == (1, 2)
    # a second method: scipy's matrix from coordinates, on random rows (zeros included)
    from scipy import sparse

    rng = np.random.default_rng(7)
    weights = rng.random(300) * (rng.random(300) < 0.7)
    group, inv = rng.integers(0, 40, 300), rng.integers(0, 25, 300)
    active, W = weighted_rows(weights, group, inv, 25)
    live = np.flatnonzero(weights)
    want_groups, local = np.unique(group[live], return_inverse=True)
    want = sparse.csr_matrix((weights[live], (local, inv[live])), shape=(len(want_groups), 25))
    assert active.tolist() == want_groups.tolist()
    assert W.toarray() == pytest.approx(want.toarray(), abs=1e-15)
    assert all(np.all(np.diff(W.indices[a:b]) > 0)
               for a, b in zip(W.indptr[:-1], W.indptr[1:], strict=True))
    # nothing reached: no group
    active, W = weighted_rows(np.zeros(3), np.array([0, 1, 2]), np.array([0, 0, 1]), 2)
    assert len(active) == 0 and W.shape == (0, 2) and W.indptr.tolist() == [0]


def test_banker_programme_by_hand() -> None:
    # the kernels on the toy game's three hands and one column: stand terms S (the
    # player's payoff times the chance of the hand), finished terms F (the chance of the
    # card that busts the hand times +1). Row "7": S = [0, 4/7 · 1, 3/7 · -1] and
    # F = [0, 4/7 · 1, 3/7 · 1] (any card busts a lone 6 or 7). Best: stand on both
    # (on a 6 hitting gives the same 4/7, no gain; on a 7 -3/7 against 3/7): 4/7 - 3/7 = 1/7.
    _, s, _ = _toy()
    rows = s.stand_rows
    F = np.array([[0.0, 4 / 7, 3 / 7]])  # one column of the programme (a row here), 3 hands
    S = np.array([[0.0, 4 / 7, -3 / 7]])
    from settemezzo.solve import kernels
    v, hit, _ = kernels.best(rows.hands, F, S)
    assert v.tolist() == pytest.approx([1 / 7]) and hit[0].tolist() == [True, False, False]
    one, first = np.array([0]), np.array([0])
    v = kernels.fixed(rows.hands, F, S, one, np.array([[1.0, 1.0, 0.0]]), first, None)
    assert v.tolist() == pytest.approx([4 / 7 - 3 / 7])  # hitting a 6 busts it: 4/7 either way
    v = kernels.fixed(rows.hands, F, S, one, np.array([[1.0, 0.0, 1.0]]), first, None)
    assert v.tolist() == pytest.approx([4 / 7 + 3 / 7])


def test_mixture_of_stopping_rules_by_hand() -> None:
    # The toy game's banker hands: the empty one (0), a lone 6 (1), a lone 7 (2), both
    # reached from the empty one by a hit. Two rules in public state 0: stand on both (a
    # quarter of the mixture) and hit the 6 (three quarters). Each reaches every hand once,
    # so the mixed chance of hitting a 6 is 3/4, a 7 never; nothing burns. A third rule in
    # state 1 that stands on the empty hand (it never does: it must draw) reaches no card.
    from settemezzo.solve import kernels
    from settemezzo.solve.plans import reach_edges
    game, _, _ = _toy()
    pols = np.array([[HIT, STAND, STAND], [HIT, HIT, STAND], [STAND, HIT, HIT]], dtype=np.int8)
    reach, hit, burn = kernels.mixture(reach_edges(game), pols, np.array([0, 0, 1]),
                                         np.array([0.25, 0.75, 1.0]), 2, int(HIT), 2)
    assert reach.tolist() == [[1.0, 1.0, 1.0], [1.0, 0.0, 0.0]]
    assert hit.tolist() == [[1.0, 0.75, 0.0], [0.0, 0.0, 0.0]]
    assert not burn.any()


@pytest.mark.parametrize("variant", ["", "burn=4"])
def test_compiled_banker_programme_against_the_exact_one(variant: str) -> None:
    # The float programme (compiled, `settemezzo.kernels`) against the exact one
    # (`_BankerRows`: integers and one division at the end, an independent implementation)
    # on every row of a 20-card deck: the banker's best reply, a fixed rule of thumb, and
    # (under burn=4) a banker who burns every four it can, half of the time.
    rules = ITALIAN.with_variants(variant) if variant else ITALIAN
    game = heads_up(rules, Unseen((6, 2, 2, 2, 2, 2, 2, 4, 1)))
    fl, ex = game_solver(game, False).stand_rows, game_solver(game, True).stand_rows
    assert np.allclose(fl.values(None, "min"), [float(v) for v in ex.values(None, "min")],
                       rtol=0, atol=1e-12)
    rule = [int(nd.total < 10 or not any(nd.counts)) for nd in game.banker_nodes]
    assert np.allclose(fl.values(rule), [float(v) for v in ex.values(rule)], rtol=0,
                       atol=1e-12)
    if variant:
        burn = [0.5 if nd.burnt < 0 and nd.size == 1 and nd.total == 8 else 0.0
                for nd in game.banker_nodes]
        assert any(burn)
        assert np.allclose(fl.values(rule, burn=burn),
                           [float(v) for v in ex.values(rule, burn=burn)], rtol=0, atol=1e-12)


def test_player_induction_by_hand() -> None:
    # `kernels.player_values`' toy: one stand/hit decision; a hit finishes the hand with
    # chance 1/2 (worth -1) and leads to nothing else; standing is worth 0.25. Hitting is
    # worth 1/2 · -1 = -0.5: the best reply stands (0.25); always hitting gives -0.5; hitting
    # half of the time 0.25 + (-0.5 - 0.25) · 1/2 = -0.125
    from settemezzo.solve import kernels
    i64, f64 = np.int64, np.float64
    tree = kernels.Tree(np.array([0, 1], i64), np.array([-1], i64), np.array([0.5]),
                          np.array([0, 0], i64), np.zeros(0, i64), np.zeros(0, f64),
                          np.array([True]), np.array([False]))
    one, zero, stand = np.array([-1.0]), np.zeros(0), np.array([0.25])
    V, hit = kernels.player_values(tree, one, zero, stand, None, False)
    assert V.tolist() == [0.25] and hit.tolist() == [False]
    V, hit = kernels.player_values(tree, one, zero, stand, np.array([1.0]), False)
    assert V.tolist() == [-0.5] and hit.tolist() == [True]
    V, _ = kernels.player_values(tree, one, zero, stand, np.array([0.5]), False)
    assert V.tolist() == [-0.125]


@pytest.mark.parametrize("variant", ["", "swap_hidden"])
def test_compiled_player_induction_against_the_exact_one(variant: str) -> None:
    # The player's backward induction in floats (compiled, `kernels.player_values`)
    # against the exact one (Fractions, the Python loop of `_Solver.player_values`) on a
    # 20-card deck, against the rule of thumb: the best reply (value per decision, action),
    # and a fixed mixed play (action 1 a third of the time); under swap_hidden the swaps are
    # valued at 0 and, as against a banker blind to the face-up cards, as taking the card up
    rules = ITALIAN.with_variants(variant) if variant else ITALIAN
    game = heads_up(rules, Unseen((6, 2, 2, 2, 2, 2, 2, 4, 1)))
    banker = BankerStrategy("rule of thumb", "threshold", k=10)
    fl, ex = game_solver(game, False), game_solver(game, True)
    Tf = fl.with_swaps(fl.shown_values(banker), {})
    Te = ex.with_swaps(ex.shown_values(banker), {})
    sf, se = fl.stand_values(banker), ex.stand_values(banker)
    third = [Fraction(1, 3)] * len(game.infosets)
    for swap_as_up in ([False, True] if variant else [False]):
        vf, Vf, bf = fl.player_values(sf, Tf, None, swap_as_up)
        ve, Ve, be = ex.player_values(se, Te, None, swap_as_up)
        assert isinstance(ve, Fraction) and isinstance(vf, float)
        assert vf == pytest.approx(float(ve), abs=1e-12)
        assert np.allclose(Vf, [float(v) for v in Ve], rtol=0, atol=1e-12)
        assert bf == be and HIT in bf and STAND in bf
        vf, Vf, _ = fl.player_values(sf, Tf, [float(p) for p in third], swap_as_up)
        ve, Ve, _ = ex.player_values(se, Te, third, swap_as_up)
        assert np.allclose(Vf, [float(v) for v in Ve], rtol=0, atol=1e-12)
        assert vf == pytest.approx(float(ve), abs=1e-12)


def test_master_lp_and_polish_by_hand() -> None:
    # the restricted program's costs are minus the objective times LP_SCALE, and -1 per
    # t_g; solving its last round afresh gives the same value, -3/7
    from settemezzo.solve.lp import master_lp, polish
    game, s, T = _toy()
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


def test_distinct_rows_as_numpy_unique() -> None:
    # the rows of the banker's programme are told apart by one integer each; the answer is
    # numpy's own row-wise unique (the second method), order and inverse included
    from settemezzo.solve.rows import distinct_rows
    rng = np.random.default_rng(7)
    for shape in [(0, 3), (1, 1), (50, 4), (300, 9)]:
        key = rng.integers(0, 5, size=shape)
        uniq, inverse = distinct_rows(key)
        want, want_inverse = np.unique(key, axis=0, return_inverse=True)
        assert uniq.tolist() == want.tolist()
        assert inverse.tolist() == want_inverse.reshape(-1).tolist()
        assert (uniq[inverse] == key).all()


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


def test_float_batches_are_the_solo_batches_bit_for_bit() -> None:
    # `float_batches` computes the banker's numbers of several batches of rows at once
    # (one `banker_dense` over all their distinct rows); each batch must hold the very
    # floats a `FloatRows` of its own computes (checked against that second construction,
    # with array_equal, not approx), on a subgame after a swap and its parent's rows.
    from settemezzo.solve.rows import FloatRows, float_batches

    game = heads_up(ITALIAN.with_variants("swap_hidden"))
    i = next(iter(game.swap_target))
    for g in (game, game.swap_subgame(i)):
        s = game_solver(g, False)
        stand, shown = s.stand_decks, s.stand_score
        half = (stand[::2], shown[::2])
        batches = float_batches(g, [(stand, shown), half], "value")
        for rows, (decks, pscore) in zip(batches, [(stand, shown), half], strict=True):
            solo = FloatRows(g, decks, pscore)
            assert np.array_equal(rows.inv, solo.inv)
            for a, b in ((rows.P, solo.P), (rows.S, solo.S), (rows.F, solo.F)):
                assert a.shape == b.shape and np.array_equal(a, b)
        # the distinct rows as a batch of their own: `FloatRows` of them
        uniq, inverse = batches[0].distinct()
        solo = FloatRows(g, uniq.decks, uniq.pscore)
        assert np.array_equal(uniq.values(None, "min"), solo.values(None, "min"))
        assert np.array_equal(uniq.values(None, "min")[inverse], batches[0].values(None, "min"))


def _same(a: object, b: object) -> bool:
    """Equal to the bit: arrays of the same dtype, shape and values; containers and
    dataclasses field by field."""
    import dataclasses

    if isinstance(a, np.ndarray):
        return (isinstance(b, np.ndarray) and a.dtype == b.dtype and a.shape == b.shape
                and np.array_equal(a, b) and a.flags.writeable == b.flags.writeable)
    if isinstance(a, list | tuple):
        return (type(a) is type(b) and len(a) == len(b)
                and all(_same(x, y) for x, y in zip(a, b, strict=True)))
    if dataclasses.is_dataclass(a):
        return type(a) is type(b) and all(
            _same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    return type(a) is type(b) and a == b


def test_restricted_banker_hands_derive_the_plans_of_their_own() -> None:
    # The subgames after a swap mostly restrict the whole game's banker hands (a smaller
    # deck); the solver then restricts the whole game's node plan, reach edges and hand
    # facts instead of walking the hands again. Second method: the same built from the
    # subgame's own hands (`plan_of`, `edges_of`, `facts_of`), compared to the bit.
    from settemezzo.solve.plans import (
        edges_of,
        facts_of,
        hand_facts,
        node_plan,
        plan_of,
        reach_edges,
    )

    game = heads_up(ITALIAN.with_variants("swap_hidden"))
    subs = {id(s): s for s in map(game.swap_subgame, game.swap_target)}
    games = list(subs.values())[::4]
    games += [g.swap_subgame(i) for g in games[:10] for i in list(g.swap_target)[:3]]
    restricted = 0
    for g in games:
        r = g.banker_memo.restriction
        if r is None:
            continue
        restricted += len(g.banker_nodes) < len(r.nodes)
        assert _same(node_plan(g), plan_of(g.banker_nodes))
        assert _same(reach_edges(g), edges_of(g.banker_nodes))
        assert _same(hand_facts(g), facts_of(g.banker_nodes))
    assert restricted >= 20  # most of them really leave hands out


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


def test_banker_dense_is_the_plain_loop_to_the_bit() -> None:
    # `banker_dense` is compiled (`kernels.chances`: number by number, from the node
    # plan laid end to end); the second method is the plain numpy loop it replaced, a
    # generation and a kind at a time (the same operations in the same order), compared
    # byte for byte: the shipped results must not move.
    from settemezzo.solve.plans import draws_of, finishing_of, node_plan
    from settemezzo.solve.rows import banker_dense, settle_table

    game = heads_up(ITALIAN.with_variants("burn=4"))
    sub = heads_up(ITALIAN.with_variants("swap_hidden"))
    for g in (game, sub.swap_subgame(next(iter(sub.swap_target)))):
        s = game_solver(g, False)
        decks, pscore = s.stand_decks, s.stand_score
        table = settle_table(g, False, "value")
        plan = node_plan(g)
        n = decks.sum(axis=1).astype(np.float64)
        den = np.maximum(n[None, :] - np.arange(plan.depth, dtype=np.float64)[:, None], 1.0)
        left = np.ascontiguousarray(decks.T)
        P = np.zeros((len(plan.scores), len(pscore)))
        P[0] = 1.0
        draws, finishing = draws_of(g.banker_nodes), finishing_of(g.banker_nodes)
        for kids, parents, kinds, had, at, burnt, burnt_parents in draws:
            P[kids] = P[parents] * np.maximum(left[kinds] - had[:, None], 0) / den[at]
            P[burnt] = P[burnt_parents]
        tab = np.ascontiguousarray(table[pscore].T)
        F = np.zeros_like(P)
        for pos, js, scores, drawn, sizes in finishing:
            F[js] += P[js] * np.maximum(left[pos][None, :] - drawn[:, None], 0) / den[sizes] \
                * tab[scores]
        P2, S2, F2 = banker_dense(g, decks, pscore, table)
        assert any(len(d[5]) for d in draws) == (g is game)  # burning is exercised
        assert P2.tobytes() == P.tobytes() and F2.tobytes() == F.tobytes()
        assert S2.tobytes() == (P * tab[plan.scores]).tobytes()


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


def test_linear_part_in_floats_is_the_plain_loop_to_the_bit() -> None:
    # The float solver sums each decision's finished hands at once, then adds them one
    # after the other; the second method is the plain loop (decision by decision, action 1
    # then 0, child by child), on a mixed and a pure player, compared byte for byte.
    game = heads_up(ITALIAN.with_variants("swap_hidden"))
    sub = max({id(s): s for s in map(game.swap_subgame, game.swap_target)}.values(),
              key=lambda s: len(s.infosets))
    s = game_solver(sub, False)
    T = s.with_swaps(s.shown_values(BankerStrategy("best", "omniscient")),
                     {i: 0.01 * (i % 13) for i, _ in s.swaps})
    for hit in ([(i % 5) / 4 for i in range(len(sub.infosets))],
                [float(i % 2) for i in range(len(sub.infosets))]):
        own, _ = s.realization(hit)
        tot = s.root_value(T)
        for st in sub.infosets:
            i = st.index
            for a, kids, probs, vals in ((1, st.children, s.child_prob[i], T.one[i]),
                                         (0, st.children0, s.child_prob0[i], T.zero[i])):
                w = own[i] * (hit[i] if a else 1 - hit[i])
                if not w:
                    continue
                acc = 0.0
                for ci, ch in enumerate(kids):
                    if ch.infoset < 0:
                        acc += probs[ci] * vals[ci]
                tot += s.reach[i] * w * acc
        assert np.float64(s.linear_part(hit, T, own)).tobytes() == np.float64(tot).tobytes()


@pytest.mark.parametrize("variant", ["", "burn=4"])
def test_banker_dense_against_the_exact_rows(variant: str) -> None:
    # The compiled `banker_dense` against the exact programme's numbers (`_BankerRows`:
    # integer chances scaled by each row's N (N-1) ..., one division at the end), hand by
    # hand on every row of a 20-card deck: P, S (stand) and F (finished hands one card
    # later), to 1e-15 relative.
    from settemezzo.solve.rows import banker_dense, settle_table

    rules = ITALIAN.with_variants(variant) if variant else ITALIAN
    game = heads_up(rules, Unseen((6, 2, 2, 2, 2, 2, 2, 4, 1)))
    ex = game_solver(game, True).stand_rows
    P, S, F = banker_dense(game, ex.decks, ex.pscore, settle_table(game, False, "value"))
    assert P.shape == (len(game.banker_nodes), ex.B) and ex.B > 10
    assert any(nd.burn_child >= 0 for nd in game.banker_nodes) == bool(variant)

    def exact(ints: object) -> np.ndarray:
        return np.array([float(Fraction(int(a), int(s))) for a, s in zip(ints, ex.scale,
                                                                         strict=True)])

    for j in range(len(game.banker_nodes)):
        for got, want in ((P[j], ex.P[j]), (S[j], ex.stand(j)), (F[j], ex.finished(j))):
            assert np.allclose(got, exact(want), rtol=1e-15, atol=0)
    assert F.any() and (S < 0).any() and (S > 0).any()


def test_banker_dense_by_hand() -> None:
    # The toy deck (four 6s, four 7s): the banker's hands are the empty one, a lone 6 and a
    # lone 7. Row "6": the player stands on a 6 (left: three 6s, four 7s). By hand: the lone
    # 6 is dealt with chance 3/7 and wins standing on the tie (S = -3/7); any card busts it:
    # F = 3/7 · 2/6 · 1 + 3/7 · 4/6 · 1 = 3/7. The lone 7 (4/7) wins standing (S = -4/7)
    # and busts too (F = 4/7). The empty hand: P = 1, nothing finishes on its first card.
    # Row "7" is the same with the 6s and 7s swapped, but the lone 6 loses: S = +4/7.
    from settemezzo.solve.rows import banker_dense, settle_table

    game, s, _ = _toy()
    rows = s.stand_rows
    P, S, F = banker_dense(game, rows.decks, rows.pscore, settle_table(game, False, "value"))
    for got, want in ((P, [[1, 1], [3 / 7, 4 / 7], [4 / 7, 3 / 7]]),
                      (S[1:], [[-3 / 7, 4 / 7], [-4 / 7, -3 / 7]]),
                      (F, [[0, 0], [3 / 7, 4 / 7], [4 / 7, 3 / 7]])):
        assert np.allclose(got, want, rtol=0, atol=1e-15)
    # no rows: empty matrices, one row per hand
    none = np.zeros((0, len(Kind)), dtype=np.int64)
    assert [m.shape for m in banker_dense(game, none, np.zeros(0, dtype=np.int64),
                                           settle_table(game, False, "value"))] == [(3, 0)] * 3
