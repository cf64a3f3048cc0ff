"""Exact draw odds (`fractions.Fraction`): the next card, the bust chance, the final total.

Every function takes the hand (face-down card first, then the face-up cards in order) and the
*unseen* composition: the cards that could still be dealt, as the person deciding sees it
(the whole deck minus their own cards and every card shown on the table). By symmetry, the
next card dealt is equally likely to be any unseen card, even though some unseen cards sit
face down in other hands.

>>> from settemezzo.cards import Kind
>>> from settemezzo.rules import ITALIAN
>>> state = HandState.of("7")              # face-down 7, nothing else seen
>>> bust_chance(state.cards, state.unseen(), ITALIAN)   # 27 of the 39 cards bust: 9/13
Fraction(9, 13)
>>> seven_half_chance(state.cards, state.unseen(), ITALIAN)   # 12 figures of 39
Fraction(4, 13)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from settemezzo.cards import (
    CardSpec,
    CardsSeenTwiceError,
    ImpossibleHandError,
    Kind,
    Unseen,
    check_distinct,
    parse_specs,
    resolve_kinds,
)
from settemezzo.errors import InputError
from settemezzo.hands import BUST, PAIR_OF_SEVENS, ROYAL, is_finished, points_label, score, total
from settemezzo.policy import parse_threshold
from settemezzo.rules import ITALIAN, Rules

__all__ = [
    "HandState",
    "Prob",
    "bust_chance",
    "check_counts",
    "check_order",
    "draw_kinds",
    "final_distribution",
    "hit_outcomes",
    "multiset_chance",
    "next_card",
    "points_label",
    "seven_half_chance",
]

Prob = Fraction
"""The one number type of exact work."""


def draw_kinds(unseen: Unseen, rules: Rules) -> list[tuple[Kind, int]]:
    """The kinds that can be drawn with their counts, as the rules tell them apart
    (`settemezzo.rules.Rules.fold`)."""
    return [(k, n) for k, n in zip(Kind, rules.fold(unseen.counts), strict=True) if n]


def next_card(unseen: Unseen, rules: Rules) -> dict[Kind, Prob]:
    """The distribution of the next card's kind.

    >>> from settemezzo.rules import ITALIAN
    >>> next_card(Unseen.full(), ITALIAN)[Kind.FIGURE]
    Fraction(3, 10)
    """
    n = unseen.total
    if n == 0:
        raise CardsSeenTwiceError("no unseen card is left to draw")
    return {k: Prob(c, n) for k, c in draw_kinds(unseen, rules)}


@dataclass(frozen=True)
class HandState:
    """A player's hand as dealt: the face-down card, the face-up cards in order, seen cards.

    Build it from text: ``HandState.of("5", up="1", seen="7d Kc")``. Ranks alone are fine:
    the suit only matters for the K♦ under ``wild_king``.
    """

    hole: Kind | None
    up: tuple[Kind, ...] = ()
    seen: tuple[CardSpec, ...] = field(default=())
    _own: tuple[CardSpec, ...] = field(default=(), repr=False, compare=False)

    @classmethod
    def of(cls, hole: str | CardSpec | None, up: str | Iterable[str | CardSpec] = (),
           seen: str | Iterable[str | CardSpec] = (), rules: Rules = ITALIAN) -> HandState:
        """Parse a hand; raises a `ValueError` subclass quoting any bad card, and an
        `ImpossibleHandError` for a card dealt after the turn ended under ``rules`` (the
        default, ITALIAN, refuses only what every rule set refuses: a card after a bust or
        a 7½ made without the wild K♦).

        >>> HandState.of("7", up="J J")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        settemezzo.cards.ImpossibleHandError: the hand [7] ½ ½ cannot be dealt: [7] ½ makes 7½...
        """
        hole_spec = parse_specs([hole])[0] if hole is not None else None
        up_specs = parse_specs(up) if not isinstance(up, tuple) or up else []
        seen_specs = parse_specs(seen) if seen else []
        own = ([hole_spec] if hole_spec is not None else []) + up_specs
        check_distinct(own + seen_specs)
        # kinds as the unseen count resolves them: a 'K' beside the three other kings is the K♦
        kinds = resolve_kinds(own + seen_specs)[:len(own)]
        hole_kind = kinds.pop(0) if hole_spec is not None else None
        state = cls(hole_kind, tuple(kinds), tuple(seen_specs), tuple(own))
        state.unseen()  # raises if more cards than the deck holds
        check_order(state.cards, rules, str(state))
        return state

    @property
    def cards(self) -> tuple[Kind, ...]:
        """Face-down card first, then face-up cards."""
        return ((self.hole,) if self.hole is not None else ()) + self.up

    def unseen(self, deck: Unseen | None = None) -> Unseen:
        """The deck (default: all 40 cards) minus own cards and seen cards."""
        deck = deck if deck is not None else Unseen.full()
        if self._own:
            return deck.without([*self._own, *self.seen])
        out = deck.without(list(self.seen))
        for k in self.cards:
            out = out.remove(k)
        return out

    def __str__(self) -> str:
        hole = self.hole.label if self.hole is not None else "?"
        up = " ".join(k.label for k in self.up)
        return f"[{hole}] {up}".strip()


def hit_outcomes(hand: Sequence[Kind], unseen: Unseen, rules: Rules) -> dict[str, Prob]:
    """What one more card does: ``bust``, ``seven_half`` (7½ or better: the turn ends, shown)
    and ``below`` (still under 7½)."""
    _check_can_hit(hand, rules)
    out = {"bust": Prob(0), "seven_half": Prob(0), "below": Prob(0)}
    for k, p in next_card(unseen, rules).items():
        new = (*hand, k)
        s = score(new, rules)
        if s == BUST:
            out["bust"] += p
        elif is_finished(new, rules):
            out["seven_half"] += p
        else:
            out["below"] += p
    return out


def bust_chance(hand: Sequence[Kind], unseen: Unseen, rules: Rules) -> Prob:
    """The chance that one more card takes the hand over 7½."""
    return hit_outcomes(hand, unseen, rules)["bust"]


def seven_half_chance(hand: Sequence[Kind], unseen: Unseen, rules: Rules) -> Prob:
    """The chance that one more card makes exactly 7½ (or a pair of sevens, under its rule)."""
    return hit_outcomes(hand, unseen, rules)["seven_half"]


_FINISHED: dict[int, str] = {BUST: "is bust", ROYAL: "makes royal 7½",
                             PAIR_OF_SEVENS: "makes pair of sevens"}
"""How an error message says a hand ended its turn (any other finished hand is a 7½)."""


def _hand_text(hand: Sequence[Kind]) -> str:
    return f"[{hand[0].label}] {' '.join(k.label for k in hand[1:])}".strip() if hand else "[]"


def check_order(hand: Sequence[Kind], rules: Rules, shown: str | None = None) -> None:
    """Raise `ImpossibleHandError` if a card of ``hand`` (in the order dealt) came after the
    turn had ended: after a bust, a 7½ or a pair of sevens under ``rules``."""
    for n in range(1, len(hand)):
        head = hand[:n]
        if is_finished(head, rules):
            what = _FINISHED.get(score(head, rules), "makes 7½")
            raise ImpossibleHandError(
                f"the hand {shown or _hand_text(hand)} cannot be dealt: {_hand_text(head)} "
                f"{what}, the turn ends there, so no card comes after it")


def check_counts(hand: Sequence[Kind], unseen: Unseen) -> None:
    """Raise `ImpossibleHandError` if the hand and the unseen cards together hold more
    copies of a card than the 40-card deck (four aces, twelve figures, one K♦).

    >>> check_counts([Kind.ACE] * 5, Unseen.full().remove(Kind.ACE, 4))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    settemezzo.cards.ImpossibleHandError: the hand [1] 1 1 1 1 and the unseen cards hold 5 ...
    """
    if not all(isinstance(k, Kind) for k in hand):
        raise ImpossibleHandError(f"a hand is a sequence of Kind values, got {hand!r}")
    figures = (Kind.FIGURE, Kind.KING_OF_DIAMONDS)
    groups: list[tuple[tuple[Kind, ...], str]] = [((k,), k.label) for k in Kind
                                                  if k not in figures]
    groups += [(figures, "figure (K♦ included)"), ((Kind.KING_OF_DIAMONDS,), "K♦")]
    for kinds, label in groups:
        held = sum(1 for k in hand if k in kinds) + sum(unseen.count(k) for k in kinds)
        deck = sum(k.deck_count for k in kinds)
        if held > deck:
            raise ImpossibleHandError(
                f"the hand {_hand_text(hand)} and the unseen cards hold {held} cards of kind "
                f"{label}, but the deck has {deck}")


def _check_can_hit(hand: Sequence[Kind], rules: Rules) -> None:
    if hand and is_finished(hand, rules):
        raise InputError(
            f"the hand {[k.label for k in hand]} is finished (total "
            f"{total(hand, rules)} half-points): it cannot take another card; only a hand "
            f"below 7½ that is not bust can")


def final_distribution(hand: Sequence[Kind], unseen: Unseen, rules: Rules,
                       threshold: int | float | Fraction | str) -> dict[int, Prob]:
    """The distribution of the finished hand's score when hitting below ``threshold`` points.

    Scores as in `settemezzo.hands`: 0 bust, 1..15 a total in half-points, 16 royal 7½,
    17 pair of sevens. An empty hand starts by drawing its first card (the banker's view
    of a fresh hand). The hand stops by itself on 7½, bust or a pair of sevens.

    >>> from settemezzo.rules import ITALIAN
    >>> d = final_distribution([Kind.SEVEN], Unseen.full().remove(Kind.SEVEN), ITALIAN, 7.5)
    >>> d[15], d[0]   # a 7 hitting once: 12 figures make 7½, the other 27 cards bust
    (Fraction(4, 13), Fraction(9, 13))
    """
    k = parse_threshold(threshold)
    check_counts(hand, unseen)
    return dict(_final(tuple(sorted(hand)), unseen.counts, rules, k))


@lru_cache(maxsize=200_000)
def _final(hand: tuple[Kind, ...], counts: tuple[int, ...], rules: Rules,
           k: int) -> tuple[tuple[int, Prob], ...]:
    if hand and (is_finished(hand, rules) or total(hand, rules) >= k):
        return ((score(hand, rules), Prob(1)),)
    unseen = Unseen(counts)
    if unseen.total == 0:
        raise CardsSeenTwiceError("the deck ran out while drawing (an unseen composition too "
                                  "small for this hand)")
    out: dict[int, Prob] = {}
    n = unseen.total
    for kind, c in draw_kinds(unseen, rules):
        p = Prob(c, n)
        rest = rules.take(unseen, (kind,))
        for s, q in _final(tuple(sorted((*hand, kind))), rest.counts, rules, k):
            out[s] = out.get(s, Prob(0)) + p * q
    return tuple(sorted(out.items()))


def multiset_chance(cards: Sequence[str], deck: dict[str, int]) -> Fraction:
    """The exact chance that ``len(cards)`` cards drawn from ``deck`` (counts by label) are
    exactly the multiset ``cards`` (0 when the deck has fewer cards).

    >>> multiset_chance(["7", "7"], {"7": 4, "½": 12})
    Fraction(1, 20)
    """
    n = sum(deck.values())
    if n < len(cards):
        return Fraction(0)
    ways = 1
    for label in set(cards):
        ways *= math.comb(deck.get(label, 0), list(cards).count(label))
    return Fraction(ways, math.comb(n, len(cards)))
