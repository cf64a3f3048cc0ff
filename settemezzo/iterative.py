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
    s = _solver(game, False)
    rows = s.stand_rows
    n, G, J = len(game.infosets), len(game.publics), len(game.banker_nodes)
    reach = np.array(s.reach, dtype=np.float64)
    parent = np.array([st.parent for st in game.infosets])
    shown = s.shown_values(BankerStrategy("best", "omniscient")).one
    fixed_hit = np.array([sum(p * shown[st.index][ci]
                              for ci, (ch, p) in enumerate(zip(st.children,
                                                               s.child_prob[st.index],
                                                               strict=True))
                              if ch.infoset < 0) for st in game.infosets])
    kids = [[(ch.infoset, p) for ch, p in zip(st.children, s.child_prob[st.index],
                                              strict=True) if ch.infoset >= 0]
            for st in game.infosets]
    banker_parents: list[list[int]] = [[] for _ in range(J)]
    for nd in game.banker_nodes:
        for _pos, j2, _ in nd.children:
            if j2 >= 0:
                banker_parents[j2].append(nd.index)
    group = s.group
    p_regret = np.zeros((n, 2))
    p_avg = np.zeros((n, 2))
    b_regret = np.zeros((G, J, 2))
    b_avg_hit = np.zeros((G, J))
    b_avg_all = np.zeros((G, J))
    history: list[tuple[int, float, float]] = []
    every = max(1, iterations // max(1, checkpoints))

    def match(r: np.ndarray) -> np.ndarray:
        tot = r.sum(axis=-1)
        return np.where(tot > 0, r[..., 1] / np.where(tot > 0, tot, 1.0), 0.5)

    beta = match(b_regret)
    beta[:, 0] = 1.0
    for t in range(1, iterations + 1):
        # -- the player's update against the banker's current strategy
        hit = match(p_regret)
        stand = s.stand_values(BankerStrategy("cur", "behavioural", hit=beta))
        v = np.zeros(n)
        v_hit = fixed_hit.copy()
        for i in range(n - 1, -1, -1):
            for j, p in kids[i]:
                v_hit[i] += p * v[j]
            v[i] = stand[i] + (v_hit[i] - stand[i]) * hit[i]
        own = _own_reach(parent, hit)
        p_regret[:, 0] += reach * (stand - v)
        p_regret[:, 1] += reach * (v_hit - v)
        np.maximum(p_regret, 0.0, out=p_regret)
        p_avg[:, 0] += t * own * (1.0 - hit)
        p_avg[:, 1] += t * own * hit
        # -- the banker's update against the player's new strategy
        hit = match(p_regret)
        weights = reach * _own_reach(parent, hit) * (1.0 - hit)
        Gv: list[np.ndarray] = [np.zeros(G)] * J
        for j in range(J - 1, -1, -1):
            h = np.bincount(group, weights=weights * rows.finished(j), minlength=G)
            for _pos, j2, _ in game.banker_nodes[j].children:
                if j2 >= 0:
                    h = h + Gv[j2]
            if j == 0:
                Gv[j] = h
                continue
            st_ = np.bincount(group, weights=weights * rows.stand(j), minlength=G)
            cur = st_ + (h - st_) * beta[:, j]
            Gv[j] = cur
            b_regret[:, j, 0] += cur - st_   # the banker minimises the player's payoff
            b_regret[:, j, 1] += cur - h
        np.maximum(b_regret, 0.0, out=b_regret)
        w = np.zeros((G, J))
        w[:, 0] = 1.0
        for j in range(1, J):
            for p in banker_parents[j]:
                w[:, j] += w[:, p] * beta[:, p]
        b_avg_hit += t * w * beta
        b_avg_all += t * w
        beta = match(b_regret)
        beta[:, 0] = 1.0
        if t % every == 0 or t == iterations:
            history.append((t, *_bracket(game, p_avg, b_avg_hit, b_avg_all)))
    player, banker = _averages(p_avg, b_avg_hit, b_avg_all)
    _, lower, upper = history[-1]
    return IterativeResult(player, banker, lower, upper, iterations, tuple(history))


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
