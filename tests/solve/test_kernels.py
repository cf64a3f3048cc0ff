"""The compiled loops (`settemezzo.solve.kernels`): the banker's programme and the player's
induction, by hand on the toy game (`tests.solve.toy`) and against the exact ones."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from settemezzo.cards import Unseen
from settemezzo.game import HIT, STAND, heads_up
from settemezzo.rules import ITALIAN
from settemezzo.solve import BankerStrategy
from settemezzo.solve.state import game_solver
from tests.solve.toy import toy


def test_banker_programme_by_hand() -> None:
    # the kernels on the toy game's three hands and one column: stand terms S (the
    # player's payoff times the chance of the hand), finished terms F (the chance of the
    # card that busts the hand times +1). Row "7": S = [0, 4/7 · 1, 3/7 · -1] and
    # F = [0, 4/7 · 1, 3/7 · 1] (any card busts a lone 6 or 7). Best: stand on both
    # (on a 6 hitting gives the same 4/7, no gain; on a 7 -3/7 against 3/7): 4/7 - 3/7 = 1/7.
    _, s, _ = toy()
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


@pytest.mark.parametrize("variant", ["", "burn=4"])
def test_a_pure_play_as_bools_gives_the_floats_of_ones_and_zeros(variant: str) -> None:
    # `kernels.fixed` takes a pure play as bools (what the cuts pass: a byte a hand); the
    # second method is the same play as floats 1.0 and 0.0. Every row of a 33-card deck,
    # one random pure play per row (hit, burn where the rules allow it, else stand).
    from settemezzo.rules import from_spec
    from settemezzo.solve import kernels
    game = heads_up(from_spec("italian" + ("+" + variant if variant else "")),
                    Unseen.full().without("1 2 3 4 5 6 7"))
    rows = game_solver(game, False).stand_rows
    FT, ST = rows._transposed
    n, J = FT.shape[0], FT.shape[1]
    choice = np.random.default_rng(7).integers(0, 3 if variant else 2, size=(n, J))
    hit, burn = choice == 1, choice == 2
    at = np.arange(n)
    as_bools = kernels.fixed(rows.hands, FT, ST, at, hit, at, burn if variant else None)
    as_floats = kernels.fixed(rows.hands, FT, ST, at, hit.astype(float), at,
                              burn.astype(float) if variant else None)
    assert as_bools.tolist() == as_floats.tolist()


def test_mixture_of_stopping_rules_by_hand() -> None:
    # The toy game's banker hands: the empty one (0), a lone 6 (1), a lone 7 (2), both
    # reached from the empty one by a hit. Public state 0 mixes two rules: stand on both (a
    # quarter of the mixture) and hit the 6 (three quarters). Each reaches every hand once,
    # so the mixed chance of hitting a 6 is 3/4, a 7 never; nothing burns. State 1's only
    # rule stands on the empty hand (it never does: it must draw, so it hits there and
    # reaches no card). State 2 has no rule: it hits as the rule of thumb says (0.5, 0.25).
    from settemezzo.solve import kernels
    from settemezzo.solve.plans import Flows, reach_edges
    game, _, _ = toy()
    pols = np.array([[HIT, STAND, STAND], [HIT, HIT, STAND], [STAND, HIT, HIT]], dtype=np.int8)
    must_draw = np.array([HIT, STAND, STAND], dtype=np.int8)
    hit, burn = kernels.behaviour(reach_edges(game), pols, np.array([0, 0, 1]),
                                  np.array([0.25, 0.75, 1.0]), 3, (int(HIT), 2), Flows.none(3),
                                  must_draw, np.array([1.0, 0.5, 0.25]), True)
    assert hit.tolist() == [[1.0, 0.75, 0.0], [1.0, 0.0, 0.0], [1.0, 0.5, 0.25]]
    assert burn is not None and not burn.any()


def test_an_exact_states_flows_join_the_mixture_by_hand() -> None:
    # The toy game's public state 0 again, its one rule (hit the 6) weighing 1/2, and an
    # exact block's flows of the other half: through the empty hand and the 6 (1/2 each),
    # the 6 standing. The 6 is reached with weight 1/2 + 1/2 and hit with 1/2: chance 1/2.
    # The 7, reached only by the rule (1/2), stands: 0. Without burns, no burn array.
    from settemezzo.solve import kernels
    from settemezzo.solve.plans import Flows, reach_edges
    game, _, _ = toy()
    pols = np.array([[HIT, HIT, STAND]], dtype=np.int8)
    flows = Flows(np.array([0]), np.array([[0.5, 0.5, 0.0]]),
                          np.array([[0.5, 0.0, 0.0]]), np.zeros((1, 3)))
    hit, burn = kernels.behaviour(reach_edges(game), pols, np.array([0]), np.array([0.5]),
                                  1, (int(HIT), 2), flows,
                                  np.array([HIT, STAND, STAND], dtype=np.int8),
                                  np.zeros(3), False)
    assert hit.tolist() == [[1.0, 0.5, 0.0]]
    assert burn is None


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

