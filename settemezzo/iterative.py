"""A second, iterative route to the equilibrium: CFR+ for both sides.

Counterfactual regret minimisation with regret-matching+, alternating updates and linearly
weighted averages (CFR+, Tammelin 2014). The player's information sets are those of the LP;
the banker's are (public state, banker multiset). Merging the orders of the banker's own cards
is a "well-formed" imperfect-recall abstraction (Lanctot, Gibson, Burch, Zinkevich and Bowling,
2012): merged histories have the same future and the same chance ratios, so CFR's regret
bound still holds. The average strategies converge to an equilibrium; their best-response
values bracket the game value, and the bracket narrows as the iterations go on.

It shares no solving code with the LP of `settemezzo.solve.equilibrium`: it is the
independent check asked for (the game tree and the banker's dynamic programme are checked
separately, by brute force and Monte Carlo).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import sparse

from settemezzo.cards import Unseen
from settemezzo.game import HeadsUpGame, UnsupportedRulesError, heads_up
from settemezzo.rules import ITALIAN, Rules
from settemezzo.solve import BankerStrategy, PlayerStrategy, best_response
from settemezzo.solve.state import game_solver

__all__ = ["IterativeResult", "cfr_plus"]


@dataclass(frozen=True)
class IterativeResult:
    """The average strategies after ``iterations`` rounds and their certified bracket."""

    player: PlayerStrategy
    banker: BankerStrategy
    lower: float          # the average player's value against the banker's best reply
    upper: float          # the average banker's value against the player's best reply
    iterations: int
    history: tuple[tuple[int, float, float], ...]  # (iteration, lower, upper) at checkpoints

    @property
    def gap(self) -> float:
        return self.upper - self.lower


def cfr_plus(rules: Rules | HeadsUpGame = ITALIAN, iterations: int = 300,
             deck: Unseen | None = None, checkpoints: int = 5) -> IterativeResult:
    """Run CFR+ for ``iterations`` rounds; return the average strategies and their bracket."""
    if not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1:
        raise ValueError(f"iterations must be a positive whole number, got {iterations!r}")
    game = rules if isinstance(rules, HeadsUpGame) else heads_up(rules, deck)
    if not game.classic:
        raise UnsupportedRulesError(
            f"cfr_plus handles stand/hit decisions only, not burning or stake choices "
            f"(the rules {game.rules.spec()!r})")
    cfr = _CFR(game)
    history: list[tuple[int, float, float]] = []
    every = max(1, iterations // max(1, checkpoints))
    for t in range(1, iterations + 1):
        cfr.player_step(t)
        cfr.banker_step(t)
        if t % every == 0 or t == iterations:
            history.append((t, *_bracket(game, cfr.p_avg, cfr.b_avg_hit, cfr.b_avg_all)))
    player, banker = _averages(cfr.p_avg, cfr.b_avg_hit, cfr.b_avg_all)
    _, lower, upper = history[-1]
    return IterativeResult(player, banker, lower, upper, iterations, tuple(history))


def _match(r0: np.ndarray, r1: np.ndarray) -> np.ndarray:
    """Regret matching: the chance of action 1, of regrets ``r0`` and ``r1`` (an even mix
    when no regret is positive)."""
    tot = r0 + r1
    positive = tot > 0
    return np.where(positive, r1 / np.where(positive, tot, 1.0), 0.5)


class _CFR:
    """The regrets and weighted average strategies of both sides, updated in turn.

    The tree walks run a level at a time (numpy over every information set of a depth, the
    banker's hands as matrix columns), not a node at a time."""

    def __init__(self, game: HeadsUpGame) -> None:
        self.game = game
        s = self.s = game_solver(game, False)
        n, G, J = len(game.infosets), len(game.publics), len(game.banker_nodes)
        self.n, self.G, self.J = n, G, J
        self.reach = np.array(s.reach, dtype=np.float64)
        self.parent = np.array([st.parent for st in game.infosets], dtype=np.int64)
        shown = s.shown_values(BankerStrategy("best", "omniscient")).one
        self.fixed_hit = np.array([sum(p * shown[st.index][ci]
                                       for ci, (ch, p) in enumerate(zip(
                                           st.children, s.child_prob[st.index], strict=True))
                                       if ch.infoset < 0) for st in game.infosets])
        kids = [[(ch.infoset, p) for ch, p in zip(st.children, s.child_prob[st.index],
                                                  strict=True) if ch.infoset >= 0]
                for st in game.infosets]
        self.levels = _levels(self.parent)
        self.kid_sums = [_kid_matrix(kids, idx, n) for idx in self.levels]
        self.banker_parents: list[list[int]] = [[] for _ in range(J)]
        self.banker_kids: list[list[int]] = [[] for _ in range(J)]
        for nd in game.banker_nodes:
            for _pos, j2, _ in nd.children:
                if j2 >= 0:
                    self.banker_parents[j2].append(nd.index)
                    self.banker_kids[nd.index].append(j2)
        rows = s.stand_rows
        self.finished = np.ascontiguousarray(np.array([rows.finished(j) for j in range(J)]).T)
        self.stand = np.ascontiguousarray(np.array([rows.stand(j) for j in range(J)]).T)
        self.by_group = sparse.csr_matrix(
            (np.ones(n), (np.asarray(s.group), np.arange(n))), shape=(G, n))
        self.p_regret = np.zeros((n, 2))
        self.p_avg = np.zeros((n, 2))
        # the banker's arrays: banker hand x public state (a row per hand)
        self.b_regret = np.zeros((2, J, G))
        self.b_hit_sum = np.zeros((J, G))
        self.b_all_sum = np.zeros((J, G))
        self.beta = np.full((J, G), 0.5)
        self.beta[0] = 1.0

    @property
    def b_avg_hit(self) -> np.ndarray:
        """The banker's weighted hits, public state x banker hand."""
        return self.b_hit_sum.T

    @property
    def b_avg_all(self) -> np.ndarray:
        """The banker's weights, public state x banker hand."""
        return self.b_all_sum.T

    def player_step(self, t: int) -> None:
        """The player's update against the banker's current strategy."""
        hit = _match(self.p_regret[:, 0], self.p_regret[:, 1])
        banker = BankerStrategy("cur", "behavioural", hit=np.ascontiguousarray(self.beta.T))
        stand = self.s.stand_values(banker)
        v = np.zeros(self.n)
        v_hit = self.fixed_hit.copy()
        for idx, kid_sum in zip(reversed(self.levels), reversed(self.kid_sums), strict=True):
            v_hit[idx] += kid_sum @ v            # the deeper levels are done
            v[idx] = stand[idx] + (v_hit[idx] - stand[idx]) * hit[idx]
        own = _own_reach(self.parent, self.levels, hit)
        self.p_regret[:, 0] += self.reach * (stand - v)
        self.p_regret[:, 1] += self.reach * (v_hit - v)
        np.maximum(self.p_regret, 0.0, out=self.p_regret)
        self.p_avg[:, 0] += t * own * (1.0 - hit)
        self.p_avg[:, 1] += t * own * hit

    def banker_step(self, t: int) -> None:
        """The banker's update against the player's new strategy."""
        beta = self.beta
        hit = _match(self.p_regret[:, 0], self.p_regret[:, 1])
        weights = self.reach * _own_reach(self.parent, self.levels, hit) * (1.0 - hit)
        finished = np.ascontiguousarray((self.by_group @ (self.finished * weights[:, None])).T)
        stands = np.ascontiguousarray((self.by_group @ (self.stand * weights[:, None])).T)
        values = np.zeros_like(finished)
        regret = np.zeros_like(self.b_regret)
        for j in range(self.J - 1, -1, -1):
            h = finished[j] + values[self.banker_kids[j]].sum(axis=0)
            if j == 0:
                values[j] = h
                continue
            cur = stands[j] + (h - stands[j]) * beta[j]
            values[j] = cur
            regret[0, j] = cur - stands[j]   # the banker minimises the player's payoff
            regret[1, j] = cur - h
        self.b_regret += regret
        np.maximum(self.b_regret, 0.0, out=self.b_regret)
        w = np.zeros_like(beta)   # the chance that the banker's own hits reach each hand
        w[0] = 1.0
        for j in range(1, self.J):
            for p in self.banker_parents[j]:
                w[j] += w[p] * beta[p]
        self.b_hit_sum += t * w * beta
        self.b_all_sum += t * w
        self.beta = _match(self.b_regret[0], self.b_regret[1])
        self.beta[0] = 1.0


def _levels(parent: np.ndarray) -> list[np.ndarray]:
    """The information sets by depth (roots first); a parent comes before its children."""
    depth = np.zeros(len(parent), dtype=np.int64)
    for i, p in enumerate(parent):
        if p >= 0:
            depth[i] = depth[p] + 1
    return [np.flatnonzero(depth == d) for d in range(int(depth.max(initial=0)) + 1)]


def _kid_matrix(kids: list[list[tuple[int, float]]], idx: np.ndarray,
                n: int) -> sparse.csr_matrix:
    """Row r: the chance of each next information set after ``idx[r]`` (a hit's next card)."""
    rows, cols, vals = [], [], []
    for r, i in enumerate(idx):
        for j, p in kids[i]:
            rows.append(r)
            cols.append(j)
            vals.append(float(p))
    return sparse.csr_matrix((vals, (rows, cols)), shape=(len(idx), n))


def _own_reach(parent: np.ndarray, levels: list[np.ndarray], hit: np.ndarray) -> np.ndarray:
    """The chance that the player's own hits lead to each information set."""
    own = np.ones(len(parent))
    for idx in levels[1:]:  # parents first
        up = parent[idx]
        own[idx] = own[up] * hit[up]
    return own


def _averages(p_avg: np.ndarray, b_hit: np.ndarray,
              b_all: np.ndarray) -> tuple[PlayerStrategy, BankerStrategy]:
    tot = p_avg.sum(axis=1)
    hit = np.where(tot > 0, p_avg[:, 1] / np.where(tot > 0, tot, 1.0), 0.0)
    beta = np.where(b_all > 0, b_hit / np.where(b_all > 0, b_all, 1.0), 1.0)
    beta[:, 0] = 1.0
    return (PlayerStrategy("cfr+ average", tuple(float(h) for h in hit)),
            BankerStrategy("cfr+ average", "behavioural", hit=beta))


def _bracket(game: HeadsUpGame, p_avg: np.ndarray, b_hit: np.ndarray,
             b_all: np.ndarray) -> tuple[float, float]:
    player, banker = _averages(p_avg, b_hit, b_all)
    lower = float(best_response(player, "banker", game).value)
    upper = float(best_response(banker, "player", game).value)
    return lower, upper
