"""The fast engine of the split: the same backward induction level by level, on batches of
contexts in numpy arrays (`LevelInduction`), exact up to float64 rounding, or merged from
a later hand on (`split_value`'s ``method="merged"``); a hand's tree of multisets
(`HandTree`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from settemezzo.hands import BUST, PAIR_OF_SEVENS
from settemezzo.split.model import Model, SplitInputError, SplitPolicy, SplitTooLargeError

__all__ = [
    "FloatArray",
    "HandTree",
    "IntArray",
    "LevelInduction",
]


IntArray = npt.NDArray[np.int64]


FloatArray = npt.NDArray[np.float64]


_S_BITS = 22   # score multisets are numbered below 2**22


_EPS = 1e-9    # fewer cards than this (in a mean deck) count as none


_P_BITS = 4    # hands still to play after the current one, below 16


class HandTree:
    """A hand that starts with its figure: its open hands (cards drawn besides the figure,
    by multiset) in breadth-first order, and its finished ones ("ends").

    An *exit* is where the hand is over: standing at an open node (exit ``i`` for node
    ``i``) or reaching end ``e`` (exit ``n_nodes + e``).
    """

    def __init__(self, model: Model, dmax: Sequence[int]) -> None:
        K, fig = model.K, model.fig
        zero = (0,) * K
        nodes: list[tuple[int, ...]] = [zero]
        index = {zero: 0}
        ends: list[tuple[int, ...]] = []
        eindex: dict[tuple[int, ...], int] = {}
        child: list[list[tuple[bool, int]]] = []
        head = 0
        while head < len(nodes):
            a = nodes[head]
            head += 1
            row: list[tuple[bool, int]] = []
            for k in range(K):
                if a[k] >= dmax[k]:
                    row.append((False, -1))
                    continue
                a2 = (*a[:k], a[k] + 1, *a[k + 1:])
                hand = (*a2[:fig], a2[fig] + 1, *a2[fig + 1:])
                if model.facts(hand)[2]:
                    if a2 not in eindex:
                        eindex[a2] = len(ends)
                        ends.append(a2)
                    row.append((True, eindex[a2]))
                else:
                    if a2 not in index:
                        index[a2] = len(nodes)
                        nodes.append(a2)
                    row.append((False, index[a2]))
            child.append(row)
        self.n_nodes = len(nodes)
        self.n_ends = len(ends)
        self.nodes = nodes
        self.index = index
        X = np.array(nodes + ends, dtype=np.int64).reshape(-1, K)
        self.X = X
        self.xsize = X.sum(axis=1)

        def facts(a: tuple[int, ...]) -> tuple[int, int, bool]:
            return model.facts((*a[:fig], a[fig] + 1, *a[fig + 1:]))

        self.xscore = np.array([facts(a)[1] for a in nodes + ends], dtype=np.int64)
        self.total = np.array([facts(a)[0] for a in nodes], dtype=np.int64)
        # child[i, k]: exit-or-node column in the combined (nodes | ends) value array, -1 none
        ci = np.full((self.n_nodes, K), -1, dtype=np.int64)
        for i, row in enumerate(child):
            for k, (is_end, j) in enumerate(row):
                if j >= 0:
                    ci[i, k] = self.n_nodes + j if is_end else j
        self.child = ci
        sizes = self.xsize[: self.n_nodes]
        self.by_size = [np.flatnonzero(sizes == s) for s in range(int(sizes.max()), -1, -1)]
        one_fig = tuple(1 if k == fig else 0 for k in range(K))
        self.split_node = index.get(one_fig, -1)


class _Scores:
    """Numbered multisets of the scores of the finished hands that did not bust."""

    def __init__(self) -> None:
        self.sets: list[tuple[int, ...]] = [()]
        self.index: dict[tuple[int, ...], int] = {(): 0}
        self.add_memo: dict[int, IntArray] = {}

    def number(self, scores: tuple[int, ...]) -> int:
        i = self.index.get(scores)
        if i is None:
            i = self.index[scores] = len(self.sets)
            self.sets.append(scores)
            if i >= 1 << _S_BITS:
                raise SplitInputError("too many score multisets for the fast engine")
        return i

    def adder(self, present: IntArray) -> IntArray:
        """A table (len(present), 18): the number of each multiset with one score added
        (a bust, score 0, adds nothing)."""
        out = np.empty((len(present), PAIR_OF_SEVENS + 1), dtype=np.int64)
        for r, si in enumerate(present.tolist()):
            row = self.add_memo.get(si)
            if row is None:
                base = self.sets[si]
                row = np.array([si if s == BUST else self.number(tuple(sorted((*base, s))))
                                for s in range(PAIR_OF_SEVENS + 1)], dtype=np.int64)
                self.add_memo[si] = row
            out[r] = row
        return out

    def count_matrix(self, idx: IntArray) -> FloatArray:
        """How many hands of each score (columns 0..17) each multiset holds."""
        out = np.zeros((len(idx), PAIR_OF_SEVENS + 1))
        for r, si in enumerate(idx.tolist()):
            for s in self.sets[si]:
                out[r, s] += 1
        return out


@dataclass
class _Level:
    """A batch of contexts: hands about to start. ``D`` holds whole numbers unless the
    level is merged; then it holds the chance-weighted mean deck of each group.

    What follows each exit (standing at a node, or an end) is an index into the next
    level's values or, after the last hand, into the banker's rows (``*_row`` true): per
    (context, exit) in ``to_exit`` when it is exact, per (context, score) in ``to_score``
    when it is merged (what follows a merged exit depends on its score only).
    """

    D: FloatArray           # (C, K) cards left
    S: IntArray             # (C,) score multiset numbers
    p: IntArray             # (C,) hands still to play after this one
    w: FloatArray           # (C,) chance weights (for merging)
    merged: bool = False
    streamed: bool = False
    keys: IntArray | None = None        # sorted keys of the contexts (exact levels)
    to_exit: IntArray | None = None
    to_exit_row: npt.NDArray[np.bool_] | None = None
    to_score: IntArray | None = None
    to_score_row: npt.NDArray[np.bool_] | None = None
    nxt: _Level | None = None           # the level of the next hands' contexts
    value: FloatArray = field(default_factory=lambda: np.zeros(0))


# one part of a level's next contexts: (level, contexts, exits or scores, by score?,
# weights, weighted decks); contexts and exits are None for a streamed level (its keys are
# looked up later)
_Part = tuple[_Level, "IntArray | None", "IntArray | None", bool, FloatArray, FloatArray]


@dataclass
class _Enumeration:
    """What `LevelInduction.enumerate` gathers over all levels for the banker's rows: the exact rows
    as keys, with where each part goes (None: streamed), and the merged rows' blocks."""

    row_parts: list[tuple[IntArray, tuple[_Level, IntArray, IntArray] | None]] = field(
        default_factory=list)
    merged_rows: list[tuple[FloatArray, IntArray]] = field(default_factory=list)
    merged_slots: list[tuple[_Level, IntArray, IntArray]] = field(default_factory=list)


@dataclass
class _LevelStep:
    """One level of `LevelInduction.enumerate`: whether its next level is merged, its depth,
    the keys and parts of the next contexts, and (streamed levels) how many there are at
    most."""

    merge_next: bool
    depth: int
    keys: list[IntArray] = field(default_factory=list)
    parts: list[_Part] = field(default_factory=list)
    n_next: int = 0


@dataclass
class _Chunk:
    """Contexts ``gidx`` of level ``lv`` expanded at once: their decks, hands to come,
    weights, score adders and the chance of each exit of their hand (`LevelInduction.reach`)."""

    lv: _Level
    gidx: IntArray
    D: FloatArray
    p: IntArray
    w: FloatArray
    add: IntArray
    R: FloatArray


class _BankerTree:
    """The banker's hands that are not over, with the burnt card if any (breadth-first)."""

    def __init__(self, model: Model, dmax: Sequence[int]) -> None:
        K = model.K
        zero = (0,) * K
        keys: list[tuple[tuple[int, ...], int]] = [(zero, -1)]
        index = {keys[0]: 0}
        head = 0
        children: list[list[tuple[int, int, int]]] = []   # (kind, node or -1, score)
        burn_child: list[int] = []
        while head < len(keys):
            hand, burnt = keys[head]
            head += 1
            row = []
            for k in range(K):
                if hand[k] + (1 if k == burnt else 0) >= dmax[k]:
                    continue
                h2 = (*hand[:k], hand[k] + 1, *hand[k + 1:])
                _, sc, fin = model.facts(h2)
                if fin:
                    row.append((k, -1, sc))
                else:
                    key = (h2, burnt)
                    if key not in index:
                        index[key] = len(keys)
                        keys.append(key)
                    row.append((k, index[key], -1))
            children.append(row)
            bc = -1
            if burnt < 0 and sum(hand) == 1 and model.burnable[hand.index(1)]:
                key = (zero, hand.index(1))
                if key not in index:
                    index[key] = len(keys)
                    keys.append(key)
                bc = index[key]
            burn_child.append(bc)
        self.keys = keys
        self.children = children
        self.burn_child = burn_child
        self.facts = [model.facts(h) for h, _ in keys]
        self.drawn = [(np.array(h, dtype=np.int64)
                       + np.array([1 if k == b else 0 for k in range(K)], dtype=np.int64))
                      for h, b in keys]


class LevelInduction:
    """The same model as `Recursion`, in float64, batch by batch.

    A *context* is a hand about to be played: (cards left, score multiset of the finished
    hands that did not bust, hands still to play after it). Hand 1 contexts (which may
    split) form a chain ``Y_m``: hand 1 on its figure alone with ``m`` hands open (level 0).
    Level ``L`` holds the contexts of hand ``L + 1``, deduplicated; a hand's exits after the
    last hand are *rows* of the banker's problem, (cards left, score multiset), also
    deduplicated and solved together.

    From level ``exact_levels`` on, contexts are *merged* by (score multiset, hands to
    play), each group with its chance-weighted mean deck (an approximation: see
    `split_value`'s ``method="merged"``); so are the banker's rows after them.
    """

    def __init__(self, model: Model, n_max: int, player: SplitPolicy, banker: SplitPolicy,
                 dmax: Sequence[int], max_pairs: int = 4_000_000, stream: bool = False,
                 max_contexts: int = 3_000_000) -> None:
        self.m = model
        self.n_max = n_max
        self.player = player
        self.banker = banker
        self.max_pairs = max_pairs
        self.stream = stream
        self.max_contexts = max_contexts
        self.tree = HandTree(model, dmax)
        self.btree = _BankerTree(model, dmax)
        self.scores = _Scores()
        radix = [int(c) + 1 for c in dmax]
        self.place = np.array([int(np.prod(radix[:k])) for k in range(model.K)],
                              dtype=np.int64)
        self.radix = np.array(radix, dtype=np.int64)
        t = self.tree
        self.xcode = t.X @ self.place
        self.lost = np.where(t.xscore == BUST, -1.0, 0.0)
        self.table = np.array(model.settle_f)
        # exits by score: one-hot (exits, 18) and the cards of each exit by score
        nx = len(t.xscore)
        self.onehot = np.zeros((nx, PAIR_OF_SEVENS + 1))
        self.onehot[np.arange(nx), t.xscore] = 1.0
        self.cards_by_score = (self.onehot[:, :, None] * t.X[:, None, :]).reshape(nx, -1)
        self.capped: dict[int, float] = {}

    # -- enumeration -----------------------------------------------------------------------
    def counts_at(self, D: FloatArray, idx: IntArray, k: int) -> FloatArray:
        """Cards of kind ``k`` left at hand nodes/exits ``idx`` of each context (C, len)."""
        out: FloatArray = np.maximum(D[:, k, None] - self.tree.X[None, idx, k], 0.0)
        return out

    def reach(self, lv: _Level) -> FloatArray:
        """The chance of each node and end of the hand if it hit everywhere (C, exits)."""
        t = self.tree
        C = len(lv.p)
        R = np.zeros((C, len(t.xsize)))
        R[:, 0] = 1.0
        for idx in reversed(t.by_size):
            cnt = [self.counts_at(lv.D, idx, k) for k in range(self.m.K)]
            denom = sum(cnt[1:], cnt[0])
            base = R[:, idx] / np.where(denom > _EPS, denom, np.inf)
            for k in range(self.m.K):
                cols = t.child[idx, k]
                has = cols >= 0
                if has.any():
                    R[:, cols[has]] += (base * cnt[k])[:, has]
        return R

    def enumerate(self, chain: list[_Level], exact_levels: int) -> list[_Level]:
        """Every level of later-hand contexts after the hand 1 chain, and the banker's rows.

        Levels from ``exact_levels`` on (the chain is level 0) are merged. An exact level too
        large to hold its (context, exit) pairs at once is *streamed* in chunks when what
        follows it is the banker or a merged level (``stream``): its banker rows are kept as
        keys, and its values are computed chunk by chunk (`stream_values`).
        """
        levels: list[_Level] = []
        state = _Enumeration()
        pending = chain
        depth = 0
        while pending:
            step = _LevelStep(merge_next=depth + 1 >= exact_levels, depth=depth)
            for lv in pending:
                self._exits_of(lv, step, state)
            if not step.keys:
                break
            new = self._next_level(step)
            for lv in pending:
                lv.nxt = new
            levels.append(new)
            pending = [new]
            depth += 1
        self._banker_rows(state)
        return levels

    def _chunk_size(self, lv: _Level, step: _LevelStep) -> int:
        """How many contexts of ``lv`` to expand at once (all of them unless it is
        streamed); `SplitTooLargeError` if the exact model would be too large."""
        nx = len(self.tree.xsize)
        C = len(lv.p)
        # a quick estimate, to fail early: a tenth of the outcomes of each position
        # with hands to come would be a new position
        if (not step.merge_next and not lv.merged
                and int((lv.p > 0).sum()) * (nx // 10) > self.max_contexts):
            raise SplitTooLargeError(
                f"the exact model would have about "
                f"{int((lv.p > 0).sum()) * (nx // 10):,} positions at hand "
                f"{step.depth + 2} (more than {self.max_contexts:,}); use method='merged'")
        if lv.merged or C * nx <= self.max_pairs:
            return C
        if not self.stream or len(lv.p) > self.max_contexts:
            raise SplitTooLargeError(
                f"the exact model has {C:,} positions at hand {step.depth + 1}, with up "
                f"to {nx:,} outcomes each (more than {self.max_pairs:,} pairs in "
                f"all); use method='merged'")
        lv.streamed = True
        return max(1, self.max_pairs // nx)

    def _exits_of(self, lv: _Level, step: _LevelStep, state: _Enumeration) -> None:
        """Expand the contexts of ``lv``, chunk by chunk, into the exits of their hand."""
        C = len(lv.p)
        size = self._chunk_size(lv, step)
        present, inv = np.unique(lv.S, return_inverse=True)
        add_all = self.scores.adder(present)[inv]        # (C, 18)
        for start in range(0, C, size):
            sl = slice(start, min(C, start + size))
            chunk = _Chunk(lv, np.arange(sl.start, sl.stop), lv.D[sl], lv.p[sl], lv.w[sl],
                           add_all[sl], self.reach(_Level(lv.D[sl], lv.S[sl], lv.p[sl],
                                                          lv.w[sl])))
            # exact exits: the rows after an exact level; next contexts when exact
            per_exit = (np.zeros(len(chunk.p), dtype=np.bool_) if lv.merged
                        else (chunk.p == 0) | (not step.merge_next))
            if per_exit.any():
                self._exact_exits(chunk, per_exit, step, state)
            if (~per_exit).any():
                self._scored_exits(chunk, ~per_exit, step, state)

    def _exact_exits(self, ch: _Chunk, per_exit: npt.NDArray[np.bool_], step: _LevelStep,
                     state: _Enumeration) -> None:
        """Each (context, exit) pair kept apart: a banker row after the last hand, else a
        context of the next level (by key; a streamed level keeps the keys only)."""
        t, K, lv = self.tree, self.m.K, ch.lv
        C, nx = len(lv.p), len(t.xsize)
        ci, ei = np.nonzero((ch.R > 0) & per_exit[:, None])
        s2 = ch.add[ci, t.xscore[ei]]
        code2 = (np.rint(ch.D).astype(np.int64) @ self.place)[ci] - self.xcode[ei]
        last = ch.p[ci] == 0
        more = ~last
        if not lv.streamed and (last.any() or more.any()) and (
                lv.to_exit is None or lv.to_exit_row is None):
            lv.to_exit = np.full((C, nx), -1, dtype=np.int64)
            lv.to_exit_row = np.zeros((C, nx), dtype=np.bool_)
        if last.any():
            keys = (code2[last] << _S_BITS) | s2[last]
            if lv.streamed:
                state.row_parts.append((np.unique(keys), None))
            else:
                assert lv.to_exit_row is not None
                state.row_parts.append((keys, (lv, ch.gidx[ci[last]], ei[last])))
                lv.to_exit_row[ch.gidx[ci[last]], ei[last]] = True
        if not more.any():
            return
        keys = (((code2[more] << _S_BITS) | s2[more]) << _P_BITS) | (ch.p[ci[more]] - 1)
        wk = ch.w[ci[more]] * ch.R[ci[more], ei[more]]
        if not lv.streamed:
            step.keys.append(keys)
            step.parts.append((lv, ch.gidx[ci[more]], ei[more], False, wk, np.zeros((0, K))))
            return
        uk, kinv = np.unique(keys, return_inverse=True)  # keys only: found again when valued
        step.n_next += len(uk)
        if step.n_next > self.max_contexts:
            raise SplitTooLargeError(
                f"the exact model has more than {self.max_contexts:,} positions at hand "
                f"{step.depth + 2}; use method='merged'")
        step.keys.append(uk)
        step.parts.append((lv, None, None, False,
                           np.bincount(kinv, weights=wk, minlength=len(uk)).astype(np.float64),
                           np.zeros((0, K))))

    def _scored_exits(self, ch: _Chunk, by_score: npt.NDArray[np.bool_], step: _LevelStep,
                      state: _Enumeration) -> None:
        """Exits whose future depends on their score only, aggregated by score with the
        chance-weighted mean deck: merged banker rows, or merged next contexts."""
        K, lv = self.m.K, ch.lv
        C = len(lv.p)
        Rw = ch.R * (ch.w * by_score)[:, None]
        Wcs = Rw @ self.onehot                               # (chunk, 18)
        Xcs = (Rw @ self.cards_by_score).reshape(len(ch.p), -1, K)
        ci, si = np.nonzero(Wcs > 0)
        wpair = Wcs[ci, si]
        dnum = wpair[:, None] * ch.D[ci] - Xcs[ci, si]         # weighted decks
        s2 = ch.add[ci, si]
        gi = ch.gidx[ci]
        if lv.to_score is None or lv.to_score_row is None:
            lv.to_score = np.full((C, PAIR_OF_SEVENS + 1), -1, dtype=np.int64)
            lv.to_score_row = np.zeros((C, PAIR_OF_SEVENS + 1), dtype=np.bool_)
        last = ch.p[ci] == 0
        if last.any():
            uniq, rinv = np.unique(s2[last], return_inverse=True)
            tot = np.bincount(rinv, weights=wpair[last], minlength=len(uniq))
            Dm = np.stack([np.bincount(rinv, weights=dnum[last, k], minlength=len(uniq))
                           for k in range(K)], axis=1) / tot[:, None]
            state.merged_rows.append((Dm, uniq))
            state.merged_slots.append((lv, gi[last], si[last]))
            lv.to_score[gi[last], si[last]] = rinv
            lv.to_score_row[gi[last], si[last]] = True
        more = ~last
        if more.any():
            step.keys.append((s2[more] << _P_BITS) | (ch.p[ci[more]] - 1))
            step.parts.append((lv, gi[more], si[more], True, wpair[more], dnum[more]))

    def _next_level(self, step: _LevelStep) -> _Level:
        """The next level's contexts, deduplicated (merged ones with their mean decks), and
        where each part of this level goes in it."""
        K = self.m.K
        uniq, inv = np.unique(np.concatenate(step.keys), return_inverse=True)
        if not step.merge_next and len(uniq) > self.max_contexts:
            raise SplitTooLargeError(
                f"the exact model has {len(uniq):,} positions at hand {step.depth + 2} (more "
                f"than {self.max_contexts:,}); use method='merged'")
        wall = np.concatenate([part[4] for part in step.parts])
        weights: FloatArray = np.bincount(inv, weights=wall,
                                          minlength=len(uniq)).astype(np.float64)
        p_new = uniq & ((1 << _P_BITS) - 1)
        s_new = (uniq >> _P_BITS) & ((1 << _S_BITS) - 1)
        D_new: FloatArray
        if step.merge_next:
            dall = np.concatenate([part[5] for part in step.parts])
            D_new = np.stack([np.bincount(inv, weights=dall[:, k], minlength=len(uniq))
                              for k in range(K)], axis=1).astype(np.float64)
            D_new /= np.where(weights > 0, weights, 1.0)[:, None]
        else:
            code = uniq >> (_P_BITS + _S_BITS)
            D_new = ((code[:, None] // self.place[None, :])
                     % self.radix[None, :]).astype(np.float64)
        new = _Level(D_new, s_new, p_new, weights, merged=step.merge_next)
        new.keys = uniq
        at = 0
        for lv, pci, pxi, scored, wk, _ in step.parts:
            if pci is not None and pxi is not None:
                target = lv.to_score if scored else lv.to_exit
                assert target is not None
                target[pci, pxi] = inv[at: at + len(pci)]
            at += len(wk)
        return new

    def _banker_rows(self, state: _Enumeration) -> None:
        """The banker's rows: exact ones deduplicated together, then each merged block;
        each level's exits pointed at theirs."""
        K = self.m.K
        blocks_D: list[FloatArray] = []
        blocks_S: list[IntArray] = []
        self.exact_row_keys = np.zeros(0, dtype=np.int64)
        if state.row_parts:
            uniq, rinv = np.unique(np.concatenate([keys for keys, _ in state.row_parts]),
                                   return_inverse=True)
            self.exact_row_keys = uniq
            code = uniq >> _S_BITS
            blocks_D.append(((code[:, None] // self.place[None, :])
                             % self.radix[None, :]).astype(np.float64))
            blocks_S.append(uniq & ((1 << _S_BITS) - 1))
            at = 0
            for keys, slot in state.row_parts:
                if slot is not None:
                    lv, ci, ei = slot
                    assert lv.to_exit is not None
                    lv.to_exit[ci, ei] = rinv[at: at + len(ci)]
                at += len(keys)
        offset = sum(len(b) for b in blocks_S)
        for (Dm, Sm), (lv, ci, si) in zip(state.merged_rows, state.merged_slots, strict=True):
            blocks_D.append(Dm)
            blocks_S.append(Sm)
            assert lv.to_score is not None
            lv.to_score[ci, si] += offset
            offset += len(Sm)
        self.rows_D = np.concatenate(blocks_D) if blocks_D else np.zeros((0, K))
        self.rows_S = (np.concatenate(blocks_S) if blocks_S
                       else np.zeros(0, dtype=np.int64))

    def stream_values(self, lv: _Level, W: FloatArray) -> FloatArray:
        """The values of a streamed level, chunk by chunk (exits found again by key)."""
        t = self.tree
        nx = len(t.xsize)
        C = len(lv.p)
        step = max(1, self.max_pairs // nx)
        out = np.zeros(C)
        present, inv = np.unique(lv.S, return_inverse=True)
        add_all = self.scores.adder(present)[inv]
        keys_sorted = self.exact_row_keys
        nxt = lv.nxt.value if lv.nxt is not None else np.zeros(0)
        for start in range(0, C, step):
            sl = slice(start, min(C, start + step))
            sub = _Level(lv.D[sl], lv.S[sl], lv.p[sl], lv.w[sl])
            ev = np.zeros((len(sub.p), nx))
            ok = np.ones((len(sub.p), nx), dtype=np.bool_)
            for k in range(self.m.K):
                ok &= sub.D[:, k, None] >= t.X[None, :, k]
            code = np.rint(sub.D).astype(np.int64) @ self.place
            for last in (True, False):
                ci, ei = np.nonzero(ok & ((sub.p == 0) == last)[:, None])
                if last:
                    table, vals = keys_sorted, W
                    keys = ((code[ci] - self.xcode[ei]) << _S_BITS) \
                        | add_all[sl][ci, t.xscore[ei]]
                elif lv.nxt is not None and lv.nxt.keys is not None and not lv.nxt.merged:
                    table, vals = lv.nxt.keys, nxt
                    keys = ((((code[ci] - self.xcode[ei]) << _S_BITS)
                             | add_all[sl][ci, t.xscore[ei]]) << _P_BITS) | (sub.p[ci] - 1)
                else:
                    continue
                if not len(table):
                    continue
                pos = np.minimum(np.searchsorted(table, keys), len(table) - 1)
                found = table[pos] == keys     # an exit the hand cannot reach has no entry
                ev[ci[found], ei[found]] = vals[pos[found]]
            if lv.to_score is not None and lv.to_score_row is not None:
                ts = lv.to_score[sl]
                later = (ts >= 0) & ~lv.to_score_row[sl]
                part = np.zeros(ts.shape)
                part[later] = nxt[ts[later]]
                ev += part[:, t.xscore]
            V, _, _ = self.play(sub, ev + self.lost[None, :])
            out[sl] = V[:, 0]
        return out

    # -- the banker ------------------------------------------------------------------------
    def banker_values(self, chunk: int = 20000) -> FloatArray:
        D, S = self.rows_D, self.rows_S
        out = np.zeros(len(S))
        for a in range(0, len(S), chunk):
            out[a: a + chunk] = self._banker(D[a: a + chunk], S[a: a + chunk])
        return out

    def _banker(self, D: FloatArray, S: IntArray) -> FloatArray:
        """The banker's value (the player's payoff) per row of decks ``D`` and the player's
        finished scores ``S``: its hands from the last to the empty one, all rows at once (a
        hand's value from its children's), in place: no temporary array per step."""
        bt = self.btree
        pay = np.ascontiguousarray((self.scores.count_matrix(S) @ self.table).T)  # (18, rows)
        DT = np.ascontiguousarray(D.T)          # (K, rows): one kind's counts contiguous
        n = DT.sum(axis=0)
        V = np.empty((len(bt.keys), len(S)))
        work = np.empty((3 + len(DT), len(S)))  # tmp, hit, denom, then cards left per kind
        for j in range(len(bt.keys) - 1, -1, -1):
            self._banker_hand(j, DT, n, pay, V, work)
        return np.where(S == 0, 0.0, V[0])

    def _banker_hand(self, j: int, DT: FloatArray, n: FloatArray, pay: FloatArray,
                     V: FloatArray, work: FloatArray) -> None:
        """`_banker`'s step at hand ``j``: ``V[j]`` from its children's values."""
        bt = self.btree
        tmp, hit, denom, left = work[0], work[1], work[2], work[3:]
        drawn = bt.drawn[j].tolist()
        # cards left of each kind: only the kinds already drawn need clamping at zero
        np.subtract(n, float(sum(drawn)), out=denom)
        for k, d in enumerate(drawn):
            if d:
                np.subtract(DT[k], d, out=left[k])
                np.maximum(left[k], 0.0, out=left[k])
                np.subtract(DT[k], d, out=tmp)
                np.subtract(left[k], tmp, out=tmp)
                np.add(denom, tmp, out=denom)
        hit.fill(0.0)
        for k, j2, sc2 in bt.children[j]:
            np.multiply(left[k] if drawn[k] else DT[k], pay[sc2] if j2 < 0 else V[j2], out=tmp)
            np.add(hit, tmp, out=hit)
        can = denom > _EPS
        np.divide(hit, denom, out=hit, where=can)
        hit[~can] = 0.0
        empty = not any(bt.keys[j][0])
        tot, sc, _ = bt.facts[j]
        stand = pay[BUST] if empty else pay[sc]
        v = V[j]
        if not self.banker.best:
            assert self.banker.k is not None
            np.copyto(v, stand)
            np.copyto(v, hit, where=can & (empty or tot < self.banker.k))
            return
        if empty:
            np.copyto(v, hit)
        else:
            np.minimum(stand, hit, out=v)
        np.copyto(v, stand, where=~can)
        if bt.burn_child[j] >= 0:
            np.minimum(v, V[bt.burn_child[j]], out=v)

    # -- the player ------------------------------------------------------------------------
    def play(self, lv: _Level, exit_values: FloatArray, first: bool = False,
             split_value: float | None = None, split_hands: float | None = None,
             hands: float | None = None) -> tuple[FloatArray, FloatArray | None,
                                                  dict[str, FloatArray]]:
        """Backward induction over the hand tree for a batch of contexts.

        ``exit_values`` (C, exits). For hand 1 (``first``), the split option at the node of
        two figures is worth ``split_value``; expected hands are tracked when ``hands``
        (the hands open) is given. Returns the node values (C, nodes + ends), the expected
        hands at the nodes (or None), and per-node stand/hit values.
        """
        t = self.tree
        C = len(lv.p)
        N = t.n_nodes
        V = np.array(exit_values, dtype=np.float64)
        H = np.full_like(V, hands) if hands is not None else None
        stand_v = V[:, :N].copy()
        hit_v = np.full((C, N), -np.inf)
        pol = self.player
        for idx in t.by_size:
            cnt = [self.counts_at(lv.D, idx, k) for k in range(self.m.K)]
            denom = sum(cnt[1:], cnt[0])
            can = denom > _EPS
            hv = np.zeros((C, len(idx)))
            hh = np.zeros((C, len(idx))) if H is not None else None
            for k in range(self.m.K):
                cols = t.child[idx, k]
                has = cols >= 0
                if not has.any():
                    continue
                safe = np.where(has, cols, 0)
                ck = cnt[k] * has[None, :]
                hv += ck * V[:, safe]
                if H is not None and hh is not None:
                    hh += ck * H[:, safe]
            denom = np.where(can, denom, 1.0)
            hv = np.where(can, hv / denom, -np.inf)
            hit_v[:, idx] = hv
            st = V[:, idx]
            if pol.best:
                take = hv > st
            else:
                assert pol.k is not None
                take = can & (t.total[idx][None, :] < pol.k)
            V[:, idx] = np.where(take, hv, st)
            if H is not None and hh is not None:
                H[:, idx] = np.where(take, hh / denom, H[:, idx])
            if first and split_value is not None and t.split_node in idx:
                j = t.split_node
                cur = V[:, j]
                go = (split_value > cur) if pol.best else np.full(C, pol.resplit)
                V[:, j] = np.where(go, split_value, cur)
                if H is not None and split_hands is not None:
                    H[:, j] = np.where(go, split_hands, H[:, j])
        return V, H, {"stand": stand_v, "hit": hit_v}

    def exit_values(self, lv: _Level, W: FloatArray) -> FloatArray:
        """The value of each (context, exit): the bust's -1, then the next hand or the
        banker."""
        nxt = lv.nxt.value if lv.nxt is not None else np.zeros(0)
        vals = np.zeros((len(lv.p), len(self.tree.xscore)))
        for to, row, scored in ((lv.to_exit, lv.to_exit_row, False),
                                (lv.to_score, lv.to_score_row, True)):
            if to is None or row is None:
                continue
            part = np.zeros(to.shape)
            rows = row & (to >= 0)
            part[rows] = W[to[rows]]
            later = ~row & (to >= 0)
            part[later] = nxt[to[later]]
            vals += part[:, self.tree.xscore] if scored else part
        out: FloatArray = vals + self.lost[None, :]
        return out

    def chain(self, rest: Sequence[int], hands_open: int) -> list[_Level]:
        """Hand 1 on its figure alone with ``hands_open``, ``hands_open + 1``... hands."""
        fig = self.m.fig
        D = np.array(rest, dtype=np.float64)
        out: list[_Level] = []
        m, w = hands_open, 1.0
        while True:
            out.append(_Level(D[None, :].copy(), np.zeros(1, dtype=np.int64),
                              np.array([m - 1], dtype=np.int64), np.array([w])))
            if m >= self.n_max or D[fig] < 1:
                break
            w *= D[fig] / D.sum()   # the chance of a figure on hand 1's figure
            D = D.copy()
            D[fig] -= 1
            m += 1
        return out

    def run(self, D: Sequence[int], S: tuple[int, ...], pending: int, hands: int, first: bool,
            exact_levels: int) -> tuple[FloatArray, FloatArray | None, dict[str, FloatArray],
                                        float | None]:
        """Solve from a hand about to start with deck ``D`` (hand 1 when ``first``).

        Returns that hand's node values, expected hands (hand 1 only), stand/hit values by
        node, and the value of splitting again at its node of two figures (or None).
        """
        if first:
            chain = self.chain(D, hands)
        else:
            chain = [_Level(np.array([D], dtype=np.float64),
                            np.array([self.scores.number(tuple(sorted(S)))], dtype=np.int64),
                            np.array([pending], dtype=np.int64), np.ones(1))]
        levels = self.enumerate(chain, exact_levels)
        W = self.banker_values()
        for lv in reversed(levels):
            if lv.streamed:
                lv.value = self.stream_values(lv, W)
            else:
                V, _, _ = self.play(lv, self.exit_values(lv, W))
                lv.value = V[:, 0]
        evs = [self.exit_values(lv, W) for lv in chain]
        split_v: float | None = None
        split_h: float | None = None
        out: tuple[FloatArray, FloatArray | None, dict[str, FloatArray]] | None = None
        for i in range(len(chain) - 1, -1, -1):
            root_split = split_v
            out = self.play(chain[i], evs[i], first=first, split_value=split_v,
                            split_hands=split_h, hands=float(hands + i) if first else None)
            V, H, _ = out
            split_v = float(V[0, 0])
            split_h = float(H[0, 0]) if H is not None else None
        assert out is not None and split_v is not None
        # the value had splitting stopped at fewer hands: the chain alone changes
        self.capped = {hands + len(chain) - 1: split_v}
        for top in range(len(chain) - 2, -1, -1):
            v: float | None = None
            for i in range(top, -1, -1):
                V, _, _ = self.play(chain[i], evs[i], first=first, split_value=v)
                v = float(V[0, 0])
            assert v is not None
            self.capped[hands + top] = v
        return out[0], out[1], out[2], root_split if len(chain) > 1 else None
