"""Brute-force reference for one heads-up hand with ``swap_hidden`` and ``split_figures=2``.

Written from `docs/rules.md` ("One hand", the ``swap_hidden`` and ``split_figures``
rows of "Variants", "Exact-analysis conventions") and the model decided for the engine; it
imports nothing from `settemezzo` nor from the other `tests.reference` modules. Italian
payouts: one unit stake per hand, 1:1, ties to the banker.

The whole hand is ONE extensive-form game, dealt in the real order (no reordering of cards):

- the player's face-down card, then the banker's face-down card (chance: ``count / left``);
- the player's turn. Below 7½ it chooses among ``stand``, ``up`` (ask for a card, take it
  face up) and ``swap`` (ask for a card, turn the face-down card up and take the new card
  face down); the choice is made before the new card is seen. Right after the FIRST hit,
  if the two cards (the face-down card and the first card asked for) are both figures, it
  may also ``split``; that is so after ``up`` (figure down, figure up) and after ``swap``
  (the old face-down figure now up, a new figure face down: the path checked here; the
  switch ``split_after_swap=False`` removes it, as a control). Over 7½ the player is bust
  and loses at once (the banker does not play); on exactly 7½ it shows its face-down card
  and its turn ends;
- the banker's turn (stand or hit below 7½); bust pays, else the higher total wins and
  ties go to the banker.

After a split both figures are shown and two hands are played in order, each starting on
its figure: stand or hit face up until it stands, busts (its stake lost at once) or makes
7½. Then the banker, seeing every hand, plays once to maximise its gain over both hands
(each hand settled on its own; a bust banker pays every hand still in); if both hands are
bust it does not play. Nothing is re-split, nothing is swapped inside a split hand.

Information, perfect recall on both sides:

- the player: its first card and, per hit, the move (``up``/``swap``) and the card it got;
  after a split, everything about its own hands, never the banker's face-down card;
- the banker: the public history, one entry per hit, ``("up", card dealt face up)`` or
  ``("swap", old face-down card now shown)``; whether the player stood below 7½ or showed
  7½ (then its face-down card too); its own cards in the order dealt. After a split it sees
  everything but the future cards.

The rest of the hand after a split is of perfect information for the banker, and the
player's only unknown there is the banker's face-down card, on which nothing it sees
depends until the banker moves. It is valued by backward induction written here
(`after_split`): the player maximises the chance-weighted sum over the banker's face-down
cards still possible at its information set (it never learns that card), the banker
minimises knowing it. The banker's face-down card stays dealt where it was dealt: the
player's later cards come from what is left after it. That value is a leaf of the
sequence form (chance x value, at the player's ``split`` sequence).

The sequence form (Koller, Megiddo and von Stengel 1996) is built from scratch: realization
plans ``x`` (player) and ``y`` (banker), ``A[x-seq, y-seq]`` = sum of chance x payoff over
the leaves the pair reaches. Each side's plan comes from its own LP (scipy's HiGHS). The
result is certified without trusting either LP: ``lower`` = the player's plan against the
banker's exact best reply, ``upper`` = the banker's plan against the player's exact best
reply, both by backward induction over the information sets. The player's expected number
of stakes is ``1 + P(split)``; `stake_range` bounds it over every player plan that
guarantees ``lower`` (equilibria need not be unique).

`player_plan` / `threshold_plan` / `evaluate` / `expected_stake` give exact `Fraction`
values of pure plans; ``after=(player K, banker K)`` in `build` makes the rest after a split
follow thresholds (hit while the total is below K half-points; ``None``: its best).

Kinds are ints: 0 a figure (½ point), 1..7 the ace..seven; totals in half-points (7½ = 15).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt
from scipy import sparse
from scipy.optimize import linprog

__all__ = [
    "HALF_POINTS",
    "SEVEN_AND_A_HALF",
    "Certificate",
    "SplitSwapGame",
    "after_split",
    "build",
    "deck_of",
    "evaluate",
    "expected_stake",
    "player_plan",
    "solve",
    "stake_range",
    "threshold_plan",
]

HALF_POINTS = (1, 2, 4, 6, 8, 10, 12, 14)   # figure, ace, two, ..., seven
SEVEN_AND_A_HALF = 15
FIGURE = 0

Deck = tuple[int, ...]
Floats = npt.NDArray[np.float64]
PlayRule = Callable[[int, tuple[int, ...], tuple[str, ...]], str]


def deck_of(cards: Mapping[object, int] | Sequence[int]) -> Deck:
    """Counts of kinds 0 (figure), 1..7: from ``{"F": n, 1: n, ...}`` or from 8 counts."""
    if isinstance(cards, Mapping):
        counts = [0] * 8
        for key, n in cards.items():
            kind = 0 if str(key).upper() == "F" else int(str(key))
            if not 0 <= kind <= 7:
                raise ValueError(f"no card kind {key!r}")
            counts[kind] += int(n)
        return tuple(counts)
    out = tuple(int(n) for n in cards)
    if len(out) != 8:
        raise ValueError("8 counts: figures, aces, ..., sevens")
    return out


def points(cards: Sequence[int]) -> int:
    return sum(HALF_POINTS[c] for c in cards)


def settle(player: int, banker: int) -> int:
    """One hand still in (``player`` half-points, at most 15) against a banker who finished
    on ``banker`` half-points (over 15: bust): +1 or -1, ties to the banker."""
    if banker > SEVEN_AND_A_HALF:
        return 1
    return 1 if player > banker else -1


def _minus(deck: Deck, card: int) -> Deck:
    if deck[card] <= 0:
        raise ValueError(f"no card {card} left in {deck}")
    return (*deck[:card], deck[card] - 1, *deck[card + 1:])


def _deal(deck: Deck) -> Iterator[tuple[int, Fraction, Deck]]:
    left = sum(deck)
    if left == 0:
        raise ValueError("the deck ran out within the hand: use a larger deck")
    for card, n in enumerate(deck):
        if n:
            yield card, Fraction(n, left), _minus(deck, card)


# =============================================================================================
# After a split: backward induction (perfect information but for the banker's card)
# =============================================================================================


@cache
def _banker_after(deck: Deck, mine: int, hands: tuple[int, ...], k: int | None) -> Fraction:
    """The player's total gain over ``hands`` (totals; over 15 bust) when the banker holds
    ``mine`` half-points and draws from ``deck``: the banker minimises it (``k`` None) or
    hits while below ``k``. Called only when some hand is still in."""
    def settle_all(banker: int) -> Fraction:
        return Fraction(sum(-1 if t > SEVEN_AND_A_HALF else settle(t, banker) for t in hands))

    if mine >= SEVEN_AND_A_HALF:
        return settle_all(mine)
    stand = settle_all(mine)
    if k is not None and mine >= k:
        return stand
    hit = sum((p * _banker_after(rest, mine + HALF_POINTS[c], hands, k)
               for c, p, rest in _deal(deck)), Fraction(0))
    return hit if k is not None else min(stand, hit)


def _after(unseen: Deck, hands: tuple[int, ...], turn: int, weight: tuple[Fraction, ...],
           player_k: int | None, banker_k: int | None) -> tuple[Fraction, ...]:
    """Per banker face-down card ``b`` (0..7): the value of the rest of the hand given
    ``b``, the player's hands at ``hands`` with hand ``turn`` to play; ``unseen`` = the cards
    the player has not seen (the banker's face-down card among them). ``weight[b]``: the
    chance of the path with ``b`` down (0: impossible); the player maximises the weighted
    sum, not knowing ``b``."""
    return _after_memo(unseen, hands, turn, _normal(weight), player_k, banker_k)


def _normal(weight: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    s = sum(weight, Fraction(0))
    return tuple(w / s for w in weight)


@cache
def _after_memo(unseen: Deck, hands: tuple[int, ...], turn: int, weight: tuple[Fraction, ...],
                player_k: int | None, banker_k: int | None) -> tuple[Fraction, ...]:
    live = [b for b in range(8) if weight[b]]
    if turn == len(hands):                       # the banker's turn
        out = [Fraction(0)] * 8
        for b in live:
            if all(t > SEVEN_AND_A_HALF for t in hands):
                out[b] = Fraction(-len(hands))   # every hand bust: the banker does not play
            else:
                out[b] = _banker_after(_minus(unseen, b), HALF_POINTS[b], hands, banker_k)
        return tuple(out)
    t = hands[turn]
    if t >= SEVEN_AND_A_HALF:                    # bust or 7½: the next hand plays
        return _after_memo(unseen, hands, turn + 1, weight, player_k, banker_k)
    stand = _after_memo(unseen, hands, turn + 1, weight, player_k, banker_k)
    if player_k is not None and t >= player_k:
        return stand
    hit = [Fraction(0)] * 8
    for c in range(8):
        if not unseen[c]:
            continue
        # chance of card c given b: from the cards left after b (b stays dealt)
        probs = [Fraction(0)] * 8
        for b in live:
            rest = _minus(unseen, b)
            if rest[c]:
                probs[b] = Fraction(rest[c], sum(rest))
            elif sum(rest) == 0:
                raise ValueError("the deck ran out within the hand: use a larger deck")
        child_w = tuple(weight[b] * probs[b] for b in range(8))
        if not any(child_w):
            continue
        nxt = (*hands[:turn], t + HALF_POINTS[c], *hands[turn + 1:])
        child = _after(_minus(unseen, c), nxt, turn, child_w, player_k, banker_k)
        for b in live:
            hit[b] += probs[b] * child[b]
    if player_k is not None:
        return tuple(hit)
    gain_hit = sum((weight[b] * hit[b] for b in live), Fraction(0))
    gain_stand = sum((weight[b] * stand[b] for b in live), Fraction(0))
    return tuple(hit) if gain_hit > gain_stand else stand


def after_split(unseen: Deck, weight: Sequence[Fraction], player_k: int | None = None,
                banker_k: int | None = None) -> Fraction:
    """The chance-weighted value, summed over the banker's face-down card ``b``, of the rest
    of the hand after splitting two figures: ``unseen`` = every card but the player's two
    figures (the banker's face-down card among them), ``weight[b]`` = the chance of reaching
    the split with ``b`` down. Both hands start on a figure (½)."""
    w = tuple(Fraction(x) for x in weight)
    per_b = _after(unseen, (1, 1), 0, w, player_k, banker_k)
    return sum((w[b] * per_b[b] for b in range(8)), Fraction(0))


# =============================================================================================
# The sequence form
# =============================================================================================


@dataclass
class Side:
    """One side's information sets and sequences; sequence 0 is the empty one. Information
    sets come after the one their parent sequence belongs to."""

    keys: list[Any] = field(default_factory=list)
    where: dict[Any, int] = field(default_factory=dict)
    parent: list[int] = field(default_factory=list)
    moves: list[tuple[str, ...]] = field(default_factory=list)
    seqs: list[tuple[int, ...]] = field(default_factory=list)
    owner: list[int] = field(default_factory=lambda: [-1])
    move: list[str] = field(default_factory=lambda: ["root"])

    def at(self, key: Any, parent: int, moves: tuple[str, ...]) -> dict[str, int]:
        i = self.where.get(key)
        if i is None:
            i = self.where[key] = len(self.keys)
            self.keys.append(key)
            self.parent.append(parent)
            self.moves.append(moves)
            first = len(self.owner)
            self.seqs.append(tuple(range(first, first + len(moves))))
            self.owner.extend([i] * len(moves))
            self.move.extend(moves)
        if self.parent[i] != parent or self.moves[i] != moves:
            raise AssertionError(f"no perfect recall at {key!r}")
        return dict(zip(self.moves[i], self.seqs[i], strict=True))

    @property
    def size(self) -> int:
        return len(self.owner)

    def kids(self) -> list[list[int]]:
        out: list[list[int]] = [[] for _ in range(self.size)]
        for i, p in enumerate(self.parent):
            out[p].append(i)
        return out

    def constraints(self) -> sparse.csr_matrix:
        rows, cols, vals = [0], [0], [1.0]
        for i, p in enumerate(self.parent):
            rows += [i + 1] * (len(self.seqs[i]) + 1)
            cols += [p, *self.seqs[i]]
            vals += [-1.0] + [1.0] * len(self.seqs[i])
        return sparse.csr_matrix((vals, (rows, cols)), shape=(len(self.keys) + 1, self.size))

    def best(self, gain: Sequence[Any], maximise: bool) -> Any:
        """max (min) over pure plans of ``sum_s gain[s] plan[s]``, by backward induction."""
        kids = self.kids()
        pick = max if maximise else min
        worth: list[Any] = [0] * len(self.keys)
        for i in reversed(range(len(self.keys))):
            worth[i] = pick(gain[s] + sum(worth[k] for k in kids[s]) for s in self.seqs[i])
        return gain[0] + sum(worth[k] for k in kids[0])

    def check(self, plan: Sequence[Any], tol: float = 1e-9) -> None:
        if abs(plan[0] - 1) > tol or min(plan) < -tol:
            raise ValueError("not a realization plan")
        for i, p in enumerate(self.parent):
            if abs(sum(plan[s] for s in self.seqs[i]) - plan[p]) > tol:
                raise ValueError(f"not a realization plan at {self.keys[i]!r}")


@dataclass
class SplitSwapGame:
    """The sequence form of one hand: ``payoff[(x-seq, y-seq)]`` (exact), and the chance of
    reaching each of the player's split decisions (``split_reach``: infoset -> chance)."""

    deck: Deck
    split_after_swap: bool
    after: tuple[int | None, int | None]
    player: Side
    banker: Side
    payoff: dict[tuple[int, int], Fraction]
    split_reach: dict[int, Fraction]
    leaves: int

    def matrix(self) -> sparse.csr_matrix:
        keys = list(self.payoff)
        return sparse.csr_matrix(
            ([float(self.payoff[k]) for k in keys], ([k[0] for k in keys], [k[1] for k in keys])),
            shape=(self.player.size, self.banker.size))

    def split_seq(self, i: int) -> int:
        return self.player.seqs[i][self.player.moves[i].index("split")]

    def stake_vector(self, path: str | None = None) -> Floats:
        """``c`` with ``c . x = P(split)`` for a player plan ``x``; with ``path`` ("up" or
        "swap"), only the splits after a first hit taken that way."""
        c = np.zeros(self.player.size)
        for i, p in self.split_reach.items():
            if path is None or self.player.keys[i][1][0][0] == path:
                c[self.split_seq(i)] = float(p)
        return c


def build(cards: Mapping[object, int] | Sequence[int], split_after_swap: bool = True,
          allow_split: bool = True, after: tuple[int | None, int | None] = (None, None)
          ) -> SplitSwapGame:
    """Write out every deal and move of one hand (see the module docstring). ``after``: the
    play after a split (player's K, banker's K; None = best)."""
    deck = deck_of(cards)
    X, Y = Side(), Side()
    payoff: dict[tuple[int, int], Fraction] = {}
    split_at: dict[int, list[tuple[int, Fraction, Deck]]] = {}
    leaves = 0

    def leaf(xs: int, ys: int, chance: Fraction, gain: Fraction | int) -> None:
        nonlocal leaves
        leaves += 1
        payoff[(xs, ys)] = payoff.get((xs, ys), Fraction(0)) + chance * gain

    def banker_turn(rest: Deck, seen: tuple[Any, ...], mine: tuple[int, ...], player: int,
                    xs: int, ys: int, chance: Fraction) -> None:
        t = points(mine)
        if t >= SEVEN_AND_A_HALF:
            leaf(xs, ys, chance, settle(player, t))
            return
        seq = Y.at((*seen, mine), ys, ("stand", "hit"))
        leaf(xs, seq["stand"], chance, settle(player, t))
        for card, p, left in _deal(rest):
            banker_turn(left, seen, (*mine, card), player, xs, seq["hit"], chance * p)

    def player_turn(rest: Deck, first: int, history: tuple[tuple[str, int], ...], down: int,
                    faceup: tuple[int, ...], public: tuple[tuple[str, int], ...],
                    bank_card: int, xs: int, chance: Fraction) -> None:
        t = points((down, *faceup))
        if t > SEVEN_AND_A_HALF:
            leaf(xs, 0, chance, -1)              # bust: lost at once, the banker does not play
            return
        if t == SEVEN_AND_A_HALF:                # shown: the banker sees the whole hand
            banker_turn(rest, (public, "shows 7½", down), (bank_card,), t, xs, 0, chance)
            return
        moves: tuple[str, ...] = ("stand", "up", "swap")
        may_split = (allow_split and len(history) == 1 and down == FIGURE
                     and faceup == (FIGURE,)
                     and (history[0][0] == "up" or split_after_swap))
        if may_split:
            moves += ("split",)
        seq = X.at((first, history), xs, moves)
        banker_turn(rest, (public, "stood"), (bank_card,), t, seq["stand"], 0, chance)
        if may_split:
            i = X.where[(first, history)]
            split_at.setdefault(i, []).append((bank_card, chance, rest))
        for card, p, left in _deal(rest):
            player_turn(left, first, (*history, ("up", card)), down, (*faceup, card),
                        (*public, ("up", card)), bank_card, seq["up"], chance * p)
            player_turn(left, first, (*history, ("swap", card)), card, (*faceup, down),
                        (*public, ("swap", down)), bank_card, seq["swap"], chance * p)

    for first, p1, after1 in _deal(deck):
        for bank_card, p2, after2 in _deal(after1):
            player_turn(after2, first, (), first, (), (), bank_card, 0, p1 * p2)

    split_reach: dict[int, Fraction] = {}
    for i, nodes in split_at.items():
        weight = [Fraction(0)] * 8
        unseen = None
        for b, chance, rest in nodes:
            weight[b] += chance
            u = tuple(n + (1 if k == b else 0) for k, n in enumerate(rest))
            if unseen is not None and u != unseen:
                raise AssertionError("one information set, two sets of unseen cards")
            unseen = u
        assert unseen is not None
        split_reach[i] = sum(weight, Fraction(0))
        xs = X.seqs[i][X.moves[i].index("split")]
        leaf(xs, 0, Fraction(1), after_split(unseen, weight, *after))
    return SplitSwapGame(deck, split_after_swap, after, X, Y, payoff, split_reach, leaves)


# =============================================================================================
# Linear programmes and the certificate
# =============================================================================================


def _maximin(A: sparse.csr_matrix, E: sparse.csr_matrix, F: sparse.csr_matrix,
             floor: float | None = None, objective: Floats | None = None) -> Floats:
    """Sequence-form LP of the side with constraints ``E`` maximising against the side with
    constraints ``F``: variables ``(x, v)``, ``F^T v <= A^T x``, ``E x = e``, ``x >= 0``;
    maximise ``v[0]``, or ``objective . x`` subject to ``v[0] >= floor``."""
    nx, nv = E.shape[1], F.shape[0]
    A_ub = sparse.hstack([-A.T, F.T]).tocsr()
    b_ub = np.zeros(A_ub.shape[0])
    cost = np.zeros(nx + nv)
    if floor is not None and objective is not None:
        row = sparse.csr_matrix(([-1.0], ([0], [nx])), shape=(1, nx + nv))
        A_ub = sparse.vstack([A_ub, row]).tocsr()
        b_ub = np.append(b_ub, -floor)
        cost[:nx] = -objective
    else:
        cost[nx] = -1.0
    A_eq = sparse.hstack([E, sparse.csr_matrix((E.shape[0], nv))]).tocsr()
    b_eq = np.zeros(E.shape[0])
    b_eq[0] = 1.0
    res = linprog(cost, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq,
                  bounds=[(0.0, None)] * nx + [(None, None)] * nv, method="highs",
                  options={"primal_feasibility_tolerance": 1e-10,
                           "dual_feasibility_tolerance": 1e-10})
    if res.status != 0:
        raise RuntimeError(f"LP failed: {res.message}")
    return np.maximum(np.asarray(res.x[:nx], dtype=np.float64), 0.0)


@dataclass(frozen=True)
class Certificate:
    """``lower <= game value <= upper``, both from exact best replies, not from the LPs;
    ``expected_stake`` = 1 + P(split) under the player's plan ``x``."""

    lower: float
    upper: float
    x: Floats
    y: Floats
    expected_stake: float

    @property
    def value(self) -> float:
        return (self.lower + self.upper) / 2

    @property
    def gap(self) -> float:
        return self.upper - self.lower


def solve(game: SplitSwapGame) -> Certificate:
    A = game.matrix()
    E, F = game.player.constraints(), game.banker.constraints()
    x = _maximin(A, E, F)
    y = _maximin((-A.T).tocsr(), F, E)          # the banker maximises minus the payoff
    game.player.check(list(x))
    game.banker.check(list(y))
    lower = float(game.banker.best(list(A.T @ x), maximise=False))
    upper = float(game.player.best(list(A @ y), maximise=True))
    return Certificate(lower, upper, x, y, 1.0 + float(game.stake_vector() @ x))


def stake_range(game: SplitSwapGame, cert: Certificate, slack: float = 1e-12,
                path: str | None = None) -> tuple[float, float]:
    """The least and the most expected stake (1 + P(split)) of a player plan that
    guarantees ``cert.lower - slack`` against every banker plan: where they meet, every
    equilibrium of the player splits equally often. ``path`` ("up"/"swap"): count only the
    splits after a first hit taken that way."""
    A = game.matrix()
    E, F = game.player.constraints(), game.banker.constraints()
    c = game.stake_vector(path)
    lo = float(c @ _maximin(A, E, F, cert.lower - slack, -c))
    hi = float(c @ _maximin(A, E, F, cert.lower - slack, c))
    return 1.0 + lo, 1.0 + hi


# =============================================================================================
# Pure plans, exact values
# =============================================================================================


def hand(key: tuple[int, tuple[tuple[str, int], ...]]) -> tuple[int, tuple[int, ...]]:
    """The face-down card and the face-up cards (in order) at ``(first, history)``."""
    down, history = key
    up: list[int] = []
    for move, card in history:
        if move == "swap":
            up.append(down)
            down = card
        else:
            up.append(card)
    return down, tuple(up)


def player_plan(game: SplitSwapGame, play: PlayRule) -> list[int]:
    """The 0/1 realization plan of ``play(face-down card, face-up cards, moves allowed)``."""
    P = game.player
    x = [0] * P.size
    x[0] = 1
    for i, key in enumerate(P.keys):
        x[P.seqs[i][P.moves[i].index(play(*hand(key), P.moves[i]))]] = x[P.parent[i]]
    return x


def threshold_plan(game: SplitSwapGame, k: int) -> list[int]:
    """The banker's ``threshold``: hit while its total is below ``k`` half-points, always."""
    B = game.banker
    y = [0] * B.size
    y[0] = 1
    for i, key in enumerate(B.keys):
        move = "hit" if points(key[-1]) < k else "stand"
        y[B.seqs[i][B.moves[i].index(move)]] = y[B.parent[i]]
    return y


def evaluate(game: SplitSwapGame, x: Sequence[Any], y: Sequence[Any]) -> Any:
    """The player's expected gain over its hands for two plans (exact for exact plans)."""
    return sum((v * x[p] * y[b] for (p, b), v in game.payoff.items() if x[p] and y[b]),
               Fraction(0))


def expected_stake(game: SplitSwapGame, x: Sequence[Any]) -> Any:
    """1 + P(split) under the player's plan ``x`` (exact for an exact plan)."""
    return 1 + sum((p * x[game.split_seq(i)] for i, p in game.split_reach.items()),
                   Fraction(0))


def player_best_value(game: SplitSwapGame, y: Sequence[Any]) -> Any:
    g: list[Any] = [0] * game.player.size
    for (p, b), v in game.payoff.items():
        if y[b]:
            g[p] += v * y[b]
    return game.player.best(g, maximise=True)


def banker_best_value(game: SplitSwapGame, x: Sequence[Any]) -> Any:
    h: list[Any] = [0] * game.banker.size
    for (p, b), v in game.payoff.items():
        if x[p]:
            h[b] += v * x[p]
    return game.banker.best(h, maximise=False)
