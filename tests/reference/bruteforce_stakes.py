"""Brute-force reference for one heads-up hand of Spanish rules without splitting, tiny decks.

Written from `docs/rules.md` alone ("One hand", the ``swap_hidden`` row of
"Variants", "Exact-analysis conventions"). It imports nothing from `settemezzo` nor from the
other `tests.reference` modules. What is modelled:

- the deal: the player's face-down card, then the banker's face-down card (chance draws
  ``count / cards left``, no replacement);
- the stake: after looking at its face-down card (and at nothing else) the player puts down a
  whole number of chips ``s`` with ``min_stake <= s <= max_stake``; the stake is public;
- the player's turn: below 7½ it stands, hits with the new card face up (``up``) or, when
  ``allow_swap``, hits turning its face-down card up and taking the new card face down
  (``swap``). The choice is made before the new card is seen. Over 7½ it is bust and loses
  the stake at once (the banker does not play); on exactly 7½ the face-down card is shown and
  the turn ends;
- the banker's turn: it turns its card up and stands or hits below 7½;
- the payout, in chips: player bust ``-s``; banker bust ``+s``; otherwise a higher total wins
  ``s`` (``seven_half_pays * s`` with exactly 7½), an equal or lower one loses ``s``.

Information, with perfect recall on both sides:

- player: its first card, its stake, and for every hit the move (``up``/``swap``) and the card
  it received;
- banker: the stake; the public history, one entry per hit, ``("up", card dealt face up)`` or
  ``("swap", old face-down card now shown)``; whether the player stood below 7½, or showed
  7½ (then its face-down card too, i.e. the whole hand); its own cards in the order dealt.

The whole hand is ONE extensive-form game (no subgames, no reordering) in sequence form
(Koller, Megiddo and von Stengel): realization plans ``x`` (player) and ``y`` (banker) over
sequences, ``A[x-seq, y-seq]`` = sum of chance x chips over the leaves the pair reaches.
Two linear programmes are solved with scipy's HiGHS, one per side (the player's maximin plan
and the banker's minimax plan, each its own LP rather than the other's duals). The result is
certified without trusting either LP: ``lower`` = the player's plan against the banker's
exact best reply, ``upper`` = the banker's plan against the player's exact best reply, both
by backward induction over the information sets. `stake_range` then bounds the player's
expected stake over every player plan that guarantees ``lower`` (two more LPs), since an
equilibrium need not be unique.

Exact (`Fraction`) play: `player_plan` (a pure stake rule and a pure play rule),
`threshold_plan` (the banker's ``threshold``), `evaluate`, `player_best_value`,
`banker_best_value`.

Cards are ints: 0 a figure (½ point), 1..7 ace..seven; totals in half-points (7½ = 15).

>>> g = build({"F": 2, 4: 2, 5: 2, 7: 2}, min_stake=1, max_stake=2)
>>> cert = solve(g)
>>> cert.gap < 1e-9
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt
from scipy import sparse
from scipy.optimize import linprog

__all__ = [
    "HALF_POINTS",
    "SEVEN_AND_A_HALF",
    "Certificate",
    "StakeGame",
    "build",
    "deck_of",
    "evaluate",
    "expected_stake",
    "payout",
    "player_plan",
    "solve",
    "stake_range",
    "threshold_plan",
]

HALF_POINTS = (1, 2, 4, 6, 8, 10, 12, 14)   # figure, ace, two, ..., seven
SEVEN_AND_A_HALF = 15

Action = int | str
Floats = npt.NDArray[np.float64]
PlayRule = Callable[[int, tuple[int, ...]], str]    # (face-down card, face-up cards) -> move
StakeRule = Callable[[int], int]                    # face-down first card -> stake


def deck_of(cards: Mapping[object, int] | Sequence[int]) -> tuple[int, ...]:
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


def payout(player: int, banker: int, stake: int, seven_half_pays: int) -> int:
    """Chips won by a player who did not bust, holding ``player`` half-points, against a
    banker who finished on ``banker`` half-points (over 15: bust).

    >>> payout(15, 16, 3, 2), payout(15, 14, 3, 2), payout(15, 15, 3, 2), payout(9, 9, 2, 2)
    (3, 6, -3, -2)
    """
    if banker > SEVEN_AND_A_HALF:
        return stake
    if player > banker:
        return stake * (seven_half_pays if player == SEVEN_AND_A_HALF else 1)
    return -stake


def _deal(deck: tuple[int, ...]) -> Iterator[tuple[int, Fraction, tuple[int, ...]]]:
    left = sum(deck)
    if left == 0:
        raise ValueError("the deck ran out within the hand")
    for card, n in enumerate(deck):
        if n:
            rest = list(deck)
            rest[card] -= 1
            yield card, Fraction(n, left), tuple(rest)


def _most_cards(deck: tuple[int, ...]) -> int:
    """Cards one hand may take at most (the smallest first, until 7½ or more)."""
    taken = t = 0
    for card in sorted(c for c, n in enumerate(deck) for _ in range(n)):
        taken += 1
        t += HALF_POINTS[card]
        if t >= SEVEN_AND_A_HALF:
            break
    return taken


@dataclass
class Player:
    """One side's (the player's or the banker's) information sets and sequences.

    Sequence 0 is the empty one; information sets are numbered so that each comes after the
    one its parent sequence belongs to (they are registered on the way down the tree)."""

    keys: list[Any] = field(default_factory=list)
    where: dict[Any, int] = field(default_factory=dict)
    parent: list[int] = field(default_factory=list)            # sequence leading to it
    moves: list[tuple[Action, ...]] = field(default_factory=list)
    seqs: list[tuple[int, ...]] = field(default_factory=list)  # its sequences, per move
    owner: list[int] = field(default_factory=lambda: [-1])     # per sequence
    move: list[Action] = field(default_factory=lambda: ["root"])

    def at(self, key: Any, parent: int, moves: tuple[Action, ...]) -> dict[Action, int]:
        """Register (or find) the information set ``key``: its sequences by move."""
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
        """The information sets that follow each sequence."""
        out: list[list[int]] = [[] for _ in range(self.size)]
        for i, p in enumerate(self.parent):
            out[p].append(i)
        return out

    def constraints(self) -> sparse.csr_matrix:
        """Rows: ``plan[0] = 1``; per information set ``sum of its sequences = parent``."""
        rows, cols, vals = [0], [0], [1.0]
        for i, p in enumerate(self.parent):
            rows += [i + 1] * (len(self.seqs[i]) + 1)
            cols += [p, *self.seqs[i]]
            vals += [-1.0] + [1.0] * len(self.seqs[i])
        return sparse.csr_matrix((vals, (rows, cols)), shape=(len(self.keys) + 1, self.size))

    def best(self, gain: Sequence[Any], maximise: bool) -> Any:
        """max (or min) over pure plans of ``sum_s gain[s] plan[s]``, by backward induction."""
        kids = self.kids()
        pick = max if maximise else min
        worth: list[Any] = [0] * len(self.keys)
        for i in reversed(range(len(self.keys))):
            worth[i] = pick(gain[s] + sum(worth[k] for k in kids[s]) for s in self.seqs[i])
        return gain[0] + sum(worth[k] for k in kids[0])

    def check(self, plan: Sequence[Any], tol: float = 1e-9) -> None:
        """Raise unless ``plan`` is a realization plan (within ``tol``)."""
        if abs(plan[0] - 1) > tol or min(plan) < -tol:
            raise ValueError("not a realization plan")
        for i, p in enumerate(self.parent):
            if abs(sum(plan[s] for s in self.seqs[i]) - plan[p]) > tol:
                raise ValueError(f"not a realization plan at {self.keys[i]!r}")


@dataclass
class StakeGame:
    """The sequence form of one hand: ``payoff[(x-seq, y-seq)]`` in chips (exact)."""

    deck: tuple[int, ...]
    stakes: tuple[int, ...]
    seven_half_pays: int
    allow_swap: bool
    player: Player
    banker: Player
    payoff: dict[tuple[int, int], Fraction]
    first_card: dict[int, Fraction]       # chance of each first (face-down) card
    leaves: int

    def matrix(self) -> sparse.csr_matrix:
        keys = list(self.payoff)
        return sparse.csr_matrix(
            ([float(self.payoff[k]) for k in keys], ([k[0] for k in keys], [k[1] for k in keys])),
            shape=(self.player.size, self.banker.size))

    def player_best_value(self, y: Sequence[Any]) -> Any:
        """The player's best reply to the banker's plan ``y`` (exact for exact ``y``)."""
        g: list[Any] = [0] * self.player.size
        for (p, b), v in self.payoff.items():
            if y[b]:
                g[p] += v * y[b]
        return self.player.best(g, maximise=True)

    def banker_best_value(self, x: Sequence[Any]) -> Any:
        """The banker's best reply to the player's plan ``x`` (exact for exact ``x``)."""
        h: list[Any] = [0] * self.banker.size
        for (p, b), v in self.payoff.items():
            if x[p]:
                h[b] += v * x[p]
        return self.banker.best(h, maximise=False)


def build(cards: Mapping[object, int] | Sequence[int], min_stake: int = 1, max_stake: int = 2,
          seven_half_pays: int = 2, allow_swap: bool = True, banker_sees_stake: bool = True
          ) -> StakeGame:
    """Write out every deal, stake and move of one hand (see the module docstring).
    ``banker_sees_stake=False`` hides the stake from the banker (NOT the rules: a control,
    to show that what the banker learns from the stake changes the value)."""
    deck = deck_of(cards)
    if 2 * _most_cards(deck) > sum(deck):
        raise ValueError("two hands could exhaust this deck: use a larger one")
    if not 1 <= min_stake <= max_stake:
        raise ValueError("stakes: 1 <= min_stake <= max_stake")
    stakes = tuple(range(min_stake, max_stake + 1))
    moves: tuple[Action, ...] = ("stand", "up", "swap") if allow_swap else ("stand", "up")
    X, Y = Player(), Player()
    payoff: dict[tuple[int, int], Fraction] = {}
    leaves = 0

    def shown_stake(stake: int) -> int:
        return stake if banker_sees_stake else 0

    def leaf(xs: int, ys: int, chance: Fraction, chips: int) -> None:
        nonlocal leaves
        leaves += 1
        payoff[(xs, ys)] = payoff.get((xs, ys), Fraction(0)) + chance * chips

    def banker_turn(rest: tuple[int, ...], seen: tuple[Any, ...], mine: tuple[int, ...],
                    player_total: int, stake: int, xs: int, ys: int, chance: Fraction) -> None:
        t = points(mine)
        if t < SEVEN_AND_A_HALF:
            seq = Y.at((*seen, mine), ys, ("stand", "hit"))
            leaf(xs, seq["stand"], chance,
                 payout(player_total, t, stake, seven_half_pays))
            for card, p, left in _deal(rest):
                banker_turn(left, seen, (*mine, card), player_total, stake, xs, seq["hit"],
                            chance * p)
        else:
            leaf(xs, ys, chance, payout(player_total, t, stake, seven_half_pays))

    def player_turn(rest: tuple[int, ...], first: int, stake: int,
                    history: tuple[tuple[str, int], ...], down: int, faceup: tuple[int, ...],
                    public: tuple[tuple[str, int], ...], bank_card: int, xs: int,
                    chance: Fraction) -> None:
        t = points((down, *faceup))
        if t > SEVEN_AND_A_HALF:
            leaf(xs, 0, chance, -stake)          # bust: stake lost, the banker does not play
            return
        if t == SEVEN_AND_A_HALF:                # shown: the banker sees the whole hand
            banker_turn(rest, (shown_stake(stake), public, "shows 7½", down), (bank_card,),
                        t, stake, xs, 0, chance)
            return
        seq = X.at((first, stake, history), xs, moves)
        banker_turn(rest, (shown_stake(stake), public, "stood"), (bank_card,), t, stake,
                    seq["stand"], 0, chance)
        for card, p, left in _deal(rest):
            player_turn(left, first, stake, (*history, ("up", card)), down, (*faceup, card),
                        (*public, ("up", card)), bank_card, seq["up"], chance * p)
            if allow_swap:
                player_turn(left, first, stake, (*history, ("swap", card)), card,
                            (*faceup, down), (*public, ("swap", down)), bank_card,
                            seq["swap"], chance * p)

    first_card: dict[int, Fraction] = {}
    for first, p1, after1 in _deal(deck):
        first_card[first] = p1
        for bank_card, p2, after2 in _deal(after1):
            seq = X.at(("stake", first), 0, stakes)
            for s in stakes:
                player_turn(after2, first, s, (), first, (), (), bank_card, seq[s], p1 * p2)
    return StakeGame(deck, stakes, seven_half_pays, allow_swap, X, Y, payoff, first_card,
                     leaves)


# =============================================================================================
# Linear programmes and the certificate
# =============================================================================================


def _maximin(A: sparse.csr_matrix, E: sparse.csr_matrix, F: sparse.csr_matrix,
             extra: tuple[Floats, float] | None = None, objective: Floats | None = None
             ) -> Floats:
    """Sequence-form LP of the side whose plan ``x`` (constraints ``E``) maximises against
    the side with constraints ``F``: variables ``(x, v)``, ``F^T v <= A^T x``, ``E x = e``,
    ``x >= 0``; maximise ``v[0]`` (or ``objective . x`` with ``v[0] >= extra``)."""
    nx, nv = E.shape[1], F.shape[0]
    A_ub = sparse.hstack([-A.T, F.T]).tocsr()
    b_ub = np.zeros(A_ub.shape[0])
    cost = np.zeros(nx + nv)
    if extra is not None and objective is not None:
        row = sparse.csr_matrix(([-1.0], ([0], [nx])), shape=(1, nx + nv))
        A_ub = sparse.vstack([A_ub, row]).tocsr()
        b_ub = np.append(b_ub, -extra[1])
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
    """``lower <= game value <= upper``, both computed by best replies, not by the LPs."""

    lower: float
    upper: float
    x: Floats          # the player's plan (player LP)
    y: Floats          # the banker's plan (banker LP)
    expected_stake: float   # under ``x``

    @property
    def value(self) -> float:
        return (self.lower + self.upper) / 2

    @property
    def gap(self) -> float:
        return self.upper - self.lower


def solve(game: StakeGame) -> Certificate:
    """Both sides' LPs, then the certificate (see the module docstring)."""
    A = game.matrix()
    E, F = game.player.constraints(), game.banker.constraints()
    x = _maximin(A, E, F)
    y = _maximin((-A.T).tocsr(), F, E)          # the banker maximises -payoff
    game.player.check(list(x))
    game.banker.check(list(y))
    lower = float(game.banker.best(list(A.T @ x), maximise=False))
    upper = float(game.player.best(list(A @ y), maximise=True))
    return Certificate(lower, upper, x, y, float(expected_stake(game, list(x))))


def expected_stake(game: StakeGame, x: Sequence[Any]) -> Any:
    """The player's mean stake in chips under plan ``x``: first cards by chance, then the
    plan's stake sequences (exact for an exact plan)."""
    P = game.player
    out: Any = 0
    for card, p in game.first_card.items():
        i = P.where[("stake", card)]
        out += p * sum(int(P.move[s]) * x[s] for s in P.seqs[i])
    return out


def stake_range(game: StakeGame, cert: Certificate, slack: float = 1e-12
                ) -> tuple[float, float]:
    """The least and the most expected stake of a player plan that guarantees
    ``cert.lower - slack`` against every banker plan (two LPs): where the two meet, every
    equilibrium of the player stakes the same on average."""
    A = game.matrix()
    E, F = game.player.constraints(), game.banker.constraints()
    c = np.zeros(game.player.size)
    for card, p in game.first_card.items():
        for s in game.player.seqs[game.player.where[("stake", card)]]:
            c[s] = float(p) * int(game.player.move[s])
    floor = (c, cert.lower - slack)
    lo = float(c @ _maximin(A, E, F, floor, -c))
    hi = float(c @ _maximin(A, E, F, floor, c))
    return lo, hi


# =============================================================================================
# Pure plans, exact values
# =============================================================================================


def hand(key: tuple[int, int, tuple[tuple[str, int], ...]]) -> tuple[int, tuple[int, ...]]:
    """The face-down card and face-up cards (in order) at a player information set
    ``(first card, stake, ((move, card received), ...))``."""
    down, _, history = key
    up: list[int] = []
    for move, card in history:
        if move == "swap":
            up.append(down)
            down = card
        else:
            up.append(card)
    return down, tuple(up)


def player_plan(game: StakeGame, stake: StakeRule, play: PlayRule) -> list[int]:
    """The realization plan (0/1) of a pure player: ``stake(first card)`` chips, then
    ``play(face-down card, face-up cards)`` in ("stand", "up", "swap")."""
    P = game.player
    x = [0] * P.size
    x[0] = 1
    for i, key in enumerate(P.keys):
        choice: Action = stake(key[1]) if key[0] == "stake" else play(*hand(key))
        x[P.seqs[i][P.moves[i].index(choice)]] = x[P.parent[i]]
    return x


def threshold_plan(game: StakeGame, k: int, against_seven: str = "rule") -> list[int]:
    """The banker's ``threshold`` K (half-points): hit while its own total is below K,
    whatever the stake and the player's cards. ``against_seven="hit"``: against a shown 7½ hit
    below 7½ instead (standing there loses for sure)."""
    B = game.banker
    y = [0] * B.size
    y[0] = 1
    for i, key in enumerate(B.keys):
        mine = key[-1]
        limit = SEVEN_AND_A_HALF if key[2] == "shows 7½" and against_seven == "hit" else k
        y[B.seqs[i][B.moves[i].index("hit" if points(mine) < limit else "stand")]] = \
            y[B.parent[i]]
    return y


def evaluate(game: StakeGame, x: Sequence[Any], y: Sequence[Any]) -> Any:
    """The player's expected gain in chips for two plans (exact for exact plans)."""
    return sum((v * x[p] * y[b] for (p, b), v in game.payoff.items() if x[p] and y[b]),
               Fraction(0))
