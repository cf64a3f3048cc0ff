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

from settemezzo.cards import Unseen
from settemezzo.game import HeadsUpGame, UnsupportedRulesError, heads_up
from settemezzo.rules import ITALIAN, Rules
from settemezzo.solve import BankerStrategy, PlayerStrategy, _solver, best_response

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
            f"({game.rules.describe()})")
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


def _match(r: np.ndarray) -> np.ndarray:
    """Regret matching: the chance of action 1 (an even mix when no regret is positive)."""
    tot = r.sum(axis=-1)
    return np.where(tot > 0, r[..., 1] / np.where(tot > 0, tot, 1.0), 0.5)


class _CFR:
    """The regrets and weighted average strategies of both sides, updated in turn."""

    def __init__(self, game: HeadsUpGame) -> None:
        self.game = game
        s = self.s = _solver(game, False)
        self.rows = s.stand_rows
        n, G, J = len(game.infosets), len(game.publics), len(game.banker_nodes)
        self.n, self.G, self.J = n, G, J
        self.reach = np.array(s.reach, dtype=np.float64)
        self.parent = np.array([st.parent for st in game.infosets])
        shown = s.shown_values(BankerStrategy("best", "omniscient")).one
        self.fixed_hit = np.array([sum(p * shown[st.index][ci]
                                       for ci, (ch, p) in enumerate(zip(
                                           st.children, s.child_prob[st.index], strict=True))
                                       if ch.infoset < 0) for st in game.infosets])
        self.kids = [[(ch.infoset, p) for ch, p in zip(st.children, s.child_prob[st.index],
                                                       strict=True) if ch.infoset >= 0]
                     for st in game.infosets]
        self.banker_parents: list[list[int]] = [[] for _ in range(J)]
        for nd in game.banker_nodes:
            for _pos, j2, _ in nd.children:
                if j2 >= 0:
                    self.banker_parents[j2].append(nd.index)
        self.group = s.group
        self.p_regret = np.zeros((n, 2))
        self.p_avg = np.zeros((n, 2))
        self.b_regret = np.zeros((G, J, 2))
        self.b_avg_hit = np.zeros((G, J))
        self.b_avg_all = np.zeros((G, J))
        self.beta = _match(self.b_regret)
        self.beta[:, 0] = 1.0

    def player_step(self, t: int) -> None:
        """The player's update against the banker's current strategy."""
        hit = _match(self.p_regret)
        stand = self.s.stand_values(BankerStrategy("cur", "behavioural", hit=self.beta))
        v = np.zeros(self.n)
        v_hit = self.fixed_hit.copy()
        for i in range(self.n - 1, -1, -1):
            for j, p in self.kids[i]:
                v_hit[i] += p * v[j]
            v[i] = stand[i] + (v_hit[i] - stand[i]) * hit[i]
        own = _own_reach(self.parent, hit)
        self.p_regret[:, 0] += self.reach * (stand - v)
        self.p_regret[:, 1] += self.reach * (v_hit - v)
        np.maximum(self.p_regret, 0.0, out=self.p_regret)
        self.p_avg[:, 0] += t * own * (1.0 - hit)
        self.p_avg[:, 1] += t * own * hit

    def banker_step(self, t: int) -> None:
        """The banker's update against the player's new strategy."""
        G, J, beta, group, rows = self.G, self.J, self.beta, self.group, self.rows
        hit = _match(self.p_regret)
        weights = self.reach * _own_reach(self.parent, hit) * (1.0 - hit)
        Gv: list[np.ndarray] = [np.zeros(G)] * J
        for j in range(J - 1, -1, -1):
            h = np.bincount(group, weights=weights * rows.finished(j), minlength=G)
            for _pos, j2, _ in self.game.banker_nodes[j].children:
                if j2 >= 0:
                    h = h + Gv[j2]
            if j == 0:
                Gv[j] = h
                continue
            st_ = np.bincount(group, weights=weights * rows.stand(j), minlength=G)
            cur = st_ + (h - st_) * beta[:, j]
            Gv[j] = cur
            self.b_regret[:, j, 0] += cur - st_   # the banker minimises the player's payoff
            self.b_regret[:, j, 1] += cur - h
        np.maximum(self.b_regret, 0.0, out=self.b_regret)
        w = np.zeros((G, J))
        w[:, 0] = 1.0
        for j in range(1, J):
            for p in self.banker_parents[j]:
                w[:, j] += w[:, p] * beta[:, p]
        self.b_avg_hit += t * w * beta
        self.b_avg_all += t * w
        self.beta = _match(self.b_regret)
        self.beta[:, 0] = 1.0


def _own_reach(parent: np.ndarray, hit: np.ndarray) -> np.ndarray:
    own = np.ones(len(parent))
    for i in range(len(parent)):  # parents come first
        if parent[i] >= 0:
            own[i] = own[parent[i]] * hit[parent[i]]
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
