"""The knob registry, the canonical spec, and the rule questions `Rules` answers once.

Every sentence of docs/rules.md "Who takes the bank" has a test of `rules.next_banker` here;
the expected seats are read off the sentence by hand.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from settemezzo.cards import Kind
from settemezzo.hands import PAIR_OF_SEVENS, ROYAL
from settemezzo.i18n import LANGUAGES, TEXT, describe_rules
from settemezzo.rules import (
    CASINO_KNOBS,
    ITALIAN,
    KNOB_TABLE,
    KNOBS,
    PRESETS,
    SPANISH,
    SWITCHES,
    Rules,
    RulesError,
    from_spec,
    knob,
    next_banker,
    preset,
)

SEVEN_HALF = 15

# ---------------------------------------------------------------------------------------------
# The registry
# ---------------------------------------------------------------------------------------------


def test_every_field_of_rules_is_a_knob_and_every_knob_a_field() -> None:
    fields = [f.name for f in dataclasses.fields(Rules) if f.name != "name"]
    assert sorted(fields) == sorted(k.name for k in KNOB_TABLE)


def test_the_presets_are_the_registry_columns() -> None:
    for k in KNOB_TABLE:
        assert getattr(ITALIAN, k.name) == k.italian == k.default("italian")
        assert getattr(SPANISH, k.name) == k.spanish == k.default("spanish")
    assert Rules() == ITALIAN


def test_every_label_key_is_in_the_catalogue_in_every_language() -> None:
    for k in KNOB_TABLE:
        entry = TEXT[k.label]
        assert set(entry) == set(LANGUAGES), k.label


def test_knobs_lists_every_knob_and_alias() -> None:
    assert set(KNOBS) == {k.name for k in KNOB_TABLE} | {"rotate_bank", "keep_bank"}


def test_switches_turn_on_and_off() -> None:
    for k in SWITCHES:
        on = dataclasses.replace(ITALIAN, **{k.name: k.on})
        off = dataclasses.replace(ITALIAN, **{k.name: k.off})
        assert k.is_on(on) and not k.is_on(off)
    with pytest.raises(RulesError, match="not an on/off switch"):
        knob("min_stake").is_on(ITALIAN)
    with pytest.raises(RulesError, match="unknown knob 'bogus'"):
        knob("bogus")


# ---------------------------------------------------------------------------------------------
# The spec
# ---------------------------------------------------------------------------------------------


def test_spec_of_the_presets_and_the_example() -> None:
    assert ITALIAN.spec() == "italian"
    assert SPANISH.spec() == "spanish"
    assert ITALIAN.with_variants("burn=3,4", "royal").spec() == "italian+royal+burn=3,4"
    assert ITALIAN.with_variants("rotate_bank").spec() == "italian+rotate_bank"
    assert SPANISH.with_variants("swap_hidden=off").spec() == "spanish+swap_hidden=off"
    assert Rules(name="Club", royal=True).spec() == "italian+name=Club+royal"


def test_preset_accepts_a_spec() -> None:
    assert preset("italian+royal") == ITALIAN.with_variants("royal")
    assert preset(" es + wild_king ") == SPANISH.with_variants("wild_king")
    assert preset("italian") is ITALIAN


@pytest.mark.parametrize(("text", "words"), [
    ("", ["italian", "spanish"]),
    ("royal", ["'royal'", "starts with a preset"]),
    ("italian++royal", ["empty part"]),
    ("italian+royale", ["'royale'", "known knobs"]),
    ("italian+burn=5", ["{5}"]),
    ("italian+rounds=many", ["'many'", "a whole number or none"]),
])
def test_from_spec_errors_name_the_input(text: str, words: list[str]) -> None:
    with pytest.raises(RulesError) as info:
        from_spec(text)
    for w in words:
        assert w in str(info.value)


def test_names_a_spec_cannot_write_are_refused() -> None:
    with pytest.raises(RulesError, match="without '\\+' or '='"):
        Rules(name="a+b")


_VALUES: dict[str, Any] = {
    "royal": st.booleans(), "wild_king": st.booleans(), "pair_of_sevens": st.booleans(),
    "ties_push": st.booleans(), "swap_hidden": st.booleans(),
    "burn": st.sampled_from([frozenset(), frozenset({4}), frozenset({3, 4})]),
    "bank_passing": st.sampled_from(["seven_half", "rotate", "keep"]),
    "split_figures": st.integers(1, 12),
    "stake_timing": st.sampled_from(["before_deal", "after_first_card"]),
    "seven_half_pays": st.integers(1, 2),
    "min_stake": st.integers(1, 3), "max_stake": st.integers(3, 20),
    "final_min_stake": st.none() | st.integers(1, 3),
    "final_max_stake": st.none() | st.integers(3, 20),
    "reshuffle": st.sampled_from(["every_hand", "when_exhausted"]),
    "starting_chips": st.tuples(*[st.integers(1, 60)] * 7),
    "rounds": st.none() | st.integers(1, 20),
    "name": st.sampled_from(["Italian", "Spanish", "Club", "italian", "Casa Nostra"]),
    # the casino knobs mean nothing without the casino deal: tests/casino/test_casino.py draws them
    **{name: st.just(getattr(ITALIAN, name)) for name in ("open_deal", *CASINO_KNOBS)},
}


def test_the_strategy_draws_every_knob() -> None:
    assert set(_VALUES) == {k.name for k in KNOB_TABLE} | {"name"}


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({}, optional=_VALUES))
def test_spec_round_trips(changes: dict[str, Any]) -> None:
    rules = Rules(**changes)
    spec = rules.spec()
    back = from_spec(spec)
    assert back == rules and back.name == rules.name
    assert back.spec() == spec
    assert describe_rules(back) == describe_rules(rules)
    assert repr(back) == repr(rules)
    # a change is named once, in registry order
    order = [k.name for k in KNOB_TABLE]
    names = [n for n, _ in rules.changes()]
    assert names == sorted(names, key=order.index)


def test_describe_speaks_every_language_from_the_catalogue() -> None:
    r = ITALIAN.with_variants("royal", "burn=4", "rotate_bank")
    assert describe_rules(r, "it") == (
        "regole italiane + sette e mezzo reale + bruciare 4 + il banco gira")
    assert describe_rules(r, "fr").startswith("règles italiennes + sept et demi royal")
    assert describe_rules(SPANISH.with_variants("split_figures=off"), "es") == (
        "reglas españolas + sin separar")


def test_the_presets_specs_round_trip() -> None:
    for name, r in PRESETS.items():
        assert from_spec(r.spec()) is r and r.spec() == name


# ---------------------------------------------------------------------------------------------
# Rule questions
# ---------------------------------------------------------------------------------------------


def test_the_king_of_diamonds_is_a_plain_figure_unless_wild() -> None:
    wild = ITALIAN.with_variants("wild_king")
    assert ITALIAN.plain(Kind.KING_OF_DIAMONDS) is Kind.FIGURE
    assert wild.plain(Kind.KING_OF_DIAMONDS) is Kind.KING_OF_DIAMONDS
    for k in Kind:
        if k is not Kind.KING_OF_DIAMONDS:
            assert ITALIAN.plain(k) is k is wild.plain(k)
    assert Kind.KING_OF_DIAMONDS not in ITALIAN.kinds and len(ITALIAN.kinds) == 8
    assert wild.kinds == tuple(Kind)
    full = tuple(k.deck_count for k in Kind)  # 11 figures, 4 of each value, the K♦
    assert ITALIAN.fold(full) == (12, 4, 4, 4, 4, 4, 4, 4, 0)
    assert wild.fold(full) == full


def test_which_first_cards_may_be_burnt() -> None:
    assert not any(ITALIAN.may_burn(k) for k in Kind)
    four = ITALIAN.with_variants("burn=4")
    assert [k for k in Kind if four.may_burn(k)] == [Kind.FOUR]
    both = ITALIAN.with_variants("burn=3,4", "wild_king")
    assert [k for k in Kind if both.may_burn(k)] == [Kind.THREE, Kind.FOUR]


# ---------------------------------------------------------------------------------------------
# Who takes the bank (docs/rules.md), seats 0..3 anticlockwise
# ---------------------------------------------------------------------------------------------

ROYAL_ON = ITALIAN.with_variants("royal")
KEEP = SPANISH.with_variants("keep_bank")
ALL_IN = (True, True, True, True)


def _in(*out: int) -> tuple[bool, ...]:
    return tuple(s not in out for s in range(4))


def test_italian_a_seven_and_a_half_the_banker_does_not_tie_takes_the_bank() -> None:
    # "any 7½ that the banker does not tie takes it": the first anticlockwise
    assert next_banker(ITALIAN, 0, 4, ((1, (10,)), (2, (SEVEN_HALF,)), (3, (SEVEN_HALF,))),
                       12, ALL_IN) == (2, "7½")
    # a tied 7½ does not, under ties_push too
    for rules in (ITALIAN, ITALIAN.with_variants("ties_push")):
        assert next_banker(rules, 0, 4, ((1, (SEVEN_HALF,)),), SEVEN_HALF, ALL_IN) == (
            0, "kept")
    # a 7½ against a bust banker does
    assert next_banker(ITALIAN, 0, 4, ((1, (SEVEN_HALF,)),), 0, ALL_IN) == (1, "7½")
    # a pair of sevens does not
    both = ITALIAN.with_variants("pair_of_sevens")
    assert next_banker(both, 0, 4, ((1, (PAIR_OF_SEVENS,)),), 12, ALL_IN) == (0, "kept")
    # anticlockwise from a banker at seat 2: seat 3 plays first, then 0 and 1
    assert next_banker(ITALIAN, 2, 4, ((3, (9,)), (0, (SEVEN_HALF,)), (1, (SEVEN_HALF,))),
                       12, ALL_IN) == (0, "7½")
    # a split seat: its second hand's 7½ takes it
    assert next_banker(ITALIAN, 0, 4, ((1, (9, SEVEN_HALF)),), 12, ALL_IN) == (1, "7½")


def test_with_royal_only_a_royal_takes_the_bank_under_every_passing_rule() -> None:
    for rules in (ROYAL_ON, ROYAL_ON.with_variants("keep_bank"),
                  SPANISH.with_variants("royal", "keep_bank")):
        assert next_banker(rules, 0, 4, ((1, (SEVEN_HALF,)),), 12, ALL_IN)[0] == 0
        assert next_banker(rules, 0, 4, ((1, (SEVEN_HALF,)), (3, (ROYAL,))), 12,
                           ALL_IN)[0] == 3
        # the banker's own royal beats the player's
        assert next_banker(rules, 0, 4, ((1, (ROYAL,)),), ROYAL, ALL_IN)[0] == 0


def test_the_bank_rotates_every_hand_under_rotate() -> None:
    assert next_banker(SPANISH, 0, 4, ((1, (SEVEN_HALF,)),), 12, ALL_IN) == (1, "rotation")
    assert next_banker(SPANISH, 3, 4, (), 12, ALL_IN)[0] == 0
    assert next_banker(SPANISH, 0, 4, (), 12, _in(1, 2))[0] == 3


def test_keep_the_bank_until_beaten_by_a_seven_and_a_half() -> None:
    assert next_banker(KEEP, 0, 4, ((1, (11,)), (2, (SEVEN_HALF,))), 12, ALL_IN) == (2, "7½")
    assert next_banker(KEEP, 0, 4, ((1, (11,)),), 12, ALL_IN) == (0, "kept")


def test_an_eliminated_keeping_banker_hands_the_bank_to_the_best_result() -> None:
    players = ((1, (9,)), (2, (13,)), (3, (13,)))
    # seats 2 and 3 tie on 6½: the first anticlockwise from the banker
    assert next_banker(KEEP, 0, 4, players, 14, _in(0)) == (2, "elimination")
    # a seat eliminated too is passed over; every hand bust: the next seat still in
    assert next_banker(KEEP, 0, 4, players, 14, _in(0, 2))[0] == 3
    assert next_banker(KEEP, 0, 4, ((1, (0,)), (2, (0,))), 14, _in(0, 1))[0] == 2


def test_an_eliminated_italian_banker_passes_the_bank_on() -> None:
    assert next_banker(ITALIAN, 0, 4, ((1, (13,)), (2, (9,))), 14, _in(0, 1)) == (
        2, "elimination")
