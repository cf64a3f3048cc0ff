"""Policy evaluation, best responses and the equilibrium of the heads-up game.

Values are the **player's** expected gain per unit stake; the banker's edge is its negative.

- `evaluate` gives the exact `Fraction` value of a pair of fixed policies (threshold rules,
  best responses, the omniscient banker); with an equilibrium strategy in the pair it is a
  float.
- `best_response` gives the exact value and policy of the best reply to a fixed policy.
- `equilibrium` solves the game by the sequence-form linear program of Koller, Megiddo and
  von Stengel (1996) on scipy's HiGHS, and proves the answer with a certificate: the exact
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

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from scipy import sparse
from scipy.optimize import linprog

from settemezzo.cards import Unseen
from settemezzo.game import HIT, STAND, HeadsUpGame, heads_up
from settemezzo.hands import BUST, PAIR_OF_SEVENS, settle
from settemezzo.odds import parse_threshold
from settemezzo.rules import ITALIAN, Rules, RulesError

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
    "player_policy",
]

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

    ``hit`` holds 0/1 ints for a pure policy (exact), floats for a mixed one.
    """

    name: str
    hit: tuple[Any, ...]

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

    @property
    def exact(self) -> bool:
        return self.kind != "behavioural" or self.hit.dtype == object


def player_policy(name: str, game: HeadsUpGame) -> PlayerStrategy:
    """``threshold:K`` (hit below K points, e.g. ``threshold:5.5``) as a `PlayerStrategy`."""
    text = name.strip().lower()
    if text.startswith("threshold:") or text.replace(".", "", 1).isdigit():
        k = parse_threshold(text)
        return PlayerStrategy(f"threshold:{_points(k)}",
                              tuple(int(s.total < k) for s in game.infosets))
    raise RulesError(
        f"unknown player policy {name!r}; use threshold:K (e.g. threshold:5), equilibrium "
        f"or best")


def banker_policy(name: str, game: HeadsUpGame) -> BankerStrategy:
    """``threshold:K`` or ``omniscient`` as a `BankerStrategy`."""
    text = name.strip().lower()
    if text == "omniscient":
        return BankerStrategy("omniscient", "omniscient")
    if text.startswith("threshold:") or text.replace(".", "", 1).isdigit():
        k = parse_threshold(text)
        return BankerStrategy(f"threshold:{_points(k)}", "threshold", k=k)
    raise RulesError(
        f"unknown banker policy {name!r}; use threshold:K (e.g. threshold:5), omniscient, "
        f"equilibrium or best")


def _points(k: int) -> str:
    return str(k // 2) if k % 2 == 0 else f"{k / 2:g}"


# =============================================================================================
# The banker's dynamic programme over its own cards, for many player situations at once
# =============================================================================================


class _BankerRows:
    """Banker play for a batch of *rows*; a row is a player situation the banker faces.

    Row ``r`` has its own unseen deck (counts per kind), the player's score, and a public
    state. ``P[j][r]`` is the chance of the banker being dealt one given ordering of banker
    hand ``j`` from row ``r``'s deck (the same for every ordering).

    Exact mode keeps Python integers: ``P`` is scaled by ``scale[r]``, the product
    ``N_r (N_r - 1) ... (N_r - depth + 1)`` of the row's deck sizes, so that every division
    is exact; values come back as `Fraction`.
    """

    def __init__(self, game: HeadsUpGame, decks: npt.NDArray[np.int64],
                 pscore: npt.NDArray[np.int64], exact: bool,
                 measure: Literal["value", "win"] = "value") -> None:
        self.game = game
        self.exact = exact
        self.B = len(pscore)
        self.decks = decks
        self.pscore = pscore
        self.nodes = game.banker_nodes
        n = decks.sum(axis=1)
        depth = max(nd.size for nd in self.nodes) + 1
        table = np.zeros((PAIR_OF_SEVENS + 1, PAIR_OF_SEVENS + 1),
                         dtype=object if exact else np.float64)
        for ps in range(PAIR_OF_SEVENS + 1):
            for bs in range(PAIR_OF_SEVENS + 1):
                v = settle(ps, bs, game.rules) if ps != BUST else Fraction(-1)
                if measure == "win":
                    v = Fraction(int(v > 0))
                table[ps, bs] = int(v) if exact else float(v)
        if exact and any(settle(ps, bs, game.rules).denominator != 1
                         for ps in range(1, 18) for bs in range(18)):
            raise SolverError("settlements must be whole numbers of stakes in exact mode")
        self.table = table
        P: list[Any] = [None] * len(self.nodes)
        if exact:
            scale = [1] * self.B
            for r in range(self.B):
                s = 1
                for t in range(depth):
                    s *= int(n[r]) - t
                scale[r] = s
            self.scale = np.array(scale, dtype=object)
            P[0] = self.scale.copy()
            self._den = [np.array([int(x) - t for x in n], dtype=object) for t in range(depth)]
        else:
            self.scale = np.ones(self.B)
            P[0] = np.ones(self.B)
            self._den_f = [n.astype(np.float64) - t for t in range(depth)]
        self.P = P
        self._q: dict[tuple[int, int], Any] = {}
        for j, nd in enumerate(self.nodes):
            for pos, j2, _ in nd.children:
                if j2 >= 0 and P[j2] is None:
                    P[j2] = self.draw(j, pos)

    def draw(self, j: int, pos: int) -> Any:
        """P[j] times the chance of drawing kind ``pos`` next (scaled in exact mode)."""
        nd = self.nodes[j]
        left = np.maximum(self.decks[:, pos] - nd.counts[pos], 0)
        if self.exact:
            return self.P[j] * left.astype(object) // self._den[nd.size]
        out: FloatArray = self.P[j] * left / np.maximum(self._den_f[nd.size], 1.0)
        return out

    def stand(self, j: int) -> Any:
        """Stand contributions at banker hand ``j`` (player's payoff times P)."""
        return self.P[j] * self.table[self.pscore, self.nodes[j].score]

    def finished(self, j: int) -> Any:
        """Contributions of the finished hands one card after ``j`` (bust, 7½...)."""
        out = self.P[j] * 0
        for pos, j2, sc in self.nodes[j].children:
            if j2 < 0:
                out = out + self.draw(j, pos) * self.table[self.pscore, sc]
        return out

    def best_decisions(self) -> list[Any]:
        """The per-row best banker reply (full information): ``hit[j]`` as per-row 0/1."""
        decisions: list[Any] = [None] * len(self.nodes)
        self.values(None, "min", decisions)
        return decisions

    def values(self, hit: Any, mode: Literal["fixed", "min", "max"] = "fixed",
               decisions: list[Any] | None = None) -> Any:
        """Per-row values (player's payoff) for banker hit chances ``hit[j]`` (scalar or
        per-row array), or the per-row best banker reply (``min``; ``max`` helps the player),
        whose choices are written into ``decisions`` when given.
        """
        V: list[Any] = [None] * len(self.nodes)
        for j in range(len(self.nodes) - 1, -1, -1):
            nd = self.nodes[j]
            h = self.finished(j)
            for _pos, j2, _ in nd.children:
                if j2 >= 0:
                    h = h + V[j2]
            if j == 0:
                V[j] = h
                continue
            s = self.stand(j)
            if mode == "min":
                V[j] = np.minimum(s, h)
                if decisions is not None:
                    decisions[j] = (h < s).astype(np.int64)
            elif mode == "max":
                V[j] = np.maximum(s, h)
            else:
                b = hit[j]
                V[j] = s + (h - s) * b
        return self._unscale(V[0])

    def _unscale(self, raw: Any) -> Any:
        if self.exact:
            return np.array([Fraction(int(a), int(s)) for a, s in zip(raw, self.scale,
                                                                      strict=True)],
                            dtype=object)
        return raw

    def grouped_best(self, weights: Any, group: npt.NDArray[np.int64],
                     n_groups: int) -> tuple[Any, BoolArray]:
        """The banker's best reply per group (public state), rows weighted by ``weights``
        (the chance of reaching each row and standing).

        Returns the group values (sum of weight times payoff under the best reply) and the
        decisions ``hit[g, j]``. In exact mode every row of a group must share its scale
        (the same number of cards left), as the rows of one public state do, and the
        weights are integers; the group values are then scaled by that common factor.
        """
        hit = np.zeros((n_groups, len(self.nodes)), dtype=bool)
        G: list[Any] = [None] * len(self.nodes)
        order = np.argsort(group, kind="stable")
        gs = group[order]
        starts = np.flatnonzero(np.r_[True, gs[1:] != gs[:-1]]) if len(gs) else gs
        present = gs[starts] if len(gs) else gs

        def gsum(v: Any) -> Any:
            if not self.exact:
                return np.bincount(group, weights=weights * v, minlength=n_groups)
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
            if j == 0:
                G[j] = h
                hit[:, 0] = True
                continue
            s = gsum(self.stand(j))
            hit[:, j] = h < s
            G[j] = np.minimum(s, h)
        return G[0], hit


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
    stand_rows: _BankerRows = field(init=False)
    shown_rows: _BankerRows = field(init=False)

    def __post_init__(self) -> None:
        g = self.game
        K = len(g.kinds)
        decks = np.zeros((len(g.infosets), K), dtype=np.int64)
        pscore = np.zeros(len(g.infosets), dtype=np.int64)
        shown_decks, shown_score, shown_of = [], [], []
        for s in g.infosets:
            deck = g.deck_after(s.hole, s.up)
            decks[s.index] = deck
            pscore[s.index] = s.total
            for ci, ch in enumerate(s.children):
                if ch.infoset < 0 and ch.score != BUST:
                    d = list(deck)
                    d[g.kinds.index(ch.kind)] -= 1
                    shown_decks.append(d)
                    shown_score.append(ch.score)
                    shown_of.append((s.index, ci))
        self.group = np.array([s.public for s in g.infosets], dtype=np.int64)
        self.stand_rows = _BankerRows(g, decks, pscore, self.exact, self.measure)
        self.shown_rows = _BankerRows(
            g, np.array(shown_decks, dtype=np.int64).reshape(-1, K),
            np.array(shown_score, dtype=np.int64), self.exact, self.measure)
        self.shown_of = shown_of
        num: Any = (lambda x: x) if self.exact else float
        self.reach = [num(s.reach) for s in g.infosets]
        self.child_prob = [[num(ch.prob) for ch in s.children] for s in g.infosets]

    # -- terminal values ---------------------------------------------------------------------
    def stand_values(self, banker: BankerStrategy, chooser: _Solver | None = None) -> Any:
        """Conditional value of standing at each information set against ``banker``.

        Where the banker plays its best with full information, ``chooser`` (a solver of the
        same game measuring value) makes the choices, so that a win-chance solver follows the
        banker's value-maximising play.
        """
        key = ("stand", banker.kind, banker.k, chooser is not None)
        if banker.kind != "behavioural" and key in self.memo:
            return self.memo[key]
        out = self._stand_values(banker, chooser)
        if banker.kind != "behavioural":
            self.memo[key] = out
        return out

    def _stand_values(self, banker: BankerStrategy, chooser: _Solver | None) -> Any:
        rows = self.stand_rows
        if banker.kind == "omniscient":
            if chooser is not None:
                return rows.values(chooser.stand_rows.best_decisions())
            return rows.values(None, "min")
        if banker.kind == "threshold":
            return rows.values([int(nd.total < banker.k) for nd in rows.nodes])
        hit = banker.hit[self.group]  # (rows, nodes)
        return rows.values([hit[:, j] for j in range(len(rows.nodes))])

    def shown_values(self, banker: BankerStrategy,
                     chooser: _Solver | None = None) -> list[list[Any]]:
        """Per information set and child: value of the finished hand (bust -1, 7½...)."""
        key = ("shown", banker.kind if banker.kind == "threshold" else "best", banker.k,
               chooser is not None)
        if key not in self.memo:
            self.memo[key] = self._shown_values(banker, chooser)
        out: list[list[Any]] = self.memo[key]
        return out

    def _shown_values(self, banker: BankerStrategy,
                      chooser: _Solver | None) -> list[list[Any]]:
        rows = self.shown_rows
        if banker.kind == "threshold":
            vals = rows.values([int(nd.total < banker.k) for nd in rows.nodes])
        elif chooser is not None:
            vals = rows.values(chooser.shown_rows.best_decisions())
        else:
            vals = rows.values(None, "min")
        neg: Any = -1 if self.measure == "value" else 0
        neg = Fraction(neg) if self.exact else float(neg)
        out = [[neg for _ in s.children] for s in self.game.infosets]
        for (i, ci), v in zip(self.shown_of, vals, strict=True):
            out[i][ci] = v
        return out

    # -- the player's side -------------------------------------------------------------------
    def player_values(self, stand: Any, shown: list[list[Any]],
                      hit: Sequence[Any] | None) -> tuple[Any, list[Any], list[int]]:
        """Backward induction over the player's tree: fixed ``hit`` chances, or the best
        reply when ``hit`` is None. Returns (game value, value per info set, best actions)."""
        g = self.game
        V: list[Any] = [None] * len(g.infosets)
        best: list[int] = [STAND] * len(g.infosets)
        for s in reversed(g.infosets):
            i = s.index
            h = 0 * stand[i]
            for ci, ch in enumerate(s.children):
                h += self.child_prob[i][ci] * (V[ch.infoset] if ch.infoset >= 0
                                               else shown[i][ci])
            st = stand[i]
            if hit is None:
                if h > st:
                    best[i] = HIT
                V[i] = max(h, st)
            else:
                p = hit[i]
                V[i] = st + (h - st) * p
                best[i] = HIT if p == 1 else STAND
        total = sum(self.reach[i] * V[i] for i in g.roots)
        return total, V, best

    def realization(self, hit: Sequence[Any]) -> tuple[list[Any], list[Any]]:
        """Reach of each info set under the player's own choices, and of standing there."""
        g = self.game
        one: Any = 1 if self.exact else 1.0
        reach_own: list[Any] = [one] * len(g.infosets)
        for s in g.infosets:
            if s.parent >= 0:
                reach_own[s.index] = reach_own[s.parent] * hit[s.parent]
        stand = [reach_own[i] * (1 - hit[i]) for i in range(len(g.infosets))]
        return reach_own, stand

    def linear_part(self, hit: Sequence[Any], shown: list[list[Any]]) -> Any:
        """Value of the finished hands (bust, shown 7½) reached by hitting."""
        reach_own, _ = self.realization(hit)
        tot = 0 if self.exact else 0.0
        for s in self.game.infosets:
            w = reach_own[s.index] * hit[s.index]
            if not w:
                continue
            acc = 0 * self.reach[s.index]
            for ci, ch in enumerate(s.children):
                if ch.infoset < 0:
                    acc += self.child_prob[s.index][ci] * shown[s.index][ci]
            tot += self.reach[s.index] * w * acc
        return tot


_SOLVERS: dict[tuple[int, bool, str], _Solver] = {}


def _solver(game: HeadsUpGame, exact: bool, measure: Literal["value", "win"] = "value"
            ) -> _Solver:
    key = (id(game), exact, measure)
    s = _SOLVERS.get(key)
    if s is None or s.game is not game:
        s = _SOLVERS[key] = _Solver(game, exact, measure)
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
    """The player's expected gain per unit stake for a pair of strategies.

    Exact (`Fraction`) for pure policies (thresholds, best replies, the omniscient banker).

    >>> evaluate("threshold:5", "threshold:5")
    Fraction(...)
    """
    game = _game(rules, deck)
    p = player_policy(player, game) if isinstance(player, str) else player
    b = banker_policy(banker, game) if isinstance(banker, str) else banker
    exact = p.exact and b.exact
    s = _solver(game, exact)
    stand = s.stand_values(b)
    shown = s.shown_values(b)
    hit = list(p.hit) if exact else [float(x) for x in p.hit]
    value, _, _ = s.player_values(stand, shown, hit)
    return Fraction(value) if exact else float(value)


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
        s = _solver(game, b.exact)
        value, _, best = s.player_values(s.stand_values(b), s.shown_values(b), None)
        strat = PlayerStrategy(f"best reply to {b.name}", tuple(best))
        return BestResponse(Fraction(value) if b.exact else float(value), "player", strat)
    if side != "banker":
        raise RulesError(f"side must be 'player' or 'banker', got {side!r}")
    p = player_policy(opponent, game) if isinstance(opponent, str) else opponent
    if not isinstance(p, PlayerStrategy):
        raise RulesError("the banker's best response needs a player strategy")
    value, hit = _banker_best(game, p)
    reply = BankerStrategy(f"best reply to {p.name}", "behavioural", hit=hit)
    return BestResponse(value, "banker", reply)


def _banker_best(game: HeadsUpGame, p: PlayerStrategy) -> tuple[Value, Any]:
    """The banker's best reply to a player strategy: value and hit[g, j] (0/1).

    Exact (integer arithmetic on the rows where the player stands) for a pure player
    policy; float for a mixed one.
    """
    if not p.exact:
        s = _solver(game, False)
        hit_f = [float(x) for x in p.hit]
        _, stand_f = s.realization(hit_f)
        weights = np.array(s.reach, dtype=np.float64) * np.array(stand_f)
        G, decisions = s.stand_rows.grouped_best(weights, s.group, len(game.publics))
        shown = s.shown_values(BankerStrategy("best", "omniscient"))
        return float(G.sum() + s.linear_part(hit_f, shown)), decisions.astype(np.float64)
    s = _solver(game, True)
    hit = list(p.hit)
    _, stand = s.realization(hit)
    rows = [i for i in range(len(game.infosets)) if stand[i] and s.reach[i]]
    # one public state = one number of cards dealt, so one common denominator per group
    den = [0] * len(game.publics)
    for i in rows:
        st = game.infosets[i]
        den[st.public] = _falling(game.n_cards, 1 + len(st.up))
    weights = np.array([int(s.reach[i] * stand[i] * den[game.infosets[i].public])
                        for i in rows], dtype=object)
    sub = _BankerRows(game, s.stand_rows.decks[rows], s.stand_rows.pscore[rows], True)
    group = s.group[rows]
    G, decisions = sub.grouped_best(weights, group, len(game.publics))
    value = s.linear_part(hit, s.shown_values(BankerStrategy("best", "omniscient")))
    scale_of = {int(g): int(sc) for g, sc in zip(group, sub.scale, strict=True)}
    for g, sc in scale_of.items():
        value += Fraction(int(G[g]), den[g] * sc)
    return Fraction(value), decisions.astype(object) * 1


def _falling(n: int, k: int) -> int:
    out = 1
    for t in range(k):
        out *= n - t
    return out


@dataclass(frozen=True)
class Equilibrium:
    """A certified equilibrium of the heads-up game.

    ``value`` is the player's expected gain per unit stake at equilibrium (the banker's edge
    is ``-value``). ``lower`` is the exact value of the player's strategy against the
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

    @property
    def exploitability(self) -> float:
        return self.upper - self.lower

    @property
    def banker_edge(self) -> float:
        return -self.value

    def __repr__(self) -> str:
        return (f"Equilibrium({self.rules.describe()}: player value {self.value:+.9f}, "
                f"banker edge {self.banker_edge:.4%}, certificate [{self.lower:.12f}, "
                f"{self.upper:.12f}], {self.iterations} LP rounds, {self.seconds:.2f} s)")


_EQ_CACHE: dict[tuple[Rules, Unseen], Equilibrium] = {}


def equilibrium(rules: Rules | HeadsUpGame = ITALIAN, deck: Unseen | None = None,
                tol: float = 1e-10, max_rounds: int = 200) -> Equilibrium:
    """Solve the heads-up game: both sides' strategies, the value, and the certificate."""
    game = _game(rules, deck)
    key = (game.rules, game.deck)
    if key in _EQ_CACHE:
        return _EQ_CACHE[key]
    t0 = time.perf_counter()
    s = _solver(game, False)
    nI, G = len(game.infosets), len(game.publics)
    nx = 2 * nI
    shown_opt = s.shown_values(BankerStrategy("best", "omniscient"))
    # objective (maximise): finished hands reached by hitting, plus t_g
    c = np.zeros(nx + G)
    for st in game.infosets:
        acc = 0.0
        for ci, ch in enumerate(st.children):
            if ch.infoset < 0:
                acc += s.child_prob[st.index][ci] * shown_opt[st.index][ci]
        c[2 * st.index + HIT] = s.reach[st.index] * acc
    c[nx:] = 1.0
    # realization-plan constraints
    rows, cols, vals = [], [], []
    b_eq = np.zeros(nI)
    for st in game.infosets:
        i = st.index
        rows += [i, i]
        cols += [2 * i + STAND, 2 * i + HIT]
        vals += [1.0, 1.0]
        if st.parent >= 0:
            rows.append(i)
            cols.append(2 * st.parent + HIT)
            vals.append(-1.0)
        else:
            b_eq[i] = 1.0
    A_eq = sparse.csr_matrix((vals, (rows, cols)), shape=(nI, nx + G))
    reach = np.array(s.reach, dtype=np.float64)
    group = s.group
    members = [np.flatnonzero(group == g) for g in range(G)]
    cut_rows: list[FloatArray] = []   # per cut: coefficients over the group's members
    cut_group: list[int] = []
    cut_policy: list[BoolArray] = []

    def add_cuts(decisions: BoolArray, which: Sequence[int] | npt.NDArray[np.int64]) -> None:
        vals_ = s.stand_rows.values([decisions[group, j] for j in range(len(game.banker_nodes))])
        for g in which:
            m = members[g]
            cut_rows.append(reach[m] * vals_[m])
            cut_group.append(g)
            cut_policy.append(decisions[g].copy())

    for k in (9, 10, 11, 12):  # start from the banker rules of thumb 4½..6
        dec = np.array([[nd.total < k or nd.size == 0 for nd in game.banker_nodes]] * G)
        add_cuts(dec, range(G))
    rounds = 0
    x = np.zeros(nx)
    lower = -np.inf
    lp_value = np.inf
    res: Any = None
    while True:
        rounds += 1
        if rounds > max_rounds:
            raise SolverError(f"no convergence after {max_rounds} LP rounds "
                              f"(gap {lp_value - lower:.3g})")
        A_ub, b_ub = _cut_matrix(cut_rows, cut_group, members, nx, G)
        res = linprog(-c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq,
                      bounds=[(0, None)] * nx + [(None, None)] * G, method="highs-ds",
                      options={"primal_feasibility_tolerance": 1e-10,
                               "dual_feasibility_tolerance": 1e-10, "presolve": True})
        if res.status != 0:
            raise SolverError(f"HiGHS failed on round {rounds}: status {res.status}, "
                              f"{res.message}")
        x = res.x[:nx]
        t = res.x[nx:]
        lp_value = -res.fun
        weights = reach * np.maximum(x[0::2], 0.0)
        Gv, decisions = s.stand_rows.grouped_best(weights, group, G)
        lower = float(c[:nx] @ x + Gv.sum())
        viol = np.flatnonzero(Gv < t - 1e-13)
        if lp_value - lower <= tol or len(viol) == 0:
            break
        add_cuts(decisions, viol)
    # strategies
    pairs = x.reshape(-1, 2)
    tot = pairs.sum(axis=1)
    p_hit = np.where(tot > 1e-14, pairs[:, 1] / np.where(tot > 1e-14, tot, 1.0), 0.0)
    p_hit = np.clip(p_hit, 0.0, 1.0)
    player = PlayerStrategy("equilibrium", tuple(float(v) for v in p_hit))
    lam = -res.ineqlin.marginals  # >= 0, per cut
    banker = BankerStrategy("equilibrium", "behavioural",
                            hit=_mixture_to_behaviour(game, lam, cut_group, cut_policy))
    # certificate: exact-arithmetic-free but independent best responses in float64
    upper = float(best_response(banker, "player", game).value)
    low = float(best_response(player, "banker", game).value)
    eq = Equilibrium(game.rules, (upper + low) / 2, low, upper, player, banker, rounds,
                     time.perf_counter() - t0, lp_value)
    _EQ_CACHE[key] = eq
    return eq


def _cut_matrix(cut_rows: list[FloatArray], cut_group: list[int],
                members: list[npt.NDArray[np.int64]], nx: int,
                G: int) -> tuple[sparse.csr_matrix, FloatArray]:
    """Rows ``t_g - sum_i coef_i x_stand(i) <= 0``."""
    rows, cols, vals = [], [], []
    for r, (coef, g) in enumerate(zip(cut_rows, cut_group, strict=True)):
        m = members[g]
        rows.append(np.full(len(m), r))
        cols.append(2 * m + STAND)
        vals.append(-coef)
        rows.append(np.array([r]))
        cols.append(np.array([nx + g]))
        vals.append(np.array([1.0]))
    A = sparse.csr_matrix((np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))),
                          shape=(len(cut_rows), nx + G))
    return A, np.zeros(len(cut_rows))


def _mixture_to_behaviour(game: HeadsUpGame, lam: FloatArray, cut_group: list[int],
                          cut_policy: list[BoolArray]) -> FloatArray:
    """Turn a mixture of stopping rules per public state into hit chances per banker hand.

    A stopping rule's weight on hand ``j`` is the number of card orders by which it reaches
    ``j`` (``w(M) = sum over kinds c in M of w(M - c) * hit(M - c)``); mixing weights linearly
    and dividing gives the behavioural strategy with the same outcome distribution.
    """
    nodes = game.banker_nodes
    G, J = len(game.publics), len(nodes)
    parents: list[list[int]] = [[] for _ in range(J)]
    for nd in nodes:
        for _pos, j2, _ in nd.children:
            if j2 >= 0:
                parents[j2].append(nd.index)
    w_hit = np.zeros((G, J))
    w_all = np.zeros((G, J))
    by_group: dict[int, list[tuple[float, BoolArray]]] = {}
    for lam_k, g, pol in zip(lam, cut_group, cut_policy, strict=True):
        if lam_k > 1e-15:
            by_group.setdefault(g, []).append((float(lam_k), pol))
    for g, mix in by_group.items():
        total = sum(lk for lk, _ in mix)
        for lk, pol in mix:
            w = np.zeros(J)
            w[0] = 1.0
            for j in range(1, J):
                w[j] = sum(w[p] * pol[p] for p in parents[j])
            w_all[g] += lk / total * w
            w_hit[g] += lk / total * w * pol
    hit = np.where(w_all > 0, w_hit / np.where(w_all > 0, w_all, 1.0), 0.0)
    for g in range(G):
        if g not in by_group:  # a public state the player never stands in: any rule does
            hit[g] = [nd.total < 10 for nd in nodes]
    hit[:, 0] = 1.0
    return hit
