"""The banker's dynamic programme over its own cards for a batch of rows (a row: the deck left and
the player's score) at once: exact (`BankerRows`, integers and `Fraction`) or in floats
(`FloatRows`, once per distinct row, on the compiled kernels of `settemezzo.solve.kernels`)."""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property, lru_cache
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

from settemezzo.game import (
    HIT,
    HeadsUpGame,
)
from settemezzo.hands import BUST, PAIR_OF_SEVENS, settle
from settemezzo.rules import Rules
from settemezzo.solve.errors import SolverError
from settemezzo.solve.plans import BURN, CSR, FloatArray, hand_facts, hands_state, node_plan

if TYPE_CHECKING:
    from settemezzo.solve import kernels


class RowBatch:
    """A batch of *rows* the banker faces: per row, the deck left (counts per kind, ``decks``)
    and the player's score (``pscore``); the banker hands are the game's ``nodes``. The
    shared part of `BankerRows` (exact) and `FloatRows` (floats)."""

    def __init__(self, game: HeadsUpGame, decks: npt.NDArray[np.int64],
                 pscore: npt.NDArray[np.int64]) -> None:
        self.game = game
        self.B = len(pscore)
        self.decks = decks
        self.pscore = pscore
        self.nodes = game.banker_nodes


class BankerRows(RowBatch):
    """Exact banker play for a batch of *rows*; a row is a player situation the banker faces
    (`FloatRows` is the same in floats).

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
        self.table = settle_table(game, True, measure)
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
        burning ``burn[j]`` (scalars or per-row arrays; ints or `Fraction`s), or for the
        per-row best banker reply (``min``), whose choices are written into ``decisions``
        (hit, burn) when given.
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
        # (a banker mixing with `Fraction` chances leaves Fractions, not integers, here)
        return np.array([a / int(s) if isinstance(a, Fraction) else Fraction(int(a), int(s))
                         for a, s in zip(V[0], self.scale, strict=True)], dtype=object)

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


class FloatRows(RowBatch):
    """Banker play in floats for a batch of rows (see `BankerRows`), computed once per
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
                 dense: Dense | None = None) -> None:
        """``dense``: the distinct rows, ``inv``, ``P``, ``S`` and ``F``, if made already
        (`float_batches`)."""
        super().__init__(game, decks, pscore)
        self.table = settle_table(game, False, measure)
        if dense is None:
            uniq, inv = distinct_rows(_row_keys(decks, pscore))
            dense = (uniq, inv, *banker_dense(game, uniq[:, :-1], uniq[:, -1], self.table))
        self.uniq, self.inv, self.P, self.S, self.F = dense
        self.measure: Literal["value", "win"] = measure
        self.hands = dp_hands(game)

    def distinct(self) -> tuple[FloatRows, npt.NDArray[np.int64]]:
        """The distinct rows as a batch of their own (sharing this one's matrices), and the
        distinct row of each row: what `FloatRows` of the distinct rows would give."""
        U = self.uniq.shape[0]
        out = FloatRows(self.game, np.ascontiguousarray(self.uniq[:, :-1]),
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
        _, hit, burn = compiled().best(self.hands, *self._transposed)
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
        kernels, (FT, ST) = compiled(), self._transposed
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

    def group_values(self, hit: kernels.ChanceArray, burn: kernels.ChanceArray | None,
                     group: npt.NDArray[np.int64],
                     cols: npt.NDArray[np.int64] | None = None) -> FloatArray:
        """Per-row values against a banker that plays by group: ``hit[g, j]`` (and
        ``burn[g, j]``) the chance of hitting (burning) holding hand ``j`` in group ``g``
        (floats, or bools for a pure play).
        ``cols``: only these rows; ``group``: the group of each row (of ``cols``)."""
        rows = np.arange(self.B) if cols is None else cols
        out: FloatArray = compiled().fixed(self.hands, *self._transposed, self.inv[rows],
                                           hit, group, burn)
        return out

    @cached_property
    def _transposed(self) -> tuple[FloatArray, FloatArray]:
        """``F.T`` and ``S.T`` laid out in rows (distinct rows x hands), once: the layout of
        the banker's programme (`settemezzo.solve.kernels`)."""
        return np.ascontiguousarray(self.F.T), np.ascontiguousarray(self.S.T)

    def grouped_best(self, weights: FloatArray, group: npt.NDArray[np.int64],
                     n_groups: int) -> tuple[FloatArray, npt.NDArray[np.int8]]:
        """The banker's best reply per group (public state), rows weighted by ``weights``
        (the chance of reaching each row and standing): the group values (weight times
        payoff under the best reply) and the decisions ``choice[g, j]`` (0 stand, 1 hit,
        2 burn). The rows of a group enter through their distinct rows, summed."""
        values = np.empty(n_groups)
        choice = np.empty((n_groups, len(self.nodes)), dtype=np.int8)
        self.best_into(values, choice, slice(None), weights, group)
        return values, choice

    def best_into(self, values: FloatArray, choice: npt.NDArray[np.int8], groups: Any,
                  weights: FloatArray, group: npt.NDArray[np.int64]) -> None:
        """`grouped_best` written into ``values`` and ``choice`` at the groups ``groups`` (an
        index), where ``weights`` is 0 outside them."""
        # a group no row reaches is worth 0 whatever the banker does there: it stands
        # (what the programme picks on zero weights), except in the hands that must draw
        values[groups] = 0.0
        choice[groups] = hand_facts(self.game)[0]
        active, best, ch = self.best_at(weights, group)
        values[active] = best
        choice[active] = ch

    def best_at(self, weights: FloatArray, group: npt.NDArray[np.int64]
                ) -> tuple[npt.NDArray[np.int64], FloatArray, npt.NDArray[np.int8]]:
        """`grouped_best` at the groups some row reaches (weight not 0) only: those groups,
        in increasing order, their values and their decisions (those groups x hands)."""
        active, W = weighted_rows(weights, group, self.inv, self.F.shape[1])
        best, hit, burn = compiled().grouped_best(self.hands, W, *self._transposed)
        ch = hit.astype(np.int8)
        ch[burn] = np.int8(int(BURN))
        return active, best, ch


class GroupedReplies:
    """`FloatRows.grouped_best` asked again and again (the cutting-plane rounds), redone only
    at the groups whose rows' weights changed since the last call. A group's value and
    choices depend on its own rows' weights alone, summed in the same order whichever other
    groups are asked, so the answer is the very one a full call gives. The returned
    ``choice`` is this object's own array, changed by the next call: read it before."""

    def __init__(self, rows: FloatRows, group: npt.NDArray[np.int64], n_groups: int) -> None:
        self.rows, self.group, self.n = rows, group, n_groups
        self._weights: FloatArray | None = None
        self._values = np.zeros(n_groups)
        self._choice = np.zeros((n_groups, len(rows.nodes)), dtype=np.int8)

    def __call__(self, weights: FloatArray) -> tuple[FloatArray, npt.NDArray[np.int8]]:
        last = self._weights
        if last is None or last.shape != weights.shape:
            self._values, self._choice = self.rows.grouped_best(weights, self.group, self.n)
        else:
            moved = np.unique(self.group[weights != last])
            if len(moved):
                inside = np.isin(self.group, moved)
                self.rows.best_into(self._values, self._choice, moved,
                                    np.where(inside, weights, 0.0), self.group)
        self._weights = weights.copy()
        return self._values.copy(), self._choice


def weighted_rows(weights: FloatArray, group: npt.NDArray[np.int64],
                   inv: npt.NDArray[np.int64], m: int
                   ) -> tuple[npt.NDArray[np.int64], CSR]:
    """The groups some row reaches (weight not 0), in increasing order, and their weights on
    the ``m`` distinct rows (``inv``: each row's): CSR, a group per row, its distinct rows
    in increasing order, the weights of the rows sharing one added in the rows' order.

    Rows 0..2 with weights 0.5, 0, 0.25, in groups 3, 1, 3, distinct rows 1, 0, 1: group 3
    alone, with 0.75 on distinct row 1.
    """
    live = np.flatnonzero(weights)
    if not len(live):
        return live, CSR(np.zeros(1, dtype=np.int64), live, (0, m), np.zeros(0))
    key = group[live] * m + inv[live]
    order = np.argsort(key, kind="stable")
    key = key[order]
    starts = np.flatnonzero(np.concatenate(([True], key[1:] != key[:-1])))
    data = np.add.reduceat(weights[live][order], starts)
    of, indices = np.divmod(key[starts], m)
    first = np.flatnonzero(np.concatenate(([True], of[1:] != of[:-1])))
    indptr = np.append(first, len(starts))
    return of[first], CSR(indptr, indices, (len(first), m), data)


Dense = tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], FloatArray, FloatArray, FloatArray]
"""A `FloatRows`'s distinct rows (deck and player's score), the distinct row of each row,
and ``P``, ``S``, ``F`` over the distinct rows."""


def _row_keys(decks: npt.NDArray[np.int64], pscore: npt.NDArray[np.int64]
              ) -> npt.NDArray[np.int64]:
    """Each row's deck and player's score, side by side (a row per row, even none)."""
    if not len(pscore):
        return np.zeros((0, decks.shape[1] + 1), dtype=np.int64)
    out: npt.NDArray[np.int64] = np.column_stack([decks, pscore])
    return out


def float_batches(game: HeadsUpGame, batches: list[tuple[npt.NDArray[np.int64],
                                                          npt.NDArray[np.int64]]],
                   measure: Literal["value", "win"]) -> list[FloatRows]:
    """`FloatRows` of each batch of rows (decks, player's scores), with one `banker_dense`
    for the distinct rows of all of them: its columns are computed independently (the same
    operations on each column's numbers), so each batch's matrices, its columns of the
    whole (views), hold the very floats of a `banker_dense` of its own."""
    table = settle_table(game, False, measure)
    keys = [distinct_rows(_row_keys(decks, pscore)) for decks, pscore in batches]
    both = np.vstack([uniq for uniq, _ in keys])
    P, S, F = banker_dense(game, both[:, :-1], both[:, -1], table)
    out = []
    at = 0
    for (decks, pscore), (uniq, inv) in zip(batches, keys, strict=True):
        cols = slice(at, at + len(uniq))
        at += len(uniq)
        out.append(FloatRows(game, decks, pscore, measure,
                              (uniq, inv, P[:, cols], S[:, cols], F[:, cols])))
    return out


def distinct_rows(key: npt.NDArray[np.int64]
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


def as_floats(values: list[Any]) -> list[float]:
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


def banker_dense(game: HeadsUpGame, decks: npt.NDArray[np.int64],
                  pscore: npt.NDArray[np.int64], table: FloatArray
                  ) -> tuple[FloatArray, FloatArray, FloatArray]:
    """`FloatRows`'s ``P``, ``S`` and ``F`` (banker hands x rows) for rows of ``decks`` and
    player's scores ``pscore``, compiled (`settemezzo.kernels.chances`) from the node
    plan's arrays (`NodePlan.dense`, laid end to end once per set of banker hands): a
    hand's chance is its parent's times the chance of the card drawn, generation after
    generation (`NodePlan.draws`); ``S`` the stand payoffs times ``P``; ``F`` the finished
    hands' terms, a kind at a time."""
    plan = node_plan(game)
    P, S, F = compiled().chances(plan.dense, plan.scores, plan.depth, decks, pscore, table)
    return P, S, F


def compiled() -> ModuleType:
    """`settemezzo.solve.kernels`, imported at the first float programme: numba's import and
    start (0.3 to 0.8 s, by machine) are not for the views that only read shipped results."""
    from settemezzo.solve import kernels

    return kernels


def dp_hands(game: HeadsUpGame) -> kernels.Hands:
    """The banker hands as `settemezzo.solve.kernels` reads them, from the levels of the node
    plan (children first; once per set of banker hands, `HeadsUpGame.banker_memo`): the
    levels' hands one after the other, the empty ones, each hand's children (in order) and
    burn child."""
    state = hands_state(game.banker_memo)
    out: kernels.Hands | None = state.dp_hands
    if out is None:
        levels = node_plan(game).levels
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
        out = state.dp_hands = compiled().Hands(
            np.concatenate([none] + [lv[0] for lv in levels]), must_draw, indptr,
            kids[np.argsort(owner, kind="stable")], burn_child)
    return out


def settle_table(game: HeadsUpGame, exact: bool, measure: str) -> Any:
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


Rows = BankerRows | FloatRows


def _as_matrix(values: Any, J: int, B: int) -> FloatArray:
    """Per-node choices (a list of scalars or per-row arrays, or a (J, B) array) as (J, B)."""
    if isinstance(values, np.ndarray) and values.shape == (J, B):
        return values if values.dtype == np.float64 else values.astype(np.float64)
    out = np.empty((J, B))
    for j, v in enumerate(values):
        out[j] = v
    return out

