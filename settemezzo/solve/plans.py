"""What the float banker programme reads of a set of banker hands, whatever the rows: the node plan
(stand scores, levels children first, the draws and burns laid end to end), the hands' facts and
the edges into them; built once per set of banker hands (`HeadsUpGame.banker_memo`) and, for hands
restricted from a universe's, cut from the universe's arrays."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

from settemezzo.game import (
    HIT,
    STAND,
    Action,
    BankerNode,
    HandsMemo,
    HeadsUpGame,
    Restriction,
)

RULE_OF_THUMB = 10
"""The banker's rule of thumb, in half-points: hit below 5 (``threshold:5``). The LP starts
from it (`START_THRESHOLDS`), and a public state where the player never stands may be played
by it (`mixture_to_behaviour`: any rule does there)."""


BURN = Action.BURN
"""The banker's third choice under the ``burn`` variant (after STAND 0 and HIT 1)."""


FloatArray = npt.NDArray[np.float64]


BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class CSR:
    """A sparse matrix in CSR form (columns sorted in each row, as scipy keeps a matrix
    made from coordinates), without a scipy object: making one (tens of microseconds) costs
    more than the small LPs' rows it serves. The banker's child incidences (`of_rows`) are
    0/1; the LP's rows (`lp_realization`, `Cuts.new_rows`) go to HiGHS as they are."""

    indptr: npt.NDArray[np.integer[Any]]
    indices: npt.NDArray[np.integer[Any]]
    shape: tuple[int, int]
    data: FloatArray  # made once (not to be written to)

    @classmethod
    def of_rows(cls, rows: list[list[int]], n_cols: int) -> CSR:
        """The matrix with a 1 in row ``r`` at each column of ``rows[r]`` (distinct)."""
        indptr = np.zeros(len(rows) + 1, dtype=np.int32)
        np.cumsum([len(r) for r in rows], out=indptr[1:])
        indices = np.array([c for r in rows for c in sorted(r)], dtype=np.int32)
        return cls(indptr, indices, (len(rows), n_cols), np.ones(len(indices)))

    @classmethod
    def stack(cls, parts: Sequence[CSR], n_cols: int) -> CSR:
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
        from scipy import sparse

        out: FloatArray = sparse.csr_matrix((self.data, self.indices, self.indptr),
                                            shape=self.shape).toarray()
        return out


Level = tuple[npt.NDArray[np.int64], CSR, bool, npt.NDArray[np.int64],
               npt.NDArray[np.int64]]
"""A level of banker hands (`NodePlan.levels`, what `dp_hands` reads): the hands; their
child incidence (level x all hands); whether they are empty (they must draw); the hands that
may burn (positions in the level) and the hands burning leads to."""


@dataclass(frozen=True)
class NodePlan:
    """What the float banker programme needs of a game's banker hands whatever the rows
    (`node_plan`): each hand's stand score; the levels, children first (`Level`); one
    more than the most cards a hand draws; each hand's size; the generations of hands'
    draws and burns (`draws_of`) and the hands one card short of a finished hand, kind after
    kind (`finishing_of`), laid end to end (`DensePlan`)."""

    scores: npt.NDArray[np.int64]
    levels: list[Level]
    depth: int
    sizes: npt.NDArray[np.int64]
    dense: DensePlan


class DensePlan(NamedTuple):
    """The generations' draws and burns (`draws_of`) and the finishing hands (`finishing_of`)
    laid end to end, as the compiled `banker_dense` reads them
    (`settemezzo.kernels.chances`; int64, made once per set of banker hands).

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


def _dense_of(draws: list[tuple[npt.NDArray[np.int64], ...]], finishing: Finishing
              ) -> DensePlan:
    """`NodePlan.dense`: the generations' ``draws`` (`draws_of`) and the kinds' ``finishing``
    hands (`finishing_of`) laid end to end (`DensePlan`)."""
    ints = np.zeros(0, dtype=np.int64)

    def flat(arrays: list[npt.NDArray[np.int64]]) -> npt.NDArray[np.int64]:
        return np.concatenate([ints, *arrays])

    def starts(sizes: list[int]) -> npt.NDArray[np.int64]:
        return np.cumsum([0, *sizes], dtype=np.int64)

    kids, parents, kinds, had, sizes, burnt, burnt_parents = (flat([d[c] for d in draws])
                                                              for c in range(7))
    f = finishing
    return DensePlan(kids, parents, kinds, had, sizes, starts([len(d[0]) for d in draws]),
                      burnt, burnt_parents, starts([len(d[5]) for d in draws]),
                      flat([x[1] for x in f]),
                      flat([np.full(len(x[1]), x[0], dtype=np.int64) for x in f]),
                      flat([x[3] for x in f]), flat([x[4] for x in f]),
                      flat([x[2] for x in f]))


@dataclass
class HandsState:
    """What the solver derives from one set of banker hands, each by what it is, kept in
    their `settemezzo.game.HandsMemo` (shared by the games that have them: `hands_state`)."""

    node_plan: NodePlan | None = None
    hand_facts: tuple[npt.NDArray[np.int8], FloatArray] | None = None
    reach_edges: tuple[npt.NDArray[np.int64], ...] | None = None
    flat_plan: _FlatPlan | None = None
    """Of a universe's hands: their node plan's levels, flat, which restrictions read."""
    dp_hands: Any = None
    """The hands as the compiled kernels read them (`settemezzo.solve.rows.dp_hands`: a
    `settemezzo.solve.kernels.Hands`, which imports this module)."""


def hands_state(memo: HandsMemo) -> HandsState:
    """The `HandsState` of a set of banker hands (``game.banker_memo``), made at first use."""
    state = memo.solver
    if not isinstance(state, HandsState):
        state = memo.solver = HandsState()
    return state


_H = TypeVar("_H")


def _of_hands(game: HeadsUpGame, name: Literal["node_plan", "hand_facts", "reach_edges"],
              build: Callable[[list[BankerNode]], _H],
              restrict: Callable[[_H, Restriction], _H]) -> _H:
    """The field ``name`` of the `HandsState` of ``game``'s banker hands, made once per set
    of banker hands (shared by the games that have the same): ``build`` of the hands; or,
    for hands restricted from a universe's (`settemezzo.game.Restriction`), ``restrict`` of
    ``build`` of the universe's hands (made once per universe): the same arrays, without
    walking the hands again."""
    mine = hands_state(game.banker_memo)
    out: _H | None = getattr(mine, name)
    if out is None:
        r = game.banker_memo.restriction
        if r is None:
            out = build(game.banker_nodes)
        else:
            whole = hands_state(r.memo)
            made: _H | None = getattr(whole, name)
            if made is None:
                made = build(r.nodes)
                setattr(whole, name, made)
            out = restrict(made, r)
        setattr(mine, name, out)
    return out


def node_plan(game: HeadsUpGame) -> NodePlan:
    """The `NodePlan` of ``game``'s banker hands, built once per set of banker hands
    (`HeadsUpGame.banker_memo`: shared by the games that have the same; `_of_hands`)."""
    return _of_hands(game, "node_plan", plan_of, _plan_restricted)


Finishing = list[tuple[int, npt.NDArray[np.int64], npt.NDArray[np.int64],
                        npt.NDArray[np.int64], npt.NDArray[np.int64]]]
"""Per kind (in order), the banker hands one card of it short of a finished hand: the kind,
the hands, the finished scores, the hands' cards of the kind and their sizes."""


def finishing_of(nodes: Sequence[BankerNode]) -> Finishing:
    """The `Finishing` of the banker hands ``nodes``."""
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


def plan_of(nodes: list[BankerNode]) -> NodePlan:
    """The `NodePlan` of the banker hands ``nodes``."""
    J = len(nodes)
    by_key: dict[tuple[int, bool], list[int]] = {}
    for j, nd in enumerate(nodes):
        by_key.setdefault((nd.size, any(nd.counts)), []).append(j)
    levels: list[Level] = []
    for key in sorted(by_key, key=lambda k: (-k[0], k[1])):
        idx = np.array(by_key[key], dtype=np.int64)
        C = CSR.of_rows([[j2 for _pos, j2, _ in nodes[j].children if j2 >= 0]
                          for j in by_key[key]], J)
        burn_child = np.array([nodes[j].burn_child for j in idx], dtype=np.int64)
        has_burn = np.flatnonzero(burn_child >= 0)
        levels.append((idx, C, not key[1], has_burn, burn_child[has_burn]))
    depth = max((nd.size for nd in nodes), default=0) + 1
    return NodePlan(np.array([nd.score for nd in nodes], dtype=np.int64), levels, depth,
                     np.array([nd.size for nd in nodes], dtype=np.int64),
                     _dense_of(draws_of(nodes), finishing_of(nodes)))


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
    """A universe's `NodePlan` levels as `_Flat` groups, to restrict all at once
    (`_levels_restricted`): the levels' hands, their child incidences' entries (the row's
    place among all the levels' hands, the child) and burning hands (place, burn child),
    and whether each level must draw."""

    hands: _Flat
    entries: _Flat
    burns: _Flat
    must_draw: list[bool]

    @classmethod
    def of(cls, plan: NodePlan) -> _FlatPlan:
        at = np.cumsum([0] + [len(lv[0]) for lv in plan.levels])
        return cls(
            _Flat.of([lv[:1] for lv in plan.levels], 1),
            _Flat.of([(a + np.repeat(np.arange(len(lv[0])), np.diff(lv[1].indptr)),
                       lv[1].indices) for a, lv in zip(at, plan.levels, strict=False)], 2),
            _Flat.of([(a + lv[3], lv[4]) for a, lv in zip(at, plan.levels, strict=False)], 2),
            [lv[2] for lv in plan.levels])


def _plan_restricted(plan: NodePlan, r: Restriction) -> NodePlan:
    """The `NodePlan` of the hands of restriction ``r`` from its universe's ``plan``: what
    `plan_of` gives for them (`settemezzo.game.Restriction`: the kept hands' edges, levels
    and generations are the universe's, in the same order), all at once: the levels from
    their `_FlatPlan` (made once per universe), the draws, burns and finishing hands
    straight from the universe's, laid end to end (`_dense_restricted`)."""
    whole = hands_state(r.memo)
    flat = whole.flat_plan
    if flat is None:
        flat = whole.flat_plan = _FlatPlan.of(plan)
    hands = plan.sizes[r.fit]
    return NodePlan(plan.scores[r.fit], _levels_restricted(flat, r),
                     int(hands.max(initial=0)) + 1, hands, _dense_restricted(plan.dense, r))


def _dense_restricted(d: DensePlan, r: Restriction) -> DensePlan:
    """A universe's `DensePlan` restricted to the kept hands, renumbered: the draws and
    burns into kept hands, the finishing hands kept whose kind the smaller deck still
    holds one more of; a generation left with neither draws nor burns is left out."""
    fit, new = r.fit, r.renumber
    draw, burn = fit[d.kids], fit[d.burnt]
    fin = fit[d.js] & (d.drawn < r.limit[d.pos])
    draw_at = np.concatenate([[0], np.cumsum(draw)])[d.draw_starts]
    burn_at = np.concatenate([[0], np.cumsum(burn)])[d.burn_starts]
    live = np.append((np.diff(draw_at) > 0) | (np.diff(burn_at) > 0), True)
    return DensePlan(new[d.kids[draw]], new[d.parents[draw]], d.kinds[draw], d.had[draw],
                      d.sizes[draw], draw_at[live].astype(np.int64), new[d.burnt[burn]],
                      new[d.burnt_parents[burn]], burn_at[live].astype(np.int64),
                      new[d.js[fin]], d.pos[fin], d.drawn[fin], d.fin_sizes[fin],
                      d.fin_scores[fin])


def _levels_restricted(flat: _FlatPlan, r: Restriction) -> list[Level]:
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
    out: list[Level] = []
    for lv, must_draw in enumerate(flat.must_draw):
        lo, hi = at[lv], at[lv + 1]
        if hi == lo:
            continue
        idx, kids = hands[lo:hi], child[e[lv]:e[lv + 1]]
        indptr = np.zeros(hi - lo + 1, dtype=np.int32)
        np.cumsum(counts[lo:hi], out=indptr[1:])
        out.append((idx, CSR(indptr, kids, (hi - lo, J), np.ones(len(kids))), must_draw,
                    burning[b[lv]:b[lv + 1]] - lo, burn_kid[b[lv]:b[lv + 1]]))
    return out


def draws_of(nodes: Sequence[BankerNode]) -> list[tuple[npt.NDArray[np.int64], ...]]:
    """How `banker_dense` reaches the banker hands from the empty one: each hand from the
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


@dataclass(frozen=True)
class Flows:
    """The banker's flows through the hands of the exact public states (their rows' duals,
    `settemezzo.solve.equilibria.block_flows`), joined to the mixture of stopping rules
    (`settemezzo.solve.kernels.behaviour`): per block, its public state ``g`` and (blocks x
    hands) the flow into each hand (``through``: standing plus hitting plus burning there),
    and out of it by hitting and by burning."""

    g: npt.NDArray[np.int64]
    through: FloatArray
    hitting: FloatArray
    burning: FloatArray

    @classmethod
    def none(cls, hands: int) -> Flows:
        """No exact state: no block."""
        return cls(np.zeros(0, dtype=np.int64), *(np.zeros((0, hands)) for _ in range(3)))

    def per_weight(self, total: npt.NDArray[Any]) -> Flows:
        """Each block's flows over its state's total weight ``total[g]`` (unchanged at 0)."""
        scale = np.where(total[self.g] > 0, total[self.g], 1.0)[:, None]
        return Flows(self.g, self.through / scale, self.hitting / scale, self.burning / scale)


def hand_facts(game: HeadsUpGame) -> tuple[npt.NDArray[np.int8], FloatArray]:
    """Per banker hand: `HIT` where it is empty (it must draw), else `STAND`; and 1.0 where
    the rule of thumb hits (its total is below `RULE_OF_THUMB`), else 0.0. Once per set of
    banker hands (`HeadsUpGame.banker_memo`, `_of_hands`; read only)."""
    return _of_hands(game, "hand_facts", facts_of, _facts_restricted)


def facts_of(nodes: list[BankerNode]) -> tuple[npt.NDArray[np.int8], FloatArray]:
    """`hand_facts` of the banker hands ``nodes``."""
    must_draw = np.array([int(HIT) if not any(nd.counts) else int(STAND) for nd in nodes],
                         dtype=np.int8)
    below_five = np.array([nd.total < RULE_OF_THUMB for nd in nodes], dtype=np.float64)
    must_draw.flags.writeable = below_five.flags.writeable = False
    return must_draw, below_five


def _facts_restricted(facts: tuple[npt.NDArray[np.int8], FloatArray], r: Restriction
                      ) -> tuple[npt.NDArray[np.int8], FloatArray]:
    """`hand_facts` of the hands of restriction ``r``, from its universe's ``facts``."""
    must_draw, below_five = facts[0][r.fit], facts[1][r.fit]
    must_draw.flags.writeable = below_five.flags.writeable = False
    return must_draw, below_five


HIT_CODE, BURN_CODE = int(HIT), int(BURN)


def reach_edges(game: HeadsUpGame) -> tuple[npt.NDArray[np.int64], ...]:
    """The edges into the banker hands, for `mixture_to_behaviour`'s reach weights (hands,
    parents, actions: hit or burn), in an order where a hand's weight is whole before it is
    read: by depth, then by the parent's place among the hand's, so that each hand adds its
    parents' weights parent after parent in order. Once per set of banker hands
    (`HeadsUpGame.banker_memo`, `_of_hands`)."""
    return _of_hands(game, "reach_edges", edges_of, _edges_restricted)


def edges_of(nodes: list[BankerNode]) -> tuple[npt.NDArray[np.int64], ...]:
    """`reach_edges` of the banker hands ``nodes``."""
    parents: list[list[tuple[int, int]]] = [[] for _ in nodes]  # (parent, action)
    for nd in nodes:
        for _pos, j2, _ in nd.children:
            if j2 >= 0:
                parents[j2].append((nd.index, HIT_CODE))
        if nd.burn_child >= 0:
            parents[nd.burn_child].append((nd.index, BURN_CODE))
    gen = [0] * len(nodes)
    edges: list[tuple[int, int, int, int, int]] = []  # (depth, place, hand, parent, action)
    for j in range(1, len(nodes)):
        gen[j] = 1 + max((gen[p] for p, _ in parents[j]), default=-1)
        edges += [(gen[j], k, j, p, a) for k, (p, a) in enumerate(parents[j])]
    edges.sort(key=lambda e: (e[0], e[1]))  # stable: hands in order within a step
    return tuple(np.array([e[c] for e in edges], dtype=np.int64) for c in (2, 3, 4))


def _edges_restricted(edges: tuple[npt.NDArray[np.int64], ...], r: Restriction
                      ) -> tuple[npt.NDArray[np.int64], ...]:
    """`reach_edges` of the hands of restriction ``r``, from its universe's ``edges``: the
    kept hands' edges in the same order (a kept hand keeps its parents, so its depth:
    `settemezzo.game.Restriction`), renumbered."""
    js, ps, acts = edges
    keep = r.fit[js]
    return r.renumber[js[keep]], r.renumber[ps[keep]], acts[keep]

