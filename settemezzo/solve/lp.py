"""The sequence-form LP of the heads-up game on HiGHS (highspy), with the banker's side generated as
cutting planes: the objective and realization constraints, the cuts (`Cuts`: the banker's stopping
rules, and the few public states made exact), the cutting-plane loop and its first basis, and the
refinement (`refine`). Imported at the first equilibrium solved (scipy and HiGHS are not for the
views that only read results).

**The refinement.** An LP's optimal basis fixes the banker's answer only where the player goes:
where it never stands, any answer that does not tempt it there is optimal, and which one HiGHS
returns depends on its pivoting. The refined equilibrium is quasi-perfect (van Damme 1984;
computed as in Miltersen and Sørensen 2010, with the stability check of Farina, Gatti and
Sandholm 2018): the LP is solved again with every sequence of the player's choices at least
``eta`` times a weight of its own between 1 and 2 (`TREMBLES`, `tremble_weights`): a player who
makes every mistake with a small chance, no two alike. Every public state is then reached, and
the duals of the cuts, the banker's mixture, are a best reply at every one of them (a cut
carries weight only if it binds); the loop goes on until every state's best reply is among its
cuts, however little the state weighs (`REFINE_MARGIN`), on plans scaled up so that HiGHS's
absolute tolerances resolve those states (`REFINE_SCALE`). The bounds then go back to 0,
starting from that basis: if HiGHS takes no pivot, the basis is optimal at ``eta`` and at 0,
hence (the primal solution moving linearly with the bounds, the duals not at all) at every
perturbation in between: its duals are a best reply to the trembling player for every smaller
``eta`` and its primal solution is the player's equilibrium. The canonical choice where the
banker plays one choice, the certificate and the check off the path
(`settemezzo.solve.equilibria`) then measure and settle what was found."""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from scipy import sparse

from settemezzo.game import (
    HIT,
    STAND,
    HeadsUpGame,
)
from settemezzo.solve.errors import SolverError
from settemezzo.solve.plans import BURN, CSR, RULE_OF_THUMB, FloatArray
from settemezzo.solve.rows import FloatRows, GroupedReplies
from settemezzo.solve.solver import Solver, Terminal, finished_sums

LP_SCALE = 1000.0
"""Payoffs are multiplied by this in the equilibrium LP (see `master_lp`)."""


ALWAYS_POLISH = False
"""Solve the LP's last round afresh always, not only when the certificate asks for it. The
warm-started answer is certified like any other and comes out the same in every run (HiGHS's
dual simplex is deterministic); solving afresh costs about a fifth of a solve and picks
another equilibrium off the path of play, no better. The shipped results
(`settemezzo.precomputed`, ``data/``) are computed with the settings here: a change of
`ALWAYS_POLISH`, `START_THRESHOLDS`, the first LP's basis (`first_basis`) or the LP's
options (`DUAL_PRICING`) picks other equilibria off the path
(the same value within the certificate), so they must then be regenerated (``make
precomputed data``)."""


START_THRESHOLDS = (RULE_OF_THUMB,)
"""The banker's rules of thumb (hit below K half-points) that are the LP's starting cuts:
"hit below 5" alone: a smaller first LP saves more than the few more rounds it takes cost
(against four rules of thumb, 9 to 12 half-points)."""


EXACT_STREAK = 3
"""A public state whose ``t_g`` the banker's best reply beats this many rounds in a row, in a
round where few states are beaten (`EXACT_MAX_STATES`), becomes exact in the LP
(`Cuts.exact`): the banker's whole programme there instead of one more stopping rule a
round. Under SPANISH a few public states at the top stake otherwise take a new rule a round
for many rounds; made exact, the main LP takes a few rounds instead of a score. Making many
states exact slows HiGHS a lot (each adds its whole programme's rows); a few are cheap."""


EXACT_MAX_STATES = 4
"""`EXACT_STREAK` applies only in a round where at most this many states are beaten: the tail
of the cutting planes, where the same few states take a rule a round."""


EXACT_MIN_DECISIONS = 20_000
"""`EXACT_STREAK` applies to games with at least this many player decisions, where a round of
the LP costs a tenth of a second (SPANISH's main game: 35,140). In the small games after a
swap a round costs milliseconds and an exact state saves nothing (under swap_hidden it costs
more than it saves)."""


DUAL_PRICING = 0
"""HiGHS's pricing in the dual simplex (``simplex_dual_edge_weight_strategy``): 0 Dantzig's,
the largest infeasibility. Its default, dual steepest edge, takes fewer pivots but computes
a weight for every row added, and the cutting planes add hundreds of cuts a round: with
Dantzig's the LP takes a few more pivots and less time (burn=3,4, burn=4; SPANISH alike)."""


SIMPLEX_STRATEGY = 1
"""HiGHS's ``simplex_strategy``: 1 the dual simplex (the cutting planes add rows, which keep a
dual-feasible basis), 4 the primal; a test solves with both."""


COLUMN_SEED: int | None = None
"""A test hook: HiGHS gets the LP's first columns (the sequences and the ``t_g``) shuffled
in the order of this seed (`LP`), another path to the same refined equilibrium; None keeps
them in order."""


TREMBLES = (1e-5, 1e-7)
"""The perturbations tried by `refine`, largest first: every sequence of the player at least
``eta``. Large enough that the banker's replies at a public state reached only by mistakes
differ by far more than HiGHS's tolerances; the first whose basis is stable is used. (At
1e-6 first, SPANISH's main game is stable at once and solves in a quarter of the pivots,
but its refined tables then move with the dual pricing, by up to 0.29 stakes.)"""


TREMBLE_SPREAD = 1.0
"""The trembles are not all equal: sequence ``k`` at least ``eta (1 + TREMBLE_SPREAD frac(k
phi))`` (`tremble_weights`), a generic perturbation. With every sequence at exactly
``eta``, the perturbed LP is degenerate at a few public states off the path (two of the
player's mistakes weighing exactly alike), and its banker's answer there is any of several,
as HiGHS's path lands."""


REFINE_SCALE = 1000.0
"""The perturbed LP is solved with the player's plans times this (`LP.scale_plans`; every
row but the realization constraints is homogeneous, so the solution scales and the duals
do not): HiGHS's feasibility tolerances are absolute (1e-10), and the banker's replies at a
state reached only by trembles differ by less than that in the LP's own units."""


REFINE_MARGIN = 1e-12
"""In the perturbed LP's loop a public state takes a new cut when the banker's best reply
beats all its cuts (`cut_floor`) by more than this share of their value: every state's best
reply is in the LP before the loop ends, however little the state weighs."""


REFINE_ROUNDING = 1e-15
"""...and by more than this share of the game's scale (the largest of the states' values and
the LP's, about 4.5 ulps): a state the player never reaches has cuts worth 0 give or take the
rounding of sums the size of the game's values, and no cut mends rounding (on deck G a
state's floor of 1.7e-16 against a best reply of 0 took the same cut every round, for ever).
A round that beats the same states at the same value as the last also ends the loop."""


@contextlib.contextmanager
def payoff_scale(scale: float) -> Iterator[None]:
    """`LP_SCALE` is ``scale`` for the LPs built and solved inside (`settemezzo.solve.exact`
    solves with payoffs scaled more, so that HiGHS's absolute tolerances resolve every tie
    its exact answer depends on)."""
    global LP_SCALE
    saved, LP_SCALE = LP_SCALE, scale
    try:
        yield
    finally:
        LP_SCALE = saved


def lp_objective(s: Solver, T: Terminal) -> FloatArray:
    """The LP's objective (to maximise) over the sequences ``x[2i + a]`` (action ``a`` at
    information set ``i``) and the banker's terms ``t_g`` (one per public state): per
    sequence, the value of the hands it finishes at once (bust, a shown 7½, a swap or a
    split valued by its subgame), times the chance of the cards; 1 per ``t_g``.

    A toy game, by hand: the player holds a 5 (``reach`` 1) and may hit once into a deck of
    one figure and one 7; a hit busts with chance 1/2 (-1) or makes 5½ (not finished). Then
    ``c[2·0 + HIT] = 1 · (1/2 · -1) = -1/2`` and ``c[2·0 + STAND] = 0`` (standing finishes
    nothing at once: the banker's reply to it is in ``t_g``).
    """
    game = s.game
    nx = 2 * len(game.infosets)
    c = np.zeros(nx + len(game.publics))
    c[HIT:nx:2] = finished_terms(s, 1, T)
    c[STAND:nx:2] = finished_terms(s, 0, T)
    c[nx:] = 1.0
    return c


def finished_terms(s: Solver, action: int, T: Terminal) -> FloatArray:
    """Per information set, its reach times the sum (in order, from 0) of chance times value
    over its children after ``action`` (``children`` or ``children0``) that finish the hand
    (`finished_sums`)."""
    out: FloatArray = np.array(s.reach, dtype=np.float64) * finished_sums(s, action, T)
    return out


def lp_realization(game: HeadsUpGame) -> tuple[CSR, FloatArray]:
    """The realization-plan constraints ``x(I, STAND) + x(I, HIT) = x(parent sequence)``
    (1 at a first decision), as ``A_eq x = b_eq`` over the columns of `lp_objective`.

    Toy game: a first decision 0 whose hit leads to decision 1 gives the rows
    ``x0 + x1 = 1`` and ``x2 + x3 - x1 = 0``.
    """
    nI = len(game.infosets)
    nx = 2 * nI
    links = np.array([(st.parent, st.parent_action) for st in game.infosets],
                     dtype=np.int64).reshape(nI, 2)
    i = np.arange(nI, dtype=np.int64)
    child = np.flatnonzero(links[:, 0] >= 0)
    rows = np.concatenate([i, i, child])
    cols = np.concatenate([2 * i + STAND, 2 * i + HIT, 2 * links[child, 0] + links[child, 1]])
    vals = np.concatenate([np.ones(2 * nI), np.full(len(child), -1.0)])
    b_eq = (links[:, 0] < 0).astype(np.float64)
    order = np.lexsort((cols, rows))  # row by row, columns in order
    indptr = np.zeros(nI + 1, dtype=np.int64)
    np.cumsum(np.bincount(rows, minlength=nI), out=indptr[1:])
    return CSR(indptr, cols[order], (nI, nx + len(game.publics)), vals[order]), b_eq


class Cuts:
    """The banker's stopping rules generated so far, as cuts of the LP: a rule ``choice``
    at public state ``g`` gives ``t_g <= sum_i coef_i x(i, STAND)`` over the decisions of
    ``g``, with ``coef_i`` the chance of the cards of ``i`` times the stake times the
    player's value of standing there against the rule (times `LP_SCALE`).

    Cuts are kept in batches, each flat over the decisions of its cuts' public states (the
    decisions of public state ``g`` are ``order[start[g]:start[g] + count[g]]``).

    Toy game: one public state where the player stands on 5 with reach 1, and a banker
    who hits below 5 wins with chance 0.6 and loses with 0.4: the cut reads
    ``t_g <= (0.4 - 0.6) x(0, STAND) · LP_SCALE``.
    """

    def __init__(self, s: Solver) -> None:
        self.s = s
        self.G = len(s.game.publics)
        self.nx = 2 * len(s.game.infosets)
        self.reach = np.array(s.reach, dtype=np.float64) * s.stake.astype(np.float64)
        # the stand/hit decisions of each public state, in game order
        play = np.flatnonzero(s.is_play)
        self.order = play[np.argsort(s.group[play], kind="stable")]
        self.count = np.bincount(s.group[play], minlength=self.G)
        self.start = np.concatenate([[0], np.cumsum(self.count)[:-1]]).astype(np.int64)
        J = len(s.game.banker_nodes)
        self.group = np.zeros(0, dtype=np.int64)             # per cut: its public state
        self._policies: list[npt.NDArray[np.int8]] = [np.zeros((0, J), dtype=np.int8)]
        self._batches: list[tuple[npt.NDArray[np.int64], FloatArray]] = []
        self.built = 0                                       # batches already in the LP
        self.blocks: list[ExactBlock] = []                  # the exact states
        self._pending: list[ExactBlock] = []                # blocks not yet in the LP
        self.segments: list[tuple[str, int, int]] = []       # LP rows: (kind, first, count)
        self.n_extra = 0                                     # the blocks' columns
        self.is_exact = np.zeros(self.G, dtype=bool)
        self._replies: GroupedReplies | None = None

    @property
    def replies(self) -> GroupedReplies:
        """The banker's best reply at every public state, asked round after round."""
        if self._replies is None:
            rows = self.s.stand_rows
            assert isinstance(rows, FloatRows)
            self._replies = GroupedReplies(rows, self.s.group, self.G)
        return self._replies

    def members(self, which: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The decisions of the public states ``which``, one after the other."""
        L = self.count[which]
        first = np.repeat(self.start[which] - np.cumsum(L) + L, L)
        out: npt.NDArray[np.int64] = self.order[first + np.arange(int(L.sum()))]
        return out

    def row(self, k: int) -> FloatArray:
        """The coefficients of cut ``k`` over the decisions of its public state."""
        for groups, coef in self._batches:
            if k < len(groups):
                at = int(self.count[groups[:k]].sum())
                out: FloatArray = coef[at:at + self.count[groups[k]]]
                return out
            k -= len(groups)
        raise IndexError(k)

    def add(self, choice: npt.NDArray[np.int8], which: npt.NDArray[np.int64]) -> None:
        """A cut for each public state ``g`` in ``which``: the rule ``choice[g]``."""
        rows = self.s.stand_rows
        assert isinstance(rows, FloatRows)
        members = self.members(which)
        sub = choice[which]
        local = np.repeat(np.arange(len(which)), self.count[which])
        vals = rows.group_values(sub == HIT, sub == BURN, local, members)
        self._append(sub, which, members, vals)

    def add_thresholds(self, ks: Sequence[int] | None = None) -> None:
        """The starting cuts: the banker's rules of thumb (hit below ``k`` half-points,
        `START_THRESHOLDS`) everywhere. A rule of thumb plays alike in every public state,
        so each distinct situation (deck and player's score) is valued once."""
        uniq, inverse = self.s.stand_unique
        nodes = self.s.game.banker_nodes
        which = np.arange(self.G)
        members = self.members(which)
        for k in START_THRESHOLDS if ks is None else ks:
            rule = np.array([int(nd.total < k or not any(nd.counts)) for nd in nodes],
                            dtype=np.int8)
            vals = uniq.values(rule.tolist())[inverse][members]
            self._append(np.broadcast_to(rule, (len(which), len(nodes))), which, members,
                         vals)

    def _append(self, policy: npt.NDArray[np.int8], which: npt.NDArray[np.int64],
                members: npt.NDArray[np.int64], vals: FloatArray) -> None:
        if not len(which):
            return
        self._batches.append((which, self.reach[members] * vals * LP_SCALE))
        self.group = np.concatenate([self.group, which])
        self._policies.append(policy)

    @property
    def policy(self) -> npt.NDArray[np.int8]:
        """Per cut, its rule (cuts x hands), put together when asked (not at every cut)."""
        if len(self._policies) > 1:
            self._policies = [np.concatenate(self._policies)]
        return self._policies[0]

    def sole(self) -> tuple[npt.NDArray[np.int64], FloatArray] | None:
        """While each public state has exactly one cut (the start, `add_thresholds`): the
        decisions of the cuts, one state after the other, and their coefficients; else
        None."""
        if not self.G or len(self.group) != self.G or len(self._batches) != 1:
            return None
        which, coef = self._batches[0]
        return self.members(which), coef

    def exact(self, which: npt.NDArray[np.int64]) -> None:
        """Make the public states ``which`` exact: their banker's whole programme enters the
        LP (`_exact_block`), with new columns after the last ones."""
        rows = self.s.stand_rows
        assert isinstance(rows, FloatRows)
        for g in which.tolist():
            first = self.nx + self.G + self.n_extra
            block = _exact_block(self, rows, int(g), first)
            self.n_extra += len(block.nodes)
            self._pending.append(block)
            self.is_exact[g] = True

    @property
    def n_cols(self) -> int:
        """The LP's columns: sequences, one ``t_g`` per public state, the blocks' values."""
        return self.nx + self.G + self.n_extra

    def new_rows(self) -> CSR:
        """The rows not yet in the LP: the new cuts (`_cut_rows`), then the new exact blocks'
        rows; `segments` records which LP rows are which."""
        parts: list[CSR] = []
        batches = self._batches[self.built:]
        self.built = len(self._batches)
        if batches:
            first = len(self.group) - sum(len(w) for w, _ in batches)
            parts.append(self._cut_rows(batches))
            self.segments.append(("cuts", first, parts[-1].shape[0]))
        for block in self._pending:
            A = block.A
            parts.append(CSR(A.indptr, A.indices, (A.shape[0], self.n_cols), A.data))
            self.segments.append(("block", len(self.blocks), A.shape[0]))
            self.blocks.append(block)
        self._pending = []
        return parts[0] if len(parts) == 1 else CSR.stack(parts, self.n_cols)

    def _cut_rows(self, batches: list[tuple[npt.NDArray[np.int64], FloatArray]]) -> CSR:
        """The rows ``t_g - sum_i coef_i x(i, STAND) <= 0`` of ``batches`` of cuts."""
        nx = self.nx
        which = np.concatenate([w for w, _ in batches])
        coef = np.concatenate([c for _, c in batches])
        L = self.count[which] + 1
        indptr = np.concatenate([[0], np.cumsum(L)])
        is_t = np.zeros(int(indptr[-1]), dtype=bool)
        is_t[indptr[1:] - 1] = True  # each row: its decisions, then t_g
        indices = np.empty(len(is_t), dtype=np.int64)
        data = np.empty(len(is_t))
        indices[is_t] = nx + which
        data[is_t] = 1.0
        indices[~is_t] = 2 * self.members(which) + STAND
        data[~is_t] = -coef
        return CSR(indptr, indices, (len(which), self.n_cols), data)

    def split_duals(self, duals: FloatArray) -> tuple[FloatArray, list[FloatArray]]:
        """The LP's row duals after the equality rows, as the cuts' (in cut order) and each
        exact block's (in its row order)."""
        cut = np.zeros(len(self.group))
        per_block: list[FloatArray] = [np.zeros(0)] * len(self.blocks)
        at = 0
        for kind, first, n in self.segments:
            if kind == "cuts":
                cut[first:first + n] = duals[at:at + n]
            else:
                per_block[first] = duals[at:at + n]
            at += n
        return cut, per_block


@dataclass(frozen=True)
class ExactBlock:
    """A public state ``g`` made exact in the LP: the banker's programme over its hands
    ``nodes`` (those the cards can reach there), a value column ``v_j`` each from column
    ``first`` on, and the rows ``A`` (over the LP's columns so far), which say

    - ``v_j <= sum_i w_i S_j(i) x(i, STAND)`` (standing at ``j``; not for a hand that must
      draw),
    - ``v_j <= sum_i w_i F_j(i) x(i, STAND) + sum of v over the hands one card on``
      (hitting),
    - ``v_j <= v_b`` (burning, to burnt hand ``b``, where the rules allow it),
    - ``t_g <= v_root``,

    with ``S``, ``F`` the banker's stand and finished terms (`FloatRows`) and ``w_i`` each
    decision's chance times stake times `LP_SCALE`. The banker's best reply is the least of
    these: the LP's ``t_g`` is the value of its best programme, exactly as if every
    stopping rule were a cut. ``action`` per row: STAND, HIT, BURN, or -1 (the ``t_g`` row);
    ``local`` per row: its hand's index in ``nodes``. The rows' duals are the banker's flow
    through each hand and action (`block_flows`).

    Toy game (`Cuts`'s, by hand): the empty hand 0 must draw, into hand 1 or a bust (F);
    the player stands on 5 with weight ``w``. Hand 1 stands with ``S_1 = -0.2`` (a banker
    who stops there wins more often than he loses) or hits with ``F_1 = +0.1``: the rows
    ``v_1 <= -0.2 w x``, ``v_1 <= 0.1 w x``, ``v_0 <= F_0 w x + v_1``, ``t_g <= v_0`` give
    ``t_g = (F_0 - 0.2) w x``: the better rule, standing on hand 1, as its cut would.
    """

    g: int
    nodes: npt.NDArray[np.int64]
    first: int
    local: npt.NDArray[np.int64]
    action: npt.NDArray[np.int64]
    A: sparse.csr_matrix


def _exact_block(cuts: Cuts, rows: FloatRows, g: int, first: int) -> ExactBlock:
    """The `ExactBlock` of public state ``g``, its columns from ``first`` on."""
    members = cuts.members(np.array([g], dtype=np.int64))
    u = rows.inv[members]
    w = cuts.reach[members] * LP_SCALE
    keep = np.flatnonzero((rows.P[:, u] > 0).any(axis=1))
    col = np.full(len(rows.nodes), -1, dtype=np.int64)
    col[keep] = first + np.arange(len(keep))
    xs = 2 * members + STAND
    r_i: list[int] = []
    c_i: list[int] = []
    vals: list[float] = []
    local: list[int] = []
    action: list[int] = []

    def row(a: int, act: int, coef: FloatArray | None, more: list[tuple[int, float]]) -> None:
        n = len(action)
        local.append(a)
        action.append(act)
        for c, v in more:
            r_i.append(n)
            c_i.append(c)
            vals.append(v)
        if coef is not None:
            nz = np.flatnonzero(coef)
            r_i.extend([n] * len(nz))
            c_i.extend(xs[nz].tolist())
            vals.extend((-coef[nz]).tolist())

    for a, j in enumerate(keep.tolist()):
        nd = rows.nodes[j]
        if any(nd.counts):
            row(a, int(STAND), rows.S[j, u] * w, [(int(col[j]), 1.0)])
        kids = [(int(col[j2]), -1.0) for _pos, j2, _ in nd.children if j2 >= 0 and col[j2] >= 0]
        row(a, int(HIT), rows.F[j, u] * w, [(int(col[j]), 1.0), *kids])
        if nd.burn_child >= 0 and any(nd.counts) and col[nd.burn_child] >= 0:
            row(a, int(BURN), None, [(int(col[j]), 1.0), (int(col[nd.burn_child]), -1.0)])
    row(0, -1, None, [(cuts.nx + g, 1.0), (int(col[0]), -1.0)])
    A = sparse.csr_matrix((vals, (r_i, c_i)), shape=(len(action), first + len(keep)))
    return ExactBlock(g, keep, first, np.array(local, dtype=np.int64),
                       np.array(action, dtype=np.int64), A)


@dataclass(frozen=True)
class LPSolution:
    """The cutting-plane loop's last LP solution: sequences ``x``, the HiGHS result, the
    rounds it took, the LP's value (the player's, unscaled, plus the constant part) and the
    LP itself (for `polish`)."""

    x: FloatArray
    res: LPResult
    rounds: int
    lp_value: float
    lp: LP
    const: float
    tremble: float = 0.0  # the perturbation of the refined solution's duals (0: none)
    x_tremble: FloatArray | None = None  # the perturbed LP's columns (the trembling player)
    x_first: FloatArray | None = None  # ...at the first tremble: the same eta on every path


def master_lp(s: Solver, c: FloatArray, cuts: Cuts) -> LP:
    """The restricted program before any cut: maximise ``c.x + sum_g t_g`` (as a minimum of
    minus that, payoffs times `LP_SCALE`) over the realization plans ``x >= 0``
    (`lp_realization`), with every ``t_g`` free until the cuts bound it.

    Values enter the LP scaled by `LP_SCALE`: HiGHS's tolerances are absolute, so this buys
    precision on the payoff side (the realization constraints are not scaled).

    Toy game (`lp_objective`'s): costs ``[-0 · 1000, 1/2 · 1000, -1]`` for
    ``x(0, STAND), x(0, HIT), t_0``.
    """
    nx, G = cuts.nx, cuts.G
    cost = -c * LP_SCALE
    cost[nx:] = -1.0
    A_eq, b_eq = lp_realization(s.game)
    lo = np.concatenate([np.zeros(nx), np.full(G, -np.inf)])
    return LP(cost, A_eq, b_eq, lo, np.full(nx + G, np.inf))


def cutting_planes(s: Solver, c: FloatArray, const: float, cuts: Cuts, tol: float,
                    max_rounds: int) -> LPSolution:
    """Solve the restricted LP, add the banker's best reply at each public state whose
    ``t_g`` it beats, and repeat until none does (or the gap to the player's guaranteed
    value is below ``tol``). The first round starts from its optimal basis, known in advance
    (`first_basis`); each later round restarts HiGHS from the last basis (warm start);
    the last round is then solved afresh, without the warm start's drift, and checked like
    any other (`ALWAYS_POLISH`; without it `equilibrium` does so (`polish`) only if the
    certificate of the warm-started answer is not tight enough).
    """
    G = cuts.G
    if not cuts.built:
        cuts.add_thresholds()
    lp = master_lp(s, c, cuts)
    lp.add_rows(cuts.new_rows(), cuts.n_cols)
    sole = cuts.sole()
    if sole is not None:  # one cut per state: the first LP's answer is known
        lp.set_basis(first_basis(s.game, c, *sole, G))
    return cut_loop(s, c, const, cuts, lp, tol, max_rounds, 0)


def cut_loop(s: Solver, c: FloatArray, const: float, cuts: Cuts, lp: LP, tol: float,
             max_rounds: int, rounds: int, every: bool = False) -> LPSolution:
    """`cutting_planes`'s rounds on ``lp`` as it stands (its bounds and cuts so far), from
    round ``rounds + 1`` on, warm-started from its last basis. ``every`` (`refine`'s
    perturbed LP): go on until no public state's best reply beats its cuts (`REFINE_MARGIN`),
    whatever the gap."""
    nx, G = cuts.nx, cuts.G
    previous, cold, first = np.inf, False, rounds + 1
    streak = np.zeros(G, dtype=np.int64)
    beaten = np.zeros(0, dtype=np.int64)
    while True:
        rounds += 1
        lp.add_rows(cuts.new_rows(), cuts.n_cols)
        res = lp.solve(rounds, cold=cold)
        x = res.x[:nx]
        lp_value = -res.fun / LP_SCALE + const
        weights = cuts.reach * np.maximum(x[0::2], 0.0) * s.is_play
        Gv, decisions = cuts.replies(weights)
        # (an elementwise sum, not ``c @ x``: a BLAS dot wakes OpenBLAS's threads, which then
        # spin for a while; a seventh of SPANISH's CPU time, stolen from anything else running)
        lower = float(np.multiply(c[:nx], x).sum() + Gv.sum()) + const
        if every:
            viol = _beaten(Gv, cut_floor(cuts, x), lp_value)
        else:
            viol = np.flatnonzero(Gv < res.x[nx:nx + G] / LP_SCALE - 1e-12)
        viol = viol[~cuts.is_exact[viol]]  # an exact state's t_g is its best reply already
        stalled = previous - lp_value < 1e-13 and lp_value - lower < 100 * tol
        if every:  # the same cuts beaten at the same point: the last ones changed nothing
            stalled = lp_value == previous and np.array_equal(viol, beaten)
            beaten = viol
        if len(viol) == 0 or stalled or (not every and lp_value - lower <= tol):
            # (a stall is floating-point noise; the certificate measures it)
            if cold or rounds == first or not ALWAYS_POLISH:
                return LPSolution(x, res, rounds, lp_value, lp, const)
            cold = True  # solve the last round afresh, and check it like any other
            continue
        if rounds >= max_rounds:
            raise SolverError(f"no convergence after {max_rounds} LP rounds "
                              f"(gap {lp_value - lower:.3g})")
        cold, previous = False, lp_value
        streak = _streaks(streak, viol)
        ripe = (streak[viol] >= EXACT_STREAK) & (len(viol) <= EXACT_MAX_STATES) \
            & (len(s.game.infosets) >= EXACT_MIN_DECISIONS)
        if ripe.any():
            cuts.exact(viol[ripe])
        if not ripe.all():
            cuts.add(decisions, viol[~ripe])


def refine(s: Solver, c: FloatArray, const: float, cuts: Cuts, sol: LPSolution, tol: float,
           max_rounds: int) -> LPSolution:
    """The refined equilibrium from the plain one ``sol``: the LP solved again with every
    player's sequence at least ``eta`` times its weight (`TREMBLES`, from the largest;
    `tremble_weights`), on plans times `REFINE_SCALE`, its banker's best replies added as
    cuts until none beats a state's cuts (`cut_loop` with ``every``), then with the bounds
    back at 0 from the perturbed LP's last basis. The basis is stable when it stays optimal
    as the perturbation vanishes: HiGHS then takes no pivot at 0. The answer carries the
    perturbed LP's duals (the banker's best replies to the trembling player at every public
    state), its ``x`` (the trembling player) and the limit ``x`` (the player's equilibrium),
    unscaled; with no stable ``eta``, the last one tried. It also carries the trembling
    player of the first ``eta``, which every solve path computes.
    """
    lp, nx = sol.lp, cuts.nx
    rounds, out = sol.rounds, sol
    R = REFINE_SCALE
    lp.scale_plans(R)
    first = None
    for eta in TREMBLES:
        lp.set_lower(R * eta * tremble_weights(nx))
        per = cut_loop(s, c, R * const, cuts, lp, tol, max_rounds, rounds, every=True)
        # (the player's values are R times the game's there: only the cuts and duals are read)
        first = per.res.x / R if first is None else first
        lp.set_lower(np.zeros(nx))
        limit = lp.solve(per.rounds + 1)
        rounds = per.rounds + 1
        res = LPResult(limit.x / R, limit.fun / R, per.res.cut_duals, limit.pivots)
        out = LPSolution(res.x[:nx], res, rounds, -res.fun / LP_SCALE + const, lp, const,
                         eta, per.res.x / R, first)
        if limit.pivots == 0:
            break
    lp.scale_plans(1.0)
    return out


def _beaten(best: FloatArray, floor: FloatArray, value: float) -> npt.NDArray[np.int64]:
    """The public states whose banker's best reply ``best`` beats all their cuts ``floor``
    by more than rounding (`REFINE_MARGIN`; `REFINE_ROUNDING` of the largest of the states'
    values and the LP's ``value``)."""
    finite = np.abs(floor[np.isfinite(floor)])
    scale = max(float(finite.max()) if len(finite) else 0.0, abs(value))
    margin = REFINE_MARGIN * np.abs(floor) + REFINE_ROUNDING * scale
    return np.flatnonzero(best < floor - margin)


def cut_floor(cuts: Cuts, x: FloatArray) -> FloatArray:
    """Per public state, the least of its cuts' values at the sequences ``x`` (unscaled; inf
    where it has none), computed here rather than read off HiGHS's ``t_g``, which honours
    a cut only to HiGHS's tolerance."""
    out = np.full(cuts.G, np.inf)
    xs = x[0::2]
    for which, coef in cuts._batches:
        members = cuts.members(which)
        L = cuts.count[which]
        prod = coef * xs[members]
        starts = np.concatenate([[0], np.cumsum(L)[:-1]])
        vals = np.add.reduceat(prod, starts) if len(prod) else np.zeros(len(which))
        vals[L == 0] = 0.0
        np.minimum.at(out, which, vals / LP_SCALE)
    return out


def tremble_weights(n: int, spread: float = TREMBLE_SPREAD) -> FloatArray:
    """The least weight of each of the ``n`` sequences, per unit of ``eta``: ``1 + spread
    frac(k phi)`` for sequence ``k`` (from 1, in the game's order; ``phi`` the golden
    ratio's fractional part), distinct and spread evenly over [1, 1 + spread)
    (`TREMBLE_SPREAD`). Any list of generic weights is one of these."""
    golden = (5 ** 0.5 - 1) / 2
    w: FloatArray = 1.0 + spread * ((np.arange(1, n + 1, dtype=np.float64) * golden) % 1.0)
    return w


def first_basis(game: HeadsUpGame, c: FloatArray, members: npt.NDArray[np.int64],
                 coef: FloatArray, G: int) -> npt.NDArray[np.int64]:
    """The optimal basis of the first LP, where each public state has one cut (the rule of
    thumb): then ``t_g`` is that cut, linear in ``x``, and the LP is the player's best
    reply to the rule of thumb, found here by backward induction instead of thousands of
    simplex pivots. ``c``: the LP's objective (`lp_objective`); ``members``, ``coef``: the
    decisions of the cuts and their coefficients (`Cuts.sole`); ``G`` public states.
    Returns the basic columns: at each decision the better action's sequence, and every
    ``t_g``; every row is at its bound (the equality rows, and each state's one cut).

    Why it is a basis: each decision has one basic sequence, so the realization rows are
    triangular in them; each ``t_g`` is fixed by its cut. Why it is optimal: the realization
    rows' duals are the decisions' values, so the other action's reduced cost is the
    difference of the two actions' values, never in favour of the action left out.

    Toy game (`lp_objective`'s, with the cut of `Cuts`'s toy: standing worth
    ``(0.4 - 0.6) · 1000``): hitting is worth ``-1/2 · 1000``, standing ``-0.2 · 1000``:
    the basic columns are ``x(0, STAND)`` and ``t_0``.
    """
    nI = len(game.infosets)
    nx = 2 * nI
    gain = c[:nx] * LP_SCALE  # what the player gains, as the LP counts it (`master_lp`)
    gain[2 * members + STAND] += coef  # t_g folded into the sequences' gain
    val = gain.reshape(nI, 2)
    parent = np.array([st.parent for st in game.infosets], dtype=np.int64)
    action = np.array([st.parent_action for st in game.infosets], dtype=np.int64)
    best = np.zeros(nI, dtype=np.int64)
    for level in _levels(parent)[::-1]:  # the deepest decisions first
        b = (val[level, 1] > val[level, 0]).astype(np.int64)
        best[level] = b
        has = parent[level] >= 0
        np.add.at(val, (parent[level][has], action[level][has]), val[level, b][has])
    return np.concatenate([2 * np.arange(nI) + best, nx + np.arange(G)])


def _levels(parent: npt.NDArray[np.int64]) -> list[npt.NDArray[np.int64]]:
    """The decisions by depth (first decisions at depth 0), each a parent's child."""
    depth = np.zeros(len(parent), dtype=np.int64)
    has = np.flatnonzero(parent >= 0)
    while True:
        new = depth[parent[has]] + 1
        if np.array_equal(new, depth[has]):
            break
        depth[has] = new
    order = np.argsort(depth, kind="stable")
    return np.split(order, np.flatnonzero(np.diff(depth[order])) + 1)


def _streaks(streak: npt.NDArray[np.int64], beaten: npt.NDArray[np.int64]
             ) -> npt.NDArray[np.int64]:
    """Per public state, the rounds in a row that the banker's best reply beat its ``t_g``,
    this round's ``beaten`` states included (the others back to 0)."""
    out = np.zeros_like(streak)
    out[beaten] = streak[beaten] + 1
    return out


def polish(sol: LPSolution) -> LPSolution:
    """The last round's LP solved afresh (no warm start, so none of its drift)."""
    res = sol.lp.solve(sol.rounds + 1, cold=True)
    nx = len(sol.x)
    return LPSolution(res.x[:nx], res, sol.rounds + 1, -res.fun / LP_SCALE + sol.const,
                       sol.lp, sol.const)


_STDOUT_LOCK = threading.Lock()


@contextlib.contextmanager
def _quiet_stdout() -> Iterator[None]:
    """Silence what C code writes to the process's standard output (file descriptor 1); one
    thread at a time (another's would save the silenced descriptor and leave it so)."""
    with _STDOUT_LOCK:
        sys.stdout.flush()
        try:
            saved = os.dup(1)
        except OSError:  # no real descriptor 1 (some embedded interpreters): nothing to silence
            yield
            return
        try:
            with open(os.devnull, "w") as null:
                os.dup2(null.fileno(), 1)
                yield
        finally:
            os.dup2(saved, 1)
            os.close(saved)


@dataclass
class LPResult:
    x: FloatArray
    fun: float
    cut_duals: FloatArray     # duals of the cut rows (the equality rows come first)
    pivots: int = 0           # the simplex iterations of the solve


class LP:
    """min c.x subject to A_eq x = b_eq, cuts A x <= 0, lo <= x <= hi; on HiGHS (highspy).

    Rows are added between solves and HiGHS restarts its dual simplex from the previous
    basis, so each round costs a few pivots rather than a fresh solve. The model status is
    checked after every solve.
    """

    def __init__(self, c: FloatArray, A_eq: CSR, b_eq: FloatArray,
                 lo: FloatArray, hi: FloatArray) -> None:
        import highspy

        self.hs = highspy
        with _quiet_stdout():  # HiGHS prints a banner on construction, before any option
            h = highspy.Highs()  # type: ignore[no-untyped-call]
        h.setOptionValue("output_flag", False)
        h.setOptionValue("primal_feasibility_tolerance", 1e-10)
        h.setOptionValue("dual_feasibility_tolerance", 1e-10)
        h.setOptionValue("presolve", "off")  # costs more than it saves on these programmes
        h.setOptionValue("simplex_dual_edge_weight_strategy", DUAL_PRICING)
        h.setOptionValue("simplex_strategy", SIMPLEX_STRATEGY)
        inf = highspy.kHighsInf
        n = len(c)
        self.order = np.arange(n) if COLUMN_SEED is None else \
            np.random.default_rng(COLUMN_SEED).permutation(n)  # HiGHS's column k: ours order[k]
        self.pos = np.argsort(self.order)  # our column j: HiGHS's pos[j]
        o = self.order
        h.addVars(n, np.maximum(lo[o], -inf), np.minimum(hi[o], inf))
        h.changeColsCost(n, np.arange(n, dtype=np.int32), c[o])
        self.h = h
        self.inf = inf
        self.n_eq = A_eq.shape[0]
        self.b_eq = b_eq
        self._add(A_eq, b_eq, b_eq)

    def _col(self, j: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.int32]:
        """HiGHS's columns of our columns ``j`` (the later ones, after the first, in order)."""
        j = np.asarray(j, dtype=np.int64)
        n = len(self.pos)
        return np.where(j < n, self.pos[np.minimum(j, n - 1)], j).astype(np.int32)

    def _add(self, A: CSR, lo: FloatArray, hi: FloatArray) -> None:
        if A.shape[0]:
            self.h.addRows(A.shape[0], lo, hi, A.nnz, A.indptr[:-1].astype(np.int32),
                           self._col(A.indices), A.data)

    def add_rows(self, A: CSR, n_cols: int) -> None:
        """Rows ``A x <= 0``, after widening the LP to ``n_cols`` columns (the new ones free,
        costing nothing)."""
        more = n_cols - self.h.getNumCol()
        if more > 0:
            self.h.addVars(more, np.full(more, -self.inf), np.full(more, self.inf))
        n = A.shape[0]
        self._add(A, np.full(n, -self.inf), np.zeros(n))

    def set_basis(self, basic: npt.NDArray[np.int64]) -> None:
        """Start from the basis with the columns ``basic`` basic (one per row), every other
        column at its lower bound and every row at its bound: an equality row at its value,
        a cut at its upper bound 0."""
        st = self.hs.HighsBasisStatus
        h = self.h
        pick = np.zeros(h.getNumCol(), dtype=np.intp)
        pick[basic] = 1  # the status of every column at once, as a list of the same objects
        n = len(self.order)
        pick[:n] = pick[:n][self.order]
        col = np.array([st.kLower, st.kBasic], dtype=object)[pick].tolist()
        basis = self.hs.HighsBasis()
        basis.col_status = col
        basis.row_status = [st.kLower] * self.n_eq + [st.kUpper] * (h.getNumRow() - self.n_eq)
        basis.valid = True
        if h.setBasis(basis) != self.hs.HighsStatus.kOk:
            raise SolverError("HiGHS refused the starting basis")

    def solve(self, round_: int, cold: bool = False) -> LPResult:
        h = self.h
        if cold:
            h.clearSolver()
        h.run()
        status = h.getModelStatus()
        if status != self.hs.HighsModelStatus.kOptimal:
            raise SolverError(f"HiGHS failed on LP round {round_}: "
                              f"{h.modelStatusToString(status)}")
        sol = h.getSolution()
        info = h.getInfo()
        duals = np.array(sol.row_dual)[self.n_eq:]
        x = np.array(sol.col_value)
        x[:len(self.pos)] = x[self.pos]
        return LPResult(x, float(info.objective_function_value), duals,
                        int(info.simplex_iteration_count))

    def basis(self) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        """The last solve's basis: which columns are basic, and which rows (a basic row's
        slack is basic: the row need not hold with equality)."""
        b = self.h.getBasis()
        basic = self.hs.HighsBasisStatus.kBasic
        return (np.array([s == basic for s in b.col_status], dtype=bool),
                np.array([s == basic for s in b.row_status], dtype=bool))

    def scale_plans(self, k: float) -> None:
        """The realization constraints' right-hand sides times ``k`` (1: as built): every
        other row is homogeneous, so the whole primal solution scales by ``k`` and the
        duals do not move."""
        b = self.b_eq * k
        self.h.changeRowsBounds(  # type: ignore[attr-defined]
            self.n_eq, np.arange(self.n_eq, dtype=np.int32), b, b)

    def set_lower(self, lo: FloatArray) -> None:
        """Lower bounds ``lo`` on the first ``len(lo)`` columns (the sequences); the upper
        bounds stay infinite."""
        n = len(lo)
        cols = self._col(np.arange(n))
        by = np.argsort(cols)
        self.h.changeColsBounds(n, cols[by], lo[by], np.full(n, self.inf))

