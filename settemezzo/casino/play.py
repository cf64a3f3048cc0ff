"""The casino deal played hand by hand: a seeded Monte Carlo of a player's strategy.

Each hand is dealt from a full shoe (the exact values assume one: `settemezzo.casino.exact`),
the player's first card, then the dealer's up card; the player plays the optimal
composition-dependent decisions (`Tree.best_hits`, read at the shoe left) or a
total-dependent `Card`; the dealer follows the house rule (`Solver.dealer_draws`); the hand is
settled by `settemezzo.casino.hand.settle`. Plain Python: the casino deal needs none of the
home game's table engine, and a hundred thousand hands take a few seconds.

>>> from settemezzo.rules import CONRAD
>>> r = simulate(Solver(CONRAD, exact=False), 2000, seed=1)
>>> r.hands, abs(r.mean - r.exact) < 4 * r.se
(2000, True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from settemezzo.cards import Kind
from settemezzo.casino.exact import Solver, Tree
from settemezzo.casino.hand import Hand, finished, must_draw, score, settle, total
from settemezzo.casino.strategy import Card, card_value
from settemezzo.errors import LimitError
from settemezzo.rules import Rules

__all__ = ["MAX_HANDS", "Simulation", "simulate"]

MAX_HANDS = 10_000_000
"""The most hands one run deals (about ten minutes of plain Python)."""

_KINDS = tuple(Kind)


@dataclass(frozen=True)
class Simulation:
    """A run's result: ``hands`` dealt, the player's ``mean`` gain per stake and its standard
    error ``se``, and the ``exact`` value of the same strategy (`Solver.player_value`)."""

    hands: int
    mean: float
    se: float
    exact: float

    @property
    def z(self) -> float:
        """How many standard errors the mean lies from the exact value."""
        return (self.mean - self.exact) / self.se if self.se > 0 else math.nan


class _Shoe:
    """The shoe's cards, drawn without replacement by a partial Fisher-Yates shuffle (the list
    need not be restored between hands: any order of it shuffles as well)."""

    def __init__(self, counts: tuple[int, ...], rng: random.Random):
        self.cards = [k for k, n in zip(_KINDS, counts, strict=True) for _ in range(n)]
        self.rng, self.used = rng, 0

    def deal(self) -> Kind:
        i = self.rng.randrange(self.used, len(self.cards))
        c = self.cards
        c[self.used], c[i] = c[i], c[self.used]
        self.used += 1
        return c[self.used - 1]


def _player(solver: Solver, tree: Tree, hits: list[bool] | None, card: Card | None,
            shoe: _Shoe, first: Kind, up: Kind) -> Hand:
    """The player's final hand: hit while the strategy (or the forced draw) says so."""
    rules = solver.rules
    counts = list(solver.full)
    counts[first] -= 1
    counts[up] -= 1
    hand = Hand().add(first)
    while not finished(hand, rules):
        if hits is not None:
            go = hits[tree.index[tuple(counts)]]
        else:
            assert card is not None
            go = must_draw(hand, up, rules) or (up, total(hand)) in card.hits
        if not go:
            break
        k = shoe.deal()
        counts[k] -= 1
        hand = hand.add(k)
    return hand


def _one_hand(solver: Solver, trees: dict[Kind, tuple[Tree, list[bool] | None]],
              card: Card | None, shoe: _Shoe) -> float:
    shoe.used = 0
    first, up = shoe.deal(), shoe.deal()
    tree, hits = trees[up]
    player = _player(solver, tree, hits, card, shoe, first, up)
    rules = solver.rules
    p = score(player, rules)
    dealer = Hand().add(up)
    if p:  # a bust player loses before the dealer plays
        while solver.dealer_draws(dealer, up):
            dealer = dealer.add(shoe.deal())
    return float(settle(p, score(dealer, rules), rules))


def simulate(solver: Solver | Rules, hands: int, *, seed: int = 0,
             card: Card | None = None) -> Simulation:
    """Deal ``hands`` hands of ``solver``'s casino deal (a `Rules` is solved in floats first),
    the player on the optimal play, or on ``card``; seeded by ``seed``."""
    if not isinstance(hands, int) or isinstance(hands, bool) or not 1 <= hands <= MAX_HANDS:
        raise LimitError(f"hands must be a whole number from 1 to {MAX_HANDS:,}, got {hands!r}")
    s = solver if isinstance(solver, Solver) else Solver(solver, exact=False)
    trees = {t.up: (t, t.best_hits() if card is None else None) for t in s.trees}
    shoe = _Shoe(s.full, random.Random(seed))
    total = square = 0.0
    for _ in range(hands):
        g = _one_hand(s, trees, card, shoe)
        total += g
        square += g * g
    mean = total / hands
    var = (square - hands * mean * mean) / (hands - 1) if hands > 1 else 0.0
    exact = s.player_value() if card is None else card_value(s, card)
    return Simulation(hands, mean, math.sqrt(max(var, 0.0) / hands), float(exact))
