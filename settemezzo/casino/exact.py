"""The casino deal solved exactly: the player's one-player decision problem over the shoe.

With the dealer's up card and the player's cards face up and the dealer on a fixed house
rule, the player's best play is a backward induction over the cards left (composition-
dependent: each decision knows the exact shoe). `Solver` builds, for each up card, the tree
of the player's hands (`Tree`: a node per shoe composition the player can reach, which also
fixes the player's cards), the value of standing at each node (against the house rule, or
against the dealer's best reply, the open game being of perfect information) and the
player's values under a play: the optimum, or a total-dependent strategy
(`settemezzo.casino.strategy`).

A single deck is exact (`fractions.Fraction`); a shoe of 2..8 decks is solved in floats
(`exact=False`), checked against Fractions on small shoes (tests/casino/test_casino.py).

>>> from settemezzo.rules import CONRAD
>>> s = Solver(CONRAD.with_variants("decks=1"))
>>> s.house_edge()
Fraction(-...)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from settemezzo.cards import SEVEN_AND_A_HALF, Kind
from settemezzo.casino.hand import Hand, finished, must_draw, score, settle, total
from settemezzo.errors import InputError, RulesError
from settemezzo.hands import BUST, SCORES
from settemezzo.rules import Rules

__all__ = ["BUST_NODE", "Number", "Solver", "Tree", "shoe"]

Number = Fraction | float
"""A probability or a value: a Fraction for a single deck, a float for a shoe."""

BUST_NODE = -1
"""The child of a hit that busts the player (no node: the hand lost)."""

_KINDS = tuple(Kind)


def shoe(rules: Rules) -> tuple[int, ...]:
    """The cards of the shoe per `Kind`, as the rules tell them apart (`Rules.fold`: the K\u2666
    a figure unless wild), ``decks`` 40-card decks."""
    if not rules.open_deal:
        raise RulesError(f"the casino engine plays the casino deal (open_deal); rules "
                         f"{rules.spec()!r} are a home game")
    return rules.fold(tuple(k.deck_count * rules.decks for k in Kind))


def _draws(counts: tuple[int, ...]) -> list[tuple[Kind, int, tuple[int, ...]]]:
    """Each kind left, its count and the shoe without one of it."""
    out = []
    for k, n in zip(_KINDS, counts, strict=True):
        if n:
            left = list(counts)
            left[k] -= 1
            out.append((k, n, tuple(left)))
    return out


@dataclass
class Tree:
    """The player's hands against one dealer up card: ``counts[i]`` the shoe at node ``i``,
    ``hands[i]`` the player's hand, ``children[i]`` (chance, child or `BUST_NODE`) of a hit
    (empty when the hand is finished), ``starts`` (chance of the deal, node); `order`: the
    nodes, most cards first (a child before its parent)."""

    up: Kind
    counts: list[tuple[int, ...]] = field(default_factory=list)
    hands: list[Hand] = field(default_factory=list)
    children: list[list[tuple[Number, int]]] = field(default_factory=list)
    forced: list[bool] = field(default_factory=list)
    stand: list[Number] = field(default_factory=list)
    starts: list[tuple[Number, int]] = field(default_factory=list)
    index: dict[tuple[int, ...], int] = field(default_factory=dict)

    def order(self) -> list[int]:
        """The nodes, children before parents (most cards first)."""
        return sorted(range(len(self.hands)), key=lambda i: -self.hands[i].cards)

    def totals(self) -> list[int]:
        """The player's total at each node."""
        return [total(h) for h in self.hands]

    def values(self, hits: Callable[[int], bool] | None = None) -> list[Number]:
        """The player's value at each node: the best of standing and hitting (``hits``
        None), or as ``hits(node)`` decides where the player may choose."""
        v: list[Number] = [0] * len(self.hands)
        for i in self.order():
            kids = self.children[i]
            if not kids:
                v[i] = self.stand[i]
                continue
            hit = sum(p * (-1 if j == BUST_NODE else v[j]) for p, j in kids)
            if self.forced[i]:
                v[i] = hit
            elif hits is None:
                v[i] = max(hit, self.stand[i])
            else:
                v[i] = hit if hits(i) else self.stand[i]
        return v

    def best_hits(self) -> list[bool]:
        """At each node, whether the optimal play hits (forced draws included)."""
        v = self.values()
        return [bool(kids) and (self.forced[i] or v[i] > self.stand[i])
                for i, kids in enumerate(self.children)]

    def value(self, hits: Callable[[int], bool] | None = None) -> Number:
        """The player's value of the deal with this up card, weighted by its chance."""
        v = self.values(hits)
        return sum(p * v[i] for p, i in self.starts)


class Solver:
    """The casino deal of ``rules`` (`Rules.open_deal`), solved: `trees` one per dealer up
    card, the player's stand values against the house rule (``dealer='house'``) or against
    the dealer's best reply (``dealer='best'``).

    ``exact``: Fractions (default: for a single deck) or floats; ``counts``: another shoe
    (a count per `Kind`; the brute-force checks deal small ones)."""

    def __init__(self, rules: Rules, *, dealer: str = "house", exact: bool | None = None,
                 counts: Sequence[int] | None = None):
        if dealer not in ("house", "best"):
            raise InputError(f"dealer must be 'house' or 'best', got {dealer!r}")
        self.rules, self.dealer = rules, dealer
        self.full = shoe(rules) if counts is None else rules.fold(tuple(counts))
        self.exact = rules.decks == 1 if exact is None else exact
        self._one: Number = Fraction(1) if self.exact else 1.0
        self._dealer_memo: dict[tuple[tuple[int, ...], Hand], list[Number]] = {}
        self._best_memo: dict[tuple[tuple[int, ...], Hand, int], Number] = {}
        self._pay = [[settle(p, d, rules) if self.exact else float(settle(p, d, rules))
                      for d in range(SCORES)] for p in range(SCORES)]
        self.trees = [self._tree(up) for up in _KINDS if self.full[up]]

    def _chance(self, n: int, of: int) -> Number:
        return Fraction(n, of) if self.exact else n / of

    # -- the dealer ----------------------------------------------------------------------
    def dealer_draws(self, hand: Hand, up: Kind) -> bool:
        """The house rule: the dealer draws while below ``house_draw`` points, unless its
        lone up card is worth ``house_stand_up`` points or more."""
        r = self.rules
        if finished(hand, r) or total(hand) >= 2 * r.house_draw:
            return False
        return not (hand.cards == 1 and r.house_stand_up is not None
                    and up.half_points >= 2 * r.house_stand_up)

    def dealer_scores(self, counts: tuple[int, ...], hand: Hand, up: Kind) -> list[Number]:
        """The chance of each final dealer score (0 bust .. 17) from ``hand`` on the house
        rule, the shoe being ``counts``."""
        key = (counts, hand)
        got = self._dealer_memo.get(key)
        if got is not None:
            return got
        out: list[Number] = [0] * SCORES
        if not self.dealer_draws(hand, up):
            out[score(hand, self.rules)] = self._one
        else:
            n = sum(counts)
            for k, c, left in _draws(counts):
                p = self._chance(c, n)
                for s, q in enumerate(self.dealer_scores(left, hand.add(k), up)):
                    if q:
                        out[s] += p * q
        self._dealer_memo[key] = out
        return out

    def dealer_best(self, counts: tuple[int, ...], hand: Hand, player: int) -> Number:
        """The player's value when the dealer, seeing the player's final score ``player``,
        plays its best from ``hand`` (stand or draw, by backward induction)."""
        key = (counts, hand, player)
        got = self._best_memo.get(key)
        if got is not None:
            return got
        s = score(hand, self.rules)
        value: Number = self._pay[player][s] * self._one
        n = sum(counts)
        if s != BUST and s < SEVEN_AND_A_HALF and n:
            hit = sum(self._chance(c, n) * self.dealer_best(left, hand.add(k), player)
                      for k, c, left in _draws(counts))
            value = min(value, hit)
        self._best_memo[key] = value
        return value

    def dealer_finals(self, up: Kind) -> tuple[list[tuple[int, ...]], list[int], list[int]]:
        """Every way the house rule can end from ``up``: the cards the dealer draws (a count
        per kind), how many orders of them the rule follows, and the dealer's final score.
        The chance of one at a shoe ``c`` of ``n`` cards is its orders times the product of
        the falling factorials ``c_k (c_k - 1) ...`` over ``n (n - 1) ...``."""
        found: dict[tuple[int, ...], list[int]] = {}
        left = list(self.full)
        left[up] -= 1
        drawn = [0] * len(_KINDS)

        def walk(hand: Hand) -> None:
            if not self.dealer_draws(hand, up):
                key = tuple(drawn)
                entry = found.setdefault(key, [0, score(hand, self.rules)])
                entry[0] += 1
                return
            for k in _KINDS:
                if drawn[k] < left[k]:
                    drawn[k] += 1
                    walk(hand.add(k))
                    drawn[k] -= 1

        walk(Hand().add(up))
        draws = list(found)
        return draws, [found[d][0] for d in draws], [found[d][1] for d in draws]

    def _stand_values(self, tree: Tree) -> list[Number]:
        """The value of standing at every node of ``tree`` against the house rule, all at
        once: the chance of each way the dealer's play ends (`dealer_finals`), in integers
        over a common denominator when exact (every count fits in 64 bits: a count of
        ordered deals of at most 40 cards), in floats otherwise."""
        draws, orders, scores = self.dealer_finals(tree.up)
        m = np.array(draws, dtype=np.int64)
        sizes = m.sum(axis=1)
        depth = int(sizes.max())
        c = np.array(tree.counts, dtype=np.int64)
        n = c.sum(axis=1)
        top = max(int(c.max()), int(n.max())) + 1
        kind: Any = np.float64
        if self.exact:  # 64-bit integers while n (n-1) ... times a pay of 6 half-stakes fits
            kind = np.int64 if math.perm(top, depth) * 6 < 2**63 else object
        ff = np.ones((top + 1, depth + 1), dtype=kind)  # ff[a, j] = a (a-1) ... (a-j+1)
        for j in range(1, depth + 1):
            ff[:, j] = ff[:, j - 1] * np.maximum(np.arange(top + 1) - j + 1, 0)
        ways = np.tile(np.array(orders, dtype=kind), (len(n), 1))
        for k in range(m.shape[1]):
            ways *= ff[c[:, k][:, None], m[:, k][None, :]]
        pays = np.array([[self._pay[p][s] * 2 for s in scores] for p in range(SCORES)],
                        dtype=kind)  # in half-stakes: a royal pays 3:2
        ps = [score(h, self.rules) for h in tree.hands]
        if self.exact:
            d = np.minimum(n, depth)[:, None]  # a node's common denominator n (n-1) ...
            ways *= ff[(n[:, None] - sizes[None, :]).clip(0), (d - sizes[None, :]).clip(0)]
            num = (ways * pays[ps]).sum(axis=1)
            den = 2 * ff[n, d[:, 0]]
            return [Fraction(int(a), int(b)) for a, b in zip(num, den, strict=True)]
        ways_of = ff[n[:, None], sizes[None, :]]  # 0 where the dealer would need more cards
        chance = np.divide(ways, ways_of, out=np.zeros_like(ways), where=ways_of > 0)
        return list((chance * pays[ps]).sum(axis=1) / 2)

    def stand_value(self, counts: tuple[int, ...], player: Hand, up: Kind) -> Number:
        """The player's value of standing with ``player`` against the dealer's up card."""
        ps = score(player, self.rules)
        dealer = Hand().add(up)
        if self.dealer == "best":
            return self.dealer_best(counts, dealer, ps) if ps != BUST else -self._one
        pay = self._pay[ps]
        return sum(q * pay[s] for s, q in enumerate(self.dealer_scores(counts, dealer, up)))

    # -- the player ----------------------------------------------------------------------
    def _tree(self, up: Kind) -> Tree:
        tree = Tree(up)
        index = tree.index
        n0 = sum(self.full)

        def node(counts: tuple[int, ...], hand: Hand) -> int:
            got = index.get(counts)
            if got is not None:
                return got
            i = index[counts] = len(tree.hands)
            tree.counts.append(counts)
            tree.hands.append(hand)
            tree.children.append([])
            tree.forced.append(must_draw(hand, up, self.rules))
            if self.dealer == "best":
                tree.stand.append(self.stand_value(counts, hand, up))
            if not finished(hand, self.rules):
                n = sum(counts)
                kids = []
                for k, c, left in _draws(counts):
                    h = hand.add(k)
                    child = BUST_NODE if score(h, self.rules) == BUST else node(left, h)
                    kids.append((self._chance(c, n), child))
                tree.children[i] = kids
            return i

        for k, c, left in _draws(self.full):
            if c and left[up]:
                p = self._chance(c, n0) * self._chance(left[up], n0 - 1)
                after = list(left)
                after[up] -= 1
                tree.starts.append((p, node(tuple(after), Hand().add(k))))
        if self.dealer == "house":
            tree.stand = self._stand_values(tree)
        return tree

    def player_value(self, hits: Sequence[Callable[[int], bool] | None] | None = None
                     ) -> Number:
        """The player's value per stake: the optimum (``hits`` None), or one decision
        function per tree (`trees` order; None: the optimum there)."""
        fns = hits if hits is not None else [None] * len(self.trees)
        return sum((t.value(f) for t, f in zip(self.trees, fns, strict=True)), 0 * self._one)

    def house_edge(self) -> Number:
        """The house edge with the player's optimal play (composition-dependent)."""
        return -self.player_value()
