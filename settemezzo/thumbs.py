"""The exact value of two rules of thumb, by a recursion over deck compositions.

A rule of thumb (``threshold:K``, `settemezzo.policy`) decides on its total alone, and the
total of a hand depends only on the multiset of its cards. So a pair of rules of thumb needs
no information sets: the player's final hand is a multiset ``m`` of the deck, reached by the
orderings whose every proper prefix is one the rule hits on; the banker's final hand is a
multiset ``b`` of the deck left. The chance of one ordering of ``m`` then ``b`` is

    prod_i falling(c_i, m_i + b_i) / falling(N, |m| + |b|)

(dealing without replacement is exchangeable; ``c`` the deck's counts per kind, ``N`` its
size, ``falling(n, k) = n (n - 1) ... (n - k + 1)``). The recursion walks the compositions
the rule can reach, level by level, adding up the orderings as it goes: the player's with
exact integer weights, the banker's for every player final at once (a vector per banker hand,
one entry per player final). Every weight is a whole number over the common denominator
``falling(N, Lp + Lb)`` (``Lp``, ``Lb``: the most cards either hand can draw), and one
`Fraction` is made at the end, so the value is exactly the one `settemezzo.solve.evaluate`
gets from the game tree (tests/test_thumbs.py compares the two over every preset and variant).

What applies (`thumb_value` returns None otherwise, and the caller walks the game tree): a
``threshold:K`` player (``,swap`` too: against a banker who does not read the cards a swap
is worth the card face up, see `settemezzo.solve`; ``,split`` only where the rules do not
split) against a ``threshold:K`` banker. A rule of thumb never burns and stakes the minimum
(``docs/rules.md``), so ``burn`` changes nothing and a stake chosen after the first card
multiplies the value by the minimum stake; the banker's rule of thumb never burns either.

>>> from settemezzo.rules import ITALIAN
>>> thumb_value("threshold:5", "threshold:5", ITALIAN) < 0
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from settemezzo import policy
from settemezzo.cards import Kind, Unseen
from settemezzo.hands import BUST, settle
from settemezzo.hands import is_finished as _is_finished
from settemezzo.hands import score as _score
from settemezzo.hands import total as _total
from settemezzo.odds import draw_kinds
from settemezzo.rules import Rules, home_game

__all__ = ["thumb_value"]

Comp = tuple[int, ...]
"""A composition: how many cards of each of the deck's kinds (a hand, or the deck)."""


def thumb_value(player: str, banker: str, rules: Rules, deck: Unseen | None = None
                ) -> Fraction | None:
    """The player's exact expected gain per hand (in chips when the stake is chosen after the
    first card) for a ``threshold:K`` player against a ``threshold:K`` banker, or None when
    the pair is not one this recursion values (see the module docstring).

    Bad policy texts raise the errors of `settemezzo.solve.player_policy` and
    `settemezzo.solve.banker_policy`, and a deck too small for two hands the error of
    `settemezzo.game.HeadsUpGame`.
    """
    from settemezzo.game import check_deck_size, stake_choices

    deck = deck if deck is not None else Unseen.full()
    pairs = draw_kinds(deck, home_game(rules))
    kinds = tuple(k for k, _ in pairs)
    counts = tuple(n for _, n in pairs)
    check_deck_size(rules, kinds, counts)
    p = policy.parse(player, ("threshold:K",), ("split", "swap"), who="player")
    b = policy.parse(banker, ("threshold:K", "omniscient"), (), who="banker")
    if b.kind != "threshold" or (p.split and rules.split_figures > 1):
        return None
    value = _Recursion(rules, kinds, counts).value(p.k, b.k)
    return value * stake_choices(rules)[0]


class _Recursion:
    """The compositions of one deck under one rule set, and the facts of each hand met."""

    def __init__(self, rules: Rules, kinds: tuple[Kind, ...], counts: Comp) -> None:
        self.rules = rules
        self.kinds = kinds
        self.counts = counts
        self.n = sum(counts)
        self._facts: dict[Comp, tuple[int, int, bool]] = {}

    def facts(self, comp: Comp) -> tuple[int, int, bool]:
        """(total, score, finished) of the hand ``comp``, once per composition."""
        f = self._facts.get(comp)
        if f is None:
            hand = tuple(k for k, c in zip(self.kinds, comp, strict=True) for _ in range(c))
            f = self._facts[comp] = (_total(hand, self.rules), _score(hand, self.rules),
                                     _is_finished(hand, self.rules))
        return f

    def walk(self, k: int) -> tuple[list[tuple[Comp, list[tuple[int, Comp, bool]]]], int]:
        """The hands a rule of thumb hitting below ``k`` half-points draws from (the empty
        hand first, then level by level), each with its moves (kind position, the hand one
        card later, whether that hand stops: finished, or at ``k`` or more), and the most
        cards a final hand holds."""
        K = len(self.counts)
        level: list[Comp] = [(0,) * K]
        out: list[tuple[Comp, list[tuple[int, Comp, bool]]]] = []
        depth = 0
        while level:
            depth += 1
            nxt: dict[Comp, None] = {}
            for hand in level:
                moves = []
                for pos in range(K):
                    if hand[pos] >= self.counts[pos]:
                        continue
                    child = (*hand[:pos], hand[pos] + 1, *hand[pos + 1:])
                    tot, _, finished = self.facts(child)
                    stops = finished or tot >= k
                    moves.append((pos, child, stops))
                    if not stops:
                        nxt[child] = None
                out.append((hand, moves))
            level = list(nxt)
        return out, depth

    def player_finals(self, k: int) -> tuple[dict[Comp, int], int]:
        """Each final hand of a player hitting below ``k``, with the number of ways to deal
        it (orderings times cards) over ``falling(N, size)``; and the most cards it holds."""
        hands, depth = self.walk(k)
        weight: dict[Comp, int] = {hands[0][0]: 1}
        finals: dict[Comp, int] = {}
        for hand, moves in hands:
            w = weight.pop(hand)
            for pos, child, stops in moves:
                into = finals if stops else weight
                into[child] = into.get(child, 0) + w * (self.counts[pos] - hand[pos])
        return finals, depth

    def banker_scores(self, k: int, decks: list[Comp]
                      ) -> tuple[dict[tuple[int, int], list[int]], int]:
        """For a banker hitting below ``k`` from each deck of ``decks`` (counts per kind): per
        (cards drawn, final score), the ways to deal such a final hand from each deck (one
        entry per deck; the chance is that over ``falling(deck size, cards drawn)``); and the
        most cards a final hand holds."""
        hands, depth = self.walk(k)
        left: dict[tuple[int, int], list[int]] = {}
        reach: dict[Comp, list[int]] = {hands[0][0]: [1] * len(decks)}
        out: dict[tuple[int, int], list[int]] = {}
        for hand, moves in hands:
            v = reach.pop(hand)
            size = sum(hand) + 1
            for pos, child, stops in moves:
                key = (pos, hand[pos])
                lv = left.get(key)
                if lv is None:  # the cards of this kind left in each deck
                    lv = left[key] = [max(d[pos] - hand[pos], 0) for d in decks]
                x = [a * b for a, b in zip(v, lv, strict=True)]
                if stops:
                    _add(out, (size, self.facts(child)[1]), x)
                else:
                    _add(reach, child, x)
        return out, depth

    def value(self, kp: int, kb: int) -> Fraction:
        """The player's gain per unit stake, hitting below ``kp`` against a banker hitting
        below ``kb`` (half-points)."""
        finals, lp = self.player_finals(kp)
        stood = [m for m in finals if self.facts(m)[1] != BUST]
        decks = [tuple(c - x for c, x in zip(self.counts, m, strict=True)) for m in stood]
        banker, lb = self.banker_scores(kb, decks)
        n, top = self.n, lp + lb
        fall = _falling_table(n, top)
        num = 0
        for m, w in finals.items():  # a bust player has lost: the banker does not play
            if m not in stood:
                num -= w * fall[n - sum(m)][top - sum(m)]
        if not stood:
            return Fraction(num, fall[n][top])
        ps = [self.facts(m)[1] for m in stood]
        held = [sum(m) for m in stood]  # cards the player holds
        # per stood hand: the banker's ways over falling(deck left, lb), times the payoff
        x = [0] * len(stood)
        scales: dict[int, list[int]] = {}
        pays: dict[int, list[int]] = {}
        for (size, s), ways in banker.items():
            if size not in scales:
                scales[size] = [fall[n - c - size][lb - size] for c in held]
            if s not in pays:
                pays[s] = [int(settle(p, s, self.rules)) for p in ps]
            x = [xr + w * f * q
                 for xr, w, f, q in zip(x, ways, scales[size], pays[s], strict=True)]
        for r, m in enumerate(stood):
            c = held[r]
            num += finals[m] * fall[n - c - lb][lp - c] * x[r]
        return Fraction(num, fall[n][top])


def _add(into: dict[Any, list[int]], key: Any, x: list[int]) -> None:
    """Add the vector ``x`` to ``into[key]`` (``x`` itself if there is none yet)."""
    had = into.get(key)
    into[key] = x if had is None else [a + b for a, b in zip(had, x, strict=True)]


def _falling_table(n: int, depth: int) -> list[list[int]]:
    """``table[a][b] = a (a - 1) ... (a - b + 1)`` for ``a <= n``, ``b <= depth``."""
    table = []
    for a in range(n + 1):
        row = [1]
        for b in range(depth):
            row.append(row[-1] * (a - b))
        table.append(row)
    return table
