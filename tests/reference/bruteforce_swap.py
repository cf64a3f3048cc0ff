"""Brute-force reference for the heads-up hand with the ``swap_hidden`` variant, on tiny decks.

Written from the rules alone (`docs/rules.md`: "One hand", the ``swap_hidden`` row of
"Variants", and "Exact-analysis conventions"); it imports nothing from `settemezzo` (nor from
`tests.reference.bruteforce`). Italian rules otherwise: unit stake, 1:1, ties to the banker.

The whole game is written out as ONE extensive-form game, with no decomposition into
subgames and no reordering of the deal:

- deal order: the player's face-down card, the banker's face-down card, then the player's hits,
  then the banker's hits (each card drawn from what is left, chance count/remaining);
- below 7½ the player chooses among three actions: ``stand``, ``up`` (ask for a card and take
  it face up) and ``swap`` (ask for a card, turn the face-down card up and take the new card
  face down). The choice is made before the new card is seen. The player always holds
  exactly one face-down card;
- over 7½ the player is bust and loses 1 at once (the banker does not play); on exactly 7½ the
  face-down card is shown and the turn ends;
- the banker then plays by the same card rules (stand or hit below 7½); bust banker pays 1;
  otherwise the player wins 1 with a strictly higher total, else loses 1.

Information (perfect recall on both sides):

- the player knows its first card and, for each hit, whether it was ``up`` or ``swap`` and
  which card it received: ``(first card, ((move, card received), ...))``. From it the face-up
  cards in order and the face-down card follow;
- the banker knows the *public history*, one entry per hit: ``("up", new card)`` or
  ``("swap", old face-down card now shown)`` (both the move and the card are public); whether
  the player stood below 7½ or showed 7½ (then also the face-down card: everything); and its
  own cards in the order dealt.

The game is solved in sequence form (Koller, Megiddo and von Stengel 1996), built here from
scratch: realization plans ``x`` (player) and ``y`` (banker) over sequences, a payoff matrix
``A[player sequence, banker sequence]`` holding the chance-weighted payoff of every leaf, and
the linear programme ``max v_0 s.t. F^T v <= A^T x, E x = e, x >= 0`` (scipy's HiGHS). The
answer is then *certified* without trusting the LP: ``lower`` is the payoff of the player's
plan against the banker's best reply to it, ``upper`` the payoff of the banker's plan (the LP
duals) against the player's best reply, both by backward induction over the information sets.

With ``allow_swap=False`` the same code builds the game without the variant, which is checked
against the plain Italian references.

Kinds are small ints: 0 is a figure (½ point), 1..7 the ace..seven; values in half-points.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt
from scipy import sparse
from scipy.optimize import linprog

__all__ = [
    "SEVEN_HALF",
    "VALUE",
    "Certificate",
    "SwapGame",
    "build",
    "hand_of",
    "make_deck",
    "max_cards",
    "solve",
]

KINDS = tuple(range(8))
VALUE = (1, 2, 4, 6, 8, 10, 12, 14)   # half-points of a figure, ace, 2, ..., 7
SEVEN_HALF = 15

Deck = tuple[int, ...]
FloatArray = npt.NDArray[np.float64]
PlayerKey = tuple[int, tuple[tuple[str, int], ...]]
PlayerPolicy = Callable[[int, tuple[int, ...]], str]


def make_deck(counts: Mapping[object, int] | Sequence[int]) -> Deck:
    """Counts per kind 0 (figure), 1..7 from a mapping (keys 'F', 0..7) or 8 counts."""
    if not isinstance(counts, Mapping):
        deck = tuple(int(n) for n in counts)
        if len(deck) != 8:
            raise ValueError("a deck is 8 counts: figures, then aces..sevens")
        return deck
    out = [0] * 8
    for key, n in counts.items():
        k = key if isinstance(key, int) else (0 if str(key).upper() == "F" else int(str(key)))
        if k not in KINDS:
            raise ValueError(f"unknown kind {key!r}")
        out[k] += int(n)
    return tuple(out)


def total(cards: Sequence[int]) -> int:
    return sum(VALUE[c] for c in cards)


def settle(player: int, banker: int) -> int:
    """The player's gain, the player not bust with ``player`` half-points."""
    if banker > SEVEN_HALF:
        return 1
    return 1 if player > banker else -1   # ties to the banker


def max_cards(deck: Deck) -> int:
    """The most cards one hand can take from this deck (smallest cards first)."""
    n = t = 0
    for v in sorted(VALUE[k] for k in KINDS for _ in range(deck[k])):
        if t + v >= SEVEN_HALF:
            return n + 1
        n, t = n + 1, t + v
    return n


def _draws(deck: Deck) -> list[tuple[int, Fraction, Deck]]:
    n = sum(deck)
    if n == 0:
        raise ValueError("the deck ran out within the hand: use a larger deck")
    out = []
    for k in KINDS:
        if deck[k]:
            rest = list(deck)
            rest[k] -= 1
            out.append((k, Fraction(deck[k], n), tuple(rest)))
    return out


@dataclass
class _Side:
    """One side's information sets and sequences. Sequence 0 is the empty sequence."""

    keys: list[object] = field(default_factory=list)
    index: dict[object, int] = field(default_factory=dict)
    parent: list[int] = field(default_factory=list)        # parent sequence of each infoset
    first: list[int] = field(default_factory=list)         # first sequence of each infoset
    actions: list[tuple[str, ...]] = field(default_factory=list)
    seq_infoset: list[int] = field(default_factory=lambda: [-1])
    seq_action: list[str] = field(default_factory=lambda: [""])

    def infoset(self, key: object, parent: int, actions: tuple[str, ...]) -> int:
        j = self.index.get(key)
        if j is None:
            j = self.index[key] = len(self.keys)
            self.keys.append(key)
            self.parent.append(parent)
            self.first.append(len(self.seq_infoset))
            self.actions.append(actions)
            for a in actions:
                self.seq_infoset.append(j)
                self.seq_action.append(a)
        elif self.parent[j] != parent or self.actions[j] != actions:
            raise AssertionError(f"imperfect recall at {key!r}")   # cannot happen
        return j

    def seq(self, j: int, action: str) -> int:
        return self.first[j] + self.actions[j].index(action)

    @property
    def n_seq(self) -> int:
        return len(self.seq_infoset)


@dataclass
class SwapGame:
    """The sequence form of the whole hand. ``payoff[(player seq, banker seq)]`` is the sum
    over the leaves reached by that pair of sequences of chance x player's gain (exact)."""

    deck: Deck
    allow_swap: bool
    player: _Side
    banker: _Side
    payoff: dict[tuple[int, int], Fraction]
    leaves: int

    def matrix(self) -> sparse.csr_matrix:
        rows = [p for p, _ in self.payoff]
        cols = [b for _, b in self.payoff]
        vals = [float(v) for v in self.payoff.values()]
        return sparse.csr_matrix((vals, (rows, cols)),
                                 shape=(self.player.n_seq, self.banker.n_seq))

    # -- best replies by backward induction over the information sets ------------------------
    def player_best(self, g: Sequence[Any]) -> Any:
        """max over the player's plans of ``sum_s g[s] x[s]`` (``g = A y``): at each
        information set, children first, the best action's own payoff plus what follows it."""
        return _best_reply(self.player, g, max)

    def banker_best(self, h: Sequence[Any]) -> Any:
        """min over the banker's plans of ``sum_s h[s] y[s]`` (``h = A^T x``)."""
        return _best_reply(self.banker, h, min)

    # -- pure plans and exact values ---------------------------------------------------------
    def threshold_plan(self, k: int, against_seven: str = "rule") -> list[int]:
        """The banker's realization plan of ``threshold`` K (half-points): hit while its own
        total is below K, whatever the player shows. Against a shown 7½ it follows the same
        rule (``against_seven="rule"``, as ``threshold:K`` does), or always hits below 7½
        (``"hit"``: the best play there, standing loses for sure)."""
        b = self.banker
        y = [0] * b.n_seq
        y[0] = 1
        for j, key in enumerate(b.keys):          # parents come before children
            assert isinstance(key, tuple)
            cards = key[-1]
            seven = key[1] == "seven and a half"
            hit = total(cards) < (SEVEN_HALF if seven and against_seven == "hit" else k)
            y[b.seq(j, "hit" if hit else "stand")] = y[b.parent[j]]
        return y

    def player_plan(self, policy: PlayerPolicy) -> list[int]:
        """The player's realization plan of a pure policy: ``policy(face-down card, face-up
        cards in order)`` returns "stand", "up" or "swap"."""
        P = self.player
        x = [0] * P.n_seq
        x[0] = 1
        for i, key in enumerate(P.keys):
            assert isinstance(key, tuple)
            hidden, up = hand_of(key)
            x[P.seq(i, policy(hidden, up))] = x[P.parent[i]]
        return x

    def behaviour_plan(self, side: str, chances: Callable[[Any], Mapping[str, Any]]
                       ) -> list[Any]:
        """The realization plan of a behavioural strategy of ``side`` ("player" or
        "banker"): ``chances(key)`` gives the chance of each action at the information set
        ``key`` (player: ``(first card, moves)``; banker: ``(public history, "stood", own
        cards)`` or ``(public history, "seven and a half", face-down card, own cards)``)."""
        sd = self.player if side == "player" else self.banker
        plan: list[Any] = [0] * sd.n_seq
        plan[0] = 1
        for j, key in enumerate(sd.keys):
            ch = chances(key)
            for a in sd.actions[j]:
                plan[sd.seq(j, a)] = plan[sd.parent[j]] * ch.get(a, 0)
        return plan

    def value(self, x: Sequence[Any], y: Sequence[Any]) -> Any:
        """Value of a pair of plans (exact for exact plans)."""
        return sum((v * x[p] * y[b] for (p, b), v in self.payoff.items() if x[p] and y[b]),
                   Fraction(0))

    def player_best_value(self, y: Sequence[Any]) -> Any:
        """The player's best reply to any banker plan ``y`` (floats or Fractions)."""
        g: list[Any] = [0] * self.player.n_seq
        for (p, b), v in self.payoff.items():
            if y[b]:
                g[p] += v * y[b]
        return self.player_best(g)

    def banker_best_value(self, x: Sequence[Any]) -> Any:
        """The banker's best reply to any player plan ``x`` (floats or Fractions)."""
        h: list[Any] = [0] * self.banker.n_seq
        for (p, b), v in self.payoff.items():
            if x[p]:
                h[b] += v * x[p]
        return self.banker_best(h)


def hand_of(key: PlayerKey) -> tuple[int, tuple[int, ...]]:
    """The face-down card and the face-up cards (in the order turned up) of a player
    information set ``(first card, ((move, card received), ...))``."""
    hidden, moves = key
    up: list[int] = []
    for move, card in moves:
        if move == "up":
            up.append(card)
        else:
            up.append(hidden)
            hidden = card
    return hidden, tuple(up)


def _best_reply(side: _Side, g: Sequence[Any], pick: Callable[[list[Any]], Any]) -> Any:
    children: dict[int, list[int]] = defaultdict(list)
    for j, par in enumerate(side.parent):
        children[par].append(j)
    value: list[Any] = [None] * len(side.keys)
    for j in range(len(side.keys) - 1, -1, -1):     # children were registered after parents
        opts = []
        for a in side.actions[j]:
            s = side.seq(j, a)
            opts.append(g[s] + sum((value[c] for c in children.get(s, [])), 0 * g[s]))
        value[j] = pick(opts)
    return g[0] + sum((value[c] for c in children.get(0, [])), 0 * g[0])


def build(counts: Mapping[object, int] | Sequence[int], allow_swap: bool = True) -> SwapGame:
    """Write out every deal and every move of both sides (see the module docstring)."""
    deck0 = make_deck(counts)
    if 2 * max_cards(deck0) > sum(deck0):
        raise ValueError("this deck could run out within one hand")
    P, B = _Side(), _Side()
    payoff: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    leaves = 0
    p_actions = ("stand", "up", "swap") if allow_swap else ("stand", "up")

    def leaf(ps: int, bs: int, prob: Fraction, gain: int) -> None:
        nonlocal leaves
        leaves += 1
        payoff[(ps, bs)] += prob * gain

    def banker(deck: Deck, info: tuple[object, ...], t_player: int, cards: tuple[int, ...],
               bs: int, ps: int, prob: Fraction) -> None:
        tb = total(cards)
        if tb >= SEVEN_HALF:
            leaf(ps, bs, prob, settle(t_player, tb))
            return
        j = B.infoset((*info, cards), bs, ("stand", "hit"))
        leaf(ps, B.seq(j, "stand"), prob, settle(t_player, tb))
        hs = B.seq(j, "hit")
        for c, p, rest in _draws(deck):
            banker(rest, info, t_player, (*cards, c), hs, ps, prob * p)

    def player(deck: Deck, first: int, moves: tuple[tuple[str, int], ...], hidden: int,
               up: tuple[int, ...], public: tuple[tuple[str, int], ...], bank_hole: int,
               ps: int, prob: Fraction) -> None:
        t = total((hidden, *up))
        if t > SEVEN_HALF:
            leaf(ps, 0, prob, -1)                       # bust: the banker does not play
            return
        if t == SEVEN_HALF:                             # shown: the banker knows everything
            banker(deck, (public, "seven and a half", hidden), t, (bank_hole,), 0, ps, prob)
            return
        i = P.infoset((first, moves), ps, p_actions)
        banker(deck, (public, "stood"), t, (bank_hole,), 0, P.seq(i, "stand"), prob)
        for move in p_actions[1:]:
            s = P.seq(i, move)
            for c, p, rest in _draws(deck):
                if move == "up":
                    player(rest, first, (*moves, (move, c)), hidden, (*up, c),
                           (*public, ("up", c)), bank_hole, s, prob * p)
                else:   # the old face-down card is shown, the new one stays hidden
                    player(rest, first, (*moves, (move, c)), c, (*up, hidden),
                           (*public, ("swap", hidden)), bank_hole, s, prob * p)

    for h, p1, d1 in _draws(deck0):            # the player's face-down card
        for b, p2, d2 in _draws(d1):           # the banker's face-down card
            player(d2, h, (), h, (), (), b, 0, p1 * p2)
    return SwapGame(deck0, allow_swap, P, B, dict(payoff), leaves)


@dataclass(frozen=True)
class Certificate:
    """``lower <= value <= upper``: the player's plan against the banker's best reply, and
    the banker's plan against the player's best reply."""

    lower: float
    upper: float
    lp_value: float
    x: FloatArray
    y: FloatArray

    @property
    def value(self) -> float:
        return (self.lower + self.upper) / 2

    @property
    def gap(self) -> float:
        return self.upper - self.lower


def _constraints(side: _Side) -> sparse.csr_matrix:
    """The rows ``plan[empty] = 1`` and ``sum_a plan[I, a] = plan[parent(I)]`` per infoset."""
    r, c, v = [0], [0], [1.0]
    for j, par in enumerate(side.parent):
        r.append(j + 1)
        c.append(par)
        v.append(-1.0)
        for a in side.actions[j]:
            r.append(j + 1)
            c.append(side.seq(j, a))
            v.append(1.0)
    return sparse.csr_matrix((v, (r, c)), shape=(len(side.keys) + 1, side.n_seq))


def solve(game: SwapGame) -> Certificate:
    """The sequence-form LP, then the certificate (see the module docstring)."""
    A = game.matrix()
    E = _constraints(game.player)
    F = _constraints(game.banker)
    nx, nv = game.player.n_seq, F.shape[0]
    # variables (x, v); maximise v_0  s.t.  F^T v - A^T x <= 0,  E x = e,  x >= 0
    A_ub = sparse.hstack([-A.T, F.T]).tocsr()
    A_eq = sparse.hstack([E, sparse.csr_matrix((E.shape[0], nv))]).tocsr()
    b_eq = np.zeros(E.shape[0])
    b_eq[0] = 1.0
    cost = np.zeros(nx + nv)
    cost[nx] = -1.0
    res = linprog(cost, A_ub=A_ub, b_ub=np.zeros(A_ub.shape[0]), A_eq=A_eq, b_eq=b_eq,
                  bounds=[(0, None)] * nx + [(None, None)] * nv, method="highs")
    if res.status != 0:
        raise RuntimeError(f"LP failed: {res.message}")
    x = np.maximum(res.x[:nx], 0.0)
    y = np.maximum(-res.ineqlin.marginals, 0.0)   # the banker's plan: duals of F^T v <= A^T x
    # both plans must be realization plans (else the bounds below would prove nothing)
    for M, plan in ((E, x), (F, y)):
        want = np.zeros(M.shape[0])
        want[0] = 1.0
        if np.abs(M @ plan - want).max() > 1e-9:
            raise RuntimeError("the LP's plans are not realization plans")
    lower = float(game.banker_best(list(A.T @ x)))
    upper = float(game.player_best(list(A @ y)))
    return Certificate(lower, upper, -float(res.fun), x, y)
