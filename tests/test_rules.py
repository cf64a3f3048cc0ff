"""Rule sets: the presets docs/rules.md pins down, the knobs, validation."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from settemezzo.i18n import describe_rules
from settemezzo.rules import (
    CASINO_KNOBS,
    ITALIAN,
    KNOB_TABLE,
    KNOBS,
    PLAYTECH,
    PRESETS,
    SPANISH,
    Rules,
    RulesError,
    knob,
    preset,
)

KNOB_NAMES = [k.name for k in KNOB_TABLE]

# ---------------------------------------------------------------------------------------------
# Presets (docs/rules.md: the defaults of the two presets)
# ---------------------------------------------------------------------------------------------


def test_italian_preset() -> None:
    r = ITALIAN
    assert r.name == "Italian"
    assert r.stake_timing == "before_deal" and not r.stake_after_first_card
    assert r.seven_half_pays == 1  # ITALIAN pays 1:1
    assert r.reshuffle == "every_hand"
    assert r.bank_passing == "seven_half" and not r.rotate_bank  # bank passes on a player's 7½
    assert r.starting_chips == (50,) * 7  # everyone starts with 50 chips
    assert r.rounds is None  # no set end
    # seed 000 with no variant
    assert not (r.royal or r.wild_king or r.pair_of_sevens or r.ties_push or r.swap_hidden)
    assert r.burn == frozenset()
    assert r.split_figures == 1


def test_spanish_preset() -> None:
    r = SPANISH
    assert r.name == "Spanish"
    assert r.stake_timing == "after_first_card" and r.stake_after_first_card
    assert r.seven_half_pays == 2
    assert r.swap_hidden
    assert r.rotate_bank and r.bank_passing == "rotate"
    assert r.rounds == 15
    assert r.reshuffle == "every_hand"
    assert r.split_figures == 12  # seed 002: every further figure may open one more hand
    assert [r.chips_for(p) for p in range(2, 9)] == [32, 28, 25, 22, 20, 18, 17]
    assert not (r.royal or r.wild_king or r.pair_of_sevens or r.ties_push)


def test_spanish_stake_limits_rise_linearly() -> None:
    assert SPANISH.stake_limits(1) == (2, 5)
    assert SPANISH.stake_limits() == (2, 5)
    assert SPANISH.stake_limits(15) == (6, 12)
    # Round 8 is half way (t = 7/14): min 2 + 4/2 = 4, max 5 + 7/2 = 8½, rounded up to 9.
    assert SPANISH.stake_limits(8) == (4, 9)
    # Round 2 (t = 1/14): min 2 + 4/14 = 2.29 -> 2, max 5 + 7/14 = 5½ -> 6.
    assert SPANISH.stake_limits(2) == (2, 6)
    # After the last round the limits stay at the final ones.
    assert SPANISH.stake_limits(20) == (6, 12)
    lows = [SPANISH.stake_limits(n)[0] for n in range(1, 16)]
    highs = [SPANISH.stake_limits(n)[1] for n in range(1, 16)]
    assert lows == sorted(lows) and highs == sorted(highs)


def test_italian_stake_limits_are_fixed() -> None:
    assert ITALIAN.stake_limits(1) == ITALIAN.stake_limits(100) == (1, 10)


def test_presets_by_name() -> None:
    assert PRESETS == {"italian": ITALIAN, "spanish": SPANISH}
    for name in ("italian", "Italian", " IT ", "sette", "it"):
        assert preset(name) is ITALIAN
    for name in ("spanish", "es", "español", "espanol", "siete"):
        assert preset(name) is SPANISH
    custom = ITALIAN.with_variants("royal")
    assert preset(custom) is custom


@pytest.mark.parametrize("name", ["klondike", "", "french"])
def test_unknown_preset(name: str) -> None:
    with pytest.raises(RulesError) as info:
        preset(name)
    message = str(info.value)
    assert repr(name) in message
    assert "italian" in message and "spanish" in message


# ---------------------------------------------------------------------------------------------
# Frozen, hashable, readable
# ---------------------------------------------------------------------------------------------


def test_rules_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        ITALIAN.royal = True  # type: ignore[misc]


def test_rules_are_hashable_values() -> None:
    assert hash(Rules()) == hash(ITALIAN)
    assert Rules() == ITALIAN
    a = ITALIAN.with_variants("royal", "burn=3,4")
    b = Rules(royal=True, burn=frozenset({3, 4}))
    assert a == b and hash(a) == hash(b)
    table = {ITALIAN: "it", SPANISH: "es", a: "royal"}
    assert table[b] == "royal"
    assert len({ITALIAN, SPANISH, a, b}) == 3


def test_burn_given_as_a_plain_set_is_normalised() -> None:
    r = Rules(burn={3, 4})  # type: ignore[arg-type]
    assert r.burn == frozenset({3, 4}) and isinstance(r.burn, frozenset)
    assert hash(r) == hash(Rules(burn=frozenset({4, 3})))


def test_describe() -> None:
    assert describe_rules(ITALIAN) == "Italian rules"
    assert describe_rules(SPANISH) == "Spanish rules"
    assert describe_rules(ITALIAN.with_variants("royal")) == "Italian rules + royal 7½"
    assert describe_rules(ITALIAN.with_variants("royal", "burn=3,4")) == (
        "Italian rules + royal 7½ + burn 3/4")
    assert describe_rules(ITALIAN.with_variants("wild_king", "pair_of_sevens", "ties_push")) == (
        "Italian rules + wild K♦ + pair of sevens + ties push")
    assert describe_rules(SPANISH.with_variants("swap_hidden=off")) == (
        "Spanish rules + no swap hidden card")
    assert describe_rules(SPANISH.with_variants("keep_bank")) == (
        "Spanish rules + banker keeps the bank")
    # in the registry's order (`KNOB_TABLE`), whatever the order of the variants
    assert describe_rules(ITALIAN.with_variants("split_figures", "rotate_bank")) == (
        "Italian rules + bank rotates + split figures (up to 2 hands)")
    assert describe_rules(ITALIAN.with_variants("seven_half_pays=2")) == (
        "Italian rules + 7½ pays 2:1")
    assert describe_rules(Rules(name="Club", royal=True)) == "Club rules + royal 7½"


def test_repr_names_only_the_differences() -> None:
    assert repr(ITALIAN) == "Rules(name='Italian')"
    assert repr(SPANISH) == "Rules(name='Spanish')"
    assert repr(ITALIAN.with_variants("royal", "burn=4")) == (
        "Rules(name='Italian', royal=True, burn=frozenset({4}))")
    assert repr(SPANISH.with_variants("wild_king")) == "Rules(name='Spanish', wild_king=True)"


# ---------------------------------------------------------------------------------------------
# with_variants: every knob
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "field", "value"), [
    ("royal", "royal", True),
    ("royal=on", "royal", True),
    ("wild_king", "wild_king", True),
    ("wild-king", "wild_king", True),
    ("WILD_KING=yes", "wild_king", True),
    ("pair_of_sevens", "pair_of_sevens", True),
    ("pair_of_sevens=1", "pair_of_sevens", True),
    ("burn", "burn", frozenset({4})),
    ("burn=4", "burn", frozenset({4})),
    ("burn=3,4", "burn", frozenset({3, 4})),
    ("burn=3/4", "burn", frozenset({3, 4})),
    ("ties_push", "ties_push", True),
    ("rotate_bank", "bank_passing", "rotate"),
    ("keep_bank", "bank_passing", "keep"),
    ("swap_hidden", "swap_hidden", True),
    ("split_figures", "split_figures", 2),
    ("split_figures=12", "split_figures", 12),
    ("stake_timing=after_first_card", "stake_timing", "after_first_card"),
    ("seven_half_pays=2", "seven_half_pays", 2),
    ("reshuffle=when_exhausted", "reshuffle", "when_exhausted"),
    ("min_stake=2", "min_stake", 2),
    ("max_stake=20", "max_stake", 20),
    ("rounds=10", "rounds", 10),
])
def test_with_variants_turns_a_knob(variant: str, field: str, value: Any) -> None:
    r = ITALIAN.with_variants(variant)
    assert getattr(r, field) == value
    assert getattr(ITALIAN, field) != value  # the preset itself is unchanged
    # every other field is the preset's
    for f in dataclasses.fields(Rules):
        if f.name != field:
            assert getattr(r, f.name) == getattr(ITALIAN, f.name)


@pytest.mark.parametrize(("variant", "field", "value"), [
    ("swap_hidden=off", "swap_hidden", False),
    ("split_figures=off", "split_figures", 1),
    ("split_figures=0", "split_figures", 1),  # '0' reads as off, not as zero hands
    ("split_figures=1", "split_figures", 1),  # a number of hands, not 'on' (it once was)
    ("burn=off", "burn", frozenset()),
    ("rotate_bank=no", "bank_passing", "seven_half"),
    ("stake_timing=before_deal", "stake_timing", "before_deal"),
    ("seven_half_pays=1", "seven_half_pays", 1),
])
def test_with_variants_turns_a_spanish_knob_off(variant: str, field: str, value: Any) -> None:
    r = SPANISH.with_variants(variant)
    assert getattr(r, field) == value
    assert r.name == "Spanish"


def test_with_variants_combines_and_later_wins() -> None:
    r = ITALIAN.with_variants("royal", "wild_king", "pair_of_sevens", "burn=3,4", "ties_push")
    assert r.royal and r.wild_king and r.pair_of_sevens and r.ties_push
    assert r.burn == frozenset({3, 4})
    assert ITALIAN.with_variants("royal", "royal=off") == ITALIAN
    assert ITALIAN.with_variants() == ITALIAN


def test_every_knob_is_known_to_with_variants() -> None:
    for name in KNOBS:
        k = knob(name) if name in KNOB_NAMES else None
        if k is not None and not k.is_switch and k.type != "on/off":
            # a knob without an on/off form takes a value: its Spanish one
            value = "=" + k.format(k.spanish)
        else:
            value = ""
        base = PLAYTECH if name in CASINO_KNOBS else ITALIAN  # these need the casino deal
        assert isinstance(base.with_variants(name + value), Rules)


def test_a_knob_without_an_on_off_form_needs_a_value() -> None:
    with pytest.raises(RulesError, match="min_stake takes a value"):
        ITALIAN.with_variants("min_stake")


# ---------------------------------------------------------------------------------------------
# Validation: RulesError (a ValueError) quoting the bad value and saying what is allowed
# ---------------------------------------------------------------------------------------------


def test_rules_error_is_a_value_error() -> None:
    assert issubclass(RulesError, ValueError)


@pytest.mark.parametrize(("kwargs", "bad", "allowed"), [
    ({"split_figures": 0}, 0, "1 (no splitting)"),
    ({"split_figures": 13}, 13, "up to 12"),
    ({"burn": {5}}, {5}, "{4} or {3, 4}"),
    ({"burn": frozenset({3})}, {3}, "{4} or {3, 4}"),
    ({"burn": 4}, 4, "{4} or {3, 4}"),
    ({"seven_half_pays": 0}, 0, "1 (Italy) or 2 (Spain)"),
    ({"seven_half_pays": 4}, 4, "1 (Italy) or 2 (Spain)"),
    ({"stake_timing": "later"}, "later", "'before_deal', 'after_first_card'"),
    ({"reshuffle": "never"}, "never", "'every_hand', 'when_exhausted'"),
    ({"bank_passing": "sell"}, "sell", "'seven_half', 'rotate', 'keep'"),
    ({"min_stake": -1}, -1, "a positive whole number"),
    ({"min_stake": 0}, 0, "a positive whole number"),
    ({"max_stake": -5}, -5, "a positive whole number"),
    ({"min_stake": 2.5}, 2.5, "a positive whole number"),
    ({"final_min_stake": -1}, -1, "a positive whole number"),
    ({"royal": "yes"}, "yes", "True or False"),
    ({"wild_king": 1}, 1, "True or False"),
    ({"starting_chips": (50, 50)}, (50, 50), "7 positive whole numbers"),
    ({"starting_chips": (50, 50, 50, 50, 50, 50, 0)}, (50, 50, 50, 50, 50, 50, 0),
     "7 positive whole numbers"),
    ({"rounds": 0}, 0, "a positive number of hands"),
])
def test_knob_out_of_range(kwargs: dict[str, Any], bad: object, allowed: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules(**kwargs)
    message = str(info.value)
    assert repr(bad) in message
    assert allowed in message
    assert next(iter(kwargs)) in message or "burn" in message  # names the field


def test_max_stake_below_min_stake() -> None:
    with pytest.raises(RulesError) as info:
        Rules(min_stake=5, max_stake=2)
    message = str(info.value)
    assert "max_stake 2" in message and "below min_stake 5" in message
    with pytest.raises(RulesError) as info:
        Rules(rounds=10, final_min_stake=8, final_max_stake=6)
    assert "final_max_stake 6" in str(info.value)


@pytest.mark.parametrize("variant", ["bogus", "royale", "wild king"])
def test_unknown_variant(variant: str) -> None:
    with pytest.raises(RulesError) as info:
        ITALIAN.with_variants(variant)
    message = str(info.value)
    assert repr(variant) in message
    assert "known knobs" in message and "royal" in message and "wild_king" in message


@pytest.mark.parametrize(("variant", "bad"), [
    ("royal=maybe", "maybe"),
    ("burn=x", "x"),
    ("min_stake=lots", "lots"),
])
def test_bad_variant_value(variant: str, bad: str) -> None:
    with pytest.raises(RulesError) as info:
        ITALIAN.with_variants(variant)
    assert repr(variant) in str(info.value)
    assert repr(bad) in str(info.value)


@pytest.mark.parametrize(("variant", "bad"), [
    ("burn=5", "{5}"),
    ("stake_timing=later", "'later'"),
    ("split_figures=13", "13"),
    ("seven_half_pays=0", "0"),
    ("min_stake=-1", "-1"),
])
def test_variant_values_are_validated(variant: str, bad: str) -> None:
    with pytest.raises(RulesError) as info:
        ITALIAN.with_variants(variant)
    assert bad in str(info.value)


def test_chips_for_bad_table_size() -> None:
    with pytest.raises(RulesError) as info:
        SPANISH.chips_for(9)
    assert "9" in str(info.value) and "2 to 8" in str(info.value)
    with pytest.raises(RulesError):
        SPANISH.stake_limits(0)
