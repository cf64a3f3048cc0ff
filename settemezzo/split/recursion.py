"""The exact engine of the split: backward induction by memoised recursion over the public
states (`Recursion`), the banker's hand against fixed scores by a recursion of its own
(`BankerRecursion`); in `Fraction` or in float64.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from settemezzo.hands import BUST, PAIR_OF_SEVENS
from settemezzo.split.model import Model, Num, SplitPolicy

__all__ = [
    "BankerRecursion",
    "Recursion",
]


class Recursion:
    """Backward induction by memoised recursion; numbers are Fractions (``exact``) or floats.

    A player state is ``(deck, scores, drawn, pending, hands, first)``: the cards left, the
    sorted scores of the finished hands that did not bust, the cards drawn onto the current
    hand besides its figure, how many hands wait after it, how many are open, and whether it
    is hand 1 (which may split). Its value counts the busts to come (-1 each) and the
    banker's settlement of every hand; busts already behind are not in it. The banker's
    problem depends only on (deck, scores), and is memoised on that.
    """

    def __init__(self, model: Model, n_max: int, player: SplitPolicy, banker: SplitPolicy,
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
            got = self.wmemo[key] = BankerRecursion(self, deck, pay).value(self.nothing, -1)
        return got


class BankerRecursion:
    """The banker's hand against fixed player scores (``pay[b]``: the player's total gain if
    the banker ends on score ``b``), by recursion over (hand, burnt card)."""

    def __init__(self, ex: Recursion, deck: tuple[int, ...], pay: list[Num]) -> None:
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
