"""The canonical banker of the refined equilibrium (`canonical_banker`): one answer, whatever
path the LP solver takes.

The perturbed LP (`settemezzo.solve.lp.refine`) leaves the banker's play undetermined in two
ways. Where its best reply to the trembling player is tied, any mixture of the tied choices
is a best reply; and the LP's duals resolve a tie only to HiGHS's tolerances, so that which
mixture comes out (and whether the tie is seen at all) depends on the solver's path. Both
change the price of the player's mistakes. So the banker's play is chosen here, from what
every path agrees on (the player's plan, and the trembling player of the first tremble, which
every path solves, to HiGHS's tolerances):

1. **Ties.** At each public state and banker hand, the choices (stand, hit, burn) worth the
   least to the player within `TIE_SHARE` of their size, or within what the LP's precision
   on the player's weights leaves (`PLAN_PRECISION`, `TREMBLE_PRECISION`): against the
   player's own plan, and among those against the trembling player (`near_best`). A tie
   matters where the tied choices are worth something else to some face-down card of the
   player (`Ties.relevant_at`).
2. **Stand first.** Everywhere, the first tied choice in the order stand, hit, burn.
3. **Where that tempts the player.** A banker who stands on every tie may make the player's
   plan a worse reply than it was (the player is often indifferent because the banker mixes).
   At the public states the player's plan reaches and where a tie matters, the banker's play
   is chosen by one small LP (`_select`): among the mixtures of its tied choices, those that
   keep the player's plan a best reply (within `PLAN_SLACK`), the one that hits least
   (generic weights break the LP's own ties). Where the plan is still beaten somewhere, the
   states with a tie below the decision that beats it join, until none is
   (`MAX_ROUNDS`).

The LP's variables are the banker's flows (`settemezzo.solve.plans.Flows`) through the tied
hands only: the play is fixed everywhere else, so the player's value of standing is linear in
them, and the player's values (one per decision whose value can move) obey the usual
backward induction as inequalities, with equality where the plan plays.

Returns None where the LP finds no such play (the caller keeps its own answer then).

Opt-in (`settemezzo.solve.equilibria.CANONICAL`), not yet the shipped banker: a tie right at
its floor can still be seen on one solve path only, and a fallback brings the path back
(bench/refined.md, "The canonical banker"; ``python -m bench paths --canonical``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from settemezzo.solve.plans import FloatArray, node_plan
from settemezzo.solve.rows import FloatRows
from settemezzo.solve.strategies import BankerStrategy

if TYPE_CHECKING:
    from settemezzo.solve.lp import LPSolution
    from settemezzo.solve.solver import Solver, Terminal


TIE_SHARE = 1e-9
"""Two values of the banker's choices at a hand closer than this share of the larger are a
tie: the player's plans are exact to HiGHS's tolerances only, and a tie must not hang on the
last bits."""


PLAN_PRECISION = 1e-12
"""...or closer than an error of this much in every weight of the player's plan could make
them (a sequence's realization, as the LP's limit gives it: HiGHS's feasibility tolerance
is 1e-10 on plans times `settemezzo.solve.lp.REFINE_SCALE`)."""


TREMBLE_PRECISION = 1e-9
"""The same for the trembling player, whose weights the perturbed LP leaves free in a range
where the program is degenerate (6e-10 seen between two solve paths, on a weight of 2e-5): a
tie within that is one the LP cannot tell from a preference, and a state only mistakes
reach, weighing 1e-10 and less, is a tie throughout."""


PLAN_NOISE = 1e-14
"""A sequence of the player's plan realized at most this often is never played: HiGHS's
values carry noise where the plan is 0 (3e-18 seen). `Plan` reads such a decision as
unreached (for `settemezzo.solve.equilibria.lp_strategies` and the ties here), and
`settemezzo.solve.equilibria.offpath_player` likewise: the banker's first criterion there
would be a best reply to noise."""


PLAN_SLACK = 1e-10
"""`_select` keeps each of the plan's choices within this of the best (in chips at that
decision): the plan is a best reply to HiGHS's tolerances, not exactly."""


TEMPTED = 1e-9
"""A decision the plan reaches is beaten when another choice there is worth more than this
(in chips) over the plan's: beyond `PLAN_SLACK` and the LP's own tolerance."""


DIFFER_SHARE = 1e-12
"""Tied choices matter to a row (`Ties.relevant_at`) where their values to it differ by more
than this share of the largest."""


MAX_ROUNDS = 8
"""At most this many LPs: each round adds the states below the decisions still beaten."""


def hand_terms(rows: FloatRows, members: npt.NDArray[np.int64], weights: FloatArray,
               group: npt.NDArray[np.int64], n: int, size: bool = False
               ) -> tuple[FloatArray, FloatArray]:
    """Hands x (weightings x groups): the player's stand terms and finished terms after a hit
    (`FloatRows`'s ``S``, ``F``; ``size``: their magnitudes), summed over the rows
    ``members`` per group, under each weighting (a row of ``weights``) side by side."""
    from scipy import sparse  # (loaded with the LP already)

    used, col = np.unique(rows.inv[members], return_inverse=True)  # the distinct rows used
    k = len(weights)
    at = (np.arange(k)[:, None] * n + group[None, :]).ravel()
    W = sparse.csr_matrix((weights.ravel(), (at, np.tile(col, k))), shape=(k * n, len(used)))
    S, F = rows.S[:, used], rows.F[:, used]
    if size:
        S, F = np.abs(S), np.abs(F)
    Sg = np.ascontiguousarray((W @ np.ascontiguousarray(S.T)).T)
    Fg = np.ascontiguousarray((W @ np.ascontiguousarray(F.T)).T)
    return Sg, Fg


def nearest(values: FloatArray, among: npt.NDArray[np.bool_],
            floor: float | FloatArray = 0.0) -> npt.NDArray[np.bool_]:
    """Which of stand, hit, burn (``values`` stacked on the first axis) are the least within
    `TIE_SHARE` of the largest magnitude there (or within ``floor``), among ``among``."""
    best = np.min(np.where(among, values, np.inf), axis=0)
    scale = np.max(np.where(among, np.abs(values), 0.0), axis=0)
    out: npt.NDArray[np.bool_] = among & (values <= best + np.maximum(TIE_SHARE * scale, floor))
    return out


@dataclass
class Ties:
    """The banker's tied choices (`canonical_banker`'s step 1): ``near[c, j, g]`` whether
    choice ``c`` (stand, hit, burn) is among the best at hand ``j`` in public state ``g``,
    ``first[j, g]`` the first of them (stand, hit, burn), ``candidate[j, g]`` a tie on a
    path of best choices that the cards can reach; which candidates matter
    (`relevant_at`) is found state by state, when asked (``rows``: the trembling player's
    decisions, which it is measured on)."""

    near: npt.NDArray[np.bool_]
    first: npt.NDArray[np.int64]
    candidate: npt.NDArray[np.bool_]
    rows: npt.NDArray[np.int64]
    _relevant: npt.NDArray[np.bool_] = field(init=False)
    _known: npt.NDArray[np.bool_] = field(init=False)

    def __post_init__(self) -> None:
        self._relevant = np.zeros(self.candidate.shape, dtype=bool)
        self._known = np.zeros(self.candidate.shape[1], dtype=bool)

    def relevant_at(self, s: Solver, states: npt.NDArray[np.int64]
                    ) -> npt.NDArray[np.bool_]:
        """Hands x ``states``: the candidate ties whose choices are worth something else to
        some decision of the state (after them, each plays its first choices)."""
        new = states[~self._known[states] & self.candidate[:, states].any(axis=0)]
        if len(new):
            rows = s.stand_rows
            assert isinstance(rows, FloatRows)
            live = self.rows[np.isin(s.group[self.rows], new)]
            self._relevant |= _relevant(s, rows, self.near, self.first, self.candidate, live)
        self._known[states] = True
        out: npt.NDArray[np.bool_] = self._relevant[:, states]
        return out


def canonical_banker(s: Solver, T: Terminal, sol: LPSolution, banker: BankerStrategy
                     ) -> BankerStrategy | None:
    """The canonical banker (the module's three steps) for the refined LP solution ``sol``
    (its limit ``x``, the player's plan, and its trembling player at the first tremble,
    ``x_first``, the same on every path: a later tremble is tried on some only) of the game of
    ``s`` with finished hands worth ``T``; ``banker`` (the LP's) gives the shape. None where
    no play of the tied choices keeps the plan a best reply."""
    trembler = sol.x_first if sol.x_first is not None else sol.x_tremble
    if trembler is None:
        return banker
    rows = s.stand_rows
    assert isinstance(rows, FloatRows)  # (the refinement is in floats)
    plan = Plan.of(sol.x)
    stands = np.array(s.reach, dtype=np.float64) * s.is_play * s.stake
    trembling = stands * np.maximum(trembler[:len(sol.x)][0::2], 0.0)
    ties = find_ties(s, rows, stands * plan.stand_share, trembling)
    first = stand_first(banker, ties.first)
    G = len(s.game.publics)
    on_path = np.zeros(G, dtype=bool)
    on_path[s.group[s.is_play & plan.reached]] = True
    where = np.flatnonzero(on_path)
    where = where[ties.relevant_at(s, where).any(axis=0)]
    values = PlayerValues.of(s, T, first)
    for _ in range(MAX_ROUNDS):
        picked = _select(s, T, first, ties, where, plan, values) if len(where) else first
        # where the LP finds no play, look below what standing first beats
        seen = values if picked is None else PlayerValues.of(s, T, picked)
        beaten = seen.beaten(plan)
        if picked is not None and not len(beaten):
            return picked
        more = _states_below(s, beaten, seen)
        more = np.union1d(where, more[ties.relevant_at(s, more).any(axis=0)])
        if len(more) == len(where):
            return None
        where = more
    return None


@dataclass(frozen=True)
class Plan:
    """The player's plan from the LP's sequences ``x``: which decisions it reaches (beyond
    `PLAN_NOISE`), its chance of hitting at each, and the weight it stands with (0 where
    unreached)."""

    reached: npt.NDArray[np.bool_]
    hit: FloatArray
    stand_share: FloatArray

    @classmethod
    def of(cls, x: FloatArray) -> Plan:
        pairs = x.reshape(-1, 2)
        own = pairs.sum(axis=1)
        reached = own > PLAN_NOISE
        hit = np.clip(np.where(reached, pairs[:, 1] / np.where(reached, own, 1.0), 0.0), 0, 1)
        return cls(reached, hit, np.where(pairs[:, 0] > PLAN_NOISE, pairs[:, 0], 0.0))


@dataclass(frozen=True)
class PlayerValues:
    """The player's values against a banker: of standing, the best play on, and each
    action with the best play after it (per decision; floats)."""

    stand: FloatArray
    best: FloatArray
    q0: FloatArray
    q1: FloatArray

    @classmethod
    def of(cls, s: Solver, T: Terminal, banker: BankerStrategy) -> PlayerValues:
        """Against ``banker`` in the game of ``s``, with finished hands worth ``T``."""
        stand = np.asarray(s.stand_values(banker), dtype=np.float64)
        _, V, _ = s.player_values(stand, T, None)
        q0, q1 = (np.asarray(q, dtype=np.float64) for q in s.every_action_value(stand, T, V))
        return cls(stand, np.asarray(V, dtype=np.float64), q0, q1)

    def beaten(self, plan: Plan) -> npt.NDArray[np.int64]:
        """The decisions the plan reaches where another choice beats it by `TEMPTED`."""
        own = self.q0 + (self.q1 - self.q0) * plan.hit
        return np.flatnonzero(plan.reached & (np.maximum(self.q0, self.q1) - own > TEMPTED))


def find_ties(s: Solver, rows: FloatRows, plan_w: FloatArray, trembling: FloatArray) -> Ties:
    """`Ties` against the player's standing weights ``plan_w`` (its plan) and then
    ``trembling`` (per decision: the chance of the cards, the stake, and the share of
    standing)."""
    unit = np.array(s.reach, dtype=np.float64) * s.is_play * s.stake
    near = near_best(s, rows, np.stack([plan_w, trembling]), unit,
                     (PLAN_PRECISION, TREMBLE_PRECISION))
    live = np.flatnonzero(trembling > 0)
    reachable = _chance_of_hands(s, rows, live) > 0
    on = _on_best_paths(s, near, reachable)
    candidate = (near.sum(axis=0) >= 2) & on
    return Ties(near, np.argmax(near, axis=0), candidate, live)


def near_best(s: Solver, rows: FloatRows, weights: FloatArray, unit: FloatArray,
              precision: tuple[float, ...]) -> npt.NDArray[np.bool_]:
    """(choices, hands, states): the banker's best choices at each hand, lexicographically
    under each weighting of the player's rows (a row of ``weights``), each within
    `TIE_SHARE` or within what an error of its ``precision`` in every weight could change
    (the terms' sizes under the weights ``unit``; `nearest`): from the last hands up, a hand
    worth what its first best choice is worth (stand, hit, burn)."""
    from scipy import sparse  # (loaded with the LP already)

    G = len(s.game.publics)
    live = np.flatnonzero(weights.any(axis=0))
    k = len(weights)
    Sg, Fg = hand_terms(rows, live, weights[:, live], s.group[live], G)
    Sa, Fa = hand_terms(rows, live, unit[None, live], s.group[live], G, size=True)
    J = len(rows.nodes)
    V = np.zeros((J, k * G))
    size = np.zeros((J, G))  # what the values of each hand are sums of, in size
    near = np.zeros((3, J, G), dtype=bool)
    for idx, C, must, at, kids in node_plan(s.game).levels:  # the last hands first
        Cm = sparse.csr_matrix((C.data, C.indices, C.indptr), shape=C.shape)
        h = Fg[idx] + Cm @ V
        h_size = Fa[idx] + Cm @ size
        if must:  # empty hands must draw
            V[idx], size[idx] = h, h_size
            near[1, idx] = True
            continue
        st = Sg[idx]
        b = st.copy()
        b_size = np.zeros_like(h_size)
        can = np.zeros((len(idx), G), dtype=bool)
        if len(at):
            b[at] = V[kids]
            b_size[at] = size[kids]
            can[at] = True
        size[idx] = np.maximum(np.maximum(Sa[idx], h_size), b_size)
        here = np.stack([np.ones_like(can), np.ones_like(can), can])
        for w in range(k):
            cols = slice(w * G, (w + 1) * G)
            here = nearest(np.stack([st[:, cols], h[:, cols], b[:, cols]]), here,
                           precision[w] * size[idx])
        near[:, idx] = here
        pick = np.tile(np.argmax(here, axis=0), k)[None]
        V[idx] = np.take_along_axis(np.stack([st, h, b]), pick, axis=0)[0]
    return near


def _chance_of_hands(s: Solver, rows: FloatRows, live: npt.NDArray[np.int64]) -> FloatArray:
    """Hands x states: the chance of one ordering of each hand, summed over the rows
    ``live`` of each state (0: the cards never give the banker that hand there)."""
    from scipy import sparse  # (loaded with the LP already)

    G = len(s.game.publics)
    used, col = np.unique(rows.inv[live], return_inverse=True)
    W = sparse.csr_matrix((np.ones(len(live)), (s.group[live], col)), shape=(G, len(used)))
    out: FloatArray = np.ascontiguousarray((W @ np.ascontiguousarray(rows.P[:, used].T)).T)
    return out


def _on_best_paths(s: Solver, near: npt.NDArray[np.bool_], reachable: npt.NDArray[np.bool_]
                   ) -> npt.NDArray[np.bool_]:
    """Hands x states: the hands some path of best choices reaches (from the empty hand,
    through hands the cards can reach)."""
    from scipy import sparse  # (loaded with the LP already)

    on = np.zeros(reachable.shape, dtype=bool)
    on[0] = True  # the empty hand
    for idx, C, _must, at, kids in node_plan(s.game).levels[::-1]:  # the first hands first
        go = on[idx] & near[1, idx]
        Cm = sparse.csr_matrix((C.data, C.indices, C.indptr), shape=C.shape)
        on |= (Cm.T @ go.astype(np.float64) > 0) & reachable
        if len(at):
            on[kids] |= on[idx[at]] & near[2, idx[at]] & reachable[kids]
    return on


def _relevant(s: Solver, rows: FloatRows, near: npt.NDArray[np.bool_],
              first: npt.NDArray[np.int64], candidate: npt.NDArray[np.bool_],
              live: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """Hands x states: the ``candidate`` ties whose choices are worth something else to
    some row of ``live`` (after them, each row's banker plays its ``first`` choices)."""
    out = np.zeros(candidate.shape, dtype=bool)
    live = live[candidate[:, s.group[live]].any(axis=0)]  # the rows of states with a tie
    grp = s.group[live]
    V = np.zeros((len(rows.nodes), len(live)))
    for idx, W in _segment_levels(s, rows, first, None, live, V):
        tied = near[:, idx][:, :, grp] & candidate[idx][:, grp][None]
        lo = np.min(np.where(tied, W, np.inf), axis=0)
        hi = np.max(np.where(tied, W, -np.inf), axis=0)
        scale = np.max(np.where(tied, np.abs(W), 0.0), axis=0)
        j, r = np.nonzero((tied.sum(axis=0) >= 2) & (hi - lo > DIFFER_SHARE * scale))
        out[idx[j], grp[r]] = True
    return out


def _segment_levels(s: Solver, rows: FloatRows, first: npt.NDArray[np.int64],
                    tied: npt.NDArray[np.bool_] | None, members: npt.NDArray[np.int64],
                    V: FloatArray) -> Iterator[tuple[npt.NDArray[np.int64], FloatArray]]:
    """`Segments` level by level, the last hands first: each level's hands and the values
    of each choice there (choices x hands x rows, per unit stake), as the values of the
    hands (hands x rows, ``V``, zeros to begin with) fill in place."""
    from scipy import sparse  # (loaded with the LP already)

    grp = s.group[members]
    u = rows.inv[members]
    S, F = rows.S[:, u], rows.F[:, u]
    plan = first[:, grp]
    stop = None if tied is None else tied[:, grp]
    for idx, C, must, at, kids in node_plan(s.game).levels:
        h = F[idx] + sparse.csr_matrix((C.data, C.indices, C.indptr), shape=C.shape) @ V
        st = h if must else S[idx]
        b = st.copy()
        if len(at):
            b[at] = V[kids]
        W = np.stack([st, h, b])
        v = np.take_along_axis(W, plan[idx][None], axis=0)[0]
        V[idx] = v if stop is None else np.where(stop[idx], 0.0, v)
        yield idx, W


@dataclass(frozen=True)
class Segments:
    """Per row (columns) of some states, the banker playing fixed choices ``first`` except at
    the ``tied`` hands: ``V[j]`` the value (chips, per ordering of the cards) of hand ``j``
    and what follows it down to the next tied hands (worth 0 here), ``W[c, j]`` that of
    choice ``c`` at ``j`` and what follows down to the next tied hands."""

    V: FloatArray
    W: FloatArray

    @classmethod
    def of(cls, s: Solver, rows: FloatRows, first: npt.NDArray[np.int64],
           tied: npt.NDArray[np.bool_], members: npt.NDArray[np.int64]) -> Segments:
        W = np.zeros((3, len(rows.nodes), len(members)))
        V = np.zeros((len(rows.nodes), len(members)))
        for idx, Wl in _segment_levels(s, rows, first, tied, members, V):
            W[:, idx] = Wl
        stake = np.asarray(s.stake, dtype=np.float64)[members]
        return cls(V * stake, W * stake)


def stand_first(banker: BankerStrategy, first: npt.NDArray[np.int64]) -> BankerStrategy:
    """``banker`` playing the choices ``first`` (hands x states: stand, hit, burn) everywhere,
    in arrays of its own."""
    hit = np.ascontiguousarray((first == 1).T, dtype=np.float64)
    burn = None if banker.burn is None else np.ascontiguousarray((first == 2).T,
                                                                  dtype=np.float64)
    return replace(banker, hit=hit, burn=burn)


def _states_below(s: Solver, beaten: npt.NDArray[np.int64], values: PlayerValues
                  ) -> npt.NDArray[np.int64]:
    """The public states of the decisions ``beaten`` and of every decision after the choice
    that beats the plan there."""
    game = s.game
    seen = np.zeros(len(game.infosets), dtype=bool)
    front = beaten.tolist()
    first = True
    while front:
        nxt: list[int] = []
        for i in front:
            if seen[i]:
                continue
            seen[i] = True
            st = game.infosets[i]
            if first:  # the decision beaten: only after the choice that beats the plan
                kids = st.children if values.q1[i] > values.q0[i] else st.children0
            else:
                kids = (*st.children, *st.children0)
            nxt.extend(ch.infoset for ch in kids if ch.infoset >= 0)
        front, first = nxt, False
    out: npt.NDArray[np.int64] = np.unique(s.group[seen])
    return out


def _select(s: Solver, T: Terminal, first: BankerStrategy, ties: Ties,
            where: npt.NDArray[np.int64], plan: Plan, values: PlayerValues
            ) -> BankerStrategy | None:
    """`canonical_banker`'s LP over the public states ``where`` (the banker elsewhere as
    ``first``, whose values to the player are ``values``): the banker that plays ``first``
    but mixes its tied choices there, keeps the plan a best reply, and hits least."""
    from scipy import sparse
    from scipy.optimize import linprog

    from settemezzo.solve.lp import tremble_weights  # (a generic weight per flow)

    rows = s.stand_rows
    assert isinstance(rows, FloatRows)
    flows = TiedFlows.of(s, rows, ties, where)
    moving = _moving(s, where)
    nV, nF = len(moving), len(flows.choice)
    n = nV + nF
    at = np.full(len(s.game.infosets), -1, dtype=np.int64)
    at[moving] = np.arange(nV)
    stand = sparse.csr_matrix((flows.value, (at[flows.value_row], nV + flows.value_var)),
                              shape=(nV, n))
    q1, k1 = _children_terms(s, T, 1, moving, at, values.best, n)
    q0, k0 = _children_terms(s, T, 0, moving, at, values.best, n)
    play = s.is_play[moving]
    Q0 = sparse.diags((~play).astype(np.float64)) @ q0 + stand
    k0 = np.where(play, values.stand[moving], k0)
    k0[at[flows.members]] = flows.base  # standing there moves with the flows
    eye = sparse.csr_matrix((np.ones(nV), (np.arange(nV), np.arange(nV))), shape=(nV, n))
    reached, p = plan.reached[moving], plan.hit[moving]
    hits = np.flatnonzero(reached & (p > 1e-9))
    stands = np.flatnonzero(reached & (p < 1 - 1e-9))
    A_ub = sparse.vstack([Q0 - eye, q1 - eye, (eye - q1)[hits], (eye - Q0)[stands]]).tocsr()
    b_ub = np.concatenate([-k0, -k1, k1[hits] + PLAN_SLACK, k0[stands] + PLAN_SLACK])
    cost = np.concatenate([np.zeros(nV), flows.choice * tremble_weights(nF, spread=0.5)])
    bounds = np.column_stack([np.concatenate([np.full(nV, -np.inf), np.zeros(nF)]),
                              np.full(n, np.inf)])
    res = linprog(cost, A_ub=A_ub, b_ub=b_ub, A_eq=flows.conservation(nV, n),
                  b_eq=flows.inflow, bounds=bounds, method="highs",
                  options={"primal_feasibility_tolerance": 1e-10,
                           "dual_feasibility_tolerance": 1e-10})
    if res.status != 0:
        return None
    return flows.play(first, np.maximum(res.x[nV:], 0.0))


def _moving(s: Solver, where: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The decisions whose values move with the banker's play at the states ``where``: their
    stand/hit decisions and every decision before one of them."""
    moving = np.isin(s.group, where) & s.is_play
    parent = s.parents
    for i in range(len(moving) - 1, -1, -1):  # (a decision comes after its parent)
        if moving[i] and parent[i] >= 0:
            moving[parent[i]] = True
    out: npt.NDArray[np.int64] = np.flatnonzero(moving)
    return out


def _children_terms(s: Solver, T: Terminal, action: int, moving: npt.NDArray[np.int64],
                    at: npt.NDArray[np.int64], best: FloatArray, n: int
                    ) -> tuple[object, FloatArray]:
    """The value of ``action`` at each decision of ``moving`` as the LP reads it: the
    children's values that move (a matrix over the LP's columns) plus a constant (the
    finished hands, and the children whose value ``best`` does not move)."""
    from scipy import sparse

    ptr, child, prob = s.children(action)
    nV = len(moving)
    counts = np.diff(ptr)[moving]
    parent = np.repeat(np.arange(nV), counts)
    pos = np.repeat(ptr[moving] - np.cumsum(counts) + counts, counts) + \
        np.arange(int(counts.sum()))
    ch, p = child[pos], prob[pos]
    values = T.floats(action)[pos]
    moves = (ch >= 0) & (at[np.maximum(ch, 0)] >= 0)
    fixed = np.where(ch < 0, values, best[np.maximum(ch, 0)])
    const: FloatArray = np.bincount(parent[~moves], weights=p[~moves] * fixed[~moves],
                                    minlength=nV).astype(np.float64)
    M = sparse.csr_matrix((p[moves], (parent[moves], at[ch[moves]])), shape=(nV, n))
    return M, const


@dataclass(frozen=True)
class TiedFlows:
    """The LP's flow variables: one per (state, tied hand, tied choice) of the states
    ``where``, with what the LP needs of them. Per pair (state, tied hand), state after
    state: ``pair_state``, ``pair_hand``, and ``inflow``, the flow that reaches it whatever
    the tied hands above play (card orderings through fixed choices). Per variable: its
    ``pair`` and ``choice``. ``into`` (pair, variable, count): the flow a variable sends on
    to a tied hand below it; ``value_*``: the player's value of standing, per row of
    ``members`` (the stand/hit decisions of ``where``), as ``base`` plus the variables
    times ``value``."""

    pair_state: npt.NDArray[np.int64]
    pair_hand: npt.NDArray[np.int64]
    choice: npt.NDArray[np.int64]
    pair: npt.NDArray[np.int64]
    inflow: FloatArray
    into: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], FloatArray]
    members: npt.NDArray[np.int64]
    base: FloatArray
    value_row: npt.NDArray[np.int64]
    value_var: npt.NDArray[np.int64]
    value: FloatArray

    @classmethod
    def of(cls, s: Solver, rows: FloatRows, ties: Ties, where: npt.NDArray[np.int64]
           ) -> TiedFlows:
        first = ties.first
        tied = np.zeros_like(ties.candidate)
        tied[:, where] = ties.relevant_at(s, where)
        hand, pstate = np.nonzero(tied.T)[::-1]  # pairs, state after state
        order = np.lexsort((hand, pstate))
        pstate, hand = pstate[order], hand[order]
        c, j = np.nonzero(ties.near[:, hand, pstate])  # variables, pair after pair
        order = np.lexsort((c, j))
        var_pair, var_choice = j[order], c[order]
        counts = _path_counts(s, first, tied, pstate, hand)
        into = _flow_into(s, counts, pstate, var_pair, var_choice, hand)
        members = np.flatnonzero(np.isin(s.group, where) & s.is_play)
        segs = Segments.of(s, rows, first, tied, members)
        value_row, value_var, value = _stand_terms(s, segs, members, pstate, hand,
                                                   var_pair, var_choice)
        return cls(pstate, hand, var_choice, var_pair, counts[0], into, members, segs.V[0],
                   value_row, value_var, value)

    def conservation(self, nV: int, n: int) -> object:
        """Per (state, tied hand): its variables' flows less what the variables above send
        into it, as rows over the LP's columns (equal to ``inflow``)."""
        from scipy import sparse

        pair, var, count = self.into
        r = np.concatenate([self.pair, pair])
        c = nV + np.concatenate([np.arange(len(self.pair)), var])
        v = np.concatenate([np.ones(len(self.pair)), -count])
        return sparse.csr_matrix((v, (r, c)), shape=(len(self.inflow), n))

    def play(self, first: BankerStrategy, flow: FloatArray) -> BankerStrategy:
        """``first`` with each tied hand's chances of hitting and burning from ``flow`` (a
        hand the flows do not reach keeps its first choice)."""
        hit = first.hit.copy()
        burn = None if first.burn is None else first.burn.copy()
        through = np.bincount(self.pair, weights=flow, minlength=len(self.inflow))
        by = [np.bincount(self.pair[self.choice == c], weights=flow[self.choice == c],
                          minlength=len(self.inflow)) for c in (1, 2)]
        g, j = self.pair_state, self.pair_hand
        ok = through > 1e-14
        hit[g[ok], j[ok]] = by[0][ok] / through[ok]
        if burn is not None:
            burn[g[ok], j[ok]] = by[1][ok] / through[ok]
        return replace(first, hit=hit, burn=burn)


def _path_counts(s: Solver, first: npt.NDArray[np.int64], tied: npt.NDArray[np.bool_],
                 pstate: npt.NDArray[np.int64], hand: npt.NDArray[np.int64]) -> FloatArray:
    """Hands x pairs: the card orderings from each hand to the pair's tied hand along fixed
    choices (another tied hand stops them)."""
    from scipy import sparse

    J, P = first.shape[0], len(hand)
    plan, stop = first[:, pstate], tied[:, pstate]
    cnt = np.zeros((J, P))
    for idx, C, must, at, kids in node_plan(s.game).levels:  # the last hands first
        h = sparse.csr_matrix((C.data, C.indices, C.indptr), shape=C.shape) @ cnt
        b = np.zeros_like(h)
        if len(at):
            b[at] = cnt[kids]
        v = h if must else np.where(plan[idx] == 1, h, np.where(plan[idx] == 2, b, 0.0))
        v = np.where(stop[idx], 0.0, v)
        cnt[idx] = np.where(hand[None, :] == idx[:, None], 1.0, v)
    return cnt


def _flow_into(s: Solver, counts: FloatArray, pstate: npt.NDArray[np.int64],
               var_pair: npt.NDArray[np.int64], var_choice: npt.NDArray[np.int64],
               hand: npt.NDArray[np.int64]
               ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], FloatArray]:
    """(pair, variable, count): the orderings by which a variable's choice (a hit or a burn
    at its tied hand) leads on to another tied hand of its state."""
    from scipy import sparse

    nodes = s.game.banker_nodes
    J = len(nodes)
    kid_r = [j for j, nd in enumerate(nodes) for _p, j2, _ in nd.children if j2 >= 0]
    kid_c = [j2 for nd in nodes for _p, j2, _ in nd.children if j2 >= 0]
    after_hit = sparse.csr_matrix((np.ones(len(kid_r)), (kid_r, kid_c)), shape=(J, J)) @ counts
    burn_child = np.array([nd.burn_child for nd in nodes], dtype=np.int64)
    after_burn = np.where((burn_child >= 0)[:, None], counts[np.maximum(burn_child, 0)], 0.0)
    moves = np.flatnonzero(var_choice > 0)
    p = var_pair[moves]
    lo = np.searchsorted(pstate, pstate[p], side="left")
    hi = np.searchsorted(pstate, pstate[p], side="right")
    n = hi - lo
    var = np.repeat(moves, n)
    other = np.repeat(lo - np.cumsum(n) + n, n) + np.arange(int(n.sum()))
    t = hand[var_pair[var]]
    count = np.where(var_choice[var] == 1, after_hit[t, other], after_burn[t, other])
    keep = count != 0
    return other[keep], var[keep], count[keep]


def _stand_terms(s: Solver, segs: Segments, members: npt.NDArray[np.int64],
                 pstate: npt.NDArray[np.int64], hand: npt.NDArray[np.int64],
                 var_pair: npt.NDArray[np.int64], var_choice: npt.NDArray[np.int64]
                 ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], FloatArray]:
    """(row, variable, value): each variable's share of the value of standing at the rows
    (decisions of ``members``) of its state."""
    grp = s.group[members]
    order = np.argsort(grp, kind="stable")
    sorted_grp = grp[order]
    g = pstate[var_pair]
    lo = np.searchsorted(sorted_grp, g, side="left")
    hi = np.searchsorted(sorted_grp, g, side="right")
    n = hi - lo
    var = np.repeat(np.arange(len(var_pair)), n)
    col = order[np.repeat(lo - np.cumsum(n) + n, n) + np.arange(int(n.sum()))]
    value = segs.W[var_choice[var], hand[var_pair[var]], col]
    keep = value != 0
    return members[col[keep]], var[keep], value[keep]
