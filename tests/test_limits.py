"""The size limits every entry point enforces (`settemezzo.limits`): whole numbers in a range,
the exact game's size counted by hand, and errors that quote the value, the limit and why."""

from __future__ import annotations

import numpy as np
import pytest

from settemezzo import limits as L
from settemezzo.errors import InputError, LimitError
from settemezzo.rules import ITALIAN, SPANISH


@pytest.mark.parametrize("value", [1, 7, np.int64(7), np.int32(1)])
def test_a_whole_number_in_range_comes_back_as_an_int(value: object) -> None:
    got = L.check_count("hands", value, 1, 7, "why")
    assert got == value and type(got) is int


@pytest.mark.parametrize("value", [0, 8, -1, True, 3.0, "3", None, np.float64(3)])
def test_anything_else_is_refused_quoting_it_the_range_and_the_reason(value: object) -> None:
    with pytest.raises(LimitError) as err:
        L.check_count("hands", value, 1, 7, "a reason")
    assert str(err.value) == f"hands must be a whole number from 1 to 7 (a reason), got {value!r}"


def test_the_error_class_is_the_callers_choice() -> None:
    class Narrow(InputError):
        pass

    with pytest.raises(Narrow, match="1,000,000,000"):
        L.check_count("hands", 10**9 + 1, 1, L.MAX_HANDS, L.HANDS_REASON, Narrow)


def test_stake_choices_after_the_first_card_only() -> None:
    assert L.stake_choices(ITALIAN) == 1  # the stake is fixed before the cards
    assert L.stake_choices(SPANISH) == 4  # stakes 2, 3, 4, 5 after the first card
    wide = ITALIAN.with_variants("stake_timing=after_first_card")  # stakes 1..10
    assert L.stake_choices(wide) == 10


def test_the_exact_size_counts_each_knob_that_multiplies_the_choices() -> None:
    assert L.exact_size(ITALIAN) == 1
    assert L.exact_size(ITALIAN.with_variants("wild_king")) == 2
    assert L.exact_size(ITALIAN.with_variants("burn=3,4")) == 3  # burn a 3, a 4, or nothing
    # SPANISH: 4 stakes x the swap (2) x the split (2)
    assert L.exact_size(SPANISH) == 4 * 2 * 2


def test_a_game_too_wide_in_stakes_is_refused_naming_the_range() -> None:
    wide = ITALIAN.with_variants("stake_timing=after_first_card")
    with pytest.raises(LimitError, match="stakes from 1 to 10 chosen after the first card "
                                         "are 10 choices; the exact engine takes at most 8"):
        L.check_exact_size(wide)


def test_a_large_game_asks_for_yes_on_the_command_line() -> None:
    big = SPANISH.with_variants("burn=3,4", "wild_king")  # 16 x 3 x 2 = 96
    assert L.exact_size(big) == 96 > L.ASK_ABOVE_SIZE
    assert L.check_exact_size(big, yes=True) is big
    with pytest.raises(LimitError, match=r"about 96 times the Italian one.*Add --yes"):
        L.check_exact_size(big, yes=False)
    assert L.check_exact_size(SPANISH, yes=False) is SPANISH  # 16: no question asked


def test_the_simulation_estimate_grows_with_hands_and_players() -> None:
    one = L.simulation_seconds(L.SIMULATION_RATE, 1)
    assert one == 1.0
    assert L.simulation_seconds(L.SIMULATION_RATE, 4) == 4 * one
    assert L.simulation_seconds(L.SIMULATION_RATE, 0) == one  # counted as one seat at least
