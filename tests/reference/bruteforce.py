"""Brute-force reference for the heads-up hand on a reduced deck (Italian rules, no variant).

Written from the rules alone (`docs/rules.md`, "One hand" and "Exact-analysis
conventions"); it imports nothing from `settemezzo`.

The hand, in half-points (figure 1, ace 2, ..., seven 14; 7½ = 15):

- deal order: the player's face-down card, the banker's face-down card, the player's hits
  (face up), the banker's hits;
- the player stands or hits while below 15; over 15 it is bust and loses 1 at once (the banker
  does not play); on exactly 15 it shows its hand and the turn ends;
- the banker then plays by the same card rules; a bust banker pays 1; otherwise the player wins
  1 if its total is strictly higher, else loses 1 (ties to the banker);
- information: the player knows its face-down card and its face-up cards in order; the banker
  knows its own cards (in order), the player's face-up cards in order, and whether the player
  stood (below 7½) or showed 7½ (then the whole hand is known).

Values are the player's expected gain per unit stake, always exact (`Fraction`).

Kinds are small ints: 0 is a figure (½ point), 1..7 are the ace..seven (so they coincide with
``int(settemezzo.cards.Kind.X)``, but nothing here depends on that module). A deck is a tuple
of 8 counts; `make_deck` also accepts a mapping ``{'F': 2, 5: 1, ...}``.

Three kinds of reference are provided:

1. `evaluate`: a fixed player policy against a ``threshold`` or the ``omniscient`` banker, by
   dealing every card one at a time (each draw branches over the kinds left, with probability
   count/remaining: an exact enumeration of every ordered deal).
2. `player_best_response` / `banker_best_response`: backward induction over the information
   sets as defined above, summing over the opponent's hidden cards *before* maximising.
3. `build_matrix_game` / `solve_matrix_game`: the whole game in normal form. Every ordered deal
   (every distinct sequence of cards, with an integer weight proportional to its probability)
   is played out against every reduced pure strategy of the player and every reduced pure
   strategy of the banker; the value of the matrix game is found with an LP and then proved
   exactly in rational arithmetic (see `solve_matrix_game`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import product

import numpy as np
from scipy import sparse
from scipy.optimize import linprog

__all__ = [
    "FIGURE",
    "SEVEN_HALF",
    "VALUE",
    "GameSolution",
    "MatrixGame",
    "banker_best_response",
    "build_matrix_game",
    "evaluate",
    "make_deck",
    "max_cards",
    "player_best_response",
    "solve_matrix_game",
    "threshold_player",
]

FIGURE = 0
KINDS = tuple(range(8))
VALUE = (1, 2, 4, 6, 8, 10, 12, 14)   # half-points of a figure, ace, 2, ..., 7
SEVEN_HALF = 15

Deck = tuple[int, ...]
Hand = tuple[int, ...]
PlayerPolicy = Callable[[int, Hand], bool]   # (face-down card, face-up cards) -> hit?
Banker = int | str                           # threshold in half-points, or "omniscient"


def make_deck(counts: Mapping[object, int] | Sequence[int]) -> Deck:
    """Counts per kind 0 (figure), 1..7 from a mapping (keys 'F', 0..7 or '1'..'7')."""
    if not isinstance(counts, Mapping):
        deck = tuple(int(n) for n in counts)
        if len(deck) != 8:
            raise ValueError("a deck is 8 counts: figures, then aces..sevens")
        return deck
    out = [0] * 8
    for key, n in counts.items():
        if isinstance(key, int):
            k = int(key)
        else:
            k = FIGURE if str(key).upper() in ("F", "½") else int(str(key))
        if k not in KINDS:
            raise ValueError(f"unknown kind {key!r}")
        out[k] += int(n)
    return tuple(out)


def total(cards: Sequence[int]) -> int:
    return sum(VALUE[c] for c in cards)


def settle(player: int, banker: int) -> int:
    """Player's gain, the player standing (or on 7½) with ``player`` half-points."""
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


def draws(deck: Deck) -> Iterator[tuple[int, Fraction, Deck]]:
    """Each kind that can come next, its chance, and the deck left."""
    n = sum(deck)
    for k in KINDS:
        if deck[k]:
            rest = list(deck)
            rest[k] -= 1
            yield k, Fraction(deck[k], n), tuple(rest)


def threshold_player(k: int) -> PlayerPolicy:
    """``threshold:K`` with K in half-points: hit while the total is below K."""
    return lambda hole, up: total((hole, *up)) < k


# =============================================================================================
# 1. Fixed policies, by dealing every card
# =============================================================================================


@cache
def _omniscient(deck: Deck, bank: int, player: int) -> Fraction:
    """Value with the banker on ``bank`` half-points, knowing the player's whole hand (so the
    exact cards left, ``deck``), playing to minimise the player's gain."""
    if bank > SEVEN_HALF:
        return Fraction(1)
    stand = Fraction(settle(player, bank))
    if bank == SEVEN_HALF:
        return stand
    hit = sum((p * _omniscient(d, bank + VALUE[c], player) for c, p, d in draws(deck)),
              Fraction(0))
    return min(stand, hit)


def _banker_turn(deck: Deck, bank: Hand, player: int, banker: Banker) -> Fraction:
    """The banker plays from its cards ``bank``; the player is on ``player`` (not bust)."""
    if banker == "omniscient":
        return _omniscient(deck, total(bank), player)
    assert isinstance(banker, int)
    return _threshold_banker(deck, total(bank), player, banker)


@cache
def _threshold_banker(deck: Deck, bank: int, player: int, k: int) -> Fraction:
    """A threshold banker on ``bank`` half-points hits while below ``k`` (and below 7½),
    whatever the player shows. (Cached: a pure function of its arguments.)"""
    if bank < SEVEN_HALF and bank < k:
        return sum((p * _threshold_banker(d, bank + VALUE[c], player, k)
                    for c, p, d in draws(deck)), Fraction(0))
    return Fraction(settle(player, bank))


def _player_turn(deck: Deck, hole: int, up: Hand, bank_hole: int, hit: PlayerPolicy,
                 banker: Banker) -> Fraction:
    t = total((hole, *up))
    if t > SEVEN_HALF:
        return Fraction(-1)        # bust: the stake goes at once, the banker does not play
    if t == SEVEN_HALF or not hit(hole, up):
        return _banker_turn(deck, (bank_hole,), t, banker)
    return sum((p * _player_turn(d, hole, (*up, c), bank_hole, hit, banker)
                for c, p, d in draws(deck)), Fraction(0))


def evaluate(deck: Mapping[object, int] | Sequence[int], player: PlayerPolicy | int,
             banker: Banker) -> Fraction:
    """Exact value of a player policy (or threshold in half-points) against a banker
    threshold (half-points) or ``"omniscient"`` (sees the player's face-down card too)."""
    d0 = make_deck(deck)
    hit = threshold_player(player) if isinstance(player, int) else player
    value = Fraction(0)
    for h, p1, d1 in draws(d0):             # the player's face-down card
        for b, p2, d2 in draws(d1):         # the banker's face-down card
            value += p1 * p2 * _player_turn(d2, h, (), b, hit, banker)
    return value


# =============================================================================================
# 2. Best responses by backward induction over information sets
# =============================================================================================


def player_best_response(deck: Mapping[object, int] | Sequence[int], banker: Banker) -> Fraction:
    """The player's best reply to a fixed banker: at each information set (face-down card,
    face-up cards in order) the better of stand and hit, comparing *sums over the banker's
    unseen face-down card* (the player does not see it)."""
    d0 = make_deck(deck)
    value = Fraction(0)
    for h, p1, d1 in draws(d0):
        branches = [(b, p1 * p2, d2) for b, p2, d2 in draws(d1)]
        value += _player_best(h, (), branches, banker)
    return value


def _player_best(hole: int, up: Hand, branches: list[tuple[int, Fraction, Deck]],
                 banker: Banker) -> Fraction:
    """``branches``: (banker's face-down card, joint chance of the deal so far, deck left)."""
    t = total((hole, *up))
    stand = sum((q * _banker_turn(d, (b,), t, banker) for b, q, d in branches), Fraction(0))
    nxt: dict[int, list[tuple[int, Fraction, Deck]]] = defaultdict(list)
    for b, q, d in branches:
        for c, p, d2 in draws(d):
            nxt[c].append((b, q * p, d2))
    hit = Fraction(0)
    for c, sub in nxt.items():
        t2 = t + VALUE[c]
        if t2 > SEVEN_HALF:
            hit -= sum((q for _, q, _ in sub), Fraction(0))
        elif t2 == SEVEN_HALF:
            hit += sum((q * _banker_turn(d, (b,), t2, banker) for b, q, d in sub), Fraction(0))
        else:
            hit += _player_best(hole, (*up, c), sub, banker)
    return max(stand, hit)


def banker_best_response(deck: Mapping[object, int] | Sequence[int],
                         player: PlayerPolicy | int) -> Fraction:
    """The banker's best reply to a fixed player policy.

    After the player stood, the banker's information set is (the player's face-up cards in
    order, its own cards in order); it takes the better action comparing sums over the
    player's face-down cards consistent with what it saw. Against a shown 7½ it knows
    everything and plays its best (`_omniscient`).
    """
    d0 = make_deck(deck)
    hit = threshold_player(player) if isinstance(player, int) else player
    value = Fraction(0)
    # stood[u][bank hole] = list of (player total, joint chance, deck left)
    stood: dict[Hand, dict[int, list[tuple[int, Fraction, Deck]]]] = defaultdict(
        lambda: defaultdict(list))

    def player_walk(deck: Deck, hole: int, up: Hand, b: int, q: Fraction) -> Fraction:
        t = total((hole, *up))
        if t > SEVEN_HALF:
            return -q
        if t == SEVEN_HALF:
            return q * _omniscient(deck, VALUE[b], t)
        if not hit(hole, up):
            stood[up][b].append((t, q, deck))
            return Fraction(0)
        return sum((player_walk(d, hole, (*up, c), b, q * p) for c, p, d in draws(deck)),
                   Fraction(0))

    for h, p1, d1 in draws(d0):
        for b, p2, d2 in draws(d1):
            value += player_walk(d2, h, (), b, p1 * p2)
    for by_hole in stood.values():
        for b, branches in by_hole.items():
            value += _banker_best(VALUE[b], branches)
    return value


def _banker_best(bank: int, branches: list[tuple[int, Fraction, Deck]]) -> Fraction:
    """``branches``: (player total, joint chance, deck left) of every deal consistent with
    the banker's information set; the banker minimises the sum over them."""
    if bank > SEVEN_HALF:
        return sum((q for _, q, _ in branches), Fraction(0))
    stand = sum((q * settle(t, bank) for t, q, _ in branches), Fraction(0))
    if bank == SEVEN_HALF:
        return stand
    nxt: dict[int, list[tuple[int, Fraction, Deck]]] = defaultdict(list)
    for t, q, d in branches:
        for c, p, d2 in draws(d):
            nxt[c].append((t, q * p, d2))
    hit = sum((_banker_best(bank + VALUE[c], sub) for c, sub in nxt.items()), Fraction(0))
    return min(stand, hit)


# =============================================================================================
# 3. The whole game as a matrix game
# =============================================================================================

InfoSet = tuple[int, Hand]          # player: (face-down card, face-up cards in order)
BankerNode = Hand                   # banker, within a public state: its own cards in order


@dataclass
class MatrixGame:
    """The normal form of the heads-up hand on a reduced deck, with integer payoffs.

    Every probability is an integer ``weight / total_weight``. A player pure strategy is the
    set of information sets where it hits (reduced normal form: only information sets the
    strategy itself can reach). A banker pure strategy is, for each public state ``u`` (the
    player's face-up cards in order, the player having stood), the set of its own ordered
    hands where it hits (also reduced).

    The payoff of player strategy ``p`` against banker strategy ``(b_u)_u`` is

        (const[p] + sum_u A[u][p, b_u]) / total_weight

    because the banker's decisions in different public states are different information sets:
    a banker pure strategy is a free choice of one ``b_u`` per public state, and the payoff is a
    sum of one term per public state (the deals where the player stood on ``u``) plus the
    terms where the player busts or shows 7½. This is the full normal form written without
    listing the (huge) Cartesian product of the banker's choices; the game value is the same.
    """

    deck: Deck
    total_weight: int
    player_strategies: list[frozenset[InfoSet]]
    publics: list[Hand]
    banker_strategies: dict[Hand, list[frozenset[BankerNode]]]
    const: np.ndarray            # (P,) int64
    A: dict[Hand, np.ndarray]    # u -> (P, len(banker_strategies[u])) int64
    info_sets: list[InfoSet] = field(default_factory=list)

    @property
    def n_player(self) -> int:
        return len(self.player_strategies)

    @property
    def n_banker_columns(self) -> int:
        return sum(len(v) for v in self.banker_strategies.values())

    def player_row(self, policy: PlayerPolicy | int) -> int:
        """The row of a player policy (its reduced form)."""
        hit = threshold_player(policy) if isinstance(policy, int) else policy
        want = frozenset(i for i in self.info_sets if hit(*i) and _reached(i, hit))
        return self.player_strategies.index(want)

    def banker_best_value(self, row: int) -> Fraction:
        """Exact value of the banker's best reply to player pure strategy ``row``."""
        v = int(self.const[row]) + sum(int(a[row].min()) for a in self.A.values())
        return Fraction(v, self.total_weight)


def _reached(info: InfoSet, hit: PlayerPolicy) -> bool:
    hole, up = info
    return all(hit(hole, up[:i]) for i in range(len(up)))


def _sequences(deck: Deck, length: int) -> Iterator[tuple[Hand, int]]:
    """Every distinct ordered sequence of ``length`` cards, with the integer weight
    prod(count of the kind left at each draw): its chance times N!/(N-length)!."""
    def rec(d: list[int], seq: list[int], w: int) -> Iterator[tuple[Hand, int]]:
        if len(seq) == length:
            yield tuple(seq), w
            return
        for k in KINDS:
            n = d[k]
            if n:
                d[k] -= 1
                seq.append(k)
                yield from rec(d, seq, w * n)
                seq.pop()
                d[k] += 1
    yield from rec(list(deck), [], 1)


def _reduced_strategies(node: tuple[object, ...] | InfoSet, children: Mapping[object, list],
                        allowed: Callable[[object], tuple[bool, bool]]) -> list[frozenset]:
    """Reduced pure strategies of a decision tree rooted at ``node``: stand (nothing below
    matters), or hit and choose a reduced strategy below every possible next card."""
    can_stand, can_hit = allowed(node)
    out: list[frozenset] = [frozenset()] if can_stand else []
    if can_hit:
        subs = [_reduced_strategies(ch, children, allowed) for ch in children.get(node, [])]
        out += [frozenset({node}).union(*combo) for combo in product(*subs)]
    return out


def _banker_play(strategy: frozenset[BankerNode], cards: Hand) -> int:
    """The banker's final total: its cards in the order dealt, hitting where ``strategy``
    says (the sequence holds enough cards for any hand)."""
    n = 1
    while total(cards[:n]) < SEVEN_HALF and cards[:n] in strategy:
        n += 1
    return total(cards[:n])


def build_matrix_game(deck: Mapping[object, int] | Sequence[int],
                      dominance: bool = False) -> MatrixGame:
    """Build the normal form by playing out every ordered deal.

    Every distinct sequence of ``L = min(N, 2 * max_cards)`` cards is dealt (a hand never
    needs more: at most ``max_cards`` for each side): card 0 is the player's face-down card,
    card 1 the banker's, then the player's hits, then the banker's hits.

    Reductions, all exact for the value of the game:

    - reduced normal form (strategies that differ only where they cannot reach are merged;
      they have identical payoffs);
    - against a shown 7½ the banker (who then knows everything) always hits below 7½: standing
      there loses for sure, so hitting is weakly dominant (ties go to the banker, so reaching
      7½ wins); this is also what "plays its best" means;
    - with ``dominance=True`` only: after the player stood, a banker hand that beats every
      player total consistent with what the banker saw always stands (a sure win), and one
      below every such total always hits (standing is a sure loss). Replacing an action by a
      weakly dominant one in every strategy never raises the player's best payoff against it,
      so the value is unchanged.
    """
    d0 = make_deck(deck)
    length = min(sum(d0), 2 * max_cards(d0))
    total_weight = 0
    info_children: dict[InfoSet, list[InfoSet]] = defaultdict(list)
    info_sets: set[InfoSet] = set()
    finish: dict[InfoSet, int] = defaultdict(int)       # bust / shown 7½ after hitting at I
    stand_groups: dict[InfoSet, dict[tuple[int, Hand], int]] = defaultdict(
        lambda: defaultdict(int))                        # (player total, banker cards) -> w
    bank_children: dict[Hand, dict[BankerNode, set[BankerNode]]] = defaultdict(
        lambda: defaultdict(set))
    bank_nodes: dict[Hand, set[BankerNode]] = defaultdict(set)
    player_totals: dict[tuple[Hand, BankerNode], set[int]] = defaultdict(set)

    for seq, w in _sequences(d0, length):
        total_weight += w
        hole, bank_hole = seq[0], seq[1]
        k = 0
        while True:
            up = seq[2:2 + k]
            info = (hole, up)
            info_sets.add(info)
            if k:
                info_children[(hole, up[:-1])].append(info)
            t = total((hole, *up))
            # the player stands here: the banker sees u = up and plays its own cards
            bank_cards = (bank_hole, *seq[2 + k:])
            stand_groups[info][(t, bank_cards)] += w
            for j in range(1, len(bank_cards) + 1):
                node = bank_cards[:j]
                if total(node) >= SEVEN_HALF:
                    break
                bank_nodes[up].add(node)
                player_totals[(up, node)].add(t)
                if j > 1:
                    bank_children[up][node[:-1]].add(node)
            # the player hits
            c = seq[2 + k]
            t2 = t + VALUE[c]
            if t2 > SEVEN_HALF:
                finish[info] -= w
                break
            if t2 == SEVEN_HALF:
                rest = (bank_hole, *seq[3 + k:])
                finish[info] += w * settle(t2, _banker_play(_ALWAYS_HIT, rest))
                break
            k += 1

    # -- player strategies ---------------------------------------------------------------
    children_p = {i: sorted(set(v)) for i, v in info_children.items()}
    holes = sorted({h for h, _ in info_sets})
    per_hole = [_reduced_strategies((h, ()), children_p, lambda _: (True, True))
                for h in holes]
    player_strategies = [frozenset().union(*combo) for combo in product(*per_hole)]

    # -- banker strategies per public state ----------------------------------------------
    publics = sorted(bank_nodes, key=lambda u: (len(u), u))
    banker_strategies: dict[Hand, list[frozenset[BankerNode]]] = {}
    for u in publics:
        kids = {n: sorted(v) for n, v in bank_children[u].items()}

        def allowed(node: object, u: Hand = u) -> tuple[bool, bool]:
            assert isinstance(node, tuple)
            if not dominance:
                return True, True
            t, pts = total(node), player_totals[(u, node)]
            if t > max(pts):
                return True, False
            if t < min(pts):
                return False, True
            return True, True

        roots = sorted(n for n in bank_nodes[u] if len(n) == 1)
        per_root = [_reduced_strategies(r, kids, allowed) for r in roots]
        banker_strategies[u] = [frozenset().union(*combo) for combo in product(*per_root)]

    # -- payoffs ------------------------------------------------------------------------------
    # C[I][b]: the deals where the player stands at I = (h, u), against banker strategy b at u.
    # The deals are first summed into a trie over the banker's cards in order: stand[node] is
    # the player's gain (times weight) over the deals whose banker cards start with ``node``,
    # if the banker stops on ``node`` (bust included); a strategy stops at the first of its
    # hands it does not hit on.
    C: dict[InfoSet, np.ndarray] = {}
    for info, groups in stand_groups.items():
        stand: dict[BankerNode, int] = defaultdict(int)
        below: dict[BankerNode, set[BankerNode]] = defaultdict(set)
        for (t, cards), w in groups.items():
            for j in range(1, len(cards) + 1):
                node = cards[:j]
                stand[node] += w * settle(t, total(node))
                if j > 1:
                    below[node[:-1]].add(node)
                if total(node) >= SEVEN_HALF:
                    break
        roots = [n for n in stand if len(n) == 1]

        def play(node: BankerNode, strategy: frozenset[BankerNode],
                 stand: dict[BankerNode, int] = stand,
                 below: dict[BankerNode, set[BankerNode]] = below) -> int:
            if node in strategy and total(node) < SEVEN_HALF:
                return sum(play(n, strategy) for n in below[node])
            return stand[node]

        strategies = banker_strategies[info[1]]
        C[info] = np.array([sum(play(r, s) for r in roots) for s in strategies], dtype=np.int64)
    P = len(player_strategies)
    const = np.zeros(P, dtype=np.int64)
    A = {u: np.zeros((P, len(banker_strategies[u])), dtype=np.int64) for u in publics}
    ordered_info = sorted(info_sets, key=lambda i: (len(i[1]), i))
    for r, strat in enumerate(player_strategies):
        for info in ordered_info:
            hole, up = info
            if up and (hole, up[:-1]) not in strat:
                continue                     # not reached by this strategy
            if info in strat:
                const[r] += finish[info]
            else:
                A[up][r] += C[info]
    return MatrixGame(d0, total_weight, player_strategies, publics, banker_strategies, const,
                      A, ordered_info)


# every ordered banker hand below 7½ hits: against a shown 7½ (see build_matrix_game)
class _AlwaysHit(frozenset):  # type: ignore[type-arg]
    def __contains__(self, item: object) -> bool:
        return True


_ALWAYS_HIT: frozenset[BankerNode] = _AlwaysHit()


# =============================================================================================
# Exact value of the matrix game
# =============================================================================================


@dataclass(frozen=True)
class GameSolution:
    """The value of the matrix game, proved exactly.

    ``lower`` is the exact payoff of the player's mixed strategy ``x`` against the banker's best
    reply to it; ``upper`` that of the banker's mixed strategy ``y`` against the player's best
    reply. ``lower <= value <= upper`` always; ``exact`` when they are equal.
    """

    lower: Fraction
    upper: Fraction
    lp_value: float
    player_support: dict[int, Fraction]
    banker_support: dict[tuple[Hand, int], Fraction]

    @property
    def exact(self) -> bool:
        return self.lower == self.upper

    @property
    def value(self) -> Fraction:
        if not self.exact:
            raise ValueError(f"value not proved: [{self.lower}, {self.upper}]")
        return self.lower


def _rational_solve(rows: list[list[Fraction]], rhs: list[Fraction],
                    guess: list[float]) -> list[Fraction] | None:
    """Solve ``rows @ z = rhs`` exactly (Gauss-Jordan); free unknowns, if any, are set to
    rationalised ``guess`` values. None if inconsistent."""
    m, n = len(rows), len(guess)
    M = [[*r, b] for r, b in zip(rows, rhs, strict=True)]
    pivots: list[int] = []
    r = 0
    for c in range(n):
        p = next((i for i in range(r, m) if M[i][c] != 0), None)
        if p is None:
            continue
        M[r], M[p] = M[p], M[r]
        piv = M[r][c]
        M[r] = [v / piv for v in M[r]]
        for i in range(m):
            if i != r and M[i][c] != 0:
                f = M[i][c]
                M[i] = [a - f * b for a, b in zip(M[i], M[r], strict=True)]
        pivots.append(c)
        r += 1
        if r == m:
            break
    if any(M[i][n] != 0 for i in range(r, m)):
        return None
    z = [Fraction(g).limit_denominator(10**6) for g in guess]
    for i, c in enumerate(pivots):
        z[c] = M[i][n] - sum((M[i][j] * z[j] for j in range(n) if j != c and j not in pivots
                              and M[i][j] != 0), Fraction(0))
    return z


def solve_matrix_game(game: MatrixGame, tol: float = 1e-9) -> GameSolution:
    """Value of ``max_x min_b (const + sum_u A[u][:, b_u]) . x / W``.

    1. LP (HiGHS dual simplex, so the answer is a vertex): maximise ``const . x + sum_u t_u``
       subject to ``t_u <= x . A[u][:, b]`` for every public state ``u`` and banker strategy
       ``b`` at ``u``, ``sum x = 1``, ``x >= 0``. Its duals are the banker's mixture per public
       state.
    2. Exact recovery: on the supports found, solve the indifference equations in Fractions
       (the player's mixture makes every banker column in the support give ``t_u``; the
       banker's mixture makes every player row in the support give the same value).
    3. Proof: the exact payoff of ``x`` against the banker's exact best reply (``lower``) and
       of ``y`` against the player's exact best reply (``upper``). If they are equal, that is
       the value of the game, whatever the LP did.
    """
    publics = game.publics
    P, U = game.n_player, len(publics)
    W = game.total_weight
    cols = [(u, j) for u in publics for j in range(game.A[u].shape[1])]
    # variables: x (P), t (U); constraints t_u - x.A[u][:, j] <= 0
    ri: list[int] = []
    ci: list[int] = []
    vals: list[float] = []
    for r, (u, j) in enumerate(cols):
        col = game.A[u][:, j]
        nz = np.flatnonzero(col)
        ri += [r] * (len(nz) + 1)
        ci += [*nz.tolist(), P + publics.index(u)]
        vals += [*(-col[nz] / W).tolist(), 1.0]
    A_ub = sparse.csr_matrix((vals, (ri, ci)), shape=(len(cols), P + U))
    c = -np.concatenate([game.const / W, np.ones(U)])
    A_eq = np.concatenate([np.ones(P), np.zeros(U)])[None, :]
    res = linprog(c, A_ub=A_ub, b_ub=np.zeros(len(cols)), A_eq=A_eq, b_eq=[1.0],
                  bounds=[(0, None)] * P + [(None, None)] * U, method="highs-ds")
    if res.status != 0:
        raise RuntimeError(f"LP failed: {res.message}")
    x_f = res.x[:P]
    y_f = -res.ineqlin.marginals
    sx = [p for p in range(P) if x_f[p] > tol]
    sy = [r for r in range(len(cols)) if y_f[r] > tol]

    # exact player mixture: unknowns x_p (p in sx), t_u (u in publics)
    rows: list[list[Fraction]] = [[Fraction(1)] * len(sx) + [Fraction(0)] * U]
    rhs: list[Fraction] = [Fraction(1)]
    for r in sy:
        u, j = cols[r]
        row = [Fraction(-int(game.A[u][p, j])) for p in sx] + [Fraction(0)] * U
        row[len(sx) + publics.index(u)] = Fraction(1)
        rows.append(row)
        rhs.append(Fraction(0))
    sol = _rational_solve(rows, rhs, [x_f[p] for p in sx] + [0.0] * U)
    if sol is None or any(v < 0 for v in sol[:len(sx)]):
        raise RuntimeError("could not recover the player's mixture exactly")
    x = dict(zip(sx, sol[:len(sx)], strict=True))

    # exact banker mixture: unknowns y_r (r in sy), V
    rows, rhs = [], []
    for p in sx:
        rows.append([Fraction(int(game.A[cols[r][0]][p, cols[r][1]])) for r in sy]
                    + [Fraction(-1)])
        rhs.append(Fraction(-int(game.const[p])))
    for u in publics:
        rows.append([Fraction(int(cols[r][0] == u)) for r in sy] + [Fraction(0)])
        rhs.append(Fraction(1))
    sol = _rational_solve(rows, rhs, [y_f[r] for r in sy] + [res.fun * -W])
    if sol is None or any(v < 0 for v in sol[:len(sy)]):
        raise RuntimeError("could not recover the banker's mixture exactly")
    y = {cols[r]: v for r, v in zip(sy, sol[:len(sy)], strict=True)}

    # proof, in exact integer arithmetic over a common denominator
    lower = _exact_lower(game, x)
    upper = _exact_upper(game, y)
    return GameSolution(lower, upper, -float(res.fun), x, y)


def _common(values: Mapping[object, Fraction]) -> tuple[int, dict[object, int]]:
    den = 1
    for v in values.values():
        den = den * v.denominator // _gcd(den, v.denominator)
    return den, {k: int(v * den) for k, v in values.items()}


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def _exact_lower(game: MatrixGame, x: Mapping[int, Fraction]) -> Fraction:
    """Payoff of the player's mixture ``x`` against the banker's best reply to it."""
    den, X = _common(x)
    v = sum(X[p] * int(game.const[p]) for p in X)
    for u in game.publics:
        a = game.A[u]
        col = [sum(X[p] * int(a[p, j]) for p in X) for j in range(a.shape[1])]
        v += min(col)
    return Fraction(v, den * game.total_weight)


def _exact_upper(game: MatrixGame, y: Mapping[tuple[Hand, int], Fraction]) -> Fraction:
    """Payoff of the banker's mixture ``y`` against the player's best reply to it."""
    den, Y = _common(y)
    best = None
    rows = np.zeros(game.n_player, dtype=object)
    rows += game.const.astype(object) * den
    for (u, j), wgt in Y.items():
        rows += game.A[u][:, j].astype(object) * wgt
    best = max(rows)
    return Fraction(int(best), den * game.total_weight)
