"""Splitting together with the hidden-card swap, and the SPANISH preset as a restricted game.

- The rule at work, by hand: under ``swap_hidden`` a player holding a face-down figure may
  ask for a card by turning the figure up and taking the new card face down; if that card is
  a figure too, the first two cards are both figures and may be split (`settemezzo.game`).
- What the engine leaves out, named (`settemezzo.game.restriction_codes`): splitting into a third
  hand and more (SPANISH's ``split_figures=12``) and swapping inside a split hand. The
  restricted equilibrium is certified, and it can only understate the player (every left-out
  move is the player's option).
- Fixed policies against the simulator (seeded, within 4 standard errors): the simulator
  plays the real rules, swaps inside split hands included; against a rule-of-thumb banker,
  which never reads a card, those swaps change nothing, so the exact value must agree.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from settemezzo.cards import Kind, Unseen
from settemezzo.game import SPLIT, HeadsUpGame, heads_up, restriction_codes
from settemezzo.i18n import restriction_text
from settemezzo.rules import ITALIAN, SPANISH, Rules
from settemezzo.simulate import simulate
from settemezzo.solve import (
    _split_terms,
    equilibrium,
    evaluate,
    expected_stake,
    player_policy,
    split_rules,
)
from settemezzo.split import split_value

SWAP_SPLIT = ITALIAN.with_variants("swap_hidden", "split_figures=2")
SPANISH_TWO = SPANISH.with_variants("split_figures=2")
SPANISH_NO_SPLIT = SPANISH.with_variants("split_figures=off")


def _figure_swap(rules: Rules) -> HeadsUpGame:
    """The subgame after a swap at a face-down figure, before any card is up."""
    game = heads_up(rules)
    for i, target in game.swap_target.items():
        if target == (Kind.FIGURE,) and game.infosets[i].stake == game.stakes[0]:
            return game.swap_subgame(i)
    raise AssertionError("no swap decision at a lone face-down figure")


def test_a_swap_that_brings_a_second_figure_may_be_split() -> None:
    """By hand: face-down figure, the player asks for a card by swapping (the figure goes face
    up, the new card face down). The subgame starts with the figure up and 39 cards unseen,
    11 of them figures: with chance 11/39 the new face-down card is a figure, and that is the
    subgame's one split decision. Splitting shows both figures, so its value is the same as
    a split in the main game: `settemezzo.split` on the whole deck."""
    sub = _figure_swap(SWAP_SPLIT)
    splits = sub.infosets_of_kind("split")
    assert len(splits) == 1
    st = splits[0]
    assert (st.hole, st.up, st.parent) == (Kind.FIGURE, (), -1)
    assert st.reach == Fraction(11, 39)
    assert [ch.score for ch in st.children] == [SPLIT]
    values, extra = _split_terms(sub, None)
    whole = split_value(ITALIAN.with_variants("split_figures=2"), Unseen.full())
    assert values[st.index] == pytest.approx(whole.value, abs=1e-12)
    assert extra[st.index] == 1.0
    # and the main game's own split decision (figure up without a swap) has the same value
    main = heads_up(SWAP_SPLIT)
    (top,) = main.infosets_of_kind("split")
    assert _split_terms(main, None)[0][top.index] == pytest.approx(whole.value, abs=1e-12)
    # no split anywhere else: a swap later in the hand leaves three cards or more
    assert sum(len(heads_up(SWAP_SPLIT).swap_subgame(j).infosets_of_kind("split"))
               for j in main.swap_target) == sum(
        1 for j, t in main.swap_target.items() if t == (Kind.FIGURE,))


def test_what_the_engine_leaves_out_is_named() -> None:
    assert restriction_codes(ITALIAN) == ()
    assert restriction_codes(ITALIAN.with_variants("split_figures=2")) == ()
    assert restriction_codes(ITALIAN.with_variants("swap_hidden")) == ()
    assert restriction_codes(SWAP_SPLIT) == ("split_swap",)
    assert restriction_codes(ITALIAN.with_variants("split_figures=12")) == ("resplit",)
    assert restriction_codes(SPANISH) == ("resplit", "split_swap")
    text = restriction_text(restriction_codes(SPANISH), "en", SPANISH.split_figures)
    assert "two hands" in text and "swaps inside a split hand" in text
    assert "split_figures=12" in text
    assert split_rules(SPANISH).split_figures == 2 and not split_rules(SPANISH).swap_hidden
    assert split_rules(ITALIAN) is ITALIAN


def test_threshold_player_expected_stake_by_hand() -> None:
    """``threshold:5,split,swap`` stakes the minimum (2 chips) and splits whenever its first
    two cards are figures, by the face-up road or the swapping one (it swaps on every hit):
    2 * (1 + 12/40 * 11/39) chips."""
    stake = expected_stake("threshold:5,split,swap", "threshold:5", SPANISH_TWO)
    assert stake == pytest.approx(2 * (1 + Fraction(12, 40) * Fraction(11, 39)), abs=1e-12)
    # without the swap flag it never swaps, and splits only on the face-up road: the same
    assert expected_stake("threshold:5,split", "threshold:5", SPANISH_TWO) == pytest.approx(
        float(stake), abs=1e-12)


def test_threshold_player_who_swaps_and_splits_against_the_simulator() -> None:
    """Spanish stakes, 7½ paying 2:1, swaps and at most two hands: ``threshold:5,split,swap``
    against a ``threshold:5`` banker, exact value per unit of expected stake against
    1,500,000 simulated hands (the simulator swaps inside split hands too: worth nothing
    against a banker that never reads a card)."""
    game = heads_up(SPANISH_TWO)
    p = player_policy("threshold:5,split,swap", game)
    value = float(evaluate(p, "threshold:5", game))
    stake = float(expected_stake(p, "threshold:5", game))
    r = simulate(SPANISH_TWO, 1, 1_500_000, seed=29, player="threshold:5,split,swap",
                 banker="threshold:5", chips=None)
    assert r.chips_conserved
    assert r.z(value / stake) < 4, (value / stake, r.player_value, r.edge_se)
    # the check has teeth: the same player without splitting is far away
    plain = player_policy("threshold:5,swap", game)
    assert r.z(float(evaluate(plain, "threshold:5", game))
               / float(expected_stake(plain, "threshold:5", game))) > 4


def test_spanish_equilibrium_is_certified_and_bounds_the_player_from_below() -> None:
    """The restricted SPANISH game: certified (per expected stake, below 1e-9), its
    restriction named, and at least as good for the player as Spanish without splitting
    (splitting is one more option). The equilibrium's expected stake is the same whichever
    way it is computed (its own bookkeeping, `expected_stake` on its strategy)."""
    eq = equilibrium(SPANISH)
    assert eq.restriction_codes == restriction_codes(SPANISH) != ()
    assert eq.exploitability / eq.expected_stake < 1e-9
    assert eq.lower >= equilibrium(SPANISH_NO_SPLIT).upper - 1e-9
    assert float(expected_stake(eq.player, None, SPANISH)) == pytest.approx(
        eq.expected_stake, abs=1e-12)
    assert 2 <= eq.expected_stake <= 5 * 2
    assert "restricted" in repr(eq)
