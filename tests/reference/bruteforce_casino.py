"""Brute-force reference for the casino deal (docs/rules.md, "Casino games"), written from the
rules alone: it imports nothing from `settemezzo`.

Cards are labels: 'F' a figure (½), 1..7 a numbered card, 'K' the wild K of coins. A shoe is a
list of labels (repeats allowed). Every ordered deal is enumerated card by card, each draw
branching over the cards left one by one (no grouping by kind), so a probability is the
number of deals over the number of ways: no memo, no composition tricks. Only small shoes
are practical.

The game: the player's first card, then the dealer's up card, both face up; the player hits or
stands (the forced draw where set), busts over 7½; the dealer draws by its house rule (below
``draw`` points; not at all on an up card of ``stand_up`` points or more); the higher total wins;
ties push under ``push`` except a tie on ``tie_dealer`` points; a royal (two-card 7½, holding the
K under ``royal_wild``, else a 7 or the K) pays ``royal_pay``. Totals are in halves.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction
from functools import cache


@dataclass(frozen=True)
class Casino:
    """The rules of the brute force (see the module text)."""

    draw: int = 5
    stand_up: int | None = None
    push: bool = True
    tie_dealer: int | None = None
    forced: str = "off"  # off, reach, beat
    wild_up_seven: bool = False
    royal: bool = False
    royal_wild: bool = False
    royal_pay: Fraction = Fraction(2)


def half(card: object) -> int:
    return 1 if card in ("F", "K") else 2 * int(card)  # type: ignore[call-overload]


def hand_total(cards: list[object]) -> int:
    """The best total: the K alone ½; with other cards the value of ½ or 1..7 that gives the
    highest total not over 15 (the others counted as they are, a second K as ½)."""
    plain = sum(half(c) for c in cards)
    if "K" not in cards or len(cards) < 2 or plain > 15:
        return plain
    rest = plain - 1
    return max(rest + v for v in (1, 2, 4, 6, 8, 10, 12, 14) if rest + v <= 15)


def hand_score(cards: list[object], g: Casino) -> int:
    t = hand_total(cards)
    if t > 15:
        return 0
    holds = "K" in cards or (7 in cards and not g.royal_wild)
    if g.royal and len(cards) == 2 and t == 15 and holds:
        return 16
    return t


def pay(p: int, d: int, g: Casino) -> Fraction:
    if p == 0:
        return Fraction(-1)
    win = g.royal_pay if p == 16 else Fraction(1)
    if d == 0 or p > d:
        return win
    if p == d and g.push and (g.tie_dealer is None or p != 2 * g.tie_dealer):
        return Fraction(0)
    return Fraction(-1)


def dealer_value(shoe: list[object], dealer: list[object], p: int, g: Casino) -> Fraction:
    """The player's value of a stood score ``p`` as the dealer plays its house rule."""
    t = hand_total(dealer)
    up = half(dealer[0])
    stands = (t >= 2 * g.draw or t >= 15
              or (len(dealer) == 1 and g.stand_up is not None and up >= 2 * g.stand_up))
    if stands:
        return pay(p, hand_score(dealer, g), g)
    return sum((dealer_value(shoe[:i] + shoe[i + 1:], [*dealer, c], p, g)
                for i, c in enumerate(shoe)), Fraction(0)) / len(shoe)


def dealer_best(shoe: list[object], dealer: list[object], p: int, g: Casino) -> Fraction:
    """The player's value of a stood score ``p`` when the dealer plays its best."""
    now = pay(p, hand_score(dealer, g), g)
    if hand_total(dealer) >= 15 or not shoe:
        return now
    hit = sum((dealer_best(shoe[:i] + shoe[i + 1:], [*dealer, c], p, g)
               for i, c in enumerate(shoe)), Fraction(0)) / len(shoe)
    return min(now, hit)


def must_hit(cards: list[object], up: object, g: Casino) -> bool:
    if cards == ["K"]:
        return True
    if g.forced == "off":
        return False
    t = hand_total(cards)
    if up == "K" and g.wild_up_seven:
        return t < 14
    return t < half(up) if g.forced == "reach" else t <= half(up)


def player_value(shoe: list[object], cards: list[object], up: object, g: Casino,
                 best_dealer: bool = False) -> Fraction:
    """The player's best value (stand or hit, knowing every card) from ``cards``."""
    t = hand_total(cards)
    if t > 15:
        return Fraction(-1)
    dealer = dealer_best if best_dealer else dealer_value
    stand = dealer(shoe, [up], hand_score(cards, g), g)
    if t == 15:
        return stand
    hit = sum((player_value(shoe[:i] + shoe[i + 1:], [*cards, c], up, g, best_dealer)
               for i, c in enumerate(shoe)), Fraction(0)) / len(shoe)
    return hit if must_hit(cards, up, g) else max(stand, hit)


def optimal_value(shoe: list[object], g: Casino, best_dealer: bool = False) -> Fraction:
    """The player's value of the deal with the optimal play, every deal enumerated."""
    n = len(shoe)
    total = Fraction(0)
    for i, first in enumerate(shoe):
        rest = shoe[:i] + shoe[i + 1:]
        for j, up in enumerate(rest):
            left = rest[:j] + rest[j + 1:]
            total += player_value(left, [first], up, g, best_dealer)
    return total / (n * (n - 1))


def strategy_value(shoe: list[object], g: Casino, hit: dict[tuple[object, int], bool]
                   ) -> Fraction:
    """The player's value of a total-dependent play: ``hit[(up, total)]`` (missing: stand)."""
    def play(left: list[object], cards: list[object], up: object) -> Fraction:
        t = hand_total(cards)
        if t > 15:
            return Fraction(-1)
        if t == 15 or not (must_hit(cards, up, g) or hit.get((up, t), False)):
            return dealer_value(left, [up], hand_score(cards, g), g)
        return sum((play(left[:i] + left[i + 1:], [*cards, c], up)
                    for i, c in enumerate(left)), Fraction(0)) / len(left)

    n = len(shoe)
    total = Fraction(0)
    for i, first in enumerate(shoe):
        rest = shoe[:i] + shoe[i + 1:]
        for j, up in enumerate(rest):
            total += play(rest[:j] + rest[j + 1:], [first], up)
    return total / (n * (n - 1))


def full_deck_value(shoe: list[object], g: Casino, ups: Collection[object] | None = None
                    ) -> Fraction:
    """`optimal_value` for a whole deck: the same recursion, each draw branching over the
    labels left (with their counts) and each state remembered by the labels left and the
    hands, which a 40-card deck needs to finish. ``ups``: only the deals with one of these
    dealer up cards (their share of the value; None: every deal)."""
    labels = sorted(set(shoe), key=str)

    def counts_of(cards: list[object]) -> tuple[int, ...]:
        return tuple(cards.count(x) for x in labels)

    @cache
    def dealer(left: tuple[int, ...], hand: tuple[object, ...], p: int) -> Fraction:
        cards = list(hand)
        t = hand_total(cards)
        if t >= 2 * g.draw or t >= 15 or (len(cards) == 1 and g.stand_up is not None
                                          and half(cards[0]) >= 2 * g.stand_up):
            return pay(p, hand_score(cards, g), g)
        n = sum(left)
        return sum((Fraction(c, n) * dealer(_less(left, i), (*hand, labels[i]), p)
                    for i, c in enumerate(left) if c), Fraction(0))

    @cache
    def player(left: tuple[int, ...], hand: tuple[object, ...], up: object) -> Fraction:
        cards = sorted(hand, key=str)
        t = hand_total(cards)
        if t > 15:
            return Fraction(-1)
        stand = dealer(left, (up,), hand_score(list(hand), g))
        if t == 15:
            return stand
        n = sum(left)
        hit = sum((Fraction(c, n) * player(_less(left, i), tuple(sorted((*hand, labels[i]),
                                                                        key=str)), up)
                   for i, c in enumerate(left) if c), Fraction(0))
        return hit if must_hit(list(hand), up, g) else max(stand, hit)

    full = counts_of(shoe)
    n = len(shoe)
    total = Fraction(0)
    for i, c in enumerate(full):
        if not c:
            continue
        rest = _less(full, i)
        for j, d in enumerate(rest):
            if d and (ups is None or labels[j] in ups):
                total += Fraction(c * d, n * (n - 1)) * player(_less(rest, j), (labels[i],),
                                                               labels[j])
    return total


def _less(counts: tuple[int, ...], i: int) -> tuple[int, ...]:
    return (*counts[:i], counts[i] - 1, *counts[i + 1:])
