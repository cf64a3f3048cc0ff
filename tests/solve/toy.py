"""The toy game the solver's pieces are checked on by hand.

The toy deck holds four 6s and four 7s and nothing else (Italian rules). Any two of these
cards bust (6 + 6 = 12 points), so after its face-down card a hand can only stand: hitting
busts for sure. By hand:

- the player has two decisions, one per face-down card (6 or 7), each with chance 1/2;
  hitting loses the stake at once, so the objective of the HIT sequence is
  ``1/2 · -1 = -1/2`` and that of STAND is 0 (its value comes through the banker's term);
- the banker, whatever it does, ends with its one card (hitting busts it), and wins ties:
  the player wins only holding a 7 against a 6, with chance ``4/8 · 4/7 = 2/7``, and loses
  otherwise, so the game value is ``2/7 - 5/7 = -3/7``.
"""

from __future__ import annotations

from settemezzo.cards import Kind, Unseen
from settemezzo.game import heads_up
from settemezzo.rules import ITALIAN
from settemezzo.solve import BankerStrategy
from settemezzo.solve.state import game_solver


def toy():
    """The toy game, its float solver and the values of its finished hands against the
    omniscient banker."""
    counts = [0] * len(Kind)
    counts[Kind.SIX] = counts[Kind.SEVEN] = 4
    game = heads_up(ITALIAN, Unseen(tuple(counts)))
    s = game_solver(game, False)
    T = s.shown_values(BankerStrategy("best", "omniscient"))
    return game, s, T

