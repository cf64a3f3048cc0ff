"""The solver's arrays of one game (`settemezzo.solve.solver`): the linear part in floats
against the plain loop."""

from __future__ import annotations

import numpy as np
import pytest

from settemezzo.game import heads_up
from settemezzo.rules import ITALIAN
from settemezzo.solve import BankerStrategy
from settemezzo.solve.state import game_solver


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



def test_float_terminals_read_as_the_exact_ones() -> None:
    # A float `Terminal` keeps its values flat (`FlatRows`), made into a row when asked; the
    # second method is the exact solver's lists of Fractions, row by row: the same places
    # unvalued (None: the swap moves), the same values to rounding, before and after the
    # swaps are valued; and the flat form is what the rows read.
    from fractions import Fraction

    from settemezzo.cards import Unseen
    from settemezzo.solve.solver import FlatRows

    deck = Unseen.full()
    for k in [k for k, n in Unseen.full() for _ in range(n)][::4]:  # 10 cards seen
        deck = deck.remove(k)
    game = heads_up(ITALIAN.with_variants("swap_hidden"), deck)
    fl, ex = game_solver(game, False), game_solver(game, True)
    assert fl.swaps
    b = BankerStrategy("threshold", "threshold", k=10)
    worth = {i: Fraction(i % 7, 10) for i, _ in fl.swaps}
    for Tf, Te in ((fl.shown_values(b), ex.shown_values(b)),
                   (fl.with_swaps(fl.shown_values(b), {i: float(v) for i, v in worth.items()}),
                    ex.with_swaps(ex.shown_values(b), worth))):
        assert isinstance(Tf.one, FlatRows) and isinstance(Tf.zero, FlatRows)
        for rows_f, rows_e in ((Tf.one, Te.one), (Tf.zero, Te.zero)):
            assert len(rows_f) == len(rows_e)
            for i in range(len(rows_e)):
                got, want = rows_f[i], rows_e[i]
                assert [v is None for v in got] == [v is None for v in want]
                assert np.allclose([v for v in got if v is not None],
                                   [float(v) for v in want if v is not None],
                                   rtol=0, atol=1e-12)
        flat = [np.nan if v is None else v for i in range(len(Tf.one)) for v in Tf.one[i]]
        assert np.array_equal(Tf.floats(1), flat, equal_nan=True)
    with pytest.raises(TypeError, match="one decision's index"):
        fl.shown_values(b).one[0:2]
