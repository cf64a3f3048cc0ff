"""The solver of one heads-up game (`Solver`): its arrays, shared by evaluation, best replies and
the LP; the values of the finished hands (`Terminal`); the player's backward induction over its
decisions. One solver per game, exactness and measure (`game_solver`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

from settemezzo.game import (
    HIT,
    SPLIT,
    STAND,
    SWAP,
    Child,
    HeadsUpGame,
)
from settemezzo.hands import BUST
from settemezzo.memory import gc_paused
from settemezzo.solve.plans import FloatArray
from settemezzo.solve.rows import (
    BankerRows,
    FloatRows,
    Rows,
    as_floats,
    compiled,
    distinct_rows,
    float_batches,
)
from settemezzo.solve.strategies import BankerStrategy

if TYPE_CHECKING:
    from settemezzo.solve import kernels


BankerKey = tuple[str, int, bool]
"""A banker's kind, its threshold and whether a chooser solver makes its best choices."""

Finishing = tuple[npt.NDArray[np.int64], FloatArray,
                  list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]]]
"""The finished children after an action (`_finishing`)."""


@dataclass
class SolverMemo:
    """What a `Solver` computes once and keeps, each by what it is."""

    stand: dict[BankerKey, Any] = field(default_factory=dict)
    """The values of standing against a banker that is not behavioural (`stand_values`)."""
    shown: dict[BankerKey, Terminal] = field(default_factory=dict)
    """The values of the finished hands against a banker (`shown_values`)."""
    finishing: dict[int, Finishing] = field(default_factory=dict)
    """The children that finish the hand, per action (`_finishing`)."""
    behavioural: tuple[BankerStrategy, BankerKey, FloatArray] | None = None
    """The values of standing against the last behavioural banker asked (in floats), with
    it: the same banker object answers at once (its arrays are not changed in place)."""


@dataclass
class Solver:
    """Arrays of one heads-up game, shared by evaluation, best responses and the LP."""

    game: HeadsUpGame
    exact: bool
    measure: Literal["value", "win"] = "value"
    memo: SolverMemo = field(default_factory=SolverMemo)

    like: Solver | None = field(default=None, repr=False, compare=False)
    """A solver of the same game whose layout (`Layout`) this one takes, not made again."""
    layout: Layout = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        with gc_paused():  # many small objects: see `settemezzo.memory.gc_paused`
            self._setup()
        self.like = None  # (not kept alive by this one)

    def _setup(self) -> None:
        g = self.game
        like = self.like if self.like is not None and self.like.game is g else None
        lay = self.layout = like.layout if like is not None else Layout.of(g)
        K = len(g.kinds)
        decks = g.decks
        shown_decks = np.vstack([decks, np.array(g.counts, dtype=np.int64).reshape(1, K)])[
            lay.row_of]
        shown_decks[np.arange(len(lay.row_of)), lay.kind_of] -= 1
        self.swaps, self.split_at = lay.swaps, lay.split_at
        self.is_play = lay.is_play
        self.group = lay.group
        self.stake = lay.stake
        self.stand_decks, self.stand_score = decks, lay.pscore
        # a banker that plays the same way in every public state (rule of thumb, best reply
        # with full information) faces a row through its deck and the player's score only:
        # equal rows are computed once (many: the same cards in other orders, other stakes)
        self._float_stand: FloatRows | None = None
        if self.exact:
            self.shown_rows, self._shown_inverse = self._unique_rows(shown_decks,
                                                                     lay.shown_score)
        else:  # the banker's numbers of both kinds of rows at once
            self._float_stand, shown = float_batches(
                g, [(decks, lay.pscore), (shown_decks, lay.shown_score)], self.measure)
            self.shown_rows, self._shown_inverse = shown.distinct()
        self.shown_of = lay.shown_of
        self.reach: list[Any]
        self.root_prob: list[Any]
        if like is not None and like.exact == self.exact:
            self.reach, self.root_prob = like.reach, like.root_prob
        else:
            self.reach = [s.reach for s in g.infosets] if self.exact else \
                as_floats([s.reach for s in g.infosets])
            self.root_prob = [ch.prob if self.exact else float(ch.prob)
                              for ch in g.root_terminals]
        self.first_play = lay.first_play

    def share_tree(self, other: Solver) -> None:
        """Take ``other``'s decision tree as the compiled induction reads it, if made (a
        solver of the same game in floats, measuring something else: the same children
        and chances), rather than make it again."""
        if other.game is self.game and not (self.exact or other.exact) \
                and "_tree" in other.__dict__ and "_tree" not in self.__dict__:
            self.__dict__["_tree"] = other._tree

    def _rows(self, decks: npt.NDArray[np.int64], score: npt.NDArray[np.int64]) -> Rows:
        if self.exact:
            return BankerRows(self.game, decks, score, self.measure)
        return FloatRows(self.game, decks, score, self.measure)

    def _unique_rows(self, decks: npt.NDArray[np.int64], score: npt.NDArray[np.int64]
                     ) -> tuple[Rows, npt.NDArray[np.int64]]:
        key = np.column_stack([decks, score]) if len(score) else \
            np.zeros((0, decks.shape[1] + 1), dtype=np.int64)
        uniq, inverse = distinct_rows(key)
        rows = self._rows(np.ascontiguousarray(uniq[:, :-1]), np.ascontiguousarray(uniq[:, -1]))
        return rows, inverse

    @cached_property
    def stand_rows(self) -> Rows:
        """A row per information set (a behavioural banker plays by public state)."""
        if self._float_stand is not None:
            return self._float_stand
        return self._rows(self.stand_decks, self.stand_score)

    @cached_property
    def stand_unique(self) -> tuple[Rows, npt.NDArray[np.int64]]:
        """The distinct rows of `stand_rows` (a banker that plays alike in every public
        state), and the distinct row of each information set."""
        if self._float_stand is not None:
            return self._float_stand.distinct()
        return self._unique_rows(self.stand_decks, self.stand_score)

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
    def stand_values(self, banker: BankerStrategy, chooser: Solver | None = None) -> Any:
        """Conditional value of standing at each information set against ``banker``, in
        chips (the decision's stake times the value per unit).

        Where the banker plays its best with full information, ``chooser`` (a solver of the
        same game measuring value) makes the choices, so that a win-chance solver follows the
        banker's value-maximising play.
        """
        key = (banker.kind, banker.k, chooser is not None)
        if banker.kind != "behavioural" and key in self.memo.stand:
            return self.memo.stand[key]
        last = self.memo.behavioural
        if last is not None and last[0] is banker and last[1] == key:
            return last[2]
        out = self._scaled(self._stand_values(banker, chooser))
        if banker.kind != "behavioural":
            self.memo.stand[key] = out
        elif not self.exact:  # the same equilibrium banker is asked again (the checks)
            out.flags.writeable = False
            self.memo.behavioural = (banker, key, out)
        return out

    def forget_banker(self) -> None:
        """Drop the values of standing kept for the last behavioural banker asked: a caller
        about to change that banker's arrays in place (`SolverMemo.behavioural` reads a
        banker by identity)."""
        self.memo.behavioural = None

    def stand_values_after(self, before: FloatArray, banker: BankerStrategy,
                           groups: npt.NDArray[np.int64]) -> FloatArray:
        """`stand_values` of the behavioural ``banker``, given ``before``, those of a banker
        who plays as it does except at the public states ``groups``: the rows of those states
        computed again (each row's value is its own, so these are the floats a whole
        computation gives). Kept as `stand_values` keeps its last banker."""
        rows = self.stand_rows
        if not isinstance(rows, FloatRows) or self.exact:
            return np.asarray(self.stand_values(banker), dtype=np.float64)
        cols = np.flatnonzero(np.isin(self.group, groups))
        vals = rows.group_values(banker.hit, banker.burn, self.group[cols], cols)
        out = np.array(before, dtype=np.float64)
        out[cols] = vals if self.measure == "win" else vals * self.stake[cols]
        out.flags.writeable = False
        self.memo.behavioural = (banker, ("behavioural", banker.k, False), out)
        return out

    def _stand_values(self, banker: BankerStrategy, chooser: Solver | None) -> Any:
        if banker.kind in ("omniscient", "threshold"):
            uniq, inverse = self.stand_unique
            if banker.kind == "threshold":
                vals = uniq.values([int(nd.total < banker.k) for nd in uniq.nodes])
            elif chooser is not None:
                hit, burn = chooser.stand_unique[0].best_decisions()
                vals = uniq.values(hit, burn=burn)
            else:
                vals = uniq.values(None, "min")
            return vals[inverse]
        rows = self.stand_rows
        if isinstance(rows, FloatRows):
            return rows.group_values(banker.hit, banker.burn, self.group)
        per_row = banker.hit[self.group]  # (rows, nodes)
        J = len(rows.nodes)
        # indexed once: each column below is a view that keeps its whole array alive
        per_burn = None if banker.burn is None else banker.burn[self.group]
        burns = None if per_burn is None else [per_burn[:, j] for j in range(J)]
        return rows.values([per_row[:, j] for j in range(J)], burn=burns)

    def shown_values(self, banker: BankerStrategy,
                     chooser: Solver | None = None) -> Terminal:
        """The finished hands: per information set, per child of action 1 and of action 0,
        the value in chips (bust: the stake lost; 7½ or better: the banker then plays)."""
        key = (banker.kind if banker.kind == "threshold" else "best", banker.k,
               chooser is not None)
        out = self.memo.shown.get(key)
        if out is None:
            out = self.memo.shown[key] = self._shown_values(banker, chooser)
        return out

    def _shown_values(self, banker: BankerStrategy, chooser: Solver | None) -> Terminal:
        rows = self.shown_rows
        if banker.kind == "threshold":
            vals = rows.values([int(nd.total < banker.k) for nd in rows.nodes])
        elif chooser is not None:
            hit, burn = chooser.shown_rows.best_decisions()
            vals = rows.values(hit, burn=burn)
        else:
            vals = rows.values(None, "min")
        lose: Any = -1 if self.measure == "value" else 0
        if not self.exact:
            return self._shown_floats(vals[self._shown_inverse], float(lose))
        conv: Any = Fraction
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

    def _shown_floats(self, vals: FloatArray, lose: float) -> Terminal:
        """`_shown_values` in floats, laid out as `_tree`'s children at once (the same
        numbers): every child ``lose`` times its decision's stake, a swap or split move None
        (nan laid flat), each finished hand its value ``vals`` (in `shown_of`'s order)."""
        tree = self._tree
        stake = self.stake.astype(np.float64)
        i, a, ci = self._shown_places
        flat = {}
        for action, ptr in ((1, tree.ptr1), (0, tree.ptr0)):
            out = np.repeat(lose * stake, np.diff(ptr))
            on = (a == action) & (i >= 0)
            out[ptr[i[on]] + ci[on]] = vals[on] * (stake[i[on]] if self.measure == "value"
                                                  else 1.0)
            flat[action] = out
        moves = np.array([tree.ptr1[k] + c for k, c in self.swaps], dtype=np.int64)
        flat[1][moves] = np.nan
        one, zero = FlatRows(flat[1], tree.ptr1, moves), FlatRows(flat[0], tree.ptr0)
        root = [lose] * len(self.game.root_terminals)
        for c, v in zip(ci[i < 0].tolist(), vals[i < 0].tolist(), strict=True):
            root[c] = v
        return Terminal(one, zero, root, flat)

    @cached_property
    def _shown_places(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64],
                                     npt.NDArray[np.int64]]:
        """`shown_of` as three arrays: decision (-1: a root terminal), action, child."""
        arr = np.array(self.shown_of, dtype=np.int64).reshape(-1, 3)
        return arr[:, 0], arr[:, 1], arr[:, 2]

    def with_swaps(self, T: Terminal, values: dict[int, Any]) -> Terminal:
        """``T`` with the swap and split moves valued: ``values[i]`` is the value per unit
        stake of the subgame after the swap or split at decision ``i`` (0 where the strategy
        never takes it; a split's value counts every hand's stake)."""
        if not self.swaps:
            return T
        zero: Any = 0 if self.exact else 0.0
        get = values.get
        sole, among = self._swap_places
        if isinstance(T.one, FlatRows):  # floats: the moves' places in the flat values
            at, dec, mult = self._swap_flat
            flat = T.one.flat.copy()
            flat[at] = np.array([get(i, zero) for i in dec.tolist()], dtype=np.float64) * mult
            return Terminal(FlatRows(flat, T.one.ptr), T.zero, T.root, {**T._flat, 1: flat})
        one = list(T.one)
        for i, k in sole:  # a swap or split decision's one child: the move
            one[i] = [get(i, zero) * k]
        for i, ci, k in among:
            row = one[i] = list(one[i])
            row[ci] = get(i, zero) * k
        # the finished hands of action 0 are T's: so is their flat form, if made
        return Terminal(one, T.zero, T.root, {0: T._flat[0]} if 0 in T._flat else {})

    @cached_property
    def _swap_flat(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], FloatArray]:
        """`_swap_places` in a float `Terminal`'s flat values (`FlatRows`): each move's place,
        its decision and its multiplier."""
        ptr, (sole, among) = self._tree.ptr1, self._swap_places
        moves = [(i, 0, k) for i, k in sole] + among
        return (np.array([ptr[i] + ci for i, ci, _ in moves], dtype=np.int64),
                np.array([i for i, _, _ in moves], dtype=np.int64),
                np.array([k for _, _, k in moves], dtype=np.float64))

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

    def every_action_value(self, stand: Any, T: Terminal, V: list[Any],
                           swap_as_up: bool = False) -> tuple[list[Any], list[Any]]:
        """`action_values` at every information set: the values of action 0, of action 1
        (compiled in floats, `settemezzo.solve.kernels.action_values`: the same sums)."""
        if self.exact:
            pairs = [self.action_values(i, stand, T, V, swap_as_up)
                     for i in range(len(self.game.infosets))]
            return [q0 for q0, _ in pairs], [q1 for _, q1 in pairs]
        q0, q1 = compiled().action_values(
            self._tree, T.floats(1), T.floats(0), np.asarray(stand, dtype=np.float64),
            np.asarray(V, dtype=np.float64), swap_as_up)
        return q0.tolist(), q1.tolist()

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
        """`player_values` in floats, compiled (`settemezzo.kernels.player_values`: the
        same sums in the same order)."""
        V, hits = compiled().player_values(
            self._tree, T.floats(1), T.floats(0), np.asarray(stand, dtype=np.float64),
            None if hit is None else np.asarray(hit, dtype=np.float64), swap_as_up)
        values: list[Any] = V.tolist()
        total = sum(self.reach[i] * values[i] for i in self.game.roots) + self.root_value(T)
        return total, values, [HIT if h else STAND for h in hits.tolist()]

    @cached_property
    def _tree(self) -> kernels.Tree:
        """The decisions' children as the compiled backward induction reads them (float
        solvers)."""
        g = self.game
        tree: kernels.Tree = compiled().Tree(
            *_kids(g, 1), *_kids(g, 0), self.is_play,
            np.array([s.kind == "swap" for s in g.infosets], dtype=np.bool_))
        return tree

    def children(self, action: int
                 ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], FloatArray]:
        """Every decision's children after ``action`` (1 or 0), one decision after the other
        (float solvers): where each decision's children start (CSR), each child's decision
        (-1: finished) and its chance."""
        tree = self._tree
        if action:
            return tree.ptr1, tree.kid1, tree.prob1
        return tree.ptr0, tree.kid0, tree.prob0

    @cached_property
    def parents(self) -> npt.NDArray[np.int64]:
        """Each decision's parent decision (-1 for a first one); a parent comes before its
        children."""
        return np.array([s.parent for s in self.game.infosets], dtype=np.int64)

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


def _linear_floats(s: Solver, hit: Sequence[Any], T: Terminal, reach_own: list[Any],
                   tot: Any) -> Any:
    """`Solver.linear_part` in floats: each decision's finished hands summed for all
    decisions at once (`finished_sums`), then added to ``tot`` one after the other, decision
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
        terms[:, col] = reach * w[:, col] * finished_sums(s, action, T)
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
    return ptr, child, np.array(as_floats([ch.prob for ch in flat]), dtype=np.float64)


def _children_value(acc: Any, probs: list[Any], kids: Sequence[Child], shown: Sequence[Any],
                    V: list[Any]) -> Any:
    """``acc`` plus each child's chance times its value: ``V`` of its information set, or
    its ``shown`` value where the hand is finished (`Solver.action_values`' sums)."""
    for p, ch, t in zip(probs, kids, shown, strict=True):
        j = ch.infoset
        acc += p * (V[j] if j >= 0 else t)
    return acc


@dataclass(frozen=True)
class Layout:
    """What a game's solvers share, whatever they measure and however exact (`Solver`):
    the finished hands (not a swap, split or bust) as rows of the banker's programme - the
    row of their deck (the decision's, or the whole deck for a hand finished at once after a
    swap, last), the kind drawn, the player's score, and where (decision, action, child);
    the swap and split moves; per decision, whether it is a stand/hit one, its public state
    (0 for the others: weight 0), its stake, the player's total, and whether it is the first
    stand/hit decision of its deal (after the stake and burning choices)."""

    row_of: npt.NDArray[np.int64]
    kind_of: npt.NDArray[np.int64]
    shown_score: npt.NDArray[np.int64]
    shown_of: list[tuple[int, int, int]]
    swaps: list[tuple[int, int]]
    split_at: list[int]
    is_play: npt.NDArray[Any]
    group: npt.NDArray[np.int64]
    stake: npt.NDArray[np.int64]
    pscore: npt.NDArray[np.int64]
    first_play: list[bool]

    @classmethod
    def of(cls, g: HeadsUpGame) -> Layout:
        """The layout of game ``g``."""
        pos = {k: p for p, k in enumerate(g.kinds)}
        shown_only = {int(SWAP), int(SPLIT), BUST}
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
        # the moves valued by a subgame: swaps (`HeadsUpGame.swap_subgame`), splits
        # (`settemezzo.split`)
        swaps = [(i, ci) for i, st in enumerate(g.infosets) if st.kind in ("swap", "split")
                 for ci, ch in enumerate(st.children) if ch.score in (SWAP, SPLIT)]
        played = [False] * n
        first_play = [False] * n
        for st in g.infosets:
            before = st.parent >= 0 and played[st.parent]
            played[st.index] = before or st.kind == "play"
            first_play[st.index] = st.kind == "play" and not before
        return cls(np.array(row_of, dtype=np.int64), np.array(kind_of, dtype=np.int64),
                   np.array(shown_score, dtype=np.int64), shown_of, swaps,
                   [i for i, st in enumerate(g.infosets) if st.kind == "split"],
                   np.array([s.kind == "play" for s in g.infosets]),
                   np.array([max(s.public, 0) for s in g.infosets], dtype=np.int64),
                   np.array([s.stake for s in g.infosets], dtype=np.int64),
                   np.array([s.total for s in g.infosets], dtype=np.int64), first_play)


class FlatRows(Sequence[list[Any]]):
    """A float `Terminal`'s values per decision, read from one flat array (``flat``, cut at
    ``ptr``: CSR) rather than kept as a list per decision: row ``i`` is made when asked, a
    move not yet valued (a swap or a split, at the flat places ``unvalued``) read as None.
    The solver reads the flat array (`Terminal.floats`); a thinned SPANISH deck's terminals
    were otherwise 170,000 lists for the collector to walk."""

    __slots__ = ("_unvalued", "flat", "ptr")

    def __init__(self, flat: FloatArray, ptr: npt.NDArray[np.int64],
                 unvalued: npt.NDArray[np.int64] | None = None) -> None:
        self.flat, self.ptr = flat, ptr
        self._unvalued = frozenset(() if unvalued is None else unvalued.tolist())

    def __len__(self) -> int:
        return len(self.ptr) - 1

    def __getitem__(self, i: Any) -> Any:
        if not isinstance(i, (int, np.integer)):
            raise TypeError(f"FlatRows takes one decision's index, not {i!r}")
        if i < 0:
            i += len(self)
        a, b = int(self.ptr[i]), int(self.ptr[i + 1])
        row: list[Any] = self.flat[a:b].tolist()
        for at in self._unvalued.intersection(range(a, b)):
            row[at - a] = None
        return row


@dataclass(frozen=True)
class Terminal:
    """Values of the finished hands: ``one[i][c]`` for the children of action 1 of
    information set ``i``, ``zero[i][c]`` for those of action 0, ``root[c]`` for the
    `HeadsUpGame.root_terminals` (hands finished by their first card, after a swap)."""

    one: Sequence[Sequence[Any]]
    zero: Sequence[Sequence[Any]]
    root: list[Any] = field(default_factory=list)
    _flat: dict[int, FloatArray] = field(default_factory=dict, compare=False, repr=False)

    def floats(self, action: int) -> FloatArray:
        """``one`` (action 1) or ``zero`` (action 0) laid end to end as floats, decision
        after decision (a move still unvalued, None, is nan), made once."""
        out = self._flat.get(action)
        if out is None:
            rows = self.one if action else self.zero
            if isinstance(rows, FlatRows):
                return rows.flat
            out = self._flat[action] = np.array([v for r in rows for v in r], dtype=np.float64)
        return out


def finished_sums(s: Solver, action: int, T: Terminal) -> FloatArray:
    """Per information set, the sum (in order, from 0) of chance times value (``T``'s) over
    its children after ``action`` that finish the hand: the children's products at once,
    then added a place at a time (`_finishing`)."""
    at, probs, by_place = _finishing(s, action)
    prod = probs * T.floats(action)[at]
    acc = np.zeros(len(s.reach))
    for place, i in by_place:
        acc[i] += prod[place]
    return acc


def _finishing(s: Solver, action: int) -> Finishing:
    """The children after ``action`` that finish the hand, in order, once per (float)
    solver: where each is among all the children laid end to end (`Solver._tree`, as
    `Terminal.floats`) and its chance; and by their place among their information set's
    (first, second...), which of them, and whose."""
    out = s.memo.finishing.get(action)
    if out is None:
        tree = s._tree
        ptr, kid, prob = (tree.ptr1, tree.kid1, tree.prob1) if action else \
            (tree.ptr0, tree.kid0, tree.prob0)
        at = np.flatnonzero(kid < 0)
        rows = np.repeat(np.arange(len(ptr) - 1), np.diff(ptr))[at]
        place = np.arange(len(at)) - np.searchsorted(rows, rows)
        by_place = [(np.flatnonzero(place == k), rows[place == k])
                    for k in range(int(place.max(initial=-1)) + 1)]
        out = s.memo.finishing[action] = (at, prob[at], by_place)
    return out

