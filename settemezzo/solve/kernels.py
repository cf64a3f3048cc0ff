"""The compiled (numba) loops of the float solver, beside the plans they read
(`settemezzo.solve.plans`): the banker's programme over its hands, the inner loop of every float
best reply, cut and certificate (`settemezzo.solve.rows.FloatRows`); the chances and terms that
programme reads (`chances`); the mixture of stopping rules turned into chances (`behaviour`); and
the player's backward induction over its decisions (`Tree`, `player_values`: the certificate's
best reply, `settemezzo.solve.solver.Solver.player_values`), and every decision's values of
both actions from it (`action_values`: the player table's columns).

The arrays are laid out one row per column of the programme (a deck and a player's score, or
a public state's weighted rows) and one column per banker hand: each row is solved on its
own, in the cache. The hands come children first (`Hands.order`); a hand's value is its
stand term or its hit term, the finished hands one card later plus its children's values
(``F + sum V[child]``), or a burn (its burn child's value). The exact programme
(Fractions, `settemezzo.solve.rows.BankerRows`) is the independent second method the tests
compare it with.

`chances` gives the matrices of `FloatRows` (one row per hand and one column per deck and
player's score): each hand's chance, its parent's times the chance of the card drawn,
generation after generation, and the terms of standing and of the finished hands one card
later (``P * c / den``, ``P * c / den * payoff``, each hand's finished terms added to zero a
kind at a time).

The order of every sum is fixed (a hand's children in index order, added to zero, then to
``F``; a weighted row of ``W @ F.T`` entry after entry, from zero; ties go to standing, then
to not burning), so the floats, and the shipped results, do not depend on the machine's
scheduling. numba compiles the kernels once per machine into its cache (``cache=True``: a few
seconds); a process then pays 0.3 to 0.8 s (by machine) at its first float programme
(numba's import and start), which is why the module is imported only then
(`settemezzo.solve.rows.compiled`): the views that read shipped results never pay it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

from settemezzo.solve.cores import split

if TYPE_CHECKING:
    from settemezzo.solve.plans import DensePlan, Flows

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]
ChanceArray = FloatArray | BoolArray  # chances of a choice per hand; bools: a pure play
F = TypeVar("F", bound=Callable[..., Any])


def _jit(fn: F) -> F:
    """``numba.njit(cache=True, nogil=True)``, without reference counting (the kernels
    allocate nothing: every array comes from the caller), typed for mypy."""
    njit: Any = numba.njit
    return cast(F, njit(cache=True, nogil=True, _nrt=False)(fn))


@dataclass(frozen=True)
class Hands:
    """The banker's hands as the kernels read them: the order to visit them (children
    first), whether each is empty (it must draw), each one's children (CSR: ``indptr``,
    ``indices``, in increasing order) and its burn child (-1: none)."""

    order: IntArray
    must_draw: BoolArray
    indptr: IntArray
    indices: IntArray
    burn_child: IntArray

    @property
    def arrays(self) -> tuple[IntArray, BoolArray, IntArray, IntArray, IntArray]:
        """The five arrays, as the kernels take them."""
        return self.order, self.must_draw, self.indptr, self.indices, self.burn_child


def best(hands: Hands, F: FloatArray, S: FloatArray) -> tuple[FloatArray, BoolArray, BoolArray]:
    """The banker's best (least for the player) in every row of ``F`` and ``S`` (rows x
    hands: one row per deck and player's score): the empty hand's values, and where it hits
    and where it burns (rows x hands).

    Toy: one hand with S = -0.2 and F = 0.3 and no child: it stands, worth -0.2.
    """
    F, S = _c(F), _c(S)
    root = np.zeros(F.shape[0])
    hit = np.zeros(F.shape, dtype=np.bool_)
    burn = np.zeros(F.shape, dtype=np.bool_)
    _best_rows(*hands.arrays, F, S, root, hit, burn, np.zeros(F.shape[1]))
    return root, hit, burn


def fixed(hands: Hands, F: FloatArray, S: FloatArray, rows: IntArray, H: ChanceArray,
          by: IntArray, Ub: ChanceArray | None) -> FloatArray:
    """The empty hand's values in rows ``rows`` of ``F`` and ``S`` (rows x hands) for a
    banker who hits with chance ``H[by[i]]`` in the ``i``-th (hands) and burns with chance
    ``Ub[by[i]]`` (or never: None).

    ``H`` and ``Ub`` may be bools (a pure play): a byte a hand rather than eight, the same
    floats (a chance of 1 or 0 either way).

    Toy: one hand with S = -0.2 and F = 0.3 and no child, hitting half the time: 0.05.
    """
    F, S, H = _c(F), _c(S), _as_chances(H)
    rows, by = _i(rows), _i(by)
    U = _as_chances(Ub) if Ub is not None else H
    out = np.zeros(len(rows))

    def run(a: int, b: int) -> None:
        _fixed_rows(*hands.arrays, F, S, rows[a:b], H, by[a:b], U, Ub is not None, out[a:b],
                    np.zeros(F.shape[1]))

    split(len(rows), len(rows) * F.shape[1], run)
    return out


def grouped_best(hands: Hands, W: Any, FT: FloatArray, ST: FloatArray
                 ) -> tuple[FloatArray, BoolArray, BoolArray]:
    """The banker's best against each row of ``W`` (CSR: ``indptr``, ``indices``, ``data``
    and ``shape``, groups x rows of ``FT`` and ``ST``): its terms are ``W @ FT`` and
    ``W @ ST``, each entry summed from zero, the row's entries in order, one group at a
    time. Returns the groups' values and where the banker hits and burns (groups x
    hands)."""
    FT, ST = _c(FT), _c(ST)
    n, J = W.shape[0], FT.shape[1]
    values = np.zeros(n)
    hit = np.zeros((n, J), dtype=np.bool_)
    burn = np.zeros((n, J), dtype=np.bool_)
    ptr, idx, dat = _i(W.indptr), _i(W.indices), _c(W.data)

    def run(a: int, b: int) -> None:
        _grouped(*hands.arrays, ptr[a:b + 1], idx, dat, FT, ST, values[a:b], hit[a:b],
                 burn[a:b], np.zeros(J), np.zeros(J), np.zeros(J))

    split(n, (len(dat) + n) * J, run)
    return values, hit, burn


def _c(a: npt.ArrayLike) -> FloatArray:
    """A float array laid out in rows, as the kernels are compiled for (a copy only if
    needed)."""
    out: FloatArray = np.ascontiguousarray(a, dtype=np.float64)
    return out


def _as_chances(a: npt.ArrayLike) -> ChanceArray:
    """Chances laid out in rows: bools kept as they are (compiled apart), others as floats."""
    if isinstance(a, np.ndarray) and a.dtype == np.bool_:
        return np.ascontiguousarray(a)
    return _c(a)


def _i(a: npt.ArrayLike) -> IntArray:
    """An int64 array, as the kernels are compiled for."""
    out: IntArray = np.ascontiguousarray(a, dtype=np.int64)
    return out


@_jit
def _hit_value(j: int, indptr: IntArray, indices: IntArray, f: FloatArray,
               v: FloatArray) -> float:  # pragma: no cover - compiled
    """Hand ``j``'s value if it hits: its children's values (``v``) added to zero one after
    the other, then to its finished hands' term ``f[j]``."""
    h = 0.0
    for e in range(indptr[j], indptr[j + 1]):
        h += v[indices[e]]
    out: float = f[j] + h
    return out


@_jit
def _best_column(order: IntArray, must_draw: BoolArray, indptr: IntArray, indices: IntArray,
                 burn_child: IntArray, f: FloatArray, s: FloatArray, v: FloatArray,
                 hit: BoolArray, burn: BoolArray) -> None:  # pragma: no cover - compiled
    """The best reply in one column: ``f``, ``s`` its terms, ``v`` the hands' values, ``hit``
    and ``burn`` its choices (all by hand; `_hit_value`); a tie stands, then does not
    burn."""
    for t in range(order.shape[0]):
        j = order[t]
        h = _hit_value(j, indptr, indices, f, v)
        if must_draw[j]:
            v[j] = h
            hit[j] = True
            continue
        hd = h < s[j]
        x = h if hd else s[j]
        b = burn_child[j]
        if b >= 0 and v[b] < x:
            burn[j] = True
            hd = False
            x = v[b]
        hit[j] = hd
        v[j] = x


@_jit
def _fixed_column(order: IntArray, must_draw: BoolArray, indptr: IntArray, indices: IntArray,
                  burn_child: IntArray, f: FloatArray, s: FloatArray, hc: ChanceArray,
                  ub: ChanceArray, burns: bool, v: FloatArray) -> None:  # pragma: no cover
    """A fixed play in one column: hitting with chance ``hc``, burning with ``ub`` (if
    ``burns``), by hand; ``v`` the hands' values."""
    for t in range(order.shape[0]):
        j = order[t]
        h = _hit_value(j, indptr, indices, f, v)
        if must_draw[j]:
            v[j] = h
            continue
        x = s[j] + (h - s[j]) * hc[j]
        b = burn_child[j] if burns else -1
        if b >= 0:
            x += (v[b] - s[j]) * ub[j]
        v[j] = x


@_jit
def _best_rows(order: IntArray, must_draw: BoolArray, indptr: IntArray, indices: IntArray,
               burn_child: IntArray, F: FloatArray, S: FloatArray, root: FloatArray,
               hit: BoolArray, burn: BoolArray, v: FloatArray) -> None:  # pragma: no cover
    for c in range(F.shape[0]):
        _best_column(order, must_draw, indptr, indices, burn_child, F[c], S[c], v, hit[c],
                     burn[c])
        root[c] = v[0]


@_jit
def _fixed_rows(order: IntArray, must_draw: BoolArray, indptr: IntArray, indices: IntArray,
                burn_child: IntArray, F: FloatArray, S: FloatArray, rows: IntArray,
                H: ChanceArray, by: IntArray, Ub: ChanceArray, burns: bool, out: FloatArray,
                v: FloatArray) -> None:  # pragma: no cover - compiled
    for c in range(rows.shape[0]):
        r, g = rows[c], by[c]
        _fixed_column(order, must_draw, indptr, indices, burn_child, F[r], S[r], H[g], Ub[g],
                      burns, v)
        out[c] = v[0]


@_jit
def _grouped(order: IntArray, must_draw: BoolArray, indptr: IntArray, indices: IntArray,
             burn_child: IntArray, wptr: IntArray, widx: IntArray, wdat: FloatArray,
             FT: FloatArray, ST: FloatArray, values: FloatArray, hit: BoolArray,
             burn: BoolArray, f: FloatArray, s: FloatArray, v: FloatArray
             ) -> None:  # pragma: no cover - compiled
    for g in range(values.shape[0]):
        f[:] = 0.0
        s[:] = 0.0
        for e in range(wptr[g], wptr[g + 1]):
            u, w = widx[e], wdat[e]
            for j in range(f.shape[0]):
                f[j] += w * FT[u, j]
                s[j] += w * ST[u, j]
        _best_column(order, must_draw, indptr, indices, burn_child, f, s, v, hit[g], burn[g])
        values[g] = v[0]


def behaviour(edges: tuple[IntArray, ...], pols: npt.NDArray[np.int8], groups: IntArray,
              lam: FloatArray, n_groups: int, codes: tuple[int, int], flows: Flows,
              must_draw: npt.NDArray[np.int8], unseen_hit: FloatArray, with_burn: bool
              ) -> tuple[FloatArray, FloatArray | None]:
    """The chances of hitting and of burning at each hand of each public state (states x
    hands; burning only ``with_burn``) of the stopping rules ``pols`` (rules x hands: the
    action at each hand; ``codes``: the hit and the burn action) mixed by public state: rule
    ``k`` of state ``groups[k]`` with weight ``lam[k]``, then ``flows`` (each block's over
    its state's total weight, `plans.Flows.per_weight`).

    A rule's weight on a hand is the number of card orders by which it reaches it
    (``edges``: the edges into the hands, hands, parents and actions, each hand's weight
    whole before it is read; see `plans.reach_edges`). Per state and hand, the rules'
    weights are summed in their order (as scipy's sparse product does), then the flows' in
    theirs; the chance of hitting is the weight of reaching and hitting over the weight of
    reaching, 0 where nothing reaches. A state with neither rule nor flow hits as
    ``unseen_hit``; every hand that must draw hits (``must_draw``, 1). One state at a time,
    so only the two results are (states x hands).
    """
    J = pols.shape[1]
    js, ps, acts = (_i(e) for e in edges)
    pols, groups, lam = np.ascontiguousarray(pols, dtype=np.int8), _i(groups), _c(lam)
    used = np.flatnonzero(lam != 0.0)  # (most cuts weigh nothing: they add nothing)
    rules = used[np.argsort(groups[used], kind="stable")]  # by state, in order within one
    rule_ptr = np.searchsorted(groups[rules], np.arange(n_groups + 1))
    blocks = _i(np.argsort(flows.g, kind="stable"))
    block_ptr = np.searchsorted(flows.g[blocks], np.arange(n_groups + 1))
    through, hitting, burning = _c(flows.through), _c(flows.hitting), _c(flows.burning)
    must, unseen = np.ascontiguousarray(must_draw, dtype=np.int8), _c(unseen_hit)
    hit = np.empty((n_groups, J))
    burn = np.empty((n_groups if with_burn else 0, J))

    def run(a: int, b: int) -> None:
        _behave(js, ps, acts, pols, lam, rules, rule_ptr, blocks, block_ptr, through,
                hitting, burning, codes[0], codes[1], must, unseen, a, b, hit, burn,
                np.zeros((4, J)))

    split(n_groups, len(used) * (len(js) + J), run)
    return hit, burn if with_burn else None


@_jit
def _behave(js: IntArray, ps: IntArray, acts: IntArray, pols: npt.NDArray[np.int8],
            lam: FloatArray, rules: IntArray, rule_ptr: IntArray, blocks: IntArray,
            block_ptr: IntArray, through: FloatArray, hitting: FloatArray,
            burning: FloatArray, hit_action: int, burn_action: int,
            must_draw: npt.NDArray[np.int8], unseen_hit: FloatArray, a: int, b: int,
            hit: FloatArray, burn: FloatArray, buf: FloatArray
            ) -> None:  # pragma: no cover - compiled
    w, reach, hits, burns = buf[0], buf[1], buf[2], buf[3]
    with_burn = burn.shape[0] > 0
    for g in range(a, b):
        reach[:] = 0.0
        hits[:] = 0.0
        burns[:] = 0.0
        for t in range(rule_ptr[g], rule_ptr[g + 1]):
            k = rules[t]
            w[:] = 0.0
            w[0] = 1.0
            for e in range(js.shape[0]):
                p = ps[e]
                w[js[e]] += w[p] * (1.0 if pols[k, p] == acts[e] else 0.0)
            lk = lam[k]
            for j in range(w.shape[0]):
                reach[j] += lk * w[j]
                burns[j] += lk * (w[j] * (1.0 if pols[k, j] == burn_action else 0.0))
                hits[j] += lk * (w[j] * (1.0 if pols[k, j] == hit_action else 0.0))
        for t in range(block_ptr[g], block_ptr[g + 1]):
            q = blocks[t]
            for j in range(reach.shape[0]):
                reach[j] += through[q, j]
                hits[j] += hitting[q, j]
                burns[j] += burning[q, j]
        seen = rule_ptr[g + 1] > rule_ptr[g] or block_ptr[g + 1] > block_ptr[g]
        for j in range(reach.shape[0]):
            r = reach[j]
            if not seen:
                hit[g, j] = unseen_hit[j]
            else:
                hit[g, j] = hits[j] / r if r > 0.0 else 0.0
            if must_draw[j] == hit_action:
                hit[g, j] = 1.0
            if with_burn:
                burn[g, j] = burns[j] / r if seen and r > 0.0 else 0.0


# -- the player's side ----------------------------------------------------------------------
@dataclass(frozen=True)
class Tree:
    """The player's decisions as the backward induction reads them: for action 1 and for
    action 0, every decision's children one after the other (CSR: ``ptr`` into ``kid``, the
    child's decision or -1 where the hand is finished, and ``prob``, its chance); whether a
    decision is a stand/hit one (action 0 stands) and whether it is a swap."""

    ptr1: IntArray
    kid1: IntArray
    prob1: FloatArray
    ptr0: IntArray
    kid0: IntArray
    prob0: FloatArray
    play: BoolArray
    swap: BoolArray


def player_values(tree: Tree, one: FloatArray, zero: FloatArray, stand: FloatArray,
                  hit: FloatArray | None, swap_as_up: bool
                  ) -> tuple[FloatArray, BoolArray]:
    """Backward induction over the player's decisions, last first (`solver.Solver.
    player_values` in floats): each action's value is its children's chances times their
    values (the next decision's, or the finished hand's: ``one`` and ``zero``, laid out as
    ``tree``'s children) added to zero in order; standing is worth ``stand``. With ``hit``
    (the chance of action 1 at each decision) a decision is worth ``q0 + (q1 - q0) * hit``,
    else the better action (ties to action 0). ``swap_as_up``: a swap is valued as taking
    the card face up. Returns each decision's value and where action 1 is taken.

    Toy: one stand/hit decision with one finished child of chance 1/2 worth -1 after a hit
    and standing worth 0.25: hitting is worth -0.5, so it stands, worth 0.25.
    """
    n = len(tree.play)
    V = np.zeros(n)
    best = np.zeros(n, dtype=np.bool_)
    has_hit = hit is not None
    _backward(tree.ptr1, tree.kid1, tree.prob1, _c(one), tree.ptr0, tree.kid0, tree.prob0,
              _c(zero), _c(stand), tree.play, tree.swap, swap_as_up,
              _c(hit) if hit is not None else V, has_hit, V, best)
    return V, best


def action_values(tree: Tree, one: FloatArray, zero: FloatArray, stand: FloatArray,
                  V: FloatArray, swap_as_up: bool) -> tuple[FloatArray, FloatArray]:
    """Every decision's values of action 0 and of action 1, given each decision's value
    ``V`` (`solver.Solver.action_values` at every decision at once, in floats: the same sums
    in the same order as `player_values`' own); ``one``, ``zero``, ``stand`` and
    ``swap_as_up`` as there.

    Toy: one stand/hit decision with one finished child of chance 1/2 worth -1 after a hit
    and standing worth 0.25: action 0 is worth 0.25, action 1 -0.5.
    """
    n = len(tree.play)
    q0, q1 = np.zeros(n), np.zeros(n)
    _actions(tree.ptr1, tree.kid1, tree.prob1, _c(one), tree.ptr0, tree.kid0, tree.prob0,
             _c(zero), _c(stand), tree.play, tree.swap, swap_as_up, _c(V), q0, q1)
    return q0, q1


@_jit
def _actions(ptr1: IntArray, kid1: IntArray, prob1: FloatArray, one: FloatArray,
             ptr0: IntArray, kid0: IntArray, prob0: FloatArray, zero: FloatArray,
             stand: FloatArray, play: BoolArray, swap: BoolArray, swap_as_up: bool,
             V: FloatArray, q0: FloatArray, q1: FloatArray) -> None:  # pragma: no cover
    for i in range(V.shape[0]):
        if swap_as_up and swap[i]:
            q1[i] = _children(ptr0, kid0, prob0, zero, i, V)
            q0[i] = q1[i]
        else:
            q1[i] = _children(ptr1, kid1, prob1, one, i, V)
            q0[i] = stand[i] if play[i] else _children(ptr0, kid0, prob0, zero, i, V)


@_jit
def _children(ptr: IntArray, kid: IntArray, prob: FloatArray, shown: FloatArray, i: int,
              V: FloatArray) -> float:  # pragma: no cover - compiled
    """Decision ``i``'s children's chances times their values, added to zero in order."""
    acc = 0.0
    for e in range(ptr[i], ptr[i + 1]):
        j = kid[e]
        acc += prob[e] * (V[j] if j >= 0 else shown[e])
    return acc


@_jit
def _backward(ptr1: IntArray, kid1: IntArray, prob1: FloatArray, one: FloatArray,
              ptr0: IntArray, kid0: IntArray, prob0: FloatArray, zero: FloatArray,
              stand: FloatArray, play: BoolArray, swap: BoolArray, swap_as_up: bool,
              hit: FloatArray, has_hit: bool, V: FloatArray, best: BoolArray
              ) -> None:  # pragma: no cover - compiled
    for i in range(V.shape[0] - 1, -1, -1):
        if swap_as_up and swap[i]:
            q1 = _children(ptr0, kid0, prob0, zero, i, V)
            q0 = q1
        else:
            q1 = _children(ptr1, kid1, prob1, one, i, V)
            q0 = stand[i] if play[i] else _children(ptr0, kid0, prob0, zero, i, V)
        if has_hit:
            p = hit[i]
            V[i] = q0 + (q1 - q0) * p
            best[i] = p == 1.0
        else:
            best[i] = q1 > q0
            V[i] = q0 if q0 > q1 else q1


def chances(plan: DensePlan, scores: IntArray, depth: int, decks: IntArray,
            pscore: IntArray, table: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray]:
    """The banker's matrices ``P``, ``S`` and ``F`` (hands x rows) for rows of ``decks``
    (counts per kind) and player's scores ``pscore`` (`rows.FloatRows`): ``plan`` is the
    draws, burns and finishing hands laid end to end (`plans.DensePlan`), ``scores`` each
    hand's stand score, ``depth`` one more than the most cards a hand holds, ``table`` the
    player's payoff by (player's score, banker's score).

    Toy: a deck of three 6s and four 7s, the player standing on a 6 (the banker wins
    ties): the banker's lone 6, dealt with chance 3/7, wins standing (``S`` = 3/7 · -1) and
    busts on any card (``F`` = 3/7 · 2/6 · 1 + 3/7 · 4/6 · 1 = 3/7, the 6s first).
    """
    J, U = len(scores), len(pscore)
    P, S, F = np.zeros((J, U)), np.empty((J, U)), np.zeros((J, U))
    decks = _i(decks)
    _chances(*plan, scores, decks, _i(pscore), _c(table), np.empty((depth, U)),
             np.empty((decks.shape[1], U), dtype=np.int64), np.empty((table.shape[1], U)),
             P, S, F)
    return P, S, F


@_jit
def _chances(kids: IntArray, parents: IntArray, kinds: IntArray, had: IntArray,
             sizes: IntArray, draw_starts: IntArray, burnt: IntArray, burnt_parents: IntArray,
             burn_starts: IntArray, js: IntArray, pos: IntArray, drawn: IntArray,
             fin_sizes: IntArray, fin_scores: IntArray, scores: IntArray, decks: IntArray,
             pscore: IntArray, table: FloatArray, den: FloatArray, left: IntArray,
             tab: FloatArray, P: FloatArray, S: FloatArray,
             F: FloatArray) -> None:  # pragma: no cover - compiled
    """`chances` into ``P`` (zeros), ``S`` and ``F`` (zeros), with scratch ``den``, ``left``
    and ``tab`` (`_by_row`): the chances generation after generation (a generation's draws,
    then its burns), then the stand terms, then the finished hands' terms kind after
    kind."""
    _by_row(decks, pscore, table, den, left, tab)
    P[0, :] = 1.0
    for g in range(draw_starts.shape[0] - 1):
        for e in range(draw_starts[g], draw_starts[g + 1]):
            _draw(P[parents[e]], left[kinds[e]], had[e], den[sizes[e]], P[kids[e]])
        for e in range(burn_starts[g], burn_starts[g + 1]):
            _copy(P[burnt_parents[e]], P[burnt[e]])  # burning draws nothing: the card was dealt
    for j in range(P.shape[0]):
        _stand(P[j], tab[scores[j]], S[j])
    for e in range(js.shape[0]):  # a kind's hands are distinct: each adds once per kind
        j = js[e]
        _finish(P[j], left[pos[e]], drawn[e], den[fin_sizes[e]], tab[fin_scores[e]], F[j])


@_jit
def _by_row(decks: IntArray, pscore: IntArray, table: FloatArray, den: FloatArray,
            left: IntArray, tab: FloatArray) -> None:  # pragma: no cover - compiled
    """What the rows' loops read, one row per column: ``den[t]``, the cards left once ``t``
    are drawn, at least 1 (the deck's cards summed as integers, then a float less ``t``);
    ``left[k]``, the cards of kind ``k``; ``tab[s]``, the player's payoff against score
    ``s``."""
    for r in range(decks.shape[0]):
        n = 0
        for k in range(decks.shape[1]):
            n += decks[r, k]
            left[k, r] = decks[r, k]
        for t in range(den.shape[0]):
            den[t, r] = max(float(n) - float(t), 1.0)
        for s in range(tab.shape[0]):
            tab[s, r] = table[pscore[r], s]


@_jit
def _draw(parent: FloatArray, left: IntArray, had: int, den: FloatArray,
          out: FloatArray) -> None:  # pragma: no cover - compiled
    """A hand's chances (``out``): its ``parent``'s times the cards of the kind drawn left
    (``left``, less the parent's ``had``; none below zero) over the cards left (``den``)."""
    for r in range(out.shape[0]):
        c = left[r] - had
        out[r] = parent[r] * (c if c > 0 else 0) / den[r]


@_jit
def _copy(src: FloatArray, dst: FloatArray) -> None:  # pragma: no cover - compiled
    """``dst[:] = src`` one number at a time (numba's slice copy may allocate)."""
    for r in range(dst.shape[0]):
        dst[r] = src[r]


@_jit
def _stand(p: FloatArray, payoff: FloatArray, out: FloatArray) -> None:  # pragma: no cover
    """A hand's stand terms (``out``): its chances ``p`` times the player's ``payoff``."""
    for r in range(out.shape[0]):
        out[r] = p[r] * payoff[r]


@_jit
def _finish(p: FloatArray, left: IntArray, drawn: int, den: FloatArray, payoff: FloatArray,
            f: FloatArray) -> None:  # pragma: no cover - compiled
    """Add to ``f`` a hand's term of finishing on a card of a kind: its chances ``p`` times
    the cards of the kind left (``left``, less the ``drawn`` it holds; none below zero) over
    the cards left (``den``), times the player's ``payoff`` against the finished score."""
    for r in range(f.shape[0]):
        c = left[r] - drawn
        f[r] += p[r] * (c if c > 0 else 0) / den[r] * payoff[r]
