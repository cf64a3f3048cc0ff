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

from settemezzo.split.model import SplitInputError, SplitTooLargeError
from settemezzo.split.value import (
    MERGED_HANDS,
    METHODS,
    SplitDecision,
    SplitValue,
    split_decision,
    split_value,
)

__all__ = [
    "MERGED_HANDS",
    "METHODS",
    "SplitDecision",
    "SplitInputError",
    "SplitTooLargeError",
    "SplitValue",
    "split_decision",
    "split_value",
]
