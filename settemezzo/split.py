"""The heads-up position right after the player splits two figures (``split_figures``).

The player's first two cards (the face-down card and the first face-up card) are both plain
figures; under ``split_figures = N`` (``docs/rules.md``) the player may split them into two hands,
the new hand carrying a second stake equal to the first. This module values the position
*after* that split, for one stake per hand: exactly (in `Fraction`, or in float64 up to
rounding) where the model is small enough, which includes two hands on the whole deck, and by
a stated approximation for re-splitting on large decks (`split_value`, ``method="merged"``).
The decisions taken for it:

- Splitting shows both figures, so from then on everything about the player's hands is
  public: the rest of the hand is a game of **perfect information**.
- Hands are played in order. Hand 1 keeps the first figure; every further card dealt to it is
  face up. While hand 1 holds exactly two cards, both plain figures, and fewer than ``N``
  hands are open, the player may split again: the second figure opens one more hand with one
  more equal stake (seed 002's "every further figure dealt onto an unfinished first hand may
  open one more hand"; the simulator's ``H_SPLITQ``). Later hands cannot split.
- Each hand: stand or hit (face up) until it stands, busts (lost at once) or finishes on 7½
  (or a pair of sevens). A hand is scored by `settemezzo.hands.score` on its own cards: a
  split hand of a figure and a 7 is a royal 7½ under ``royal``.
- Then the banker plays once, seeing every hand, to maximise its total gain over all hands
  (each settled by `settemezzo.hands.settle`, one stake each; a bust hand is -1 whatever the
  banker does). It may burn its first card under ``burn``. If every hand is bust the banker
  does not play.
- The banker's cards come from the deck left after all the player's cards (dealing without
  replacement is exchangeable, see `settemezzo.game`).
- If the deck runs out (only possible once the player has re-split into three or more
  hands; two hands and the banker are checked never to run out): a hand that would draw
  stands as it is, and a banker left without any card counts as bust. Seed 000 reshuffles
  the used cards in that case; within one freshly shuffled hand there are none but burnt
  cards. On the whole deck it takes eight hands or more (a chance below 1e-4 of ever having
  them), so it never happens within the merged method's default of five hands.

Values are the player's expected total gain over all hands, in units of one stake (the
caller multiplies by the stake), under minimax play: the player maximises, the banker
minimises. Ties are broken towards not splitting and towards standing.

>>> from settemezzo.rules import ITALIAN
>>> from settemezzo.cards import Kind, Unseen
>>> small = Unseen.from_counts({Kind.FIGURE: 4, Kind.ACE: 2, Kind.SIX: 2, Kind.SEVEN: 4})
>>> r = split_value(ITALIAN.with_variants("split_figures=2"), small, exact=True)
>>> r.exact, r.expected_hands
(Fraction(-1046, 4725), 2.0)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from settemezzo import policy
from settemezzo.cards import SEVEN_AND_A_HALF, Kind, Unseen
from settemezzo.errors import InputError, LimitError, RulesError
from settemezzo.game import UnsupportedRulesError
from settemezzo.hands import BUST, PAIR_OF_SEVENS, is_finished, score, settle, total
from settemezzo.rules import Rules

__all__ = [
    "SplitDecision",
    "SplitInputError",
    "SplitValue",
    "split_decision",
    "split_value",
]

Num = Any
"""`Fraction` in exact mode, `float` otherwise."""

class SplitInputError(InputError):
    """A bad position, deck, policy or option for the split analysis; the message names the
    value and what is allowed."""


class SplitTooLargeError(LimitError):
    """A split model too large to compute; the message says what to use instead."""


# =============================================================================================
# Policies
# =============================================================================================


@dataclass(frozen=True)
class _Policy:
    """``k`` is None for the best play, else hit while the total is below ``k`` half-points;
    ``resplit`` says whether a fixed player splits again whenever allowed."""

    name: str
    k: int | None = None
    resplit: bool = False

    @property
    def best(self) -> bool:
        return self.k is None


def _player_policy(spec: str) -> _Policy:
    """'best', 'threshold:K' (hit below K points on every hand, never split again) or
    'threshold:K,split' (split again whenever allowed; `settemezzo.policy`)."""
    p = policy.parse(spec, ("best", "threshold:K"), ("split",), who="player",
                     error=SplitInputError)
    if p.kind == "best":
        return _Policy("best")
    return _Policy(p.name, p.k, p.split)


def _banker_policy(spec: str) -> _Policy:
    """'best' (its best reply, seeing every hand) or 'threshold:K' (hit below K points)."""
    p = policy.parse(spec, ("best", "threshold:K"), (), who="banker", error=SplitInputError)
    return _Policy("best") if p.kind == "best" else _Policy(p.name, p.k)



# =============================================================================================
# The model: kinds, hand facts, settlements
# =============================================================================================


class _Model:
    """What both engines share: the kinds that can be told apart, hand facts by multiset."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.kinds: tuple[Kind, ...] = rules.kinds
        self.K = len(self.kinds)
        self.hp = tuple(k.half_points for k in self.kinds)
        self.fig = self.kinds.index(Kind.FIGURE)
        self.burnable = tuple(rules.may_burn(k) for k in self.kinds)
        self.settle_q = [[settle(p, b, rules) if p != BUST else Fraction(-1)
                          for b in range(PAIR_OF_SEVENS + 1)]
                         for p in range(PAIR_OF_SEVENS + 1)]
        self.settle_f = [[float(v) for v in row] for row in self.settle_q]
        self.facts = lru_cache(maxsize=None)(self._facts)

    def _facts(self, counts: tuple[int, ...]) -> tuple[int, int, bool]:
        """(total, score, finished) of a hand given as counts per kind."""
        cards = [k for k, c in zip(self.kinds, counts, strict=True) for _ in range(c)]
        if not cards:
            return 0, BUST, False
        return total(cards, self.rules), score(cards, self.rules), is_finished(cards, self.rules)

    def counts(self, deck: Unseen) -> tuple[int, ...]:
        """The deck as counts per kind the rules tell apart (`Rules.fold`)."""
        c = self.rules.fold(deck.counts)
        return tuple(c[k] for k in self.kinds)

    def pos(self, kind: Kind) -> int:
        return self.kinds.index(self.rules.plain(kind))


# =============================================================================================
# Checks
# =============================================================================================


def _check_rules(rules: Rules) -> None:
    if rules.swap_hidden:
        raise UnsupportedRulesError(
            f"the split analysis does not model swap_hidden (the rules {rules.spec()!r}): "
            f"switch it off, e.g. rules.with_variants('swap_hidden=off')")
    if rules.split_figures < 2:
        raise RulesError(
            f"split_figures is {rules.split_figures} (no splitting) in the rules {rules.spec()!r}; "
            f"the split analysis needs split_figures from 2 to 12")


def _is_plain_figure(kind: object, rules: Rules) -> bool:
    return isinstance(kind, Kind) and rules.plain(kind) is Kind.FIGURE


def _check_figure(name: str, kind: object, rules: Rules) -> None:
    if not _is_plain_figure(kind, rules):
        label = kind.label if isinstance(kind, Kind) else repr(kind)
        why = (" (under wild_king the K♦ is wild, and K♦ with a figure is already 7½)"
               if kind is Kind.KING_OF_DIAMONDS else "")
        raise SplitInputError(
            f"{name} card must be a plain figure (Kind.FIGURE, or the K♦ when it is not "
            f"wild) to split, got {label}{why}")


def _max_cards(counts: Sequence[int], hp: Sequence[int], capacity: int) -> int:
    """The most cards of the deck whose half-points add up to at most ``capacity``."""
    n, t = 0, 0
    for v, c in sorted(zip(hp, counts, strict=True)):
        for _ in range(c):
            if t + v > capacity:
                return n
            n, t = n + 1, t + v
    return n


def _check_deck(model: _Model, rest: tuple[int, ...]) -> None:
    """Two hands and the banker must never run out of cards.

    Quick bound: every hand but its last card stays below 7½ (a player hand holds its figure
    besides), so the cards dealt are at most one last card per hand, the most cards whose
    half-points fit into those totals, and the banker's burnt card. Where that bound is not
    enough and the deck is small, every way of dealing it out is searched.
    """
    capacity = 2 * (SEVEN_AND_A_HALF - 1 - 1) + (SEVEN_AND_A_HALF - 1)
    need = 3 + _max_cards(rest, model.hp, capacity) + (1 if model.rules.burn else 0)
    have = sum(rest)
    if need <= have:
        return
    subsets = 1
    for c in rest:
        subsets *= c + 1
    if subsets <= _SEARCH_SUBSETS:
        if not _runs_out(model, rest):
            return
        raise SplitInputError(
            f"a deck of {have} cards left after the two figures can run out within the two "
            f"hands and the banker's; use a larger composition")
    raise SplitInputError(
        f"a deck of {have} cards left after the two figures could run out within the two "
        f"hands and the banker's (they may need {need}); use a larger composition")


_SEARCH_SUBSETS = 4000


def _runs_out(model: _Model, rest: tuple[int, ...]) -> bool:
    """Whether some deal and some play of the two hands and the banker's asks for a card
    when none is left (hands 1 and 2 start on a figure; the banker may burn)."""
    K, fig = model.K, model.fig

    def with_fig(m: tuple[int, ...]) -> tuple[int, ...]:
        return (*m[:fig], m[fig] + 1, *m[fig + 1:])

    @cache
    def open_path(m: tuple[int, ...], player: bool) -> bool:
        """The cards ``m`` can be drawn one by one with the hand open all along."""
        hand = with_fig(m) if player else m
        if any(hand) and model.facts(hand)[2]:
            return False
        return not any(m) or any(open_path((*m[:k], m[k] - 1, *m[k + 1:]), player)
                                 for k in range(K) if m[k])

    def ended(m: tuple[int, ...]) -> bool:
        """A player hand that finished on the last of the cards ``m``."""
        return model.facts(with_fig(m))[2] and any(
            open_path((*m[:k], m[k] - 1, *m[k + 1:]), True) for k in range(K) if m[k])

    def subsets(m: tuple[int, ...]) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = [()]
        for c in m:
            out = [(*o, i) for o in out for i in range(c + 1)]
        return out

    def minus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(x - y for x, y in zip(a, b, strict=True))

    for p1 in subsets(rest):
        o1 = open_path(p1, True)
        if not (o1 or ended(p1)):
            continue
        r1 = minus(rest, p1)
        if o1 and not any(r1):
            return True                       # hand 1 asks with nothing left
        live1 = o1 or model.facts(with_fig(p1))[1] != BUST
        for p2 in subsets(r1):
            o2 = open_path(p2, True)
            if not (o2 or ended(p2)):
                continue
            r2 = minus(r1, p2)
            if o2 and not any(r2):
                return True                   # hand 2 asks with nothing left
            if not (live1 or o2 or model.facts(with_fig(p2))[1] != BUST):
                continue                      # both bust: the banker does not play
            if open_path(r2, False):
                return True                   # the banker draws it all and may ask again
            for k in range(K):
                if r2[k] and model.burnable[k] and open_path(
                        (*r2[:k], r2[k] - 1, *r2[k + 1:]), False):
                    return True               # ... after burning its first card
    return False


# =============================================================================================
# Results
# =============================================================================================


@dataclass(frozen=True)
class SplitValue:
    """The value of the position right after a split, for one stake per hand.

    - ``value``: the player's expected total gain over all hands (float);
    - ``exact``: the same as a `Fraction` when computed exactly, else None;
    - ``expected_hands``: the expected number of hands (stakes) at the end, under the
      player's play (best play: ties broken towards not splitting and towards standing);
      ``exact_hands`` the same as a `Fraction` when computed exactly;
    - ``rest``: the unseen cards after the two figures (what the rest is dealt from);
      ``hands_open``: the hands open at the start (2 after the first split);
    - ``method``: ``"exact"`` (rational arithmetic), ``"float"`` (the same model in
      float64) or ``"merged"`` (an approximation from hand 3 on, see `split_value`);
    - ``max_hands``: the most hands modelled (splitting stops there);
    - ``capped``: the value had splitting stopped at ``k`` hands, for each ``k`` from
      ``hands_open`` to ``max_hands`` (float methods; a by-product of the same run), to see
      how much the hands beyond ``max_hands`` could still add;
    - ``player``, ``banker``: the policies (``best`` or ``threshold:K``...);
    - ``seconds``: the time taken.
    """

    rules: Rules
    rest: Unseen
    hands_open: int
    value: float
    expected_hands: float
    exact: Fraction | None
    exact_hands: Fraction | None
    player: str
    banker: str
    method: str
    max_hands: int
    seconds: float = field(compare=False)
    capped: dict[int, float] = field(default_factory=dict, compare=False)

    @property
    def per_stake(self) -> float:
        """The value per unit of expected stake (per hand)."""
        return self.value / self.expected_hands


@dataclass(frozen=True)
class SplitDecision:
    """The player's options at a position after the split, with their values.

    ``values`` maps each allowed action (``stand``, ``hit``, ``split``) to the player's
    expected total gain over all hands when taking it and playing on as ``player`` does
    (``exact`` as Fractions with the exact method); ``action`` is the best (ties: stand
    before hit before split) or the fixed policy's choice; ``method`` as in `SplitValue`.
    """

    action: str
    values: dict[str, float]
    exact: dict[str, Fraction] | None
    hands: tuple[tuple[Kind, ...], ...]
    current: int
    method: str


# =============================================================================================
# The exact engine: memoised recursion over public states
# =============================================================================================


class _Exact:
    """Backward induction by memoised recursion; numbers are Fractions (``exact``) or floats.

    A player state is ``(deck, scores, drawn, pending, hands, first)``: the cards left, the
    sorted scores of the finished hands that did not bust, the cards drawn onto the current
    hand besides its figure, how many hands wait after it, how many are open, and whether it
    is hand 1 (which may split). Its value counts the busts to come (-1 each) and the
    banker's settlement of every hand; busts already behind are not in it. The banker's
    problem depends only on (deck, scores), and is memoised on that.
    """

    def __init__(self, model: _Model, n_max: int, player: _Policy, banker: _Policy,
                 exact: bool) -> None:
        self.m = model
        self.n_max = n_max
        self.player = player
        self.banker = banker
        self.exact = exact
        self.table = model.settle_q if exact else model.settle_f
        self.zero: Num = Fraction(0) if exact else 0.0
        self.memo: dict[tuple[Any, ...], tuple[Num, Num]] = {}
        self.wmemo: dict[tuple[tuple[int, ...], tuple[int, ...]], Num] = {}
        fig = [0] * model.K
        fig[model.fig] = 1
        self.fig_hand = tuple(fig)
        self.nothing = (0,) * model.K

    def prob(self, c: int, n: int) -> Num:
        return Fraction(c, n) if self.exact else c / n

    # -- the player ---------------------------------------------------------------------------
    def options(self, deck: tuple[int, ...], scores: tuple[int, ...], drawn: tuple[int, ...],
                pending: int, hands: int, first: bool) -> dict[str, tuple[Num, Num]]:
        """(value, expected hands) of each allowed action."""
        m = self.m
        hand = tuple(d + f for d, f in zip(drawn, self.fig_hand, strict=True))
        out = {"stand": self.finish(deck, scores, m.facts(hand)[1], pending, hands)}
        n = sum(deck)
        if n:
            v, h = self.zero, self.zero
            for i, c in enumerate(deck):
                if not c:
                    continue
                d2 = (*deck[:i], c - 1, *deck[i + 1:])
                a2 = (*drawn[:i], drawn[i] + 1, *drawn[i + 1:])
                hand2 = (*hand[:i], hand[i] + 1, *hand[i + 1:])
                _, sc, fin = m.facts(hand2)
                cv, ch = (self.finish(d2, scores, sc, pending, hands) if fin
                          else self.value(d2, scores, a2, pending, hands, first))
                p = self.prob(c, n)
                v += p * cv
                h += p * ch
            out["hit"] = (v, h)
        if (first and hands < self.n_max and sum(drawn) == 1 and drawn[m.fig] == 1):
            out["split"] = self.value(deck, scores, self.nothing, pending + 1, hands + 1, True)
        return out

    def choose(self, opts: dict[str, tuple[Num, Num]], drawn: tuple[int, ...]) -> str:
        pol = self.player
        if pol.best:
            best = "stand"
            for a in ("hit", "split"):
                if a in opts and opts[a][0] > opts[best][0]:
                    best = a
            return best
        if "split" in opts and pol.resplit:
            return "split"
        assert pol.k is not None
        hand = tuple(d + f for d, f in zip(drawn, self.fig_hand, strict=True))
        return "hit" if "hit" in opts and self.m.facts(hand)[0] < pol.k else "stand"

    def value(self, deck: tuple[int, ...], scores: tuple[int, ...], drawn: tuple[int, ...],
              pending: int, hands: int, first: bool) -> tuple[Num, Num]:
        key = (deck, scores, drawn, pending, hands, first)
        got = self.memo.get(key)
        if got is None:
            opts = self.options(deck, scores, drawn, pending, hands, first)
            got = self.memo[key] = opts[self.choose(opts, drawn)]
        return got

    def finish(self, deck: tuple[int, ...], scores: tuple[int, ...], sc: int, pending: int,
               hands: int) -> tuple[Num, Num]:
        """The current hand is over with score ``sc``: on to the next hand, or the banker."""
        lost = -1 if sc == BUST else 0
        if sc != BUST:
            scores = tuple(sorted((*scores, sc)))
        if pending:
            v, h = self.value(deck, scores, self.nothing, pending - 1, hands, False)
        else:
            v, h = self.banker_value(deck, scores), hands + self.zero
        return v + lost, h

    # -- the banker ---------------------------------------------------------------------------
    def banker_value(self, deck: tuple[int, ...], scores: tuple[int, ...]) -> Num:
        if not scores:
            return self.zero
        key = (deck, scores)
        got = self.wmemo.get(key)
        if got is None:
            pay = [sum((self.table[s][b] for s in scores), self.zero)
                   for b in range(PAIR_OF_SEVENS + 1)]
            got = self.wmemo[key] = _BankerRec(self, deck, pay).value(self.nothing, -1)
        return got


class _BankerRec:
    """The banker's hand against fixed player scores (``pay[b]``: the player's total gain if
    the banker ends on score ``b``), by recursion over (hand, burnt card)."""

    def __init__(self, ex: _Exact, deck: tuple[int, ...], pay: list[Num]) -> None:
        self.ex = ex
        self.deck = deck
        self.pay = pay
        self.memo: dict[tuple[tuple[int, ...], int], Num] = {}

    def value(self, hand: tuple[int, ...], burnt: int) -> Num:
        key = (hand, burnt)
        got = self.memo.get(key)
        if got is not None:
            return got
        ex, m = self.ex, self.ex.m
        left = [c - h - (1 if i == burnt else 0)
                for i, (c, h) in enumerate(zip(self.deck, hand, strict=True))]
        n = sum(left)
        empty = not any(hand)
        tot, sc, _ = m.facts(hand)
        hit: Num = None
        if n:
            hit = ex.zero
            for i, c in enumerate(left):
                if c:
                    h2 = (*hand[:i], hand[i] + 1, *hand[i + 1:])
                    _, sc2, fin = m.facts(h2)
                    hit += ex.prob(c, n) * (self.pay[sc2] if fin else self.value(h2, burnt))
        stand = self.pay[BUST] if empty else self.pay[sc]   # an empty hand: no card left
        can_burn = burnt < 0 and sum(hand) == 1 and m.burnable[hand.index(1)]
        pol = ex.banker
        if pol.best:
            best = stand if (hit is None or (not empty and stand <= hit)) else hit
            if can_burn:
                best = min(best, self.value(ex.nothing, hand.index(1)))
        else:
            assert pol.k is not None
            best = hit if hit is not None and (empty or tot < pol.k) else stand
        self.memo[key] = best
        return best


# =============================================================================================
# The fast engine: contexts in batches (numpy)
# =============================================================================================

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

_S_BITS = 22   # score multisets are numbered below 2**22
_EPS = 1e-9    # fewer cards than this (in a mean deck) count as none
_P_BITS = 4    # hands still to play after the current one, below 16


class _HandTree:
    """A hand that starts with its figure: its open hands (cards drawn besides the figure,
    by multiset) in breadth-first order, and its finished ones ("ends").

    An *exit* is where the hand is over: standing at an open node (exit ``i`` for node
    ``i``) or reaching end ``e`` (exit ``n_nodes + e``).
    """

    def __init__(self, model: _Model, dmax: Sequence[int]) -> None:
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
    """What `_Fast.enumerate` gathers over all levels for the banker's rows: the exact rows
    as keys, with where each part goes (None: streamed), and the merged rows' blocks."""

    row_parts: list[tuple[IntArray, tuple[_Level, IntArray, IntArray] | None]] = field(
        default_factory=list)
    merged_rows: list[tuple[FloatArray, IntArray]] = field(default_factory=list)
    merged_slots: list[tuple[_Level, IntArray, IntArray]] = field(default_factory=list)


@dataclass
class _LevelStep:
    """One level of `_Fast.enumerate`: whether its next level is merged, its depth, the keys
    and parts of the next contexts, and (streamed levels) how many there are at most."""

    merge_next: bool
    depth: int
    keys: list[IntArray] = field(default_factory=list)
    parts: list[_Part] = field(default_factory=list)
    n_next: int = 0


@dataclass
class _Chunk:
    """Contexts ``gidx`` of level ``lv`` expanded at once: their decks, hands to come,
    weights, score adders and the chance of each exit of their hand (`_Fast.reach`)."""

    lv: _Level
    gidx: IntArray
    D: FloatArray
    p: IntArray
    w: FloatArray
    add: IntArray
    R: FloatArray


class _BankerTree:
    """The banker's hands that are not over, with the burnt card if any (breadth-first)."""

    def __init__(self, model: _Model, dmax: Sequence[int]) -> None:
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


class _Fast:
    """The same model as `_Exact`, in float64, batch by batch.

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

    def __init__(self, model: _Model, n_max: int, player: _Policy, banker: _Policy,
                 dmax: Sequence[int], max_pairs: int = 4_000_000, stream: bool = False,
                 max_contexts: int = 3_000_000) -> None:
        self.m = model
        self.n_max = n_max
        self.player = player
        self.banker = banker
        self.max_pairs = max_pairs
        self.stream = stream
        self.max_contexts = max_contexts
        self.tree = _HandTree(model, dmax)
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


# =============================================================================================
# Public API
# =============================================================================================


def _rest_after(model: _Model, deck: Unseen | None, cards: Sequence[Kind]) -> tuple[int, ...]:
    rest = list(model.counts(deck if deck is not None else Unseen.full()))
    for k in cards:
        i = model.pos(k)
        if rest[i] <= 0:
            raise SplitInputError(
                f"the deck holds no {k.label} left to deal: the cards "
                f"{' '.join(c.label for c in cards)} cannot all come from it")
        rest[i] -= 1
    return tuple(rest)


def _prepare(rules: Rules, deck: Unseen | None, first: Kind, second: Kind,
             hands_open: int) -> tuple[_Model, tuple[int, ...]]:
    _check_rules(rules)
    _check_figure("the first", first, rules)
    _check_figure("the second", second, rules)
    if (not isinstance(hands_open, int) or isinstance(hands_open, bool)
            or not 2 <= hands_open <= rules.split_figures):
        raise SplitInputError(
            f"hands_open must be from 2 to split_figures={rules.split_figures}, "
            f"got {hands_open!r}")
    model = _Model(rules)
    rest = _rest_after(model, deck, (first, second))
    _check_deck(model, rest)
    return model, rest


def _unseen(model: _Model, counts: Sequence[int]) -> Unseen:
    """Counts per model kind as an `Unseen` (figures as plain figures, K♦ last if any)."""
    out = dict.fromkeys(Kind, 0)
    for k, c in zip(model.kinds, counts, strict=True):
        out[k] += c
    return Unseen.of_plain(out)


METHODS = ("auto", "exact", "float", "merged")
MERGED_HANDS = 5
"""The most hands the merged method models by default (see `split_value`): five take about
1.5 s on the whole deck, six about 4 s, seven about 20 s."""


def _method(method: str, exact: bool) -> str:
    m = "exact" if exact else str(method).strip().lower()
    if m not in METHODS:
        raise SplitInputError(f"method must be one of {', '.join(METHODS)}; got {method!r}")
    return m


def _max_hands(rules: Rules, method: str, max_hands: int | None) -> int:
    if max_hands is None:
        return min(rules.split_figures, MERGED_HANDS) if method == "merged" \
            else rules.split_figures
    if (not isinstance(max_hands, int) or isinstance(max_hands, bool)
            or not 2 <= max_hands <= rules.split_figures):
        raise SplitInputError(
            f"max_hands must be from 2 to split_figures={rules.split_figures}, "
            f"got {max_hands!r}")
    return max_hands


def _fast_run(model: _Model, p: _Policy, b: _Policy, dmax: Sequence[int],
              method: str, D: Sequence[int], S: tuple[int, ...], pending: int, hands: int,
              first: bool, max_hands: int | None, exact_hands: int
              ) -> tuple[str, _Fast, tuple[FloatArray, FloatArray | None,
                                           dict[str, FloatArray], float | None]]:
    """Run the fast engine by ``method`` (auto: exact in float64 when small enough)."""
    if method in ("float", "auto"):
        cap = _max_hands(model.rules, "float", max_hands)
        try:
            fast = _Fast(model, cap, p, b, dmax, stream=method == "float")
            return "float", fast, fast.run(D, S, pending, hands, first, 1 << 30)
        except SplitTooLargeError:
            if method == "float":
                raise
    cap = _max_hands(model.rules, "merged", max_hands)
    fast = _Fast(model, cap, p, b, dmax, stream=True)
    return "merged", fast, fast.run(D, S, pending, hands, first, exact_hands)


def _exact_hands(exact_hands: int) -> int:
    if (not isinstance(exact_hands, int) or isinstance(exact_hands, bool)
            or exact_hands < 1):
        raise SplitInputError(
            f"exact_hands must be a whole number of hands from 1 (2 by default), got "
            f"{exact_hands!r}")
    return exact_hands


def split_value(rules: Rules, deck: Unseen | None = None, first: Kind = Kind.FIGURE,
                second: Kind = Kind.FIGURE, *, hands_open: int = 2, player: str = "best",
                banker: str = "best", method: str = "auto", exact: bool = False,
                max_hands: int | None = None, exact_hands: int = 2) -> SplitValue:
    """The value of the position right after splitting the figures ``first`` and ``second``.

    ``deck`` is the unseen composition *before* the two figures are taken out of it (default:
    the whole deck); it already lacks anything else dealt or burnt. ``hands_open`` is the
    number of hands open once they are split: 2 for the first split; ``k + 1`` when hand 1
    splits again while ``k`` hands are open, and then ``deck`` must already lack the figures
    of hands 2..k. Hand 1 holds ``first``, the new hand ``second``.

    ``player``: ``best`` (default), ``threshold:K`` (hit below K points on every hand, never
    split again) or ``threshold:K,split`` (split again whenever allowed). ``banker``:
    ``best`` (its best reply, seeing every hand) or ``threshold:K`` (hit below K points,
    never burn). Best against best is the game value of the subgame.

    ``method``:

    - ``exact`` (or ``exact=True``): rational arithmetic, by memoised recursion; for small
      decks (the state space grows fast with the deck and the hands).
    - ``float``: the same model in float64, batch by batch (large batches in chunks); exact
      up to rounding. On the whole deck: two hands in about half a second, three hands
      (``max_hands=3``) in about 15 seconds; four or more are too large
      (`SplitTooLargeError`, raised early).
    - ``merged``: an approximation for re-splitting on large decks. Hands 1 to
      ``exact_hands`` (default 2) are exact; from the next hand on, positions are merged by
      (scores of the hands before, hands left), each with its chance-weighted mean deck, and
      at most ``max_hands`` hands are modelled (default `MERGED_HANDS`: splitting stops
      there). It mostly overstates the player's value. Whole deck, three hands, against the
      exact model: Italian +7e-4 stake (-0.309552 for -0.310246), royal +2.1e-3, wild K♦
      +7e-4, burn 3/4 -7e-4, burn 4 +4e-4, ties push 0, 7½ paying 2:1 +2.7e-3. Twelve
      hands (five modelled), against ``exact_hands=3``: between +4e-4 and +3.4e-3 (7½ paying
      2:1). ``exact_hands=3`` takes 20 to 50 seconds on the whole deck.
    - ``auto`` (default): ``float`` when the exact model is small enough (in batches that
      fit at once), else ``merged``.

    ``max_hands`` caps the hands modelled (default: ``split_figures``, `MERGED_HANDS` for the
    merged method); the result's ``max_hands`` says what was used, and ``capped`` the value
    at each smaller cap. On the whole deck each extra hand adds about a quarter of what the
    one before added (Italian: +0.032, +0.0104, +0.0027 for the 3rd, 4th, 5th hand; 7½
    paying 2:1: +0.077, +0.021, +0.0052), so stopping at five hands leaves out about a
    third of the last increment.
    """
    t0 = time.perf_counter()
    m = _method(method, exact)
    model, rest = _prepare(rules, deck, first, second, hands_open)
    p, b = _player_policy(player), _banker_policy(banker)
    if max_hands is not None and _max_hands(rules, m, max_hands) < hands_open:
        raise SplitInputError(f"max_hands={max_hands} is below hands_open={hands_open}")
    if m == "exact":
        cap = _max_hands(rules, m, max_hands)
        ex = _Exact(model, cap, p, b, True)
        v, h = ex.value(rest, (), ex.nothing, hands_open - 1, hands_open, True)
        return SplitValue(rules, _unseen(model, rest), hands_open, float(v), float(h), v, h,
                          p.name, b.name, "exact", cap, time.perf_counter() - t0)

    used, fast, (V, H, _, _) = _fast_run(model, p, b, rest, m, rest, (), hands_open - 1,
                                         hands_open, True, max_hands, _exact_hands(exact_hands))
    assert H is not None
    return SplitValue(rules, _unseen(model, rest), hands_open, float(V[0, 0]), float(H[0, 0]),
                      None, None, p.name, b.name, used, fast.n_max,
                      time.perf_counter() - t0, dict(sorted(fast.capped.items())))


def split_decision(rules: Rules, hands: Sequence[Sequence[Kind]], current: int | None = None,
                   deck: Unseen | None = None, *, player: str = "best", banker: str = "best",
                   method: str = "auto", exact: bool = False,
                   max_hands: int | None = None, exact_hands: int = 2) -> SplitDecision:
    """The player's options at a position after a split, with their values.

    ``hands`` lists every hand open so far, in order, each as its cards (its figure first):
    hands before ``current`` are over (stood, bust or 7½), hand ``current`` is being played,
    the hands after it hold their figure alone. ``current`` defaults to the first hand that
    is not finished. ``deck`` is the unseen composition before any of these cards was dealt
    (default: the whole deck). ``player``, ``banker``, ``method``, ``max_hands`` and
    ``exact_hands`` as in `split_value` (with the merged method, a decision on a later hand
    also keeps the hand after it exact); the values are the player's expected total gain
    over all hands.

    A single hand of exactly two plain figures is the position *before* the first split:
    its ``split`` value is `split_value`'s, and ``stand``/``hit`` play the two figures on as
    one hand *in the same perfect-information model* (the banker sees both figures). In the
    real game that hand keeps its face-down card hidden, so those two values are only a
    comparison within this model (``settemezzo.solve`` values the real unsplit hand).

    >>> from settemezzo.rules import ITALIAN
    >>> F = Kind.FIGURE
    >>> d = split_decision(ITALIAN.with_variants("split_figures=3"), [[F, Kind.SEVEN], [F]])
    >>> d.current, d.action   # hand 1 made 7½; hand 2, on ½, hits
    (1, 'hit')
    """
    m = _method(method, exact)
    _check_rules(rules)
    model = _Model(rules)
    hs = tuple(tuple(h) for h in hands)
    current = _check_position(rules, model, hs, current)
    figures = (hs[0][0], hs[1][0] if len(hs) > 1 else hs[0][1])
    _check_deck(model, _rest_after(model, deck, figures))
    rest = _rest_after(model, deck, [k for h in hs for k in h])
    p, b = _player_policy(player), _banker_policy(banker)
    scores = tuple(sorted(s for s in (model.facts(_count(model, h))[1] for h in hs[:current])
                          if s != BUST))
    drawn = list(_count(model, hs[current]))
    drawn[model.pos(hs[current][0])] -= 1
    first = current == 0
    pending = len(hs) - 1 - current
    if m == "exact":
        cap = _max_hands(rules, m, max_hands)
        ex = _Exact(model, cap, p, b, True)
        opts = ex.options(rest, scores, tuple(drawn), pending, len(hs), first)
        action = ex.choose(opts, tuple(drawn))
        return SplitDecision(action, {a: float(v) for a, (v, _) in opts.items()},
                             {a: v for a, (v, _) in opts.items()}, hs, current, "exact")
    start = tuple(r + d for r, d in zip(rest, drawn, strict=True))
    dmax = _rest_after(model, deck, figures[:1]) if len(hs) == 1 else \
        _rest_after(model, deck, figures)
    used, fast, (_, _, parts, split_v) = _fast_run(
        model, p, b, dmax, m, start, scores, pending, len(hs), first, max_hands,
        _exact_hands(exact_hands) if first else max(2, _exact_hands(exact_hands) - current))
    tree = _HandTree(model, dmax)
    node = tree.index[tuple(drawn)]
    values = {"stand": float(parts["stand"][0, node])}
    if np.isfinite(parts["hit"][0, node]):
        values["hit"] = float(parts["hit"][0, node])
    if (first and node == tree.split_node and split_v is not None and len(hs) < fast.n_max):
        values["split"] = split_v
    action = _policy_action(model, p, values, hs[current])
    return SplitDecision(action, values, None, hs, current, used)


def _policy_action(model: _Model, p: _Policy, values: dict[str, float],
                   hand: tuple[Kind, ...]) -> str:
    """What the player does with ``hand`` given the options' ``values``: the best one, or
    its rule of thumb (split whenever allowed under ``,split``, else hit below K)."""
    if p.best:
        action = "stand"
        for a in ("hit", "split"):
            if a in values and values[a] > values[action]:
                action = a
        return action
    if "split" in values and p.resplit:
        return "split"
    assert p.k is not None
    total_now = model.facts(_count(model, hand))[0]
    return "hit" if "hit" in values and total_now < p.k else "stand"


def _check_position(rules: Rules, model: _Model, hs: tuple[tuple[Kind, ...], ...],
                    current: int | None) -> int:
    """`SplitInputError` unless ``hs`` is a position after a split (or the two figures
    before it) with hand ``current`` to play; the current hand (default: the first one not
    finished)."""
    if not 1 <= len(hs) <= rules.split_figures:
        raise SplitInputError(
            f"a position after a split has 2 to split_figures={rules.split_figures} hands "
            f"(or one hand of two figures, before splitting), got {len(hs)}")
    if len(hs) == 1 and not (len(hs[0]) == 2
                             and all(_is_plain_figure(k, rules) for k in hs[0])):
        raise SplitInputError(
            f"a single hand must be two plain figures (the position before splitting), got "
            f"{[getattr(k, 'label', k) for k in hs[0]]}")
    for i, h in enumerate(hs):
        if not h:
            raise SplitInputError(f"hand {i + 1} is empty; every hand starts with its figure")
        for k in h:
            if not isinstance(k, Kind):
                raise SplitInputError(f"hand {i + 1} holds {k!r}, not a Kind")
        _check_figure(f"hand {i + 1}'s first", h[0], rules)
    finished = [model.facts(_count(model, h))[2] for h in hs]
    if current is None:
        current = next((i for i, f in enumerate(finished) if not f), len(hs))
    if (not isinstance(current, int) or isinstance(current, bool)
            or not 0 <= current < len(hs)):
        raise SplitInputError(
            f"current must be the index of the hand being played (0..{len(hs) - 1}), got "
            f"{current!r} (is every hand finished?)")
    if finished[current]:
        raise SplitInputError(f"hand {current + 1} is finished (7½ or bust): no decision left")
    for i in range(current + 1, len(hs)):
        if len(hs[i]) != 1:
            raise SplitInputError(
                f"hand {i + 1} comes after the current hand {current + 1}, so it holds its "
                f"figure alone, got {[k.label for k in hs[i]]}")
    return current


def _count(model: _Model, hand: Sequence[Kind]) -> tuple[int, ...]:
    c = [0] * model.K
    for k in hand:
        c[model.pos(k)] += 1
    return tuple(c)

