"""The value of a hand (totals, royal, pair of sevens, the wild K♦) and the settlement."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from settemezzo.cards import Kind, full_deck, kind_of
from settemezzo.hands import (
    BUST,
    PAIR_OF_SEVENS,
    ROYAL,
    is_bust,
    is_finished,
    score,
    settle,
    total,
)
from settemezzo.rules import ITALIAN, SPANISH, Rules

F, A, KD = Kind.FIGURE, Kind.ACE, Kind.KING_OF_DIAMONDS
K2, K3, K4, K5, K6, K7 = Kind.TWO, Kind.THREE, Kind.FOUR, Kind.FIVE, Kind.SIX, Kind.SEVEN

ROYAL_RULES = ITALIAN.with_variants("royal")
PAIR_RULES = ITALIAN.with_variants("pair_of_sevens")
WILD = ITALIAN.with_variants("wild_king")
ALL = ITALIAN.with_variants("royal", "wild_king", "pair_of_sevens")

# ---------------------------------------------------------------------------------------------
# Totals and scores
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "expected"), [
    ([F], 1),                 # ½
    ([A], 2),                 # 1
    ([K5, A], 12),            # 5 + 1 = 6
    ([K7, F], 15),            # 7 + ½ = 7½
    ([K3, K4, F], 15),        # 3 + 4 + ½ = 7½
    ([K6, F, F, F], 15),      # 6 + ½ + ½ + ½ = 7½
    ([K7, A], 16),            # 8: bust
    ([K7, K7], 28),           # 14: bust
    ([KD, A], 3),             # without the wild rule the K♦ is a plain ½: 1½
])
def test_total_plain(hand: list[Kind], expected: int) -> None:
    assert total(hand, ITALIAN) == expected
    assert score(hand, ITALIAN) == (expected if expected <= 15 else BUST)
    assert is_bust(hand, ITALIAN) == (expected > 15)
    assert is_finished(hand, ITALIAN) == (expected >= 15)


def test_order_does_not_matter() -> None:
    for rules in (ITALIAN, ALL):
        assert score([F, K7], rules) == score([K7, F], rules)
        assert score([KD, K4, F], rules) == score([F, KD, K4], rules)


def test_royal() -> None:
    # 7½ made of exactly two cards, a 7 and a figure
    assert score([K7, F], ROYAL_RULES) == ROYAL == 16
    assert score([F, K7], ROYAL_RULES) == ROYAL
    assert score([K7, KD], ROYAL_RULES) == ROYAL  # the K♦ is a figure
    assert score([K7, F], ITALIAN) == 15  # without the knob a plain 7½
    assert score([K3, K4, F], ROYAL_RULES) == 15  # three cards: a plain 7½
    assert score([K6, F, F, F], ROYAL_RULES) == 15
    assert score([K7], ROYAL_RULES) == 14
    assert is_finished([K7, F], ROYAL_RULES) and not is_bust([K7, F], ROYAL_RULES)


def test_pair_of_sevens() -> None:
    assert score([K7, K7], PAIR_RULES) == PAIR_OF_SEVENS == 17
    assert not is_bust([K7, K7], PAIR_RULES)
    assert is_finished([K7, K7], PAIR_RULES)  # shown at once, the turn ends
    assert score([K7, K7], ITALIAN) == BUST  # 14 points without the knob
    assert is_bust([K7, K7], ITALIAN)
    # two 7s and anything else is not the pair (and is bust)
    assert score([K7, K7, F], PAIR_RULES) == BUST
    # the wild K♦ is not a 7 for the pair: K♦ with a 7 is 7 + ½ = 7½
    assert score([K7, KD], ALL.with_variants("royal=off")) == 15


@pytest.mark.parametrize(("hand", "expected_total"), [
    ([KD], 14),               # alone: the K♦ as 7
    ([KD, F], 15),            # ½ + K♦ as 7 = 7½
    ([KD, A], 14),            # 1 + K♦ as 6 = 7 (7½ is out of reach: ½ would make 1½)
    ([KD, K7], 15),           # 7 + K♦ as ½ = 7½
    ([K3, K4, KD], 15),       # 3 + 4 + K♦ as ½ = 7½
    ([KD, K4, F], 15),        # 4½ + K♦ as 3 = 7½
    ([KD, K5, A], 14),        # 6 + K♦ as 1 = 7 (K♦ as ½ is only 6½)
    ([KD, K6, A], 15),        # 7 + K♦ as ½ = 7½
    ([KD, K6, F], 15),        # 6½ + K♦ as 1 = 7½
    ([KD, K7, A], 17),        # bust even with the K♦ as ½: 8½
    ([KD, K6, K2], 17),       # 8 + ½: bust
])
def test_wild_king_total(hand: list[Kind], expected_total: int) -> None:
    assert total(hand, WILD) == expected_total
    assert is_bust(hand, WILD) == (expected_total > 15)
    assert is_finished(hand, WILD) == (expected_total >= 15)


def test_wild_king_royal() -> None:
    rules = ITALIAN.with_variants("wild_king", "royal")
    assert score([KD, F], rules) == ROYAL  # K♦ (as 7) with one figure: royal 7½
    assert score([F, KD], rules) == ROYAL
    assert score([KD, K7], rules) == ROYAL  # K♦ (as ½) with a 7
    assert score([KD, A], rules) == 14
    assert score([KD, K4, F], rules) == 15  # three cards: plain 7½
    # without the wild rule the K♦ + figure is just 1
    assert score([KD, F], ROYAL_RULES) == 2


def test_wild_king_bust_only_if_bust_with_king_as_half() -> None:
    # 7 + K♦ as ½ is 7½: never bust, whatever value would be "best"
    assert not is_bust([K7, KD], WILD)
    # 5 + 2 = 7, K♦ as ½ -> 7½
    assert score([K5, K2, KD], WILD) == 15
    # 5 + 2 + 1 = 8: bust whatever the K♦ is
    assert score([K5, K2, A, KD], WILD) == BUST


def test_two_card_hands_of_the_deck() -> None:
    # Counted by hand over the 780 two-card hands of the 40-card deck:
    # royal = a 7 (4) with a figure (12): 4 * 12 = 48; under wild_king also the K♦ with one
    # of the 11 other figures: 48 + 11 = 59. Pair of sevens: C(4, 2) = 6.
    hands = [[kind_of(a), kind_of(b)] for a, b in combinations(full_deck(), 2)]
    assert len(hands) == 780
    assert sum(score(h, ROYAL_RULES) == ROYAL for h in hands) == 48
    assert sum(score(h, ITALIAN.with_variants("royal", "wild_king")) == ROYAL
               for h in hands) == 59
    assert sum(score(h, PAIR_RULES) == PAIR_OF_SEVENS for h in hands) == 6
    # Plain 7½ in two cards is the same 48 hands (one card must be ½, the other 7).
    assert sum(score(h, ITALIAN) == 15 for h in hands) == 48
    # Two-card busts: values a <= b in 1..7 with a + b >= 8. Distinct values (1,7) (2,6) (2,7)
    # (3,5) (3,6) (3,7) (4,5) (4,6) (4,7) (5,6) (5,7) (6,7): 12 * 4 * 4 = 192; equal values
    # 4+4, 5+5, 6+6, 7+7: 4 * C(4, 2) = 24. Total 216.
    assert sum(score(h, ITALIAN) == BUST for h in hands) == 216


@pytest.mark.parametrize(("s", "text"), [
    (0, "bust"), (1, "½"), (2, "1"), (11, "5½"), (14, "7"), (15, "7½"), (16, "royal 7½"),
    (17, "pair of sevens"),
])
def test_score_label(s: int, text: str) -> None:
    from settemezzo.i18n import score_label

    assert score_label(s) == text


# ---------------------------------------------------------------------------------------------
# Settlement (docs/rules.md "One hand" 5 and the variant table)
# ---------------------------------------------------------------------------------------------

TIES_PUSH = ITALIAN.with_variants("ties_push")
ROYAL_PAIR = ITALIAN.with_variants("royal", "pair_of_sevens")


@pytest.mark.parametrize(("player", "banker", "rules", "gain"), [
    # player bust: -1, even if the banker busts too (the stake went at once)
    (BUST, BUST, ITALIAN, -1),
    (BUST, BUST, SPANISH, -1),
    (BUST, 10, ITALIAN, -1),
    (BUST, ROYAL, ROYAL_PAIR, -1),
    # banker bust: pays every player still in, 1 (2 a royal, 3 a pair of sevens)
    (10, BUST, ITALIAN, 1),
    (1, BUST, ITALIAN, 1),
    (15, BUST, ITALIAN, 1),
    (15, BUST, SPANISH, 1),  # Spanish: a bust banker "pays their stake", 1:1 even on 7½
    (ROYAL, BUST, ROYAL_PAIR, 2),
    (PAIR_OF_SEVENS, BUST, ROYAL_PAIR, 3),
    # banker stands: higher total wins
    (12, 10, ITALIAN, 1),
    (10, 12, ITALIAN, -1),
    (15, 14, ITALIAN, 1),
    (15, 14, SPANISH, 2),  # Spanish 7½ pays 2:1 when the banker did not bust
    (15, 1, SPANISH, 2),
    (14, 12, SPANISH, 1),  # only exactly 7½ is paid double
    (13, 15, SPANISH, -1),
    # ties: to the banker, or pushed under ties_push
    (10, 10, ITALIAN, -1),
    (15, 15, ITALIAN, -1),
    (15, 15, SPANISH, -1),
    (10, 10, TIES_PUSH, 0),
    (15, 15, TIES_PUSH, 0),
    # royal beats any other 7½ and is paid double
    (ROYAL, 15, ROYAL_PAIR, 2),
    (ROYAL, 12, ROYAL_PAIR, 2),
    (ROYAL, 15, SPANISH.with_variants("royal"), 2),
    (15, ROYAL, ROYAL_PAIR, -1),
    # the banker's royal beats the player's royal, even when ties push
    (ROYAL, ROYAL, ROYAL_PAIR, -1),
    (ROYAL, ROYAL, ROYAL_PAIR.with_variants("ties_push"), -1),
    # pair of sevens beats everything, paid triple; the banker's pair beats the player's
    (PAIR_OF_SEVENS, ROYAL, ROYAL_PAIR, 3),
    (PAIR_OF_SEVENS, 15, ROYAL_PAIR, 3),
    (PAIR_OF_SEVENS, 3, ROYAL_PAIR, 3),
    (ROYAL, PAIR_OF_SEVENS, ROYAL_PAIR, -1),
    (15, PAIR_OF_SEVENS, ROYAL_PAIR, -1),
    (PAIR_OF_SEVENS, PAIR_OF_SEVENS, ROYAL_PAIR, -1),
    (PAIR_OF_SEVENS, PAIR_OF_SEVENS, ROYAL_PAIR.with_variants("ties_push"), -1),
])
def test_settle(player: int, banker: int, rules: Rules, gain: int) -> None:
    result = settle(player, banker, rules)
    assert isinstance(result, Fraction)
    assert result == gain


def test_settle_better_hand_never_gains_less() -> None:
    # For a fixed banker score, the player's gain never falls as the player's score rises.
    # (It is NOT monotone in the banker's score: a Spanish 7½ wins 2 against a standing
    # banker but 1 against a bust one.)
    assert settle(15, BUST, SPANISH) < settle(15, 10, SPANISH)
    for rules in (ITALIAN, SPANISH, TIES_PUSH, ROYAL_PAIR, ROYAL_PAIR.with_variants("ties_push")):
        for banker in range(18):
            gains = [settle(player, banker, rules) for player in range(18)]
            assert gains == sorted(gains)
            assert set(gains) <= {-1, 0, 1, 2, 3}


@pytest.mark.parametrize(("player", "banker", "bad"), [(18, 10, 18), (10, -1, -1), (1.5, 3, 1.5)])
def test_settle_rejects_non_scores(player: int, banker: int, bad: object) -> None:
    with pytest.raises(ValueError) as info:
        settle(player, banker, ITALIAN)
    assert repr(bad) in str(info.value)
    assert "0 bust, 1..15, 16, 17" in str(info.value)
