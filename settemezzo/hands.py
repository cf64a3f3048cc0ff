"""The value of a hand and the settlement of a player's hand against the banker's.

A hand is a sequence of `Kind` (face-down card first). Totals are in half-points (7½ = 15).
A finished hand gets a *score* that orders hands as the rules do:

====================  =========
hand                  score
====================  =========
bust                  0
stood on a total t    t (1..15)
royal 7½ (`royal`)    16
pair of sevens        17
====================  =========

>>> from settemezzo.cards import Kind as K
>>> from settemezzo.rules import ITALIAN
>>> total([K.SEVEN, K.FIGURE], ITALIAN), score([K.SEVEN, K.FIGURE], ITALIAN)
(15, 15)
>>> score([K.SEVEN, K.FIGURE], ITALIAN.with_variants("royal"))
16
>>> settle(16, 15, ITALIAN.with_variants("royal"))  # royal beats a plain 7½, paid double
Fraction(2, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from settemezzo.cards import SEVEN_AND_A_HALF, Kind, Score
from settemezzo.rules import Rules

__all__ = [
    "BUST",
    "PAIR_OF_SEVENS",
    "ROYAL",
    "SCORES",
    "Score",
    "is_bust",
    "is_finished",
    "points_label",
    "score",
    "settle",
    "total",
]

BUST = Score.BUST
ROYAL = Score.ROYAL
PAIR_OF_SEVENS = Score.PAIR_OF_SEVENS
SCORES = PAIR_OF_SEVENS + 1
"""How many scores there are (0 bust .. 17 pair of sevens): the size of a table by score."""

_WILD_CHOICES = (1, 2, 4, 6, 8, 10, 12, 14)  # ½ or 1..7, in half-points


def _face_sum(hand: Sequence[Kind]) -> int:
    return sum(k.half_points for k in hand)


def total(hand: Sequence[Kind], rules: Rules) -> int:
    """The hand's best total in half-points; above 15 means bust.

    Under ``wild_king`` the K♦ takes the value (½ or 1..7) giving the highest total not over
    7½; the hand is bust only if it is bust with the K♦ as ½.

    >>> from settemezzo.cards import Kind as K
    >>> from settemezzo.rules import ITALIAN
    >>> total([K.KING_OF_DIAMONDS, K.FIGURE], ITALIAN.with_variants("wild_king"))
    15
    >>> total([K.KING_OF_DIAMONDS, K.ACE], ITALIAN.with_variants("wild_king"))
    14
    """
    face = _face_sum(hand)
    if not rules.wild_king or Kind.KING_OF_DIAMONDS not in hand or face > SEVEN_AND_A_HALF:
        return face
    rest = face - Kind.KING_OF_DIAMONDS.half_points
    return max(rest + v for v in _WILD_CHOICES if rest + v <= SEVEN_AND_A_HALF)


def is_pair_of_sevens(hand: Sequence[Kind], rules: Rules) -> bool:
    """Exactly two 7s and nothing else, under ``pair_of_sevens`` (the K♦ is not a 7 here)."""
    return rules.pair_of_sevens and len(hand) == 2 and hand[0] == hand[1] == Kind.SEVEN


def is_royal(hand: Sequence[Kind], rules: Rules) -> bool:
    """A 7½ of exactly two cards, a 7 and a figure (the wild K♦ with a figure counts too)."""
    if not rules.royal or len(hand) != 2:
        return False
    return total(hand, rules) == SEVEN_AND_A_HALF and (
        Kind.SEVEN in hand or Kind.KING_OF_DIAMONDS in hand)


def is_bust(hand: Sequence[Kind], rules: Rules) -> bool:
    """Over 7½ (a pair of sevens under its variant is not bust)."""
    return total(hand, rules) > SEVEN_AND_A_HALF and not is_pair_of_sevens(hand, rules)


def is_finished(hand: Sequence[Kind], rules: Rules) -> bool:
    """The turn ends by itself: bust, 7½ (shown), or a pair of sevens (shown)."""
    return total(hand, rules) >= SEVEN_AND_A_HALF or is_pair_of_sevens(hand, rules)


def score(hand: Sequence[Kind], rules: Rules) -> int:
    """The score of a finished hand (see the module table): 0 bust, 1..15, 16 royal, 17 pair;
    a plain int (compare it with `Score`)."""
    if is_pair_of_sevens(hand, rules):
        return int(PAIR_OF_SEVENS)
    t = total(hand, rules)
    if t > SEVEN_AND_A_HALF:
        return int(BUST)
    if is_royal(hand, rules):
        return int(ROYAL)
    return t


def points_label(half_points: int) -> str:
    """'4½', '5', '½' for a total in half-points."""
    whole, half = divmod(half_points, 2)
    return f"{whole}½" if half and whole else ("½" if half else str(whole))


def settle(player: int, banker: int, rules: Rules) -> Fraction:
    """The player's gain in stakes (negative: loss) for a player score against a banker score.

    - player bust: -1, whatever the banker does (the stake went at once);
    - banker bust: the player wins 1 (2 with a royal, 3 with a pair of sevens);
    - otherwise the higher score wins; a tie goes to the banker, or returns the stake under
      ``ties_push`` - except that the banker's own royal or pair of sevens beats the same hand;
    - a winning 7½ pays ``seven_half_pays`` (Spain 2:1), a royal 2, a pair of sevens 3.
    """
    for who, s in (("player", player), ("banker", banker)):
        if not isinstance(s, int) or not 0 <= s <= PAIR_OF_SEVENS:
            raise ValueError(f"{who} score {s!r} is not a hand score (0 bust, 1..15, 16, 17)")
    if player == BUST:
        return Fraction(-1)
    if banker == BUST:
        return Fraction({int(ROYAL): 2, int(PAIR_OF_SEVENS): 3}.get(player, 1))
    if player > banker:
        if player == PAIR_OF_SEVENS:
            return Fraction(3)
        if player == ROYAL:
            return Fraction(2)
        if player == SEVEN_AND_A_HALF:
            return Fraction(rules.seven_half_pays)
        return Fraction(1)
    if player == banker and rules.ties_push and player not in (ROYAL, PAIR_OF_SEVENS):
        return Fraction(0)
    return Fraction(-1)
