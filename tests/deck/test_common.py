"""What the deck played down and the count share (`settemezzo.deck.common`): a composition as
a key and back, and the ratio estimator over deck cycles, worked by hand."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from settemezzo.cards import Kind, Unseen
from settemezzo.deck.common import composition_key, deck_of, ratio, summary
from settemezzo.rules import ITALIAN


def test_a_composition_is_its_counts_per_kind_and_back() -> None:
    seen = Unseen.full().without("7d Kd")  # a seven and a figure gone
    key = composition_key(seen, ITALIAN)
    assert dict(key) == {Kind.FIGURE: 11, Kind.ACE: 4, Kind.TWO: 4, Kind.THREE: 4,
                         Kind.FOUR: 4, Kind.FIVE: 4, Kind.SIX: 4, Kind.SEVEN: 3}
    assert deck_of(key) == seen
    assert hash(key) == hash(composition_key(seen, ITALIAN))  # a key for a cache


def test_the_wild_king_is_a_kind_of_its_own_only_when_wild() -> None:
    plain = dict(composition_key(Unseen.full(), ITALIAN))
    wild = dict(composition_key(Unseen.full(), ITALIAN.with_variants("wild_king")))
    assert Kind.KING_OF_DIAMONDS not in plain and plain[Kind.FIGURE] == 12
    assert wild[Kind.KING_OF_DIAMONDS] == 1 and wild[Kind.FIGURE] == 11


def test_the_ratio_and_its_standard_error_by_hand() -> None:
    # cycles of 2 and 2 hands gaining 1 and 3: 4/4 = 1 a hand; residuals 1 - 2 and 3 - 2,
    # squares 2, over n(n-1) = 2: 1, root 1, over the mean count 2: 0.5
    assert ratio([1, 3], [2, 2]) == (1.0, 0.5)
    r, se = ratio([5.0], [4.0])  # one cycle: no spread to measure
    assert r == 1.25 and math.isnan(se)


def test_the_summary_is_the_ratio_per_banker_with_empty_cycles_counted() -> None:
    hands = pd.DataFrame({
        "banker": ["threshold:5"] * 3,
        "cycle": [0, 0, 1],  # cycle 2 dealt no hand
        "remember": [1.0, 1.0, 4.0], "forget": [0.0, 0.0, 3.0], "worth": [1.0, 1.0, 1.0]})
    row = summary(hands, players=1, cycles=3).iloc[0]
    assert (row["banker"], row["players"], row["cycles"], row["player_hands"]) == (
        "threshold:5", 1, 3, 3)
    # remember: cycle sums 2, 4, 0 over counts 2, 1, 0: 6/3 = 2; residuals -2, 2, 0, squares
    # 8, over n(n-1) = 6, root sqrt(4/3), over the mean count 1
    assert row["remember"] == 2.0
    assert row["remember_se"] == pytest.approx(math.sqrt(4 / 3), rel=1e-12)
    assert row["forget"] == 1.0 and row["worth"] == 1.0 and row["worth_se"] == 0.0
    assert "unplayed" not in row.index


def test_two_players_count_twice_the_hands() -> None:
    hands = pd.DataFrame({"banker": ["b", "b"], "cycle": [0, 1], "remember": [1.0, 3.0],
                          "forget": [0.0, 0.0], "worth": [1.0, 3.0], "unplayed": [5, 7]})
    row = summary(hands, players=2, cycles=2).iloc[0]
    assert row["player_hands"] == 4 and row["remember"] == 2.0
    assert row["unplayed"] == 6.0  # the mean of the cycles' unplayed cards
