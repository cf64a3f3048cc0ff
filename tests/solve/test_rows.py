"""The banker's row batches (`settemezzo.solve.rows`): float and weighted rows, distinct
rows, batches, the dense banker terms; by hand on the toy game (`tests.solve.toy`) and
against the exact rows and the plain loops."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from settemezzo.cards import Kind, Unseen
from settemezzo.game import HIT, STAND, heads_up
from settemezzo.rules import ITALIAN
from settemezzo.solve.rows import GroupedReplies, weighted_rows
from settemezzo.solve.state import game_solver
from settemezzo.solve.strategies import BankerStrategy
from tests.solve.toy import toy


def test_float_banker_rows_by_hand() -> None:
    # The banker's hands in the toy deck: the empty hand (it must draw), then a lone 6 or a
    # lone 7 (a second card busts it). Row "6" is the player standing on a face-down 6
    # (left: three 6s, four 7s), row "7" on a 7 (left: four 6s, three 7s). The banker wins
    # ties, so by hand, standing after its card it wins with chance 1 against the 6 (-1
    # for the player) and with chance 3/7 against the 7 (4/7 · 1 + 3/7 · -1 = 1/7); hitting
    # busts it (+1 for the player).
    game, s, _ = toy()
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
        # int / int is the correctly rounded quotient, as float(Fraction(a, s)) (which
        # divides its reduced terms so), without building millions of Fractions
        return np.array([int(a) / int(s) for a, s in zip(ints, ex.scale, strict=True)])

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

    game, s, _ = toy()
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



def test_grouped_replies_redo_only_what_moved_to_the_bit() -> None:
    # `GroupedReplies` recomputes only the public states whose rows' weights changed; its
    # answers must be a full `grouped_best`'s, bit for bit, call after call (weights that
    # move at a few states, at many, and not at all)
    rules = ITALIAN
    game = heads_up(rules, Unseen(tuple(min(c, 2) for c in heads_up(rules).deck.counts)))
    s = game_solver(game, False)
    G = len(game.publics)
    replies = GroupedReplies(s.stand_rows, s.group, G)
    rng = np.random.default_rng(5)
    w = rng.random(len(s.group)) * s.is_play
    for share in (1.0, 0.05, 0.0, 0.5, 0.01):
        w = w.copy()
        moved = rng.random(len(w)) < share
        w[moved] = rng.random(int(moved.sum())) * s.is_play[moved]
        values, choice = replies(w)
        full_values, full_choice = s.stand_rows.grouped_best(w, s.group, G)
        assert np.array_equal(values, full_values)
        assert np.array_equal(choice, full_choice)


def test_stand_values_after_a_few_states_changed_to_the_bit() -> None:
    # a banker changed at some public states: its values of standing, from the old banker's
    # with those states' rows computed again, equal a whole computation's
    game = heads_up(ITALIAN, Unseen(tuple(min(c, 2) for c in heads_up(ITALIAN).deck.counts)))
    s = game_solver(game, False)
    G, J = len(game.publics), len(game.banker_nodes)
    rng = np.random.default_rng(9)
    before = BankerStrategy("b", "behavioural", hit=rng.random((G, J)))
    moved = np.array([0, 3, G - 1])
    hit = before.hit.copy()
    hit[moved] = rng.random((len(moved), J))
    after = BankerStrategy("a", "behavioural", hit=hit)
    fast = np.array(s.stand_values_after(s.stand_values(before), after, moved))
    s.memo.behavioural = None  # (forget it: the next one is computed whole)
    assert np.array_equal(fast, s.stand_values(after))
    assert not np.array_equal(fast, s.stand_values(before))
