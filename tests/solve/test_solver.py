"""The solver's arrays of one game (`settemezzo.solve.solver`): the linear part in floats
against the plain loop."""

from __future__ import annotations

import numpy as np

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

