"""Policy evaluation, best responses and the equilibrium of the heads-up game.

Values are the **player's** expected gain per hand: per unit stake when the stake is fixed,
in chips when it is chosen after the first card (Spanish) or a split adds a hand; the
banker's edge is minus the value per unit of the player's expected stake (`expected_stake`).

- `evaluate` gives the exact `Fraction` value of a pair of fixed policies (threshold rules,
  best responses, the omniscient banker); with an equilibrium strategy in the pair it is a
  float.
- `best_response` gives the exact value and policy of the best reply to a fixed policy.
- `equilibrium` solves the game by the sequence-form linear program of Koller, Megiddo and
  von Stengel (1996) on HiGHS (highspy), and proves the answer with a certificate: the exact
  values of both sides' best responses to the strategies found, which bracket the game value.

**The banker's side of the LP.** The banker moves last, and what it knows when it moves is
the public state ``u`` (the player's face-up cards in order, and that the player stood) plus
its own cards. Its own cards enter by multiset (`settemezzo.game`): a banker policy at ``u``
is a stopping rule on multisets. The KMvS program is solved with the banker's side
generated lazily: the banker's best reply at each public state is added as a constraint
``t_u <= sum_h w(h, u) c_h(policy)`` until no public state has a better reply (a cutting-plane
form of the same LP: the restricted program's dual is the banker's mixture over the
generated stopping rules). The LP duals of those constraints are the banker's equilibrium
mixture at each public state.

Against a player's 7½ the banker has seen the whole hand, so it plays with full information:
it simply maximises its own result there (in the equilibrium, the omniscient banker and the
banker's best response), while a ``threshold:K`` banker follows its rule even then.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property, lru_cache
from itertools import pairwise
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt
from scipy import sparse

from settemezzo import policy
from settemezzo.cards import Kind, Unseen
from settemezzo.game import (
    HIT,
    MODELLED_HANDS,
    SPLIT,
    STAND,
    SWAP,
    Action,
    BankerNode,
    Child,
    HeadsUpGame,
    Restriction,
    gc_paused,
    heads_up,
    restriction_codes,
    with_card,
)
from settemezzo.hands import BUST, PAIR_OF_SEVENS, settle
from settemezzo.rules import ITALIAN, Rules, RulesError

if TYPE_CHECKING:
    from settemezzo import banker_dp

__all__ = [
    "BankerStrategy",
    "BestResponse",
    "Equilibrium",
    "PlayerStrategy",
    "SolverError",
    "banker_policy",
    "best_response",
    "equilibrium",
    "evaluate",
    "expected_stake",
    "player_policy",
]

LP_SCALE = 1000.0
"""Payoffs are multiplied by this in the equilibrium LP (see `equilibrium`)."""

CERTIFICATE_LIMIT = 1e-7
"""`equilibrium` raises `SolverError` rather than return a certificate wider than this."""

CERTIFICATE_TARGET = 1e-9
"""Without `ALWAYS_POLISH`, `equilibrium` solves the LP's last round afresh, without the warm
start's drift, only when the certificate of its first answer is wider than this."""

ALWAYS_POLISH = False
"""Solve the LP's last round afresh always, not only when the certificate asks for it. The
warm-started answer is certified like any other and comes out the same in every run (HiGHS's
dual simplex is deterministic); solving afresh cost a fifth of a solve (0.8 s under SPANISH)
and picked another equilibrium off the path of play, no better. The shipped results
(`settemezzo.precomputed`, ``data/``) are computed with the settings here: a change of
`ALWAYS_POLISH`, `START_THRESHOLDS`, the first LP's basis (`_first_basis`) or the LP's
options (`DUAL_PRICING`) picks other equilibria off the path
(the same value within the certificate), so they must then be regenerated (``make
precomputed data``)."""

RULE_OF_THUMB = 10
"""The banker's rule of thumb, in half-points: hit below 5 (``threshold:5``). The LP starts
from it (`START_THRESHOLDS`), and a public state where the player never stands may be played
by it (`_mixture_to_behaviour`: any rule does there)."""

START_THRESHOLDS = (RULE_OF_THUMB,)
"""The banker's rules of thumb (hit below K half-points) that are the LP's starting cuts:
"hit below 5" alone. Measured (CPU, LP only): ITALIAN 0.34 s in 14 rounds against 0.48 s in
12 with (9, 10, 11, 12); a smaller first LP saves more than the two rounds more cost."""

EXACT_STREAK = 3
"""A public state whose ``t_g`` the banker's best reply beats this many rounds in a row, in a
round where few states are beaten (`EXACT_MAX_STATES`), becomes exact in the LP
(`_Cuts.exact`): the banker's whole programme there instead of one more stopping rule a
round. SPANISH's first public state at the top stake took a new rule a round for 14 rounds;
with two more states made exact beside it, SPANISH's main LP takes 4 rounds instead of 23
(12 with that one state alone). Making many states exact slows HiGHS a lot (tried: any state
with six cuts: ITALIAN 0.8 -> 3.6 s, burn=4 3.5 -> 52 s); a few are cheap."""

EXACT_MAX_STATES = 4
"""`EXACT_STREAK` applies only in a round where at most this many states are beaten: the tail
of the cutting planes, where the same few states take a rule a round."""

EXACT_MIN_DECISIONS = 20_000
"""`EXACT_STREAK` applies to games with at least this many player decisions, where a round of
the LP costs a tenth of a second (SPANISH's main game: 35,140). In the small games after a
swap a round costs milliseconds and an exact state saves nothing (measured: swap_hidden's 20
made exact cost more than they saved)."""

DUAL_PRICING = 0
"""HiGHS's pricing in the dual simplex (``simplex_dual_edge_weight_strategy``): 0 Dantzig's,
the largest infeasibility. Its default, dual steepest edge, takes fewer pivots but computes
a weight for every row added, and the cutting planes add hundreds of cuts a round: burn=3,4's
LP took 1.5 s in 5,968 pivots, 0.9 s in 6,303 with Dantzig's (burn=3,4 2.7 -> 2.3 s of CPU
in all, burn=4 1.2 -> 1.0, at best of five; SPANISH the same)."""

BURN = Action.BURN
"""The banker's third choice under the ``burn`` variant (after STAND 0 and HIT 1)."""

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
Value = Fraction | float


class SolverError(RuntimeError):
    """The LP solver failed or its answer could not be certified."""


# =============================================================================================
# Strategies
# =============================================================================================


@dataclass(frozen=True)
class PlayerStrategy:
    """A player strategy: the chance of hitting at each information set (game order).

    ``hit`` holds 0/1 ints for a pure policy (exact), floats for a mixed one. Under
    ``swap_hidden`` ``sub`` holds the strategy of each subgame after a swap, by
    `subgame_key` (a rule of thumb, which never swaps, needs none).
    """

    name: str
    hit: tuple[Any, ...]
    sub: Any = None  # dict: subgame key -> PlayerStrategy

    @property
    def exact(self) -> bool:
        return all(isinstance(p, int | Fraction) for p in self.hit)

    def hit_probability(self, game: HeadsUpGame, hole: Any, up: Sequence[Any] = ()) -> Any:
        """The chance of hitting with face-down ``hole`` and face-up ``up`` (Kinds)."""
        return self.hit[game.infoset(hole, tuple(up)).index]


@dataclass(frozen=True)
class BankerStrategy:
    """A banker strategy.

    - ``kind="threshold"``: hit while the total is below ``k`` half-points, always.
    - ``kind="omniscient"``: sees the player's face-down card and plays the best reply to it.
    - ``kind="behavioural"``: ``hit[g][j]`` is the chance of hitting holding banker hand
      ``j`` (a `BankerNode`) in public state ``g`` after the player stood; against a shown
      7½ it plays its best (it has seen everything).
    """

    name: str
    kind: Literal["threshold", "omniscient", "behavioural"]
    k: int = 0
    hit: Any = None  # array (n_publics, n_nodes) for "behavioural"
    burn: Any = None  # same shape: the chance of burning (``burn`` variant), or None
    sub: Any = None   # dict: subgame key -> BankerStrategy after a swap (behavioural only)

    @property
    def exact(self) -> bool:
        return self.kind != "behavioural" or self.hit.dtype == object


def player_policy(name: str, game: HeadsUpGame) -> PlayerStrategy:
    """``threshold:K`` (hit below K points, e.g. ``threshold:5.5``) as a `PlayerStrategy`.

    A rule of thumb has no other choices: it never burns and stakes the minimum; it never
    splits or swaps unless named with ``,split`` or ``,swap`` (``threshold:5,split``).
    """
    p = policy.parse(name, ("threshold:K",), ("split", "swap"), who="player")
    # ",split": split two first figures (then hit below K on each hand); ",swap": swap
    # the face-down card on every hit (settemezzo.simulate's players of the same names)
    take = {"split": p.split, "swap": p.swap}
    return PlayerStrategy(p.name, tuple(
        int((s.kind == "play" and s.total < p.k) or take.get(s.kind, False))
        for s in game.infosets))


def banker_policy(name: str, game: HeadsUpGame) -> BankerStrategy:
    """``threshold:K`` or ``omniscient`` as a `BankerStrategy`."""
    p = policy.parse(name, ("threshold:K", "omniscient"), (), who="banker")
    if p.kind == "omniscient":
        return BankerStrategy("omniscient", "omniscient")
    return BankerStrategy(p.name, "threshold", k=p.k)



# =============================================================================================
# The banker's dynamic programme over its own cards, for many player situations at once
# =============================================================================================


class _RowBatch:
    """A batch of *rows* the banker faces: per row, the deck left (counts per kind, ``decks``)
    and the player's score (``pscore``); the banker hands are the game's ``nodes``. The
    shared part of `_BankerRows` (exact) and `_FloatRows` (floats)."""

    def __init__(self, game: HeadsUpGame, decks: npt.NDArray[np.int64],
                 pscore: npt.NDArray[np.int64]) -> None:
        self.game = game
        self.B = len(pscore)
        self.decks = decks
        self.pscore = pscore
        self.nodes = game.banker_nodes


class _BankerRows(_RowBatch):
    """Exact banker play for a batch of *rows*; a row is a player situation the banker faces
    (`_FloatRows` is the same in floats).

    Row ``r`` has its own unseen deck (counts per kind), the player's score, and a public
    state. ``P[j][r]`` is the chance of the banker being dealt one given ordering of banker
    hand ``j`` from row ``r``'s deck (the same for every ordering), in Python integers scaled
    by ``scale[r]``, the product ``N_r (N_r - 1) ... (N_r - depth + 1)`` of the row's deck
    sizes, so that every division is exact; values come back as `Fraction`.
    """

    exact = True

    def __init__(self, game: HeadsUpGame, decks: npt.NDArray[np.int64],
                 pscore: npt.NDArray[np.int64],
                 measure: Literal["value", "win"] = "value") -> None:
        super().__init__(game, decks, pscore)
        n = decks.sum(axis=1)
        depth = max(nd.size for nd in self.nodes) + 1
        self.table = _settle_table(game, True, measure)
        scale = [1] * self.B
        for r in range(self.B):
            s = 1
            for t in range(depth):
                s *= int(n[r]) - t
            scale[r] = s
        self.scale = np.array(scale, dtype=object)
        P: list[Any] = [None] * len(self.nodes)
        P[0] = self.scale.copy()
        self._den = [np.array([int(x) - t for x in n], dtype=object) for t in range(depth)]
        self.P = P
        self._stand_cache: dict[int, Any] = {}
        self._finished_cache: dict[int, Any] = {}
        for j, nd in enumerate(self.nodes):
            for pos, j2, _ in nd.children:
                if j2 >= 0 and P[j2] is None:
                    P[j2] = self.draw(j, pos)
            if nd.burn_child >= 0 and P[nd.burn_child] is None:
                P[nd.burn_child] = P[j]  # burning draws nothing: the card was already dealt

    def draw(self, j: int, pos: int) -> Any:
        """P[j] times the chance of drawing kind ``pos`` next (scaled)."""
        nd = self.nodes[j]
        left = np.maximum(self.decks[:, pos] - nd.drawn[pos], 0)
        return self.P[j] * left.astype(object) // self._den[nd.size]

    def stand(self, j: int) -> Any:
        """Stand contributions at banker hand ``j`` (player's payoff times P); cached."""
        out = self._stand_cache.get(j)
        if out is None:
            out = self._stand_cache[j] = self.P[j] * self.table[self.pscore,
                                                                self.nodes[j].score]
        return out

    def finished(self, j: int) -> Any:
        """Contributions of the finished hands one card after ``j`` (bust, 7½...); cached."""
        out = self._finished_cache.get(j)
        if out is None:
            out = self.P[j] * 0
            for pos, j2, sc in self.nodes[j].children:
                if j2 < 0:
                    out = out + self.draw(j, pos) * self.table[self.pscore, sc]
            self._finished_cache[j] = out
        return out

    def best_decisions(self) -> tuple[list[Any], list[Any]]:
        """The per-row best banker reply (full information): per-row 0/1 hit and burn."""
        hit: list[Any] = [0] * len(self.nodes)
        burn: list[Any] = [0] * len(self.nodes)
        self.values(None, "min", (hit, burn))
        return hit, burn

    def values(self, hit: Any, mode: Literal["fixed", "min"] = "fixed",
               decisions: tuple[list[Any], list[Any]] | None = None,
               burn: Any = None, cols: npt.NDArray[np.int64] | None = None) -> Any:
        """Per-row values (player's payoff) for banker chances of hitting ``hit[j]`` and of
        burning ``burn[j]`` (scalars or per-row arrays), or for the per-row best banker reply
        (``min``), whose choices are written into ``decisions`` (hit, burn) when given.
        """
        if cols is not None:
            raise SolverError("a subset of rows is for float mode")
        V: list[Any] = [None] * len(self.nodes)
        for j in range(len(self.nodes) - 1, -1, -1):
            nd = self.nodes[j]
            h = self.finished(j)
            for _pos, j2, _ in nd.children:
                if j2 >= 0:
                    h = h + V[j2]
            if not any(nd.counts):  # an empty hand must draw
                V[j] = h
                continue
            s = self.stand(j)
            vb = V[nd.burn_child] if nd.burn_child >= 0 else None
            if mode == "min":
                best = np.minimum(s, h)
                if decisions is not None:
                    decisions[0][j] = (h < s).astype(np.int64)
                if vb is not None:
                    burn_best = vb < best
                    if decisions is not None:
                        decisions[1][j] = burn_best.astype(np.int64)
                        decisions[0][j] = decisions[0][j] * (1 - decisions[1][j])
                    best = np.minimum(best, vb)
                V[j] = best
            else:
                V[j] = s + (h - s) * hit[j]
                if vb is not None and burn is not None:
                    V[j] = V[j] + (vb - s) * burn[j]
        return np.array([Fraction(int(a), int(s)) for a, s in zip(V[0], self.scale,
                                                                  strict=True)], dtype=object)

    def grouped_best(self, weights: Any, group: npt.NDArray[np.int64],
                     n_groups: int) -> tuple[Any, npt.NDArray[np.int8]]:
        """The banker's best reply per group (public state), rows weighted by ``weights``
        (integers: the chance of reaching each row and standing, scaled).

        Returns the group values (sum of weight times payoff under the best reply) and the
        decisions ``choice[g, j]``: 0 stand, 1 hit, 2 burn. Every row of a group must share
        its scale (the same number of cards left), as the rows of one public state do; the
        group values are then scaled by that common factor.
        """
        choice = np.zeros((n_groups, len(self.nodes)), dtype=np.int8)
        G: list[Any] = [None] * len(self.nodes)
        order = np.argsort(group, kind="stable")
        gs = group[order]
        starts = np.flatnonzero(np.r_[True, gs[1:] != gs[:-1]]) if len(gs) else gs
        present = gs[starts] if len(gs) else gs

        def gsum(v: Any) -> Any:
            out = np.zeros(n_groups, dtype=object)
            if len(gs):
                out[present] = np.add.reduceat((weights * v)[order], starts)
            return out

        for j in range(len(self.nodes) - 1, -1, -1):
            nd = self.nodes[j]
            h = gsum(self.finished(j))
            for _pos, j2, _ in nd.children:
                if j2 >= 0:
                    h = h + G[j2]
            if not any(nd.counts):  # an empty hand must draw
                G[j] = h
                choice[:, j] = HIT
                continue
            s = gsum(self.stand(j))
            choice[:, j] = h < s
            best = np.minimum(s, h)
            if nd.burn_child >= 0:
                vb = G[nd.burn_child]
                choice[:, j] = np.where(vb < best, int(BURN), choice[:, j])
                best = np.minimum(best, vb)
            G[j] = best
        return G[0], choice


class _FloatRows(_RowBatch):
    """Banker play in floats for a batch of rows (see `_BankerRows`), computed once per
    distinct row: rows with the same deck and player's score (the same cards in another
    order, another public state, another stake) share every banker number, so the matrices
    are (banker hands x distinct rows), ``inv`` maps each row to its distinct row, and a row's
    numbers are gathered only when asked for.

    ``P[j, u]``: the chance of one given ordering of banker hand ``j`` from distinct row
    ``u``'s deck; ``S``: the player's payoff if the banker stands there, times ``P``; ``F``:
    the payoff of the finished hands one card later (bust, 7½...), times their chance.
    """

    exact = False

    def __init__(self, game: HeadsUpGame, decks: npt.NDArray[np.int64],
                 pscore: npt.NDArray[np.int64],
                 measure: Literal["value", "win"] = "value",
                 dense: _Dense | None = None) -> None:
        """``dense``: the distinct rows, ``inv``, ``P``, ``S`` and ``F``, if made already
        (`_float_batches`)."""
        super().__init__(game, decks, pscore)
        self.table = _settle_table(game, False, measure)
        if dense is None:
            uniq, inv = _distinct_rows(_row_keys(decks, pscore))
            dense = (uniq, inv, *_banker_dense(game, uniq[:, :-1], uniq[:, -1], self.table))
        self.uniq, self.inv, self.P, self.S, self.F = dense
        self.measure: Literal["value", "win"] = measure
        self.hands = _dp_hands(game)

    def distinct(self) -> tuple[_FloatRows, npt.NDArray[np.int64]]:
        """The distinct rows as a batch of their own (sharing this one's matrices), and the
        distinct row of each row: what `_FloatRows` of the distinct rows would give."""
        U = self.uniq.shape[0]
        out = _FloatRows(self.game, np.ascontiguousarray(self.uniq[:, :-1]),
                         np.ascontiguousarray(self.uniq[:, -1]), self.measure,
                         (self.uniq, np.arange(U, dtype=self.inv.dtype), self.P, self.S,
                          self.F))
        return out, self.inv

    def chance(self, j: int, cols: npt.NDArray[np.int64]) -> FloatArray:
        """The chance of one ordering of banker hand ``j`` in rows ``cols``."""
        out: FloatArray = self.P[j, self.inv[cols]]
        return out

    def stand(self, j: int) -> FloatArray:
        """Stand contributions at banker hand ``j`` (player's payoff times P), per row."""
        out: FloatArray = self.S[j, self.inv]
        return out

    def finished(self, j: int) -> FloatArray:
        """Contributions of the finished hands one card after ``j``, per row."""
        out: FloatArray = self.F[j, self.inv]
        return out

    def best_decisions(self) -> tuple[list[Any], list[Any]]:
        """The per-row best banker reply (full information): per-row 0/1 hit and burn."""
        _, hit, burn = _kernels().best(self.hands, *self._transposed)
        return ([h[self.inv].astype(np.int64) for h in hit.T],
                [b[self.inv].astype(np.int64) for b in burn.T])

    def values(self, hit: Any, mode: Literal["fixed", "min"] = "fixed",
               decisions: tuple[list[Any], list[Any]] | None = None,
               burn: Any = None, cols: npt.NDArray[np.int64] | None = None) -> FloatArray:
        """Per-row values (player's payoff) for banker chances of hitting ``hit[j]`` and of
        burning ``burn[j]`` (scalars, per-row arrays or a (hands, rows) array), or for the
        per-row best banker reply (``min``), whose choices are written into ``decisions``
        (hit, burn) when given. ``cols``: only these rows (``hit``/``burn`` then cover only
        them). A choice the same in every row is worked out once per distinct row."""
        rows = np.arange(self.B) if cols is None else cols
        kernels, (FT, ST) = _kernels(), self._transposed
        if mode == "min":
            v, h, b = kernels.best(self.hands, FT, ST)
            if decisions is not None:
                for j in range(len(self.nodes)):
                    decisions[1][j] = b[:, j][self.inv].astype(np.int64)
                    decisions[0][j] = h[:, j][self.inv].astype(np.int64)
            out: FloatArray = v[self.inv[rows]]
            return out
        if _per_node(hit) and (burn is None or _per_node(burn)):
            U = FT.shape[0]
            Ub = None if burn is None else np.asarray(burn, dtype=np.float64)[None, :]
            out = kernels.fixed(self.hands, FT, ST, np.arange(U),
                                np.asarray(hit, dtype=np.float64)[None, :],
                                np.zeros(U, dtype=np.int64), Ub)
            return out[self.inv[rows]]
        J, n = len(self.nodes), len(rows)
        H = _as_matrix(hit, J, n).T
        Ub = None if burn is None else _as_matrix(burn, J, n).T
        out = kernels.fixed(self.hands, FT, ST, self.inv[rows], H, np.arange(n), Ub)
        return out

    def group_values(self, hit: FloatArray, burn: FloatArray | None,
                     group: npt.NDArray[np.int64],
                     cols: npt.NDArray[np.int64] | None = None) -> FloatArray:
        """Per-row values against a banker that plays by group: ``hit[g, j]`` (and
        ``burn[g, j]``) the chance of hitting (burning) holding hand ``j`` in group ``g``.
        ``cols``: only these rows; ``group``: the group of each row (of ``cols``)."""
        rows = np.arange(self.B) if cols is None else cols
        out: FloatArray = _kernels().fixed(self.hands, *self._transposed, self.inv[rows],
                                           hit, group, burn)
        return out

    @cached_property
    def _transposed(self) -> tuple[FloatArray, FloatArray]:
        """``F.T`` and ``S.T`` laid out in rows (distinct rows x hands), once: the layout of
        the banker's programme (`settemezzo.banker_dp`)."""
        return np.ascontiguousarray(self.F.T), np.ascontiguousarray(self.S.T)

    def grouped_best(self, weights: FloatArray, group: npt.NDArray[np.int64],
                     n_groups: int) -> tuple[FloatArray, npt.NDArray[np.int8]]:
        """The banker's best reply per group (public state), rows weighted by ``weights``
        (the chance of reaching each row and standing): the group values (weight times
        payoff under the best reply) and the decisions ``choice[g, j]`` (0 stand, 1 hit,
        2 burn). The rows of a group enter through their distinct rows, summed."""
        # a group no row reaches is worth 0 whatever the banker does there: it stands
        # (what the programme picks on zero weights), except in the hands that must draw
        active, W = _weighted_rows(weights, group, self.inv, self.F.shape[1])
        values = np.zeros(n_groups)
        choice = np.empty((n_groups, len(self.nodes)), dtype=np.int8)
        choice[:] = _hand_facts(self.game)[0]
        values[active], hit, burn = _kernels().grouped_best(self.hands, W, *self._transposed)
        ch = hit.astype(np.int8)
        ch[burn] = np.int8(int(BURN))
        choice[active] = ch
        return values, choice


def _weighted_rows(weights: FloatArray, group: npt.NDArray[np.int64],
                   inv: npt.NDArray[np.int64], m: int
                   ) -> tuple[npt.NDArray[np.int64], _CSR]:
    """The groups some row reaches (weight not 0), in increasing order, and their weights on
    the ``m`` distinct rows (``inv``: each row's): CSR, a group per row, its distinct rows
    in increasing order, the weights of the rows sharing one added in the rows' order.

    Rows 0..2 with weights 0.5, 0, 0.25, in groups 3, 1, 3, distinct rows 1, 0, 1: group 3
    alone, with 0.75 on distinct row 1.
    """
    live = np.flatnonzero(weights)
    if not len(live):
        return live, _CSR(np.zeros(1, dtype=np.int64), live, (0, m), np.zeros(0))
    key = group[live] * m + inv[live]
    order = np.argsort(key, kind="stable")
    key = key[order]
    starts = np.flatnonzero(np.concatenate(([True], key[1:] != key[:-1])))
    data = np.add.reduceat(weights[live][order], starts)
    of, indices = np.divmod(key[starts], m)
    first = np.flatnonzero(np.concatenate(([True], of[1:] != of[:-1])))
    indptr = np.append(first, len(starts))
    return of[first], _CSR(indptr, indices, (len(first), m), data)


_Dense = tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], FloatArray, FloatArray, FloatArray]
"""A `_FloatRows`'s distinct rows (deck and player's score), the distinct row of each row,
and ``P``, ``S``, ``F`` over the distinct rows."""


def _row_keys(decks: npt.NDArray[np.int64], pscore: npt.NDArray[np.int64]
              ) -> npt.NDArray[np.int64]:
    """Each row's deck and player's score, side by side (a row per row, even none)."""
    if not len(pscore):
        return np.zeros((0, decks.shape[1] + 1), dtype=np.int64)
    out: npt.NDArray[np.int64] = np.column_stack([decks, pscore])
    return out


def _float_batches(game: HeadsUpGame, batches: list[tuple[npt.NDArray[np.int64],
                                                          npt.NDArray[np.int64]]],
                   measure: Literal["value", "win"]) -> list[_FloatRows]:
    """`_FloatRows` of each batch of rows (decks, player's scores), with one `_banker_dense`
    for the distinct rows of all of them: its columns are computed independently (the same
    operations on each column's numbers), so each batch's matrices, its columns of the
    whole (views), hold the very floats of a `_banker_dense` of its own."""
    table = _settle_table(game, False, measure)
    keys = [_distinct_rows(_row_keys(decks, pscore)) for decks, pscore in batches]
    both = np.vstack([uniq for uniq, _ in keys])
    P, S, F = _banker_dense(game, both[:, :-1], both[:, -1], table)
    out = []
    at = 0
    for (decks, pscore), (uniq, inv) in zip(batches, keys, strict=True):
        cols = slice(at, at + len(uniq))
        at += len(uniq)
        out.append(_FloatRows(game, decks, pscore, measure,
                              (uniq, inv, P[:, cols], S[:, cols], F[:, cols])))
    return out


def _distinct_rows(key: npt.NDArray[np.int64]
                   ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """``np.unique(key, axis=0, return_inverse=True)``, in the same order, by one integer
    per row (digits in base ``max + 1``, the first column the most significant) when the
    entries are small and not negative, as card counts and scores are: much faster than
    sorting rows."""
    n = key.shape[1]
    base = int(key.max()) + 1 if key.size else 1
    if not key.size or key.min() < 0 or base ** n >= 2 ** 62:
        uniq, inverse = np.unique(key, axis=0, return_inverse=True)
        return uniq, inverse.reshape(-1)
    code = key @ (base ** np.arange(n - 1, -1, -1, dtype=np.int64))
    _, first, inverse = np.unique(code, return_index=True, return_inverse=True)
    return key[first], inverse.reshape(-1)


def _floats(values: list[Any]) -> list[float]:
    """``[float(v) for v in values]``, each distinct object converted once (by identity: the
    game's chances and reaches are shared `Fraction` objects, all alive while it is)."""
    ids = list(map(id, values))
    conv = {k: float(v) for k, v in dict(zip(ids, values, strict=True)).items()}
    return list(map(conv.__getitem__, ids))


def _per_node(values: Any) -> bool:
    """Whether banker choices are one number per hand (the same in every row)."""
    if isinstance(values, np.ndarray):
        return values.ndim == 1
    return all(type(v) in _SCALARS or np.ndim(v) == 0 for v in values)


_SCALARS = (int, float, bool)


def _banker_dense(game: HeadsUpGame, decks: npt.NDArray[np.int64],
                  pscore: npt.NDArray[np.int64], table: FloatArray
                  ) -> tuple[FloatArray, FloatArray, FloatArray]:
    """`_FloatRows`'s ``P``, ``S`` and ``F`` (banker hands x rows) for rows of ``decks`` and
    player's scores ``pscore``, compiled (`settemezzo.banker_dp.chances`) from the node
    plan's arrays (`_NodePlan.dense`, laid end to end once per set of banker hands): a
    hand's chance is its parent's times the chance of the card drawn, generation after
    generation (`_NodePlan.draws`); ``S`` the stand payoffs times ``P``; ``F`` the finished
    hands' terms, a kind at a time."""
    plan = _node_plan(game)
    P, S, F = _kernels().chances(plan.dense, plan.scores, plan.depth, decks, pscore, table)
    return P, S, F


def _kernels() -> ModuleType:
    """`settemezzo.banker_dp`, imported at the first float programme: numba's import and
    start (0.3 to 0.8 s, by machine) are not for the views that only read shipped results."""
    from settemezzo import banker_dp as kernels

    return kernels


def _dp_hands(game: HeadsUpGame) -> banker_dp.Hands:
    """The banker hands as `settemezzo.banker_dp` reads them, from the levels of the node
    plan (children first; once per set of banker hands, `HeadsUpGame.banker_memo`): the
    levels' hands one after the other, the empty ones, each hand's children (in order) and
    burn child."""
    out: banker_dp.Hands | None = game.banker_memo.get("dp hands")
    if out is None:
        levels = _node_plan(game).levels
        J = len(game.banker_nodes)
        must_draw = np.zeros(J, dtype=bool)
        burn_child = np.full(J, -1, dtype=np.int64)
        counts = np.zeros(J, dtype=np.int64)
        for idx, C, must, has_burn, burn_kids in levels:
            must_draw[idx] = must
            burn_child[idx[has_burn]] = burn_kids
            counts[idx] = np.diff(C.indptr)
        none = np.zeros(0, dtype=np.int64)
        owner = np.concatenate([none] + [np.repeat(lv[0], np.diff(lv[1].indptr))
                                         for lv in levels])
        kids = np.concatenate([none] + [lv[1].indices.astype(np.int64) for lv in levels])
        indptr = np.zeros(J + 1, dtype=np.int64)
        np.cumsum(counts, out=indptr[1:])
        out = game.banker_memo["dp hands"] = _kernels().Hands(
            np.concatenate([none] + [lv[0] for lv in levels]), must_draw, indptr,
            kids[np.argsort(owner, kind="stable")], burn_child)
    return out


def _settle_table(game: HeadsUpGame, exact: bool, measure: str) -> Any:
    """The player's payoff per (player score, banker score), 18 x 18 (a bust player loses
    at once; ``measure="win"``: 1 for a win, else 0); ints in exact mode. Once per rule set
    (shared by its games and subgames: read only)."""
    return _settle_of(game.rules, exact, measure)


@lru_cache(maxsize=64)
def _settle_of(rules: Rules, exact: bool, measure: str) -> Any:
    table = np.zeros((PAIR_OF_SEVENS + 1, PAIR_OF_SEVENS + 1),
                     dtype=object if exact else np.float64)
    for ps in range(PAIR_OF_SEVENS + 1):
        for bs in range(PAIR_OF_SEVENS + 1):
            v = settle(ps, bs, rules) if ps != BUST else Fraction(-1)
            if measure == "win":
                v = Fraction(int(v > 0))
            table[ps, bs] = int(v) if exact else float(v)
    if exact and any(settle(ps, bs, rules).denominator != 1
                     for ps in range(1, 18) for bs in range(18)):
        raise SolverError("settlements must be whole numbers of stakes in exact mode")
    table.flags.writeable = False
    return table


@dataclass(frozen=True)
class _CSR:
    """A sparse matrix in CSR form (columns sorted in each row, as scipy keeps a matrix
    made from coordinates), without a scipy object: making one (tens of microseconds) costs
    more than the small LPs' rows it serves. The banker's child incidences (`of_rows`) are
    0/1; the LP's rows (`_lp_realization`, `_Cuts.new_rows`) go to HiGHS as they are."""

    indptr: npt.NDArray[np.integer[Any]]
    indices: npt.NDArray[np.integer[Any]]
    shape: tuple[int, int]
    data: FloatArray  # made once (not to be written to)

    @classmethod
    def of_rows(cls, rows: list[list[int]], n_cols: int) -> _CSR:
        """The matrix with a 1 in row ``r`` at each column of ``rows[r]`` (distinct)."""
        indptr = np.zeros(len(rows) + 1, dtype=np.int32)
        np.cumsum([len(r) for r in rows], out=indptr[1:])
        indices = np.array([c for r in rows for c in sorted(r)], dtype=np.int32)
        return cls(indptr, indices, (len(rows), n_cols), np.ones(len(indices)))

    @classmethod
    def stack(cls, parts: Sequence[_CSR], n_cols: int) -> _CSR:
        """The rows of ``parts``, one part after the other, over ``n_cols`` columns (none:
        no rows)."""
        ends = np.cumsum([0] + [int(p.indptr[-1]) for p in parts])
        empty = np.zeros(0, dtype=np.int64)
        indptr = np.concatenate([np.zeros(1, dtype=np.int64)] + [
            p.indptr[1:] + end for p, end in zip(parts, ends, strict=False)])
        return cls(indptr, np.concatenate([empty] + [p.indices for p in parts]),
                   (sum(p.shape[0] for p in parts), n_cols),
                   np.concatenate([np.zeros(0)] + [p.data for p in parts]))

    @property
    def nnz(self) -> int:
        return int(self.indptr[-1])

    def toarray(self) -> FloatArray:
        """The dense matrix (to look at)."""
        out: FloatArray = sparse.csr_matrix((self.data, self.indices, self.indptr),
                                            shape=self.shape).toarray()
        return out


_Level = tuple[npt.NDArray[np.int64], _CSR, bool, npt.NDArray[np.int64],
               npt.NDArray[np.int64]]
"""A level of banker hands (`_NodePlan.levels`, what `_dp_hands` reads): the hands; their
child incidence (level x all hands); whether they are empty (they must draw); the hands that
may burn (positions in the level) and the hands burning leads to."""


_Rows = _BankerRows | _FloatRows


@dataclass(frozen=True)
class _NodePlan:
    """What the float banker programme needs of a game's banker hands whatever the rows
    (`_node_plan`): each hand's stand score; the levels, children first (`_Level`); one
    more than the most cards a hand draws; each hand's size; the generations of hands'
    draws and burns (`_draws`) and the hands one card short of a finished hand, kind after
    kind (`_finishing_of`), laid end to end (`_DensePlan`)."""

    scores: npt.NDArray[np.int64]
    levels: list[_Level]
    depth: int
    sizes: npt.NDArray[np.int64]
    dense: _DensePlan


class _DensePlan(NamedTuple):
    """The generations' draws and burns (`_draws`) and the finishing hands (`_finishing_of`)
    laid end to end, as the compiled `_banker_dense` reads them
    (`settemezzo.banker_dp.chances`; int64, made once per set of banker hands).

    Draw ``e`` deals hand ``kids[e]`` from ``parents[e]``, of size ``sizes[e]``, a card of
    kind ``kinds[e]``, of which the parent holds ``had[e]``; burn ``e`` gives hand
    ``burnt[e]`` the chance of ``burnt_parents[e]``. Generation ``g``'s draws are
    ``draw_starts[g]`` to ``draw_starts[g + 1]``, its burns likewise (``burn_starts``).
    Finishing entry ``e``: hand ``js[e]``, holding ``drawn[e]`` cards of kind ``pos[e]`` and
    ``fin_sizes[e]`` in all, finishes with score ``fin_scores[e]`` on a card of that kind;
    kind after kind (a kind's hands are distinct)."""

    kids: npt.NDArray[np.int64]
    parents: npt.NDArray[np.int64]
    kinds: npt.NDArray[np.int64]
    had: npt.NDArray[np.int64]
    sizes: npt.NDArray[np.int64]
    draw_starts: npt.NDArray[np.int64]
    burnt: npt.NDArray[np.int64]
    burnt_parents: npt.NDArray[np.int64]
    burn_starts: npt.NDArray[np.int64]
    js: npt.NDArray[np.int64]
    pos: npt.NDArray[np.int64]
    drawn: npt.NDArray[np.int64]
    fin_sizes: npt.NDArray[np.int64]
    fin_scores: npt.NDArray[np.int64]


def _dense_of(draws: list[tuple[npt.NDArray[np.int64], ...]], finishing: _Finishing
              ) -> _DensePlan:
    """`_NodePlan.dense`: the generations' ``draws`` (`_draws`) and the kinds' ``finishing``
    hands (`_finishing_of`) laid end to end (`_DensePlan`)."""
    ints = np.zeros(0, dtype=np.int64)

    def flat(arrays: list[npt.NDArray[np.int64]]) -> npt.NDArray[np.int64]:
        return np.concatenate([ints, *arrays])

    def starts(sizes: list[int]) -> npt.NDArray[np.int64]:
        return np.cumsum([0, *sizes], dtype=np.int64)

    kids, parents, kinds, had, sizes, burnt, burnt_parents = (flat([d[c] for d in draws])
                                                              for c in range(7))
    f = finishing
    return _DensePlan(kids, parents, kinds, had, sizes, starts([len(d[0]) for d in draws]),
                      burnt, burnt_parents, starts([len(d[5]) for d in draws]),
                      flat([x[1] for x in f]),
                      flat([np.full(len(x[1]), x[0], dtype=np.int64) for x in f]),
                      flat([x[3] for x in f]), flat([x[4] for x in f]),
                      flat([x[2] for x in f]))


_H = TypeVar("_H")


def _of_hands(game: HeadsUpGame, name: str, build: Callable[[list[BankerNode]], _H],
              restrict: Callable[[_H, Restriction], _H]) -> _H:
    """``game.banker_memo[name]``, made once per set of banker hands (shared by the games
    that have the same): ``build`` of the hands; or, for hands restricted from a universe's
    (`settemezzo.game.Restriction`), ``restrict`` of ``build`` of the universe's hands (made
    once per universe): the same arrays, without walking the hands again."""
    memo = game.banker_memo
    out: _H | None = memo.get(name)
    if out is None:
        r: Restriction | None = memo.get("restriction")
        if r is None:
            out = build(game.banker_nodes)
        else:
            whole: _H | None = r.memo.get(name)
            if whole is None:
                whole = r.memo[name] = build(r.nodes)
            out = restrict(whole, r)
        memo[name] = out
    return out


def _node_plan(game: HeadsUpGame) -> _NodePlan:
    """The `_NodePlan` of ``game``'s banker hands, built once per set of banker hands
    (`HeadsUpGame.banker_memo`: shared by the games that have the same; `_of_hands`)."""
    return _of_hands(game, "node plan", _plan_of, _plan_restricted)


_Finishing = list[tuple[int, npt.NDArray[np.int64], npt.NDArray[np.int64],
                        npt.NDArray[np.int64], npt.NDArray[np.int64]]]
"""Per kind (in order), the banker hands one card of it short of a finished hand: the kind,
the hands, the finished scores, the hands' cards of the kind and their sizes."""


def _finishing_of(nodes: Sequence[BankerNode]) -> _Finishing:
    """The `_Finishing` of the banker hands ``nodes``."""
    by_pos: dict[int, list[tuple[int, int]]] = {}
    for j, nd in enumerate(nodes):
        for pos, j2, sc in nd.children:
            if j2 < 0:
                by_pos.setdefault(pos, []).append((j, sc))
    finishing = []
    for pos in sorted(by_pos):
        js = np.array([j for j, _ in by_pos[pos]], dtype=np.int64)
        finishing.append((pos, js, np.array([sc for _, sc in by_pos[pos]], dtype=np.int64),
                          np.array([nodes[j].drawn[pos] for j in js], dtype=np.int64),
                          np.array([nodes[j].size for j in js], dtype=np.int64)))
    return finishing


def _plan_of(nodes: list[BankerNode]) -> _NodePlan:
    """The `_NodePlan` of the banker hands ``nodes``."""
    J = len(nodes)
    by_key: dict[tuple[int, bool], list[int]] = {}
    for j, nd in enumerate(nodes):
        by_key.setdefault((nd.size, any(nd.counts)), []).append(j)
    levels: list[_Level] = []
    for key in sorted(by_key, key=lambda k: (-k[0], k[1])):
        idx = np.array(by_key[key], dtype=np.int64)
        C = _CSR.of_rows([[j2 for _pos, j2, _ in nodes[j].children if j2 >= 0]
                          for j in by_key[key]], J)
        burn_child = np.array([nodes[j].burn_child for j in idx], dtype=np.int64)
        has_burn = np.flatnonzero(burn_child >= 0)
        levels.append((idx, C, not key[1], has_burn, burn_child[has_burn]))
    depth = max((nd.size for nd in nodes), default=0) + 1
    return _NodePlan(np.array([nd.score for nd in nodes], dtype=np.int64), levels, depth,
                     np.array([nd.size for nd in nodes], dtype=np.int64),
                     _dense_of(_draws(nodes), _finishing_of(nodes)))


@dataclass(frozen=True)
class _Flat:
    """Groups of equally long arrays (the same number of arrays in each group), laid end
    to end: each array of every group, one group after the other (``cols``), and where each
    group starts (``bounds``); to keep some entries of every group at once (`kept`)."""

    cols: tuple[npt.NDArray[Any], ...]
    bounds: npt.NDArray[np.int64]

    @classmethod
    def of(cls, groups: Sequence[Sequence[npt.NDArray[Any]]], n_cols: int) -> _Flat:
        bounds = np.zeros(len(groups) + 1, dtype=np.int64)
        np.cumsum([len(g[0]) for g in groups], out=bounds[1:])
        return cls(tuple(np.concatenate([g[c] for g in groups]) if groups else
                         np.zeros(0, dtype=np.int64) for c in range(n_cols)), bounds)

    def kept(self, keep: BoolArray) -> tuple[list[npt.NDArray[Any]], list[int]]:
        """The arrays' entries where ``keep`` (one per entry) holds, and where each group
        starts among them (one more: the end)."""
        at: list[int] = np.concatenate([[0], np.cumsum(keep)])[self.bounds].tolist()
        return [c[keep] for c in self.cols], at


@dataclass(frozen=True)
class _FlatPlan:
    """A universe's `_NodePlan` levels as `_Flat` groups, to restrict all at once
    (`_levels_restricted`): the levels' hands, their child incidences' entries (the row's
    place among all the levels' hands, the child) and burning hands (place, burn child),
    and whether each level must draw."""

    hands: _Flat
    entries: _Flat
    burns: _Flat
    must_draw: list[bool]

    @classmethod
    def of(cls, plan: _NodePlan) -> _FlatPlan:
        at = np.cumsum([0] + [len(lv[0]) for lv in plan.levels])
        return cls(
            _Flat.of([lv[:1] for lv in plan.levels], 1),
            _Flat.of([(a + np.repeat(np.arange(len(lv[0])), np.diff(lv[1].indptr)),
                       lv[1].indices) for a, lv in zip(at, plan.levels, strict=False)], 2),
            _Flat.of([(a + lv[3], lv[4]) for a, lv in zip(at, plan.levels, strict=False)], 2),
            [lv[2] for lv in plan.levels])


def _plan_restricted(plan: _NodePlan, r: Restriction) -> _NodePlan:
    """The `_NodePlan` of the hands of restriction ``r`` from its universe's ``plan``: what
    `_plan_of` gives for them (`settemezzo.game.Restriction`: the kept hands' edges, levels
    and generations are the universe's, in the same order), all at once: the levels from
    their `_FlatPlan` (made once per universe), the draws, burns and finishing hands
    straight from the universe's, laid end to end (`_dense_restricted`)."""
    flat: _FlatPlan | None = r.memo.get("flat plan")
    if flat is None:
        flat = r.memo["flat plan"] = _FlatPlan.of(plan)
    hands = plan.sizes[r.fit]
    return _NodePlan(plan.scores[r.fit], _levels_restricted(flat, r),
                     int(hands.max(initial=0)) + 1, hands, _dense_restricted(plan.dense, r))


def _dense_restricted(d: _DensePlan, r: Restriction) -> _DensePlan:
    """A universe's `_DensePlan` restricted to the kept hands, renumbered: the draws and
    burns into kept hands, the finishing hands kept whose kind the smaller deck still
    holds one more of; a generation left with neither draws nor burns is left out."""
    fit, new = r.fit, r.renumber
    draw, burn = fit[d.kids], fit[d.burnt]
    fin = fit[d.js] & (d.drawn < r.limit[d.pos])
    draw_at = np.concatenate([[0], np.cumsum(draw)])[d.draw_starts]
    burn_at = np.concatenate([[0], np.cumsum(burn)])[d.burn_starts]
    live = np.append((np.diff(draw_at) > 0) | (np.diff(burn_at) > 0), True)
    return _DensePlan(new[d.kids[draw]], new[d.parents[draw]], d.kinds[draw], d.had[draw],
                      d.sizes[draw], draw_at[live].astype(np.int64), new[d.burnt[burn]],
                      new[d.burnt_parents[burn]], burn_at[live].astype(np.int64),
                      new[d.js[fin]], d.pos[fin], d.drawn[fin], d.fin_sizes[fin],
                      d.fin_scores[fin])


def _levels_restricted(flat: _FlatPlan, r: Restriction) -> list[_Level]:
    """A universe's levels (`_FlatPlan`) restricted to the kept hands: the kept hands, their
    children kept, their burn children; a level left empty is left out."""
    keep = r.fit[flat.hands.cols[0]]
    (hands,), at = flat.hands.kept(keep)
    hands = r.renumber[hands]
    place = np.cumsum(keep) - 1  # a kept hand's place among the kept levels' hands
    row, child = flat.entries.cols
    (row, child), e = flat.entries.kept(keep[row] & r.fit[child])
    counts = np.bincount(place[row], minlength=len(hands))
    child = r.renumber[child].astype(np.int32)
    burning, burn_kid = flat.burns.cols
    (burning, burn_kid), b = flat.burns.kept(keep[burning])
    burning, burn_kid = place[burning], r.renumber[burn_kid]
    J = int(np.count_nonzero(r.fit))
    out: list[_Level] = []
    for lv, must_draw in enumerate(flat.must_draw):
        lo, hi = at[lv], at[lv + 1]
        if hi == lo:
            continue
        idx, kids = hands[lo:hi], child[e[lv]:e[lv + 1]]
        indptr = np.zeros(hi - lo + 1, dtype=np.int32)
        np.cumsum(counts[lo:hi], out=indptr[1:])
        out.append((idx, _CSR(indptr, kids, (hi - lo, J), np.ones(len(kids))), must_draw,
                    burning[b[lv]:b[lv + 1]] - lo, burn_kid[b[lv]:b[lv + 1]]))
    return out


def _draws(nodes: Sequence[BankerNode]) -> list[tuple[npt.NDArray[np.int64], ...]]:
    """How `_banker_dense` reaches the banker hands from the empty one: each hand from the
    first hand (in order) that has it as a child, by a draw (the kind's position, the
    parent's cards of that kind and size) or by burning (the burnt hand has its parent's
    chance); grouped in generations, each from the one before. Per generation: hands drawn,
    their parents, kinds, parents' cards of the kind, parents' sizes; hands burnt, parents."""
    gen = [0] * len(nodes)
    done = [False] * len(nodes)
    if nodes:
        done[0] = True
    by_gen: dict[int, tuple[list[tuple[int, int, int, int, int]], list[tuple[int, int]]]] = {}
    for nd in nodes:
        j = nd.index
        for pos, j2, _ in nd.children:
            if j2 >= 0 and not done[j2]:
                done[j2], gen[j2] = True, gen[j] + 1
                by_gen.setdefault(gen[j2], ([], []))[0].append(
                    (j2, j, pos, nd.drawn[pos], nd.size))
        if nd.burn_child >= 0 and not done[nd.burn_child]:
            done[nd.burn_child], gen[nd.burn_child] = True, gen[j] + 1
            by_gen.setdefault(gen[nd.burn_child], ([], []))[1].append((nd.burn_child, j))
    out = []
    for d in sorted(by_gen):
        drawn, burnt = by_gen[d]
        cols = [np.array(c, dtype=np.int64).reshape(-1) for c in zip(*drawn, strict=True)] \
            if drawn else [np.zeros(0, dtype=np.int64)] * 5
        bcols = [np.array(c, dtype=np.int64).reshape(-1) for c in zip(*burnt, strict=True)] \
            if burnt else [np.zeros(0, dtype=np.int64)] * 2
        out.append((*cols, *bcols))
    return out


def _as_matrix(values: Any, J: int, B: int) -> FloatArray:
    """Per-node choices (a list of scalars or per-row arrays, or a (J, B) array) as (J, B)."""
    if isinstance(values, np.ndarray) and values.shape == (J, B):
        return values if values.dtype == np.float64 else values.astype(np.float64)
    out = np.empty((J, B))
    for j, v in enumerate(values):
        out[j] = v
    return out


# =============================================================================================
# The solver for one game
# =============================================================================================


@dataclass
class _Solver:
    """Arrays of one heads-up game, shared by evaluation, best responses and the LP."""

    game: HeadsUpGame
    exact: bool
    measure: Literal["value", "win"] = "value"
    memo: dict[tuple[Any, ...], Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        with gc_paused():  # many small objects: see `settemezzo.game.gc_paused`
            self._setup()

    def _setup(self) -> None:
        g = self.game
        K = len(g.kinds)
        pos = {k: p for p, k in enumerate(g.kinds)}
        shown_only = {int(SWAP), int(SPLIT), BUST}
        # the finished hands (not a swap, split or bust): the row of their deck (the
        # decision's, or the whole deck for a hand finished at once after a swap, last) less
        # the card drawn, the player's score, and where (decision, action, child)
        row_of, kind_of, shown_score, shown_of = [], [], [], []
        for r, s in enumerate(g.infosets):
            for a, kids in ((1, s.children), (0, s.children0)):
                for ci, ch in enumerate(kids):
                    if ch.infoset < 0 and ch.score not in shown_only:
                        row_of.append(r)
                        kind_of.append(pos[ch.kind])
                        shown_score.append(ch.score)
                        shown_of.append((s.index, a, ci))
        n = len(g.infosets)
        for ci, ch in enumerate(g.root_terminals):  # after a swap: 7½ or bust at once
            if ch.score != BUST:
                row_of.append(n)
                kind_of.append(pos[ch.kind])
                shown_score.append(ch.score)
                shown_of.append((-1, 1, ci))
        decks = g.decks
        pscore = np.array([s.total for s in g.infosets], dtype=np.int64)
        shown_decks = np.vstack([decks, np.array(g.counts, dtype=np.int64).reshape(1, K)])[
            np.array(row_of, dtype=np.int64)]
        shown_decks[np.arange(len(row_of)), np.array(kind_of, dtype=np.int64)] -= 1
        # the moves valued by a subgame: swaps (`HeadsUpGame.swap_subgame`), splits
        # (`settemezzo.split`)
        self.swaps = [(i, ci) for i, st in enumerate(g.infosets) if st.kind in ("swap", "split")
                      for ci, ch in enumerate(st.children) if ch.score in (SWAP, SPLIT)]
        self.split_at = [i for i, st in enumerate(g.infosets) if st.kind == "split"]
        # non-"play" decisions have no stand row of their own: weight 0, group 0
        self.is_play = np.array([s.kind == "play" for s in g.infosets])
        self.group = np.array([max(s.public, 0) for s in g.infosets], dtype=np.int64)
        self.stake = np.array([s.stake for s in g.infosets], dtype=np.int64)
        self._stand_decks, self._stand_score = decks, pscore
        # a banker that plays the same way in every public state (rule of thumb, best reply
        # with full information) faces a row through its deck and the player's score only:
        # equal rows are computed once (many: the same cards in other orders, other stakes)
        self._float_stand: _FloatRows | None = None
        if self.exact:
            self.shown_rows, self._shown_inverse = self._unique_rows(
                shown_decks, np.array(shown_score, dtype=np.int64))
        else:  # the banker's numbers of both kinds of rows at once
            self._float_stand, shown = _float_batches(
                g, [(decks, pscore), (shown_decks, np.array(shown_score, dtype=np.int64))],
                self.measure)
            self.shown_rows, self._shown_inverse = shown.distinct()
        self.shown_of = shown_of
        self.reach: list[Any] = [s.reach for s in g.infosets] if self.exact else \
            _floats([s.reach for s in g.infosets])
        self.root_prob = [ch.prob if self.exact else float(ch.prob) for ch in g.root_terminals]
        # the first stand/hit decision of each deal (after the stake and burning choices)
        played = [False] * len(g.infosets)
        self.first_play = [False] * len(g.infosets)
        for st in g.infosets:
            before = st.parent >= 0 and played[st.parent]
            played[st.index] = before or st.kind == "play"
            self.first_play[st.index] = st.kind == "play" and not before

    def _rows(self, decks: npt.NDArray[np.int64], score: npt.NDArray[np.int64]) -> _Rows:
        if self.exact:
            return _BankerRows(self.game, decks, score, self.measure)
        return _FloatRows(self.game, decks, score, self.measure)

    def _unique_rows(self, decks: npt.NDArray[np.int64], score: npt.NDArray[np.int64]
                     ) -> tuple[_Rows, npt.NDArray[np.int64]]:
        key = np.column_stack([decks, score]) if len(score) else \
            np.zeros((0, decks.shape[1] + 1), dtype=np.int64)
        uniq, inverse = _distinct_rows(key)
        rows = self._rows(np.ascontiguousarray(uniq[:, :-1]), np.ascontiguousarray(uniq[:, -1]))
        return rows, inverse

    @cached_property
    def stand_rows(self) -> _Rows:
        """A row per information set (a behavioural banker plays by public state)."""
        if self._float_stand is not None:
            return self._float_stand
        return self._rows(self._stand_decks, self._stand_score)

    @cached_property
    def _stand_unique(self) -> tuple[_Rows, npt.NDArray[np.int64]]:
        """The distinct rows of `stand_rows` (a banker that plays alike in every public
        state), and the distinct row of each information set."""
        if self._float_stand is not None:
            return self._float_stand.distinct()
        return self._unique_rows(self._stand_decks, self._stand_score)

    def _scaled(self, vals: Any) -> Any:
        """Per-row values per unit stake, times each decision's stake (win chances are not
        scaled)."""
        if self.measure == "win":
            return vals
        if self.exact:
            return np.array([v * int(k) for v, k in zip(vals, self.stake, strict=True)],
                            dtype=object)
        return vals * self.stake

    # -- terminal values ---------------------------------------------------------------------
    def stand_values(self, banker: BankerStrategy, chooser: _Solver | None = None) -> Any:
        """Conditional value of standing at each information set against ``banker``, in
        chips (the decision's stake times the value per unit).

        Where the banker plays its best with full information, ``chooser`` (a solver of the
        same game measuring value) makes the choices, so that a win-chance solver follows the
        banker's value-maximising play.
        """
        key = ("stand", banker.kind, banker.k, chooser is not None)
        if banker.kind != "behavioural" and key in self.memo:
            return self.memo[key]
        out = self._scaled(self._stand_values(banker, chooser))
        if banker.kind != "behavioural":
            self.memo[key] = out
        return out

    def _stand_values(self, banker: BankerStrategy, chooser: _Solver | None) -> Any:
        if banker.kind in ("omniscient", "threshold"):
            uniq, inverse = self._stand_unique
            if banker.kind == "threshold":
                vals = uniq.values([int(nd.total < banker.k) for nd in uniq.nodes])
            elif chooser is not None:
                hit, burn = chooser._stand_unique[0].best_decisions()
                vals = uniq.values(hit, burn=burn)
            else:
                vals = uniq.values(None, "min")
            return vals[inverse]
        rows = self.stand_rows
        if isinstance(rows, _FloatRows):
            return rows.group_values(banker.hit, banker.burn, self.group)
        per_row = banker.hit[self.group]  # (rows, nodes)
        J = len(rows.nodes)
        burns = None if banker.burn is None else \
            [banker.burn[self.group][:, j] for j in range(J)]
        return rows.values([per_row[:, j] for j in range(J)], burn=burns)

    def shown_values(self, banker: BankerStrategy,
                     chooser: _Solver | None = None) -> Terminal:
        """The finished hands: per information set, per child of action 1 and of action 0,
        the value in chips (bust: the stake lost; 7½ or better: the banker then plays)."""
        key = ("shown", banker.kind if banker.kind == "threshold" else "best", banker.k,
               chooser is not None)
        if key not in self.memo:
            self.memo[key] = self._shown_values(banker, chooser)
        out: Terminal = self.memo[key]
        return out

    def _shown_values(self, banker: BankerStrategy, chooser: _Solver | None) -> Terminal:
        rows = self.shown_rows
        if banker.kind == "threshold":
            vals = rows.values([int(nd.total < banker.k) for nd in rows.nodes])
        elif chooser is not None:
            hit, burn = chooser.shown_rows.best_decisions()
            vals = rows.values(hit, burn=burn)
        else:
            vals = rows.values(None, "min")
        lose: Any = -1 if self.measure == "value" else 0
        conv: Any = Fraction if self.exact else float
        g = self.game
        # a swap's or a split's value comes from its subgame (`with_swaps`): None until then
        lost = {k: conv(lose * k) for k in {s.stake for s in g.infosets}}
        out1 = [[None if ch.score in (SWAP, SPLIT) else lost[s.stake]
                 for ch in s.children] for s in g.infosets]
        out0 = [[lost[s.stake]] * len(s.children0) for s in g.infosets]
        root = [conv(lose) for _ in g.root_terminals]
        per_stake = self.measure == "value"
        for (i, a, ci), v in zip(self.shown_of, vals[self._shown_inverse], strict=True):
            if i < 0:
                root[ci] = v
            else:
                (out1 if a == 1 else out0)[i][ci] = v * (g.infosets[i].stake if per_stake
                                                         else 1)
        return Terminal(out1, out0, root)

    def with_swaps(self, T: Terminal, values: dict[int, Any]) -> Terminal:
        """``T`` with the swap and split moves valued: ``values[i]`` is the value per unit
        stake of the subgame after the swap or split at decision ``i`` (0 where the strategy
        never takes it; a split's value counts every hand's stake)."""
        if not self.swaps:
            return T
        one = list(T.one)
        zero: Any = 0 if self.exact else 0.0
        get = values.get
        sole, among = self._swap_places
        for i, k in sole:  # a swap or split decision's one child: the move
            one[i] = [get(i, zero) * k]
        for i, ci, k in among:
            row = one[i] = list(one[i])
            row[ci] = get(i, zero) * k
        # the finished hands of action 0 are T's: so is their flat form, if made
        return Terminal(one, T.zero, T.root, {0: T._flat[0]} if 0 in T._flat else {})

    @cached_property
    def _swap_places(self) -> tuple[list[tuple[int, int]], list[tuple[int, int, int]]]:
        """The swap and split moves (`swaps`) by where `with_swaps` puts their values: a
        decision's only child (decision, multiplier), or one among others (decision, child,
        multiplier); the multiplier is the stake when measuring value, else 1."""
        infosets = self.game.infosets
        by_value = self.measure == "value"
        sole, among = [], []
        for i, ci in self.swaps:
            k = infosets[i].stake if by_value else 1
            if len(infosets[i].children) == 1:
                sole.append((i, k))
            else:
                among.append((i, ci, k))
        return sole, among

    def root_value(self, T: Terminal) -> Any:
        """The value of the hands finished by the first card (only after a swap)."""
        return sum((p * v for p, v in zip(self.root_prob, T.root, strict=True)),
                   0 if self.exact else 0.0)

    # -- the player's side -------------------------------------------------------------------
    def action_values(self, i: int, stand: Any, T: Terminal, V: list[Any],
                      swap_as_up: bool = False) -> tuple[Any, Any]:
        """The values of action 0 and action 1 at information set ``i`` (``swap_as_up``:
        value a swap as taking the card face up, true against a banker that does not read
        the player's face-up cards, see `best_response`)."""
        s = self.game.infosets[i]
        if swap_as_up and s.kind == "swap":
            q0 = 0 * self.reach[i]
            for ci, ch in enumerate(s.children0):
                q0 += self.child_prob0[i][ci] * (V[ch.infoset] if ch.infoset >= 0
                                                 else T.zero[i][ci])
            return q0, q0
        q1 = 0 * self.reach[i]
        for ci, ch in enumerate(s.children):
            q1 += self.child_prob[i][ci] * (V[ch.infoset] if ch.infoset >= 0 else T.one[i][ci])
        if s.kind == "play":
            return stand[i], q1
        q0 = 0 * self.reach[i]
        for ci, ch in enumerate(s.children0):
            q0 += self.child_prob0[i][ci] * (V[ch.infoset] if ch.infoset >= 0
                                             else T.zero[i][ci])
        return q0, q1

    def player_values(self, stand: Any, T: Terminal, hit: Sequence[Any] | None,
                      swap_as_up: bool = False) -> tuple[Any, list[Any], list[int]]:
        """Backward induction over the player's tree: fixed chances of action 1 (``hit``),
        or the best reply when ``hit`` is None. Returns (game value, value per information
        set, best actions)."""
        g = self.game
        if not self.exact:
            return self._player_floats(stand, T, hit, swap_as_up)
        V: list[Any] = [None] * len(g.infosets)
        best: list[int] = [STAND] * len(g.infosets)
        # `action_values`, inline (the same sums in the same order)
        reach, prob1, prob0, one, zero = (self.reach, self.child_prob, self.child_prob0,
                                          T.one, T.zero)
        for s in reversed(g.infosets):
            i = s.index
            if swap_as_up and s.kind == "swap":
                q1 = q0 = _children_value(0 * reach[i], prob0[i], s.children0, zero[i], V)
            else:
                q1 = _children_value(0 * reach[i], prob1[i], s.children, one[i], V)
                q0 = stand[i] if s.kind == "play" else \
                    _children_value(0 * reach[i], prob0[i], s.children0, zero[i], V)
            if hit is None:
                if q1 > q0:
                    best[i] = HIT
                V[i] = max(q1, q0)
            else:
                p = hit[i]
                V[i] = q0 + (q1 - q0) * p
                best[i] = HIT if p == 1 else STAND
        total = sum(self.reach[i] * V[i] for i in g.roots) + self.root_value(T)
        return total, V, best

    def _player_floats(self, stand: Any, T: Terminal, hit: Sequence[Any] | None,
                       swap_as_up: bool) -> tuple[Any, list[Any], list[int]]:
        """`player_values` in floats, compiled (`settemezzo.banker_dp.player_values`: the
        same sums in the same order)."""
        V, hits = _kernels().player_values(
            self._tree, T.floats(1), T.floats(0), np.asarray(stand, dtype=np.float64),
            None if hit is None else np.asarray(hit, dtype=np.float64), swap_as_up)
        values: list[Any] = V.tolist()
        total = sum(self.reach[i] * values[i] for i in self.game.roots) + self.root_value(T)
        return total, values, [HIT if h else STAND for h in hits.tolist()]

    @cached_property
    def _tree(self) -> banker_dp.Tree:
        """The decisions' children as the compiled backward induction reads them (float
        solvers)."""
        g = self.game
        tree: banker_dp.Tree = _kernels().Tree(
            *_kids(g, 1), *_kids(g, 0), self.is_play,
            np.array([s.kind == "swap" for s in g.infosets], dtype=np.bool_))
        return tree

    @cached_property
    def child_prob(self) -> list[list[Any]]:
        """The chance of each child of action 1, per information set (Fractions, or floats:
        those of `_tree`)."""
        return self._chances(1)

    @cached_property
    def child_prob0(self) -> list[list[Any]]:
        """The chance of each child of action 0, per information set."""
        return self._chances(0)

    def _chances(self, action: int) -> list[list[Any]]:
        g = self.game
        if self.exact:
            return [[ch.prob for ch in (s.children if action else s.children0)]
                    for s in g.infosets]
        tree = self._tree
        ptr, prob = (tree.ptr1, tree.prob1) if action else (tree.ptr0, tree.prob0)
        flat = prob.tolist()
        return [flat[a:b] for a, b in pairwise(ptr.tolist())]

    def policy_value(self, stand: Any, T: Terminal, hit: Sequence[Any]) -> Any:
        """The game value of a pure player policy (``hit[i]`` 0 or 1): forward, over the
        decisions it reaches only, the reach of each times the value of what it does there
        (standing, or the finished hands one card later); the same sum as `player_values`
        with ``hit``, without the decisions the policy never reaches."""
        g = self.game
        reached = [False] * len(g.infosets)
        total = self.root_value(T)
        for s in g.infosets:
            i = s.index
            if s.parent >= 0 and not (reached[s.parent]
                                      and hit[s.parent] == s.parent_action):
                continue
            reached[i] = True
            a = hit[i]
            if a == 0 and s.kind == "play":
                total += self.reach[i] * stand[i]
                continue
            kids, probs, vals = ((s.children, self.child_prob[i], T.one[i]) if a else
                                 (s.children0, self.child_prob0[i], T.zero[i]))
            acc = 0
            for ci, ch in enumerate(kids):
                if ch.infoset < 0:
                    acc += probs[ci] * vals[ci]
            if acc:
                total += self.reach[i] * acc
        return total

    def realization(self, hit: Sequence[Any]) -> tuple[list[Any], list[Any]]:
        """Reach of each information set under the player's own choices, and of standing
        there (zero at decisions other than stand/hit)."""
        g = self.game
        one: Any = 1 if self.exact else 1.0
        reach_own: list[Any] = [one] * len(g.infosets)
        for s in g.infosets:
            if s.parent >= 0:
                p = hit[s.parent]
                reach_own[s.index] = reach_own[s.parent] * (p if s.parent_action else 1 - p)
        stand = [reach_own[i] * (1 - hit[i]) if s.kind == "play" else 0 * one
                 for i, s in enumerate(g.infosets)]
        return reach_own, stand

    def linear_part(self, hit: Sequence[Any], T: Terminal,
                    reach_own: list[Any] | None = None) -> Any:
        """Value of the finished hands (bust, shown 7½, swaps) reached by either action
        (``reach_own``: the first list of `realization` of ``hit``, if already made)."""
        if reach_own is None:
            reach_own, _ = self.realization(hit)
        tot = self.root_value(T)
        if not self.exact:
            return _linear_floats(self, hit, T, reach_own, tot)
        for s in self.game.infosets:
            i = s.index
            for a, kids, probs, vals in ((1, s.children, self.child_prob[i], T.one[i]),
                                         (0, s.children0, self.child_prob0[i], T.zero[i])):
                w = reach_own[i] * (hit[i] if a else 1 - hit[i])
                if not w:
                    continue
                acc = 0 * self.reach[i]
                for ci, ch in enumerate(kids):
                    if ch.infoset < 0:
                        acc += probs[ci] * vals[ci]
                tot += self.reach[i] * w * acc
        return tot

    def expected_stake(self, hit: Sequence[Any], extra_hands: dict[int, Any] | None = None
                       ) -> Any:
        """The player's expected stake: over the first stand/hit decision of each deal (a
        unit stake after a swap), plus the stakes of the extra hands after a split
        (``extra_hands[i]``: how many more hands the split at decision ``i`` opens, on
        average; at a swap decision, how many more the subgame after it opens)."""
        g = self.game
        if g.start and not extra_hands:
            return 1 if self.exact else 1.0
        reach_own, _ = self.realization(hit)
        out: Any = 1 if g.start else sum(
            self.reach[s.index] * reach_own[s.index] * s.stake for s in g.infosets
            if self.first_play[s.index])
        for i, more in (extra_hands or {}).items():
            out += self.reach[i] * reach_own[i] * hit[i] * g.infosets[i].stake * more
        return out


def _linear_floats(s: _Solver, hit: Sequence[Any], T: Terminal, reach_own: list[Any],
                   tot: Any) -> Any:
    """`_Solver.linear_part` in floats: each decision's finished hands summed for all
    decisions at once (`_finished_sums`), then added to ``tot`` one after the other, decision
    after decision, action 1 before action 0, those not taken left out (the same sums in the
    same order)."""
    n = len(s.game.infosets)
    own = np.array(reach_own, dtype=np.float64)
    h = np.array(hit, dtype=np.float64)
    reach = np.array(s.reach, dtype=np.float64)
    w = np.empty((n, 2))
    terms = np.empty((n, 2))
    for col, action in ((0, 1), (1, 0)):
        w[:, col] = own * (h if action else 1 - h)
        terms[:, col] = reach * w[:, col] * _finished_sums(s, action, T)
    taken = terms.ravel()[w.ravel() != 0]
    return np.add.accumulate(np.concatenate([[tot], taken]))[-1] if len(taken) else tot


def _kids(game: HeadsUpGame, action: int
          ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], FloatArray]:
    """Every decision's children after ``action``, one decision after the other: where each
    decision's children start (CSR), each child's decision (-1: finished) and its chance (a
    float)."""
    kids = [s.children if action else s.children0 for s in game.infosets]
    ptr = np.zeros(len(kids) + 1, dtype=np.int64)
    np.cumsum([len(k) for k in kids], out=ptr[1:])
    flat = [ch for k in kids for ch in k]
    child = np.array([ch.infoset for ch in flat], dtype=np.int64)
    return ptr, child, np.array(_floats([ch.prob for ch in flat]), dtype=np.float64)


def _children_value(acc: Any, probs: list[Any], kids: Sequence[Child], shown: list[Any],
                    V: list[Any]) -> Any:
    """``acc`` plus each child's chance times its value: ``V`` of its information set, or
    its ``shown`` value where the hand is finished (`_Solver.action_values`' sums)."""
    for p, ch, t in zip(probs, kids, shown, strict=True):
        j = ch.infoset
        acc += p * (V[j] if j >= 0 else t)
    return acc


@dataclass(frozen=True)
class Terminal:
    """Values of the finished hands: ``one[i][c]`` for the children of action 1 of
    information set ``i``, ``zero[i][c]`` for those of action 0, ``root[c]`` for the
    `HeadsUpGame.root_terminals` (hands finished by their first card, after a swap)."""

    one: list[list[Any]]
    zero: list[list[Any]]
    root: list[Any] = field(default_factory=list)
    _flat: dict[int, FloatArray] = field(default_factory=dict, compare=False, repr=False)

    def floats(self, action: int) -> FloatArray:
        """``one`` (action 1) or ``zero`` (action 0) laid end to end as floats, decision
        after decision (a move still unvalued, None, is nan), made once."""
        out = self._flat.get(action)
        if out is None:
            rows = self.one if action else self.zero
            out = self._flat[action] = np.array([v for r in rows for v in r], dtype=np.float64)
        return out


def _solver(game: HeadsUpGame, exact: bool, measure: Literal["value", "win"] = "value"
            ) -> _Solver:
    """The game's solver (kept in `HeadsUpGame.memo`, freed with the game)."""
    key = ("solver", exact, measure)
    s: _Solver | None = game.memo.get(key)
    if s is None:
        s = game.memo[key] = _Solver(game, exact, measure)
    return s


# =============================================================================================
# Public API
# =============================================================================================


@dataclass(frozen=True)
class BestResponse:
    """The best reply to a fixed strategy: its value (player's gain) and policy."""

    value: Value
    side: Literal["player", "banker"]
    strategy: PlayerStrategy | BankerStrategy


def _game(rules: Rules | HeadsUpGame, deck: Unseen | None) -> HeadsUpGame:
    if isinstance(rules, HeadsUpGame):
        return rules
    return heads_up(rules, deck)


def evaluate(player: PlayerStrategy | str, banker: BankerStrategy | str,
             rules: Rules | HeadsUpGame = ITALIAN, deck: Unseen | None = None) -> Value:
    """The player's expected gain per hand for a pair of strategies: per unit stake when the
    stake is fixed, in chips when the player chooses it (divide by `expected_stake` for the
    edge per unit staked).

    Exact (`Fraction`) for pure policies (thresholds, best replies, the omniscient banker).

    Two rules of thumb (``threshold:K`` on both sides) are valued without the game tree, by
    the recursion over deck compositions of `settemezzo.fixed` (the same Fraction).

    >>> evaluate("threshold:5", "threshold:5")
    Fraction(...)
    """
    if isinstance(player, str) and isinstance(banker, str):
        from settemezzo.fixed import thumb_value

        whole = rules if not isinstance(rules, HeadsUpGame) else (
            rules.rules if not rules.start else None)
        fast = None if whole is None else thumb_value(
            player, banker, whole, rules.deck if isinstance(rules, HeadsUpGame) else deck)
        if fast is not None:
            return fast
    game = _game(rules, deck)
    p = player_policy(player, game) if isinstance(player, str) else player
    b = banker_policy(banker, game) if isinstance(banker, str) else banker
    return _evaluate(p, b, game, {})


def _memo_key(game: HeadsUpGame, *strategies: PlayerStrategy | BankerStrategy
              ) -> tuple[Any, ...]:
    """A key for the recursions through the subgames after a swap: many decisions lead to
    the same subgame, which is computed once per call (a strategy by identity; the memo
    keeps it alive, so identities are not reused within the call)."""
    return (game.key, *(id(x) for x in strategies))


def _evaluate(p: PlayerStrategy, b: BankerStrategy, game: HeadsUpGame,
              memo: dict[Any, Any]) -> Value:
    key = ("evaluate", *_memo_key(game, p, b))
    if key in memo:
        out: Value = memo[key][0]
        return out
    if b.kind != "behavioural" and policy.is_threshold(p.name) and game.swap_target:
        # a rule of thumb plays on the same cards the same way whether one is face down or
        # up, and this banker does not read them: a swap is worth the card face up (`_reply`)
        p = replace(p, hit=tuple(0 if i in game.swap_target else h
                                 for i, h in enumerate(p.hit)))
    splits = any(p.hit[st.index] for st in game.infosets if st.kind == "split")
    exact = p.exact and b.exact and not splits
    s = _solver(game, exact)
    stand = s.stand_values(b)
    hit = list(p.hit) if exact else [float(x) for x in p.hit]
    swaps = {i: _evaluate(_sub_player(p, game, i), _sub_banker(b, game, i),
                          game.swap_subgame(i), memo)
             for i in game.swap_target if hit[i]}
    swaps.update(_split_terms(game, b, hit, p.name)[0])
    shown = s.with_swaps(s.shown_values(b), swaps)
    if exact and all(h == 0 or h == 1 for h in hit):
        value = s.policy_value(stand, shown, hit)
    else:
        value, _, _ = s.player_values(stand, shown, hit)
    result = Fraction(value) if exact else float(value)
    memo[key] = (result, p, b)
    return result


def _split_terms(game: HeadsUpGame, b: BankerStrategy | None,
                 only: Sequence[Any] | None = None, player: str | None = None
                 ) -> tuple[dict[int, float], dict[int, float]]:
    """Per split decision: the value (all hands' stakes, per unit of the first) of the rest
    of the hand after splitting, and the extra hands it opens on average. The rest is of
    perfect information (`settemezzo.split`): the player plays its best there (or its rule
    of thumb, ``player`` ``threshold:K,split``); the banker its best (``b`` None, an
    equilibrium, a best reply, omniscient) or its rule of thumb.
    ``only``: chances of splitting per decision; decisions where it is 0 are left out.
    Float (the exact rational method is for small decks only)."""
    name = b.name if b is not None and b.kind == "threshold" else "best"
    who = (policy.threshold_name(policy.parse(player).k)
           if player is not None and policy.is_threshold(player) else "best")
    values: dict[int, float] = {}
    extra: dict[int, float] = {}
    for st in game.infosets:
        if st.kind != "split" or (only is not None and not only[st.index]):
            continue
        key = ("split", st.burnt, name, who)
        if key not in game.memo:
            deck = game.deck if st.burnt is None else _deck_without(game, st.burnt)
            for k in game.start:  # after a swap: the figure turned up is one of the two
                deck = with_card(deck, k)
            game.memo[key] = _split_of(split_rules(game.rules), deck, who, name)
        values[st.index], extra[st.index] = game.memo[key]
    return values, extra


@lru_cache(maxsize=256)
def _split_of(rules: Rules, deck: Unseen, player: str, banker: str) -> tuple[float, float]:
    """`_split_terms`'s value and extra hands of one split, once per rule set, deck and
    players (a game and its subgames after a swap that turned a figure up often split
    from the same deck)."""
    from settemezzo.split import split_value

    r = split_value(rules, deck, player=player, banker=banker, method="float")
    return r.value, r.expected_hands - 1


def split_rules(rules: Rules) -> Rules:
    """The rules the rest of a hand after a split is valued under: at most two hands, and no
    swap inside them (`settemezzo.game.restriction_codes`: the player declines those moves)."""
    if rules.split_figures <= MODELLED_HANDS and not rules.swap_hidden:
        return rules
    return replace(rules, split_figures=min(rules.split_figures, MODELLED_HANDS),
                   swap_hidden=False)


def _stake_extras(game: HeadsUpGame, p: PlayerStrategy, b: BankerStrategy | None
                  ) -> dict[int, float]:
    """The extra stakes per decision for `_Solver.expected_stake`: the hands a split opens,
    and (under split_figures with swap_hidden) those opened inside the subgame after a swap
    that turned a figure up, where a face-down figure may follow."""
    extra = _split_terms(game, b if b is not None and b.kind == "threshold" else None,
                         p.hit, p.name)[1]
    if game.rules.split_figures > 1 and game.rules.swap_hidden:
        for i, target in game.swap_target.items():
            if p.hit[i] and target == (Kind.FIGURE,):
                sub = game.swap_subgame(i)
                more = float(expected_stake(_sub_player(p, game, i),
                                            None if b is None else _sub_banker(b, game, i),
                                            sub)) - 1.0
                if more:
                    extra[i] = more
    return extra


def expected_stake(player: PlayerStrategy | str, banker: BankerStrategy | str | None = None,
                   rules: Rules | HeadsUpGame = ITALIAN, deck: Unseen | None = None) -> Value:
    """The player's expected stake in chips when ``player`` meets ``banker`` (None: a banker
    playing its best): 1 unless the stake is chosen after the first card or a split opens a
    second hand (whose play after the split depends on the banker). Exact without splits."""
    game = _game(rules, deck)
    p = player_policy(player, game) if isinstance(player, str) else player
    b = banker_policy(banker, game) if isinstance(banker, str) else banker
    extra = _stake_extras(game, p, b)
    exact = p.exact and not extra
    hit = list(p.hit) if exact else [float(x) for x in p.hit]
    out = _solver(game, exact).expected_stake(hit, extra)
    return Fraction(out) if exact else float(out)


def _deck_without(game: HeadsUpGame, kind: Any) -> Unseen:
    from settemezzo.game import _without

    return _without(game.deck, (kind,), game.rules)


def subgame_key(game: HeadsUpGame) -> tuple[Unseen, tuple[Any, ...]]:
    """How strategies name a subgame after a swap: its deck and the player's face-up cards."""
    return (game.deck, game.start)


def _sub_player(p: PlayerStrategy, game: HeadsUpGame, i: int) -> PlayerStrategy:
    """The player's strategy in the subgame after the swap at decision ``i``."""
    sub = game.swap_subgame(i)
    if p.sub is not None and subgame_key(sub) in p.sub:
        out: PlayerStrategy = p.sub[subgame_key(sub)]
        return out
    if policy.is_threshold(p.name):
        return player_policy(p.name, sub)
    raise SolverError(f"the player strategy {p.name!r} swaps at {game.infosets[i].label} "
                      f"but has no play for what follows")


def _sub_banker(b: BankerStrategy, game: HeadsUpGame, i: int) -> BankerStrategy:
    """The banker's strategy in the subgame after the swap at decision ``i``."""
    if b.kind != "behavioural":
        return b
    sub = game.swap_subgame(i)
    if b.sub is not None and subgame_key(sub) in b.sub:
        out: BankerStrategy = b.sub[subgame_key(sub)]
        return out
    raise SolverError(f"the banker strategy {b.name!r} has no play for the subgame after a "
                      f"swap at {game.infosets[i].label}")


def best_response(opponent: PlayerStrategy | BankerStrategy | str,
                  side: Literal["player", "banker"], rules: Rules | HeadsUpGame = ITALIAN,
                  deck: Unseen | None = None) -> BestResponse:
    """The best reply of ``side`` to the opponent's fixed strategy (exact when it is pure).

    ``opponent`` is a strategy or a policy name of the *other* side (``threshold:5``...).
    """
    game = _game(rules, deck)
    if side == "player":
        b = banker_policy(opponent, game) if isinstance(opponent, str) else opponent
        if not isinstance(b, BankerStrategy):
            raise RulesError("the player's best response needs a banker strategy")
        r = _reply(game, b)
        return BestResponse(r.value, "player", r.strategy)
    if side != "banker":
        raise RulesError(f"side must be 'player' or 'banker', got {side!r}")
    p = player_policy(opponent, game) if isinstance(opponent, str) else opponent
    if not isinstance(p, PlayerStrategy):
        raise RulesError("the banker's best response needs a player strategy")
    return _banker_reply(game, p, {})


def _banker_reply(game: HeadsUpGame, p: PlayerStrategy, memo: dict[Any, Any]
                  ) -> BestResponse:
    """The banker's best reply to ``p``, recursively through the subgames after a swap."""
    key = ("banker", *_memo_key(game, p))
    if key in memo:
        out: BestResponse = memo[key][0]
        return out
    replies: dict[Any, BestResponse] = {}
    for i in game.swap_target:
        sub = game.swap_subgame(i)
        if p.hit[i] and subgame_key(sub) not in replies:
            replies[subgame_key(sub)] = _banker_reply(sub, _sub_player(p, game, i), memo)
    swaps = {i: replies[subgame_key(game.swap_subgame(i))].value for i in game.swap_target
             if p.hit[i]}
    swaps.update(_split_terms(game, None, p.hit, p.name)[0])
    q = p
    if swaps and any(isinstance(v, float) for v in swaps.values()) and p.exact:
        q = replace(p, hit=tuple(float(x) for x in p.hit))  # a split's value is a float
    value, choice = _banker_best(game, q, swaps)
    conv: Any = object if q.exact else np.float64
    reply = BankerStrategy(f"best reply to {p.name}", "behavioural",
                           hit=(choice == HIT).astype(conv) * 1,
                           burn=(choice == BURN).astype(conv) * 1 if game.rules.burn else None,
                           sub={k: br.strategy for k, br in replies.items()} if replies
                           else None)
    result = BestResponse(value, "banker", reply)
    memo[key] = (result, p)
    return result


@dataclass(frozen=True)
class Reply:
    """The player's best reply to a banker strategy, with what tables show of it: the
    values per information set (``V``), the terminal values (``T``, swaps valued by their
    subgames) and, when asked, the same for the chance of winning (``W``, ``T_win``)."""

    value: Value
    strategy: PlayerStrategy
    stand: Any
    V: list[Any]
    T: Terminal
    win: Value | None = None
    stand_win: Any = None
    W: list[Any] | None = None
    T_win: Terminal | None = None


def _reply(game: HeadsUpGame, b: BankerStrategy, win: bool = False,
           memo: dict[Any, Any] | None = None) -> Reply:
    """The player's best reply to ``b`` (exact when ``b`` is pure), recursively through the
    subgames after a swap.

    A rule of thumb or the omniscient banker does not read the player's face-up cards, and
    a swap changes nothing else (the same cards, known to the player either way): against
    them a swap is worth exactly what taking the card face up is worth, and no subgame is
    needed (``swap_as_up``).
    """
    exact = b.exact and not any(st.kind == "split" for st in game.infosets)
    memo = {} if memo is None else memo
    key = ("reply", win, *_memo_key(game, b))
    if key in memo:
        done: Reply = memo[key][0]
        return done
    sv = _solver(game, exact, "value")
    subs: dict[Any, Reply] = {}
    plain = b.kind != "behavioural"
    if not plain:
        for i in game.swap_target:
            sub = game.swap_subgame(i)
            if subgame_key(sub) not in subs:
                subs[subgame_key(sub)] = _reply(sub, _sub_banker(b, game, i), win, memo)
    of = {i: subgame_key(game.swap_subgame(i)) for i in game.swap_target} if subs else {}
    stand = sv.stand_values(b)
    split_values = _split_terms(game, b)[0]
    T = sv.with_swaps(sv.shown_values(b), {**{i: subs[k].value for i, k in of.items()},
                                           **split_values})
    value, V, best = sv.player_values(stand, T, None, swap_as_up=plain)
    strat = PlayerStrategy(f"best reply to {b.name}", tuple(best),
                           {k: r.strategy for k, r in subs.items()} if subs else None)
    value = Fraction(value) if exact else float(value)
    if not win:
        memo[key] = (Reply(value, strat, stand, V, T), b)
        return memo[key][0]  # type: ignore[no-any-return]
    sw = _solver(game, exact, "win")
    stand_win = sw.stand_values(b, chooser=sv)
    # (the chance of winning after a split, over several hands, is not computed: NaN)
    T_win = sw.with_swaps(sw.shown_values(b, chooser=sv),
                          {**{i: subs[k].win for i, k in of.items()},
                           **{i: float("nan") for i in split_values}})
    w, W, _ = sw.player_values(stand_win, T_win, best)
    memo[key] = (Reply(value, strat, stand, V, T, Fraction(w) if exact else float(w),
                       stand_win, W, T_win), b)
    return memo[key][0]  # type: ignore[no-any-return]


def _banker_best(game: HeadsUpGame, p: PlayerStrategy,
                 swaps: dict[int, Any]) -> tuple[Value, Any]:
    """The banker's best reply to a player strategy: value and choice[g, j] (0 stand,
    1 hit, 2 burn); ``swaps`` values the subgames after a swap (see `_Solver.with_swaps`).

    Exact (integer arithmetic on the rows where the player stands) for a pure player
    policy; float for a mixed one.
    """
    if not p.exact:
        s = _solver(game, False)
        hit_f = [float(x) for x in p.hit]
        own, stand_f = s.realization(hit_f)
        weights = np.array(s.reach, dtype=np.float64) * np.array(stand_f) * s.stake
        G, decisions = s.stand_rows.grouped_best(weights, s.group, len(game.publics))
        shown = s.with_swaps(s.shown_values(BankerStrategy("best", "omniscient")), swaps)
        return float(G.sum() + s.linear_part(hit_f, shown, own)), decisions
    s = _solver(game, True)
    hit = list(p.hit)
    own, stand = s.realization(hit)
    rows = [i for i in range(len(game.infosets)) if stand[i] and s.reach[i]]
    # one public state = one number of cards dealt, so one common denominator per group
    den = [0] * len(game.publics)
    for i in rows:
        st = game.infosets[i]
        den[st.public] = _falling(game.n_cards, 1 + len(st.up) + (st.burnt is not None))
    weights = np.array([int(s.reach[i] * stand[i] * den[game.infosets[i].public])
                        * int(s.stake[i]) for i in rows], dtype=object)
    sub = _BankerRows(game, s._stand_decks[rows], s._stand_score[rows])
    group = s.group[rows]
    G, decisions = sub.grouped_best(weights, group, len(game.publics))
    value = s.linear_part(hit, s.with_swaps(s.shown_values(BankerStrategy("best", "omniscient")),
                                            swaps), own)
    scale_of = {int(g): int(sc) for g, sc in zip(group, sub.scale, strict=True)}
    for g, sc in scale_of.items():
        value += Fraction(int(G[g]), den[g] * sc)
    return Fraction(value), decisions


def _falling(n: int, k: int) -> int:
    out = 1
    for t in range(k):
        out *= n - t
    return out


@dataclass(frozen=True)
class Equilibrium:
    """A certified equilibrium of the heads-up game.

    ``value`` is the player's expected gain at equilibrium, in chips (per unit stake when
    the stake is fixed); ``expected_stake`` the player's mean stake; the banker's edge is
    ``-value / expected_stake``. ``lower`` is the exact value of the player's strategy against the
    banker's best reply to it, ``upper`` that of the banker's strategy against the player's
    best reply; the game value lies in [lower, upper] and ``exploitability = upper - lower``.
    """

    rules: Rules
    value: float
    lower: float
    upper: float
    player: PlayerStrategy
    banker: BankerStrategy
    iterations: int
    seconds: float
    lp_value: float
    expected_stake: float = 1.0
    subgames: frozenset[Any] = frozenset()  # keys of the subgames after a swap, all levels

    @property
    def exploitability(self) -> float:
        return self.upper - self.lower

    @property
    def banker_edge(self) -> float:
        """The banker's gain per unit of expected stake."""
        return -self.value / self.expected_stake

    @property
    def restriction_codes(self) -> tuple[str, ...]:
        """() for an equilibrium of the whole game; else what the player is kept from doing
        (`settemezzo.game.restriction_codes`): then ``lower`` bounds the player's value in
        the whole game from below, and ``banker_edge`` is the most the banker gains against
        ``player``; the whole game's equilibrium is not known."""
        return restriction_codes(self.rules)

    def __repr__(self) -> str:
        return (f"Equilibrium({self.rules.spec()}: player value {self.value:+.9f}, "
                f"banker edge {self.banker_edge:.4%}, certificate [{self.lower:.12f}, "
                f"{self.upper:.12f}], {self.iterations} LP rounds"
                + (f", {len(self.subgames)} subgames after a swap" if self.subgames else "")
                + (f"; restricted: {', '.join(self.restriction_codes)}"
                   if self.restriction_codes else "")
                + f", {self.seconds:.2f} s)")


def release_solvers(game: HeadsUpGame) -> None:
    """Drop the solvers kept in the memo of ``game`` and of its subgames (the largest part
    of a solved game's memory; rebuilt if asked for again). `settemezzo.results` calls it
    once a result is computed and kept."""
    for key in [k for k in game.memo if isinstance(k, tuple) and k[0] == "solver"]:
        del game.memo[key]
    for sub in game._subgames.values():
        release_solvers(sub)


def remember_equilibrium(game: HeadsUpGame, eq: Equilibrium) -> None:
    """Give ``game`` an equilibrium solved before (on an equal game since freed), so that
    `equilibrium` answers from it (`settemezzo.results` keeps equilibria longer than games)."""
    game.memo.setdefault("equilibrium", eq)


def equilibrium(rules: Rules | HeadsUpGame = ITALIAN, deck: Unseen | None = None,
                tol: float = 2e-10, max_rounds: int = 200) -> Equilibrium:
    """Solve the heads-up game: both sides' strategies, the value, and the certificate.

    The steps: the subgames after a swap first (`_subgame_equilibria`); the sequence-form
    program's objective (`_lp_objective`) and realization constraints (`_lp_realization`);
    the banker's stopping rules as cuts (`_Cuts`), generated by the cutting-plane loop
    (`_cutting_planes`); the strategies read off its last solution (`_lp_strategies`); the
    certificate (`_certificate`).
    """
    game = _game(rules, deck)
    key = "equilibrium"  # kept in `HeadsUpGame.memo`, freed with the game
    if key in game.memo:
        cached: Equilibrium = game.memo[key]
        return cached if cached.rules == game.rules else replace(cached, rules=game.rules)
    with gc_paused():  # the solve's arrays and trees are not garbage in cycles
        eq = _solve(game, tol, max_rounds)
    game.memo[key] = eq
    return eq


def _solve(game: HeadsUpGame, tol: float, max_rounds: int) -> Equilibrium:
    """`equilibrium`'s work, uncached."""
    t0 = time.perf_counter()
    subs = _subgame_equilibria(game, tol, max_rounds)
    split_values, split_extra = _split_terms(game, None)
    s = _solver(game, False)
    T = s.with_swaps(s.shown_values(BankerStrategy("best", "omniscient")),
                     _sub_values(game, subs, split_values, "value"))
    const = float(s.root_value(T))
    if not game.infosets:  # after a swap, every next card finishes the hand: no choice
        eq = Equilibrium(game.rules, const, const, const, PlayerStrategy("equilibrium", ()),
                         BankerStrategy("equilibrium", "behavioural",
                                        hit=np.zeros((0, len(game.banker_nodes)))),
                         0, time.perf_counter() - t0, const)
        return eq
    sol, player, banker, low, upper = _solve_lp(s, T, const, subs, split_values, tol,
                                                 max_rounds)
    keys, of = _swap_keys(game)  # splits inside the subgames after a swap open hands too
    more = [subs[k].expected_stake - 1.0 for k in keys]
    for i, u in of:
        if more[u]:
            split_extra[i] = more[u]
    stake_mean = float(s.expected_stake([float(v) for v in player.hit], split_extra))
    below = frozenset(subs).union(*(e.subgames for e in subs.values()))
    eq = Equilibrium(game.rules, (upper + low) / 2, low, upper, player, banker, sol.rounds,
                     time.perf_counter() - t0, sol.lp_value, stake_mean, below)
    return eq


def _solve_lp(s: _Solver, T: Terminal, const: float, subs: dict[Any, Equilibrium],
              split_values: dict[int, float], tol: float, max_rounds: int
              ) -> tuple[_LPSolution, PlayerStrategy, BankerStrategy, float, float]:
    """The LP's objective, its cutting-plane solution, both sides' strategies and their
    certificate; the last round solved afresh (`_polish`) if the certificate is wider than
    `CERTIFICATE_TARGET`, and `SolverError` if it is still wider than `CERTIFICATE_LIMIT`."""
    game = s.game
    c = _lp_objective(s, T)
    cuts = _Cuts(s)
    sol = _cutting_planes(s, c, const, cuts, tol, max_rounds)
    lower_subs = _sub_values(game, subs, split_values, "lower")
    upper_subs = _sub_values(game, subs, split_values, "upper")
    player, banker = _lp_strategies(game, sol, cuts, subs)
    low, upper = _certificate(s, player, banker, lower_subs, upper_subs)
    if upper - low > CERTIFICATE_TARGET and not ALWAYS_POLISH:
        sol = _polish(sol)
        player, banker = _lp_strategies(game, sol, cuts, subs)
        low, upper = _certificate(s, player, banker, lower_subs, upper_subs)
    if upper - low > CERTIFICATE_LIMIT:
        raise SolverError(f"the equilibrium found is not certified: the game value lies in "
                          f"[{low:.12f}, {upper:.12f}], wider than {CERTIFICATE_LIMIT:g}")
    return sol, player, banker, low, upper


def _subgame_equilibria(game: HeadsUpGame, tol: float, max_rounds: int
                        ) -> dict[Any, Equilibrium]:
    """Under ``swap_hidden``, the equilibrium of each subgame after a swap, by `subgame_key`
    (each a proper subgame, see `settemezzo.game`): the game counts each by its equilibrium
    value, the certificate by its two bounds."""
    subs: dict[Any, Equilibrium] = {}
    seen: set[int] = set()  # the subgames met, by identity (many decisions share one)
    for i in game.swap_target:
        sub = game.swap_subgame(i)
        if id(sub) not in seen:
            seen.add(id(sub))
            key = subgame_key(sub)
            if key not in subs:
                subs[key] = equilibrium(sub, tol=tol, max_rounds=max_rounds)
    return subs


def _sub_values(game: HeadsUpGame, subs: dict[Any, Equilibrium], split_values: dict[int, float],
                which: Literal["value", "lower", "upper"]) -> dict[int, float]:
    """The value of each swap (its subgame's ``which``) and split move, by decision."""
    keys, of = _swap_keys(game)
    vals = [float(getattr(subs[k], which)) for k in keys]
    return {**{i: vals[u] for i, u in of}, **split_values}


def _swap_keys(game: HeadsUpGame) -> tuple[list[Any], list[tuple[int, int]]]:
    """The `subgame_key` of the subgame after each swap decision, once per game: the
    distinct keys, and per decision (in `HeadsUpGame.swap_target`'s order) the place of its
    key among them."""
    out: tuple[list[Any], list[tuple[int, int]]] | None = game.memo.get("swap keys")
    if out is None:
        place: dict[int, int] = {}  # by the subgame's identity: one key per subgame
        keys: list[Any] = []
        of = []
        for i in game.swap_target:
            sub = game.swap_subgame(i)
            if id(sub) not in place:
                place[id(sub)] = len(keys)
                keys.append(subgame_key(sub))
            of.append((i, place[id(sub)]))
        out = game.memo["swap keys"] = (keys, of)
    return out


def _lp_objective(s: _Solver, T: Terminal) -> FloatArray:
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
    c[HIT:nx:2] = _finished_terms(s, 1, T)
    c[STAND:nx:2] = _finished_terms(s, 0, T)
    c[nx:] = 1.0
    return c


def _finished_terms(s: _Solver, action: int, T: Terminal) -> FloatArray:
    """Per information set, its reach times the sum (in order, from 0) of chance times value
    over its children after ``action`` (``children`` or ``children0``) that finish the hand
    (`_finished_sums`)."""
    out: FloatArray = np.array(s.reach, dtype=np.float64) * _finished_sums(s, action, T)
    return out


def _finished_sums(s: _Solver, action: int, T: Terminal) -> FloatArray:
    """Per information set, the sum (in order, from 0) of chance times value (``T``'s) over
    its children after ``action`` that finish the hand: the children's products at once,
    then added a place at a time (`_finishing`)."""
    at, probs, by_place = _finishing(s, action)
    prod = probs * T.floats(action)[at]
    acc = np.zeros(len(s.reach))
    for place, i in by_place:
        acc[i] += prod[place]
    return acc


def _finishing(s: _Solver, action: int) -> tuple[
        npt.NDArray[np.int64], FloatArray,
        list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]]]:
    """The children after ``action`` that finish the hand, in order, once per (float)
    solver: where each is among all the children laid end to end (`_Solver._tree`, as
    `Terminal.floats`) and its chance; and by their place among their information set's
    (first, second...), which of them, and whose."""
    key = ("finishing", action)
    out = s.memo.get(key)
    if out is None:
        tree = s._tree
        ptr, kid, prob = (tree.ptr1, tree.kid1, tree.prob1) if action else \
            (tree.ptr0, tree.kid0, tree.prob0)
        at = np.flatnonzero(kid < 0)
        rows = np.repeat(np.arange(len(ptr) - 1), np.diff(ptr))[at]
        place = np.arange(len(at)) - np.searchsorted(rows, rows)
        by_place = [(np.flatnonzero(place == k), rows[place == k])
                    for k in range(int(place.max(initial=-1)) + 1)]
        out = s.memo[key] = (at, prob[at], by_place)
    return out


def _lp_realization(game: HeadsUpGame) -> tuple[_CSR, FloatArray]:
    """The realization-plan constraints ``x(I, STAND) + x(I, HIT) = x(parent sequence)``
    (1 at a first decision), as ``A_eq x = b_eq`` over the columns of `_lp_objective`.

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
    return _CSR(indptr, cols[order], (nI, nx + len(game.publics)), vals[order]), b_eq


class _Cuts:
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

    def __init__(self, s: _Solver) -> None:
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
        self.policy = np.zeros((0, J), dtype=np.int8)        # per cut: its rule
        self._batches: list[tuple[npt.NDArray[np.int64], FloatArray]] = []
        self.built = 0                                       # batches already in the LP
        self.blocks: list[_ExactBlock] = []                  # the exact states
        self._pending: list[_ExactBlock] = []                # blocks not yet in the LP
        self.segments: list[tuple[str, int, int]] = []       # LP rows: (kind, first, count)
        self.n_extra = 0                                     # the blocks' columns
        self.is_exact = np.zeros(self.G, dtype=bool)

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
        assert isinstance(rows, _FloatRows)
        members = self.members(which)
        sub = choice[which]
        local = np.repeat(np.arange(len(which)), self.count[which])
        vals = rows.group_values((sub == HIT).astype(np.float64),
                                 (sub == BURN).astype(np.float64), local, members)
        self._append(sub, which, members, vals)

    def add_thresholds(self, ks: Sequence[int] = START_THRESHOLDS) -> None:
        """The starting cuts: the banker's rules of thumb (hit below ``k`` half-points,
        `START_THRESHOLDS`) everywhere. A rule of thumb plays alike in every public state,
        so each distinct situation (deck and player's score) is valued once."""
        uniq, inverse = self.s._stand_unique
        nodes = self.s.game.banker_nodes
        which = np.arange(self.G)
        members = self.members(which)
        for k in ks:
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
        self.policy = np.concatenate([self.policy, policy])

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
        assert isinstance(rows, _FloatRows)
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

    def new_rows(self) -> _CSR:
        """The rows not yet in the LP: the new cuts (`_cut_rows`), then the new exact blocks'
        rows; `segments` records which LP rows are which."""
        parts: list[_CSR] = []
        batches = self._batches[self.built:]
        self.built = len(self._batches)
        if batches:
            first = len(self.group) - sum(len(w) for w, _ in batches)
            parts.append(self._cut_rows(batches))
            self.segments.append(("cuts", first, parts[-1].shape[0]))
        for block in self._pending:
            A = block.A
            parts.append(_CSR(A.indptr, A.indices, (A.shape[0], self.n_cols), A.data))
            self.segments.append(("block", len(self.blocks), A.shape[0]))
            self.blocks.append(block)
        self._pending = []
        return parts[0] if len(parts) == 1 else _CSR.stack(parts, self.n_cols)

    def _cut_rows(self, batches: list[tuple[npt.NDArray[np.int64], FloatArray]]) -> _CSR:
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
        return _CSR(indptr, indices, (len(which), self.n_cols), data)

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
class _ExactBlock:
    """A public state ``g`` made exact in the LP: the banker's programme over its hands
    ``nodes`` (those the cards can reach there), a value column ``v_j`` each from column
    ``first`` on, and the rows ``A`` (over the LP's columns so far), which say

    - ``v_j <= sum_i w_i S_j(i) x(i, STAND)`` (standing at ``j``; not for a hand that must
      draw),
    - ``v_j <= sum_i w_i F_j(i) x(i, STAND) + sum of v over the hands one card on``
      (hitting),
    - ``v_j <= v_b`` (burning, to burnt hand ``b``, where the rules allow it),
    - ``t_g <= v_root``,

    with ``S``, ``F`` the banker's stand and finished terms (`_FloatRows`) and ``w_i`` each
    decision's chance times stake times `LP_SCALE`. The banker's best reply is the least of
    these: the LP's ``t_g`` is the value of its best programme, exactly as if every
    stopping rule were a cut. ``action`` per row: STAND, HIT, BURN, or -1 (the ``t_g`` row);
    ``local`` per row: its hand's index in ``nodes``. The rows' duals are the banker's flow
    through each hand and action (`_block_flows`).

    Toy game (`_Cuts`'s, by hand): the empty hand 0 must draw, into hand 1 or a bust (F);
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


def _exact_block(cuts: _Cuts, rows: _FloatRows, g: int, first: int) -> _ExactBlock:
    """The `_ExactBlock` of public state ``g``, its columns from ``first`` on."""
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
    return _ExactBlock(g, keep, first, np.array(local, dtype=np.int64),
                       np.array(action, dtype=np.int64), A)


@dataclass(frozen=True)
class _LPSolution:
    """The cutting-plane loop's last LP solution: sequences ``x``, the HiGHS result, the
    rounds it took, the LP's value (the player's, unscaled, plus the constant part) and the
    LP itself (for `_polish`)."""

    x: FloatArray
    res: _LPResult
    rounds: int
    lp_value: float
    lp: _LP
    const: float


def _master_lp(s: _Solver, c: FloatArray, cuts: _Cuts) -> _LP:
    """The restricted program before any cut: maximise ``c.x + sum_g t_g`` (as a minimum of
    minus that, payoffs times `LP_SCALE`) over the realization plans ``x >= 0``
    (`_lp_realization`), with every ``t_g`` free until the cuts bound it.

    Values enter the LP scaled by `LP_SCALE`: HiGHS's tolerances are absolute, so this buys
    precision on the payoff side (the realization constraints are not scaled).

    Toy game (`_lp_objective`'s): costs ``[-0 · 1000, 1/2 · 1000, -1]`` for
    ``x(0, STAND), x(0, HIT), t_0``.
    """
    nx, G = cuts.nx, cuts.G
    cost = -c * LP_SCALE
    cost[nx:] = -1.0
    A_eq, b_eq = _lp_realization(s.game)
    lo = np.concatenate([np.zeros(nx), np.full(G, -np.inf)])
    return _LP(cost, A_eq, b_eq, lo, np.full(nx + G, np.inf))


def _cutting_planes(s: _Solver, c: FloatArray, const: float, cuts: _Cuts, tol: float,
                    max_rounds: int) -> _LPSolution:
    """Solve the restricted LP, add the banker's best reply at each public state whose
    ``t_g`` it beats, and repeat until none does (or the gap to the player's guaranteed
    value is below ``tol``). The first round starts from its optimal basis, known in advance
    (`_first_basis`); each later round restarts HiGHS from the last basis (warm start);
    the last round is then solved afresh, without the warm start's drift, and checked like
    any other (`ALWAYS_POLISH`; without it `equilibrium` does so (`_polish`) only if the
    certificate of the warm-started answer is not tight enough).
    """
    nx, G = cuts.nx, cuts.G
    if not cuts.built:
        cuts.add_thresholds()
    lp = _master_lp(s, c, cuts)
    lp.add_rows(cuts.new_rows(), cuts.n_cols)
    sole = cuts.sole()
    if sole is not None:  # one cut per state: the first LP's answer is known
        lp.set_basis(_first_basis(s.game, c, *sole, G))
    rounds, previous, cold = 0, np.inf, False
    streak = np.zeros(G, dtype=np.int64)
    while True:
        rounds += 1
        lp.add_rows(cuts.new_rows(), cuts.n_cols)
        res = lp.solve(rounds, cold=cold)
        x = res.x[:nx]
        lp_value = -res.fun / LP_SCALE + const
        weights = cuts.reach * np.maximum(x[0::2], 0.0) * s.is_play
        Gv, decisions = s.stand_rows.grouped_best(weights, s.group, G)
        # (an elementwise sum, not ``c @ x``: a BLAS dot wakes OpenBLAS's threads, which then
        # spin for a while; a seventh of SPANISH's CPU time, stolen from anything else running)
        lower = float(np.multiply(c[:nx], x).sum() + Gv.sum()) + const
        viol = np.flatnonzero(Gv < res.x[nx:nx + G] / LP_SCALE - 1e-12)
        viol = viol[~cuts.is_exact[viol]]  # an exact state's t_g is its best reply already
        stalled = previous - lp_value < 1e-13 and lp_value - lower < 100 * tol
        if lp_value - lower <= tol or len(viol) == 0 or stalled:
            # (a stall is floating-point noise; the certificate measures it)
            if cold or rounds == 1 or not ALWAYS_POLISH:
                return _LPSolution(x, res, rounds, lp_value, lp, const)
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


def _first_basis(game: HeadsUpGame, c: FloatArray, members: npt.NDArray[np.int64],
                 coef: FloatArray, G: int) -> npt.NDArray[np.int64]:
    """The optimal basis of the first LP, where each public state has one cut (the rule of
    thumb): then ``t_g`` is that cut, linear in ``x``, and the LP is the player's best
    reply to the rule of thumb, found here by backward induction instead of thousands of
    simplex pivots. ``c``: the LP's objective (`_lp_objective`); ``members``, ``coef``: the
    decisions of the cuts and their coefficients (`_Cuts.sole`); ``G`` public states.
    Returns the basic columns: at each decision the better action's sequence, and every
    ``t_g``; every row is at its bound (the equality rows, and each state's one cut).

    Why it is a basis: each decision has one basic sequence, so the realization rows are
    triangular in them; each ``t_g`` is fixed by its cut. Why it is optimal: the realization
    rows' duals are the decisions' values, so the other action's reduced cost is the
    difference of the two actions' values, never in favour of the action left out.

    Toy game (`_lp_objective`'s, with the cut of `_Cuts`'s toy: standing worth
    ``(0.4 - 0.6) · 1000``): hitting is worth ``-1/2 · 1000``, standing ``-0.2 · 1000``:
    the basic columns are ``x(0, STAND)`` and ``t_0``.
    """
    nI = len(game.infosets)
    nx = 2 * nI
    gain = c[:nx] * LP_SCALE  # what the player gains, as the LP counts it (`_master_lp`)
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


def _polish(sol: _LPSolution) -> _LPSolution:
    """The last round's LP solved afresh (no warm start, so none of its drift)."""
    res = sol.lp.solve(sol.rounds + 1, cold=True)
    nx = len(sol.x)
    return _LPSolution(res.x[:nx], res, sol.rounds + 1, -res.fun / LP_SCALE + sol.const,
                       sol.lp, sol.const)


def _lp_strategies(game: HeadsUpGame, sol: _LPSolution, cuts: _Cuts,
                   subs: dict[Any, Equilibrium]) -> tuple[PlayerStrategy, BankerStrategy]:
    """Both sides' strategies from the LP's solution: the player's chance of hitting is
    ``x(I, HIT) / (x(I, STAND) + x(I, HIT))`` (0 where ``I`` is never reached); the
    banker's mixture over its stopping rules is the cuts' duals (`_mixture_to_behaviour`).

    Toy game: ``x(0, STAND) = 0.25, x(0, HIT) = 0.75`` is a 75% chance of hitting.
    """
    pairs = sol.x.reshape(-1, 2)
    tot = pairs.sum(axis=1)
    p_hit = np.where(tot > 1e-14, pairs[:, 1] / np.where(tot > 1e-14, tot, 1.0), 0.0)
    p_hit = np.clip(p_hit, 0.0, 1.0)
    player = PlayerStrategy("equilibrium", tuple(float(v) for v in p_hit),
                            {k: e.player for k, e in subs.items()} if subs else None)
    lam, per_block = cuts.split_duals(-sol.res.cut_duals)  # >= 0
    hit, burn = _mixture_to_behaviour(game, lam, cuts.group, cuts.policy,
                                      _block_flows(game, cuts.blocks, per_block))
    banker = BankerStrategy("equilibrium", "behavioural", hit=hit,
                            burn=burn if game.rules.burn else None,
                            sub={k: e.banker for k, e in subs.items()} if subs else None)
    return player, banker


def _certificate(s: _Solver, player: PlayerStrategy, banker: BankerStrategy,
                 lower_subs: dict[int, float], upper_subs: dict[int, float]
                 ) -> tuple[float, float]:
    """Both sides' best replies to the strategies found, which bracket the game value:
    ``(lower, upper)``. After a swap, the subgames' own certificates bound what follows
    (``lower_subs``, ``upper_subs``).

    Toy game: if the banker's best reply holds the player to -0.2 and the player's best
    reply to the banker gains -0.2 as well, the value is -0.2 exactly (gap 0).
    """
    sb = BankerStrategy("best", "omniscient")
    upper = float(s.player_values(s.stand_values(banker),
                                  s.with_swaps(s.shown_values(sb), upper_subs), None)[0])
    low = float(_banker_best(s.game, player, lower_subs)[0])
    return low, upper


@contextlib.contextmanager
def _quiet_stdout() -> Iterator[None]:
    """Silence what C code writes to the process's standard output (file descriptor 1)."""
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
class _LPResult:
    x: FloatArray
    fun: float
    cut_duals: FloatArray     # duals of the cut rows (the equality rows come first)


class _LP:
    """min c.x subject to A_eq x = b_eq, cuts A x <= 0, lo <= x <= hi; on HiGHS (highspy).

    Rows are added between solves and HiGHS restarts its dual simplex from the previous
    basis, so each round costs a few pivots rather than a fresh solve. The model status is
    checked after every solve.
    """

    def __init__(self, c: FloatArray, A_eq: _CSR, b_eq: FloatArray,
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
        inf = highspy.kHighsInf
        h.addVars(len(c), np.maximum(lo, -inf), np.minimum(hi, inf))
        h.changeColsCost(len(c), np.arange(len(c), dtype=np.int32), c)
        self.h = h
        self.inf = inf
        self.n_eq = A_eq.shape[0]
        self._add(A_eq, b_eq, b_eq)

    def _add(self, A: _CSR, lo: FloatArray, hi: FloatArray) -> None:
        if A.shape[0]:
            self.h.addRows(A.shape[0], lo, hi, A.nnz, A.indptr[:-1].astype(np.int32),
                           A.indices.astype(np.int32), A.data)

    def add_rows(self, A: _CSR, n_cols: int) -> None:
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
        col = np.array([st.kLower, st.kBasic], dtype=object)[pick].tolist()
        basis = self.hs.HighsBasis()
        basis.col_status = col
        basis.row_status = [st.kLower] * self.n_eq + [st.kUpper] * (h.getNumRow() - self.n_eq)
        basis.valid = True
        if h.setBasis(basis) != self.hs.HighsStatus.kOk:
            raise SolverError("HiGHS refused the starting basis")

    def solve(self, round_: int, cold: bool = False) -> _LPResult:
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
        return _LPResult(np.array(sol.col_value), float(info.objective_function_value), duals)


_Flows = tuple[npt.NDArray[np.int64], FloatArray, FloatArray, FloatArray]


def _block_flows(game: HeadsUpGame, blocks: list[_ExactBlock], duals: list[FloatArray]
                 ) -> _Flows:
    """The banker's flows through each hand of the exact public states, from the duals of
    their rows (`_ExactBlock`): per block, ``(g, through, hitting, burning)`` stacked as
    groups and (blocks x hands) arrays: the flow into a hand (standing plus hitting plus
    burning there), and out of it by hitting and by burning."""
    J = len(game.banker_nodes)
    through, hitting, burning = (np.zeros((len(blocks), J)) for _ in range(3))
    for b, (block, d) in enumerate(zip(blocks, duals, strict=True)):
        d = np.maximum(d, 0.0)
        live = block.action >= 0
        j = block.nodes[block.local[live]]
        act, flow = block.action[live], d[live]
        np.add.at(through[b], j, flow)
        np.add.at(hitting[b], j[act == HIT], flow[act == HIT])
        np.add.at(burning[b], j[act == BURN], flow[act == BURN])
    groups = np.array([block.g for block in blocks], dtype=np.int64)
    return groups, through, hitting, burning


def _mixture_to_behaviour(game: HeadsUpGame, lam: FloatArray,
                          cut_group: npt.NDArray[np.int64], cut_policy: npt.NDArray[np.int8],
                          flows: _Flows | None = None) -> tuple[FloatArray, FloatArray]:
    """Turn a mixture of stopping rules per public state into the chances of hitting and of
    burning at each banker hand.

    A rule's weight on hand ``j`` is the number of card orders by which it reaches ``j``
    (``w(M) = sum over kinds c in M of w(M - c) * hit(M - c)``, plus the burning edge);
    mixing the weights linearly and dividing gives the behavioural strategy with the same
    outcome distribution.
    """
    nodes = game.banker_nodes
    G, J = len(game.publics), len(nodes)
    keep = np.flatnonzero(lam > 1e-15)
    groups = cut_group[keep]
    pols = cut_policy[keep].reshape(len(keep), J)
    lam_k = lam[keep]
    total = np.bincount(groups, weights=lam_k, minlength=G)
    if flows is not None:  # an exact state's own flow enters at its root
        np.add.at(total, flows[0], flows[1][:, 0])
    lam_k = lam_k / total[groups]
    w_all, hit, burn = _kernels().mixture(_reach_edges(game), pols, groups, lam_k, G, _HIT,
                                          _BURN)
    if flows is not None and len(flows[0]):
        g, through, hitting, burning = flows
        scale = np.where(total[g] > 0, total[g], 1.0)[:, None]
        np.add.at(w_all, g, through / scale)
        np.add.at(hit, g, hitting / scale)
        np.add.at(burn, g, burning / scale)
        groups = np.concatenate([groups, g])
    reached = w_all > 0
    np.divide(hit, w_all, out=hit, where=reached)
    np.divide(burn, w_all, out=burn, where=reached)
    hit[~reached] = 0.0
    burn[~reached] = 0.0
    # a public state the player never stands in: any rule does
    unseen = np.ones(G, dtype=bool)
    unseen[groups] = False
    must_draw, below_five = _hand_facts(game)
    hit[unseen] = below_five
    hit[:, must_draw == int(HIT)] = 1.0
    return hit, burn


def _hand_facts(game: HeadsUpGame) -> tuple[npt.NDArray[np.int8], FloatArray]:
    """Per banker hand: `HIT` where it is empty (it must draw), else `STAND`; and 1.0 where
    the rule of thumb hits (its total is below `RULE_OF_THUMB`), else 0.0. Once per set of
    banker hands (`HeadsUpGame.banker_memo`, `_of_hands`; read only)."""
    return _of_hands(game, "hand facts", _facts_of, _facts_restricted)


def _facts_of(nodes: list[BankerNode]) -> tuple[npt.NDArray[np.int8], FloatArray]:
    """`_hand_facts` of the banker hands ``nodes``."""
    must_draw = np.array([int(HIT) if not any(nd.counts) else int(STAND) for nd in nodes],
                         dtype=np.int8)
    below_five = np.array([nd.total < RULE_OF_THUMB for nd in nodes], dtype=np.float64)
    must_draw.flags.writeable = below_five.flags.writeable = False
    return must_draw, below_five


def _facts_restricted(facts: tuple[npt.NDArray[np.int8], FloatArray], r: Restriction
                      ) -> tuple[npt.NDArray[np.int8], FloatArray]:
    """`_hand_facts` of the hands of restriction ``r``, from its universe's ``facts``."""
    must_draw, below_five = facts[0][r.fit], facts[1][r.fit]
    must_draw.flags.writeable = below_five.flags.writeable = False
    return must_draw, below_five


_HIT, _BURN = int(HIT), int(BURN)


def _reach_edges(game: HeadsUpGame) -> tuple[npt.NDArray[np.int64], ...]:
    """The edges into the banker hands, for `_mixture_to_behaviour`'s reach weights (hands,
    parents, actions: hit or burn), in an order where a hand's weight is whole before it is
    read: by depth, then by the parent's place among the hand's, so that each hand adds its
    parents' weights parent after parent in order. Once per set of banker hands
    (`HeadsUpGame.banker_memo`, `_of_hands`)."""
    return _of_hands(game, "reach edges", _edges_of, _edges_restricted)


def _edges_of(nodes: list[BankerNode]) -> tuple[npt.NDArray[np.int64], ...]:
    """`_reach_edges` of the banker hands ``nodes``."""
    parents: list[list[tuple[int, int]]] = [[] for _ in nodes]  # (parent, action)
    for nd in nodes:
        for _pos, j2, _ in nd.children:
            if j2 >= 0:
                parents[j2].append((nd.index, _HIT))
        if nd.burn_child >= 0:
            parents[nd.burn_child].append((nd.index, _BURN))
    gen = [0] * len(nodes)
    edges: list[tuple[int, int, int, int, int]] = []  # (depth, place, hand, parent, action)
    for j in range(1, len(nodes)):
        gen[j] = 1 + max((gen[p] for p, _ in parents[j]), default=-1)
        edges += [(gen[j], k, j, p, a) for k, (p, a) in enumerate(parents[j])]
    edges.sort(key=lambda e: (e[0], e[1]))  # stable: hands in order within a step
    return tuple(np.array([e[c] for e in edges], dtype=np.int64) for c in (2, 3, 4))


def _edges_restricted(edges: tuple[npt.NDArray[np.int64], ...], r: Restriction
                      ) -> tuple[npt.NDArray[np.int64], ...]:
    """`_reach_edges` of the hands of restriction ``r``, from its universe's ``edges``: the
    kept hands' edges in the same order (a kept hand keeps its parents, so its depth:
    `settemezzo.game.Restriction`), renumbered."""
    js, ps, acts = edges
    keep = r.fit[js]
    return r.renumber[js[keep]], r.renumber[ps[keep]], acts[keep]
