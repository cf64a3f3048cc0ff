"""A hand in the casino deal: its compact state, its total and score, and the settlement.

A hand is summed up by `Hand` (face value in half-points with the wild K\u2666 at ½, cards,
wild K\u2666s, sevens): the casino games ask nothing more of it. The total follows
`settemezzo.hands.total` (the wild K\u2666 takes the value giving the highest total not over 7½)
in a hand of two cards or more; alone, the K\u2666 counts ½ (both casino sources: its holder
draws). Scores are those of `settemezzo.hands` (0 bust, 1..15, 16 royal, 17 pair of sevens).

The settlement is not `settemezzo.hands.settle`: the casino's ties push whatever the hands
(a royal tie too), a tie on ``tie_to_dealer`` points goes to the dealer, and a royal pays
``royal_pays``.

>>> from settemezzo.rules import PLAYTECH
>>> from settemezzo.cards import Kind
>>> h = Hand().add(Kind.KING_OF_DIAMONDS).add(Kind.FIGURE)
>>> total(h), score(h, PLAYTECH)
(15, 16)
>>> settle(16, 15, PLAYTECH), settle(10, 10, PLAYTECH), settle(12, 12, PLAYTECH)
(Fraction(3, 2), Fraction(-1, 1), Fraction(0, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from settemezzo.cards import SEVEN_AND_A_HALF, Kind
from settemezzo.hands import BUST, PAIR_OF_SEVENS, ROYAL
from settemezzo.rules import Rules

__all__ = ["Hand", "score", "settle", "total", "up_value"]

_WILD_VALUES = (1, 2, 4, 6, 8, 10, 12, 14)  # ½ or 1..7, in half-points
_SEVEN_POINTS = 14


@dataclass(frozen=True, slots=True)
class Hand:
    """What the casino games know of a hand: face value in half-points (a wild K\u2666 ½),
    how many cards, how many of them are the K\u2666 and how many are sevens."""

    face: int = 0
    cards: int = 0
    wild: int = 0
    sevens: int = 0

    def add(self, kind: Kind) -> Hand:
        """The hand one card later."""
        return Hand(self.face + kind.half_points, self.cards + 1,
                    self.wild + int(kind is Kind.KING_OF_DIAMONDS),
                    self.sevens + int(kind is Kind.SEVEN))


def total(hand: Hand) -> int:
    """The hand's best total in half-points (above 15: bust); a wild K\u2666 completes a hand
    of two cards or more, alone it is ½.

    >>> king = Hand().add(Kind.KING_OF_DIAMONDS)
    >>> total(king), total(king.add(Kind.THREE))
    (1, 14)
    """
    if not hand.wild or hand.cards < 2 or hand.face > SEVEN_AND_A_HALF:
        return hand.face
    rest = hand.face - Kind.KING_OF_DIAMONDS.half_points
    return max(rest + v for v in _WILD_VALUES if rest + v <= SEVEN_AND_A_HALF)


def score(hand: Hand, rules: Rules) -> int:
    """The hand's score (`settemezzo.hands` table): bust 0, a total 1..15, royal 16 (a two-card
    7½ with a 7 or the K\u2666; only the K\u2666 under ``royal_wild``), pair of sevens 17."""
    if rules.pair_of_sevens and hand.cards == 2 and hand.sevens == 2:
        return int(PAIR_OF_SEVENS)
    t = total(hand)
    if t > SEVEN_AND_A_HALF:
        return int(BUST)
    if rules.royal and hand.cards == 2 and t == SEVEN_AND_A_HALF and (
            hand.wild or (hand.sevens and not rules.royal_wild)):
        return int(ROYAL)
    return t


def finished(hand: Hand, rules: Rules) -> bool:
    """No more cards: bust, 7½ or a pair of sevens."""
    s = score(hand, rules)
    return s == BUST or s >= SEVEN_AND_A_HALF


def up_value(up: Kind, rules: Rules) -> int:
    """What the dealer's up card counts for the forced draw, in half-points: its value; a wild
    K\u2666 ½, or 7 under ``wild_up=seven``."""
    if up is Kind.KING_OF_DIAMONDS and rules.wild_king and rules.wild_up == "seven":
        return _SEVEN_POINTS
    return up.half_points


def must_draw(hand: Hand, up: Kind, rules: Rules) -> bool:
    """Whether the player may not stand: a lone wild K\u2666, or the forced draw (``reach``: a
    total below the dealer's up card; ``beat``: not above it; against a K\u2666 counted 7,
    below 7)."""
    if hand.cards == 1 and hand.wild:
        return True
    if rules.forced_draw == "off":
        return False
    t, v = total(hand), up_value(up, rules)
    if rules.forced_draw == "reach" or (v == _SEVEN_POINTS and up is Kind.KING_OF_DIAMONDS):
        return t < v
    return t <= v


def _win(player: int, rules: Rules, dealer_bust: bool) -> Fraction:
    if player == PAIR_OF_SEVENS:
        return Fraction(3)
    if player == ROYAL:
        return Fraction(3, 2) if rules.royal_pays == "3:2" else Fraction(2)
    if player == SEVEN_AND_A_HALF and not dealer_bust:
        return Fraction(rules.seven_half_pays)
    return Fraction(1)


def settle(player: int, dealer: int, rules: Rules) -> Fraction:
    """The player's gain in stakes for a player score against the dealer's: a bust player
    loses, a bust dealer pays, else the higher score wins; a tie pushes under ``ties_push``
    (unless on ``tie_to_dealer`` points) and goes to the dealer otherwise."""
    if player == BUST:
        return Fraction(-1)
    if dealer == BUST:
        return _win(player, rules, True)
    if player > dealer:
        return _win(player, rules, False)
    if player == dealer and rules.ties_push and (
            rules.tie_to_dealer is None or player != 2 * rules.tie_to_dealer):
        return Fraction(0)
    return Fraction(-1)
